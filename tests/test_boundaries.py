"""The engine/GUI boundary: the engine runs a full assessment where Qt cannot be imported."""

import subprocess
import sys
import textwrap
from pathlib import Path

from .conftest import EXAMPLES, ROOT


def test_engine_runs_without_qt(tmp_path):
    script = textwrap.dedent(f"""
        import sys
        class BlockQt:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in ("PySide6", "shiboken6", "gui"):
                    raise ImportError("blocked: " + name)
        sys.meta_path.insert(0, BlockQt())
        from engine.commands.cli import main
        code = main(["assess", {str(EXAMPLES / 'example12.csv')!r}, "--qid", "age", "gender",
                     "--sensitive", "illness", "--jobs", "2", "--out", {str(tmp_path / 'out')!r}])
        assert not any(m.startswith(("PySide6", "gui")) for m in sys.modules), "Qt was imported"
        sys.exit(code)
    """)
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out" / "results.json").exists()


def test_no_engine_module_imports_qt_or_gui():
    for path in (ROOT / "engine").rglob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            stripped = line.strip()
            if stripped.startswith(("import ", "from ")):
                assert "PySide6" not in stripped and not stripped.startswith(("from gui", "import gui")), \
                    f"{path.relative_to(ROOT)}: {stripped}"


def test_import_contracts_hold():
    """The import-linter contracts of .importlinter (engine without Qt, the engine's and the window's
    layers, the window and the commands on engine.api, report writers on results only, no cycles)."""
    linter = Path(sys.executable).with_name("lint-imports")
    assert linter.exists(), "import-linter is a test dependency (pyproject.toml [test])"
    done = subprocess.run([str(linter), "--config", str(ROOT / ".importlinter")], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:]
