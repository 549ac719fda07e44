"""Invariant PRAM as sdcMicro's ``pram`` (Gouweleeuw et al. 1998; docs/methods.md, "Perturbative steps").

For a column with L categories of frequencies f, P has diagonal p_i drawn uniformly from
[pd, 1] and (1 - p_i) / (L - 1) elsewhere in row i; Q_kj = P_jk f_j / sum_l f_l P_lk; the
released category of a record in category i is drawn from row i of
R = alpha * P Q + (1 - alpha) * I. P Q leaves the expected frequencies unchanged (f R = f), so
the released file's marginal is the original's up to sampling. Missing values stay missing;
categories are the column's distinct known values in sorted order.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class PramMatrix:
    """A column's categories (in order), their counts and the transition matrix R (rows: from)."""

    column: str
    categories: tuple[str, ...]
    counts: tuple[int, ...]
    matrix: np.ndarray


def invariant_matrix(counts: np.ndarray, diagonal: np.ndarray, alpha: float) -> np.ndarray:
    """R = alpha * P Q + (1 - alpha) * I for the given category counts and diagonal of P."""
    f = np.asarray(counts, float)
    d = np.asarray(diagonal, float)
    size = f.size
    if size == 1:
        return np.ones((1, 1))
    p = np.repeat(((1.0 - d) / (size - 1))[:, None], size, axis=1)
    np.fill_diagonal(p, d)
    q = np.empty_like(p)
    for k in range(size):
        s = np.sum(f * p[:, k])
        q[k, :] = p[:, k] * f / s if s > 0 else 0.0
    return alpha * (p @ q) + (1.0 - alpha) * np.eye(size)


def pram_column(codes: np.ndarray, n_categories: int, pd: float, alpha: float,
                rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """(released codes, R) for integer ``codes`` 0..L-1 (-1 = missing, kept)."""
    known = codes >= 0
    counts = np.bincount(codes[known], minlength=n_categories)
    diagonal = rng.uniform(pd, 1.0, n_categories)
    matrix = invariant_matrix(counts, diagonal, alpha)
    out = codes.copy()
    cumulative = np.cumsum(matrix, axis=1)
    cumulative[:, -1] = 1.0
    draws = rng.random(codes.shape[0])
    for i in range(n_categories):
        rows = np.flatnonzero(codes == i)
        if rows.size:
            out[rows] = np.searchsorted(cumulative[i], draws[rows], side="right")
    return out, matrix


def pram(texts: np.ndarray, column: str, pd: float, alpha: float, seed: int) -> tuple[np.ndarray, PramMatrix]:
    """PRAM on one column of text values (None = missing): (released values, its matrix)."""
    values = np.asarray(texts, dtype=object)
    missing = np.array([v is None for v in values], bool)
    categories = sorted({str(v) for v in values[~missing]})
    index = {c: i for i, c in enumerate(categories)}
    codes = np.array([-1 if m else index[str(v)] for v, m in zip(values, missing)], np.int64)
    released, matrix = pram_column(codes, len(categories), pd, alpha, np.random.default_rng(seed))
    out = np.array([None if c < 0 else categories[c] for c in released], dtype=object)
    counts = np.bincount(codes[codes >= 0], minlength=len(categories))
    return out, PramMatrix(column, tuple(categories), tuple(int(c) for c in counts), matrix)
