"""The refinement walk on worker processes: identical to one process, progress, cancel, a killed
worker. (The segment sweep runs on threads: tests/engine/test_sweep_scale.py.)"""

import multiprocessing
import os
import signal
import threading
import time

import numpy as np
import pandas as pd
import pytest

from engine.api import run_assessment
from engine.foundation.errors import Cancelled, EngineFailure
from engine.foundation.progress import CancelToken
from engine.sweep import runner, segments

from .helpers import config_for, table_from_frame

QIDS = [f"q{i}" for i in range(9)]


@pytest.fixture(autouse=True)
def workers_always_pay(monkeypatch):
    """These tests are about the pool: the refinement walk whatever the size of the work, and
    its workers started for any work."""
    monkeypatch.setattr(segments, "MIN_ROW_SUBSETS", 10 ** 18)
    monkeypatch.setattr(runner, "WORKER_START_SECONDS", 0.0)


def random_frame(rows: int, seed: int = 7) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    cards = [31, 12, 20, 2, 6, 3, 60, 60, 400]
    data = {name: rng.integers(0, card, rows) for name, card in zip(QIDS, cards)}
    data["s0"] = np.where(rng.random(rows) < 0.03, "yes", "no")
    data["s1"] = rng.integers(0, 5, rows)
    return pd.DataFrame(data)


def test_one_and_two_workers_give_identical_results():
    table = table_from_frame(random_frame(5000))
    one = run_assessment(config_for(QIDS, ["s0", "s1"], jobs=1), table=table)
    two = run_assessment(config_for(QIDS, ["s0", "s1"], jobs=2), table=table)
    assert len(one.reidentification) == 511
    assert one.reidentification == two.reidentification
    assert one.inference == two.inference
    assert one.histograms == two.histograms
    assert multiprocessing.active_children() == []


def test_progress_reaches_total_and_counts_up():
    table = table_from_frame(random_frame(3000))
    seen = []
    run_assessment(config_for(QIDS, ["s0"], subsets="max-size:3", jobs=2), table=table,
                   on_progress=seen.append)
    sweep = [p for p in seen if p.stage == "sweep"]
    total = 9 + 36 + 84
    assert sweep[-1].done == sweep[-1].total == total
    assert [p.done for p in sweep] == sorted(p.done for p in sweep)
    assert all(p.eta is None or p.eta >= 0 for p in sweep)


def _run_and_act(table, action, jobs=2):
    """Run a long sweep; call ``action(token)`` once the sweep has made progress."""
    token = CancelToken()
    fired = threading.Event()

    def on_progress(p):
        if p.stage == "sweep" and p.done > 0 and not fired.is_set():
            fired.set()
            action(token)

    run_assessment(config_for(QIDS, ["s0", "s1"], jobs=jobs), table=table, on_progress=on_progress,
                   cancel=token)


@pytest.fixture(scope="module")
def big_table():
    return table_from_frame(random_frame(400_000))


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.slow
def test_cancel_stops_the_run_and_its_workers(big_table, jobs):
    with pytest.raises(Cancelled):
        _run_and_act(big_table, lambda token: token.cancel(), jobs=jobs)
    assert multiprocessing.active_children() == []


def test_killed_worker_is_a_clear_error_and_the_engine_runs_again(big_table):
    def kill_a_worker(token):
        workers = multiprocessing.active_children()
        assert workers, "the sweep should be running on worker processes"
        os.kill(workers[0].pid, signal.SIGKILL)

    with pytest.raises(EngineFailure, match="worker process"):
        _run_and_act(big_table, kill_a_worker)
    deadline = time.monotonic() + 5
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert multiprocessing.active_children() == []
    small = table_from_frame(random_frame(2000))
    again = run_assessment(config_for(QIDS[:4], ["s0"], jobs=2), table=small)
    assert len(again.reidentification) == 15
