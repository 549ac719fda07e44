"""The population models without scipy: log-gamma, digamma and trigamma against known values
and scipy.special, and the Newton fits against scipy's searches (the code they replace, kept
as the fallback) on survey-like samples."""

from __future__ import annotations

import math
from decimal import Decimal, getcontext

import numpy as np
import pytest

from engine.sample import gamma
from engine.sample import population as pop

EULER = 0.5772156649015329


def test_known_values():
    assert gamma.digamma(1.0) == pytest.approx(-EULER, abs=1e-15)
    assert gamma.digamma(0.5) == pytest.approx(-EULER - 2 * math.log(2), abs=1e-15)
    assert gamma.digamma(10.0) == pytest.approx(-EULER + sum(1 / k for k in range(1, 10)), abs=1e-15)
    assert gamma.trigamma(1.0) == pytest.approx(math.pi ** 2 / 6, rel=1e-15)
    assert gamma.trigamma(0.5) == pytest.approx(math.pi ** 2 / 2, rel=1e-15)
    assert gamma.trigamma(4.0) == pytest.approx(math.pi ** 2 / 6 - 1 - 1 / 4 - 1 / 9, rel=1e-15)
    assert gamma.log_gamma(0.5) == pytest.approx(math.log(math.sqrt(math.pi)), rel=1e-15)
    assert gamma.log_gamma(np.array([1.0, 5.0])) == pytest.approx([0.0, math.log(24)], rel=1e-15, abs=0)
    assert gamma.log_gamma(0.0) == math.inf
    assert gamma.expit(0.0) == 0.5 and gamma.expit(-800.0) == 0.0 and gamma.expit(800.0) == 1.0


@pytest.mark.parametrize("x", [0.01, 0.7, 3.2, 9.999, 10.0, 57.5, 1e4])
def test_recurrences(x):
    # to rounding of the larger term (1/x, 1/x^2)
    assert gamma.digamma(x + 1) == pytest.approx(gamma.digamma(x) + 1 / x, abs=1e-14 * (1 + 1 / x))
    assert gamma.trigamma(x + 1) == pytest.approx(gamma.trigamma(x) - 1 / x ** 2, abs=1e-14 * (1 + 1 / x ** 2))


def test_arrays_and_floats_agree():
    x = np.array([0.3, 1.0, 2.5, 9.5, 10.0, 11.5, 400.25, 3e6])
    for function in (gamma.log_gamma, gamma.digamma, gamma.trigamma):
        assert function(x).tolist() == [function(float(v)) for v in x]


def test_against_scipy_special():
    special = pytest.importorskip("scipy.special")
    x = np.concatenate([np.geomspace(1e-6, 1e8, 4001), np.arange(1.0, 200.0), np.linspace(1e-3, 30, 3001)])
    for mine, reference in ((gamma.log_gamma(x), special.gammaln(x)), (gamma.digamma(x), special.digamma(x)),
                            (gamma.trigamma(x), special.polygamma(1, x))):
        assert np.all(np.abs(mine - reference) <= 4e-15 * np.maximum(np.abs(reference), 1.0))


PI = "3.14159265358979323846264338327950288419716939937510582097494"


@pytest.mark.parametrize("n", [1, 2, 3, 9, 10, 11, 50, 333, 1000, 4000])
def test_log_gamma_ratio(n):
    """Gamma(n + 1) / Gamma(n + 1/2) = n!^2 4^n / ((2n)! sqrt(pi)), in 60-digit decimals."""
    getcontext().prec = 60
    exact = (Decimal(math.factorial(n) ** 2 * 4 ** n) / Decimal(math.factorial(2 * n))).ln() - Decimal(PI).ln() / 2
    assert gamma.log_gamma_ratio(n + 0.5, 0.5) == pytest.approx(float(exact), rel=4e-15)
    assert gamma.log_gamma_ratio(n + 0.25, 1.0) == pytest.approx(math.log(n + 0.25), rel=4e-15)
    assert gamma.log_gamma_ratio(n + 0.25, 0.0) == 0.0


def zipf_sample(exponent: float, fraction: float, seed: int) -> np.ndarray:
    """Key frequencies of a Bernoulli sample of a Zipf-like population of 200,000."""
    rng = np.random.default_rng(seed)
    population = rng.zipf(exponent, size=200_000) % 50_000
    _, frequencies = np.unique(population[rng.random(population.size) < fraction], return_counts=True)
    return frequencies


def survey_keys() -> np.ndarray:
    """Key frequencies of a survey-like file: 7 keys of mixed cardinality, some values common."""
    rng = np.random.default_rng(5)
    n = 30_000
    columns = [rng.integers(0, 5, n), rng.integers(0, 2, n), np.minimum(rng.poisson(6, n), 17),
               rng.integers(0, 2, n), rng.choice(5, n, p=[0.6, 0.2, 0.1, 0.07, 0.03]),
               rng.integers(0, 8, n), np.minimum(rng.geometric(0.3, n), 9)]
    key = np.zeros(n, np.int64)
    for column in columns:
        key = key * 20 + column
    return np.unique(key, return_counts=True)[1]


CASES = [(zipf_sample(1.3, 0.08, 1), 0.08), (zipf_sample(1.6, 0.02, 2), 0.02), (zipf_sample(2.0, 0.3, 3), 0.3),
         (zipf_sample(1.1, 0.5, 4), 0.5), (survey_keys(), 0.005), (survey_keys(), 0.2)]


@pytest.fixture
def no_scipy_fallback(monkeypatch):
    def refuse(*args):
        raise AssertionError("the fit fell back on scipy")

    monkeypatch.setattr(pop, "_pitman_search", refuse)
    monkeypatch.setattr(pop, "_snb_search", refuse)


def starts_of(hist: pop.ClassHistogram) -> list[tuple[float, float]]:
    """The starts pitman_fit uses, as recorded from its calls to _ascend."""
    seen = []
    original = pop._ascend

    def record(theta, alpha, h, *args):
        seen.append((theta, alpha))
        return original(theta, alpha, h, *args)

    pop._ascend = record
    try:
        pop.pitman_fit(hist)
    finally:
        pop._ascend = original
    return seen


@pytest.mark.parametrize("frequencies, fraction", CASES)
def test_newton_fits_equal_scipys_searches(frequencies, fraction, no_scipy_fallback):
    pytest.importorskip("scipy.optimize")
    hist = pop.ClassHistogram.of(frequencies)
    theta, alpha = pop.pitman_fit(hist)
    estimate = pop.pitman(hist, fraction)
    keys = pop.shlosser_keys(hist, fraction)
    snb_fit = pop.snb_fit(keys, fraction, hist.of_size(1), hist.of_size(2))
    starts = starts_of(hist)
    scipy_fn = pop.scipy_functions()
    # scipy's L-BFGS-B from the same starts with scipy's special functions, then Newton steps
    ref_theta, ref_alpha = _scipy_pitman(hist, starts, scipy_fn)
    assert theta == pytest.approx(ref_theta, rel=1e-11) and alpha == pytest.approx(ref_alpha, rel=1e-11)
    # the estimate at scipy's fit: Gamma(theta+1)/Gamma(theta+alpha) as scipy's two gammaln less the
    # rounding of their difference (about 1e-16 ln Gamma(theta+1), test_log_gamma_ratio)
    population = hist.n / fraction
    ref_estimate = math.exp(scipy_fn.log_gamma(ref_theta + 1) - scipy_fn.log_gamma(ref_theta + ref_alpha)
                            + ref_alpha * math.log(population))
    rounding = 4 * np.finfo(float).eps * abs(math.lgamma(ref_theta + 1))
    assert abs(math.log(estimate / ref_estimate)) <= 1e-11 + rounding
    ref_snb = _scipy_snb(keys, fraction, hist.of_size(1), hist.of_size(2))
    assert snb_fit == pytest.approx(ref_snb, rel=1e-11)


def _scipy_pitman(hist, starts, fn):
    optimize = pytest.importorskip("scipy.optimize")
    best = None
    for start in starts:
        result = optimize.minimize(lambda x: -pop.pitman_log_likelihood(x[0], x[1], hist, fn), np.array(start),
                                   jac=lambda x: -pop._pitman_gradient(x[0], x[1], hist, fn), method="L-BFGS-B",
                                   bounds=[(0.0, None), (1e-9, 1 - 1e-9)])
        if best is None or result.fun < best.fun:
            best = result
    return pop._newton(float(best.x[0]), float(best.x[1]), hist, fn=fn)


def _scipy_snb(keys, fraction, c1, c2):
    optimize = pytest.importorskip("scipy.optimize")
    special = pytest.importorskip("scipy.special")

    def residual(x):
        e1, e2 = pop.snb_expected(math.exp(x[0]), special.expit(x[1]), keys, fraction)
        return np.array([e1 / c1 - 1, e2 / c2 - 1])

    for start in pop.SNB_STARTS:
        with np.errstate(all="ignore"):
            result = optimize.least_squares(residual, np.array(start), method="lm", xtol=1e-14, ftol=1e-14,
                                            gtol=1e-14)
        if np.all(np.isfinite(result.fun)) and np.max(np.abs(result.fun)) < 1e-8:
            return math.exp(result.x[0]), float(special.expit(result.x[1]))
    return None


def test_a_maximum_on_the_bound_falls_back_on_scipy(monkeypatch):
    """Light-tailed key sizes put Pitman's alpha at its bound 0: the Newton steps head for it,
    and the fit is scipy's search (with scipy's functions), as before."""
    pytest.importorskip("scipy.optimize")
    calls, functions = [], []
    original, scipy_functions = pop._pitman_search, pop.scipy_functions
    monkeypatch.setattr(pop, "_pitman_search", lambda *args: calls.append(1) or original(*args))
    monkeypatch.setattr(pop, "scipy_functions", lambda: functions.append(scipy_functions()) or functions[-1])
    hist = pop.ClassHistogram.of(np.array([1] * 2 + [2] * 2 + [3] * 4 + [4, 5, 6] + [7] * 2 + [8] + [9] * 3
                                          + list(range(10, 400, 3))))
    assert pop._ascend(1.0, 0.5, hist) is None
    pop.pitman_fit(hist)
    assert calls == [1]
    assert len(functions) == 1 and functions[0] is not pop.OWN
