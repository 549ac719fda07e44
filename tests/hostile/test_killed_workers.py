"""A worker process killed (or frozen) at any moment: the command ends within seconds with exit
1 and one ``error:`` line, leaving no process, no temporary file and no results."""

from __future__ import annotations

import os
import signal
import time

import pytest

from engine.foundation.workers import available_cpus

from .long_runs import assess_args, groundhog_args, write_big_table
from .process_tree import Run, start  # noqa: F401 (start: a fixture)

pytestmark = pytest.mark.skipif(available_cpus() < 2, reason="needs two CPUs for two workers")

ENDS_WITHIN = 30      # seconds from the kill to the command's end (a loaded machine included)
FAILED = "error: a worker process ended unexpectedly during {} (killed, or out of memory; "


@pytest.fixture(scope="module")
def big_table(tmp_path_factory):
    return write_big_table(tmp_path_factory.mktemp("data") / "big.parquet")


def _kill_a_worker(run: Run, delay: float, how: int = signal.SIGKILL) -> int:
    """Wait for the workers, then ``delay`` seconds, then signal one of them; its pid."""
    run.wait_for_workers()
    time.sleep(delay)
    workers = run.workers()
    assert workers, f"the workers ended before the kill; stderr: {run.finish(5)[1]}"
    os.kill(workers[-1], how)
    return workers[-1]


def _assert_one_line(err: str, start: str) -> None:
    """One line: the error, then how the worker ended (signal 9; or, when it died while still
    receiving its start-up data, that it did so)."""
    assert len(err.splitlines()) == 1 and err.startswith(start), err
    assert err.endswith(("signal 9)", "while starting: Broken pipe)")), err


def _assert_clean(run: Run, out) -> None:
    assert run.leftovers() == []
    assert run.temp_files() == []
    assert not (out / "results.json").exists()


@pytest.mark.parametrize("delay", [0.0, 0.4, 1.5])
@pytest.mark.slow
def test_a_killed_sweep_worker_is_one_line_and_exit_1(start, tmp_path, big_table, delay):
    """0.0: the worker is still starting (importing, mapping the staged arrays); later: mid-task."""
    out = tmp_path / "out"
    run = start(assess_args(big_table, out, workers=True))
    _kill_a_worker(run, delay)
    killed = time.monotonic()
    code, err = run.finish(ENDS_WITHIN)
    assert code == 1, err
    assert time.monotonic() - killed < ENDS_WITHIN
    _assert_one_line(err, FAILED.format("the sweep"))
    _assert_clean(run, out)


def test_a_killed_groundhog_worker_is_one_line_and_exit_1(start, tmp_path):
    out = tmp_path / "out"
    run = start(groundhog_args(out))
    _kill_a_worker(run, 0.5)
    code, err = run.finish(ENDS_WITHIN)
    assert code == 1, err
    _assert_one_line(err, FAILED.format("the Groundhog attack"))
    _assert_clean(run, out)


@pytest.mark.slow
def test_ctrl_c_stops_a_run_whose_worker_is_frozen(start, tmp_path, big_table):
    """A worker stopped (SIGSTOP) never answers: Ctrl-C still ends the run, and the frozen
    worker is killed rather than waited for."""
    out = tmp_path / "out"
    run = start(assess_args(big_table, out, workers=True))
    _kill_a_worker(run, 0.5, signal.SIGSTOP)
    time.sleep(0.5)
    run.proc.send_signal(signal.SIGINT)
    code, err = run.finish(ENDS_WITHIN)
    assert code == 130, err
    assert err == "interrupted"
    _assert_clean(run, out)
