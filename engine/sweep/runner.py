"""Run a sweep in this process, on its threads, or on a pool of worker processes.

Two engines: CRS/CAS sweeps of more than about 150 million row-subsets use the segment sweep
(:mod:`engine.sweep.segments`, compiled kernels); privacy-model sweeps and smaller runs use the
refinement walk (:mod:`engine.sweep.walker`). Both give the same counts.

The segment sweep runs its tasks on ``jobs`` threads of this process: its kernels release the
GIL, so the threads share the codes and the subtrees' rows already in memory, and nothing is
started, staged or loaded twice (docs/performance.md, "What makes it fast"). Progress is its
work done (rows x subsets walked, the tasks' estimates), scaled to the subsets, since its
subtrees differ widely in cost per subset; the threads check the cancel token between batches
of segments (a fraction of a second each).

The refinement walk, mostly numpy calls between Python steps, runs on worker processes when
the estimated work saves more than their start costs (:func:`pool_pays`): the pool is
:class:`engine.foundation.workers.WorkerPool`, whose workers read the integer codes from
memory-mapped ``.npy`` files staged once per run. Progress is the subsets the workers
finished; their stop check (:func:`engine.foundation.workers.stopped`) runs before every
subset, and the preparation checks the cancel token between its steps.
"""

from __future__ import annotations

import threading
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import Callable, Optional

import numpy as np

from ..foundation import workers
from ..analysis.config import ClusterOptions
from ..foundation.i18n import N_
from ..foundation.progress import CancelToken, ProgressCallback, ProgressReporter
from . import segments
from .lattice import Family, Task, plan_tasks
from .walker import SweepData, walk
from ..foundation.workers import WorkerPool, cap_jobs

# Measured on one core (benchmarks/latency.py, benchmarks/sweep.py): row-subsets per second of
# one process, the CPU seconds a worker process takes to start (import the engine), and the
# seconds this process takes to load the segment sweep's compiled kernels from numba's cache.
WALK_ROW_SUBSETS_PER_SECOND = 75e6
SEGMENT_ROW_SUBSETS_PER_SECOND = 110e6
WORKER_START_SECONDS = 0.6
KERNEL_LOAD_SECONDS = 0.7
# Segment tasks per thread: the task estimates (rows x subsets walked) are off by up to 2x
# either way, so the last tasks must be small for the threads to end together; per task a
# thread spends 10-20 ms besides the walk (its arrays).
TASKS_PER_THREAD = 16
# How often the thread that waits for the segment sweep's threads reports their progress.
PROGRESS_SECONDS = 0.1
# The segment sweep's threads are named THREAD_PREFIX_0, _1, ...
THREAD_PREFIX = "riskreview-sweep"


# The special-uniques walk (SweepData.unique_rows: no sensitive attribute, but a bit mask of the
# candidate rows per subset, sent back by the workers and combined here) measured on one core at
# 1M rows (benchmarks/sample_risk.py): a household survey's 7 keys (127 subsets, 19,053
# candidates) 0.73 s, the census-like 11 QIDs up to 4 (561 subsets, 999,788 candidates) 8.1 s.
SUDA_ROW_SUBSETS_PER_SECOND = 180e6
SUDA_CANDIDATE_SUBSETS_PER_SECOND = 110e6


def walk_row_subsets(data: SweepData, family: Family) -> float:
    """The refinement walk's work in row-subsets at :data:`WALK_ROW_SUBSETS_PER_SECOND`: rows x
    subsets, or for the special-uniques walk its own estimate from the rows, the candidate
    rows and the subsets, converted to that rate."""
    row_subsets = float(data.n_rows) * family.total
    if data.unique_rows is None:
        return row_subsets
    seconds = (row_subsets / SUDA_ROW_SUBSETS_PER_SECOND
               + float(len(data.unique_rows)) * family.total / SUDA_CANDIDATE_SUBSETS_PER_SECOND)
    return seconds * WALK_ROW_SUBSETS_PER_SECOND


def pool_pays(row_subsets: float, jobs: int) -> bool:
    """Whether ``jobs`` worker processes finish the refinement walk sooner than this process
    alone: the work's estimate ``W`` = row-subsets / throughput, saved ``W (1 - 1/jobs)``
    against the start of a worker."""
    if jobs <= 1:
        return False
    return row_subsets / WALK_ROW_SUBSETS_PER_SECOND * (1 - 1 / jobs) > WORKER_START_SECONDS


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
              cluster: Optional[ClusterOptions] = None, then: float = 0.0) -> SweepCounts:
    """Evaluate every subset of ``family`` here: the segment sweep on ``jobs`` threads, the
    refinement walk on ``jobs`` worker processes when they pay; or on a Dask cluster when
    ``cluster`` names one; raises :class:`Cancelled` when cancelled. With
    ``data.unique_rows``, the refinement walk also records which of those rows are alone on
    each subset (``SweepCounts.uniques``; always on this machine). ``then``: the seconds the
    run needs after the sweep, added to the progress's ETA."""
    cancel = cancel or CancelToken()
    jobs = cap_jobs(jobs)
    reporter = ProgressReporter(stage, family.total, on_progress, then=then)
    reporter.update(0, force=True)
    uniques: Optional[dict[tuple[int, ...], np.ndarray]] = None if data.unique_rows is None else {}
    if cluster is not None and cluster.enabled and data.unique_rows is None:
        from .cluster import run_on_cluster

        results = run_on_cluster(data, family, cluster, reporter, cancel)
    elif data.unique_rows is None and segments.use_segments(data, family):
        if segments.compile_once(on_progress, elsewhere=True, cancel=cancel):
            cancel.raise_if_cancelled()
            reporter = ProgressReporter(stage, family.total, on_progress, then=then)  # the sweep's clock starts now
            reporter.update(0, force=True)
        results = _run_segments(data, family, jobs, reporter, cancel)
    elif family.total < 2 or not pool_pays(walk_row_subsets(data, family), jobs):
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
    """The segment sweep: prepare the subtrees, then run their tasks on ``jobs`` threads."""
    inner, inner_family, order = segments.reorder(data, family)
    tree, subtrees = segments.prepare(inner, inner_family, lambda: cancel.cancelled)
    cancel.raise_if_cancelled()
    tasks = segments.plan_segment_tasks(subtrees, tree, jobs, TASKS_PER_THREAD)
    total = segments.TaskResult(len(tree.prefixes), inner.width)
    per_unit = family.total / (sum(task.estimate for task in tasks) or 1.0)   # progress: work, in subsets
    by_dim = {s.dim: s for s in subtrees}
    threaded = jobs > 1 and len(tasks) > 1
    done = [0.0]
    lock = threading.Lock()

    def report() -> None:
        reporter.update(min(int(done[0] * per_unit), family.total))

    def credit(amount: float) -> None:
        with lock:
            done[0] += amount
        if not threaded:        # else the waiting thread reports
            report()

    def run(task: segments.SegmentTask, stopped: Callable[[], bool]) -> Optional[segments.TaskResult]:
        return segments.run_task(inner, tree, by_dim[task.dim], task, inner.width, stopped, credit)

    if threaded:
        _run_threads(tasks, run, total, min(jobs, len(tasks)), cancel, report)
    else:
        for task in tasks:
            result = run(task, lambda: cancel.cancelled)
            cancel.raise_if_cancelled()
            total.add(result)
    counts = segments.finish(tree, total, len(inner.sensitive_codes))
    return {tuple(sorted(order[i] for i in prefix)): vector for prefix, vector in counts.items()}


def _run_threads(tasks: list[segments.SegmentTask],
                 run: Callable[[segments.SegmentTask, Callable[[], bool]], Optional[segments.TaskResult]],
                 total: segments.TaskResult, threads: int, cancel: CancelToken, report: Callable[[], None]) -> None:
    """Run ``tasks`` in order on ``threads`` threads, adding each result to ``total``; this
    thread reports progress meanwhile. A cancel or a task's error stops the others at their
    next check; the error is raised once all have stopped."""
    failed = threading.Event()
    stopped = lambda: failed.is_set() or cancel.cancelled  # noqa: E731

    def begin(task: segments.SegmentTask) -> Optional[segments.TaskResult]:
        return None if stopped() else run(task, stopped)

    with ThreadPoolExecutor(max_workers=threads, thread_name_prefix=THREAD_PREFIX) as pool:
        pending: set[Future] = {pool.submit(begin, task) for task in tasks}
        error: Optional[BaseException] = None
        while pending:
            finished, pending = wait(pending, timeout=PROGRESS_SECONDS, return_when=FIRST_COMPLETED)
            for future in finished:
                if future.cancelled():
                    continue
                if future.exception() is not None:
                    error = error or future.exception()
                    failed.set()
                elif (result := future.result()) is not None:
                    total.add(result)
            if failed.is_set() or cancel.cancelled:
                for future in pending:
                    future.cancel()
            report()
    if error is not None:
        raise error
    cancel.raise_if_cancelled()


def _run_pool(data: SweepData, family: Family, jobs: int, reporter: ProgressReporter, cancel: CancelToken,
              uniques: Optional[dict[tuple[int, ...], np.ndarray]] = None) -> dict[tuple[int, ...], np.ndarray]:
    results: dict[tuple[int, ...], np.ndarray] = {}

    def collect(_, found: tuple[dict, Optional[dict]]) -> None:
        results.update(found[0])
        if uniques is not None:
            uniques.update(found[1])

    with WorkerPool("sweep", N_("the sweep")) as pool:
        meta = _share(data, pool)
        tasks = plan_tasks(family, jobs)
        pool.run(_run_task, [(family, task) for task in tasks], jobs=jobs, cancel=cancel,
                 initializer=_init_worker, initargs=(meta,), on_result=collect,
                 on_progress=lambda done: reporter.update(int(done)))
    return results


def _share(data: SweepData, pool: WorkerPool, stopped=lambda: False) -> dict:
    """Stage the codes for the workers (stopping between arrays when ``stopped()``); returns
    what their initializer needs besides."""
    for i, codes in enumerate(data.qid_codes):
        if not stopped():
            pool.save(f"q{i}", codes)
    for i, codes in enumerate(data.sensitive_codes):
        if not stopped():
            pool.save(f"s{i}", codes)
    if data.unique_rows is not None:
        pool.save("unique_rows", data.unique_rows)
    return {"qid_cards": list(data.qid_cards), "sensitive_cards": list(data.sensitive_cards),
            "n_rows": data.n_rows, "distributions": data.distributions, "model_l": data.model_l}


_WORKER: dict = {}


def _init_worker(meta: dict) -> None:
    """Per-process state of a worker: the memory-mapped codes."""
    _WORKER["data"] = SweepData(
        qid_codes=[workers.load(f"q{i}") for i in range(len(meta["qid_cards"]))],
        qid_cards=meta["qid_cards"],
        sensitive_codes=[workers.load(f"s{i}") for i in range(len(meta["sensitive_cards"]))],
        sensitive_cards=meta["sensitive_cards"],
        n_rows=meta["n_rows"],
        distributions=meta["distributions"],
        model_l=meta["model_l"],
        unique_rows=np.asarray(workers.load("unique_rows")) if workers.staged("unique_rows") else None,
    )


def _run_task(family: Family, task: Task
              ) -> tuple[dict[tuple[int, ...], np.ndarray], Optional[dict[tuple[int, ...], np.ndarray]]]:
    """One task's counts per subset, and with ``unique_rows`` its packed rows alone per subset."""
    data = _WORKER["data"]
    out: dict[tuple[int, ...], np.ndarray] = {}
    uniques: Optional[dict[tuple[int, ...], np.ndarray]] = None if data.unique_rows is None else {}

    def emit(prefix: tuple[int, ...], counts: np.ndarray) -> None:
        out[prefix] = counts
        workers.credit(1)

    walk(data, family, task, emit, workers.stopped, emit_uniques=None if uniques is None else uniques.__setitem__)
    return out, uniques
