"""The compiled (numba) kernels of the sample-file measures: the key ids of large files
(:func:`engine.sample.keys.key_ids`) and the individual risk of many keys
(:func:`engine.sample.individual_risk.key_risk`). Imported only when those need them, so that a
small file's measures run without loading numba."""

from __future__ import annotations

import numpy as np
from numba import njit

from ..sweep.block_kernels import CACHE
from .risk_terms import risk_one

_risk_one = njit(cache=CACHE)(risk_one)


@njit(cache=CACHE)
def risk_keys(f: np.ndarray, weight_sum: np.ndarray) -> np.ndarray:
    """:func:`engine.sample.risk_terms.risk_one` of every key (``w <= f``: 1/f)."""
    out = np.empty(f.shape[0], dtype=np.float64)
    for i in range(f.shape[0]):
        n = f[i]
        w = weight_sum[i]
        if w <= n:
            out[i] = 1.0 / n
        else:
            out[i] = _risk_one(n, n / w, (w - n) / w)
    return out


@njit(cache=CACHE)
def push(words, codes, cardinality):
    """words = words * cardinality + codes, in place."""
    for i in range(words.shape[0]):
        words[i] = words[i] * np.uint64(cardinality) + np.uint64(codes[i])


@njit(cache=CACHE, inline="always")
def hash_words(a, b):
    h = a * np.uint64(0x9E3779B97F4A7C15) ^ (b + np.uint64(0x632BE59BD9B4E019)) * np.uint64(0xC2B2AE3D27D4EB4F)
    return h ^ (h >> np.uint64(29))


@njit(cache=CACHE)
def bucket_ids(high, low, weights, weighted, bits):
    """Ids 0..m-1 of the distinct (high, low) pairs (bucket by bucket), each id's record count
    and, when ``weighted``, its sum of ``weights``."""
    n = high.shape[0]
    n_buckets = 1 << bits
    shift = np.uint64(64 - bits)
    starts = np.zeros(n_buckets + 1, np.int64)
    for i in range(n):
        b = (hash_words(high[i], low[i]) >> shift) if bits else np.uint64(0)
        starts[b + 1] += 1
    for b in range(n_buckets):
        starts[b + 1] += starts[b]
    order = np.empty(n, np.int32)                 # the records bucket by bucket, with their words
    bucket_high = np.empty(n, np.uint64)
    bucket_low = np.empty(n, np.uint64)
    bucket_weight = np.empty(n if weighted else 0, np.float64)
    fill = starts[:-1].copy()
    for i in range(n):
        b = (hash_words(high[i], low[i]) >> shift) if bits else np.uint64(0)
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
            j = hash_words(a, c) & mask
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
            j = hash_words(bucket_high[t], bucket_low[t]) & mask
            while slot_id[j] >= 0:
                slot_id[j] = -1
                j = (j + np.uint64(1)) & mask
    return out, m, counts[:m].copy(), sums[:m].copy()
