"""The records' key ids on the full key (all key variables at once), with each key's record
count and weight sum, for the per-record measures of large files.

The codes are packed into at most two 64-bit words (mixed radix, the widest columns first);
the records are then split by the top bits of a hash of their words into buckets of about
32,000 records (a counting pass and a scatter of the words, in row order), and each bucket
is grouped through its own small open-addressing hash table, which stays in the processor's
cache: no refinement pass per column (:func:`engine.sweep.partition.partition`, still used when the
codes need more than two words or the table is small) and no table the size of the file.
Memory: the two words, their copy in bucket order with the row numbers and weights, and the
ids (about 60 bytes a record).
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np
from numba import njit

from ..sweep.partition import LINEAR_MIN_ROWS, partition
from ..sweep.block_kernels import CACHE

WORD_SPACE = 1 << 63
BUCKET_ROWS = 1 << 15


@njit(cache=CACHE)
def _push(words, codes, cardinality):
    """words = words * cardinality + codes, in place."""
    for i in range(words.shape[0]):
        words[i] = words[i] * np.uint64(cardinality) + np.uint64(codes[i])


@njit(cache=CACHE, inline="always")
def _hash(a, b):
    h = a * np.uint64(0x9E3779B97F4A7C15) ^ (b + np.uint64(0x632BE59BD9B4E019)) * np.uint64(0xC2B2AE3D27D4EB4F)
    return h ^ (h >> np.uint64(29))


@njit(cache=CACHE)
def _bucket_ids(high, low, weights, weighted, bits):
    """Ids 0..m-1 of the distinct (high, low) pairs (bucket by bucket), each id's record count
    and, when ``weighted``, its sum of ``weights``."""
    n = high.shape[0]
    n_buckets = 1 << bits
    shift = np.uint64(64 - bits)
    starts = np.zeros(n_buckets + 1, np.int64)
    for i in range(n):
        b = (_hash(high[i], low[i]) >> shift) if bits else np.uint64(0)
        starts[b + 1] += 1
    for b in range(n_buckets):
        starts[b + 1] += starts[b]
    order = np.empty(n, np.int32)                 # the records bucket by bucket, with their words
    bucket_high = np.empty(n, np.uint64)
    bucket_low = np.empty(n, np.uint64)
    bucket_weight = np.empty(n if weighted else 0, np.float64)
    fill = starts[:-1].copy()
    for i in range(n):
        b = (_hash(high[i], low[i]) >> shift) if bits else np.uint64(0)
        t = fill[b]
        order[t] = i
        bucket_high[t] = high[i]
        bucket_low[t] = low[i]
        if weighted:
            bucket_weight[t] = weights[i]
        fill[b] += 1
    largest = 0
    for b in range(n_buckets):
        largest = max(largest, starts[b + 1] - starts[b])
    size = 1
    while size < largest + largest // 4 + 2:       # load at most 0.8
        size *= 2
    mask = np.uint64(size - 1)
    slot_high = np.empty(size, np.uint64)
    slot_low = np.empty(size, np.uint64)
    slot_id = np.full(size, -1, np.int64)
    out = np.empty(n, np.int32)
    counts = np.zeros(n, np.int64)
    sums = np.zeros(n if weighted else 0, np.float64)
    m = 0
    for b in range(n_buckets):
        for t in range(starts[b], starts[b + 1]):
            a = bucket_high[t]
            c = bucket_low[t]
            j = _hash(a, c) & mask
            while True:
                s = slot_id[j]
                if s < 0:
                    slot_id[j] = m
                    slot_high[j] = a
                    slot_low[j] = c
                    s = m
                    m += 1
                    break
                if slot_high[j] == a and slot_low[j] == c:
                    break
                j = (j + np.uint64(1)) & mask
            out[order[t]] = s
            counts[s] += 1
            if weighted:
                sums[s] += bucket_weight[t]
        for t in range(starts[b], starts[b + 1]):       # empty the table for the next bucket
            j = _hash(bucket_high[t], bucket_low[t]) & mask
            while slot_id[j] >= 0:
                slot_id[j] = -1
                j = (j + np.uint64(1)) & mask
    return out, m, counts[:m].copy(), sums[:m].copy()


def key_ids(columns: Sequence[tuple[np.ndarray, int]], n_rows: int, weights: Optional[np.ndarray] = None
            ) -> tuple[np.ndarray, int, np.ndarray, Optional[np.ndarray]]:
    """(key id per record, number of keys, records per key, sum of ``weights`` per key or
    None) of the partition by every column: the partition of :func:`engine.sweep.partition.partition`,
    its ids possibly numbered differently."""
    words: list[np.ndarray] = []
    if n_rows >= LINEAR_MIN_ROWS and columns:
        space = WORD_SPACE
        for codes, cardinality in sorted(columns, key=lambda c: -c[1]):
            cardinality = max(1, int(cardinality))
            if space * cardinality > WORD_SPACE:
                if len(words) == 2:
                    words = []
                    break
                words.append(np.zeros(n_rows, np.uint64))
                space = 1
            _push(words[-1], np.ascontiguousarray(codes), cardinality)
            space *= cardinality
    if not words:
        ids, n_keys, sizes = partition(columns, n_rows)
        sums = None if weights is None else np.bincount(ids, weights=weights, minlength=n_keys)
        return ids, n_keys, sizes, sums
    low = words[1] if len(words) == 2 else np.zeros(n_rows, np.uint64)
    bits = max(0, int(np.ceil(np.log2(max(1, n_rows / BUCKET_ROWS)))))
    weighted = weights is not None
    ids, n_keys, counts, sums = _bucket_ids(words[0], low, weights if weighted else np.zeros(1), weighted, bits)
    return ids, n_keys, counts, (sums if weighted else None)
