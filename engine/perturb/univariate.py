"""Microaggregation of one column, as sdcMicro's ``microaggregation`` does for a single variable
(it sorts instead of running MDAV; docs/methods.md, "Perturbative steps").

The known values are sorted (equal values in record order) and cut into consecutive groups of
k; the last n mod k values join the last group; each value becomes its group's mean (the sum
in extended precision over the count, corrected by the mean residual, as R's ``mean``). A
missing value stays missing and takes no part (sdcMicro sorts it last and lets it turn the
last group's values missing).
"""

from __future__ import annotations

import numpy as np


def _r_mean(v: np.ndarray) -> float:
    s = np.sum(v.astype(np.longdouble)) / v.size
    if np.isfinite(s):
        s = s + np.sum(v.astype(np.longdouble) - s) / v.size
    return float(s)


def sorted_groups(values: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """(aggregated values, group id per record; -1 where missing) of one column."""
    x = np.asarray(values, float)
    out = np.full(x.shape, np.nan)
    group = np.full(x.shape, -1, np.int64)
    known = np.flatnonzero(~np.isnan(x))
    if known.size == 0:
        return out, group
    order = known[np.argsort(x[known], kind="stable")]
    n_groups = max(1, order.size // k)
    labels = np.minimum(np.arange(order.size) // k, n_groups - 1)
    group[order] = labels
    for g in range(n_groups):
        members = order[labels == g]
        out[members] = _r_mean(x[members])
    return out, group
