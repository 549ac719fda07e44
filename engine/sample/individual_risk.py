"""Individual risk of a sample file: the Benedetti-Franconi negative-binomial model.

docs/methods.md, "Individual risk". A record whose key (its values on the key variables) has
sample frequency f and estimated population frequency F^ = sum of the weights in the key is
re-identified with probability r = E[1/F | f], where F - f ~ NegBin(f, p), p = f / F^
(p = 1 when F^ <= f: the key's population is its sample). Substituting u = p t / (1 - q t),
q = 1 - p, in r = int_0^1 t^(f-1) (p / (1 - q t))^f dt gives

    r = p * int_0^1 u^(f-1) / (p + q u) du,

computed exactly for every f, in one of two ways (both term by term, no approximation):

* p < 1/3: the partial fractions of u^(f-1) / (p + q u), with a = p / q <= 1/2,
  r = (p / q) * [sum_{m=0}^{f-2} (-a)^m / (f-1-m) + (-a)^(f-1) ln(1/p)];
  the terms fall by a factor a, so the sum stops once they are below double precision;
* p >= 1/3: the hypergeometric series r = (p / f) 2F1(1, 1; f+1; q)
  = (p / f) sum_k k! / ((f+1)(f+2)...(f+k)) q^k, whose terms fall by at least q <= 2/3.

Both reduce to the well-known closed forms f = 1: r = p / (1-p) ln(1/p) and f = 2:
r = p / (1-p)^2 (p ln p + 1 - p), and to r = 1/f at p = 1, without their cancellation near
p = 1; for tiny p, r -> p / (f - 1) (f >= 2). With every weight 1, r = 1/f, the population
posterior of :mod:`engine.formulas.reidentification`.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..sweep.block_kernels import CACHE

SERIES_FROM = 1.0 / 3.0   # p at and above which the series in q is used
TINY = 1e-17


@njit(cache=CACHE)
def _risk_one(f: int, p: float, q: float) -> float:
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


@njit(cache=CACHE)
def _risk_keys(f: np.ndarray, weight_sum: np.ndarray) -> np.ndarray:
    out = np.empty(f.shape[0], dtype=np.float64)
    for i in range(f.shape[0]):
        n = f[i]
        w = weight_sum[i]
        if w <= n:
            out[i] = 1.0 / n
        else:
            out[i] = _risk_one(n, n / w, (w - n) / w)
    return out


def key_risk(f: np.ndarray, weight_sum: np.ndarray) -> np.ndarray:
    """Benedetti-Franconi risk r = E[1/F | f] of each key, from its sample frequency ``f``
    (>= 1) and the sum of its records' weights ``weight_sum`` (F^).

    >>> key_risk(np.array([1, 2, 3]), np.array([1.0, 2.0, 3.0])).tolist()
    [1.0, 0.5, 0.3333333333333333]
    >>> round(float(key_risk(np.array([1]), np.array([10.0]))[0]), 6)   # 0.1/0.9 ln 10
    0.255843
    """
    f = np.ascontiguousarray(f, dtype=np.int64)
    weight_sum = np.ascontiguousarray(weight_sum, dtype=np.float64)
    if f.size and f.min() < 1:
        raise ValueError("every key has at least one record")
    return _risk_keys(f, weight_sum)


def record_risk(ids: np.ndarray, frequencies: np.ndarray, weight_sums: np.ndarray | None
                ) -> tuple[np.ndarray, np.ndarray]:
    """Per record (file order) the risk of its key, and per key its risk.

    ``ids`` are the records' key ids, ``frequencies`` the records per key and ``weight_sums``
    the sum of their weights per key (:func:`engine.sample.keys.key_ids`); None: the file is
    the population, r = 1/f."""
    per_key = 1.0 / frequencies if weight_sums is None else key_risk(frequencies, weight_sums)
    return per_key[ids], per_key
