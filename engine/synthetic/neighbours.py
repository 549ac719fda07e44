"""Nearest-neighbour searches of target records among synthetic records, with a real index.

Each search asks, for every row of a target matrix, either the distance to its nearest
point of a point set (``nearest``) or the number of points within a radius (``count``). The
points go into a KD-tree (scipy ``cKDTree``; scikit-learn's ``BallTree`` for the hamming
metric), built once per point set and process; targets
are queried in chunks of :data:`CHUNK` rows, so cancel waits for one chunk at most.

With ``jobs > 1`` the chunks run on an :class:`engine.foundation.workers.WorkerPool`: the matrices are
staged once as memory-mapped ``.npy`` files and each worker builds the trees it needs. Progress counts targets scored, summed
over the searches; cancel drops the chunks not yet started.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional, Sequence

import numpy as np

from ..foundation import workers
from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..foundation.progress import CancelToken
from ..foundation.workers import WorkerPool, cap_jobs

CHUNK = 512
TOLERANCE = 1e-9
KINDS = ("nearest", "count")


@dataclass(frozen=True)
class Search:
    """One search: ``targets`` rows against the ``points`` set (names of matrices).

    Index distances times ``scale`` are the true distances (the hamming tree gives a share
    of columns); ``radius`` is in true units; ``integral`` rounds distances to whole numbers.
    A ``nearest`` search against an empty point set gives ``inf``.
    """

    points: str
    targets: str
    kind: str
    radius: float = 0.0
    scale: float = 1.0
    integral: bool = False


class Index:
    """The points of one set in a tree: scipy's ``cKDTree`` for the manhattan (p = 1) and
    euclidean (p = 2) metrics, scikit-learn's ``BallTree`` for hamming; None when empty."""

    def __init__(self, points: np.ndarray, metric: str) -> None:
        points = np.ascontiguousarray(points, dtype=np.float64)
        self.metric = metric
        self.tree = None
        if len(points) == 0:
            return
        if metric == "hamming":
            from sklearn.neighbors import BallTree

            self.tree = BallTree(points, metric="hamming")
        else:
            from scipy.spatial import cKDTree

            self.p = {"manhattan": 1, "euclidean": 2}[metric]
            self.tree = cKDTree(points)

    def nearest(self, targets: np.ndarray) -> np.ndarray:
        if self.tree is None:
            return np.full(len(targets), np.inf)
        if self.metric == "hamming":
            return self.tree.query(targets, k=1)[0][:, 0]
        return self.tree.query(targets, k=1, p=self.p)[0]

    def count(self, targets: np.ndarray, radius: float) -> np.ndarray:
        if self.tree is None:
            return np.zeros(len(targets), dtype=np.int64)
        if self.metric == "hamming":
            return self.tree.query_radius(targets, r=radius, count_only=True).astype(np.int64)
        return np.asarray(self.tree.query_ball_point(targets, r=radius, p=self.p, return_length=True),
                          dtype=np.int64)


def build_index(points: np.ndarray, metric: str) -> Index:
    """The index over ``points`` for ``metric``."""
    return Index(points, metric)


def query(index: Index, targets: np.ndarray, search: Search) -> np.ndarray:
    """Run ``search`` for the rows of ``targets`` on ``index`` (see :class:`Search`)."""
    targets = np.ascontiguousarray(targets, dtype=np.float64)
    if search.kind == "nearest":
        out = index.nearest(targets) * search.scale
        return np.round(out) if search.integral else out
    return index.count(targets, search.radius / search.scale + TOLERANCE)


def run_searches(point_sets: dict[str, np.ndarray], target_sets: dict[str, np.ndarray],
                 searches: Sequence[Search], metric: str, *, jobs: int = 1,
                 cancel: Optional[CancelToken] = None,
                 progress: Optional[Callable[[int], None]] = None,
                 chunk: int = CHUNK) -> list[np.ndarray]:
    """Run every search; returns one array per search (distances, or counts as int64).

    ``progress`` is called with the targets scored so far (over all searches)."""
    for search in searches:
        if search.kind not in KINDS:
            raise InputError(f"search kind {search.kind!r} (expected one of {', '.join(KINDS)})")
        if search.points not in point_sets or search.targets not in target_sets:
            raise InputError(f"search over unknown matrices {search.points!r} / {search.targets!r}")
    cancel = cancel or CancelToken()
    jobs = cap_jobs(jobs)
    tasks = [(s, start, min(start + chunk, len(target_sets[search.targets])))
             for s, search in enumerate(searches)
             for start in range(0, len(target_sets[search.targets]), chunk)]
    results = [np.zeros(len(target_sets[s.targets]), dtype=np.int64 if s.kind == "count" else np.float64)
               for s in searches]
    report = progress or (lambda done: None)
    report(0)
    if jobs <= 1 or len(tasks) < 2:
        trees: dict[str, object] = {}
        done = 0
        for s, start, stop in tasks:
            cancel.raise_if_cancelled()
            search = searches[s]
            if search.points not in trees:
                trees[search.points] = build_index(point_sets[search.points], metric)
            results[s][start:stop] = query(trees[search.points], target_sets[search.targets][start:stop], search)
            done += stop - start
            report(done)
        cancel.raise_if_cancelled()
        return results
    _run_pool(point_sets, target_sets, searches, metric, tasks, results, jobs, cancel, report)
    return results


def _run_pool(point_sets, target_sets, searches, metric, tasks, results, jobs, cancel, report) -> None:
    done = [0]

    def collect(number: int, found: np.ndarray) -> None:
        s, start, stop = tasks[number]
        results[s][start:stop] = found
        done[0] += stop - start

    with WorkerPool("synthetic", N_("the nearest-neighbour search")) as pool:
        names = {}
        for number, (name, matrix) in enumerate(list(point_sets.items()) + list(target_sets.items())):
            kind = "p" if number < len(point_sets) else "t"
            pool.save(f"{kind}{number}", np.asarray(matrix, dtype=np.float64))
            names[(kind, name)] = f"{kind}{number}"
        pool.run(_work, [(searches[s], start, stop) for s, start, stop in tasks], jobs=jobs, cancel=cancel,
                 initializer=_init_worker, initargs=(names, metric), on_result=collect,
                 on_progress=lambda _: report(done[0]))


_WORKER: dict = {}


def _init_worker(names: dict, metric: str) -> None:
    _WORKER.clear()
    _WORKER.update(names=names, metric=metric, trees={}, targets={})


def _work(search: Search, start: int, stop: int) -> np.ndarray:
    names = _WORKER["names"]
    trees, targets = _WORKER["trees"], _WORKER["targets"]
    if search.points not in trees:
        trees[search.points] = build_index(workers.load(names[("p", search.points)]), _WORKER["metric"])
    if search.targets not in targets:
        targets[search.targets] = workers.load(names[("t", search.targets)])
    return query(trees[search.points], np.asarray(targets[search.targets][start:stop]), search)
