"""Run a sweep in this process or on a pool of worker processes.

Two engines: CRS/CAS sweeps of more than about 150 million row-subsets use the segment sweep
(:mod:`engine.sweep.segments`, compiled kernels); privacy-model sweeps and smaller runs use the
refinement walk (:mod:`engine.sweep.walker`). Both give the same counts. Worker processes are
started only when the estimated work saves more than their start costs (:func:`pool_pays`).

Workers read the integer codes (and the segment sweep's row orders) from memory-mapped
``.npy`` files written once per run, so the page cache holds one copy whatever the number of
workers. Workers are started with ``forkserver`` (``spawn`` where unavailable), never plain
fork, so a Qt parent is safe. Progress is a shared counter of finished subsets (the segment
sweep credits a share of a subtree's subsets as its rows are done); cancel is a shared event
checked before every subset (refinement walk) or every batch of segments (segment sweep, a
fraction of a second each), and by the preparation between its steps.
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
from typing import Any, Callable, Optional

import numpy as np

from ..config import ClusterOptions
from ..errors import EngineFailure
from ..progress import CancelToken, ProgressCallback, ProgressReporter
from . import segments
from .lattice import Family, Task, plan_tasks
from .walker import SweepData, walk

POLL_SECONDS = 0.1
# Measured on one core (benchmarks/latency.py, benchmarks/sweep.py): row-subsets per second of
# one process, and the CPU seconds a worker takes to start (import the engine) and, for the
# segment sweep, to load the compiled kernels from numba's cache.
WALK_ROW_SUBSETS_PER_SECOND = 75e6
SEGMENT_ROW_SUBSETS_PER_SECOND = 110e6
WORKER_START_SECONDS = 0.6
KERNEL_LOAD_SECONDS = 0.7


def pool_pays(row_subsets: float, jobs: int, compiled: bool) -> bool:
    """Whether ``jobs`` worker processes finish sooner than this process alone: the work's
    estimate ``W`` = row-subsets / throughput, saved ``W (1 - 1/jobs)`` against the start of
    a worker (and its loading of the kernels when ``compiled``)."""
    if jobs <= 1:
        return False
    rate = SEGMENT_ROW_SUBSETS_PER_SECOND if compiled else WALK_ROW_SUBSETS_PER_SECOND
    start = WORKER_START_SECONDS + (KERNEL_LOAD_SECONDS if compiled else 0.0)
    return row_subsets / rate * (1 - 1 / jobs) > start


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
    uniques: Optional[dict[tuple[int, ...], np.ndarray]] = None  # with SweepData.unique_rows


def _collect(results: dict[tuple[int, ...], np.ndarray], width: int,
             uniques: Optional[dict[tuple[int, ...], np.ndarray]] = None) -> SweepCounts:
    subsets = sorted(results, key=lambda s: (len(s), s))
    counts = np.array([results[s] for s in subsets], dtype=np.float64).reshape(len(subsets), width)
    return SweepCounts(subsets, counts, uniques)


def run_sweep(data: SweepData, family: Family, jobs: int = 1,
              on_progress: Optional[ProgressCallback] = None,
              cancel: Optional[CancelToken] = None, stage: str = "sweep",
              cluster: Optional[ClusterOptions] = None) -> SweepCounts:
    """Evaluate every subset of ``family`` here, on ``jobs`` worker processes, or on a Dask
    cluster when ``cluster`` names one; raises :class:`Cancelled` when cancelled. With
    ``data.unique_rows``, the refinement walk also records which of those rows are alone on
    each subset (``SweepCounts.uniques``; always on this machine)."""
    cancel = cancel or CancelToken()
    reporter = ProgressReporter(stage, family.total, on_progress)
    reporter.update(0, force=True)
    uniques: Optional[dict[tuple[int, ...], np.ndarray]] = None if data.unique_rows is None else {}
    if cluster is not None and cluster.enabled and data.unique_rows is None:
        from .cluster import run_on_cluster

        results = run_on_cluster(data, family, cluster, reporter, cancel)
    elif (compiled := data.unique_rows is None and segments.use_segments(data, family)):
        jobs = jobs if pool_pays(float(data.n_rows) * family.total, jobs, True) else 1
        results = _run_segments(data, family, jobs, reporter, cancel)
    elif family.total < 2 or not pool_pays(float(data.n_rows) * family.total, jobs, compiled):
        results = _run_here(data, family, reporter, cancel, uniques)
    else:
        results = _run_pool(data, family, jobs, reporter, cancel, uniques)
    reporter.update(len(results), force=True)
    return _collect(results, data.width, uniques)


def _run_here(data: SweepData, family: Family, reporter: ProgressReporter, cancel: CancelToken,
              uniques: Optional[dict[tuple[int, ...], np.ndarray]] = None) -> dict[tuple[int, ...], np.ndarray]:
    results: dict[tuple[int, ...], np.ndarray] = {}

    def emit(prefix: tuple[int, ...], counts: np.ndarray) -> None:
        results[prefix] = counts
        reporter.update(len(results))

    walk(data, family, Task((), True), emit, lambda: cancel.cancelled,
         emit_uniques=None if uniques is None else uniques.__setitem__)
    cancel.raise_if_cancelled()
    return results


def _run_segments(data: SweepData, family: Family, jobs: int, reporter: ProgressReporter,
                  cancel: CancelToken) -> dict[tuple[int, ...], np.ndarray]:
    inner, inner_family, order = segments.reorder(data, family)
    stopped = lambda: cancel.cancelled  # noqa: E731
    tree, subtrees = segments.prepare(inner, inner_family, stopped)
    cancel.raise_if_cancelled()
    tasks = segments.plan_segment_tasks(subtrees, tree, jobs)
    total = segments.TaskResult(len(tree.prefixes), inner.width)
    if jobs <= 1 or len(tasks) < 2:
        by_dim = {s.dim: s for s in subtrees}
        done = [0.0]

        def credit(amount: float) -> None:
            done[0] += amount
            reporter.update(min(int(done[0]), family.total))

        for task in tasks:
            result = segments.run_task(inner, tree, by_dim[task.dim], task, inner.width, stopped, credit)
            cancel.raise_if_cancelled()
            total.add(result)
    else:
        _run_segment_pool(inner, tree, subtrees, tasks, jobs, total, reporter, cancel, family.total)
    counts = segments.finish(tree, total, len(inner.sensitive_codes))
    return {tuple(sorted(order[i] for i in prefix)): vector for prefix, vector in counts.items()}


def _run_segment_pool(data: SweepData, tree: segments.Tree, subtrees: list[segments.Subtree],
                      tasks: list[segments.SegmentTask], jobs: int, total: segments.TaskResult,
                      reporter: ProgressReporter, cancel: CancelToken, n_subsets: int) -> None:
    ctx = mp.get_context(start_method())
    stop = ctx.Event()
    done = ctx.Value("d", 0.0)
    folder = Path(tempfile.mkdtemp(prefix="riskreview-sweep-"))
    try:
        meta = _share(data, folder)
        shared = []
        for s in subtrees:
            np.save(folder / f"rows{s.dim}.npy", s.rows)
            if s.weights is not None:
                np.save(folder / f"weights{s.dim}.npy", s.weights)
            shared.append(segments.Subtree(s.dim, s.node, None, None, s.bounds, s.columns))
            s.rows = s.weights = None          # the workers read them from the files
        with ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), mp_context=ctx,
                                 initializer=_init_segment_worker,
                                 initargs=(str(folder), meta, stop, done, tree, shared,
                                           segments.Tuning.current())) as pool:
            futures = {pool.submit(_run_segment_task, task) for task in tasks}
            _drive(futures, lambda result: result is not None and total.add(result), stop, cancel,
                   lambda: reporter.update(min(int(done.value), n_subsets)))
        cancel.raise_if_cancelled()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _drive(pending: set, collect: Callable[[Any], Any], stop, cancel: CancelToken,
           report: Callable[[], None]) -> None:
    """Wait for the workers' futures, hand each result to ``collect`` and report progress; on
    cancel or any error set the shared ``stop`` event and drop the tasks not yet started. A dead
    worker becomes an :class:`EngineFailure`."""
    try:
        while pending:
            finished, pending = wait(pending, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
            for future in finished:
                collect(future.result())
            if cancel.cancelled:
                stop.set()
                for future in pending:
                    future.cancel()
                return
            report()
    except BrokenProcessPool as exc:
        raise EngineFailure(f"a worker process stopped unexpectedly during the sweep "
                            f"(killed, or out of memory): {exc}") from None
    except BaseException:
        stop.set()
        for future in pending:
            future.cancel()
        raise


def start_method() -> str:
    return "forkserver" if "forkserver" in mp.get_all_start_methods() and sys.platform != "win32" else "spawn"


def _run_pool(data: SweepData, family: Family, jobs: int, reporter: ProgressReporter, cancel: CancelToken,
              uniques: Optional[dict[tuple[int, ...], np.ndarray]] = None) -> dict[tuple[int, ...], np.ndarray]:
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
            futures = {pool.submit(_run_task, family, task) for task in tasks}

            def collect(result: tuple[dict, Optional[dict]]) -> None:
                results.update(result[0])
                if uniques is not None:
                    uniques.update(result[1])

            _drive(futures, collect, stop, cancel, lambda: reporter.update(done.value))
        cancel.raise_if_cancelled()
        return results
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _share(data: SweepData, folder: Path) -> dict:
    for i, codes in enumerate(data.qid_codes):
        np.save(folder / f"q{i}.npy", np.ascontiguousarray(codes))
    for i, codes in enumerate(data.sensitive_codes):
        np.save(folder / f"s{i}.npy", np.ascontiguousarray(codes))
    if data.unique_rows is not None:
        np.save(folder / "unique_rows.npy", np.ascontiguousarray(data.unique_rows))
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
        unique_rows=np.load(base / "unique_rows.npy") if (base / "unique_rows.npy").exists() else None,
    )
    _WORKER["stop"] = stop
    _WORKER["done"] = done
    _WORKER["pid"] = os.getpid()


def _run_task(family: Family, task: Task
              ) -> tuple[dict[tuple[int, ...], np.ndarray], Optional[dict[tuple[int, ...], np.ndarray]]]:
    """One task's counts per subset, and with ``unique_rows`` its packed rows alone per subset."""
    stop, done = _WORKER["stop"], _WORKER["done"]
    data = _WORKER["data"]
    out: dict[tuple[int, ...], np.ndarray] = {}
    uniques: Optional[dict[tuple[int, ...], np.ndarray]] = None if data.unique_rows is None else {}

    def emit(prefix: tuple[int, ...], counts: np.ndarray) -> None:
        out[prefix] = counts
        with done.get_lock():
            done.value += 1

    walk(data, family, task, emit, stop.is_set, emit_uniques=None if uniques is None else uniques.__setitem__)
    return out, uniques


def _init_segment_worker(folder: str, meta: dict, stop, done, tree: segments.Tree,
                         subtrees: list[segments.Subtree], tuning: segments.Tuning) -> None:
    """A segment-sweep worker: the shared codes and row orders (memory-mapped), the tree."""
    _init_worker(folder, meta, stop, done)
    base = Path(folder)
    for s in subtrees:
        s.rows = np.load(base / f"rows{s.dim}.npy", mmap_mode="r")
        weights = base / f"weights{s.dim}.npy"
        s.weights = np.load(weights, mmap_mode="r") if weights.exists() else None
    _WORKER["tree"] = tree
    _WORKER["subtrees"] = {s.dim: s for s in subtrees}
    _WORKER["tuning"] = tuning


def _run_segment_task(task: segments.SegmentTask) -> Optional[segments.TaskResult]:
    stop, done = _WORKER["stop"], _WORKER["done"]

    def credit(amount: float) -> None:
        with done.get_lock():
            done.value += amount

    data = _WORKER["data"]
    return segments.run_task(data, _WORKER["tree"], _WORKER["subtrees"][task.dim], task, data.width,
                             stop.is_set, credit, _WORKER["tuning"])
