"""Compiled (numba) kernels on block ids, shared by the partition (:mod:`engine.sweep.partition`), the
risk histograms, the sample-file measures and the segment sweep: the numba cache setting, a
stable counting sort of codes, the linear-time refinement of block ids by one more column,
each block's first row, and the (size, top count) tally of blocks behind the per-record risk.

Compiled on first use or loaded from numba's cache beside this file where that is writable;
see :func:`_cache_wanted`.
"""

from __future__ import annotations

import os
import sys

import numpy as np
from numba import njit


def _cache_wanted() -> bool:
    """Cache compiled code in ``__pycache__`` beside this file where that is writable. A frozen
    application (PyInstaller) has no source files to key a cache on, so it compiles on first
    use unless RISKREVIEW_NUMBA_CACHE=1, which the packaged program sets when it can keep the
    cache in the user's cache folder (:func:`engine.sweep.kernel_cache.use_user_cache`);
    RISKREVIEW_NUMBA_CACHE=0 turns the cache off anywhere."""
    wanted = os.environ.get("RISKREVIEW_NUMBA_CACHE", "")
    if wanted == "0":
        return False
    if getattr(sys, "frozen", False):
        return wanted == "1"
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "__pycache__")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return False
    return os.access(folder, os.W_OK)


CACHE = _cache_wanted()


def _skip_blas_probe() -> None:
    """Import numba's array functions without their probe for BLAS. At import,
    ``numba.np.arraymath`` calls ``ensure_blas``, which imports ``scipy.linalg`` only to learn
    whether ``np.correlate`` and ``np.convolve`` in compiled code may call BLAS; none of this
    engine's kernels does. That import and the BLAS threads it starts took about 0.25 s of CPU
    in every process that loads a kernel (docs/performance.md, "What makes it fast"). The probe
    answers "no BLAS" during that import only, and is restored after it, so ``np.dot`` and the
    other linear algebra in compiled code find BLAS as before. A numba whose modules differ is
    left alone."""
    if "numba.np.arraymath" in sys.modules:
        return
    try:
        from numba.np import linalg
    except ImportError:
        return
    probe = getattr(linalg, "ensure_blas", None)
    if probe is None:
        return

    def absent() -> None:
        raise ImportError("BLAS not probed")

    linalg.ensure_blas = absent
    try:
        from numba.np import arraymath
    except ImportError:
        return
    finally:
        linalg.ensure_blas = probe
    if getattr(arraymath, "ensure_blas", None) is absent:
        arraymath.ensure_blas = probe


_skip_blas_probe()


def in_cache(kernel) -> bool:
    """Whether numba's cache holds compiled code of ``kernel`` for this very source (the cache
    index's stamp matches); False when caching is off."""
    return CACHE and bool(kernel._cache._cache_file._load_index())


@njit(cache=CACHE, nogil=True)
def _run_starts(counts, n_values):
    """The start of each non-empty value's run from cumulative counts (``counts[v]`` items
    before value ``v``, ``counts[n_values]`` in all), then the end."""
    n_runs = 0
    for v in range(n_values):
        if counts[v + 1] > counts[v]:
            n_runs += 1
    starts = np.empty(n_runs + 1, np.int64)
    r = 0
    for v in range(n_values):
        if counts[v + 1] > counts[v]:
            starts[r] = counts[v]
            r += 1
    starts[n_runs] = counts[n_values]
    return starts


@njit(cache=CACHE, nogil=True)
def counting_order(codes, n_values):
    """A stable order of ``codes`` (ascending) and the start of each value's run; empty values
    are dropped from the starts. Returns (order, starts) with ``starts[-1] == len(codes)``."""
    n = codes.shape[0]
    counts = np.zeros(n_values + 1, np.int64)
    for i in range(n):
        counts[np.int64(codes[i]) + 1] += 1
    for v in range(n_values):
        counts[v + 1] += counts[v]
    order = np.empty(n, np.int32)
    fill = counts[:n_values].copy()
    for i in range(n):
        v = np.int64(codes[i])
        order[fill[v]] = i
        fill[v] += 1
    return order, _run_starts(counts, n_values)


#: refine_ids maps the pairs densely when they take at most this many keys per row (plus 2^16).
DENSE_KEYS_PER_ROW = 2


@njit(cache=CACHE, nogil=True)
def refine_ids(ids, n_ids, codes, n_values):
    """Group ids of the pairs ``(ids[i], codes[i])``, compact ``0..m-1``; returns (new ids, m).

    When the pairs take few keys (``n_ids * n_values`` at most :data:`DENSE_KEYS_PER_ROW` per
    row, plus 2^16) one pass numbers them through a dense map over all keys, in order of first
    appearance. Otherwise rows are bucketed by code (a counting sort), then within each bucket
    the parent ids are mapped densely (a map over ``0..n_ids-1`` reset after each bucket).
    Either way linear time, no hashing, memory ``O(n + n_ids + n_values)``."""
    n = ids.shape[0]
    out = np.empty(n, np.int32)
    m = 0
    if np.int64(n_ids) * np.int64(n_values) <= DENSE_KEYS_PER_ROW * np.int64(n) + 65536:
        keys = np.full(np.int64(n_ids) * np.int64(n_values), -1, np.int32)
        for i in range(n):
            k = np.int64(ids[i]) * np.int64(n_values) + np.int64(codes[i])
            g = keys[k]
            if g < 0:
                g = m
                keys[k] = g
                m += 1
            out[i] = g
        return out, m
    order, starts = counting_order(codes, n_values)
    cmap = np.full(n_ids, -1, np.int32)
    for r in range(starts.shape[0] - 1):
        for t in range(starts[r], starts[r + 1]):
            i = order[t]
            g = ids[i]
            if cmap[g] < 0:
                cmap[g] = m
                m += 1
            out[i] = cmap[g]
        for t in range(starts[r], starts[r + 1]):
            cmap[ids[order[t]]] = -1
    return out, m


@njit(cache=CACHE, nogil=True)
def first_rows(ids, n_ids):
    """The first row of each id and each id's row count."""
    first = np.full(n_ids, -1, np.int32)
    weight = np.zeros(n_ids, np.uint32)
    for i in range(ids.shape[0]):
        g = ids[i]
        if first[g] < 0:
            first[g] = i
        weight[g] += 1
    return first, weight


@njit(cache=CACHE, nogil=True)
def collapsed_segments(ids, n_ids, codes, n_values):
    """The table collapsed on ``ids``: each id's first row and row count (:func:`first_rows`),
    ordered stably by the code of that row (a counting sort); returns (rows, weights, starts),
    ``starts`` as :func:`counting_order`'s."""
    first, weight = first_rows(ids, n_ids)
    counts = np.zeros(n_values + 1, np.int64)
    for g in range(n_ids):
        counts[np.int64(codes[first[g]]) + 1] += 1
    for v in range(n_values):
        counts[v + 1] += counts[v]
    rows = np.empty(n_ids, np.int32)
    weights = np.empty(n_ids, np.uint32)
    fill = counts[:n_values].copy()
    for g in range(n_ids):
        v = np.int64(codes[first[g]])
        rows[fill[v]] = first[g]
        weights[fill[v]] = weight[g]
        fill[v] += 1
    return rows, weights, _run_starts(counts, n_values)


@njit(cache=CACHE, nogil=True)
def drop_singles(ids, n_ids, rows, least):
    """Drop the rows alone in their block when they are at least ``least``: returns (the other
    rows' ids renumbered 0..m-1 in order, their row numbers (from ``rows``, or their positions
    when ``rows`` is empty), m, the rows dropped); nothing is dropped (0) below ``least``."""
    n = ids.shape[0]
    sizes = np.zeros(n_ids, np.int32)
    for i in range(n):
        sizes[ids[i]] += 1
    singles = 0
    for g in range(n_ids):
        if sizes[g] == 1:
            singles += 1
    if singles == 0 or singles < least:
        return ids[:0].copy(), np.empty(0, np.int32), n_ids, 0
    remap = np.empty(n_ids, np.int32)
    m = 0
    for g in range(n_ids):
        if sizes[g] > 1:
            remap[g] = m
            m += 1
        else:
            remap[g] = -1
    kept_ids = np.empty(n - singles, ids.dtype)
    kept_rows = np.empty(n - singles, np.int32)
    given = rows.shape[0] == n and n > 0
    j = 0
    for i in range(n):
        g = remap[ids[i]]
        if g >= 0:
            kept_ids[j] = g
            kept_rows[j] = rows[i] if given else i
            j += 1
    return kept_ids, kept_rows, m, singles


@njit(cache=CACHE, nogil=True)
def risk_tally(ids, n_ids, codes, n_values, small):
    """Blocks of ``ids`` tallied by (size, count of the block's most frequent code) for the
    per-record risk histograms: ``tally[size * (small + 1) + top]`` counts blocks of at most
    ``small`` rows; larger blocks are listed (sizes, tops). ``n_values == 1`` gives top = 1
    (re-identification: one record of the block is the right one). Memory: ``n_ids * n_values`` int32 counters."""
    counts = np.zeros(n_ids * n_values, np.int32)
    if n_values == 1:
        for i in range(ids.shape[0]):
            counts[ids[i]] += 1
    else:
        for i in range(ids.shape[0]):
            counts[np.int64(ids[i]) * n_values + np.int64(codes[i])] += 1
    tally = np.zeros((small + 1) * (small + 1), np.int64)
    n_big = 0
    for g in range(n_ids):
        total = 0
        for v in range(n_values):
            total += counts[g * n_values + v]
        if total > small:
            n_big += 1
    big_sizes = np.empty(n_big, np.int64)
    big_top = np.empty(n_big, np.int64)
    b = 0
    for g in range(n_ids):
        best = 0
        total = 0
        base = g * n_values
        for v in range(n_values):
            c = counts[base + v]
            total += c
            if c > best:
                best = c
        if n_values == 1:
            best = 1
        if total > small:
            big_sizes[b] = total
            big_top[b] = best
            b += 1
        elif total > 0:
            tally[total * (small + 1) + best] += 1
    return tally, big_sizes, big_top
