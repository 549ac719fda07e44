"""numba's cache in the user's cache folder (the packaged program): where it goes, what keys it,
that a second process loads instead of compiling, and that the first large sweep says it compiles."""

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import __version__
from engine.foundation.progress import CancelToken
from engine.sweep.kernel_cache import CACHE_DIR_VARIABLE, UserCacheLocator, cache_root, source_stamp, use_user_cache

from ..conftest import python_path

ROOT = Path(__file__).resolve().parents[2]


def test_cache_root_is_versioned_under_the_override_or_the_platform_cache(monkeypatch, tmp_path):
    monkeypatch.setenv(CACHE_DIR_VARIABLE, str(tmp_path / "c"))
    assert cache_root() == tmp_path / "c" / f"numba-{__version__}"
    monkeypatch.delenv(CACHE_DIR_VARIABLE)
    if sys.platform.startswith("linux"):
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
        assert cache_root() == tmp_path / "xdg" / "riskreview" / f"numba-{__version__}"
        monkeypatch.delenv("XDG_CACHE_HOME")
        assert cache_root() == Path.home() / ".cache" / "riskreview" / f"numba-{__version__}"


def _unset(monkeypatch, *names):
    """Unset for the test and restored after it (also when the test sets them)."""
    for name in names:
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)


def test_use_user_cache_sets_numba_up_without_creating_anything(monkeypatch, tmp_path):
    monkeypatch.setenv(CACHE_DIR_VARIABLE, str(tmp_path / "a" / "b"))
    _unset(monkeypatch, "RISKREVIEW_NUMBA_CACHE", "NUMBA_CACHE_LOCATOR_CLASSES")
    assert use_user_cache()
    assert os.environ["NUMBA_CACHE_LOCATOR_CLASSES"].split(",")[0] == "engine.sweep.kernel_cache.UserCacheLocator"
    assert os.environ["RISKREVIEW_NUMBA_CACHE"] == "1"
    assert list(tmp_path.iterdir()) == []


def test_use_user_cache_declines_when_turned_off_or_not_writable(monkeypatch, tmp_path):
    _unset(monkeypatch, "NUMBA_CACHE_LOCATOR_CLASSES")
    monkeypatch.setenv(CACHE_DIR_VARIABLE, str(tmp_path))
    monkeypatch.setenv("RISKREVIEW_NUMBA_CACHE", "0")
    assert not use_user_cache()
    monkeypatch.delenv("RISKREVIEW_NUMBA_CACHE")
    (tmp_path / "file").write_text("x")
    monkeypatch.setenv(CACHE_DIR_VARIABLE, str(tmp_path / "file" / "below"))  # a file is in the way
    assert not use_user_cache()
    assert "NUMBA_CACHE_LOCATOR_CLASSES" not in os.environ and "RISKREVIEW_NUMBA_CACHE" not in os.environ


def _kernel(x):
    return x + 1


def test_locator_path_follows_the_module_not_the_folder_and_stamp_is_the_file_hash(monkeypatch, tmp_path):
    monkeypatch.setenv(CACHE_DIR_VARIABLE, str(tmp_path / "cache"))
    source = tmp_path / "one" / "kernels.py"
    source.parent.mkdir()
    source.write_bytes(b"x = 1\n")
    here = UserCacheLocator.from_function(_kernel, str(source))
    elsewhere = UserCacheLocator.from_function(_kernel, str(tmp_path / "_MEI12345" / "kernels.py"))
    expected = tmp_path / "cache" / f"numba-{__version__}" / __name__
    assert Path(here.get_cache_path()) == Path(elsewhere.get_cache_path()) == expected and expected.is_dir()
    assert here.get_disambiguator() == str(_kernel.__code__.co_firstlineno)
    assert here.get_source_stamp() == hashlib.sha256(b"x = 1\n").hexdigest()
    # frozen: no source files; the executable (holding every module's byte-code) keys the cache
    executable = tmp_path / "riskreview"
    executable.write_bytes(b"\x7fELF build 1")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(executable))
    assert source_stamp(str(source)) == hashlib.sha256(b"\x7fELF build 1").hexdigest()


def test_locator_declines_an_unwritable_folder(monkeypatch, tmp_path):
    (tmp_path / "file").write_text("x")
    monkeypatch.setenv(CACHE_DIR_VARIABLE, str(tmp_path / "file"))
    assert UserCacheLocator.from_function(_kernel, __file__) is None


PROBE = """
import json, sys
sys.path.insert(0, sys.argv[1])
import probe_kernels
assert probe_kernels.plus_one(41) == 42
stats = probe_kernels.plus_one.stats
print(json.dumps([sum(stats.cache_hits.values()), sum(stats.cache_misses.values()),
                  probe_kernels.plus_one._cache.cache_path]))
"""


def _run_probe(folder: Path, cache: Path) -> list:
    env = dict(os.environ, PYTHONPATH=python_path(), **{CACHE_DIR_VARIABLE: str(cache)})
    env.pop("NUMBA_CACHE_LOCATOR_CLASSES", None)
    env.pop("RISKREVIEW_NUMBA_CACHE", None)
    code = "from engine.sweep.kernel_cache import use_user_cache; assert use_user_cache()\n" + PROBE
    done = subprocess.run([sys.executable, "-c", code, str(folder)], env=env, capture_output=True, text=True,
                          timeout=300, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.slow
def test_a_second_process_loads_from_the_user_cache_wherever_the_module_sits(tmp_path):
    cache = tmp_path / "cache"
    source = "from numba import njit\n\n\n@njit(cache=True)\ndef plus_one(x):\n    return x + 1\n"
    for name in ("first", "second"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "probe_kernels.py").write_text(source)
    hits, misses, path = _run_probe(tmp_path / "first", cache)
    assert (hits, misses) == (0, 1)
    assert Path(path) == cache / f"numba-{__version__}" / "probe_kernels"
    assert _run_probe(tmp_path / "first", cache)[:2] == [1, 0]
    # another folder (the one-file program unpacks to a new one every run), same code: loaded
    assert _run_probe(tmp_path / "second", cache)[:2] == [1, 0]
    # changed code: compiled again
    (tmp_path / "second" / "probe_kernels.py").write_text(source.replace("x + 1", "1 + x"))
    assert _run_probe(tmp_path / "second", cache)[:2] == [0, 1]


def test_compile_once_reports_the_stage_and_compiles_only_without_a_cached_copy(monkeypatch):
    from engine.sweep import kernels, segments

    warmed = []
    monkeypatch.setattr(segments, "warm_up", lambda: warmed.append(1) or 0.0)
    monkeypatch.setattr(kernels, "CACHE", True)
    monkeypatch.setattr(kernels, "segment_kernels_cached", lambda: True)
    seen = []
    assert not segments.compile_once(seen.append) and seen == [] and warmed == []
    monkeypatch.setattr(kernels, "segment_kernels_cached", lambda: False)
    assert segments.compile_once(seen.append)
    assert [(p.stage, p.done, p.total) for p in seen] == [("compiling", 0, 1)] and warmed == [1]
    seen.clear()
    ran = []

    class Pool:                                             # compiled in a worker process
        def __init__(self, name, what):
            ran.append(what)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def run(self, function, tasks, jobs, cancel, on_result):
            ran.append((function, tasks, jobs, cancel))

    from engine.foundation import workers

    monkeypatch.setattr(workers, "WorkerPool", Pool)
    token = CancelToken()
    assert segments.compile_once(seen.append, elsewhere=True, cancel=token)
    assert [p.stage for p in seen] == ["compiling"] and warmed == [1]
    assert ran == ["compiling the sweep kernels", (segments.warm_up, [()], 1, token)]
    monkeypatch.setattr(kernels, "CACHE", False)  # no cache: each process compiles on first use
    assert not segments.compile_once(seen.append) and warmed == [1]


SEGMENT_PROBE = """
import json
from engine.sweep.kernel_cache import use_user_cache
assert use_user_cache()
from engine.sweep.kernel_cache import check_kernels
from engine.sweep import kernels, segments
before = kernels.segment_kernels_cached()
stages = []
compiled = segments.compile_once(lambda p: stages.append(p.stage), elsewhere=True)  # in a worker process
after = kernels.segment_kernels_cached()
check = check_kernels()  # found in the cache now; a new process loads without compiling
print(json.dumps([before, compiled, stages, after, check.compiled]))
"""


@pytest.mark.slow
def test_segment_kernels_compile_once_then_load_in_a_new_process(tmp_path):
    env = dict(os.environ, PYTHONPATH=python_path(), **{CACHE_DIR_VARIABLE: str(tmp_path)})
    env.pop("RISKREVIEW_NUMBA_CACHE", None)
    done = subprocess.run([sys.executable, "-c", SEGMENT_PROBE], env=env, capture_output=True, text=True,
                          timeout=900, check=True)
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [False, True, ["compiling"], True, False]
    from engine.sweep.kernels import SEGMENT_KERNELS

    python = f"py{sys.version_info[0]}{sys.version_info[1]}"
    for kernel in SEGMENT_KERNELS:
        module = kernel.py_func.__module__
        index = (f"{module.rsplit('.', 1)[-1]}.{kernel.py_func.__name__}-{kernel.py_func.__code__.co_firstlineno}"
                 f".{python}.nbi")
        assert (tmp_path / f"numba-{__version__}" / module / index).is_file()


BLAS_PROBE = """
import json, sys
import numpy as np
from numba import njit
from engine.sweep import block_kernels
from numba.np import arraymath, linalg
probe = linalg.ensure_blas
block_kernels.counting_order(np.zeros(2, dtype=np.uint8), 1)
before = "scipy.linalg" in sys.modules

@njit
def dot(a, b):
    return np.dot(a, b)

print(json.dumps([before, arraymath.ensure_blas is probe, dot(np.arange(3.0), np.arange(3.0)),
                  "scipy.linalg" in sys.modules]))
"""


def test_a_kernel_loads_without_numbas_blas_probe_and_compiled_linear_algebra_still_finds_blas():
    """Loading a kernel does not import scipy.linalg (numba's probe for BLAS is skipped while its
    array functions are imported: docs/performance.md), and the probe is given back, so a
    compiled ``np.dot`` still calls BLAS, which imports scipy.linalg then."""
    env = dict(os.environ, PYTHONPATH=python_path())
    done = subprocess.run([sys.executable, "-c", BLAS_PROBE], env=env, capture_output=True, text=True,
                          timeout=300, check=True)
    before, restored, dot, after = json.loads(done.stdout.strip().splitlines()[-1])
    assert (before, restored, dot, after) == (False, True, 5.0, True)
