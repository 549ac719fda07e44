"""The records' key ids on the full key (all key variables at once), for the per-record
measures of large files: the codes packed into at most two 64-bit words (mixed radix, the
widest columns first), then one pass through an open-addressing hash table. One random
access per record instead of one refinement pass per column (:func:`engine.partition.partition`,
used when the codes need more than two words or the table is small). Memory: the two words
and a table of 1.25 to 2.5 slots per record, 24 bytes a slot.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
from numba import njit

from ..partition import LINEAR_MIN_ROWS, partition
from ..sweep.kernels import CACHE

WORD_SPACE = 1 << 63


@njit(cache=CACHE)
def _push(words, codes, cardinality):
    """words = words * cardinality + codes, in place."""
    for i in range(words.shape[0]):
        words[i] = words[i] * np.uint64(cardinality) + np.uint64(codes[i])


@njit(cache=CACHE)
def _hash_ids(high, low):
    """Ids 0..m-1 of the distinct (high, low) pairs in first-seen order, and each id's count.
    A slot is one row of ``table``: (high, low, id + 1), 0 = empty."""
    n = high.shape[0]
    size = 1
    while size < n + n // 4 + 2:       # load at most 0.8
        size *= 2
    mask = np.uint64(size - 1)
    table = np.zeros((size, 3), np.uint64)
    out = np.empty(n, np.int32)
    counts = np.zeros(n, np.int64)
    m = 0
    for i in range(n):
        a = high[i]
        b = low[i]
        h = a * np.uint64(0x9E3779B97F4A7C15) ^ (b + np.uint64(0x632BE59BD9B4E019)) * np.uint64(0xC2B2AE3D27D4EB4F)
        h ^= h >> np.uint64(29)
        j = h & mask
        while True:
            s = table[j, 2]
            if s == 0:
                table[j, 0] = a
                table[j, 1] = b
                m += 1
                table[j, 2] = m
                out[i] = m - 1
                counts[m - 1] = 1
                break
            if table[j, 0] == a and table[j, 1] == b:
                out[i] = s - 1
                counts[s - 1] += 1
                break
            j = (j + np.uint64(1)) & mask
    return out, m, counts[:m].copy()


def key_ids(columns: Sequence[tuple[np.ndarray, int]], n_rows: int) -> tuple[np.ndarray, int, np.ndarray]:
    """(key id per record, number of keys, records per key) of the partition by every column,
    the same partition as :func:`engine.partition.partition` (ids may be numbered differently)."""
    if n_rows < LINEAR_MIN_ROWS or not columns:
        return partition(columns, n_rows)
    words: list[np.ndarray] = []
    space = WORD_SPACE
    for codes, cardinality in sorted(columns, key=lambda c: -c[1]):
        cardinality = max(1, int(cardinality))
        if space * cardinality > WORD_SPACE:
            if len(words) == 2:
                return partition(columns, n_rows)
            words.append(np.zeros(n_rows, np.uint64))
            space = 1
        _push(words[-1], np.ascontiguousarray(codes), cardinality)
        space *= cardinality
    low = words[1] if len(words) == 2 else np.zeros(n_rows, np.uint64)
    ids, n_keys, counts = _hash_ids(words[0], low)
    return ids, n_keys, counts
