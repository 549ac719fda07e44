"""Interval disclosure as sdcMicro's ``dRisk`` (docs/methods.md, "Numeric keys").

With sd_j the standard deviation of released column j (known values), record i is at risk when
none of its original values lies outside [y_ij - R sd_j, y_ij + R sd_j]; a comparison with a
missing value does not count as outside. The risk is the share of records at risk.
"""

from __future__ import annotations

import numpy as np

DEFAULT_RADIUS = 0.05


def interval_at_risk(original: np.ndarray, released: np.ndarray, radius: float = DEFAULT_RADIUS) -> np.ndarray:
    """Per record, whether all its original values lie within the released intervals."""
    x = np.asarray(original, float)
    y = np.asarray(released, float)
    if x.ndim == 1:
        x, y = x[:, None], y[:, None]
    with np.errstate(all="ignore"):
        sd = np.array([np.std(c[~np.isnan(c)], ddof=1) if (~np.isnan(c)).sum() > 1 else np.nan for c in y.T])
        outside = (x < y - radius * sd) | (x > y + radius * sd)
    return ~outside.any(axis=1)


def interval_risk(original: np.ndarray, released: np.ndarray, radius: float = DEFAULT_RADIUS) -> float:
    """The share of records at risk (sdcMicro's dRisk)."""
    at_risk = interval_at_risk(original, released, radius)
    return float(at_risk.mean()) if at_risk.size else 0.0
