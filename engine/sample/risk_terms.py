"""The Benedetti-Franconi risk of one key, term by term (docs/methods.md, "Individual risk";
the two expansions are described in :mod:`engine.sample.individual_risk`). Plain Python, run
as it is for a few keys and compiled by :mod:`engine.sample.kernels` for many."""

from __future__ import annotations

import math

SERIES_FROM = 1.0 / 3.0   # p at and above which the series in q is used
TINY = 1e-17


def risk_one(f: int, p: float, q: float) -> float:
    """r of one key with f records, p = f / F^, q = 1 - p (compiled as-is by :mod:`.kernels`; the formula in :mod:`.individual_risk`)."""
    if q <= 0.0:
        return 1.0 / f
    if p >= SERIES_FROM:
        total, term, k = 1.0, 1.0, 0
        while term > TINY * total:
            term *= q * (k + 1) / (f + 1 + k)
            total += term
            k += 1
        return p / f * total
    a = p / q
    log_inv_p = -math.log(p)
    total, power = 0.0, 1.0
    for m in range(f - 1):
        total += power / (f - 1 - m)
        power *= -a
        if abs(power) * (2.0 + log_inv_p) < TINY * total:
            return p / q * total
    return p / q * (total + power * log_inv_p)
