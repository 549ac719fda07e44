"""Population uniqueness estimated from a sample: docs/methods.md, "Population uniqueness".

Input: the sample's key frequencies as a histogram ``c[s]`` = number of keys seen s times
(``u`` keys, ``n`` records), the sampling fraction ``f`` and the population size N = n / f.
Each model returns the estimated number of population uniques (keys of population
frequency 1), None when it does not apply; :func:`estimate` turns them into shares of N.
The models and the choice among them follow ARX's risk analysis (Prasser et al.); the
code is written from the published formulas:

* Zayatz (1991): P(F = 1 | f = 1) = c1 h(1) / sum_s c_s h(s), h(s) the hypergeometric
  probability of drawing exactly one of s population records in a sample of n from N;
  population uniques = c1 P / f.
* Pitman (Hoshino 2001): the class sizes follow the Pitman sampling formula with
  parameters (theta, alpha), fitted by maximum likelihood
  L = sum_{i<u} ln(theta + i alpha) - sum_{i<n} ln(theta + i) + sum_s c_s sum_{m<s} ln(m - alpha);
  population uniques = Gamma(theta + 1) / Gamma(theta + alpha) N^alpha.
* SNB, slide negative binomial (Chen & Keller-McNulty 1998): population frequencies are
  1 + NegBin(alpha, beta) over K non-empty population keys (K by the Shlosser-type
  estimator of Haas & Stokes 1998), records sampled with probability f; alpha and beta
  solve E[c1] = c1, E[c2] = c2 with d = (1-beta)(1-f),
  E[c1] = K f (beta / (1-d))^alpha (1 + alpha d / (1-d)),
  E[c2] = K f^2 alpha (1-beta) beta^alpha (2 - (1-alpha) d) / (2 (1-d)^(alpha+2));
  population uniques = K beta^alpha.
* Dankar et al. (2012): with f <= 0.1 Pitman's estimate (Zayatz's when Pitman's fails),
  otherwise the smaller of Zayatz's and SNB's (Zayatz's when SNB's fails).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional

import numpy as np
from scipy import optimize, special

DANKAR_SMALL_FRACTION = 0.1


def _one_blas_thread():
    """The fits' linear algebra is on vectors of 2: OpenBLAS's threads only wait for each
    other (the fit of a 100,000-record sample took 0.6 s instead of 0.01 s on a busy 2-core
    machine), so the fits keep BLAS on this thread."""
    from threadpoolctl import threadpool_limits

    return threadpool_limits(1, user_api="blas")


@dataclass(frozen=True)
class ClassHistogram:
    """``sizes[i]``: a key frequency seen in the sample; ``counts[i]``: keys with it."""

    sizes: np.ndarray
    counts: np.ndarray

    @classmethod
    def of(cls, frequencies: np.ndarray) -> "ClassHistogram":
        tally = np.bincount(np.asarray(frequencies, dtype=np.int64))
        sizes = np.flatnonzero(tally)
        return cls(sizes, tally[sizes])

    @property
    def n(self) -> int:
        return int((self.sizes * self.counts).sum())

    @property
    def u(self) -> int:
        return int(self.counts.sum())

    def of_size(self, size: int) -> int:
        hit = self.counts[self.sizes == size]
        return int(hit[0]) if hit.size else 0


def _valid(value: float, population: float) -> Optional[float]:
    return float(value) if math.isfinite(value) and 0.0 <= value <= population * (1 + 1e-9) else None


def zayatz(hist: ClassHistogram, fraction: float) -> Optional[float]:
    """Zayatz's estimate of the number of population uniques.

    h(s), the hypergeometric probability of drawing exactly one of s population records in
    a sample of n from N, is (n / N) s prod_{j<s-1} (1 - (n-1) / (N-1-j)), summed in logs;
    the factor n / N cancels in P = c1 h(1) / sum_s c_s h(s), so that P is exact and finite
    for any N (weights up to the largest double) at a cost of one term per size."""
    c1 = hist.of_size(1)
    if c1 == 0:
        return 0.0
    n = hist.n
    population = max(float(n), float(np.round(n / fraction)))
    largest = int(hist.sizes.max())
    left = population - 1 - np.arange(max(largest - 1, 0), dtype=np.float64)  # N - 1 - j
    with np.errstate(divide="ignore", invalid="ignore"):  # n - 1 >= N - 1 - j: that draw cannot happen
        steps = np.where(left > n - 1, np.log1p(-(n - 1) / left), -np.inf)
    logs = np.concatenate(([0.0], np.cumsum(steps)))  # logs[s - 1] = the sum over j < s - 1
    with np.errstate(invalid="ignore"):
        denominator = float((hist.counts * hist.sizes * np.exp(logs[hist.sizes - 1])).sum())
    if not denominator > 0:
        return None
    return _valid(c1 * (c1 / denominator) / fraction, population)


def pitman_log_likelihood(theta: float, alpha: float, hist: ClassHistogram) -> float:
    """Log-likelihood of the sample's partition under the Pitman sampling formula."""
    u, n = hist.u, hist.n
    ratio = theta / alpha
    return ((u - 1) * math.log(alpha) + special.gammaln(ratio + u) - special.gammaln(ratio + 1)
            - special.gammaln(theta + n) + special.gammaln(theta + 1)
            + float((hist.counts * (special.gammaln(hist.sizes - alpha) - special.gammaln(1 - alpha))).sum()))


def _pitman_gradient(theta: float, alpha: float, hist: ClassHistogram) -> np.ndarray:
    u, n = hist.u, hist.n
    ratio = theta / alpha
    spread = special.digamma(ratio + u) - special.digamma(ratio + 1)
    d_theta = spread / alpha - special.digamma(theta + n) + special.digamma(theta + 1)
    d_alpha = ((u - 1) / alpha - theta / alpha ** 2 * spread
               - float((hist.counts * (special.digamma(hist.sizes - alpha) - special.digamma(1 - alpha))).sum()))
    return np.array([d_theta, d_alpha])


def _pitman_hessian(theta: float, alpha: float, hist: ClassHistogram) -> np.ndarray:
    """Second derivatives of :func:`pitman_log_likelihood`; with r = theta/alpha,
    S = psi(r+u) - psi(r+1), T = psi'(r+u) - psi'(r+1):
    L_tt = T/a^2 - psi'(theta+n) + psi'(theta+1), L_ta = -S/a^2 - theta T/a^3,
    L_aa = -(u-1)/a^2 + 2 theta S/a^3 + theta^2 T/a^4 + sum_s c_s (psi'(s-a) - psi'(1-a))."""
    u, n = hist.u, hist.n
    ratio = theta / alpha
    spread = special.digamma(ratio + u) - special.digamma(ratio + 1)
    curve = special.polygamma(1, ratio + u) - special.polygamma(1, ratio + 1)
    tt = curve / alpha ** 2 - special.polygamma(1, theta + n) + special.polygamma(1, theta + 1)
    ta = -spread / alpha ** 2 - theta * curve / alpha ** 3
    aa = (-(u - 1) / alpha ** 2 + 2 * theta * spread / alpha ** 3 + theta ** 2 * curve / alpha ** 4
          + float((hist.counts * (special.polygamma(1, hist.sizes - alpha) - special.polygamma(1, 1 - alpha))).sum()))
    return np.array([[tt, ta], [ta, aa]])


def _newton(theta: float, alpha: float, hist: ClassHistogram, steps: int = 20) -> tuple[float, float]:
    """Newton steps on the score equations from an interior optimum, down to rounding: the
    quasi-Newton search stops at a gradient of about 1e-3, 1e-6 relative in the estimate.
    Kept only while the point stays inside the bounds and the likelihood does not drop."""
    x = np.array([theta, alpha])
    best = pitman_log_likelihood(theta, alpha, hist)
    for _ in range(steps):
        gradient = _pitman_gradient(x[0], x[1], hist)
        try:
            step = np.linalg.solve(_pitman_hessian(x[0], x[1], hist), gradient)
        except np.linalg.LinAlgError:
            break
        new = x - step
        if not (np.all(np.isfinite(new)) and new[0] > 0 and 0 < new[1] < 1):
            break
        value = pitman_log_likelihood(new[0], new[1], hist)
        if value < best - 1e-12 * max(1.0, abs(best)):
            break
        x, best = new, max(best, value)
        if np.all(np.abs(step) <= 4 * np.finfo(float).eps * np.abs(x)):
            break
    return float(x[0]), float(x[1])


def pitman_fit(hist: ClassHistogram) -> Optional[tuple[float, float]]:
    """Maximum-likelihood (theta, alpha) of the Pitman model (theta >= 0, 0 < alpha < 1):
    L-BFGS-B from several starts, then Newton steps on the gradient (:func:`_newton`)."""
    c1, c2, u, n = hist.of_size(1), max(hist.of_size(2), 1), hist.u, hist.n
    if u < 2 or u == n:
        return None
    c = c1 * (c1 - 1) / c2
    starts = []
    denominator = 2 * c1 * u + c1 * c - n * c
    if denominator:
        t0 = (n * u * c - c1 * (n - 1) * (2 * u + c)) / denominator
        a0 = (t0 * (c1 - n) + (n - 1) * c1) / (n * u)
        if t0 >= 0 and 0 < a0 < 1:
            starts.append((t0, a0))
    starts += [(1.0, 0.5), (10.0, 0.2), (100.0, 0.8)]
    with _one_blas_thread():
        return _pitman_search(hist, starts)


def _pitman_search(hist: ClassHistogram, starts: list[tuple[float, float]]) -> Optional[tuple[float, float]]:
    best = None
    for theta0, alpha0 in starts:
        result = optimize.minimize(
            lambda x: -pitman_log_likelihood(x[0], x[1], hist), np.array([theta0, alpha0]),
            jac=lambda x: -_pitman_gradient(x[0], x[1], hist), method="L-BFGS-B",
            bounds=[(0.0, None), (1e-9, 1 - 1e-9)])
        if np.all(np.isfinite(result.x)) and (best is None or result.fun < best.fun):
            best = result
    if best is None:
        return None
    theta, alpha = float(best.x[0]), float(best.x[1])
    if alpha <= 1e-6 or alpha >= 1 - 1e-6:
        return None
    if theta > 0:
        theta, alpha = _newton(theta, alpha, hist)
    return theta, alpha


def pitman(hist: ClassHistogram, fraction: float) -> Optional[float]:
    """Pitman's estimate of the number of population uniques."""
    if hist.of_size(1) == 0:
        return 0.0
    fit = pitman_fit(hist)
    if fit is None:
        return None
    theta, alpha = fit
    population = hist.n / fraction
    value = math.exp(special.gammaln(theta + 1) - special.gammaln(theta + alpha) + alpha * math.log(population))
    return _valid(value, population)


def shlosser_keys(hist: ClassHistogram, fraction: float) -> float:
    """Estimated number of non-empty population keys (Haas & Stokes 1998, Shlosser-type):
    u + c1 [sum_s s f^2 (1-f^2)^(s-1) c_s / sum_s ((1-f^2)^s - (1-f)^s) c_s]
           [sum_s (1-f)^s c_s / sum_s s f (1-f)^(s-1) c_s]^2."""
    f, s, c = fraction, hist.sizes.astype(np.float64), hist.counts.astype(np.float64)
    top1 = float((s * f * f * (1 - f * f) ** (s - 1) * c).sum())
    bottom1 = float((((1 - f * f) ** s - (1 - f) ** s) * c).sum())
    top2 = float(((1 - f) ** s * c).sum())
    bottom2 = float((s * f * (1 - f) ** (s - 1) * c).sum())
    if bottom1 <= 0 or bottom2 <= 0:
        return float(hist.u)
    return hist.u + hist.of_size(1) * (top1 / bottom1) * (top2 / bottom2) ** 2


def snb_expected(alpha: float, beta: float, keys: float, fraction: float) -> tuple[float, float]:
    """E[c1], E[c2] of the slide negative binomial model (formulas in the module docstring)."""
    d = (1 - beta) * (1 - fraction)
    e1 = keys * fraction * (beta / (1 - d)) ** alpha * (1 + alpha * d / (1 - d))
    e2 = (keys * fraction ** 2 * alpha * (1 - beta) * beta ** alpha * (2 - (1 - alpha) * d)
          / (2 * (1 - d) ** (alpha + 2)))
    return e1, e2


def snb_fit(keys: float, fraction: float, c1: int, c2: int) -> Optional[tuple[float, float]]:
    """(alpha, beta) with E[c1] = c1 and E[c2] = c2, None when no solution is found."""
    if c1 <= 0 or c2 <= 0 or keys <= 0:
        return None

    def residual(x: np.ndarray) -> np.ndarray:
        alpha, beta = math.exp(x[0]), special.expit(x[1])
        e1, e2 = snb_expected(alpha, beta, keys, fraction)
        return np.array([e1 / c1 - 1, e2 / c2 - 1])

    with _one_blas_thread():
        for log_alpha in (0.0, -2.0, 2.0, -5.0):
            for logit_beta in (0.0, -3.0, 3.0, -8.0):
                with np.errstate(all="ignore"):
                    result = optimize.least_squares(residual, np.array([log_alpha, logit_beta]), method="lm",
                                                    xtol=1e-14, ftol=1e-14, gtol=1e-14)
                if np.all(np.isfinite(result.fun)) and np.max(np.abs(result.fun)) < 1e-8:
                    return math.exp(result.x[0]), float(special.expit(result.x[1]))
    return None


def snb(hist: ClassHistogram, fraction: float) -> Optional[float]:
    """The slide negative binomial estimate of the number of population uniques."""
    if hist.of_size(1) == 0:
        return 0.0
    keys = shlosser_keys(hist, fraction)
    fit = snb_fit(keys, fraction, hist.of_size(1), hist.of_size(2))
    if fit is None:
        return None
    alpha, beta = fit
    return _valid(keys * beta ** alpha, hist.n / fraction)


def dankar(fraction: float, zayatz_value: Optional[float], pitman_value: Optional[float],
           snb_value: Optional[float]) -> tuple[Optional[str], Optional[float]]:
    """The model Dankar et al.'s rule picks, and its estimate."""
    if fraction <= DANKAR_SMALL_FRACTION:
        if pitman_value is not None:
            return "pitman", pitman_value
        return ("zayatz", zayatz_value) if zayatz_value is not None else (None, None)
    if snb_value is not None and zayatz_value is not None:
        return ("zayatz", zayatz_value) if zayatz_value < snb_value else ("snb", snb_value)
    return ("zayatz", zayatz_value) if zayatz_value is not None else (None, None)
