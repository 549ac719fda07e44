"""Additive noise as sdcMicro's ``addNoise`` (docs/methods.md, "Perturbative steps").

Uncorrelated (``method = "additive"``): each column j gets independent normal noise of standard
deviation P/100 * sd_j (sd over its known values). Correlated (``method = "correlated"``): the
noise vector is multivariate normal with covariance P/100 * S, S the covariance of the complete
records, so that the released covariance is (1 + P/100) * S and the correlations are kept. A
missing value stays missing.
"""

from __future__ import annotations

import numpy as np


def add_noise(values: np.ndarray, percent: float, correlated: bool, seed: int) -> np.ndarray:
    """The noisy copy of ``values`` (n x p, NaN = missing)."""
    x = np.asarray(values, float)
    if x.ndim == 1:
        x = x[:, None]
    rng = np.random.default_rng(seed)
    n, p = x.shape
    if correlated:
        if p < 2:
            raise ValueError("correlated noise needs two or more columns")
        complete = x[~np.isnan(x).any(axis=1)]
        if len(complete) < 2:
            raise ValueError("correlated noise needs two or more complete records")
        cov = np.cov(complete, rowvar=False) * (percent / 100.0)
        noise = rng.multivariate_normal(np.zeros(p), cov, size=n, method="eigh")
        return x + noise
    out = x.copy()
    for j in range(p):
        known = x[~np.isnan(x[:, j]), j]
        sd = float(np.std(known, ddof=1)) if known.size > 1 else 0.0
        out[:, j] = x[:, j] + rng.normal(0.0, percent / 100.0 * sd, n)
    return out
