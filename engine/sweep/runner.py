"""Run a sweep in this process or on a pool of worker processes.

Workers read the integer codes from memory-mapped ``.npy`` files written once per run, so
the page cache holds one copy whatever the number of workers. Workers are started with
``forkserver`` (``spawn`` where unavailable), never plain fork, so a Qt parent is safe.
Progress is a shared counter of finished subsets; cancel is a shared event checked before
every subset, so a cancel returns within one subset's time.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import shutil
import signal
import sys
import tempfile
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import numpy as np

from ..errors import Cancelled, EngineFailure
from ..progress import CancelToken, ProgressCallback, ProgressReporter
from .lattice import Family, Task, plan_tasks
from .walker import SweepData, walk

POLL_SECONDS = 0.1


@dataclass(frozen=True)
class SweepCounts:
    """Counts per subset; ``counts[i]`` belongs to ``subsets[i]`` (QID numbers).

    Columns (:meth:`SweepData.width`): blocks, singletons, then per sensitive attribute the
    sum over blocks of ``max_s s(q)`` and the records in blocks with one sensitive value,
    then with privacy models their nine levels per sensitive attribute. Counts are whole
    numbers held as float64 (exact below 2**53).
    """

    subsets: list[tuple[int, ...]]
    counts: np.ndarray


def _collect(results: dict[tuple[int, ...], np.ndarray], width: int) -> SweepCounts:
    subsets = sorted(results, key=lambda s: (len(s), s))
    counts = np.array([results[s] for s in subsets], dtype=np.float64).reshape(len(subsets), width)
    return SweepCounts(subsets, counts)


def run_sweep(data: SweepData, family: Family, jobs: int = 1,
              on_progress: Optional[ProgressCallback] = None,
              cancel: Optional[CancelToken] = None, stage: str = "sweep") -> SweepCounts:
    """Evaluate every subset of ``family``; raises :class:`Cancelled` when cancelled."""
    cancel = cancel or CancelToken()
    reporter = ProgressReporter(stage, family.total, on_progress)
    reporter.update(0, force=True)
    if jobs <= 1 or family.total < 2:
        results = _run_here(data, family, reporter, cancel)
    else:
        results = _run_pool(data, family, jobs, reporter, cancel)
    reporter.update(len(results), force=True)
    return _collect(results, data.width)


def _run_here(data: SweepData, family: Family, reporter: ProgressReporter,
              cancel: CancelToken) -> dict[tuple[int, ...], np.ndarray]:
    results: dict[tuple[int, ...], np.ndarray] = {}

    def emit(prefix: tuple[int, ...], counts: np.ndarray) -> None:
        results[prefix] = counts
        reporter.update(len(results))

    walk(data, family, Task((), True), emit, lambda: cancel.cancelled)
    cancel.raise_if_cancelled()
    return results


def start_method() -> str:
    return "forkserver" if "forkserver" in mp.get_all_start_methods() and sys.platform != "win32" else "spawn"


def _run_pool(data: SweepData, family: Family, jobs: int, reporter: ProgressReporter,
              cancel: CancelToken) -> dict[tuple[int, ...], np.ndarray]:
    ctx = mp.get_context(start_method())
    stop = ctx.Event()
    done = ctx.Value("q", 0)
    folder = Path(tempfile.mkdtemp(prefix="riskreview-sweep-"))
    results: dict[tuple[int, ...], np.ndarray] = {}
    try:
        meta = _share(data, folder)
        tasks = plan_tasks(family, jobs)
        with ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), mp_context=ctx,
                                 initializer=_init_worker, initargs=(str(folder), meta, stop, done)) as pool:
            pending = {pool.submit(_run_task, family, task) for task in tasks}
            try:
                while pending:
                    finished, pending = wait(pending, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
                    for future in finished:
                        results.update(future.result())
                    if cancel.cancelled:
                        stop.set()
                        for future in pending:
                            future.cancel()
                        break
                    reporter.update(done.value)
            except BrokenProcessPool as exc:
                raise EngineFailure(f"a worker process stopped unexpectedly during the sweep "
                                    f"(killed, or out of memory): {exc}") from None
            except BaseException:
                stop.set()
                for future in pending:
                    future.cancel()
                raise
        cancel.raise_if_cancelled()
        return results
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _share(data: SweepData, folder: Path) -> dict:
    for i, codes in enumerate(data.qid_codes):
        np.save(folder / f"q{i}.npy", np.ascontiguousarray(codes))
    for i, codes in enumerate(data.sensitive_codes):
        np.save(folder / f"s{i}.npy", np.ascontiguousarray(codes))
    return {"qid_cards": list(data.qid_cards), "sensitive_cards": list(data.sensitive_cards),
            "n_rows": data.n_rows, "distributions": data.distributions, "model_l": data.model_l}


_WORKER: dict = {}


def _init_worker(folder: str, meta: dict, stop, done) -> None:
    """Per-process state of a worker: the memory-mapped codes and the shared flags."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    base = Path(folder)
    _WORKER["data"] = SweepData(
        qid_codes=[np.load(base / f"q{i}.npy", mmap_mode="r") for i in range(len(meta["qid_cards"]))],
        qid_cards=meta["qid_cards"],
        sensitive_codes=[np.load(base / f"s{i}.npy", mmap_mode="r") for i in range(len(meta["sensitive_cards"]))],
        sensitive_cards=meta["sensitive_cards"],
        n_rows=meta["n_rows"],
        distributions=meta["distributions"],
        model_l=meta["model_l"],
    )
    _WORKER["stop"] = stop
    _WORKER["done"] = done
    _WORKER["pid"] = os.getpid()


def _run_task(family: Family, task: Task) -> dict[tuple[int, ...], np.ndarray]:
    stop, done = _WORKER["stop"], _WORKER["done"]
    out: dict[tuple[int, ...], np.ndarray] = {}

    def emit(prefix: tuple[int, ...], counts: np.ndarray) -> None:
        out[prefix] = counts
        with done.get_lock():
            done.value += 1

    walk(_WORKER["data"], family, task, emit, stop.is_set)
    return out
