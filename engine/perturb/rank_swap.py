"""Rank swapping (Moore 1996; sdcMicro's ``rankSwap``; docs/methods.md, "Perturbative steps").

Each column on its own: the known values are ranked (equal values in record order); going up
the ranks, a record not yet swapped exchanges its value with a record drawn uniformly among
those not yet swapped whose rank is above its own by at most P% of the number of known values.
A record with no such partner keeps its value; missing values stay where they are. The free
ranks are kept in a Fenwick tree, so a column takes O(n log n).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..sweep.block_kernels import CACHE


@njit(cache=CACHE)
def _fenwick_add(tree, i, delta):
    i += 1
    while i < tree.shape[0]:
        tree[i] += delta
        i += i & -i


@njit(cache=CACHE)
def _fenwick_prefix(tree, i):
    """Number of free ranks among 0..i-1."""
    total = 0
    while i > 0:
        total += tree[i]
        i -= i & -i
    return total


@njit(cache=CACHE)
def _fenwick_find(tree, target):
    """The smallest rank r with prefix(r + 1) > target."""
    pos = 0
    step = 1
    while step * 2 < tree.shape[0]:
        step *= 2
    while step > 0:
        nxt = pos + step
        if nxt < tree.shape[0] and tree[nxt] <= target:
            pos = nxt
            target -= tree[nxt]
        step //= 2
    return pos


@njit(cache=CACHE)
def _swap_ranked(ranked, window, draws):
    m = ranked.shape[0]
    tree = np.zeros(m + 1, np.int64)
    for r in range(m):
        _fenwick_add(tree, r, 1)
    free = np.ones(m, np.bool_)
    for r in range(m):
        if not free[r]:
            continue
        free[r] = False
        _fenwick_add(tree, r, -1)
        hi = min(m, r + window + 1)
        before = _fenwick_prefix(tree, r + 1)
        count = _fenwick_prefix(tree, hi) - before
        if count == 0:
            continue
        partner = _fenwick_find(tree, before + int(draws[r] * count))
        free[partner] = False
        _fenwick_add(tree, partner, -1)
        value = ranked[r]
        ranked[r] = ranked[partner]
        ranked[partner] = value


def rank_swap(values: np.ndarray, percent: float, seed: int) -> np.ndarray:
    """The swapped copy of ``values`` (n x p, NaN = missing)."""
    x = np.asarray(values, float)
    one = x.ndim == 1
    if one:
        x = x[:, None]
    rng = np.random.default_rng(seed)
    out = x.copy()
    for j in range(x.shape[1]):
        known = np.flatnonzero(~np.isnan(x[:, j]))
        order = known[np.argsort(x[known, j], kind="stable")]
        ranked = np.ascontiguousarray(x[order, j])
        window = int(np.floor(percent / 100.0 * order.size))
        _swap_ranked(ranked, window, rng.random(order.size))
        out[order, j] = ranked
    return out[:, 0] if one else out
