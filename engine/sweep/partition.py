"""Partitions D/~Q as compact block ids over integer codes (docs/methods.md, "QID-subset sweep").

A partition is an ``int64`` array of block ids ``0..n_blocks-1``, one per record. Adding a
QID refines it: ``key = parent_id * cardinality + code``, re-compacted to ``0..b-1``
(dense counting when ``n_blocks * cardinality`` is small, hashing otherwise).
"""

from __future__ import annotations

import sys
from typing import Optional, Sequence

import numpy as np

DENSE_MIN = 1 << 16
DENSE_PER_ROW = 4
SMALL_CARDINALITY = 32
HASH_MIN_ROWS = 1 << 17  # from here pandas' hash factorize once pandas is imported, below a sort
HASH_IMPORT_ROWS = 1 << 21  # from here worth importing pandas (~0.3 s) for it: one sort costs as much


def _dense_ok(n_rows: int, key_space: int) -> bool:
    """Count densely when the key space is at most ``max(DENSE_MIN, DENSE_PER_ROW * n)``."""
    return key_space <= max(DENSE_MIN, DENSE_PER_ROW * n_rows)


def refine(ids: np.ndarray, n_blocks: int, codes: np.ndarray, cardinality: int
           ) -> tuple[np.ndarray, int, np.ndarray]:
    """Refine a partition by one column; returns (block ids, block count, block sizes)."""
    key = np.multiply(ids, cardinality, dtype=np.int64)
    key += codes
    key_space = n_blocks * cardinality
    if _dense_ok(len(key), key_space):
        counts = np.bincount(key, minlength=key_space)
        present = counts > 0
        remap = np.cumsum(present)
        n_new = int(remap[-1]) if key_space else 0
        remap -= 1
        return remap[key], n_new, counts[present]
    new_ids, n_new = factorize(key)
    return new_ids, n_new, np.bincount(new_ids, minlength=n_new)


def factorize(key: np.ndarray) -> tuple[np.ndarray, int]:
    """Ids ``0..b-1`` of the distinct values of ``key`` (in no particular order): a sort, or
    ``pandas.factorize`` (hashing) from :data:`HASH_MIN_ROWS` values when pandas is already
    imported, and from :data:`HASH_IMPORT_ROWS` values in any case."""
    if len(key) >= HASH_IMPORT_ROWS or (len(key) >= HASH_MIN_ROWS and "pandas" in sys.modules):
        import pandas as pd

        ids, uniques = pd.factorize(key, sort=False)
        return ids.astype(np.int64, copy=False), len(uniques)
    distinct, inverse = np.unique(key, return_inverse=True)
    return inverse.reshape(-1).astype(np.int64, copy=False), len(distinct)


LINEAR_MIN_ROWS = 1 << 20


COMBINED_CODES = 1 << 22


def combined_groups(cardinalities: Sequence[int]) -> list[list[int]]:
    """Which columns :func:`combined_columns` merges: positions grouped smallest cardinality
    first, each group's key space at most :data:`COMBINED_CODES` (a wider column alone)."""
    groups: list[list[int]] = []
    space = COMBINED_CODES + 1
    for j in sorted(range(len(cardinalities)), key=lambda j: cardinalities[j]):
        cardinality = max(1, int(cardinalities[j]))
        if space * cardinality > COMBINED_CODES:
            groups.append([])
            space = 1
        groups[-1].append(j)
        space *= cardinality
    return groups


def combined_columns(columns: Sequence[tuple[np.ndarray, int]]) -> list[tuple[np.ndarray, int]]:
    """The columns with small cardinalities merged into one code each (mixed radix, at most
    :data:`COMBINED_CODES` values), so a partition takes fewer passes; same partition."""
    out: list[tuple[np.ndarray, int]] = []
    for group in combined_groups([cardinality for _, cardinality in columns]):
        if len(group) == 1:
            out.append((np.asarray(columns[group[0]][0]), columns[group[0]][1]))
            continue
        code = np.asarray(columns[group[0]][0]).astype(np.int32)
        space = max(1, int(columns[group[0]][1]))
        for j in group[1:]:
            cardinality = max(1, int(columns[j][1]))
            code *= cardinality
            code += columns[j][0]
            space *= cardinality
        out.append((code, space))
    return out


def partition(columns: Sequence[tuple[np.ndarray, int]], n_rows: int
              ) -> tuple[np.ndarray, int, np.ndarray]:
    """Block ids of the partition by all ``(codes, cardinality)`` columns (one block if none).

    Large tables use the compiled linear-time refinement (:func:`engine.sweep.block_kernels.refine_ids`:
    a counting sort by the new column, then a dense map of the parent ids; int32 ids on the
    way, no hash table, no key-space-sized arrays)."""
    if n_rows >= LINEAR_MIN_ROWS and n_rows < 2 ** 31 - 1 and columns:
        from . import block_kernels

        small = np.zeros(n_rows, dtype=np.int32)
        n_blocks = 1
        for codes, cardinality in combined_columns(columns):
            small, n_blocks = block_kernels.refine_ids(small, n_blocks, codes, cardinality)
        ids = small.astype(np.int64)
        del small
        return ids, int(n_blocks), np.bincount(ids, minlength=n_blocks)
    ids = np.zeros(n_rows, dtype=np.int64)
    n_blocks = 1 if n_rows else 0
    sizes = np.array([n_rows], dtype=np.int64) if n_rows else np.zeros(0, dtype=np.int64)
    for codes, cardinality in columns:
        ids, n_blocks, sizes = refine(ids, n_blocks, codes, cardinality)
    return ids, n_blocks, sizes


def dense_key_counts(ids: np.ndarray, n_blocks: int, codes: np.ndarray, cardinality: int,
                     weights: Sequence[np.ndarray] = ()) -> Optional[tuple[np.ndarray, list[np.ndarray]]]:
    """Rows per key ``parent_id * cardinality + code`` over the whole key space, and the sum of
    each of ``weights`` per key; None when the key space is too large to count densely (the
    caller then refines). Refinement without the renumbering, for a subset whose blocks are
    only counted (its children are not walked)."""
    key_space = n_blocks * cardinality
    if not _dense_ok(len(ids), key_space):
        return None
    key = np.multiply(ids, cardinality, dtype=np.int64)
    key += codes
    return (np.bincount(key, minlength=key_space),
            [np.bincount(key, weights=w, minlength=key_space) for w in weights])


PAIR_BITS = 26
PAIR_MAX_ROWS = 1 << PAIR_BITS


def pair_weights(columns: Sequence[np.ndarray]) -> np.ndarray:
    """One float64 weight per row holding one or two 0/1 columns, ``a + b * 2**26``: a block's
    sum of it is both columns' counts of ones at once, exact below :data:`PAIR_MAX_ROWS` rows."""
    weights = np.asarray(columns[0], dtype=np.float64)
    if len(columns) > 1:
        weights = weights + np.multiply(columns[1], float(PAIR_MAX_ROWS), dtype=np.float64)
    return weights


def pair_ones(sums: np.ndarray, n_columns: int) -> list[np.ndarray]:
    """The per-block counts of ones of the columns packed by :func:`pair_weights`."""
    whole = sums.astype(np.int64)
    if n_columns == 1:
        return [whole]
    return [whole & (PAIR_MAX_ROWS - 1), whole >> PAIR_BITS]


def binary_block_stats(ones: np.ndarray, sizes: np.ndarray) -> tuple[int, int]:
    """For a 0/1 column with ``ones`` per block: the sum over blocks of ``max_s s(q)`` (the
    larger of ones and zeros) and the records in blocks with one value."""
    zeros = sizes - ones
    mixed = (ones > 0) & (zeros > 0)
    return int(np.maximum(ones, zeros).sum()), int(sizes.sum() - sizes[mixed].sum())


def block_value_stats(ids: np.ndarray, n_blocks: int, values: np.ndarray, cardinality: int,
                      sizes: Optional[np.ndarray] = None) -> tuple[np.ndarray, np.ndarray]:
    """Per block: the count of its most frequent value, max_s s(q), and its distinct values.

    With the block ``sizes`` given, a two-valued column takes one counting pass: the ones per
    block ``c``, then ``max(c, size - c)``."""
    if cardinality == 2 and sizes is not None:
        ones = np.bincount(ids, weights=values, minlength=n_blocks).astype(np.int64)
        zeros = sizes - ones
        return np.maximum(ones, zeros), (ones > 0).astype(np.int64) + (zeros > 0)
    key = np.multiply(ids, cardinality, dtype=np.int64)
    key += values
    key_space = n_blocks * cardinality
    if _dense_ok(len(key), key_space):
        counts = np.bincount(key, minlength=key_space).reshape(n_blocks, cardinality)
        if cardinality > SMALL_CARDINALITY:
            return counts.max(axis=1), np.count_nonzero(counts, axis=1)
        maxes = counts[:, 0].copy()
        distinct = (counts[:, 0] > 0).astype(np.int64)
        for value in range(1, cardinality):
            np.maximum(maxes, counts[:, value], out=maxes)
            distinct += counts[:, value] > 0
        return maxes, distinct
    pairs, pair_counts = np.unique(key, return_counts=True)
    blocks = pairs // cardinality
    starts = np.flatnonzero(np.r_[True, blocks[1:] != blocks[:-1]])
    maxes = np.zeros(n_blocks, dtype=np.int64)
    distinct = np.zeros(n_blocks, dtype=np.int64)
    maxes[blocks[starts]] = np.maximum.reduceat(pair_counts, starts)
    distinct[blocks[starts]] = np.diff(np.r_[starts, len(blocks)])
    return maxes, distinct


def block_value_pairs(ids: np.ndarray, n_blocks: int, values: np.ndarray, cardinality: int
                      ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The (block, value, count) triples with count > 0, sorted by block then value."""
    key = ids * cardinality + values
    key_space = n_blocks * cardinality
    if _dense_ok(len(key), key_space):
        counts = np.bincount(key, minlength=key_space)
        pairs = np.flatnonzero(counts)
        pair_counts = counts[pairs]
    else:
        pairs, pair_counts = np.unique(key, return_counts=True)
    return pairs // cardinality, pairs % cardinality, pair_counts
