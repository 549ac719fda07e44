"""Compiled (numba) kernels of the segment sweep (:mod:`engine.sweep.segments`).

Rows are weighted (identical rows collapsed into one with a weight). Column ``j`` of a table
lives in one of three code matrices by its integer width: ``kind[j]`` (0: uint8, 1: uint16,
2: uint32) and ``pos[j]`` its row there; matrices are column-major, ``m8[pos, row]``.

The walk is BUC ("bottom-up cube", Beyer & Ramakrishnan 1999) over the subset prefix tree:
a block of a subset is a contiguous range of ``idx`` (row numbers); refining it by a child
QID groups the range in place by that QID's code (first-appearance order, a dense map over
the code range that is reset after use, so the cost is the range's length), and every
sub-range is a block of the child subset. A block of a single row never splits again: it is
recorded once for its subset and its descendants ("pruned") and not walked further.

Per subset the kernels add up ``counts[node]``: blocks, blocks of weight 1, then per
sensitive attribute the sum over blocks of ``max_s s(q)`` and the weight of blocks with one
sensitive value. Pruned single-row blocks go to ``pruned[node] = (blocks, singletons,
weight)``, added to every descendant of ``node`` afterwards.

No kernel allocates per block; scratch arrays are passed in. Compiled on first use (or
loaded from numba's cache next to this file where it is writable); :func:`warm_up` compiles
them on a tiny table.
"""

from __future__ import annotations

import os
import sys

import numpy as np
from numba import njit


def _cache_wanted() -> bool:
    """Cache compiled code in ``__pycache__`` beside this file only where that is writable and
    not in a frozen application (PyInstaller); otherwise compile on first use."""
    if getattr(sys, "frozen", False) or os.environ.get("RISKREVIEW_NUMBA_CACHE", "1") == "0":
        return False
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "__pycache__")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return False
    return os.access(folder, os.W_OK)


CACHE = _cache_wanted()
BLOCKS, SINGLETONS, WEIGHT = 0, 1, 2


@njit(cache=CACHE, inline="always")
def _value(m8, m16, m32, kind, pos, row):
    if kind == 0:
        return np.int64(m8[pos, row])
    if kind == 1:
        return np.int64(m16[pos, row])
    return np.int64(m32[pos, row])


@njit(cache=CACHE)
def _block(node, idx, a, b, m8, m16, m32, w, skind, spos, counts, hist, touched):
    """Add the block ``idx[a:b]`` of ``node`` to ``counts``; returns its weight."""
    total = np.int64(0)
    for i in range(a, b):
        total += w[idx[i]]
    counts[node, 0] += 1
    if total == 1:
        counts[node, 1] += 1
    for s in range(skind.shape[0]):
        if b - a == 1:
            counts[node, 2 + 2 * s] += total
            counts[node, 3 + 2 * s] += total
            continue
        n_touched = 0
        for i in range(a, b):
            r = idx[i]
            v = _value(m8, m16, m32, skind[s], spos[s], r)
            if hist[v] == 0:
                touched[n_touched] = v
                n_touched += 1
            hist[v] += w[r]
        top = np.int64(0)
        for t in range(n_touched):
            v = touched[t]
            if hist[v] > top:
                top = hist[v]
            hist[v] = 0
        counts[node, 2 + 2 * s] += top
        if n_touched == 1:
            counts[node, 3 + 2 * s] += total
    return total


@njit(cache=CACHE)
def _group(idx, a, b, kind, pos, m8, m16, m32, cmap, keys, sizes, labels, tmp):
    """Group ``idx[a:b]`` in place by one column's code; returns the number of groups."""
    n_groups = 0
    for i in range(a, b):
        v = _value(m8, m16, m32, kind, pos, idx[i])
        g = cmap[v]
        if g < 0:
            g = n_groups
            cmap[v] = g
            keys[g] = v
            sizes[g] = 0
            n_groups += 1
        sizes[g] += 1
        labels[i - a] = g
    if n_groups > 1:
        start = a
        for g in range(n_groups):
            size = sizes[g]
            sizes[g] = start
            start += size
        for i in range(a, b):
            g = labels[i - a]
            tmp[sizes[g]] = idx[i]
            sizes[g] += 1
        for i in range(a, b):
            idx[i] = tmp[i]
    for g in range(n_groups):
        cmap[keys[g]] = -1
    return n_groups


@njit(cache=CACHE)
def process(node, idx, bounds, s_lo, s_hi, descend, child_ptr, child_dim, child_node,
            kind, pos, m8, m16, m32, w, skind, spos, counts, pruned, work,
            cmap, keys, sizes, labels, tmp, hist, touched):
    """Blocks ``idx[bounds[s]:bounds[s+1]]`` for ``s`` in ``[s_lo, s_hi)`` of subset ``node``:
    count each, and with ``descend`` walk every subset below ``node`` inside it.

    ``work[0]`` gets the number of row visits (rows grouped or scanned), for tuning."""
    depth_max = 64
    f_node = np.empty(depth_max, np.int64)
    f_a = np.empty(depth_max, np.int64)
    f_b = np.empty(depth_max, np.int64)
    f_child = np.empty(depth_max, np.int64)
    f_at = np.empty(depth_max, np.int64)
    f_whole = np.empty(depth_max, np.bool_)
    visits = np.int64(0)
    for s in range(s_lo, s_hi):
        a0 = bounds[s]
        b0 = bounds[s + 1]
        if b0 <= a0:
            continue
        total = _block(node, idx, a0, b0, m8, m16, m32, w, skind, spos, counts, hist, touched)
        if b0 - a0 == 1:
            pruned[node, BLOCKS] += 1
            pruned[node, SINGLETONS] += 1 if total == 1 else 0
            pruned[node, WEIGHT] += total
            continue
        if not descend or child_ptr[node + 1] == child_ptr[node]:
            continue
        depth = 0
        f_node[0] = node
        f_a[0] = a0
        f_b[0] = b0
        f_child[0] = child_ptr[node]
        f_at[0] = -1
        while depth >= 0:
            v = f_node[depth]
            a = f_a[depth]
            b = f_b[depth]
            ci = f_child[depth]
            if f_at[depth] < 0:
                if ci >= child_ptr[v + 1]:
                    depth -= 1
                    continue
                c = child_dim[ci]
                n_groups = _group(idx, a, b, kind[c], pos[c], m8, m16, m32, cmap, keys, sizes, labels, tmp)
                visits += b - a
                f_whole[depth] = n_groups == 1
                f_at[depth] = a
            i = f_at[depth]
            if i >= b:
                f_child[depth] = ci + 1
                f_at[depth] = -1
                continue
            c = child_dim[ci]
            u = child_node[ci]
            if f_whole[depth]:
                j = b
            else:
                kc = kind[c]
                pc = pos[c]
                key = _value(m8, m16, m32, kc, pc, idx[i])
                j = i + 1
                while j < b and _value(m8, m16, m32, kc, pc, idx[j]) == key:
                    j += 1
                visits += j - i
            f_at[depth] = j
            total = _block(u, idx, i, j, m8, m16, m32, w, skind, spos, counts, hist, touched)
            if j - i == 1:
                pruned[u, BLOCKS] += 1
                pruned[u, SINGLETONS] += 1 if total == 1 else 0
                pruned[u, WEIGHT] += total
                continue
            if child_ptr[u + 1] > child_ptr[u]:
                depth += 1
                f_node[depth] = u
                f_a[depth] = i
                f_b[depth] = j
                f_child[depth] = child_ptr[u]
                f_at[depth] = -1
    work[0] += visits


@njit(cache=CACHE)
def group_segment(idx, a, b, kind, pos, m8, m16, m32, cmap, keys, sizes, labels, tmp, out_bounds):
    """Group ``idx[a:b]`` in place by one column; the sub-block bounds go to ``out_bounds``
    (``n + 1`` of them, absolute positions); returns ``n``."""
    n_groups = _group(idx, a, b, kind, pos, m8, m16, m32, cmap, keys, sizes, labels, tmp)
    out_bounds[0] = a
    if n_groups == 1:
        out_bounds[1] = b
        return 1
    # After _group, sizes[g] is the end of group g.
    for g in range(n_groups):
        out_bounds[g + 1] = sizes[g]
    return n_groups


@njit(cache=CACHE)
def counting_order(codes, n_values):
    """A stable order of ``codes`` (ascending) and the start of each value's run; empty values
    are dropped from the starts. Returns (order, starts) with ``starts[-1] == len(codes)``."""
    n = codes.shape[0]
    counts = np.zeros(n_values + 1, np.int64)
    for i in range(n):
        counts[np.int64(codes[i]) + 1] += 1
    for v in range(n_values):
        counts[v + 1] += counts[v]
    order = np.empty(n, np.int64)
    fill = counts[:n_values].copy()
    for i in range(n):
        v = np.int64(codes[i])
        order[fill[v]] = i
        fill[v] += 1
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
    starts[n_runs] = n
    return order, starts


@njit(cache=CACHE)
def refine_ids(ids, n_ids, codes, n_values):
    """Group ids of the pairs ``(ids[i], codes[i])``, compact ``0..m-1``; returns (new ids, m).

    Rows are bucketed by code (a counting sort), then within each bucket the parent ids are
    mapped densely (a map over ``0..n_ids-1`` reset after each bucket): linear time, no
    hashing, memory ``O(n + n_ids + n_values)``."""
    order, starts = counting_order(codes, n_values)
    out = np.empty(ids.shape[0], np.int64)
    cmap = np.full(n_ids, -1, np.int64)
    m = 0
    for r in range(starts.shape[0] - 1):
        first = m
        for t in range(starts[r], starts[r + 1]):
            i = order[t]
            g = ids[i]
            if cmap[g] < 0:
                cmap[g] = m
                m += 1
            out[i] = cmap[g]
        for t in range(starts[r], starts[r + 1]):
            cmap[ids[order[t]]] = -1
        if m - first < 0:
            break
    return out, m


@njit(cache=CACHE)
def first_rows(ids, n_ids):
    """The first row of each id and each id's row count."""
    first = np.full(n_ids, -1, np.int64)
    weight = np.zeros(n_ids, np.int64)
    for i in range(ids.shape[0]):
        g = ids[i]
        if first[g] < 0:
            first[g] = i
        weight[g] += 1
    return first, weight
