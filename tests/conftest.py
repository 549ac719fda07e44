"""Shared test set-up. Qt needs a platform before any QApplication exists."""

import hashlib
import importlib.util
import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["RISKREVIEW_LANGUAGE"] = "en"  # reports in English whatever the machine's locale (engine/i18n.py)

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "resources" / "examples"
FIXTURES = ROOT / "tests" / "fixtures"
SHARED_DATA = ROOT.parent / "shared" / "data"

# -- the portability test mode (docs/development.md, "Windows and macOS") ------------------------------------
SIMULATION_VARIABLE = "RISKREVIEW_PORTABILITY_TEST"     # engine.platform.SIMULATION_VARIABLE
SIMULATION_HOOK = ROOT / "tests" / "simulated_platform"
#: the tests marked ``portable``: the worker pool and the main paths, run a second time in CI
#: with RISKREVIEW_PORTABILITY_TEST=1 (spawn only, no POSIX-only functions); files or test ids
PORTABLE = (
    "tests/engine/test_platform.py",
    "tests/engine/test_workers.py",
    "tests/engine/test_sweep_pool.py",
    "tests/engine/test_allocator.py",
    "tests/hostile/test_worker_pool.py",
    "tests/hostile/test_outputs.py",
    "tests/hostile/test_disk_full.py",
    "tests/hostile/test_file_modes.py",
    "tests/engine/test_suggest_cli.py::test_suggestion_and_transformed_file",
    "tests/engine/test_scenarios.py::test_assess_with_scenarios_writes_results_and_table",
    "tests/engine/test_synth_cli.py",
    "tests/engine/test_groundhog.py::test_seeded_reproducible_and_progress_counts_targets",
    "tests/engine/test_groundhog.py::test_cancel_on_the_pool_stops_the_queued_targets",
    "tests/engine/test_synth_attacks.py::test_two_workers_give_the_same_results_and_report_progress",
    "tests/hostile/test_portable_runs.py",
    "tests/hostile/test_killed_workers.py",
    "tests/engine/test_runner.py",
    "tests/gui/test_settings_store.py",
    "tests/hostile/test_signals.py::test_sigterm_stops_assess_like_ctrl_c",
    "tests/gui/test_jobs.py",
)


def _simulate_platform() -> None:
    """In the portability test mode: this process and every Python process started from it
    (commands run as subprocesses, spawned workers) lose the POSIX-only functions
    (tests/simulated_platform/sitecustomize.py)."""
    if os.environ.get(SIMULATION_VARIABLE) != "1":
        return
    paths = [str(SIMULATION_HOOK), str(ROOT), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    os.environ["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))
    spec = importlib.util.spec_from_file_location("simulated_platform", SIMULATION_HOOK / "sitecustomize.py")
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)


_simulate_platform()


def python_path(*more: str) -> str:
    """PYTHONPATH for a Python subprocess of a test: the project (and, in the portability test
    mode, the hook that takes the POSIX-only functions away), then ``more``."""
    hook = [str(SIMULATION_HOOK)] if os.environ.get(SIMULATION_VARIABLE) == "1" else []
    return os.pathsep.join([*hook, str(ROOT), *more])


def pytest_collection_modifyitems(config, items):
    for item in items:
        if any(item.nodeid == name or item.nodeid.startswith(name + ("::" if name.endswith(".py") else "["))
               for name in PORTABLE):
            item.add_marker(pytest.mark.portable)


def posix_only(reason: str):
    """Skip a test in the portability test mode (it needs what the mode takes away)."""
    return pytest.mark.skipif(os.environ.get(SIMULATION_VARIABLE) == "1", reason=reason)


@pytest.fixture
def examples() -> Path:
    return EXAMPLES


def _digests() -> dict[Path, str]:
    files = [p for folder in (EXAMPLES, FIXTURES) if folder.exists() for p in sorted(folder.iterdir())
             if p.is_file()]
    return {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in files}


@pytest.fixture(autouse=True)
def input_files_are_never_modified():
    """Every test: the bundled example and fixture files are byte-identical afterwards
    (tests that write their own inputs check those themselves)."""
    before = _digests()
    yield
    assert _digests() == before, "a test run modified an input file"
