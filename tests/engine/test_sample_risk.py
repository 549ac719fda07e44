"""Individual and household risk of a sample file (Benedetti-Franconi model)."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import integrate, stats

from engine.api import run_assessment
from engine.analysis.config import AnalysisConfig, DataSource, Roles
from engine.foundation.errors import InputError
from engine.formulas.reidentification import per_record_reid
from engine.sweep.partition import partition
from engine.sample.household import household_risk
from engine.sample.individual_risk import key_risk, record_risk
from engine.sample.measures import risk_bins, sample_risk, summarise
from engine.analysis.sample_options import SampleOptions

from .helpers import table_from_frame

ADULT = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "pycanon" / "raw__adult.csv"


def integral_risk(f: int, p: float) -> float:
    """r = int_0^1 t^(f-1) (p / (1 - (1-p) t))^f dt by adaptive quadrature."""
    q = 1.0 - p
    value, _ = integrate.quad(lambda t: t ** (f - 1) * (p / (1.0 - q * t)) ** f, 0.0, 1.0,
                              epsabs=0.0, epsrel=1e-12, limit=200)
    return value


def series_risk(f: int, p: float) -> float:
    """E[1/F | f] summed directly over the negative binomial F - f ~ NegBin(f, p)."""
    x = np.arange(0, int(stats.nbinom.ppf(1 - 1e-16, f, p)) + 50)
    return float((stats.nbinom.pmf(x, f, p) / (f + x)).sum())


@pytest.mark.parametrize("p", [0.001, 0.01, 0.1, 0.3, 0.5, 0.8, 0.95])
def test_closed_forms_at_f_1_and_2_match_numerical_integration(p):
    one = p / (1 - p) * math.log(1 / p)
    two = p / (1 - p) ** 2 * (p * math.log(p) + 1 - p)
    assert one == pytest.approx(integral_risk(1, p), rel=1e-10)
    assert two == pytest.approx(integral_risk(2, p), rel=1e-10)
    risk = key_risk(np.array([1, 2]), np.array([1 / p, 2 / p]))
    assert risk[0] == pytest.approx(one, rel=1e-12)
    assert risk[1] == pytest.approx(two, rel=1e-12)


@pytest.mark.parametrize("f", [3, 4, 7, 20, 60])
@pytest.mark.parametrize("p", [0.02, 0.2, 0.3333, 0.34, 0.6, 0.9])
def test_every_f_matches_the_integral_and_the_negative_binomial_sum(f, p):
    risk = float(key_risk(np.array([f]), np.array([f / p]))[0])
    assert risk == pytest.approx(integral_risk(f, p), rel=1e-9)
    assert risk == pytest.approx(series_risk(f, p), rel=1e-9)


def test_limits_near_p_one_and_p_zero():
    # p -> 1: r -> 1/f smoothly (the closed forms cancel catastrophically there)
    for f in (1, 2, 5, 1000):
        near = float(key_risk(np.array([f]), np.array([f * (1 + 1e-12)]))[0])
        assert near == pytest.approx(1 / f, rel=1e-9)
    # p -> 0: r ~ p / (f - 1) for f >= 2, and p ln(1/p) for f = 1
    p = 1e-9
    for f in (2, 3, 10, 500):
        assert float(key_risk(np.array([f]), np.array([f / p]))[0]) == pytest.approx(p / (f - 1), rel=1e-6)
    assert float(key_risk(np.array([1]), np.array([1 / p]))[0]) == pytest.approx(p * math.log(1 / p), rel=1e-6)


def test_risk_falls_as_the_population_grows_and_as_f_grows():
    weights = np.array([1.0, 1.5, 3, 10, 100, 1e4])
    for f in (1, 2, 3, 8):
        risk = key_risk(np.full(weights.size, f), f * weights)
        assert np.all(np.diff(risk) < 0)
    by_f = key_risk(np.arange(1, 10), np.arange(1, 10) * 20.0)
    assert np.all(np.diff(by_f) < 0)


def test_all_weights_one_gives_one_over_f():
    rng = np.random.default_rng(7)
    codes = rng.integers(0, 6, size=(2, 500))
    ids, n_blocks, sizes = partition([(codes[0], 6), (codes[1], 6)], 500)
    risk, _ = record_risk(ids, sizes, np.bincount(ids, weights=np.ones(500)))
    assert np.array_equal(risk, per_record_reid(ids, sizes))
    assert np.array_equal(risk, record_risk(ids, sizes, None)[0])


def test_household_of_three_by_hand():
    risk = np.array([0.5, 0.2, 0.1, 0.3])
    out = household_risk(risk, np.array([0, 0, 0, 1]), 2)
    assert out.tolist() == pytest.approx([1 - 0.5 * 0.8 * 0.9] * 3 + [0.3])
    assert household_risk(np.array([1.0, 0.2]), np.array([0, 0]), 1).tolist() == [1.0, 1.0]


def test_summaries_and_bins():
    risk = np.array([0.5, 0.2, 0.05, 0.001, 1.0])
    summary = summarise(risk, (0.01, 0.1, 0.5))
    assert summary.expected_reidentifications == pytest.approx(1.751)
    assert summary.mean == pytest.approx(1.751 / 5) and summary.maximum == 1.0
    assert summary.above_thresholds == ((0.01, 4), (0.1, 3), (0.5, 1))
    bins = risk_bins(risk)
    assert sum(bins.counts) == 5
    assert bins.counts[bins.edges.index(0.001) - 1] == 1     # 0.001 in (1e-4, 1e-3]
    assert bins.counts[-1] == 1 and bins.counts[-2] == 1     # 1.0 in (0.5, 1], 0.5 in (0.2, 0.5]


def _survey() -> pd.DataFrame:
    return pd.DataFrame({"age": [20, 20, 20, 30, 30, 40, 40, 50],
                         "sex": list("mmffmffm"),
                         "w": [10, 30, 5, 50, 20, 1, 1, 100],
                         "hh": [1, 1, 2, 2, 3, 3, 3, 4]})


def test_sample_risk_of_a_small_survey_by_hand():
    frame = _survey()
    table = table_from_frame(frame)
    config = AnalysisConfig(data=DataSource("survey.csv"), roles=Roles(("age", "sex"), weight="w", household="hh"))
    out = sample_risk(table, config)
    # keys: (20,m) f=2 W=40; (20,f) 1, 5; (30,f) 1, 50; (30,m) 1, 20; (40,f) 2, 2; (50,m) 1, 100
    def one(w):
        p = 1 / w
        return p / (1 - p) * math.log(w)

    def two(w):
        p = 2 / w
        return p / (1 - p) ** 2 * (p * math.log(p) + 1 - p)

    expected = [two(40), two(40), one(5), one(50), one(20), 0.5, 0.5, one(100)]
    assert out.individual_risk.tolist() == pytest.approx(expected, rel=1e-12)
    assert out.individual.expected_reidentifications == pytest.approx(sum(expected))
    households = {1: [0, 1], 2: [2, 3], 3: [4, 5, 6], 4: [7]}
    for members in households.values():
        value = 1 - np.prod([1 - expected[i] for i in members])
        assert out.household_risk[members].tolist() == pytest.approx([value] * len(members))
    assert out.households == 4 and out.population_estimate == 217.0
    uniq = out.population_uniqueness
    assert uniq.sample_uniques == 4 and uniq.sampling_fraction == pytest.approx(8 / 217)
    assert uniq.sampling_fraction_source == "weights"


def test_without_a_weight_the_file_is_the_population():
    table = table_from_frame(_survey())
    config = AnalysisConfig(data=DataSource("survey.csv"), roles=Roles(("age", "sex"), household="hh"))
    out = sample_risk(table, config)
    assert out.individual_risk.tolist() == [0.5, 0.5, 1, 1, 1, 0.5, 0.5, 1]
    assert out.population_uniqueness.dankar_estimate == 0.5
    assert out.population_uniqueness.zayatz is None


@pytest.mark.parametrize("values, message", [
    ([10, 0, 5, 5], "weight column 'w' has 0 in row 2; sampling weights must be greater than 0"),
    ([10, -3, 5, 5], "weight column 'w' has -3 in row 2"),
    ([10, None, 5, 5], "weight column 'w' has a missing value in row 2"),
    (["10", "x", "5", "5"], "weight column 'w' has 'x' in row 2; sampling weights must be numbers"),
    ([10.0, 2.5, float("inf"), 5.0], "weight column 'w' has inf in row 3; sampling weights must be finite numbers"),
    ([True, False, True, True], "weight column 'w' is boolean, not a number"),
])
def test_bad_weights_are_named(values, message):
    frame = pd.DataFrame({"a": [1, 2, 3, 4], "w": values})
    config = AnalysisConfig(data=DataSource("s.csv"), roles=Roles(("a",), weight="w"))
    with pytest.raises(InputError, match=message.replace("(", r"\(")):
        sample_risk(table_from_frame(frame), config)


def test_missing_household_id_is_named():
    frame = pd.DataFrame({"a": [1, 2, 3, 4], "hh": [1, None, 2, None]})
    config = AnalysisConfig(data=DataSource("s.csv"), roles=Roles(("a",), household="hh"))
    with pytest.raises(InputError, match=r"household column 'hh' is missing in 2 row\(s\), first in row 2"):
        sample_risk(table_from_frame(frame), config)


@pytest.mark.skipif(not ADULT.exists(), reason="../shared/data is not present")
def test_adult_with_fnlwgt_as_the_weight(tmp_path):
    config = AnalysisConfig(data=DataSource(str(ADULT)),
                            roles=Roles(("age", "sex", "race", "marital-status"), weight="fnlwgt"),
                            subsets=__import__("engine.analysis.config", fromlist=["SubsetFamily"]).SubsetFamily("exact"))
    out = run_assessment(config).sample_risk
    frame = pd.read_csv(ADULT, skipinitialspace=True)
    groups = frame.groupby(["age", "sex", "race", "marital-status"])["fnlwgt"]
    f, weight = groups.transform("size").to_numpy(), groups.transform("sum").to_numpy()
    p = f / weight
    # the f = 1 and f = 2 keys by their closed forms, straight from pandas
    one = f == 1
    assert out.individual_risk[one] == pytest.approx(p[one] / (1 - p[one]) * np.log(1 / p[one]), rel=1e-10)
    two = f == 2
    expected_two = p[two] / (1 - p[two]) ** 2 * (p[two] * np.log(p[two]) + 1 - p[two])
    assert out.individual_risk[two] == pytest.approx(expected_two, rel=1e-8)
    # a population of ~6e9 behind 32,561 records: every risk is far below the sample's 1/f
    assert np.all(out.individual_risk <= 1 / f + 1e-15)
    assert out.individual.maximum < 0.01
    assert out.population_estimate == pytest.approx(float(frame["fnlwgt"].sum()))
    assert out.population_uniqueness.dankar_model in ("pitman", "zayatz")


@pytest.mark.parametrize("cards", [(7, 300, 2), (1 << 20, 1 << 20, 1 << 20, 1 << 20, 3)])
@pytest.mark.slow
def test_key_ids_by_hashing_give_the_same_partition(cards):
    from engine.sweep.partition import LINEAR_MIN_ROWS
    from engine.sample.keys import key_ids

    rng = np.random.default_rng(5)
    n = LINEAR_MIN_ROWS + 1000
    columns = [(rng.integers(0, c, size=n).astype(np.uint32), c) for c in cards]
    weights = rng.random(n) * 50
    ids, n_keys, sizes, sums = key_ids(columns, n, weights)
    expected_ids, expected_keys, expected_sizes = partition(columns, n)
    assert n_keys == expected_keys
    pairs = np.unique(ids.astype(np.int64) * n_keys + expected_ids)     # a one-to-one relabelling
    assert pairs.size == n_keys
    assert np.array_equal(sizes, np.bincount(ids, minlength=n_keys))
    assert np.array_equal(np.sort(sizes), np.sort(expected_sizes))
    assert sums == pytest.approx(np.bincount(ids, weights=weights, minlength=n_keys), rel=1e-12)
    assert key_ids(columns, n)[3] is None
    small = [(c[:1000], card) for c, card in columns]               # small tables: the refinement path
    small_ids, small_keys, small_sizes, small_sums = key_ids(small, 1000, weights[:1000])
    assert small_sums == pytest.approx(np.bincount(small_ids, weights=weights[:1000]), rel=1e-12)


def test_expected_reidentifications_do_not_depend_on_blas_threads():
    """The sum of risk x records is numpy's, not BLAS's: BLAS splits a dot product among its
    threads, so that the last digits would depend on the machine's CPUs (and its idle threads
    would spin on the other core after it)."""
    threadpoolctl = pytest.importorskip("threadpoolctl")
    rng = np.random.default_rng(9)
    risk = rng.random(300_000) ** 3
    records = rng.integers(1, 40, risk.size)
    per_key, per_record = set(), set()
    for threads in (1, 2, 4):
        with threadpoolctl.threadpool_limits(threads, user_api="blas"):
            per_key.add(summarise(risk, (0.1,), records).expected_reidentifications)
            per_record.add(summarise(risk, (0.1,)).expected_reidentifications)
    assert len(per_key) == 1 and len(per_record) == 1
    exact = math.fsum((risk * records).tolist())
    assert summarise(risk, (0.1,), records).expected_reidentifications == pytest.approx(exact, rel=1e-14)
    assert summarise(risk, (0.1,)).expected_reidentifications == pytest.approx(math.fsum(risk.tolist()), rel=1e-14)
