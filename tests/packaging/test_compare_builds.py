"""packaging/compare_builds.py: two builds compared by their checksum lists."""

import subprocess
import sys
from pathlib import Path

from gui.package_integrity import write_sums

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "packaging" / "compare_builds.py"


def _build(dist: Path, files: dict[str, bytes]) -> Path:
    for name, data in files.items():
        (dist / name).parent.mkdir(parents=True, exist_ok=True)
        (dist / name).write_bytes(data)
    write_sums(dist)
    return dist


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=60)


def test_identical_builds_exit_0(tmp_path):
    files = {"riskreview/riskreview": b"exe", "riskreview/_internal/a.so": b"a"}
    a, b = _build(tmp_path / "a", files), _build(tmp_path / "b", files)
    done = _run(str(a), str(b))
    assert done.returncode == 0
    assert done.stdout.splitlines() == [f"2 files identical, 0 differ, 0 only in {a}, 0 only in {b}"]


def test_differing_and_missing_files_are_listed_with_known_causes(tmp_path):
    a = _build(tmp_path / "a", {"riskreview/riskreview": b"exe 1", "riskreview/_internal/a.so": b"a",
                                "riskreview/_internal/old.txt": b"o", "riskreview/_internal/same.py": b"s"})
    b = _build(tmp_path / "b", {"riskreview/riskreview": b"exe 2", "riskreview/_internal/a.so": b"A",
                                "riskreview/_internal/new.txt": b"n", "riskreview/_internal/same.py": b"s"})
    done = _run(str(a), str(b / "riskreview-SHA256SUMS"))  # a folder or the list itself
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        f"1 files identical, 2 differ, 1 only in {a}, 1 only in {b / 'riskreview-SHA256SUMS'}",
        "differs: riskreview/_internal/a.so",
        "differs: riskreview/riskreview (the executable holds the byte-code archive (PYZ) of every module)",
        f"only in {a}: riskreview/_internal/old.txt",
        f"only in {b / 'riskreview-SHA256SUMS'}: riskreview/_internal/new.txt",
    ]


def test_missing_or_malformed_list_is_one_error_line_exit_2(tmp_path):
    done = _run(str(tmp_path), str(tmp_path))
    assert done.returncode == 2 and done.stderr.strip().startswith("error: ")
    assert "riskreview-SHA256SUMS" in done.stderr and done.stderr.count("\n") == 1
    (tmp_path / "riskreview-SHA256SUMS").write_text("not a checksum line\n")
    done = _run(str(tmp_path), str(tmp_path))
    assert done.returncode == 2 and "line 1" in done.stderr and done.stderr.count("\n") == 1
