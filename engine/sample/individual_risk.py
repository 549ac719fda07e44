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
import sys

import numpy as np

from .risk_terms import SERIES_FROM, TINY

INTERPRETED_MAX_KEYS = 100_000   # above: the compiled kernel even when numba is still to be loaded


def risk_keys_here(f: np.ndarray, weight_sum: np.ndarray) -> np.ndarray:
    """:func:`.risk_terms.risk_one` of every key without loading numba: the same operations, in
    the same order, on all the keys at once (term k of every key's series in one array
    operation; a key leaves when its own sum stops), so the same doubles as the compiled
    :func:`.kernels.risk_keys`. ln(1/p) is :func:`math.log`'s, as in :func:`.risk_terms.risk_one`."""
    f = np.asarray(f, dtype=np.int64)
    w = np.asarray(weight_sum, dtype=np.float64)
    out = 1.0 / f.astype(np.float64)
    keys = np.flatnonzero(w > f)
    n, w = f[keys], w[keys]
    p, q = n / w, (w - n) / w
    series = p >= SERIES_FROM
    out[keys[series]] = _series_risk(n[series], p[series], q[series])
    out[keys[~series]] = _fraction_risk(n[~series], p[~series], q[~series])
    return out


def _series_risk(f: np.ndarray, p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """r = p / f * sum_k term_k, term_k = term_(k-1) q (k + 1) / (f + 1 + k), while the last
    term is above TINY times the sum (risk_one's first branch)."""
    total, term = np.ones(f.size), np.ones(f.size)
    active = np.arange(f.size)
    k = 0
    while active.size:
        active = active[term[active] > TINY * total[active]]
        term[active] *= q[active] * (k + 1) / (f[active] + 1 + k)
        total[active] += term[active]
        k += 1
    return p / f * total


def _fraction_risk(f: np.ndarray, p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """r = p / q * [sum_{m<f-1} (-a)^m / (f-1-m) + (-a)^(f-1) ln(1/p)], a = p / q, the sum
    stopped (without the logarithm's term) once |(-a)^m| (2 + ln(1/p)) < TINY times it
    (risk_one's second branch)."""
    a = p / q
    log_inv_p = -np.array([math.log(x) for x in p.tolist()], dtype=np.float64)
    total, power = np.zeros(f.size), np.ones(f.size)
    out = np.empty(f.size)
    active = np.arange(f.size)
    m = 0
    while active.size:
        ended = active[f[active] - 1 <= m]                 # range(f - 1) is over: the closed form's last term
        out[ended] = p[ended] / q[ended] * (total[ended] + power[ended] * log_inv_p[ended])
        active = active[f[active] - 1 > m]
        total[active] += power[active] / (f[active] - 1 - m)
        power[active] *= -a[active]
        stop = np.abs(power[active]) * (2.0 + log_inv_p[active]) < TINY * total[active]
        out[active[stop]] = p[active[stop]] / q[active[stop]] * total[active[stop]]
        active = active[~stop]
        m += 1
    return out


def _compiled(keys: int) -> bool:
    """The compiled kernel once numba is loaded (by this run or an earlier one in this
    process) or when the keys are many: loading numba costs about 0.5 s of CPU."""
    return "numba" in sys.modules or keys > INTERPRETED_MAX_KEYS


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
    if _compiled(f.size):
        from .kernels import risk_keys

        return risk_keys(f, weight_sum)
    return risk_keys_here(f, weight_sum)


def record_risk(ids: np.ndarray, frequencies: np.ndarray, weight_sums: np.ndarray | None
                ) -> tuple[np.ndarray, np.ndarray]:
    """Per record (file order) the risk of its key, and per key its risk.

    ``ids`` are the records' key ids, ``frequencies`` the records per key and ``weight_sums``
    the sum of their weights per key (:func:`engine.sample.keys.key_ids`); None: the file is
    the population, r = 1/f."""
    per_key = 1.0 / frequencies if weight_sums is None else key_risk(frequencies, weight_sums)
    return per_key[ids], per_key
