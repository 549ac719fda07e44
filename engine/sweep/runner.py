"""Run a sweep in this process or on a pool of worker processes.

Two engines: CRS/CAS sweeps of more than about 150 million row-subsets use the segment sweep
(:mod:`engine.sweep.segments`, compiled kernels); privacy-model sweeps and smaller runs use the
refinement walk (:mod:`engine.sweep.walker`). Both give the same counts. Worker processes are
started only when the estimated work saves more than their start costs (:func:`pool_pays`).

The pool is :class:`engine.foundation.workers.WorkerPool`: workers read the integer codes (and the
segment sweep's row orders) from memory-mapped ``.npy`` files staged once per run. The segment
sweep starts its workers first, so that they get the compiled kernels (from the forkserver,
which loads them once: :mod:`engine.sweep.preload`, else each by itself) while this process
reorders the QIDs, finds the dependencies and prepares the subtrees. Progress is the subsets
the workers finished; the segment sweep counts its work done instead (rows x subsets walked, the
tasks' estimates), scaled to the subsets, since its subtrees differ widely in cost per subset.
The workers' stop check (:func:`engine.foundation.workers.stopped`) runs before every subset (refinement walk) or every batch of segments (segment sweep, a fraction of a
second each), and the preparation checks the cancel token between its steps.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Optional

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
# one process, and the CPU seconds a worker takes to start (import the engine) and, for the
# segment sweep, to load the compiled kernels from numba's cache.
WALK_ROW_SUBSETS_PER_SECOND = 75e6
SEGMENT_ROW_SUBSETS_PER_SECOND = 110e6
WORKER_START_SECONDS = 0.6
KERNEL_LOAD_SECONDS = 0.7
# Segment tasks per worker: the task estimates (rows x subsets walked) are off by up to 2x
# either way, so the last tasks must be small for the workers to end together; per task a
# worker spends 10-20 ms besides the walk (benchmarks/pool_timeline.py: 37 tasks instead of 22
# on 1M rows x 2,047 subsets cost 0.3 s of CPU in all).
TASKS_PER_WORKER = 16
# What the segment sweep's forkserver imports once for all its workers: the compiled kernels.
SEGMENT_PRELOAD = ("engine.sweep.preload",)


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
              cluster: Optional[ClusterOptions] = None, then: float = 0.0) -> SweepCounts:
    """Evaluate every subset of ``family`` here, on ``jobs`` worker processes, or on a Dask
    cluster when ``cluster`` names one; raises :class:`Cancelled` when cancelled. With
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
    elif (compiled := data.unique_rows is None and segments.use_segments(data, family)):
        jobs = jobs if pool_pays(float(data.n_rows) * family.total, jobs, True) else 1
        with WorkerPool("sweep", N_("the sweep")) if jobs > 1 else nullcontext() as pool:
            if pool is not None:     # its workers load the kernels while this process prepares
                jobs = pool.start(jobs, _warm_segment_worker, preload=SEGMENT_PRELOAD)
            if segments.compile_once(on_progress, here=pool is None):
                cancel.raise_if_cancelled()
                reporter = ProgressReporter(stage, family.total, on_progress, then=then)  # the sweep's clock starts now
                reporter.update(0, force=True)
            results = _run_segments(data, family, jobs, pool, reporter, cancel)
    elif family.total < 2 or not pool_pays(walk_row_subsets(data, family), jobs, compiled):
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


def _run_segments(data: SweepData, family: Family, jobs: int, pool: Optional[WorkerPool],
                  reporter: ProgressReporter, cancel: CancelToken) -> dict[tuple[int, ...], np.ndarray]:
    """The segment sweep, here or on the ``jobs`` workers started in ``pool``. With workers, the
    codes and each subtree's rows are staged for them on a thread while this process prepares
    (writing files releases the GIL; 3.3 s of a 48M run before)."""
    inner, inner_family, order = segments.reorder(data, family)
    stopped = lambda: cancel.cancelled  # noqa: E731
    staged: list[Future] = []
    with ThreadPoolExecutor(max_workers=1) if pool is not None else nullcontext() as staging:
        shared = staging.submit(_share, inner, pool, stopped) if staging is not None else None

        def on_subtree(subtree: segments.Subtree) -> None:
            if staging is not None:
                staged.append(staging.submit(_share_subtree, pool, subtree, stopped))

        tree, subtrees = segments.prepare(inner, inner_family, stopped, on_subtree=on_subtree)
        meta = shared.result() if shared is not None else {}
        for future in staged:
            future.result()
    cancel.raise_if_cancelled()
    tasks = segments.plan_segment_tasks(subtrees, tree, jobs, TASKS_PER_WORKER)
    total = segments.TaskResult(len(tree.prefixes), inner.width)
    per_unit = family.total / (sum(task.estimate for task in tasks) or 1.0)   # progress: work, in subsets
    if pool is None or len(tasks) < 2:
        by_dim = {s.dim: s for s in subtrees}
        done = [0.0]

        def credit(amount: float) -> None:
            done[0] += amount
            reporter.update(min(int(done[0] * per_unit), family.total))

        for task in tasks:
            result = segments.run_task(inner, tree, by_dim[task.dim], task, inner.width, stopped, credit)
            cancel.raise_if_cancelled()
            total.add(result)
    else:
        _run_segment_pool(pool, meta, tree, subtrees, tasks, total, reporter, cancel, family.total, per_unit)
    counts = segments.finish(tree, total, len(inner.sensitive_codes))
    return {tuple(sorted(order[i] for i in prefix)): vector for prefix, vector in counts.items()}


def _share_subtree(pool: WorkerPool, subtree: segments.Subtree, stopped=lambda: False) -> None:
    """Stage a subtree's row numbers (and weights) for the workers."""
    if stopped():
        return
    pool.save(f"rows{subtree.dim}", subtree.rows)
    if subtree.weights is not None:
        pool.save(f"weights{subtree.dim}", subtree.weights)


def _run_segment_pool(pool: WorkerPool, meta: dict, tree: segments.Tree, subtrees: list[segments.Subtree],
                      tasks: list[segments.SegmentTask], total: segments.TaskResult,
                      reporter: ProgressReporter, cancel: CancelToken, n_subsets: int, per_unit: float) -> None:
    """Run the tasks on the pool's workers; the codes (``meta``) and the subtrees' rows are staged."""
    shared = []
    for s in subtrees:
        shared.append(segments.Subtree(s.dim, s.node, None, None, s.bounds, s.columns))
        s.rows = s.weights = None          # the workers read them from the files
    pool.run(_run_segment_task, [(task,) for task in tasks], jobs=len(tasks), cancel=cancel,
             initializer=_init_segment_worker, initargs=(meta, tree, shared, segments.Tuning.current()),
             on_result=lambda _, result: result is not None and total.add(result),
             on_progress=lambda done: reporter.update(min(int(done * per_unit), n_subsets)))


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


def _warm_segment_worker() -> None:
    """A segment-sweep worker's prelude: load the compiled kernels (or compile them)."""
    segments.warm_up()


def _init_segment_worker(meta: dict, tree: segments.Tree, subtrees: list[segments.Subtree],
                         tuning: segments.Tuning) -> None:
    """A segment-sweep worker: the shared codes and row orders (memory-mapped), the tree."""
    _init_worker(meta)
    for s in subtrees:
        s.rows = workers.load(f"rows{s.dim}")
        s.weights = workers.load(f"weights{s.dim}") if workers.staged(f"weights{s.dim}") else None
    _WORKER["tree"] = tree
    _WORKER["subtrees"] = {s.dim: s for s in subtrees}
    _WORKER["tuning"] = tuning


def _run_segment_task(task: segments.SegmentTask) -> Optional[segments.TaskResult]:
    data = _WORKER["data"]
    return segments.run_task(data, _WORKER["tree"], _WORKER["subtrees"][task.dim], task, data.width,
                             workers.stopped, workers.credit, _WORKER["tuning"])
