"""Information loss of numeric perturbation (docs/methods.md, "Numeric keys").

IL1s as sdcMicro's ``dUtility(method = "IL1s")``: the sum over all cells of
|x_ij - y_ij| / (sqrt(2) sd_j), sd_j the original column's standard deviation, missing cells
left out; ``il1s_mean`` is that sum over the number of cells counted. The change of each
column's mean and standard deviation is relative to the original's; the correlation change is
the largest absolute difference between the two correlation matrices (pairwise complete).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class NumericUtility:
    """IL1s and the changes of means, standard deviations and correlations."""

    il1s: float
    il1s_mean: float
    mean_change: tuple[float, ...]
    sd_change: tuple[float, ...]
    correlation_change: float

    def to_dict(self) -> dict:
        return {"il1s": self.il1s, "il1s_mean": self.il1s_mean, "mean_change": list(self.mean_change),
                "sd_change": list(self.sd_change), "correlation_change": self.correlation_change}


def il1s(original: np.ndarray, released: np.ndarray) -> tuple[float, int]:
    """(IL1s sum, number of cells in it)."""
    x = np.asarray(original, float)
    y = np.asarray(released, float)
    sd = np.nanstd(x, axis=0, ddof=1)
    terms = np.abs(x - y) / (sd * np.sqrt(2.0))
    ok = np.isfinite(terms)
    return float(terms[ok].sum()), int(ok.sum())


def _relative(a: float, b: float) -> float:
    if not np.isfinite(a) or not np.isfinite(b):
        return float("nan")
    return abs(b - a) / abs(a) if a != 0 else (0.0 if b == a else float("inf"))


def _correlations(x: np.ndarray) -> np.ndarray:
    p = x.shape[1]
    c = np.eye(p)
    for i in range(p):
        for j in range(i + 1, p):
            ok = ~np.isnan(x[:, i]) & ~np.isnan(x[:, j])
            if ok.sum() > 2 and np.std(x[ok, i]) > 0 and np.std(x[ok, j]) > 0:
                c[i, j] = c[j, i] = np.corrcoef(x[ok, i], x[ok, j])[0, 1]
            else:
                c[i, j] = c[j, i] = np.nan
    return c


def numeric_utility(original: np.ndarray, released: np.ndarray) -> NumericUtility:
    x = np.asarray(original, float)
    y = np.asarray(released, float)
    with np.errstate(all="ignore"):
        total, cells = il1s(x, y)
        means = tuple(_relative(np.nanmean(a), np.nanmean(b)) for a, b in zip(x.T, y.T))
        sds = tuple(_relative(np.nanstd(a, ddof=1), np.nanstd(b, ddof=1)) for a, b in zip(x.T, y.T))
        diff = np.abs(_correlations(x) - _correlations(y))
    corr = float(np.nanmax(diff)) if x.shape[1] > 1 and np.isfinite(diff).any() else 0.0
    return NumericUtility(total, total / cells if cells else 0.0, means, sds, corr)
