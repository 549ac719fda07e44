"""Log-gamma, digamma and trigamma of positive arguments, for the population models
(docs/methods.md, "Population uniqueness"), with numpy and the standard library only:
importing scipy.special costs more than a whole 100,000-record sample's measures.

* ``log_gamma``: :func:`math.lgamma`, element by element (the models need it at one
  argument per distinct key size); ``log_gamma_ratio``, ln Gamma(x + d) - ln Gamma(x)
  without the cancellation of the difference.
* ``digamma``: psi(x) = psi(x + k) - sum_{j<k} 1/(x + j) up to x + k >= 10, then the
  asymptotic series psi(y) = ln y - 1/(2y) - sum_{j=1..7} B_2j / (2j y^2j).
* ``trigamma``: psi'(x) = psi'(x + k) + sum_{j<k} 1/(x + j)^2, then
  psi'(y) = 1/y + 1/(2y^2) + sum_{j=1..7} B_2j / y^(2j+1).

With y >= 10 the first omitted terms are below 1e-17 of the result: the functions agree
with scipy.special's to about 1e-15 (tests/engine/test_population_gamma.py).
"""

from __future__ import annotations

import math
from typing import Union

import numpy as np

Real = Union[float, np.ndarray]
SERIES_FROM = 10.0

# B_2j / (2j) and B_2j, j = 1..7 (Bernoulli numbers 1/6, -1/30, 1/42, -1/30, 5/66, -691/2730, 7/6)
_DIGAMMA_TERMS = (1 / 12, -1 / 120, 1 / 252, -1 / 240, 1 / 132, -691 / 32760, 1 / 12)
_TRIGAMMA_TERMS = (1 / 6, -1 / 30, 1 / 42, -1 / 30, 5 / 66, -691 / 2730, 7 / 6)


def _series(terms: tuple[float, ...], inv2: Real) -> Real:
    """sum_j terms[j] inv2^j (j from 0), by Horner's rule."""
    total = terms[-1]
    for term in reversed(terms[:-1]):
        total = term + inv2 * total
    return total


def _scalar(x: float, power: int, tail) -> float:
    """tail(y) - sign * sum_{j<k} 1/(x + j)^power with y = x + k >= SERIES_FROM (k smallest),
    sign +1 for digamma (power 1) and -1 for trigamma (power 2)."""
    y, s = x, 0.0
    while y < SERIES_FROM:
        s += 1.0 / y ** power
        y += 1.0
    return tail(y) - s if power == 1 else tail(y) + s


def _elementwise(x: Real, power: int, tail) -> Real:
    """:func:`_scalar` of a float or of each element of an array (the series on every
    element at or above SERIES_FROM at once)."""
    if not isinstance(x, np.ndarray):
        return _scalar(float(x), power, tail)
    x = np.asarray(x, dtype=np.float64)
    out = np.empty(x.shape)
    small = x < SERIES_FROM
    out[~small] = tail(x[~small])
    out[small] = [_scalar(v, power, tail) for v in x[small].tolist()]
    return out


def log_gamma(x: Real) -> Real:
    """ln Gamma(x) for x > 0 (an array element by element); inf at x = 0, as scipy's gammaln."""
    if isinstance(x, np.ndarray):
        return np.array([_lgamma(v) for v in x.ravel().tolist()], dtype=np.float64).reshape(x.shape)
    return _lgamma(x)


# B_2j / (2j (2j - 1)), j = 1..7: Stirling's series of ln Gamma
_STIRLING_TERMS = (1 / 12, -1 / 360, 1 / 1260, -1 / 1680, 1 / 1188, -691 / 360360, 1 / 156)


def log_gamma_ratio(x: float, d: float) -> float:
    """ln Gamma(x + d) - ln Gamma(x) for x > 0, 0 <= d <= 1, without the cancellation of the
    two logarithms (each about x ln x, so that their difference would lose ln(x) digits):
    below 10, ln Gamma(x+d) - ln Gamma(x) = [the same at x + 1] - log1p(d / x); from 10,
    Stirling's series, (x - 1/2) log1p(d/x) + d ln(x + d) - d + sum_j c_j ((x+d)^(1-2j) - x^(1-2j)).

    >>> abs(log_gamma_ratio(7.5, 1.0) - math.log(7.5)) < 1e-15   # Gamma(x + 1) = x Gamma(x)
    True
    """
    shift = 0.0
    while x < SERIES_FROM:
        shift += math.log1p(d / x)
        x += 1.0
    inv, inv_d = 1.0 / x, 1.0 / (x + d)
    series = sum(c * (inv_d ** (2 * j + 1) - inv ** (2 * j + 1)) for j, c in enumerate(_STIRLING_TERMS))
    return (x - 0.5) * math.log1p(d / x) + d * math.log(x + d) - d + series - shift


def _lgamma(x: float) -> float:
    try:
        return math.lgamma(x)
    except (ValueError, OverflowError):   # a pole (0, -1, ...) or beyond the largest double
        return math.inf


def digamma(x: Real) -> Real:
    """psi(x) = d ln Gamma(x) / dx for x > 0.

    >>> round(digamma(1.0), 14)   # minus the Euler-Mascheroni constant
    -0.57721566490153
    """
    return _elementwise(x, 1, _digamma_series)


def trigamma(x: Real) -> Real:
    """psi'(x) for x > 0.

    >>> round(trigamma(1.0) * 6 / math.pi ** 2, 15)   # pi^2 / 6
    1.0
    """
    return _elementwise(x, 2, _trigamma_series)


def _log(y: Real) -> Real:
    return np.log(y) if isinstance(y, np.ndarray) else math.log(y)


def _digamma_series(y: Real) -> Real:
    inv = 1.0 / y
    inv2 = inv * inv
    return _log(y) - 0.5 * inv - inv2 * _series(_DIGAMMA_TERMS, inv2)


def _trigamma_series(y: Real) -> Real:
    inv = 1.0 / y
    inv2 = inv * inv
    return inv + 0.5 * inv2 + inv * inv2 * _series(_TRIGAMMA_TERMS, inv2)


def expit(x: float) -> float:
    """The logistic function 1 / (1 + e^-x), without overflow for large |x|."""
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)
