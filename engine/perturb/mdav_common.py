"""The column weights and missing-value distances MDAV uses (docs/methods.md, "Perturbative
steps"), shared by the compiled and the plain versions.

Each column j gets the weight w_j = 1 / var_j, var_j = mean(x^2) - mean(x)^2 over its known
values (sums taken in record order), or 1 when that is 0; a record whose value is missing where
the other point's is known is at the distance (max_j - min_j)^2 * w_j in that column.
"""

from __future__ import annotations

import numpy as np


def column_weights(x: np.ndarray, miss: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(w, md): the float64 weight and the float32 missing-value distance of each column."""
    p = x.shape[1]
    w = np.ones(p)
    md = np.zeros(p, np.float32)
    for j in range(p):
        known = x[~miss[:, j], j]
        if known.size == 0:
            continue
        mean = np.cumsum(known)[-1] / known.size
        mean_square = np.cumsum(known * known)[-1] / known.size
        variance = mean_square - mean * mean
        if variance != 0:
            w[j] = 1.0 / variance
        spread = known.max() - known.min()
        md[j] = np.float32(spread * spread * w[j])
    return w, md
