"""The segment sweep: CRS/CAS counts of every subset of a family on large tables.

The plan is chosen from the data alone (cardinalities, entropies, distinct counts,
dependencies); nothing in it knows any particular table:

0. Order (:func:`reorder`). The walk takes the QIDs by decreasing entropy: those that split
   the table most come first, so single-row blocks appear early, and near-constant QIDs
   (a country that is nearly always the same) come last, where their subtrees are small.
1. Dependencies. A QID ``c`` that is a function of an earlier QID ``d`` (each code of ``d``
   goes with one code of ``c``; e.g. a school determines its municipality) adds nothing to
   a subset that holds ``d``: such subsets copy the counts of the subset without ``c`` and
   are not walked.
2. Collapse. The subsets below a first QID ``d`` (walk order: highest cardinality first) use
   only QIDs ``d..k-1``, so their walk runs on the table collapsed on those QIDs and the
   sensitive attributes: one weighted row per distinct combination. The groups are built from
   the last QID up, one refinement per QID in linear time, while they stay well below the row
   count; the high-cardinality subtrees, where nearly every row is distinct, keep the rows as
   they are (weight 1).
3. Sort. Each subtree's rows are ordered by its first QID (a counting sort), so every block of
   every subset below it lies inside one segment of equal first-QID code.
4. Walk. A task packs its rows' codes into 64-bit words (each column in as few bits as its
   cardinality needs) and hands segments to the compiled BUC kernel
   (:mod:`engine.sweep.kernels`: children counted in one pass over their parent's block,
   rows grouped only where subsets below are walked) in batches of bounded work; between
   batches it reports progress and checks for cancel. A segment too big for one batch is split in Python: its
   block is counted, then it is grouped by each child QID and the sub-blocks are walked as
   segments of the child.
5. Tasks. Subtrees, and ranges of segments of the big ones, are tasks for worker processes,
   largest first; a task reads only its own rows from the shared memory-mapped codes.

The privacy-model levels (per-block value distributions) are not produced here; those
sweeps use :mod:`engine.sweep.walker`.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

import numpy as np

from ..foundation.progress import CancelToken, ProgressCallback, ProgressReporter
from .counts import (BLOCKS, PRUNED_BLOCKS, PRUNED_SINGLETONS, PRUNED_WEIGHT, PRUNED_WIDTH, SINGLETONS,
                     constant_column, max_sum_column)
from .lattice import Family

CHAIN_SHARE = 0.5       # stop collapsing once the groups exceed this share of the rows
COLLAPSE_SHARE = 0.9    # use a collapsed table only if it has at most this share of the rows
BATCH_WORK = 1 << 23    # estimated row visits per kernel call (rows x subsets walked below)
SPLIT_WORK = 1 << 25    # a segment above this estimate is split in Python ...
SPLIT_ROWS = 1 << 12    # ... if it has more rows than this
MIN_ROW_SUBSETS = 150_000_000  # below rows x subsets the refinement walk is used: measured, it is
# faster there than loading the compiled kernels (0.5-1 s) and preparing the segments
COLLAPSE_KEYS = 1 << 16  # blocks are collapsed when the columns below have this few key values
TALLY_KEYS = 1 << 20     # dense (group, sensitive value) counters of a child counted in one pass
TALLY_GROUPS = 1 << 16   # ... and at most this many groups of it (else: group rows, then count)
TALLY_PAIRS = 1 << 16    # a child's only child is counted by the pair of codes if they take this few keys
TALLY_DENSE = 64         # a group's sensitive counters are read whole if they are this few (else: noted)
TALLY_JOINT = True       # ... one per combination of the sensitive values, when they are that few
BITS_ROWS = 128          # a block of at most this many rows is walked by row sets (kernels._bits, _bits2; at most kernels.BITS2)
TASK_WORK = 1 << 28      # a task's estimated work at most (1-2 s of a worker): on large tables the workers end together


@dataclass
class Tree:
    """The family's prefix tree as arrays; node 0 is the empty prefix.

    ``child_*`` hold the walked edges only: a node whose whole subtree copies other nodes
    (``alias``) is not walked. ``subtree`` counts reported subsets (walked or not) in a
    node's subtree, itself included; ``own`` is what a node's count finishes besides its
    walked children (itself if reported, and its copied children's subtrees);
    ``walk_size`` counts walked nodes below and at a node."""

    prefixes: list[tuple[int, ...]]
    parent: np.ndarray
    child_ptr: np.ndarray
    child_dim: np.ndarray
    child_node: np.ndarray
    reported: np.ndarray
    alias: np.ndarray
    subtree: np.ndarray
    own: np.ndarray
    walk_size: np.ndarray
    _arrays: dict = field(default_factory=dict, repr=False, compare=False)   # tails() and below(), made once

    @classmethod
    def of(cls, family: Family, determined_by: Optional[dict[int, set[int]]] = None) -> "Tree":
        prefixes: list[tuple[int, ...]] = [()]
        parent = [-1]
        kids: list[list[int]] = []
        at = 0
        while at < len(prefixes):       # breadth first: children numbered after parents
            prefix = prefixes[at]
            mine = []
            for c in family.children(prefix):
                mine.append(len(prefixes))
                prefixes.append(prefix + (c,))
                parent.append(at)
            kids.append(mine)
            at += 1
        n = len(prefixes)
        reported = np.array([family.reported(p) for p in prefixes], dtype=bool)
        alias = np.arange(n)
        if determined_by:
            index = {p: i for i, p in enumerate(prefixes)}
            for node, prefix in enumerate(prefixes):
                held = set(prefix)
                reduced = tuple(x for x in prefix if not any(d in held and d < x for d in determined_by.get(x, ())))
                if reduced != prefix and reduced in index:
                    alias[node] = index[reduced]
        skipped = alias != np.arange(n)
        for node in range(n - 1, -1, -1):           # children before parents
            if skipped[node] and not all(skipped[c] for c in kids[node]):
                skipped[node] = False
                alias[node] = node
        subtree = reported.astype(np.int64)
        walk_size = (~skipped).astype(np.int64)
        own = reported.astype(np.int64)
        parents = np.array(parent, dtype=np.int64)
        for node in range(n - 1, 0, -1):
            subtree[parents[node]] += subtree[node]
            walk_size[parents[node]] += walk_size[node]
        for node in range(1, n):
            if skipped[node] and not skipped[parents[node]]:
                own[parents[node]] += subtree[node]
        child_ptr, child_dim, child_node = [0], [], []
        for node in range(n):
            for c in kids[node]:
                if not skipped[c]:
                    child_dim.append(prefixes[c][-1])
                    child_node.append(c)
            child_ptr.append(len(child_dim))
        return cls(prefixes, parents, np.array(child_ptr, np.int64), np.array(child_dim, np.int64),
                   np.array(child_node, np.int64), reported, alias, subtree, own, walk_size)

    def tails(self, cards: Sequence[int], k: int, n_sens: int, limit: int
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Per node the columns read below it (QIDs of the walked subtree, then the sensitive
        ones) with dense-key strides, and the key space size (0 when above ``limit``); made
        once per tree and arguments (every task of a process uses them)."""
        key = ("tails", tuple(int(c) for c in cards), k, n_sens, limit)
        if key not in self._arrays:
            self._arrays[key] = self._tails(cards, k, n_sens, limit)
        return self._arrays[key]

    def _tails(self, cards: Sequence[int], k: int, n_sens: int, limit: int
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        n = len(self.prefixes)
        below = [0] * n
        for node in range(n - 1, -1, -1):
            for ci in self.children(node):
                child = int(self.child_node[ci])
                below[node] |= below[child] | (1 << int(self.child_dim[ci]))
        sens_space = 1
        for s in range(n_sens):
            sens_space *= max(1, cards[k + s])
        ptr, col, stride, size = [0], [], [], np.zeros(n, np.int64)
        for node in range(n):
            dims = [d for d in range(k) if below[node] >> d & 1]
            space = sens_space
            for d in dims:
                space *= max(1, cards[d])
            if self.has_children(node) and space <= limit:
                size[node] = space
                step = 1
                for j in dims + [k + s for s in range(n_sens)]:
                    col.append(j)
                    stride.append(step)
                    step *= max(1, cards[j])
            ptr.append(len(col))
        return np.array(ptr, np.int64), np.array(col, np.int64), np.array(stride, np.int64), size

    def below(self, k: int) -> tuple[np.ndarray, np.ndarray]:
        """Per node the QIDs of the walked subsets below it, as (pointers, QID numbers); made
        once per tree."""
        if ("below", k) not in self._arrays:
            self._arrays[("below", k)] = self._below(k)
        return self._arrays[("below", k)]

    def _below(self, k: int) -> tuple[np.ndarray, np.ndarray]:
        n = len(self.prefixes)
        below = [0] * n
        for node in range(n - 1, -1, -1):
            for ci in self.children(node):
                below[node] |= below[int(self.child_node[ci])] | (1 << int(self.child_dim[ci]))
        ptr, dims = [0], []
        for node in range(n):
            dims.extend(d for d in range(k) if below[node] >> d & 1)
            ptr.append(len(dims))
        return np.array(ptr, np.int64), np.array(dims, np.int64)

    def children(self, node: int) -> range:
        return range(int(self.child_ptr[node]), int(self.child_ptr[node + 1]))

    def has_children(self, node: int) -> bool:
        return self.child_ptr[node + 1] > self.child_ptr[node]

    def dims_below(self, node: int) -> list[int]:
        """QID numbers used by the walked subsets below ``node``."""
        seen: set[int] = set()
        stack = [node]
        while stack:
            v = stack.pop()
            for ci in self.children(v):
                seen.add(int(self.child_dim[ci]))
                stack.append(int(self.child_node[ci]))
        return sorted(seen)


@dataclass
class Subtree:
    """The rows of the subtree of the one-QID subset ``(dim,)``, ordered by that QID's code."""

    dim: int
    node: int
    rows: np.ndarray                  # row numbers in the table, by segment
    weights: Optional[np.ndarray]     # uint32 per row; None: every weight is 1
    bounds: np.ndarray                # segment starts and the end (int64)
    columns: list[int]                # table columns the walk reads (QIDs below, then sensitive)


@dataclass(frozen=True)
class SegmentTask:
    """Walk segments ``[lo, hi)`` of subtree ``dim``; or a piece of one segment too big for one
    task (``lo + 1 == hi``): its rows grouped down the tree's edges ``path`` (child QIDs) give
    the blocks of a node ``N``; ``kids`` None walks them and all below, else only ``N``'s
    edges ``[kids[0], kids[1])`` below them, and ``own`` counts ``N``'s blocks too."""

    dim: int
    lo: int
    hi: int
    estimate: float
    path: tuple[int, ...] = ()
    kids: Optional[tuple[int, int]] = None
    own: bool = True


def use_segments(data, family: Family) -> bool:
    """The segment sweep serves CRS/CAS; the privacy-model levels need the refinement walk.
    Small runs use the refinement walk (numpy only: no kernels to load)."""
    if data.models or data.n_rows == 0 or data.n_rows >= 2 ** 31 - 1:
        return False
    return data.n_rows * family.total >= MIN_ROW_SUBSETS


ENTROPY_ROWS = 1 << 20   # the walk order's entropies are taken on every n-th row, at most about this many


def entropy(codes: np.ndarray, card: int) -> float:
    """Shannon entropy (bits) of the codes, on evenly spaced rows of large tables: it only
    orders the walk, which changes its speed, never its counts."""
    codes = np.asarray(codes)
    codes = codes[::max(1, len(codes) // ENTROPY_ROWS)]
    counts = np.bincount(codes, minlength=card).astype(np.float64)
    p = counts[counts > 0] / max(1.0, counts.sum())
    return float(-(p * np.log2(p)).sum())


def reorder(data, family: Family):
    """The walk in order of decreasing entropy (then cardinality): QIDs that split the table
    most come first, so singletons appear early, and near-constant QIDs come last, where their
    subtrees are small. Returns the reordered data and family and ``order`` (internal number
    -> the caller's walk number); the family is unchanged if it cannot be renumbered."""
    from dataclasses import replace

    from .lattice import ExplicitFamily, UpToFamily

    k = len(data.qid_codes)
    score = [(-entropy(data.qid_codes[i], data.qid_cards[i]), -data.qid_cards[i], i) for i in range(k)]
    order = [i for _, _, i in sorted(score)]
    if isinstance(family, UpToFamily):
        renumbered: Family = family
    elif isinstance(family, ExplicitFamily):
        position = {i: j for j, i in enumerate(order)}
        renumbered = ExplicitFamily(k, [tuple(sorted(position[i] for i in subset))
                                        for subset in family.__getstate__()["subsets"]])
    else:
        return data, family, list(range(k))
    data = replace(data, qid_codes=[data.qid_codes[i] for i in order], qid_cards=[data.qid_cards[i] for i in order])
    return data, renumbered, order


def table_columns(data) -> tuple[list[np.ndarray], list[int]]:
    """Codes and cardinalities of the table columns: QIDs in walk order, then sensitive ones."""
    return list(data.qid_codes) + list(data.sensitive_codes), list(data.qid_cards) + list(data.sensitive_cards)


def dependencies(data, should_stop: Callable[[], bool] = lambda: False) -> dict[int, set[int]]:
    """``{c: {d, ...}}``: QID ``c`` is a function of the earlier QID ``d`` (walk numbers)."""
    from . import kernels

    found: dict[int, set[int]] = {}
    cards = list(data.qid_cards)
    for c in range(1, len(cards)):
        for d in range(c):
            if should_stop():
                return found
            if cards[c] == 1 or (cards[d] >= cards[c] and kernels.determines(
                    np.asarray(data.qid_codes[d]), cards[d], np.asarray(data.qid_codes[c]))):
                found.setdefault(c, set()).add(d)
    return found


def prepare(data, family: Family, should_stop: Callable[[], bool] = lambda: False,
            chain_share: float = CHAIN_SHARE, collapse_share: float = COLLAPSE_SHARE,
            use_dependencies: bool = True,
            on_subtree: Callable[[Subtree], None] = lambda subtree: None) -> tuple[Tree, list[Subtree]]:
    """The walked tree and its subtrees (collapsed where the data allows, sorted); each subtree
    is handed to ``on_subtree`` as soon as it is made. The refinement chain runs here while
    helper threads make the subtrees (collapsed tables, counting sorts) as their levels come:
    the kernels release the GIL (48M census rows: 6.7 -> 5.8-6.0 s)."""
    from . import block_kernels as kernels

    tree = Tree.of(family, dependencies(data, should_stop) if use_dependencies else None)
    n = data.n_rows
    k = len(data.qid_codes)
    roots = {int(tree.child_dim[ci]): int(tree.child_node[ci]) for ci in tree.children(0)}
    made: dict[int, Subtree] = {}

    def subtree(d: int, collapsed: Optional[tuple[np.ndarray, int]]) -> None:
        if should_stop():
            return
        node = roots[d]
        columns = tree.dims_below(node) + [k + s for s in range(len(data.sensitive_codes))]
        codes = np.asarray(data.qid_codes[d])
        if collapsed is not None:
            rows, weights, bounds = kernels.collapsed_segments(*collapsed, codes, data.qid_cards[d])
            made[d] = Subtree(d, node, rows, weights, bounds, columns)
        else:
            order, bounds = kernels.counting_order(codes, data.qid_cards[d])
            made[d] = Subtree(d, node, order, None, bounds, columns)
        on_subtree(made[d])

    with ThreadPoolExecutor(max_workers=2) as helper:
        futures = []
        rest = sorted(roots)
        if roots:
            ids = np.zeros(n, dtype=np.int32)
            n_ids = 1
            for codes, card in zip(data.sensitive_codes, data.sensitive_cards):
                ids, n_ids = kernels.refine_ids(ids, n_ids, np.asarray(codes), card)
            for d in range(k - 1, min(roots) - 1, -1):
                if should_stop():
                    break
                ids, n_ids = kernels.refine_ids(ids, n_ids, np.asarray(data.qid_codes[d]), data.qid_cards[d])
                if d in roots and n_ids <= collapse_share * n:
                    futures.append(helper.submit(subtree, d, (ids, n_ids)))
                    rest.remove(d)
                if n_ids > chain_share * n:
                    break
            del ids
        futures += [helper.submit(subtree, d, None) for d in rest]
        for future in futures:
            future.result()
    if should_stop():
        return tree, []
    return tree, [made[d] for d in sorted(made)]


def plan_segment_tasks(subtrees: Sequence[Subtree], tree: Tree, workers: int,
                       per_worker: int = 8) -> list[SegmentTask]:
    """Split subtrees into tasks of about equal estimated work (``per_worker`` per worker, each
    at most :data:`TASK_WORK`): ranges of segments, and a segment of more than twice that share
    is cut into pieces by the subsets below it (:func:`_pieces`). Tasks of at least half the
    share come first, the subtrees' pieces taking turns by their place in their subtree (subtrees differ in time per unit of estimate, so
    the progress's rate is the whole run's from the start: a steady ETA); the smaller tasks
    follow, largest first, so that the workers end together."""
    estimates = {s.dim: np.diff(s.bounds).astype(np.float64) * float(tree.walk_size[s.node]) for s in subtrees}
    total = sum(float(e.sum()) for e in estimates.values())
    share = min(total / (workers * per_worker), TASK_WORK) if workers > 1 and total > 0 else float("inf")
    tasks, turn = [], {}
    for s in subtrees:
        est = estimates[s.dim]
        mine: list[SegmentTask] = []
        lo = 0
        for big in np.flatnonzero(est > 2 * share):
            mine += _ranges(s.dim, est, lo, int(big), share)
            rows = int(s.bounds[big + 1] - s.bounds[big])
            mine += [SegmentTask(s.dim, int(big), int(big) + 1, e, path, kids, own)
                     for path, kids, own, e in _pieces(tree, s.node, (), rows, share)]
            lo = int(big) + 1
        mine += _ranges(s.dim, est, lo, len(est), share)
        for i, task in enumerate(mine):
            tasks.append(task)
            turn[task] = (i + 0.5) / len(mine)
    tasks.sort(key=lambda t: (0, turn[t], -t.estimate, t.dim) if t.estimate >= share / 2
               else (1, 0.0, -t.estimate, t.dim))
    return tasks


def _ranges(dim: int, est: np.ndarray, lo: int, hi: int, share: float) -> list[SegmentTask]:
    """Segments ``[lo, hi)`` cut into ranges of about ``share`` estimated work each."""
    if hi <= lo:
        return []
    part = est[lo:hi]
    pieces = max(1, int(round(float(part.sum()) / share))) if np.isfinite(share) else 1
    cuts = np.searchsorted(np.cumsum(part), float(part.sum()) * np.arange(1, pieces) / pieces)
    edges = np.unique(np.r_[0, np.minimum(cuts + 1, len(part)), len(part)]) + lo
    return [SegmentTask(dim, int(a), int(b), float(est[a:b].sum())) for a, b in zip(edges[:-1], edges[1:])]


def _pieces(tree: Tree, node: int, path: tuple[int, ...], rows: int, share: float
            ) -> list[tuple[tuple[int, ...], Optional[tuple[int, int]], bool, float]]:
    """Pieces ``(path, kids, own, estimate)`` of a block of ``rows`` rows at ``node`` (reached
    by the edges ``path``): whole when its estimate (rows x subsets walked at and below) is at
    most ``share``; else runs of its children's subtrees of at most ``share`` together (the
    first run also counts the node itself), a child's subtree above ``share`` cut in turn. The
    estimates add up to the block's."""
    if rows * float(tree.walk_size[node]) <= share or not tree.has_children(node):
        return [(path, None, True, rows * float(tree.walk_size[node]))]
    out: list[tuple[tuple[int, ...], Optional[tuple[int, int]], bool, float]] = []
    first, own, work = int(tree.child_ptr[node]), True, float(rows)   # the run of children being made
    for ci in tree.children(node):
        child_work = rows * float(tree.walk_size[int(tree.child_node[ci])])
        if ci > first and (child_work > share or work + child_work > share):
            out.append((path, (first, ci), own, work))
            first, own, work = ci, False, 0.0
        if child_work > share:
            out += _pieces(tree, int(tree.child_node[ci]), path + (ci,), rows, share)
            first = ci + 1          # the node's own count (if not yet made) goes with the next run
            continue
        work += child_work
    end = int(tree.child_ptr[node + 1])
    if own or end > first:
        out.append((path, (first, end), own, work))
    return out


class TaskResult:
    """Counts of one task: per node the count vector and the pruned (blocks, singletons,
    weight), as int64; ``work`` per node is the number of rows grouped to reach it."""

    def __init__(self, n_nodes: int, width: int) -> None:
        self.counts = np.zeros((n_nodes, width), np.int64)
        self.pruned = np.zeros((n_nodes, PRUNED_WIDTH), np.int64)
        self.work = np.zeros(n_nodes, np.int64)

    def add(self, other: "TaskResult") -> None:
        self.counts += other.counts
        self.pruned += other.pruned
        self.work += other.work


def layout(cards: Sequence[int], columns: Sequence[int], n_columns: int
           ) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    """Bit positions of ``columns`` in 64-bit words: (words, word index, shift, mask) per
    table column; a column with one value takes no bits."""
    wi = np.zeros(n_columns, np.int64)
    shift = np.zeros(n_columns, np.int64)
    mask = np.zeros(n_columns, np.uint64)
    word, used = 0, 0
    for j in columns:
        bits = int(cards[j] - 1).bit_length()
        if used + bits > 64:
            word, used = word + 1, 0
        wi[j], shift[j], mask[j] = word, used, np.uint64((1 << bits) - 1)
        used += bits
    return word + 1, wi, shift, mask


@dataclass(frozen=True)
class Tuning:
    """Work sizes of the walk (they change speed, never counts)."""

    batch_work: int
    split_work: int
    split_rows: int
    collapse_keys: int
    tally_keys: int = TALLY_KEYS
    tally_groups: int = TALLY_GROUPS
    tally_pairs: int = TALLY_PAIRS
    tally_dense: int = TALLY_DENSE
    tally_joint: bool = TALLY_JOINT
    bits_rows: int = BITS_ROWS

    @classmethod
    def current(cls) -> "Tuning":
        """The module's settings now (tests shrink them to reach every code path)."""
        return cls(BATCH_WORK, SPLIT_WORK, SPLIT_ROWS, COLLAPSE_KEYS, TALLY_KEYS, TALLY_GROUPS, TALLY_PAIRS,
                   TALLY_DENSE, TALLY_JOINT, BITS_ROWS)


def _tally_arrays(c_wi: np.ndarray, c_shift: np.ndarray, c_mask: np.ndarray, columns: Sequence[int], k: int,
                  n_sens: int, max_seg: int, tuning: Tuning):
    """The counters of :func:`engine.sweep.kernels._tally` (a :data:`kernels.Tally`): per
    group, one counter per combination of sensitive values (JOINT: their codes are packed
    together at the start of word 0, at most ``tally_dense`` combinations), else each
    attribute's codes take mask + 1 slots after ``offset[s]`` (DENSE when at most
    ``tally_dense`` in all, else NOTED); per walk depth, room for ``tally_groups`` groups."""
    from . import kernels

    spans = [int(c_mask[k + s]) + 1 for s in range(n_sens)]
    offset = np.r_[0, np.cumsum(spans, dtype=np.int64)].astype(np.int64)
    combinations = int(np.prod(spans, dtype=np.int64)) if spans else 1
    packed = all(int(c_wi[k + s]) == 0 for s in range(n_sens)) and (
        n_sens == 0 or (int(c_shift[k]) == 0 and
                        all(int(c_shift[k + s + 1]) == int(c_shift[k + s]) + int(c_mask[k + s]).bit_length()
                            for s in range(n_sens - 1))))
    if tuning.tally_joint and packed and combinations <= max(1, tuning.tally_dense):
        mode, width = kernels.JOINT, combinations
    elif int(offset[-1]) <= tuning.tally_dense:
        mode, width = kernels.DENSE, int(offset[-1])
    else:
        mode, width = kernels.NOTED, int(offset[-1])
    widest = max([int(c_mask[j]) + 1 for j in columns if j < k] + [1])
    widest = max(widest, min(widest * widest, tuning.tally_pairs))
    groups = max(1, min(max_seg, widest, tuning.tally_groups))
    keys = min(tuning.tally_keys, groups * width)
    in_use = min(keys, (max_seg + 1) * n_sens)
    depths = sum(1 for j in columns if j < k) + 2
    return kernels.Tally(np.zeros(keys, np.int64), np.empty(in_use, np.int64), np.empty(in_use, np.int64), offset,
                         np.empty(groups + 1, np.int64), np.empty((groups + 1) * max(n_sens, 1), np.int64),
                         np.empty(groups + 1, np.int64), np.empty(groups + 1, np.int64),
                         np.zeros(max(1, int(offset[-1])), np.int64),
                         np.array([mode, width], np.int64),
                         np.empty((depths, groups + 2), np.int32), np.empty((depths, groups + 1), np.int64),
                         np.empty((depths, groups + 1, max(n_sens, 1)), np.int64))


def run_task(data, tree: Tree, subtree: Subtree, task: SegmentTask, width: int,
             should_stop: Callable[[], bool], on_credit: Callable[[float], None],
             tuning: Optional[Tuning] = None) -> Optional[TaskResult]:
    """Walk the task's segments; ``on_credit`` gets the finished work in the units of
    :attr:`SegmentTask.estimate` (rows x subsets walked at and below their node; a piece's rows
    in blocks of one row along its path are credited at its end). Returns None when stopped."""
    credited = [0.0]

    def credit(amount: float) -> None:
        credited[0] += amount
        on_credit(amount)

    result = _run_task(data, tree, subtree, task, width, should_stop, credit, tuning)
    if result is not None and task.estimate > credited[0]:
        on_credit(task.estimate - credited[0])
    return result


def _run_task(data, tree: Tree, subtree: Subtree, task: SegmentTask, width: int,
              should_stop: Callable[[], bool], on_credit: Callable[[float], None],
              tuning: Optional[Tuning]) -> Optional[TaskResult]:
    from . import kernels

    tuning = tuning or Tuning.current()
    batch_work, split_work, split_rows = tuning.batch_work, tuning.split_work, tuning.split_rows
    collapse_keys = tuning.collapse_keys

    codes, cards = table_columns(data)
    k = len(data.qid_codes)
    n_sens = len(data.sensitive_codes)
    start, end = int(subtree.bounds[task.lo]), int(subtree.bounds[task.hi])
    rows = np.asarray(subtree.rows[start:end])
    n_local = end - start
    sensitive_first = [j for j in subtree.columns if j >= k] + [j for j in subtree.columns if j < k]
    n_words, c_wi, c_shift, c_mask = layout(cards, sensitive_first, len(codes))
    bounds = np.asarray(subtree.bounds[task.lo:task.hi + 1], dtype=np.int64) - start
    max_seg = int(np.diff(bounds).max()) if len(bounds) > 1 else 1
    tail_ptr, tail_col, tail_stride, tail_size = tree.tails(cards, k, n_sens, collapse_keys)
    below_ptr, below_dim = tree.below(k)
    # Rows, then room for collapsed copies of blocks (a stack, at most two segments deep).
    capacity = n_local + (2 * max_seg if tail_size.any() else 0)
    words = np.zeros((capacity, n_words), np.uint64)
    for j in subtree.columns:
        if should_stop():
            return None
        if c_mask[j]:
            kernels.pack(words, c_wi[j], c_shift[j], codes[j], rows)
    del rows
    wts = np.ones(capacity, np.uint32)
    if subtree.weights is not None:
        wts[:n_local] = subtree.weights[start:end]
    cmap2 = np.full(int(tail_size.max()) if tail_size.any() else 1, -1, np.int32)
    s_wi, s_shift, s_mask = (c_wi[k:].copy(), c_shift[k:].copy(), c_mask[k:].copy())
    max_card = max([cards[j] for j in subtree.columns if j < k] + [1])
    max_sens = max([cards[k + s] for s in range(n_sens)] + [1])
    cmap = np.full(max(max_card, tuning.tally_pairs), -1, np.int32)
    keys = np.empty(max(max_seg + 1, len(cmap2)), np.int64)
    sizes = np.empty(max_seg + 1, np.int64)
    labels = np.empty(max_seg + 1, np.int32)
    tmp_words = np.empty((max_seg + 1, n_words), np.uint64)
    tmp_wts = np.empty(max_seg + 1, np.uint32)
    hist = np.zeros(max_sens, np.int64)
    touched = np.empty(min(max_seg, max_sens) + 1, np.int64)
    tally = _tally_arrays(c_wi, c_shift, c_mask, subtree.columns, k, n_sens, max_seg, tuning)
    result = TaskResult(len(tree.prefixes), width)
    packed = kernels.Rows(words, wts)
    lattice = kernels.Lattice(tree.child_ptr, tree.child_dim, tree.child_node, below_ptr, below_dim)
    cols = kernels.Packing(c_wi, c_shift, c_mask)
    sens = kernels.Packing(s_wi, s_shift, s_mask)
    out = kernels.Output(result.counts, result.pruned, result.work)
    table = np.zeros(2 * max(len(cmap), len(hist)), np.uint64)     # row sets: two words per code, 0 between uses
    scratch = kernels.Scratch(cmap, keys, sizes, labels, tmp_words, tmp_wts, hist, touched, table)
    tails = kernels.Tails(tail_ptr, tail_col, tail_stride, tail_size, cmap2)
    sets = kernels.row_sets(len(c_wi), n_sens)

    def call(node: int, seg_bounds: np.ndarray, lo: int, hi: int, descend: bool) -> None:
        kernels.process(node, packed, seg_bounds, lo, hi, descend, lattice, cols, sens, out, scratch, tails,
                        tally, n_local, min(tuning.bits_rows, kernels.BITS2), *sets)

    def segments(node: int, seg_bounds: np.ndarray) -> bool:
        cost = float(tree.walk_size[node])
        lengths = np.diff(seg_bounds)
        n_seg = len(lengths)
        big = tree.has_children(node)
        s = 0
        while s < n_seg:
            if should_stop():
                return False
            m = int(lengths[s])
            if big and m * cost > split_work and m > split_rows:
                if not split(node, int(seg_bounds[s]), int(seg_bounds[s + 1])):
                    return False
                s += 1
                continue
            lo, work = s, 0.0
            while s < n_seg:
                m = int(lengths[s])
                if s > lo and (work + m * cost > batch_work or (big and m * cost > split_work and m > split_rows)):
                    break
                work += m * cost
                s += 1
            call(node, seg_bounds, lo, s, True)
            on_credit(work)
        return True

    def regroup(ci: int, blocks: np.ndarray) -> np.ndarray:
        """The blocks of edge ``ci``'s child inside ``blocks`` (their rows grouped in place)."""
        c = int(tree.child_dim[ci])
        out_bounds = np.empty(int(blocks[-1] - blocks[0]) + 1, np.int64)
        n_groups = kernels.group_blocks(packed, blocks, c_wi[c], c_shift[c], c_mask[c], scratch, out_bounds)
        result.work[int(tree.child_node[ci])] += int(blocks[-1] - blocks[0])
        return out_bounds[:n_groups + 1].copy()

    def multi(blocks: np.ndarray) -> np.ndarray:
        """The blocks of more than one row, their rows moved to the front in order: a block of
        one row is counted where it appears (for every subset below), never walked again."""
        lengths = np.diff(blocks)
        kept = lengths > 1
        if kept.all():
            return blocks
        a, b = int(blocks[0]), int(blocks[-1])
        keep = np.repeat(kept, lengths)
        n_kept = int(keep.sum())
        words[a:a + n_kept] = words[a:b][keep]
        wts[a:a + n_kept] = wts[a:b][keep]
        return np.r_[a, a + np.cumsum(lengths[kept])].astype(np.int64)

    def below(node: int, blocks: np.ndarray, kids: range, own: bool) -> bool:
        """Count ``node``'s blocks (when ``own``), then walk its edges ``kids`` inside them."""
        if own:
            call(node, blocks, 0, len(blocks) - 1, False)
            on_credit(float(blocks[-1] - blocks[0]))
        if len(kids):
            blocks = multi(blocks)
        for ci in kids:
            if should_stop() or not segments(int(tree.child_node[ci]), regroup(ci, blocks)):
                return False
        return True

    def split(node: int, a: int, b: int) -> bool:
        return below(node, np.array([a, b], np.int64), tree.children(node), True)

    try:
        node = subtree.node
        if task.path or task.kids is not None:       # a piece of one segment: bounds == [0, n_local]
            for ci in task.path:
                bounds, node = regroup(ci, multi(bounds)), int(tree.child_node[ci])
            if task.kids is not None:
                return result if below(node, bounds, range(*task.kids), task.own) else None
        if not segments(node, bounds):
            return None
        return result
    finally:
        # segments, split and below call one another: a reference cycle that would keep the
        # task's arrays alive until a collection (none while a run pauses the collector)
        segments = split = below = None  # noqa: F841


def finish(tree: Tree, total: TaskResult, n_sensitive: int) -> dict[tuple[int, ...], np.ndarray]:
    """Add the pruned single-row blocks to the node they were pruned at and to its walked
    descendants, copy the counts of dependent subsets, and return the vectors of the reported
    subsets (float64)."""
    n = len(tree.prefixes)
    inherited = total.pruned.copy()
    for node in range(1, n):                      # breadth-first numbering: parents come first
        p = tree.parent[node]
        if p > 0:
            inherited[node] += inherited[p]
    counts = total.counts.copy()
    counts[:, BLOCKS] += inherited[:, PRUNED_BLOCKS]
    counts[:, SINGLETONS] += inherited[:, PRUNED_SINGLETONS]
    for s in range(n_sensitive):
        counts[:, max_sum_column(s)] += inherited[:, PRUNED_WEIGHT]
        counts[:, constant_column(s)] += inherited[:, PRUNED_WEIGHT]
    counts = counts[tree.alias]
    return {tree.prefixes[node]: counts[node].astype(np.float64) for node in np.flatnonzero(tree.reported)}


def compile_once(on_progress: Optional[ProgressCallback] = None, elsewhere: bool = False,
                 cancel: Optional[CancelToken] = None) -> bool:
    """When numba's cache is on but holds none of the kernels for this code (the first large
    sweep on a new machine, or after an update), report the stage ``compiling`` and compile
    them all into the cache: in this process, or with ``elsewhere`` in a worker process, where
    a cancel stops the compilation at once and this process (the window's) stays free (the
    sweep then loads them from the cache). Returns whether the kernels were missing."""
    from . import kernels

    if not kernels.CACHE or kernels.segment_kernels_cached():
        return False
    ProgressReporter("compiling", 1, on_progress).update(0, force=True)
    if not elsewhere:
        warm_up()
        return True
    from ..foundation.i18n import N_
    from ..foundation.workers import WorkerPool

    with WorkerPool("compile", N_("compiling the sweep kernels")) as pool:
        pool.run(warm_up, [()], jobs=1, cancel=cancel, on_result=lambda *_: None)
    return True


def load_kernels() -> tuple[bool, float]:
    """Load (or compile) every kernel in this process: whether all came from the cache (numba
    counted no cache miss), and the seconds it took."""
    from . import kernels

    seconds = warm_up()
    misses = sum(sum(kernel.stats.cache_misses.values()) for kernel in kernels.SEGMENT_KERNELS)
    return misses == 0, seconds


def set_up_numba() -> None:
    """Import numba and the kernels and load them from the cache: numba's one-time set-up and
    the kernels (about half a second), done on a thread while the file is read, before this
    process prepares and sweeps. Nothing is compiled here (:func:`compile_once` does that)."""
    from . import block_kernels
    from . import kernels

    block_kernels.counting_order(np.zeros(2, dtype=np.uint8), 1)
    if kernels.segment_kernels_cached():
        warm_up()


def warm_up() -> float:
    """Compile (or load from the cache) every kernel on a tiny table, and the histograms' tally
    for block ids and narrow codes (so that numba's cache holds it after the first sweep:
    :func:`engine.attacks.histograms.compiled_pays`); returns the seconds."""
    import time

    from . import block_kernels
    from .lattice import UpToFamily
    from .walker import SweepData

    start = time.perf_counter()
    for dtype in (np.int32, np.uint8, np.uint16):
        block_kernels.risk_tally(np.zeros(2, np.int32), 1, np.zeros(2, dtype), 2, 1)
    block_kernels.drop_singles(np.zeros(2, np.int32), 1, np.empty(0, np.int32), 0)
    rng = np.random.default_rng(0)
    n = 64
    cards = [300, 70000, 5, 1]
    codes = [rng.integers(0, c, n).astype(np.uint16 if c <= 65536 else np.uint32) for c in cards[:2]]
    codes += [rng.integers(0, c, n).astype(np.uint8) for c in cards[2:]]
    data = SweepData(codes, cards, [rng.integers(0, 2, n).astype(np.uint8)], [2], n)
    tree, subtrees = prepare(data, UpToFamily(len(cards), len(cards)))
    by_dim = {s.dim: s for s in subtrees}
    for task in plan_segment_tasks(subtrees, tree, 1):
        run_task(data, tree, by_dim[task.dim], task, data.width, lambda: False, lambda c: None,
                 Tuning(1, 1, 1, COLLAPSE_KEYS))
    return time.perf_counter() - start
