"""Class tables for the suggest search (docs/methods.md, "Suggested release"): a node's
equivalence classes as rows of codes with their record counts, each node's table rolled up
from the smallest table kept of a node below it.

Raising levels only merges classes, so the classes of a node are the classes of any node
below it, merged by their codes at the higher levels. The first table is the data's distinct
QID combinations (original codes, with their counts); every node evaluated leaves its table
for the nodes above it, up to :data:`KEEP_TABLES` tables of at most :data:`KEEP_ROWS` times
the distinct combinations' rows in all (the largest is dropped first).
When some hierarchy maps one value of a level to two values of a higher level, tables are
rolled up from the distinct combinations only.
"""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from ..io.encode import EncodedTable
from ..sweep.partition import partition
from .suggest_kernels import roll_up, roll_up_dense

KEEP_TABLES = 256
"""Class tables kept for later roll-ups."""

DENSE_KEYS = 1 << 18
DENSE_PER_ROW = 4
"""Classes are merged through a table with one slot per combination of the upper codes when
there are at most ``max(DENSE_KEYS, DENSE_PER_ROW * rows)`` combinations, else by hashing."""

KEEP_SHARE = 0.5
"""A table is kept when it has at most this share of the distinct combinations' rows."""

KEEP_ROWS = 4
"""The tables kept hold at most this many times the distinct combinations' rows."""


class ClassTables:
    """The class tables kept, and the code maps between levels that roll them up.

    ``level_codes[c][level]``: each original code of QID c at ``level``."""

    def __init__(self, table: EncodedTable, qids: Sequence[str], level_codes: Sequence[Sequence[np.ndarray]]) -> None:
        columns = [(table[q].codes, table[q].cardinality) for q in qids]
        ids, n_blocks, sizes = partition(columns, table.n_rows)
        first = np.zeros(n_blocks, dtype=np.int64)
        first[ids[::-1]] = np.arange(table.n_rows - 1, -1, -1)
        base = np.ascontiguousarray(np.stack([table[q].codes[first] for q in qids], axis=1).astype(np.int32))
        self.width = len(qids)
        self.heights = [len(levels) for levels in level_codes]
        top = max(self.heights)
        # maps[offset[c, source, target]:]: a code of QID c at level ``source`` (``top``: the
        # original code) as a code at level ``target``
        self.offset = np.zeros((self.width, top + 1, top), dtype=np.int64)
        pieces: list[np.ndarray] = []
        used = 0
        functional = True
        for c, levels in enumerate(level_codes):
            sources = [(top, np.arange(len(levels[0]), dtype=np.int64))] + list(enumerate(levels))
            for source, source_codes in sources:
                for target in range(self.heights[c]):
                    if source != top and target < source:
                        continue
                    width = int(source_codes.max()) + 1 if len(source_codes) else 0
                    mapped = np.zeros(width, dtype=np.int32)
                    mapped[source_codes] = levels[target]
                    functional = functional and bool(np.array_equal(mapped[source_codes], levels[target]))
                    self.offset[c, source, target] = used
                    pieces.append(mapped)
                    used += width
        self.cards = np.ones((self.width, top), dtype=np.int64)
        for c, levels in enumerate(level_codes):
            for level, codes in enumerate(levels):
                self.cards[c, level] = int(codes.max()) + 1 if len(codes) else 1
        self.maps = np.concatenate(pieces) if pieces else np.zeros(0, dtype=np.int32)
        self.top = top
        self.rolls_up = functional
        self.base_rows = len(base)
        self.levels = np.full((KEEP_TABLES + 1, self.width), -1, dtype=np.int64)
        self.sources = np.full((KEEP_TABLES + 1, self.width), top, dtype=np.int64)
        self.rows = np.zeros(KEEP_TABLES + 1, dtype=np.int64)
        self.tables: list[tuple[np.ndarray, np.ndarray]] = [(base, sizes.astype(np.int64))]
        self.rows[0] = len(base)

    def classes(self, node: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        """(codes, record counts) of the node's classes, rolled up from the smallest table kept
        of a node at or below it; the table is kept for later when it is small enough."""
        target = np.asarray(node, dtype=np.int64)
        pick = self._below(target)
        rolled = self._roll(pick, target)
        self._keep(target, rolled)
        return rolled

    def _below(self, target: np.ndarray) -> int:
        """The smallest table kept of a node at or below ``target``."""
        kept = len(self.tables)
        below = (self.levels[:kept] <= target).all(1)
        return int(np.flatnonzero(below)[np.argmin(self.rows[:kept][below])])

    def _roll(self, pick: int, target: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        codes, sizes = self.tables[pick]
        offsets = self.offset[np.arange(self.width), self.sources[pick], target]
        cards = self.cards[np.arange(self.width), target]
        active = np.flatnonzero(cards > 1)
        space = math.prod(int(v) for v in cards[active])
        if space <= max(DENSE_KEYS, DENSE_PER_ROW * len(sizes)):
            source = self.sources[pick]
            lengths = self.cards[np.arange(self.width), np.where(source == self.top, 0, source)]
            return roll_up_dense(codes, sizes, self.maps, offsets, lengths, active, cards, space)
        return roll_up(codes, sizes, self.maps, offsets, active)

    def _keep(self, node: np.ndarray, table: tuple[np.ndarray, np.ndarray]) -> None:
        """Keep a table of at most :data:`KEEP_SHARE` of the distinct combinations' rows, while
        the tables kept hold at most :data:`KEEP_ROWS` times as many rows (the largest goes
        first to make room; a table larger than every one kept is not kept then)."""
        rows = len(table[1])
        if not self.rolls_up or rows > KEEP_SHARE * self.base_rows:
            return
        while len(self.tables) > KEEP_TABLES or self.rows[1:len(self.tables)].sum() + rows > KEEP_ROWS * self.base_rows:
            largest = 1 + int(np.argmax(self.rows[1:len(self.tables)]))
            if self.rows[largest] <= rows:
                return
            last = len(self.tables) - 1
            self.tables[largest] = self.tables[last]
            self.levels[largest], self.sources[largest], self.rows[largest] = (
                self.levels[last], self.sources[last], self.rows[last])
            self.tables.pop()
            self.rows[last] = 0
        slot = len(self.tables)
        self.tables.append(table)
        self.levels[slot] = node
        self.sources[slot] = node
        self.rows[slot] = rows
