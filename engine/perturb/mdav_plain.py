"""A plain numpy MDAV with the same definition as :mod:`engine.perturb.mdav`: every distance
recomputed over all remaining records at every step, O(n^2 / k). It is the reference the
compiled version is checked against and the baseline of ``benchmarks/mdav.py``
(docs/methods.md, "Perturbative steps").
"""

from __future__ import annotations

import numpy as np

from .mdav_common import column_weights


def _distances(x: np.ndarray, miss: np.ndarray, q: np.ndarray, qmiss: np.ndarray, w: np.ndarray,
               md: np.ndarray) -> np.ndarray:
    """Float32 distances, each column's term rounded to float32 and added in column order."""
    acc = np.zeros(x.shape[0], np.float32)
    for j in range(x.shape[1]):
        one_missing = miss[:, j] != qmiss[j]
        both_known = ~miss[:, j] & ~qmiss[j]
        term = np.zeros(x.shape[0], np.float32)
        diff = np.where(both_known, x[:, j] - (0.0 if qmiss[j] else q[j]), 0.0)
        term[both_known] = (diff[both_known] * diff[both_known] * w[j]).astype(np.float32)
        term[one_missing] = md[j]
        acc = (acc + term).astype(np.float32)
    return acc


def _mean(x: np.ndarray, miss: np.ndarray, rows: np.ndarray, divisor: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Sequential sums of the known values of ``rows`` in the order given, over their count (or
    over ``divisor`` when given); a column without known values is missing."""
    p = x.shape[1]
    centre = np.zeros(p)
    cmiss = np.zeros(p, bool)
    for j in range(p):
        known = rows[~miss[rows, j]]
        if known.size == 0:
            cmiss[j] = True
            continue
        total = np.cumsum(x[known, j])[-1]
        centre[j] = total / (divisor if divisor else known.size)
    return centre, cmiss


def mdav_plain(values: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """(aggregated values, group id per record) for ``values`` (n x p, NaN = missing)."""
    x = np.asarray(values, float)
    n, p = x.shape
    miss = np.isnan(x)
    w, md = column_weights(x, miss)
    out = np.full((n, p), np.nan)
    group = np.full(n, -1, np.int64)
    alive = np.ones(n, bool)
    left = n
    gid = 0

    def take(rows: np.ndarray) -> None:
        nonlocal gid
        centre, cmiss = _mean(x, miss, rows)
        for j in range(p):
            out[rows, j] = np.nan if cmiss[j] else centre[j]
        group[rows] = gid
        gid += 1
        alive[rows] = False

    while left - k >= k:
        ngroups = 1 if left - 2 * k < k else 2
        rows = np.flatnonzero(alive)
        centre, cmiss = _mean(x, miss, rows)
        d = _distances(x[rows], miss[rows], centre, cmiss, w, md)
        current = rows[int(np.argmax(d))]
        for _ in range(ngroups):
            rows = np.flatnonzero(alive)
            d = _distances(x[rows], miss[rows], x[current], miss[current], w, md)
            farthest = rows[int(np.argmax(d))]
            order = np.lexsort((-rows, d))
            take(rows[order[:k]])
            current = farthest
        left -= k * ngroups
    if left:
        rows = np.flatnonzero(alive)
        centre, cmiss = _mean(x, miss, rows, divisor=left)
        for j in range(p):
            out[rows, j] = np.nan if cmiss[j] else centre[j]
        group[rows] = gid
    out[miss] = np.nan
    return out, group
