"""Worst-case histograms (Nunes 2021, sec. 4.2): per-record risk for the top subset of each size."""

from __future__ import annotations

import math
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Mapping, Optional, Sequence

import numpy as np

from ..formulas import inference as inf
from ..formulas import reidentification as reid
from ..formulas.per_record import block_risk
from ..io.encode import EncodedColumn
from ..foundation.progress import CancelToken, ProgressCallback, ProgressReporter
from ..sweep.partition import block_value_stats, combined_columns, combined_groups, partition, refine
from ..outcome.results import InferenceRisk, ReidentificationRisk, RiskHistogram
from ..outcome.selection import top_by_size

BINS = 20
SMALL_BLOCK = 255            # blocks up to this size are tallied by (size, max) pairs
COUNTER_LIMIT = 1 << 28      # most (block, value) counters the compiled path allocates
TALLY_THREADS = 2            # threads making partitions and their measures (compiled path)
# From here the compiled partitions would pay even when numba and the kernels must first be
# loaded from its cache (~0.5 s of CPU). `benchmarks/latency.py --histograms`, CPU seconds for
# numpy / compiled, loading the kernels / compiled, kernels loaded: 300k rows 0.21 / 0.81 /
# 0.09, 1M 0.67 / 0.93 / 0.30, 4M 2.05 / 2.22 / 1.54.
COMPILED_MIN_ROWS = 1 << 22
# A partition whose single-row blocks hold at least this share of its rows drops them: they stay
# alone in every partition refined from it, so later partitions and measures skip those rows.
DROP_SINGLES_SHARE = 0.2
# Partitions kept as bases for later ones, at most this many bytes of block ids and row numbers
# (the one made last is kept whatever its size).
KEEP_BYTES = 1 << 28


def _histogram(qids: tuple[str, ...], measure: str, block_risk: np.ndarray,
               weights: np.ndarray) -> RiskHistogram:
    """Histogram of per-record risk: each distinct risk value counted once per record that has
    it (``weights`` = records with that risk); the mean is the per-record mean. Bin j holds
    j/BINS <= risk < (j+1)/BINS (the last also 1): the bin is floor(BINS * risk), with a margin
    far below the gap between a risk top/size and an edge (1/size), so that a risk on an edge
    (3/5, 7/10) goes to the bin above as every other does (edges as i * 0.05 in floating point
    are up to 1e-16 too high)."""
    edges = np.arange(BINS + 1) / BINS
    bins = np.minimum(np.floor(np.asarray(block_risk, dtype=np.float64) * BINS + 1e-9), BINS - 1).astype(np.int64)
    counts = np.bincount(bins, weights=weights, minlength=BINS)
    mean = float((block_risk * weights).sum() / weights.sum())
    return RiskHistogram(qids, measure, tuple(float(e) for e in edges),
                         tuple(int(round(c)) for c in counts), mean)


def _records_from_tally(tally: np.ndarray, big_sizes: np.ndarray, big_top: np.ndarray, singles: int = 0
                        ) -> tuple[np.ndarray, np.ndarray]:
    """Distinct per-record risks (top/size) and the records holding each, from blocks tallied
    by (size, top) pairs (sizes up to SMALL_BLOCK) and the larger blocks listed one by one;
    ``singles`` more records are alone in their blocks (risk 1)."""
    if singles:
        tally = tally.copy()
        tally[SMALL_BLOCK + 2] += singles        # size 1, top 1
    present = np.flatnonzero(tally)
    size_of, top_of = np.divmod(present, SMALL_BLOCK + 1)
    risk = np.r_[block_risk(size_of, top_of), block_risk(big_sizes, big_top)]
    records = np.r_[size_of * tally[present], big_sizes].astype(np.float64)
    return risk, records


def _risk_records(sizes: np.ndarray, top: Optional[np.ndarray], singles: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Distinct per-record risks and the records holding each: re-identification 1/|q|
    (``top`` None: one record is the right one), inference max_s s(q)/|q|; the histogram then sees a few hundred values
    instead of one per block."""
    sizes = np.asarray(sizes, np.int64)
    top = np.ones_like(sizes) if top is None else np.asarray(top, np.int64)
    small = sizes <= SMALL_BLOCK
    tally = np.bincount(sizes[small] * (SMALL_BLOCK + 1) + top[small], minlength=(SMALL_BLOCK + 1) ** 2)
    return _records_from_tally(tally, sizes[~small], top[~small], singles)


@dataclass(frozen=True)
class _Made:
    """A partition of the rows still in play: ``ids[i]`` is the block of row ``rows[i]`` (all
    rows in order when ``rows`` is None); ``dropped`` rows were alone in their block in a
    partition this one refines, so they are alone here too."""

    qids: frozenset[str]
    ids: np.ndarray
    n_ids: int
    rows: Optional[np.ndarray] = None
    dropped: int = 0

    def gather(self, codes: np.ndarray) -> np.ndarray:
        """A column's codes on the rows in play."""
        return codes if self.rows is None else codes[self.rows]


_SCRATCH = _Made(frozenset(), np.empty(0, np.int32), 1)   # a base of no column: from scratch


def _bytes(made: _Made) -> int:
    return made.ids.nbytes + (0 if made.rows is None else made.rows.nbytes)


class _Partitions:
    """Block ids of QID subsets, made on threads and kept for one another. Each new partition
    refines the kept one that costs least to refine from: its rows in play times the passes
    for the columns it adds (small columns merged) and one for dropping single rows
    (:meth:`_cost`); the top subsets of successive sizes are usually nested. Kept within
    :data:`KEEP_BYTES`, the partition with the most rows in play dropped first (a partition of
    few rows is the cheapest base and the smallest to keep). A partition with many single-row
    blocks drops their rows (:data:`DROP_SINGLES_SHARE`): on a census, 90% of the rows are
    alone from the top subset of size 4 on, so the larger partitions refine a tenth of the
    rows. ``compiled``: one int32 id per row through the compiled refinement, small columns
    merged (:func:`engine.sweep.partition.combined_columns`); else numpy's refinement
    (:func:`engine.sweep.partition.refine`) column by column."""

    def __init__(self, columns: Mapping[str, EncodedColumn], n: int, compiled: bool,
                 keep_bytes: int = KEEP_BYTES) -> None:
        self.columns, self.n, self.compiled, self.keep_bytes = columns, n, compiled, keep_bytes
        self.made: list[_Made] = []
        self.making: list[frozenset[str]] = []
        self.changed = threading.Condition()
        self.stopped = False

    def _cost(self, base: _Made, wanted: frozenset[str]) -> int:
        """Rows in play of ``base`` times the passes that refine it to ``wanted``."""
        extra = [self.columns[q].cardinality for q in wanted - base.qids]
        passes = len(combined_groups(extra)) if self.compiled else len(extra)
        return (self.n if base.rows is None else len(base.rows)) * (passes + 1)

    def _base(self, wanted: frozenset[str]) -> Optional[_Made]:
        """The cheapest kept base of ``wanted``, or None when a partition being made would
        contain more of its columns than that base (it is worth waiting for)."""
        best = min([m for m in self.made if m.qids <= wanted] + [_SCRATCH],
                   key=lambda m: (self._cost(m, wanted), -len(m.qids)))
        if any(q <= wanted and len(q) > len(best.qids) for q in self.making):
            return None
        return best

    def take(self, queue: list[tuple[str, ...]]) -> Optional[tuple[tuple[str, ...], _Made]]:
        """Remove from ``queue`` (smallest subsets first) the first subset whose base is ready,
        waiting while none is; None when the queue is empty or the work has stopped."""
        with self.changed:
            while queue and not self.stopped:
                for i, qids in enumerate(queue):
                    base = self._base(frozenset(qids))
                    if base is not None:
                        del queue[i]
                        self.making.append(frozenset(qids))
                        return qids, base
                self.changed.wait()
            return None

    def stop(self) -> None:
        """Wake the threads waiting in :meth:`take` and let them take nothing more."""
        with self.changed:
            self.stopped = True
            self.changed.notify_all()

    def make(self, qids: tuple[str, ...], base: _Made, cancel: Optional[CancelToken] = None) -> _Made:
        """The partition of ``qids``, refined from ``base``; kept for the partitions after it.
        If it fails, the work stops (:meth:`stop`)."""
        made: Optional[_Made] = None
        try:
            if cancel is not None:
                cancel.raise_if_cancelled()
            made = self._refined(qids, base, cancel)
            return made
        finally:
            with self.changed:
                self.making.remove(frozenset(qids))
                if made is None:
                    self.stopped = True       # failed: the others take nothing more
                else:
                    self._keep(made)
                self.changed.notify_all()

    def _keep(self, made: _Made) -> None:
        """Keep ``made``; then, while over :attr:`keep_bytes`, let the largest other go."""
        self.made.append(made)
        size = sum(_bytes(m) for m in self.made)
        while size > self.keep_bytes and len(self.made) > 1:
            largest = max(self.made[:-1], key=_bytes)
            self.made = [m for m in self.made if m is not largest]
            size -= _bytes(largest)

    def of(self, qids: tuple[str, ...], cancel: Optional[CancelToken] = None) -> _Made:
        """The partition of ``qids`` on this thread (nothing else being made)."""
        taken = self.take([qids])
        assert taken is not None
        return self.make(*taken, cancel)

    def _refined(self, qids: tuple[str, ...], base: _Made, cancel: Optional[CancelToken]) -> _Made:
        if not base.qids:
            base = _Made(frozenset(), np.zeros(self.n, np.int32 if self.compiled else np.int64), 1)
        ids, n_ids, sizes = base.ids, base.n_ids, None
        extra = sorted(((base.gather(self.columns[q].codes), self.columns[q].cardinality)
                        for q in qids if q not in base.qids),
                       key=lambda column: -column[1])   # the key space stays small (dense counting)
        for codes, cardinality in (combined_columns(extra) if self.compiled else extra):
            if cancel is not None:
                cancel.raise_if_cancelled()
            if self.compiled:
                from ..sweep import block_kernels

                ids, n_ids = block_kernels.refine_ids(ids, n_ids, codes, max(1, cardinality))
            else:
                ids, n_ids, sizes = refine(ids, n_ids, codes, max(1, cardinality))
        made = _Made(frozenset(qids), ids, int(n_ids), base.rows, base.dropped)
        return self._drop_compiled(made) if self.compiled else self._drop_singles(made, sizes)

    @staticmethod
    def _drop_compiled(made: _Made) -> _Made:
        from ..sweep import block_kernels

        rows = made.rows if made.rows is not None else np.empty(0, np.int32)
        ids, kept, n_ids, dropped = block_kernels.drop_singles(
            made.ids, made.n_ids, rows, math.ceil(DROP_SINGLES_SHARE * len(made.ids)))
        return made if dropped == 0 else _Made(made.qids, ids, int(n_ids), kept, made.dropped + int(dropped))

    @staticmethod
    def _drop_singles(made: _Made, sizes: Optional[np.ndarray]) -> _Made:
        if sizes is None:
            sizes = np.bincount(made.ids, minlength=made.n_ids)
        single = sizes == 1
        n_single = int(np.count_nonzero(single))
        if n_single == 0 or n_single < DROP_SINGLES_SHARE * len(made.ids):
            return made
        kept = ~single[made.ids]
        remap = np.cumsum(~single, dtype=np.int64) - 1
        ids = remap[made.ids[kept]].astype(made.ids.dtype)
        index = np.flatnonzero(kept)
        rows = index if made.rows is None else made.rows[index]
        rows = rows.astype(np.int32 if len(rows) == 0 or rows[-1] < 2 ** 31 - 1 else np.int64)
        return _Made(made.qids, ids, made.n_ids - n_single, rows, made.dropped + n_single)


def load_compiled(columns: Sequence[EncodedColumn]) -> None:
    """Load the compiled refinement and tally (numba's cache) for these columns' code types, so
    that :func:`compiled_pays` holds in this process. Run on a thread while worker processes
    sweep: this process waits for them, and its histograms then take the compiled path."""
    from ..sweep import block_kernels

    ids = np.zeros(2, dtype=np.int32)
    for dtype in {np.dtype(np.int32)} | {column.codes.dtype for column in columns}:
        codes = np.zeros(2, dtype=dtype)
        block_kernels.refine_ids(ids, 1, codes, 1)
        block_kernels.risk_tally(ids, 1, codes, 2, SMALL_BLOCK)
    block_kernels.drop_singles(ids, 1, np.empty(0, np.int32), 0)


def compiled_pays(n: int) -> bool:
    """Whether the histograms' partitions use the compiled refinement: from
    :data:`COMPILED_MIN_ROWS` rows (where it saves more than loading the kernels from
    numba's cache costs), or at any size once numba and the refinement are loaded in this
    process (the segment sweep ran here or a thread loaded them) and the tally is loaded or in
    numba's cache (loading it alone takes milliseconds), up to int32 row numbers."""
    if not 0 < n < 2 ** 31 - 1:
        return False
    if n >= COMPILED_MIN_ROWS:
        return True
    kernels = sys.modules.get("engine.sweep.block_kernels")
    return (kernels is not None and bool(kernels.refine_ids.signatures)
            and all(bool(kernel.signatures) or kernels.in_cache(kernel)
                    for kernel in (kernels.risk_tally, kernels.drop_singles)))


def per_record_risk(columns: Mapping[str, EncodedColumn], qids: Sequence[str],
                    sensitive: Sequence[EncodedColumn], n: int) -> dict[str, np.ndarray]:
    """Per-record probabilistic risk for one QID set: ``reidentification`` = 1/|block| and,
    per sensitive attribute, max_s s(block)/|block| (docs/methods.md, "Per-record risk and
    worst-case histograms")."""
    ids, n_blocks, sizes = partition([(columns[q].codes, columns[q].cardinality) for q in qids], n)
    out = {"reidentification": reid.per_record_reid(ids, sizes)}
    for column in sensitive:
        block_max, _ = block_value_stats(ids, n_blocks, column.codes, column.cardinality)
        out[column.name] = inf.per_record_inference(ids, block_max, sizes)
    return out


def worst_case_histograms(columns: Mapping[str, EncodedColumn],
                          reid_rows: Sequence[ReidentificationRisk],
                          inference_rows: Sequence[InferenceRisk],
                          sensitive: Sequence[EncodedColumn], n: int,
                          cancel: Optional[CancelToken] = None,
                          on_progress: Optional[ProgressCallback] = None) -> list[RiskHistogram]:
    """For each subset size: the histogram of the top subset's per-record risks, for
    re-identification (risk 1/|block|) and for each sensitive attribute (max_s s(q)/|q|).
    ``cancel`` is checked between partitions (made on threads, :class:`_Partitions`); progress
    counts partitions (stage "histograms")."""
    wanted: dict[tuple[str, ...], list[str]] = {}
    order = []
    for row in top_by_size(reid_rows, "posterior_prob"):
        wanted.setdefault(row.qids, []).append("reidentification")
        order.append((row.qids, "reidentification"))
    for column in sensitive:
        rows = [r for r in inference_rows if r.sensitive == column.name]
        for row in top_by_size(rows, "posterior_prob"):
            wanted.setdefault(row.qids, []).append(column.name)
            order.append((row.qids, column.name))
    by_name = {column.name: column for column in sensitive}
    compiled = compiled_pays(n)
    made: dict[tuple[tuple[str, ...], str], RiskHistogram] = {}
    reporter = ProgressReporter("histograms", len(wanted), on_progress)
    lock = threading.Lock()

    def values(measure: str) -> int:
        # risk_tally's one value means re-identification (top 1): a constant sensitive
        # column is tallied as two values, so its top is the block's size (risk 1)
        column = by_name.get(measure)
        return 1 if column is None else max(2, column.cardinality)

    def tallied(measure: str, n_blocks: int) -> bool:
        return compiled and n_blocks * values(measure) <= COUNTER_LIMIT

    def measured(qids: tuple[str, ...], measure: str, made: _Made, sizes: Optional[np.ndarray]) -> RiskHistogram:
        column = by_name.get(measure)
        ids, n_blocks = made.ids, made.n_ids
        if tallied(measure, n_blocks):
            from ..sweep import block_kernels

            codes = ids if column is None else made.gather(column.codes)
            return _histogram(qids, measure, *_records_from_tally(
                *block_kernels.risk_tally(ids, n_blocks, codes, values(measure), SMALL_BLOCK), made.dropped))
        top = (None if column is None
               else block_value_stats(ids, n_blocks, made.gather(column.codes), column.cardinality)[0])
        return _histogram(qids, measure, *_risk_records(sizes, top, made.dropped))

    partitions = _Partitions(columns, n, compiled)
    queue = sorted(wanted, key=len)

    def work() -> None:
        try:
            while (taken := partitions.take(queue)) is not None:
                qids, part = taken[0], partitions.make(*taken, cancel)
                sizes = (None if all(tallied(m, part.n_ids) for m in wanted[qids])   # once per partition
                         else np.bincount(part.ids, minlength=part.n_ids))
                found = {(qids, measure): measured(qids, measure, part, sizes) for measure in wanted[qids]}
                with lock:
                    made.update(found)
                    reporter.update(len({key[0] for key in made}))
        except BaseException:
            partitions.stop()         # the other threads take nothing more
            raise

    # The compiled kernels release the GIL: the partitions are made on threads, each taking the
    # next subset whose base is ready (:meth:`_Partitions.take`).
    reporter.update(0)
    threads = min(len(queue), TALLY_THREADS if compiled else 1)
    with ThreadPoolExecutor(max_workers=max(1, threads)) as pool:
        futures = [pool.submit(work) for _ in range(threads)]
        try:
            for future in futures:
                future.result()
        except BaseException:
            partitions.stop()         # this thread interrupted: the others stop too, none left waiting
            raise
    reporter.update(len(wanted), force=True)
    return [made[key] for key in order]
