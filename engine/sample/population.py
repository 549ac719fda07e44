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
  population uniques = Gamma(theta + 1) / Gamma(theta + alpha) N^alpha (the ratio without the
  cancellation of the two log-gammas: :func:`.gamma.log_gamma_ratio`). The maximum is found
  by damped Newton steps from several starts; only when they do not all reach one interior
  maximum does scipy's L-BFGS-B search it (importing scipy costs more than the rest of a
  100,000-record sample's measures).
* SNB, slide negative binomial (Chen & Keller-McNulty 1998): population frequencies are
  1 + NegBin(alpha, beta) over K non-empty population keys (K by the Shlosser-type
  estimator of Haas & Stokes 1998), records sampled with probability f; alpha and beta
  solve E[c1] = c1, E[c2] = c2 with d = (1-beta)(1-f),
  E[c1] = K f (beta / (1-d))^alpha (1 + alpha d / (1-d)),
  E[c2] = K f^2 alpha (1-beta) beta^alpha (2 - (1-alpha) d) / (2 (1-d)^(alpha+2));
  population uniques = K beta^alpha. Solved by Newton steps on the two equations from a list of
  starts (scipy's Levenberg-Marquardt only when a start fails).
* Dankar et al. (2012): with f <= 0.1 Pitman's estimate (Zayatz's when Pitman's fails),
  otherwise the smaller of Zayatz's and SNB's (Zayatz's when SNB's fails).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Optional

import numpy as np

from .gamma import digamma, expit, log_gamma, log_gamma_ratio, trigamma

DANKAR_SMALL_FRACTION = 0.1


def _one_blas_thread():
    """scipy's fits' linear algebra is on vectors of 2: OpenBLAS's threads only wait for each
    other (the fit of a 100,000-record sample took 0.6 s instead of 0.01 s on a busy 2-core
    machine), so those fits keep BLAS on this thread."""
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


@dataclass(frozen=True)
class Functions:
    """The special functions and the 2x2 solver the Pitman fit is computed with: this
    package's (:mod:`.gamma`), or scipy's for the fits that fall back on scipy's search."""

    log_gamma: Callable
    digamma: Callable
    trigamma: Callable
    solve: Callable


def _solve2(matrix: np.ndarray, vector: np.ndarray) -> Optional[np.ndarray]:
    """The solution of a 2x2 linear system (Cramer's rule), None when it is singular."""
    (a, b), (c, d) = matrix
    det = a * d - b * c
    if not (math.isfinite(det) and det != 0.0):
        return None
    return np.array([(d * vector[0] - b * vector[1]) / det, (a * vector[1] - c * vector[0]) / det])


def _linalg_solve(matrix: np.ndarray, vector: np.ndarray) -> Optional[np.ndarray]:
    try:
        return np.linalg.solve(matrix, vector)
    except np.linalg.LinAlgError:
        return None


OWN = Functions(log_gamma, digamma, trigamma, _solve2)


def scipy_functions() -> Functions:
    """scipy.special's log-gamma, digamma and trigamma, numpy's solver (imports scipy)."""
    from scipy import special

    return Functions(special.gammaln, special.digamma, lambda x: special.polygamma(1, x), _linalg_solve)


def pitman_log_likelihood(theta: float, alpha: float, hist: ClassHistogram, fn: Functions = OWN) -> float:
    """Log-likelihood of the sample's partition under the Pitman sampling formula."""
    u, n = hist.u, hist.n
    ratio = theta / alpha
    return ((u - 1) * math.log(alpha) + fn.log_gamma(ratio + u) - fn.log_gamma(ratio + 1)
            - fn.log_gamma(theta + n) + fn.log_gamma(theta + 1)
            + float((hist.counts * (fn.log_gamma(hist.sizes - alpha) - fn.log_gamma(1 - alpha))).sum()))


def _pitman_gradient(theta: float, alpha: float, hist: ClassHistogram, fn: Functions = OWN) -> np.ndarray:
    u, n = hist.u, hist.n
    ratio = theta / alpha
    spread = fn.digamma(ratio + u) - fn.digamma(ratio + 1)
    d_theta = spread / alpha - fn.digamma(theta + n) + fn.digamma(theta + 1)
    d_alpha = ((u - 1) / alpha - theta / alpha ** 2 * spread
               - float((hist.counts * (fn.digamma(hist.sizes - alpha) - fn.digamma(1 - alpha))).sum()))
    return np.array([d_theta, d_alpha])


def _pitman_hessian(theta: float, alpha: float, hist: ClassHistogram, fn: Functions = OWN) -> np.ndarray:
    """Second derivatives of :func:`pitman_log_likelihood`; with r = theta/alpha,
    S = psi(r+u) - psi(r+1), T = psi'(r+u) - psi'(r+1):
    L_tt = T/a^2 - psi'(theta+n) + psi'(theta+1), L_ta = -S/a^2 - theta T/a^3,
    L_aa = -(u-1)/a^2 + 2 theta S/a^3 + theta^2 T/a^4 + sum_s c_s (psi'(s-a) - psi'(1-a))."""
    u, n = hist.u, hist.n
    ratio = theta / alpha
    spread = fn.digamma(ratio + u) - fn.digamma(ratio + 1)
    curve = fn.trigamma(ratio + u) - fn.trigamma(ratio + 1)
    tt = curve / alpha ** 2 - fn.trigamma(theta + n) + fn.trigamma(theta + 1)
    ta = -spread / alpha ** 2 - theta * curve / alpha ** 3
    aa = (-(u - 1) / alpha ** 2 + 2 * theta * spread / alpha ** 3 + theta ** 2 * curve / alpha ** 4
          + float((hist.counts * (fn.trigamma(hist.sizes - alpha) - fn.trigamma(1 - alpha))).sum()))
    return np.array([[tt, ta], [ta, aa]])


def _newton(theta: float, alpha: float, hist: ClassHistogram, steps: int = 20,
            fn: Functions = OWN) -> tuple[float, float]:
    """Newton steps on the score equations from an interior optimum, down to rounding.
    Kept only while the point stays inside the bounds and the likelihood does not drop."""
    x = np.array([theta, alpha])
    best = pitman_log_likelihood(theta, alpha, hist, fn)
    for _ in range(steps):
        step = fn.solve(_pitman_hessian(x[0], x[1], hist, fn), _pitman_gradient(x[0], x[1], hist, fn))
        if step is None:
            break
        new = x - step
        if not (np.all(np.isfinite(new)) and new[0] > 0 and 0 < new[1] < 1):
            break
        value = pitman_log_likelihood(new[0], new[1], hist, fn)
        if value < best - 1e-12 * max(1.0, abs(best)):
            break
        x, best = new, max(best, value)
        if np.all(np.abs(step) <= 4 * np.finfo(float).eps * np.abs(x)):
            break
    return float(x[0]), float(x[1])


def _trust_step(a: float, b: float, d: float, gradient: np.ndarray, radius: float) -> np.ndarray:
    """The step x of length at most ``radius`` that maximises g.x + x.Hx/2, H = [[a, b], [b, d]]:
    the Newton step -H^-1 g when H is negative definite and it is short enough, else
    x = -(H - mu I)^-1 g with mu above H's eigenvalues and |x| = radius (found by bisection)."""
    half, spread = (a + d) / 2, math.hypot((a - d) / 2, b)
    values = (half + spread, half - spread)                 # H's eigenvalues, the larger first
    # an eigenvector of the larger: (b, l - a) or (l - d, b), the longer of the two (e1 when H = lI)
    first = max((b, values[0] - a), (values[0] - d, b), key=lambda v: math.hypot(*v))
    length = math.hypot(*first)
    first = np.array(first) / length if length > 0 else np.array([1.0, 0.0])
    vectors = (first, np.array([-first[1], first[0]]))
    parts = [float(v[0] * gradient[0] + v[1] * gradient[1]) for v in vectors]

    def step(mu: float) -> np.ndarray:
        return -sum(p / (value - mu) * v for p, value, v in zip(parts, values, vectors))

    if values[0] < 0:
        newton = step(0.0)
        if math.hypot(newton[0], newton[1]) <= radius:
            return newton
    low = max(values[0], 0.0)
    high = low + math.hypot(parts[0], parts[1]) / radius + abs(values[1]) + 1e-300
    for _ in range(100):
        mu = (low + high) / 2
        x = step(mu)
        if math.hypot(x[0], x[1]) > radius:
            low = mu
        else:
            high = mu
        if high - low <= 1e-12 * high:
            break
    return step(high)


def _ascend(theta: float, alpha: float, hist: ClassHistogram, steps: int = 300) -> Optional[tuple[float, float]]:
    """A local maximum of the Pitman likelihood from (theta, alpha), by trust-region Newton steps
    (:func:`_trust_step`) in y = (ln theta, logit alpha), where the bounds theta > 0,
    0 < alpha < 1 cannot be crossed: dL/dy = (theta L_t, s L_a) with s = alpha (1 - alpha), and
    d2L/dy2 = [[theta^2 L_tt + theta L_t, theta s L_ta], [theta s L_ta, s^2 L_aa + s (1 - 2 alpha) L_a]].
    None when the steps head for a bound (theta -> 0, alpha -> 0 or 1) or do not settle."""
    if not (theta > 0 and 0 < alpha < 1):
        return None
    y = np.array([math.log(theta), math.log(alpha / (1 - alpha))])
    value = pitman_log_likelihood(theta, alpha, hist)
    radius = 1.0
    for _ in range(steps):
        theta, alpha = math.exp(y[0]), expit(y[1])
        if theta < 1e-8 or not 1e-6 < alpha < 1 - 1e-6:
            return None
        s = alpha * (1 - alpha)
        gt, ga = _pitman_gradient(theta, alpha, hist)
        (htt, hta), (_, haa) = _pitman_hessian(theta, alpha, hist)
        gradient = np.array([theta * gt, s * ga])
        a, b, d = theta * theta * htt + theta * gt, theta * s * hta, s * s * haa + s * (1 - 2 * alpha) * ga
        if not all(map(math.isfinite, (a, b, d, gradient[0], gradient[1]))):
            return None
        concave = a < 0 and a * d - b * b > 0
        while True:
            step = _trust_step(a, b, d, gradient, radius)
            length = math.hypot(step[0], step[1])
            if concave and length <= 1e-10 * (1.0 + math.hypot(y[0], y[1])):
                return math.exp(y[0]), expit(y[1])
            predicted = (float(gradient[0] * step[0] + gradient[1] * step[1])
                         + 0.5 * (a * step[0] ** 2 + 2 * b * step[0] * step[1] + d * step[1] ** 2))
            new_value = _likelihood_at(y + step, hist)
            gain = new_value - value
            if gain < 0.25 * predicted:
                radius = 0.25 * length
            elif gain > 0.75 * predicted and length >= 0.99 * radius:
                radius = min(2 * radius, 16.0)
            if gain > 0:
                y, value = y + step, new_value
                break
            if radius < 1e-15:
                return None
    return None


def _likelihood_at(y: np.ndarray, hist: ClassHistogram) -> float:
    """The likelihood at y = (ln theta, logit alpha); -inf where theta or alpha rounds onto a bound."""
    if not (abs(y[0]) < 700 and abs(y[1]) < 700):
        return -math.inf
    theta, alpha = math.exp(y[0]), expit(y[1])
    if not (theta > 0 and 0 < alpha < 1):
        return -math.inf
    value = pitman_log_likelihood(theta, alpha, hist)
    return value if math.isfinite(value) else -math.inf


def pitman_fit(hist: ClassHistogram) -> Optional[tuple[float, float]]:
    """Maximum-likelihood (theta, alpha) of the Pitman model (theta >= 0, 0 < alpha < 1):
    trust-region Newton steps from several starts
    (:func:`_ascend`); when they all reach one interior maximum, Newton steps on the score
    equations take it to rounding (:func:`_newton`). Otherwise (a maximum on or near a bound,
    several maxima) scipy's L-BFGS-B from the same starts with scipy's special functions
    (:func:`_pitman_search`)."""
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
    found = []
    for theta0, alpha0 in starts:
        point = _ascend(theta0, alpha0, hist)
        if point is None:
            break
        found.append(_newton(point[0], point[1], hist))
    if len(found) == len(starts) and all(_same_point(found[0], point) for point in found[1:]):
        return max(found, key=lambda point: pitman_log_likelihood(point[0], point[1], hist))
    with _one_blas_thread():
        return _pitman_search(hist, starts, scipy_functions())


def _same_point(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return all(abs(x - y) <= 1e-9 * max(abs(x), abs(y), 1e-300) for x, y in zip(a, b))


def _pitman_search(hist: ClassHistogram, starts: list[tuple[float, float]],
                   fn: Functions) -> Optional[tuple[float, float]]:
    """L-BFGS-B (scipy) from each start; the best point, taken to rounding by :func:`_newton`
    when it is interior."""
    from scipy import optimize

    best = None
    for theta0, alpha0 in starts:
        result = optimize.minimize(
            lambda x: -pitman_log_likelihood(x[0], x[1], hist, fn), np.array([theta0, alpha0]),
            jac=lambda x: -_pitman_gradient(x[0], x[1], hist, fn), method="L-BFGS-B",
            bounds=[(0.0, None), (1e-9, 1 - 1e-9)])
        if np.all(np.isfinite(result.x)) and (best is None or result.fun < best.fun):
            best = result
    if best is None:
        return None
    theta, alpha = float(best.x[0]), float(best.x[1])
    if alpha <= 1e-6 or alpha >= 1 - 1e-6:
        return None
    if theta > 0:
        theta, alpha = _newton(theta, alpha, hist, fn=fn)
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
    value = math.exp(log_gamma_ratio(theta + alpha, 1 - alpha) + alpha * math.log(population))
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


SNB_STARTS = tuple((log_alpha, logit_beta) for log_alpha in (0.0, -2.0, 2.0, -5.0)
                   for logit_beta in (0.0, -3.0, 3.0, -8.0))


def _snb_residual(x: np.ndarray, keys: float, fraction: float, c1: int, c2: int) -> np.ndarray:
    """(E[c1] / c1 - 1, E[c2] / c2 - 1) at alpha = e^x0, beta = expit(x1)."""
    with np.errstate(all="ignore"):
        try:
            e1, e2 = snb_expected(math.exp(x[0]), expit(x[1]), keys, fraction)
        except (OverflowError, ZeroDivisionError):
            return np.array([math.inf, math.inf])
        return np.array([e1 / c1 - 1, e2 / c2 - 1])


def _snb_newton(x: np.ndarray, keys: float, fraction: float, c1: int, c2: int,
                steps: int = 200) -> Optional[np.ndarray]:
    """A root of :func:`_snb_residual` from ``x`` by damped Newton steps (a forward-difference
    Jacobian; the step halved until the residual's norm falls), down to rounding; None when
    the steps stall above a residual of 1e-8."""
    r = _snb_residual(x, keys, fraction, c1, c2)
    if not np.all(np.isfinite(r)):
        return None
    norm = float(np.abs(r).max())
    for _ in range(steps):
        jacobian = np.empty((2, 2))
        for j in range(2):
            h = 1.4901161193847656e-08 * max(1.0, abs(x[j]))
            shifted = x.copy()
            shifted[j] += h
            jacobian[:, j] = (_snb_residual(shifted, keys, fraction, c1, c2) - r) / h
        step = _solve2(jacobian, -r)
        if step is None or not np.all(np.isfinite(step)):
            break
        scale = 1.0
        for _ in range(50):
            new = x + scale * step
            new_r = _snb_residual(new, keys, fraction, c1, c2)
            new_norm = float(np.abs(new_r).max()) if np.all(np.isfinite(new_r)) else math.inf
            if new_norm < norm or (new_norm == norm and scale == 1.0):
                break
            scale *= 0.5
        else:
            break
        settled = np.all(np.abs(new - x) <= 4 * np.finfo(float).eps * np.maximum(np.abs(x), 1.0))
        x, r, norm = new, new_r, new_norm
        if settled or norm == 0.0:
            break
    return x if norm < 1e-8 else None


def snb_fit(keys: float, fraction: float, c1: int, c2: int) -> Optional[tuple[float, float]]:
    """(alpha, beta) with E[c1] = c1 and E[c2] = c2, None when no solution is found: Newton
    steps from each start in turn (:func:`_snb_newton`); when a start fails, scipy's
    Levenberg-Marquardt from the starts instead (:func:`_snb_search`)."""
    if c1 <= 0 or c2 <= 0 or keys <= 0:
        return None
    x = _snb_newton(np.array(SNB_STARTS[0]), keys, fraction, c1, c2)
    if x is not None:
        return math.exp(x[0]), expit(x[1])
    return _snb_search(keys, fraction, c1, c2)


def _snb_search(keys: float, fraction: float, c1: int, c2: int) -> Optional[tuple[float, float]]:
    """scipy's Levenberg-Marquardt from each start in turn: the first root found."""
    from scipy import optimize, special

    def residual(x: np.ndarray) -> np.ndarray:
        alpha, beta = math.exp(x[0]), special.expit(x[1])
        e1, e2 = snb_expected(alpha, beta, keys, fraction)
        return np.array([e1 / c1 - 1, e2 / c2 - 1])

    with _one_blas_thread():
        for start in SNB_STARTS:
            with np.errstate(all="ignore"):
                result = optimize.least_squares(residual, np.array(start), method="lm",
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
