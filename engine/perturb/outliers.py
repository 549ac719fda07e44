"""Outliers on the numeric keys by robust Mahalanobis distance, as in sdcMicro's ``dRiskRMD``
(docs/methods.md, "Numeric keys").

The complete records are standardised (mean, sd); the distance of each is
sqrt((z - m)' S^-1 (z - m)) with m the column means of z (0) and S the minimum covariance
determinant estimate of the covariance (scikit-learn's MinCovDet, seeded, fitted on at most
20,000 records drawn with that seed). A record beyond sqrt(chi2_p(0.975)) is an outlier;
records with a missing key are not assessed.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.stats import chi2

FIT_MAX = 20_000


@dataclass(frozen=True)
class Outliers:
    """Robust distances (NaN where not assessed), the cut-off and the outliers' record numbers."""

    distance: np.ndarray
    cutoff: float
    records: np.ndarray


def robust_outliers(values: np.ndarray, seed: int = 0) -> Outliers:
    from sklearn.covariance import MinCovDet

    x = np.asarray(values, float)
    n, p = x.shape
    distance = np.full(n, np.nan)
    cutoff = float(np.sqrt(chi2.ppf(0.975, p)))
    complete = np.flatnonzero(~np.isnan(x).any(axis=1))
    if complete.size <= p + 1:
        return Outliers(distance, cutoff, np.zeros(0, np.int64))
    z = x[complete]
    sd = z.std(axis=0, ddof=1)
    sd[sd == 0] = 1.0
    z = (z - z.mean(axis=0)) / sd
    rng = np.random.default_rng(seed)
    fit = z if len(z) <= FIT_MAX else z[rng.choice(len(z), FIT_MAX, replace=False)]
    cov = MinCovDet(random_state=seed).fit(fit).covariance_
    inv = np.linalg.pinv(cov)
    d = z - z.mean(axis=0)
    distance[complete] = np.sqrt(np.maximum(np.einsum("ij,jk,ik->i", d, inv, d), 0.0))
    records = np.flatnonzero(distance > cutoff)
    return Outliers(distance, cutoff, records)
