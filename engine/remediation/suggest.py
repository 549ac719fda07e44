"""The least-loss release meeting a target: a search of the lattice of hierarchy levels
(docs/methods.md, "Suggested release").

A node gives each QID a level (0 = original). Records of blocks smaller than ``k`` are
suppressed (their QIDs blanked); a node meets the target when at most ``max_suppression``
percent of the records are suppressed and, if given, the analysis thresholds hold on the
released data (the suppressed records form one block of blanks): the share of unique
records, the mean re-identification probability (blocks / n), and for each sensitive
column the rise over the prior of the share of records whose block has one sensitive value.

Search (after ARX's Flash): raising a level only merges blocks, so k-anonymity with a
suppression limit is monotone: a node above one that meets it meets it too, a node below
one that fails fails too. Unknown nodes are decided by binary search along upward chains,
each evaluation tagging the whole cone above (met) or below (failed). The thresholds are
monotone too when no record can be suppressed (k = 1 or a limit of 0 records); otherwise
every node is evaluated. Among the nodes that meet the target, the least loss is found by
evaluating them in increasing order of a lower bound of the loss (height: exact; entropy:
its generalisation part, which suppression only raises); the result is proved optimal when
every node was decided and the bound passed the runners-up within the time limit.
Nodes are evaluated on the distinct QID combinations with their counts, each column's codes
mapped through its level tables.
"""

from __future__ import annotations

import itertools
import math
import time
from dataclasses import dataclass, field
from typing import Any, Iterator, Optional, Sequence

import numpy as np

from ..foundation.errors import InputError
from ..formulas.inference import prior_inference_det
from ..io.encode import EncodedTable
from ..sweep.partition import partition
from ..foundation.progress import CancelToken, ProgressCallback, ProgressReporter
from ..analysis.config import twice_as
from ..foundation.i18n import N_
from ..foundation.messages import message
from ..analysis.validation import Problem, at_least, between, no_quasi_identifier, not_one_of, raise_first, share
from .hierarchy import Hierarchy, level_tables
from .loss import METRICS, arx_round, generalisation_entropy, suppression_entropy

KEY_LIMIT = 1 << 62


@dataclass(frozen=True)
class SuggestTarget:
    """k-anonymity with at most ``max_suppression`` percent of records suppressed, and
    optionally the analysis thresholds (shares in [0, 1])."""

    k: int = 2
    max_suppression: float = 0.0
    max_unique_share: Optional[float] = None
    max_reid_prob: Optional[float] = None
    max_inference_gain: Optional[float] = None

    @property
    def has_thresholds(self) -> bool:
        return any(v is not None for v in (self.max_unique_share, self.max_reid_prob, self.max_inference_gain))

    def limit(self, n: int) -> int:
        """Most records that may be suppressed: floor(max_suppression / 100 * n)."""
        return int(np.floor(self.max_suppression / 100.0 * n + 1e-9))


@dataclass(frozen=True)
class SuggestConfig:
    """What to search: QIDs (those without a hierarchy stay at level 0), sensitive columns
    (for the inference threshold), the target, the loss metric and the time limit."""

    qids: tuple[str, ...]
    hierarchies: tuple[tuple[str, Hierarchy], ...]
    target: SuggestTarget = SuggestTarget()
    sensitive: tuple[str, ...] = ()
    metric: str = "entropy"
    max_seconds: Optional[float] = None
    alternatives: int = 5

    def validate(self, columns: Sequence[str] = ()) -> None:
        raise_first(self.structure_problems() + self.problems())
        known = set(columns)
        if known:
            for name in (*self.qids, *self.sensitive):
                if name not in known:
                    raise InputError(message(N_("no column {column!r} in the data"), column=name))

    def structure_problems(self) -> list[Problem]:
        """The structural rules this config breaks, by field: a quasi-identifier chosen, each
        once, hierarchies only for them, a sensitive column for the inference-gain limit, a
        known loss metric."""
        out = []
        if not self.qids:
            out.append(no_quasi_identifier("qids"))
        for column in sorted({c for c in self.qids if self.qids.count(c) > 1}, key=self.qids.index):
            out.append(Problem.about("qids", twice_as(column, "quasi_identifiers")))
        for name, _ in self.hierarchies:
            if name not in self.qids:
                out.append(Problem.about("hierarchies", message(N_(
                    "column {column!r} is not one of the quasi-identifiers ({qids})"), column=name,
                    qids=", ".join(self.qids))))
        if self.target.max_inference_gain is not None and not self.sensitive:
            out.append(Problem("sensitive", "COL",
                               lead=message(N_("an inference-gain limit needs a sensitive column: give "))))
        if self.metric not in METRICS:
            out.append(not_one_of("metric", self.metric, METRICS))
        return out

    def problems(self) -> list[Problem]:
        """The value rules this config breaks (:mod:`engine.analysis.validation`), by field."""
        target = self.target
        out = at_least("target.k", target.k, 1) + between("target.max_suppression", target.max_suppression, 0, 100,
                                                            N_("must be between {low} and {high} percent"))
        for name in ("max_unique_share", "max_reid_prob", "max_inference_gain"):
            if getattr(target, name) is not None:
                out += share(f"target.{name}", getattr(target, name))
        if self.max_seconds is not None and not self.max_seconds > 0:
            out.append(Problem("max_seconds", message(N_("must be positive")), self.max_seconds))
        return out + at_least("alternatives", self.alternatives, 0)

    def hierarchy(self, column: str) -> Optional[Hierarchy]:
        return dict(self.hierarchies).get(column)


@dataclass(frozen=True)
class NodeScore:
    """One node that meets the target: its levels, suppressed records and loss."""

    levels: tuple[int, ...]
    suppressed_records: int
    loss: float

    def to_dict(self, qids: Sequence[str]) -> dict[str, Any]:
        return {"levels": dict(zip(qids, self.levels)), "suppressed_records": self.suppressed_records,
                "loss": self.loss}


@dataclass(frozen=True)
class Suggestion:
    """The least-loss node found (None: no node meets the target), whether that is proved,
    and the runners-up."""

    qids: tuple[str, ...]
    best: Optional[NodeScore]
    alternatives: tuple[NodeScore, ...]
    optimal: bool
    metric: str
    target: SuggestTarget
    nodes_total: int
    nodes_checked: int
    seconds: float
    stopped_early: bool = False
    monotone: bool = True
    records: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        best = self.best.to_dict(self.qids) if self.best else {"levels": None, "suppressed_records": None,
                                                                "loss": None}
        return {**best, "k": self.target.k, "optimal": self.optimal,
                "alternatives": [a.to_dict(self.qids) for a in self.alternatives],
                "metric": self.metric, "max_suppression_percent": self.target.max_suppression,
                "records": self.records, "nodes_total": self.nodes_total, "nodes_checked": self.nodes_checked,
                "seconds": round(self.seconds, 3), "stopped_by_time_limit": self.stopped_early,
                "found": self.best is not None, **self.extra}


@dataclass
class _Evaluation:
    suppressed: int
    meets: bool
    loss: Optional[float] = None


class Lattice:
    """The nodes of the QIDs' levels and their evaluation on the distinct combinations."""

    def __init__(self, table: EncodedTable, config: SuggestConfig) -> None:
        self.config = config
        self.n = table.n_rows
        qids, sensitive = list(config.qids), [s for s in config.sensitive if s not in config.qids]
        self.tables = [level_tables(config.hierarchy(q), table[q]) for q in qids]
        self.heights = tuple(len(t) for t in self.tables)
        used = qids + sensitive
        ids, n_blocks, sizes = partition([(table[c].codes, table[c].cardinality) for c in used], self.n)
        first = np.zeros(n_blocks, dtype=np.int64)
        first[ids[::-1]] = np.arange(self.n - 1, -1, -1)
        self.weights = sizes.astype(np.int64)
        tuple_codes = [table[q].codes[first].astype(np.int64) for q in qids]
        # codes of the distinct combinations at every level, and the per-level cardinalities
        self.mapped = [[t.codes[codes].astype(np.int64) for t in levels]
                       for codes, levels in zip(tuple_codes, self.tables)]
        self.cards = [[t.cardinality for t in levels] for levels in self.tables]
        self.sensitive = [(table[s].codes[first].astype(np.int64), table[s].cardinality,
                           prior_inference_det(np.bincount(table[s].codes, minlength=table[s].cardinality)))
                          for s in config.sensitive]
        counts = [np.bincount(table[q].codes, minlength=table[q].cardinality) for q in qids]
        self.generalisation = [[-generalisation_entropy(c, t.codes, t.cardinality) for t in levels]
                               for c, levels in zip(counts, self.tables)]
        self.limit = config.target.limit(self.n)
        target = config.target
        self.monotone = not target.has_thresholds or target.k == 1 or self.limit == 0

    def group(self, levels: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        """(block id of each distinct combination, block sizes) at the node."""
        import pandas as pd

        key = None
        space = 1
        for column, level in enumerate(levels):
            codes, card = self.mapped[column][level], self.cards[column][level]
            if key is None:
                key, space = codes, card
                continue
            if space * card >= KEY_LIMIT:
                key, uniques = pd.factorize(key)
                space = len(uniques)
            key = key * card + codes
            space *= card
        if key is None:
            ids = np.zeros(len(self.weights), dtype=np.int64)
        else:
            ids, _ = pd.factorize(key)
        return ids, np.bincount(ids, weights=self.weights).astype(np.int64)

    def evaluate(self, levels: Sequence[int], with_loss: bool = True) -> _Evaluation:
        ids, sizes = self.group(levels)
        k = self.config.target.k
        small = sizes < k
        suppressed = int(sizes[small].sum())
        meets = suppressed <= self.limit and self._thresholds(ids, sizes, small, suppressed)
        result = _Evaluation(suppressed, meets)
        if meets and with_loss:
            result.loss = self.loss(levels, ids, sizes, small, suppressed)
        return result

    def _thresholds(self, ids: np.ndarray, sizes: np.ndarray, small: np.ndarray, suppressed: int) -> bool:
        target = self.config.target
        if not target.has_thresholds:
            return True
        kept = ~small
        n = self.n
        if target.max_unique_share is not None:
            unique = int(np.count_nonzero(kept & (sizes == 1))) + (1 if suppressed == 1 else 0)
            if unique / n > target.max_unique_share:
                return False
        if target.max_reid_prob is not None:
            blocks = int(np.count_nonzero(kept)) + (1 if suppressed else 0)
            if blocks / n > target.max_reid_prob:
                return False
        if target.max_inference_gain is not None:
            tuple_small = small[ids]
            block_of = np.where(tuple_small, len(sizes), ids)  # suppressed records: one block
            all_sizes = np.append(np.where(small, 0, sizes), suppressed)
            for codes, card, prior in self.sensitive:
                pairs = np.unique(block_of * card + codes)
                distinct = np.bincount(pairs // card, minlength=len(all_sizes))
                certain = int(all_sizes[distinct == 1].sum())
                if certain / n - prior > target.max_inference_gain:
                    return False
        return True

    def bound_part(self, column: int, level: int) -> float:
        """The QID's share of a lower bound of the loss at ``level`` (the bound is their sum;
        exact for height; entropy: the generalisation part, which suppression only raises)."""
        metric = self.config.metric
        if metric == "height":
            return float(level)
        if metric == "entropy":
            value = self.generalisation[column][level]
            return arx_round(value) if value else 0.0
        return float(self.n) if column == 0 else 0.0

    def bound(self, levels: Sequence[int]) -> float:
        """A lower bound of the node's loss (exact for height)."""
        return float(sum(self.bound_part(c, level) for c, level in enumerate(levels)))

    def loss(self, levels: Sequence[int], ids: np.ndarray, sizes: np.ndarray, small: np.ndarray,
             suppressed: int) -> float:
        metric = self.config.metric
        if metric == "height":
            return float(sum(levels))
        if metric == "discernibility":
            return float(np.sum(sizes[~small].astype(np.float64) ** 2) + suppressed * float(self.n))
        total = 0.0
        tuple_small = small[ids] if suppressed else None
        for column, level in enumerate(levels):
            value = -self.generalisation[column][level]
            if suppressed:
                codes = self.mapped[column][level][tuple_small]
                counts = np.bincount(codes, weights=self.weights[tuple_small], minlength=self.cards[column][level])
                value += suppression_entropy(counts)
            total += arx_round(-value) if value != 0.0 else 0.0
        return total

    def evaluate_classes(self, levels: Sequence[int], codes: np.ndarray, sizes: np.ndarray) -> _Evaluation:
        """The evaluation of a node from its classes (codes at the node's levels, record
        counts), for a target without analysis thresholds; the same as :meth:`evaluate`."""
        small = sizes < self.config.target.k
        suppressed = int(sizes[small].sum())
        result = _Evaluation(suppressed, suppressed <= self.limit)
        if not result.meets:
            return result
        metric = self.config.metric
        if metric == "height":
            result.loss = float(sum(levels))
        elif metric == "discernibility":
            result.loss = float(np.sum(sizes[~small].astype(np.float64) ** 2) + suppressed * float(self.n))
        else:
            total = 0.0
            for column, level in enumerate(levels):
                value = -self.generalisation[column][level]
                if suppressed:
                    counts = np.bincount(codes[small, column], weights=sizes[small],
                                         minlength=self.cards[column][level])
                    value += suppression_entropy(counts)
                total += arx_round(-value) if value != 0.0 else 0.0
            result.loss = total
        return result

    def nodes(self) -> Iterator[tuple[int, ...]]:
        """Every node in lattice order, one at a time (never a list of them)."""
        return itertools.product(*(range(h) for h in self.heights))


def _rank(score: NodeScore) -> tuple:
    return (score.loss, sum(score.levels), score.levels)


class _Antichain:
    """Nodes of which none lies above another, as rows of levels: the least nodes known to
    meet the target (everything above one meets) or the greatest known to fail (everything
    below one fails). It grows with the nodes evaluated, not with the lattice."""

    def __init__(self, width: int) -> None:
        self.rows = np.zeros((8, width), dtype=np.int32)
        self.size = 0

    def below(self, node: Sequence[int]) -> bool:
        """Whether a row lies at or below ``node`` on every QID."""
        return self.size > 0 and bool((self.rows[:self.size] <= node).all(1).any())

    def above(self, node: Sequence[int]) -> bool:
        """Whether a row lies at or above ``node`` on every QID."""
        return self.size > 0 and bool((self.rows[:self.size] >= node).all(1).any())

    def add_least(self, node: Sequence[int]) -> None:
        """Add a node that meets: rows above it are now implied by it."""
        self._add(node, (self.rows[:self.size] >= node).all(1))

    def add_greatest(self, node: Sequence[int]) -> None:
        """Add a node that fails: rows below it are now implied by it."""
        self._add(node, (self.rows[:self.size] <= node).all(1))

    def _add(self, node: Sequence[int], implied: np.ndarray) -> None:
        kept = self.rows[:self.size][~implied]
        if len(kept) + 1 > len(self.rows):
            self.rows = np.zeros((2 * len(self.rows), self.rows.shape[1]), dtype=np.int32)
        self.rows[:len(kept)] = kept
        self.rows[len(kept)] = node
        self.size = len(kept) + 1


class _Search:
    """The search's state: how many nodes were evaluated and, for a monotone target, which
    (by node number), the least nodes known to meet and the greatest known to fail; the
    ``keep`` best nodes so far."""

    def __init__(self, lattice: Lattice, keep: int, deadline: Optional[float], cancel: Optional[CancelToken]) -> None:
        self.lattice = lattice
        self.heights = lattice.heights
        self.strides = [math.prod(self.heights[i + 1:]) for i in range(len(self.heights))]
        self.evaluated: set[int] = set()
        self.checked = 0
        self.meeting = _Antichain(len(self.heights))
        self.failing = _Antichain(len(self.heights))
        self.keep = keep
        self.best: list[tuple[tuple, NodeScore]] = []
        self.deadline = deadline
        self.cancel = cancel
        self.top = tuple(h - 1 for h in self.heights)
        self.all_fail = False
        self.evaluate_node = lattice.evaluate

    def number(self, node: Sequence[int]) -> int:
        """The node's place in lattice order: its levels read as a mixed-radix number."""
        return sum(level * stride for level, stride in zip(node, self.strides))

    def out_of_time(self) -> bool:
        if self.cancel is not None:
            self.cancel.raise_if_cancelled()
        return self.deadline is not None and time.monotonic() > self.deadline

    def status(self, node: Sequence[int]) -> int:
        """For a monotone target: 1 meets, -1 fails, 0 not known yet."""
        if self.meeting.below(node):
            return 1
        return -1 if self.failing.above(node) else 0

    def evaluate(self, node: tuple[int, ...]) -> _Evaluation:
        result = self.evaluate_node(node)
        self.checked += 1
        if result.meets:
            self.offer(node, result)
        if self.lattice.monotone:
            self.evaluated.add(self.number(node))
            (self.meeting.add_least if result.meets else self.failing.add_greatest)(node)
            self.all_fail = self.all_fail or (not result.meets and node == self.top)
        return result

    def offer(self, node: tuple[int, ...], result: _Evaluation) -> None:
        """Keep the node among the ``keep`` best by (loss, height, levels)."""
        score = NodeScore(tuple(int(v) for v in node), result.suppressed, float(result.loss))
        if any(item[1].levels == score.levels for item in self.best):
            return
        self.best.append((_rank(score), score))
        self.best.sort(key=lambda item: item[0])
        del self.best[self.keep:]

    def decide(self, node: tuple[int, ...]) -> Optional[bool]:
        """Decide an unknown node of a monotone target: an upward chain of unknown nodes from
        it, then binary search on the chain (each evaluation tags the cone above or below);
        None when the time ran out first."""
        path = [node]
        current = list(node)
        while True:
            for column in range(len(current)):
                if current[column] + 1 < self.heights[column]:
                    current[column] += 1
                    if self.status(current) == 0:
                        break
                    current[column] -= 1
            else:
                break
            path.append(tuple(current))
        lo, hi = 0, len(path) - 1
        while lo <= hi:
            mid = (lo + hi) // 2
            known = self.status(path[mid])
            if known == 0:
                if self.out_of_time():
                    return None
                known = 1 if self.evaluate(path[mid]).meets else -1
            if known == 1:
                hi = mid - 1
            else:
                lo = mid + 1
        return self.status(node) == 1

    def full(self) -> bool:
        return len(self.best) >= self.keep

    def worst(self) -> float:
        """The loss of the last node kept."""
        return self.best[-1][0][0]

    def bounds(self) -> list[list[float]]:
        """Per QID and level, the lower bound of the loss made non-decreasing in the level
        (the least bound at that level or above), so that a node's bound never falls below
        the bound of a node under it."""
        table = []
        for column, height in enumerate(self.heights):
            values = [self.lattice.bound_part(column, level) for level in range(height)]
            for level in range(height - 2, -1, -1):
                values[level] = min(values[level], values[level + 1])
            table.append(values)
        return table


def _nodes_of_height(heights: Sequence[int], height: int) -> Iterator[tuple[int, ...]]:
    """The nodes whose levels sum to ``height``, in lattice order, one at a time."""
    width = len(heights)
    room = [sum(h - 1 for h in heights[c:]) for c in range(width)] + [0]

    def extend(column: int, left: int, prefix: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if column == width:
            yield prefix
            return
        for level in range(max(0, left - room[column + 1]), min(heights[column] - 1, left) + 1):
            yield from extend(column + 1, left - level, prefix + (level,))

    if 0 <= height <= room[0]:
        yield from extend(0, height, ())


def _least_bounds(parts: Sequence[Sequence[float]]) -> list[float]:
    """For each height h, the least loss bound of a node of height h or more: the least sum
    of one part per QID with levels summing to h (a min-plus convolution), then the minimum
    over the heights from h up."""
    least = [0.0]
    for column in parts:
        merged = [math.inf] * (len(least) + len(column) - 1)
        for height, value in enumerate(least):
            for level, part in enumerate(column):
                merged[height + level] = min(merged[height + level], value + part)
        least = merged
    for height in range(len(least) - 2, -1, -1):
        least[height] = min(least[height], least[height + 1])
    return least


LISTED_NODES = 1 << 18
"""The largest lattice searched as a list of its nodes; larger ones are never listed."""

CHECK_EVERY = 256
"""Nodes passed between two looks at the clock and the cancel flag when none is evaluated."""


def suggest(table: EncodedTable, config: SuggestConfig, on_progress: Optional[ProgressCallback] = None,
            cancel: Optional[CancelToken] = None) -> Suggestion:
    """Search the lattice for the least-loss node meeting ``config.target``.

    The lattice is never listed: nodes are generated as the search reaches them and only what
    the evaluations taught is kept (memory grows with the nodes evaluated, not with the
    lattice). A monotone target is searched by :func:`_search_by_height`; otherwise every node
    is evaluated, in lattice order. Progress counts the nodes decided (met, failed, or ruled
    out by the loss bound) out of the lattice's. The clock and the cancel flag are looked at
    before every evaluation."""
    config.validate(list(table.columns))
    start = time.monotonic()
    lattice = Lattice(table, config)
    total = math.prod(lattice.heights)
    search = _Search(lattice, 1 + config.alternatives,
                     start + config.max_seconds if config.max_seconds else None, cancel)
    reporter = ProgressReporter("suggest", total, on_progress)
    stopped = False
    decided = 0
    if lattice.monotone and total <= LISTED_NODES:
        stopped, decided = _search_listed(search, table, reporter)
    elif not lattice.monotone:
        for node in lattice.nodes():
            if search.out_of_time():
                stopped = True
                break
            search.evaluate(node)
            decided += 1
            reporter.update(decided)
    else:
        stopped, decided = _search_by_height(search, reporter)
    if not stopped:
        decided = total
    reporter.update(decided, force=True)
    scores = [item[1] for item in search.best]
    return Suggestion(qids=tuple(config.qids), best=scores[0] if scores else None,
                      alternatives=tuple(scores[1:]), optimal=not stopped,
                      metric=config.metric, target=config.target, nodes_total=total,
                      nodes_checked=search.checked, seconds=time.monotonic() - start, stopped_early=stopped,
                      monotone=lattice.monotone, records=table.n_rows)


def _search_listed(search: _Search, table: EncodedTable, reporter: ProgressReporter) -> tuple[bool, int]:
    """A monotone target on a lattice small enough to list: without analysis thresholds each
    node is counted from the class table of a node below it. When no record may be
    suppressed (height, entropy) the nodes are taken in the order of the result, a node that
    meets scored from its levels; with the height metric and suppression allowed they are
    searched by height as :func:`_search_by_height` does; otherwise in two phases
    (:mod:`.suggest_search`). Returns whether the time ran out and the nodes decided."""
    from .class_tables import ClassTables
    from .suggest_search import ListedSearch

    lattice = search.lattice
    if not lattice.config.target.has_thresholds:
        tables = ClassTables(table, lattice.config.qids, [[t.codes for t in levels] for levels in lattice.tables])

        def evaluate(node: Sequence[int]) -> _Evaluation:
            return lattice.evaluate_classes(node, *tables.classes(node))

        search.evaluate_node = evaluate
    metric = lattice.config.metric
    listed = ListedSearch(search, search.evaluate_node, reporter)
    if metric == "height" or (metric == "entropy" and lattice.limit == 0):
        if lattice.limit == 0 or lattice.config.target.k == 1:  # no record is ever suppressed

            def known(node: tuple[int, ...]) -> _Evaluation:
                return _Evaluation(0, True, lattice.bound(node))

            stopped = listed.run_by_bound(known, upper=metric == "entropy")
        else:
            stopped = listed.run_by_height()
    else:
        stopped = listed.run()
    return stopped, listed.decided()


def _search_by_height(search: _Search, reporter: ProgressReporter) -> tuple[bool, int]:
    """A monotone target: the nodes by height, then in lattice order; each unknown one is
    decided by a chain, a node meeting the target evaluated for its loss. A node whose loss
    bound passes the ``keep``-th least loss found is passed over, and the search ends when
    every node left is (or when the top node fails: then every node does). Returns whether
    the time ran out and the nodes passed (decided or ruled out)."""
    parts = search.bounds()
    least = _least_bounds(parts)
    decided = 0
    for height in range(len(least)):
        if search.all_fail:
            break
        if search.full() and least[height] > search.worst() + 1e-9 * abs(search.worst()):
            break  # every node from this height up loses more than the runners-up
        for node in _nodes_of_height(search.heights, height):
            if decided % CHECK_EVERY == 0 and search.out_of_time():
                return True, decided
            decided += 1
            reporter.update(decided)
            if search.full() and sum(parts[c][level] for c, level in enumerate(node)) > search.worst():
                continue
            known = search.status(node)
            if known == 0:
                meets = search.decide(node)
                if meets is None:
                    return True, decided - 1
                known = 1 if meets else -1
            if known == 1 and search.number(node) not in search.evaluated:
                if search.out_of_time():
                    return True, decided - 1
                search.evaluate(node)
    return False, decided


def brute_force(table: EncodedTable, config: SuggestConfig) -> list[tuple[tuple[int, ...], _Evaluation]]:
    """Every node evaluated on the records themselves, no pruning (the reference for tests
    and the benchmark's baseline): (levels, evaluation) in lattice order."""
    config.validate(list(table.columns))
    lattice = Lattice(table, config)
    rows = np.arange(table.n_rows)
    lattice.weights = np.ones(table.n_rows, dtype=np.int64)
    lattice.mapped = [[t.codes[table[q].codes[rows]].astype(np.int64) for t in levels]
                      for q, levels in zip(config.qids, lattice.tables)]
    lattice.sensitive = [(table[s].codes.astype(np.int64), card, prior) for s, (_, card, prior)
                         in zip(config.sensitive, lattice.sensitive)]
    return [(node, lattice.evaluate(node)) for node in lattice.nodes()]


def suppressed_records(table: EncodedTable, config: SuggestConfig, levels: Sequence[int]) -> np.ndarray:
    """The records suppressed at the node (in blocks smaller than k), as a boolean mask."""
    columns = []
    for q, level in zip(config.qids, levels):
        t = level_tables(config.hierarchy(q), table[q])[level]
        columns.append((t.codes[table[q].codes], t.cardinality))
    ids, _, sizes = partition(columns, table.n_rows)
    return sizes[ids] < config.target.k

