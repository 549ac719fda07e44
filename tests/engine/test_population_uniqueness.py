"""Population uniqueness from a sample: Zayatz, Pitman, SNB and Dankar's rule, checked
against direct computations written independently of the engine's closed forms."""

from __future__ import annotations

import math
from decimal import Decimal, getcontext
from fractions import Fraction

import numpy as np
import pytest
from scipy import optimize

from engine.sample import population as pop
from engine.sample.measures import population_uniqueness


def hist(mapping: dict[int, int]) -> pop.ClassHistogram:
    sizes = np.array(sorted(mapping))
    return pop.ClassHistogram(sizes, np.array([mapping[s] for s in sizes]))


def test_zayatz_on_a_small_case_by_hand():
    # n = 5 records in keys of sizes 1, 1, 3; N = 10 (f = 1/2). h(s) = P(one of s drawn):
    # h(1) = C(1,1) C(9,4) / C(10,5) = 1/2, h(3) = C(3,1) C(7,4) / C(10,5) = 105/252.
    h1 = Fraction(math.comb(9, 4), math.comb(10, 5))
    h3 = Fraction(3 * math.comb(7, 4), math.comb(10, 5))
    p = 2 * h1 / (2 * h1 + h3)
    expected = float(2 * p / Fraction(1, 2))
    assert pop.zayatz(hist({1: 2, 3: 1}), 0.5) == pytest.approx(expected, rel=1e-12)
    assert pop.zayatz(hist({2: 3}), 0.5) == 0.0


def explicit_log_likelihood(theta: float, alpha: float, sizes: list[int]) -> float:
    """Pitman's sampling formula summed term by term (no Gamma functions)."""
    u, n = len(sizes), sum(sizes)
    value = sum(math.log(theta + i * alpha) for i in range(1, u))
    value -= sum(math.log(theta + i) for i in range(1, n))
    value += sum(math.log(m - alpha) for s in sizes for m in range(1, s))
    return value


def test_pitman_likelihood_and_fit():
    sizes = [1] * 30 + [2] * 10 + [3] * 5 + [5] * 3 + [9]
    h = pop.ClassHistogram.of(np.array(sizes))
    for theta, alpha in ((0.5, 0.3), (12.0, 0.7), (3.0, 0.05)):
        assert pop.pitman_log_likelihood(theta, alpha, h) == pytest.approx(
            explicit_log_likelihood(theta, alpha, sizes), rel=1e-10)
    fit = pop.pitman_fit(h)
    assert fit is not None
    brute = optimize.minimize(lambda x: -explicit_log_likelihood(x[0], x[1], sizes), np.array([5.0, 0.5]),
                              method="Nelder-Mead", options={"xatol": 1e-10, "fatol": 1e-12, "maxiter": 5000})
    assert fit[0] == pytest.approx(brute.x[0], rel=1e-4)
    assert fit[1] == pytest.approx(brute.x[1], rel=1e-4)
    theta, alpha = fit
    population = h.n / 0.05
    expected = math.gamma(theta + 1) / math.gamma(theta + alpha) * population ** alpha
    assert pop.pitman(h, 0.05) == pytest.approx(expected, rel=1e-9)


def brute_snb_expected(alpha: float, beta: float, keys: float, f: float) -> tuple[float, float]:
    """E[c1], E[c2] by summing over population key sizes F = 1 + X, X ~ NegBin(alpha, beta),
    each key's sample count Binomial(F, f)."""
    e1 = e2 = 0.0
    for x in range(0, 4000):
        log_px = (math.lgamma(alpha + x) - math.lgamma(alpha) - math.lgamma(x + 1)
                  + alpha * math.log(beta) + x * math.log(1 - beta))
        size = x + 1
        e1 += math.exp(log_px) * size * f * (1 - f) ** (size - 1)
        if size >= 2:
            e2 += math.exp(log_px) * math.comb(size, 2) * f * f * (1 - f) ** (size - 2)
    return keys * e1, keys * e2


@pytest.mark.parametrize("alpha, beta, f", [(0.5, 0.3, 0.1), (2.0, 0.6, 0.05), (0.2, 0.05, 0.3)])
def test_snb_expectations_and_fit(alpha, beta, f):
    keys = 5000.0
    e1, e2 = pop.snb_expected(alpha, beta, keys, f)
    b1, b2 = brute_snb_expected(alpha, beta, keys, f)
    assert e1 == pytest.approx(b1, rel=1e-9) and e2 == pytest.approx(b2, rel=1e-9)
    fit = pop.snb_fit(keys, f, e1, e2)
    assert fit is not None
    assert fit[0] == pytest.approx(alpha, rel=1e-5) and fit[1] == pytest.approx(beta, rel=1e-5)


def test_shlosser_keys_by_hand():
    # c = {1: 4, 2: 1}, f = 0.5: u = 5, c1 = 4;
    # top1 = 1*.25*.75^0*4 + 2*.25*.75*1 = 1.375; bottom1 = (.75-.5)*4 + (.5625-.25)*1 = 1.3125
    # top2 = .5*4 + .25 = 2.25; bottom2 = 1*.5*4 + 2*.5*.5*1 = 2.5
    expected = 5 + 4 * (1.375 / 1.3125) * (2.25 / 2.5) ** 2
    assert pop.shlosser_keys(hist({1: 4, 2: 1}), 0.5) == pytest.approx(expected, rel=1e-12)


def test_dankar_rule():
    assert pop.dankar(0.05, 10.0, 12.0, 9.0) == ("pitman", 12.0)
    assert pop.dankar(0.05, 10.0, None, 9.0) == ("zayatz", 10.0)
    assert pop.dankar(0.5, 10.0, 12.0, 9.0) == ("snb", 9.0)
    assert pop.dankar(0.5, 8.0, 12.0, 9.0) == ("zayatz", 8.0)
    assert pop.dankar(0.5, 8.0, 12.0, None) == ("zayatz", 8.0)


def test_estimates_from_a_simulated_population():
    # 200,000 people in Zipf-like keys, 8% sample: every model lands near the true count.
    rng = np.random.default_rng(1)
    population = rng.zipf(1.3, size=200_000) % 50_000
    _, sizes = np.unique(population, return_counts=True)
    true_uniques = int((sizes == 1).sum())
    sample = population[rng.random(population.size) < 0.08]
    _, freq = np.unique(sample, return_counts=True)
    fraction = sample.size / population.size
    out = population_uniqueness(freq, fraction, "given")
    for share in (out.zayatz, out.pitman, out.snb, out.dankar_estimate):
        assert share is not None
        assert share * out.population_size == pytest.approx(true_uniques, rel=0.5)
    assert out.sample_uniques == int((freq == 1).sum())
    assert out.dankar_model == "pitman"


def test_no_sample_uniques_and_the_whole_population():
    out = population_uniqueness(np.array([2, 3, 2]), 0.01, "given")
    assert (out.zayatz, out.pitman, out.snb, out.dankar_estimate) == (0.0, 0.0, 0.0, 0.0)
    whole = population_uniqueness(np.array([1, 1, 2]), 1.0, "population")
    assert whole.dankar_estimate == 0.5 and whole.zayatz is None


def decimal_pitman_mle(sizes: list[int], theta: float, alpha: float, digits: int = 50) -> tuple[Decimal, Decimal]:
    """Pitman's maximum likelihood by Newton's method in 50-digit decimals on the explicit
    score equations (sums of reciprocals, no Gamma functions):
    dL/dtheta = sum_{i<u} 1/(theta + i alpha) - sum_{i<n} 1/(theta + i),
    dL/dalpha = sum_{i<u} i/(theta + i alpha) - sum_s sum_{m<s} 1/(m - alpha)."""
    getcontext().prec = digits
    u, n = len(sizes), sum(sizes)
    ms = [m for s in sizes for m in range(1, s)]
    t, a = Decimal(theta), Decimal(alpha)
    for _ in range(100):
        g1 = sum(1 / (t + i * a) for i in range(1, u)) - sum(1 / (t + i) for i in range(1, n))
        g2 = sum(i / (t + i * a) for i in range(1, u)) - sum(1 / (m - a) for m in ms)
        h11 = -sum(1 / (t + i * a) ** 2 for i in range(1, u)) + sum(1 / (t + i) ** 2 for i in range(1, n))
        h12 = -sum(i / (t + i * a) ** 2 for i in range(1, u))
        h22 = -sum(i * i / (t + i * a) ** 2 for i in range(1, u)) - sum(1 / (m - a) ** 2 for m in ms)
        det = h11 * h22 - h12 * h12
        dt, da = (h22 * g1 - h12 * g2) / det, (h11 * g2 - h12 * g1) / det
        t, a = t - dt, a - da
        if abs(dt) < Decimal(10) ** -40 and abs(da) < Decimal(10) ** -40:
            break
    return t, a


@pytest.mark.parametrize("sizes", [[1] * 30 + [2] * 10 + [3] * 5 + [5] * 3 + [9],
                                   [1] * 120 + [2] * 25 + [3] * 9 + [4] * 4 + [7] * 2 + [15],
                                   [1] * 50 + [2] * 5 + [3] * 2 + [6]])
def test_pitman_fit_to_full_precision(sizes):
    """The fit is the likelihood's maximum to double precision (the quasi-Newton search alone
    stopped at a gradient of about 1e-3, 1e-6 relative away)."""
    h = pop.ClassHistogram.of(np.array(sizes))
    theta, alpha = pop.pitman_fit(h)
    exact_theta, exact_alpha = decimal_pitman_mle(sizes, theta * 1.01, alpha * 0.99)
    assert theta == pytest.approx(float(exact_theta), rel=1e-11)
    assert alpha == pytest.approx(float(exact_alpha), rel=1e-11)
    assert np.abs(pop._pitman_gradient(theta, alpha, h)).max() < 1e-9


def test_pitman_hessian_is_the_gradients_derivative():
    h = pop.ClassHistogram.of(np.array([1] * 30 + [2] * 10 + [3] * 5 + [5] * 3 + [9]))
    for theta, alpha in ((0.5, 0.3), (12.0, 0.7), (40.0, 0.06)):
        step = 1e-6
        numeric = np.column_stack([
            (pop._pitman_gradient(theta + step, alpha, h) - pop._pitman_gradient(theta - step, alpha, h)) / (2 * step),
            (pop._pitman_gradient(theta, alpha + step, h) - pop._pitman_gradient(theta, alpha - step, h)) / (2 * step)])
        assert pop._pitman_hessian(theta, alpha, h) == pytest.approx(numeric, rel=1e-6, abs=1e-6)
