"""Walk a subtree of the subset lattice in one process, refining partitions parent to child.

Singletons are forever (docs/methods.md, "QID-subset sweep"): a record alone in its block for Q is
alone for every superset of Q, re-identified with certainty and its sensitive value
inferred with certainty. Such records are dropped from the rows carried down the walk and
their known contribution is added back: each counts as one block, one singleton, one
record of ``max_s s(q)`` and one record in a block with a constant sensitive value.

With ``SweepData.unique_rows`` set (special uniques, :mod:`engine.sample.suda`), the walk
also hands every reported subset's set of those rows that are alone on it, as a packed bit
mask: the parent's set plus the rows that became alone at this subset.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional, Sequence

import numpy as np

from ..formulas.privacy_models import BlockLevels, TableDistribution, block_levels, table_levels
from .partition import (PAIR_MAX_ROWS, binary_block_stats, block_value_pairs, block_value_stats,
                        dense_key_counts, pair_ones, pair_weights, refine)
from .counts import BLOCKS, SINGLETONS, CountLayout
from .lattice import Family, Task

PRUNE_SHARE = 0.02


@dataclass(frozen=True)
class SweepData:
    """Integer codes in walk order: QID columns with their cardinalities, then sensitive ones."""

    qid_codes: Sequence[np.ndarray]
    qid_cards: Sequence[int]
    sensitive_codes: Sequence[np.ndarray]
    sensitive_cards: Sequence[int]
    n_rows: int
    distributions: Optional[Sequence[TableDistribution]] = None
    model_l: int = 2
    unique_rows: Optional[np.ndarray] = None  # rows whose uniqueness per subset is recorded

    @property
    def models(self) -> bool:
        return self.distributions is not None

    @property
    def layout(self) -> CountLayout:
        """Where each count sits in one subset's vector."""
        return CountLayout(len(self.sensitive_codes), self.models)

    @property
    def width(self) -> int:
        """Length of one subset's vector (:class:`CountLayout`)."""
        return self.layout.width


@dataclass
class _Node:
    rows: Optional[np.ndarray]   # indices of the rows still carried (None: every row)
    ids: np.ndarray              # block id of each carried row
    n_blocks: int
    pruned: int                  # records already known to be singletons
    pruned_values: Optional[list[np.ndarray]] = None  # per sensitive: values seen among them
    alone: Optional[np.ndarray] = None  # per unique_rows entry: alone on this subset
    values: Optional[list[np.ndarray]] = None  # per sensitive: codes of the carried rows (made once)
    pairs: Optional[list[np.ndarray]] = None  # per pair group: its weights on the carried rows

    def sensitive_values(self, data: "SweepData") -> list[np.ndarray]:
        """The sensitive codes of the carried rows, gathered once for all of the node's children."""
        if self.values is None:
            self.values = [_gather(codes, self.rows) for codes in data.sensitive_codes]
        return self.values

    def pair_weights(self, walk: "_Pairs") -> list[np.ndarray]:
        """The pair groups' weights of the carried rows, gathered once for all of the children."""
        if self.pairs is None:
            self.pairs = [_gather(weights, self.rows) for weights in walk.weights]
        return self.pairs

    def child(self, rows: Optional[np.ndarray], ids: np.ndarray, n_blocks: int, pruned: int,
              pruned_values: Optional[list[np.ndarray]], alone: Optional[np.ndarray]) -> "_Node":
        """A node for the children; it shares this node's gathered columns if it carries the same rows."""
        same = rows is self.rows
        return _Node(rows, ids, n_blocks, pruned, pruned_values, alone,
                     self.values if same else None, self.pairs if same else None)


@dataclass(frozen=True)
class _Pairs:
    """The 0/1 sensitive columns, one or two per group, each group one float64 weight per row
    (:func:`engine.sweep.partition.pair_weights`): one weighted count per group gives each block's
    ones of both columns. Empty with privacy models, other sensitive columns or too many rows."""

    groups: tuple[tuple[int, ...], ...]
    weights: tuple[np.ndarray, ...]
    all: bool  # every sensitive column is in a group: blocks are counted without their ids

    @staticmethod
    def of(data: "SweepData") -> "_Pairs":
        binary = [i for i, card in enumerate(data.sensitive_cards) if card <= 2]
        if data.models or data.n_rows >= PAIR_MAX_ROWS or len(binary) != len(data.sensitive_cards):
            return _Pairs((), (), False)
        groups = tuple(tuple(binary[i:i + 2]) for i in range(0, len(binary), 2))
        return _Pairs(groups, tuple(pair_weights([data.sensitive_codes[i] for i in g]) for g in groups), True)


def _gather(codes: np.ndarray, rows: Optional[np.ndarray]) -> np.ndarray:
    return codes if rows is None else codes[rows]


def _root(data: SweepData) -> _Node:
    masks = [np.zeros(card, dtype=bool) for card in data.sensitive_cards] if data.models else None
    alone = None if data.unique_rows is None else np.zeros(len(data.unique_rows), dtype=bool)
    return _Node(None, np.zeros(data.n_rows, dtype=np.int64), 1 if data.n_rows else 0, 0, masks, alone)


def _unique_position(data: SweepData) -> np.ndarray:
    """Per row, its position in ``data.unique_rows`` (-1: not recorded)."""
    position = np.full(data.n_rows, -1, dtype=np.int64)
    position[data.unique_rows] = np.arange(len(data.unique_rows))
    return position


def _alone(node: _Node, single_rows: np.ndarray, position: np.ndarray) -> np.ndarray:
    """The node's recorded rows alone on the child: its own plus ``single_rows`` (carried
    rows whose block at the child has one row)."""
    rows = single_rows if node.rows is None else node.rows[single_rows]
    hit = position[rows]
    alone = node.alone.copy()
    alone[hit[hit >= 0]] = True
    return alone


@dataclass(frozen=True)
class _Walk:
    """What every step of one walk reads: the data, its pair groups, the prune share and, with
    ``unique_rows``, each row's position among them (:func:`_unique_position`)."""

    data: SweepData
    pairs: _Pairs
    prune_share: float
    position: Optional[np.ndarray] = None


def _sensitive_counts(walk: _Walk, node: _Node, ids: np.ndarray, n_blocks: int,
                      sizes: np.ndarray, counts: np.ndarray, sums: Optional[list[np.ndarray]] = None) -> None:
    """Fill the CAS counts (and model levels) of every sensitive attribute into ``counts``;
    ``sums``: the pair groups' weight sums per block, when already counted."""
    data, layout = walk.data, walk.data.layout
    if walk.pairs.all:
        if sums is None:
            sums = [np.bincount(ids, weights=w, minlength=n_blocks) for w in node.pair_weights(walk.pairs)]
        for group, total in zip(walk.pairs.groups, sums):
            for i, ones in zip(group, pair_ones(total, len(group))):
                max_sum, constant = binary_block_stats(ones, sizes)
                counts[layout.max_sum(i)] = node.pruned + max_sum
                counts[layout.constant(i)] = node.pruned + constant
        return
    for i, (values, card) in enumerate(zip(node.sensitive_values(data), data.sensitive_cards)):
        if data.models:
            blocks, vals, pair_counts = block_value_pairs(ids, n_blocks, values, card)
            levels = block_levels(blocks, vals, pair_counts, sizes, data.distributions[i], data.model_l)
            block_max, distinct = levels.block_max, levels.distinct
            counts[layout.model_levels(i)] = table_levels(
                levels, node.pruned, node.pruned_values[i], data.distributions[i], data.model_l)
        else:
            block_max, distinct = block_value_stats(ids, n_blocks, values, card, sizes)
        counts[layout.max_sum(i)] = node.pruned + int(block_max.sum())
        counts[layout.constant(i)] = node.pruned + int(sizes[distinct == 1].sum())


def _all_pruned(data: SweepData, node: _Node) -> np.ndarray:
    """The vector of a subset whose every record is already known to be alone."""
    counts = np.full(data.width, float(node.pruned))
    if data.models:
        for i, dist in enumerate(data.distributions):
            counts[data.layout.model_levels(i)] = table_levels(
                BlockLevels.empty(), node.pruned, node.pruned_values[i], dist, data.model_l)
    return counts


def _counts(walk: _Walk, node: _Node, n_blocks: int, n_single: int, sizes: np.ndarray,
            ids: Optional[np.ndarray], sums: Optional[list[np.ndarray]] = None) -> np.ndarray:
    counts = np.empty(walk.data.width, dtype=np.float64)
    counts[BLOCKS] = node.pruned + n_blocks
    counts[SINGLETONS] = node.pruned + n_single
    _sensitive_counts(walk, node, ids, n_blocks, sizes, counts, sums)
    return counts


def _leaf_counts(walk: _Walk, node: _Node, column: int) -> Optional[np.ndarray]:
    """A subset whose children are not walked, counted without numbering its blocks: rows and
    pair sums per (parent block, code) key; None when that key space is too large."""
    data = walk.data
    keyed = dense_key_counts(node.ids, node.n_blocks, _gather(data.qid_codes[column], node.rows),
                             data.qid_cards[column], node.pair_weights(walk.pairs))
    if keyed is None:
        return None
    per_key, key_sums = keyed
    present = per_key > 0
    sizes = per_key[present]
    return _counts(walk, node, len(sizes), int(np.count_nonzero(sizes == 1)), sizes, None,
                   [total[present] for total in key_sums])


def _child(walk: _Walk, node: _Node, column: int, want_counts: bool, keep_for_children: bool
           ) -> tuple[Optional[np.ndarray], Optional[_Node]]:
    """Refine ``node`` by QID ``column``; return its count vector and the node for its children
    (with ``walk.position``, that node holds the rows alone, even when neither counts nor
    children are wanted)."""
    data, position = walk.data, walk.position
    if node.ids.size == 0:
        counts = _all_pruned(data, node) if want_counts else None
        return counts, (node if keep_for_children or position is not None else None)
    if want_counts and not keep_for_children and position is None and walk.pairs.all:
        counts = _leaf_counts(walk, node, column)
        if counts is not None:
            return counts, None
    ids, n_blocks, sizes = refine(node.ids, node.n_blocks, _gather(data.qid_codes[column], node.rows),
                                  data.qid_cards[column])
    single_blocks = sizes == 1
    n_single = int(np.count_nonzero(single_blocks))
    alone = None
    if position is not None:
        alone = _alone(node, np.flatnonzero(single_blocks[ids]), position)
    counts = _counts(walk, node, n_blocks, n_single, sizes, ids) if want_counts else None
    if not keep_for_children:
        return counts, (None if alone is None else _Node(None, ids[:0], 0, 0, None, alone))
    if n_single and n_single > walk.prune_share * ids.size:
        keep = ~single_blocks[ids]
        remap = np.cumsum(~single_blocks) - 1
        rows = np.flatnonzero(keep) if node.rows is None else node.rows[keep]
        masks = None
        if data.models:
            dropped = np.flatnonzero(~keep) if node.rows is None else node.rows[~keep]
            masks = [mask.copy() for mask in node.pruned_values]
            for mask, codes in zip(masks, data.sensitive_codes):
                mask[codes[dropped]] = True
        return counts, node.child(rows, remap[ids[keep]], n_blocks - n_single, node.pruned + n_single, masks, alone)
    return counts, node.child(node.rows, ids, n_blocks, node.pruned, node.pruned_values, alone)


UniquesCallback = Callable[[tuple[int, ...], np.ndarray], None]


def walk(data: SweepData, family: Family, task: Task,
         emit: Callable[[tuple[int, ...], np.ndarray], None],
         should_stop: Callable[[], bool] = lambda: False,
         prune_share: float = PRUNE_SHARE, emit_uniques: Optional[UniquesCallback] = None) -> None:
    """Compute every reported subset of ``task`` and hand each to ``emit(prefix, counts)``,
    and with ``data.unique_rows`` to ``emit_uniques(prefix, packed)``: ``np.packbits`` of
    whether each of those rows is alone on the subset.

    ``should_stop`` is checked before each subset; when it returns True the walk returns early.
    """
    position = None if data.unique_rows is None or emit_uniques is None else _unique_position(data)
    state = _Walk(data, _Pairs.of(data), prune_share, position)
    node = _root(data)
    prefix: tuple[int, ...] = ()
    for depth, column in enumerate(task.prefix):
        prefix = prefix + (column,)
        last = depth == len(task.prefix) - 1
        want = last and family.reported(prefix)
        counts, node = _child(state, node, column, want, not last or task.descend)
        if want:
            if should_stop():
                return
            _emit(prefix, counts, node, emit, emit_uniques, position)
    if task.descend:
        _descend(state, family, node, prefix, emit, should_stop, emit_uniques)


def _emit(prefix: tuple[int, ...], counts: np.ndarray, node: Optional[_Node],
          emit: Callable[[tuple[int, ...], np.ndarray], None], emit_uniques: Optional[UniquesCallback],
          position: Optional[np.ndarray]) -> None:
    emit(prefix, counts)
    if position is not None:
        emit_uniques(prefix, np.packbits(node.alone))


def _descend(walk: _Walk, family: Family, node: _Node, prefix: tuple[int, ...],
             emit: Callable[[tuple[int, ...], np.ndarray], None],
             should_stop: Callable[[], bool], emit_uniques: Optional[UniquesCallback] = None) -> bool:
    for column in family.children(prefix):
        if should_stop():
            return False
        child_prefix = prefix + (column,)
        has_children = bool(family.children(child_prefix))
        want = family.reported(child_prefix)
        counts, child = _child(walk, node, column, want, has_children)
        if want:
            _emit(child_prefix, counts, child, emit, emit_uniques, walk.position)
        if has_children and not _descend(walk, family, child, child_prefix, emit, should_stop, emit_uniques):
            return False
    return True
