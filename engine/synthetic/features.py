r"""Dataset features for shadow modelling: one fixed-length vector per (synthetic) table.

The Groundhog attack (Stadler, Oprisanu & Troncoso 2022, "Synthetic data - anonymisation
groundhog day", USENIX Security, sec. 4) trains a classifier on features of whole synthetic
datasets. Stadler et al. use three feature sets: *naive* (per-column summary statistics:
mean, median, variance), *histogram* (the frequency of every category, numeric columns
binned) and *correlation* (the pairwise correlations of the columns). The vector here
concatenates the three:

1. Per column, in column order:

   - categorical column with ``m`` codes (``m`` fixed by the :class:`FeatureLayout`, so every
     dataset gives the same length): the normalised histogram
     :math:`(\#\{r: x_r = c\}/n)_{c=0..m-1}` (histogram set); a code outside ``0..m-1`` is
     counted in no bin;
   - numeric column: the share of missing values, then over the present values the mean,
     the standard deviation (population, ``ddof=0``) and the quantiles at
     :data:`QUANTILES` (0 = minimum, 0.5 = median, 1 = maximum), linear interpolation
     (naive set); all zero when no value is present.

2. The correlation block: for every pair of columns :math:`i < j`, in row-major order of the
   upper triangle, the Pearson correlation :math:`\rho_{ij}` over all records after
   replacing each missing value with its column's mean; categorical codes are taken as
   numbers; a constant column has correlation 0 with every other (correlation set).

Length: :math:`\sum_{cat} m_j + 10 \cdot \#numeric + d(d-1)/2` for ``d`` columns.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..foundation.errors import InputError

QUANTILES = (0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0)
NUMERIC_STATS = ("missing", "mean", "std") + tuple(f"q{q:g}" for q in QUANTILES)


@dataclass(frozen=True)
class FeatureLayout:
    """Column kinds and, per categorical column, its number of codes (0 for numeric)."""

    kinds: tuple[str, ...]
    n_codes: tuple[int, ...]

    @classmethod
    def from_tables(cls, kinds: Sequence[str], *tables: np.ndarray) -> "FeatureLayout":
        """Number of codes of each categorical column = 1 + the largest code in any table.

        >>> FeatureLayout.from_tables(["categorical", "numeric"], np.array([[2.0, 0.5]]),
        ...                           np.array([[4.0, 1.0]])).n_codes
        (5, 0)
        """
        codes = []
        for j, kind in enumerate(kinds):
            if kind == "categorical":
                codes.append(1 + max(int(np.max(t[:, j])) for t in tables if len(t)))
            else:
                codes.append(0)
        return cls(tuple(kinds), tuple(codes))

    @property
    def size(self) -> int:
        d = len(self.kinds)
        return sum(m if k == "categorical" else len(NUMERIC_STATS)
                   for k, m in zip(self.kinds, self.n_codes)) + d * (d - 1) // 2

    def names(self) -> list[str]:
        """One name per position of the vector, e.g. ``c0=3``, ``c1.q0.5``, ``corr(c0,c1)``."""
        names: list[str] = []
        for j, (kind, m) in enumerate(zip(self.kinds, self.n_codes)):
            if kind == "categorical":
                names += [f"c{j}={c}" for c in range(m)]
            else:
                names += [f"c{j}.{s}" for s in NUMERIC_STATS]
        d = len(self.kinds)
        names += [f"corr(c{i},c{j})" for i in range(d) for j in range(i + 1, d)]
        return names


def dataset_features(data: np.ndarray, layout: FeatureLayout) -> np.ndarray:
    """The feature vector of one dataset (see the module docstring for the layout).

    >>> layout = FeatureLayout(("categorical", "numeric"), (2, 0))
    >>> v = dataset_features(np.array([[0.0, 1.0], [1.0, 3.0]]), layout)
    >>> v[:2].tolist(), v[2:5].tolist(), round(float(v[-1]), 12)
    ([0.5, 0.5], [0.0, 2.0, 1.0], 1.0)
    """
    array = np.asarray(data, dtype=np.float64)
    if array.ndim != 2 or array.shape[1] != len(layout.kinds):
        raise InputError(f"dataset: expected a table with {len(layout.kinds)} column(s), got shape {array.shape}")
    n = array.shape[0]
    if n == 0:
        raise InputError("dataset: the table has no rows")
    numeric = [j for j, kind in enumerate(layout.kinds) if kind != "categorical"]
    stats = _numeric_stats(array[:, numeric])
    parts: list[np.ndarray] = []
    for j, (kind, m) in enumerate(zip(layout.kinds, layout.n_codes)):
        if kind == "categorical":
            column = array[:, j]
            codes = column[(column >= 0) & (column < m)].astype(np.int64)
            parts.append(np.bincount(codes, minlength=m)[:m] / n)
        else:
            parts.append(stats[:, numeric.index(j)])
    parts.append(_upper_correlations(array))
    return np.concatenate(parts)


def _numeric_stats(block: np.ndarray) -> np.ndarray:
    """:data:`NUMERIC_STATS` (rows) of every column of ``block`` (columns), all at once: the
    quantiles interpolate linearly in each column's sorted present values (numpy's default
    ``linear`` method), NaNs sorting last."""
    n, k = block.shape
    out = np.zeros((len(NUMERIC_STATS), k))
    if k == 0:
        return out
    ordered = np.sort(block, axis=0)
    present = np.count_nonzero(~np.isnan(block), axis=0)
    out[0] = 1.0 - present / n
    has = present > 0
    filled = np.where(np.isnan(block), 0.0, block)
    count = np.maximum(present, 1)
    mean = filled.sum(axis=0) / count
    deviation = np.where(np.isnan(block), 0.0, block - mean)
    out[1] = np.where(has, mean, 0.0)
    out[2] = np.where(has, np.sqrt((deviation * deviation).sum(axis=0) / count), 0.0)
    position = np.outer(QUANTILES, np.maximum(present - 1, 0))
    low = np.floor(position).astype(np.int64)
    high = np.minimum(low + 1, np.maximum(present - 1, 0))
    columns = np.arange(k)
    below, above = ordered[low, columns], ordered[high, columns]
    quantiles = below + (position - low) * (above - below)
    out[3:] = np.where(has, quantiles, 0.0)
    return out


def _upper_correlations(array: np.ndarray) -> np.ndarray:
    d = array.shape[1]
    means = np.zeros(d)
    for j in range(d):
        present = array[:, j][~np.isnan(array[:, j])]
        means[j] = present.mean() if present.size else 0.0
    filled = np.where(np.isnan(array), means, array)
    centred = filled - filled.mean(axis=0)
    norms = np.sqrt((centred * centred).sum(axis=0))
    scale = np.max(np.abs(filled), axis=0)
    constant = norms <= 1e-12 * np.maximum(scale, 1.0) * np.sqrt(array.shape[0])
    unit = np.divide(centred, norms, out=np.zeros_like(centred), where=~constant)
    corr = np.clip(unit.T @ unit, -1.0, 1.0)
    return corr[np.triu_indices(d, k=1)]
