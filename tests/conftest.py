"""Shared test set-up: Qt's platform before any QApplication exists, the markers each test gets
from where it is and what it uses (docs/development.md, "Tests"), and the check that no test
modifies the bundled inputs."""

import functools
import hashlib
import importlib.util
import inspect
import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["RISKREVIEW_LANGUAGE"] = "en"  # reports in English whatever the machine's locale (engine/foundation/i18n.py)

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "resources" / "examples"
FIXTURES = ROOT / "tests" / "fixtures"
SHARED_DATA = ROOT.parent / "shared" / "data"

# -- the portability test mode (docs/development.md, "Windows and macOS") ------------------------------------
SIMULATION_VARIABLE = "RISKREVIEW_PORTABILITY_TEST"     # engine.foundation.platform.SIMULATION_VARIABLE
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


# -- markers (registered in pyproject.toml) -------------------------------------------------------
#: fixtures that make a test drive the window
GUI_FIXTURES = frozenset({"qtbot", "qapp"})
#: fixtures that start processes: a command in a child process, a local Dask cluster
PROCESS_FIXTURES = frozenset({"start", "local_cluster"})
#: what a test (or a helper or fixture of the test suite it calls) writes to start a process
PROCESS_WORDS = ("subprocess", "Popen", "sys.executable", "WorkerPool", "multiprocessing.Process",
                 "ProcessPoolExecutor", "jobs=2", '"--jobs", "2"', "LocalCluster", "loopback_cluster", "forkserver",
                 "os.fork")


@functools.lru_cache(maxsize=None)
def _source(function) -> str:
    try:
        return inspect.getsource(function)
    except (OSError, TypeError):
        return ""


def _ours(function) -> bool:
    """A function defined in the test suite (not in pytest, its plugins or the project)."""
    path = getattr(getattr(function, "__code__", None), "co_filename", "")
    return path.startswith(str(ROOT / "tests"))


def _sources(item) -> str:
    """The test function's source, the sources of the test suite's fixtures it uses and of the
    test module's helper functions it calls by name."""
    function = getattr(item, "function", None)
    if function is None:
        return ""
    parts = [_source(function)]
    for name in function.__code__.co_names:
        helper = getattr(inspect.getmodule(function), name, None)
        if inspect.isfunction(helper) and _ours(helper):
            parts.append(_source(helper))
    for definitions in item._fixtureinfo.name2fixturedefs.values():
        for definition in definitions:
            if _ours(definition.func):
                parts.append(_source(definition.func))
    return "\n".join(parts)


def markers_of(item) -> set[str]:
    """The markers a test gets without writing them: ``gui`` (under tests/gui, or drives Qt),
    ``hostile`` (under tests/hostile), ``process`` (starts a child process or worker processes),
    and ``portable`` (listed in :data:`PORTABLE`)."""
    path = Path(str(item.path))
    folders = path.relative_to(ROOT / "tests").parts[:-1] if path.is_relative_to(ROOT / "tests") else ()
    fixtures = set(item.fixturenames)
    found = set()
    if folders[:1] == ("gui",) or fixtures & GUI_FIXTURES:
        found.add("gui")
    if folders[:1] == ("hostile",):
        found.add("hostile")
    if fixtures & PROCESS_FIXTURES or any(word in _sources(item) for word in PROCESS_WORDS):
        found.add("process")
    if any(item.nodeid == name or item.nodeid.startswith(name + ("::" if name.endswith(".py") else "["))
           for name in PORTABLE):
        found.add("portable")
    return found


def pytest_collection_modifyitems(config, items):
    for item in items:
        for name in sorted(markers_of(item)):
            item.add_marker(name)


def posix_only(reason: str):
    """Skip a test in the portability test mode (it needs what the mode takes away)."""
    return pytest.mark.skipif(os.environ.get(SIMULATION_VARIABLE) == "1", reason=reason)


@pytest.fixture
def examples() -> Path:
    return EXAMPLES


# -- the bundled inputs are never modified ---------------------------------------------------------
def _input_files() -> list[Path]:
    return [p for folder in (EXAMPLES, FIXTURES) if folder.exists() for p in sorted(folder.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts]


def _stamps() -> dict[Path, tuple[int, int, int]]:
    """Size, modification time and inode of every input: a write, a truncation or a replacing
    rename changes one of them. Cheap enough to take around every test."""
    stamps = {}
    for path in _input_files():
        info = path.stat()
        stamps[path] = (info.st_size, info.st_mtime_ns, info.st_ino)
    return stamps


def _digests() -> dict[Path, str]:
    return {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in _input_files()}


@pytest.fixture(autouse=True)
def input_files_are_never_modified():
    """Every test: the bundled example and fixture files are as they were (size, modification
    time, inode) afterwards; their contents are compared once for the whole session
    (:func:`pytest_sessionfinish`). Tests that write their own inputs check those themselves;
    tests/hostile/test_inputs_untouched.py runs every command on copies of the inputs."""
    before = _stamps()
    yield
    assert _stamps() == before, "a test run modified an input file"


def pytest_sessionstart(session):
    session.config.stash[_DIGESTS] = _digests()


def pytest_sessionfinish(session, exitstatus):
    """The contents too: a change that kept the size and the modification time fails the run."""
    before = session.config.stash.get(_DIGESTS, None)
    if before is None:
        return
    changed = sorted(str(p.relative_to(ROOT)) for p, digest in _digests().items() if before.get(p) != digest)
    changed += sorted(str(p.relative_to(ROOT)) for p in before.keys() - _digests().keys())
    if changed:
        print(f"\nerror: the test run modified input files: {', '.join(changed)}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


_DIGESTS = pytest.StashKey[dict]()
