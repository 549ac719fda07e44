"""The worker pool (engine/foundation/workers.py): results, the jobs cap, errors, killed workers, cancel."""

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from engine.foundation import workers
from engine.foundation.errors import Cancelled, EngineFailure, InputError
from engine.foundation.progress import CancelToken
from engine.foundation.workers import WorkerPool, available_cpus, cap_jobs, jobs_note

ROOT = Path(__file__).resolve().parents[2]
HANG = 60   # seconds: a run that takes longer is taken as hung (how soon cancel ends it: benchmarks/cancel.py)
needs_two = pytest.mark.skipif(available_cpus() < 2, reason="needs two CPUs for two workers")


# -- task functions (module level: the workers import them by name) --------------------------
def _square(x: int) -> int:
    return x * x


def _pid(_: int) -> int:
    time.sleep(0.2)  # long enough that one worker cannot take every task before the others start
    return os.getpid()


def _staged_sum(name: str, start: int, stop: int) -> int:
    return int(workers.load(name)[start:stop].sum())


def _bad_value(x: int) -> int:
    raise InputError(f"value {x} is not allowed")


def _die(_: int) -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def _until_stopped(_: int) -> str:
    deadline = time.monotonic() + 60
    while not workers.stopped() and time.monotonic() < deadline:
        workers.credit(1)
        time.sleep(0.01)
    return "stopped" if workers.stopped() else "timed out"


def _sleep(seconds: float) -> None:
    time.sleep(seconds)


def _freeze(_: int) -> None:
    os.kill(os.getpid(), signal.SIGSTOP)


def _large(size: int) -> np.ndarray:
    return np.arange(size, dtype=np.float64)


def _failing_initializer() -> None:
    raise InputError("the worker could not prepare")


_PRELUDE: dict = {}


def _remember(value: int) -> None:
    _PRELUDE["value"] = value
    _PRELUDE["pid"] = os.getpid()


def _remembered(x: int) -> tuple:
    return x, _PRELUDE.get("value"), _PRELUDE.get("pid") == os.getpid()


def _failing_prelude() -> None:
    raise InputError("the prelude failed")


def _folders(tmp: Path) -> list[str]:
    return sorted(p.name for p in tmp.iterdir() if p.name.startswith("riskreview-"))


@pytest.fixture
def tmp_folder(tmp_path, monkeypatch):
    """The pool's temporary folder goes under tmp_path, so leftovers can be seen."""
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    return tmp_path


def _run(function, tasks, jobs=2, **options):
    found = {}
    with WorkerPool("test", "the example") as pool:
        for name, array in options.pop("arrays", {}).items():
            pool.save(name, array)
        pool.run(function, tasks, jobs=jobs, on_result=found.__setitem__, **options)
    return [found[i] for i in range(len(tasks))]


# -- the jobs cap ------------------------------------------------------------------------------
def test_available_cpus_is_the_affinity_mask_where_there_is_one():
    expected = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    assert available_cpus() == expected
    assert 1 <= available_cpus() <= (os.cpu_count() or 1)


@pytest.mark.parametrize("jobs, cpus, expected", [(1, 4, 1), (4, 4, 4), (5, 4, 4), (10_000, 2, 2), (0, 2, 1)])
def test_jobs_are_capped_at_the_cpus(monkeypatch, jobs, cpus, expected):
    monkeypatch.setattr(workers, "available_cpus", lambda: cpus)
    assert cap_jobs(jobs) == expected


def test_the_note_says_what_was_asked_and_what_is_used(monkeypatch):
    monkeypatch.setattr(workers, "available_cpus", lambda: 2)
    assert jobs_note(2) is None
    assert jobs_note(40) == "note: 40 jobs asked for, this machine has 2 CPUs; using 2"
    monkeypatch.setattr(workers, "available_cpus", lambda: 1)
    assert jobs_note(3) == "note: 3 jobs asked for, this machine has 1 CPU; using 1"


@needs_two
def test_never_more_workers_than_cpus_or_tasks(monkeypatch):
    pids = _run(_pid, [(i,) for i in range(6)], jobs=10_000)
    assert 1 <= len(set(pids)) <= min(available_cpus(), 6)
    assert len(set(_run(_pid, [(0,), (1,)], jobs=10_000))) <= 2
    monkeypatch.setattr(workers, "available_cpus", lambda: 1)
    assert len(set(_run(_pid, [(i,) for i in range(4)], jobs=8))) == 1
    assert multiprocessing.active_children() == []


# -- results and staged arrays -------------------------------------------------------------------
@needs_two
def test_results_in_task_order_and_staged_arrays_are_shared(tmp_folder):
    assert _run(_square, [(x,) for x in range(25)]) == [x * x for x in range(25)]
    codes = np.arange(1000, dtype=np.int64)
    sums = _run(_staged_sum, [("codes", a, a + 100) for a in range(0, 1000, 100)], arrays={"codes": codes})
    assert sums == [int(codes[a:a + 100].sum()) for a in range(0, 1000, 100)]
    assert _folders(tmp_folder) == []
    assert multiprocessing.active_children() == []


def test_no_tasks_start_no_process():
    assert _run(_square, []) == []
    assert multiprocessing.active_children() == []


# -- workers started early -----------------------------------------------------------------------
@needs_two
def test_workers_started_early_run_their_prelude_before_the_tasks(tmp_folder):
    found = {}
    with WorkerPool("test", "the example") as pool:
        assert pool.start(2, _remember, (41,)) == 2
        pool.save("codes", np.arange(10))
        pool.run(_remembered, [(x,) for x in range(6)], jobs=2, on_result=found.__setitem__)
        spans = pool.timeline
    assert [found[i] for i in range(6)] == [(x, 41, True) for x in range(6)]
    assert sorted(s.task for s in spans) == list(range(6))
    assert {s.worker for s in spans} <= {0, 1}
    for s in spans:
        assert s.launched <= s.entered <= s.prepared <= s.ready <= s.started <= s.ended
    assert _folders(tmp_folder) == []
    assert multiprocessing.active_children() == []


@needs_two
def test_a_prelude_error_is_raised_by_the_run(tmp_folder):
    with pytest.raises(InputError, match="^the prelude failed$"):
        with WorkerPool("test", "the example") as pool:
            pool.start(2, _failing_prelude)
            pool.run(_square, [(1,), (2,)], jobs=2, on_result=lambda *_: None)
    assert _folders(tmp_folder) == []
    assert multiprocessing.active_children() == []


def test_workers_started_but_never_given_a_run_are_ended(tmp_folder):
    with pytest.raises(Cancelled):
        with WorkerPool("test", "the example") as pool:
            pool.start(2, _sleep, (60,))
            raise Cancelled("cancelled by the user")
    assert _folders(tmp_folder) == []
    assert multiprocessing.active_children() == []


def test_a_run_uses_the_workers_started_early_even_for_fewer_tasks():
    found = {}
    with WorkerPool("test", "the example") as pool:
        started = pool.start(2)
        pool.run(_pid, [(0,)], jobs=1, on_result=found.__setitem__)
    assert started == min(2, available_cpus())
    assert found[0] != os.getpid()
    assert multiprocessing.active_children() == []


SLOW_FORKSERVER = """
import json, multiprocessing, sys, threading, time
if __name__ != "__main__":
    time.sleep(3)           # the forkserver imports this file as __mp_main__: it forks nothing for 3 s
else:
    from engine.foundation.errors import Cancelled
    from engine.foundation.progress import CancelToken
    from engine.foundation.workers import WorkerPool, start_method
    sys.path.insert(0, sys.argv[1])
    from test_workers import _square
    token = CancelToken()
    threading.Timer(0.5, token.cancel).start()
    began = time.monotonic()
    ended = None        # with spawn (no forkserver) the run may finish before the cancel
    try:
        with WorkerPool("test", "the example") as pool:
            pool.start(2)
            pool.run(_square, [(1,), (2,)], jobs=2, on_result=lambda *_: None, cancel=token)
    except Cancelled:
        ended = time.monotonic() - began
    time.sleep(4)       # the forkserver forks the worker asked for, which its thread ends
    print(json.dumps([start_method(), ended, len(multiprocessing.active_children())]))
"""


@needs_two
def test_cancel_while_the_forkserver_starts(tmp_path):
    """The run is cancelled at once; the pool's end waits a bounded time; a worker forked later
    is ended too (in a fresh process whose forkserver takes 3 s to import its main module)."""
    script = tmp_path / "slow_main.py"
    script.write_text(SLOW_FORKSERVER)
    from ..conftest import python_path

    env = dict(os.environ, PYTHONPATH=python_path())
    out = subprocess.run([sys.executable, str(script), str(Path(__file__).parent)], env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    method, ended, children = json.loads(out.stdout.strip().splitlines()[-1])
    if method != "forkserver":
        pytest.skip("no forkserver on this platform")
    assert ended is not None and ended >= 0.5   # cancelled, not finished (the subprocess's timeout guards a hang)
    assert children == 0


# -- failures -------------------------------------------------------------------------------------
@needs_two
def test_a_task_error_reaches_the_caller_with_its_message(tmp_folder):
    with pytest.raises(InputError, match=r"^value [34] is not allowed$"):
        _run(_bad_value, [(3,), (4,)])
    with pytest.raises(InputError, match="could not prepare"):
        _run(_square, [(1,), (2,)], initializer=_failing_initializer)
    assert _folders(tmp_folder) == []
    assert multiprocessing.active_children() == []


@needs_two
@pytest.mark.parametrize("tasks", [1, 2, 20])
def test_a_worker_that_dies_is_one_clear_error(tmp_folder, tasks):
    started = time.monotonic()
    with pytest.raises(EngineFailure, match=r"^a worker process ended unexpectedly during the example "
                                            r"\(killed, or out of memory; signal 9\)$"):
        _run(_die, [(i,) for i in range(tasks)], arrays={"x": np.zeros(10)})
    assert time.monotonic() - started < HANG
    assert _folders(tmp_folder) == []
    assert multiprocessing.active_children() == []


@needs_two
def test_killing_a_worker_from_outside_while_others_work(tmp_folder):
    def kill_one():
        found = []
        deadline = time.monotonic() + 30
        while not found and time.monotonic() < deadline:
            found = multiprocessing.active_children()
            time.sleep(0.05)
        time.sleep(0.5)
        os.kill(found[0].pid, signal.SIGKILL)

    killer = threading.Thread(target=kill_one)
    killer.start()
    try:
        with pytest.raises(EngineFailure, match="worker process ended unexpectedly"):
            _run(_sleep, [(0.05,)] * 400)
    finally:
        killer.join()
    assert _folders(tmp_folder) == []
    assert multiprocessing.active_children() == []


# -- cancel ------------------------------------------------------------------------------------------
@needs_two
def test_cancel_stops_workers_that_check(tmp_folder):
    token = CancelToken()
    credited = []

    def on_progress(done: float) -> None:
        credited.append(done)
        if done >= 20:
            token.cancel()

    with pytest.raises(Cancelled):
        _run(_until_stopped, [(0,), (1,), (2,)], cancel=token, on_progress=on_progress)
    assert credited == sorted(credited) and credited[-1] >= 20
    assert _folders(tmp_folder) == []
    assert multiprocessing.active_children() == []


@needs_two
def test_cancel_ends_workers_that_never_check_within_seconds(tmp_folder):
    token = CancelToken()
    threading.Timer(1.0, token.cancel).start()
    started = time.monotonic()
    with pytest.raises(Cancelled):
        _run(_sleep, [(60,), (60,)], cancel=token)
    assert time.monotonic() - started < HANG   # not the tasks' 60 s: the workers were ended
    assert _folders(tmp_folder) == []
    assert multiprocessing.active_children() == []


@needs_two
def test_cancel_ends_frozen_workers_too(tmp_folder):
    """A stopped (SIGSTOP) worker never answers and ignores SIGTERM: it is killed, not waited for."""
    token = CancelToken()
    threading.Timer(1.0, token.cancel).start()
    started = time.monotonic()
    with pytest.raises(Cancelled):
        _run(_freeze, [(0,), (1,)], cancel=token)
    assert time.monotonic() - started < HANG   # a stopped worker never ends by itself: it was killed
    assert _folders(tmp_folder) == []
    assert multiprocessing.active_children() == []


@needs_two
def test_large_results_arrive_whole():
    sizes = [1, 100_000, 3_000_000]
    for size, got in zip(sizes, _run(_large, [(n,) for n in sizes])):
        assert np.array_equal(got, np.arange(size, dtype=np.float64))
