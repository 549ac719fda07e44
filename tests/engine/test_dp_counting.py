"""Counting-query privacy loss and utility (Nunes 2021 thesis, ch. 6): published tables,
brute-force enumerations and properties."""

import itertools
import json
import math
from fractions import Fraction as F
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.analysis.config import DataSource
from engine.dp.api import run_dp_analysis
from engine.dp.config import DPConfig, DPScenario, ThresholdConfig, log_spaced_epsilons
from engine.dp.counting import counting_point, local_measures, oblivious_measures, prepare_counting
from engine.dp.mechanisms import (binomial_pmf, binomial_sum_distribution, local_count_distribution,
                                  local_inside_probabilities, truncated_geometric_matrix)
from engine.dp.vulnerability import posterior_bayes_vulnerability
from engine.foundation.errors import Cancelled, InputError
from engine.foundation.progress import CancelToken

from .helpers import table_from_frame

SHARED_DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"

# Example 25 (thesis ch. 6): id, income, gender, country
EXAMPLE25 = pd.DataFrame(
    [(1, "low", "F", "BRA"), (2, "low", "M", "BRA"), (3, "medium", "F", "AUS"), (4, "medium", "M", "AUS"),
     (5, "medium", "F", "AUS"), (6, "medium", "M", "AUS"), (7, "high", "F", "BRA"), (8, "high", "M", "BRA")],
    columns=["id", "income", "gender", "country"])
EPSILONS = (math.log(1.5), math.log(3), math.log(10))

# Table 6.3: the truncated geometric channel for alpha = 1/2, n = 5 (rows: true count, columns: output)
TABLE_6_3 = [
    [F(2, 3), F(1, 6), F(1, 12), F(1, 24), F(1, 48), F(1, 48)],
    [F(1, 3), F(1, 3), F(1, 6), F(1, 12), F(1, 24), F(1, 24)],
    [F(1, 6), F(1, 6), F(1, 3), F(1, 6), F(1, 12), F(1, 12)],
    [F(1, 12), F(1, 12), F(1, 6), F(1, 3), F(1, 6), F(1, 6)],
    [F(1, 24), F(1, 24), F(1, 12), F(1, 6), F(1, 3), F(1, 3)],
    [F(1, 48), F(1, 48), F(1, 24), F(1, 12), F(1, 6), F(2, 3)],
]

# Table 6.4: (privacy loss, utility) at eps = ln 1.5, ln 3, ln 10
TABLE_6_4 = {
    ("income", "oblivious"): ([1.0000, 1.1250, 1.3636], [0.6000, 0.7500, 0.9091]),
    ("income", "local"): ([1.0000, 1.0000, 1.0308], [0.5124, 0.5492, 0.6561]),
    ("gender", "oblivious"): ([1.0, 1.0, 1.0], [0.6000, 0.7500, 0.9091]),
    ("gender", "local"): ([1.0, 1.0, 1.0], [0.5280, 0.5812, 0.7221]),
}
PREDICATE = {"income": ("medium",), "gender": ("F",)}


def test_table_6_3_truncated_geometric_channel():
    matrix = truncated_geometric_matrix(5, 0.5)
    assert matrix.shape == (6, 6)
    for r in range(6):
        for z in range(6):
            assert matrix[r, z] == pytest.approx(float(TABLE_6_3[r][z]), abs=1e-15), (r, z)
    assert matrix.sum(axis=1) == pytest.approx(np.ones(6))


@pytest.mark.parametrize("useful", ["income", "gender"])
@pytest.mark.parametrize("mechanism", ["oblivious", "local"])
def test_table_6_4_example_25(useful, mechanism):
    inputs = prepare_counting(table_from_frame(EXAMPLE25), DPScenario("income", useful, PREDICATE[useful]))
    losses, utilities = TABLE_6_4[(useful, mechanism)]
    for eps, loss, utility in zip(EPSILONS, losses, utilities):
        point = counting_point(inputs, mechanism, eps)
        assert point.privacy_loss == pytest.approx(loss, abs=5e-5)
        assert point.utility == pytest.approx(utility, abs=5e-5)
        assert point.prior_vulnerability == pytest.approx(0.5)        # income: medium 4 of 8
        assert point.count_prior_vulnerability == pytest.approx(0.5)  # 4 of 8 records counted
        assert point.posterior_vulnerability == pytest.approx(point.privacy_loss * 0.5)


def test_example_25_orders_and_labels():
    table = table_from_frame(EXAMPLE25)
    inputs = prepare_counting(table, DPScenario("income", "income", ("medium",)))
    assert inputs.useful_labels == ("low", "medium", "high")  # first appearance, not alphabetical
    assert inputs.inside.tolist() == [False, True, False]
    assert inputs.value_sizes.tolist() == [2, 4, 2]
    assert inputs.true_count == 4
    assert prepare_counting(table, DPScenario("income", "gender", ("F",))).useful_labels == ("F", "M")
    assert DPScenario("income", "income", ("medium",)).label() == "count income ∈ {medium}; secret income"


# --- brute force ------------------------------------------------------------------------------

def _brute_local_count(values, domain_size, inside, alpha):
    """P(count = c) by enumerating every perturbation of every record."""
    channel = truncated_geometric_matrix(domain_size - 1, alpha)
    dist = np.zeros(len(values) + 1)
    for outputs in itertools.product(range(domain_size), repeat=len(values)):
        prob = np.prod([channel[v, z] for v, z in zip(values, outputs)])
        dist[sum(inside[z] for z in outputs)] += prob
    return dist


@pytest.mark.parametrize("alpha", [0.2, 0.5, 0.9])
def test_local_distribution_matches_enumeration_on_five_records(alpha):
    values = [0, 1, 1, 2, 0]
    inside = np.array([False, True, True])
    sizes = np.bincount(values, minlength=3)
    dist = local_count_distribution(sizes, inside, alpha)
    assert dist.sum() == pytest.approx(1.0, abs=1e-14)
    assert dist == pytest.approx(_brute_local_count(values, 3, inside, alpha), abs=1e-14)


@pytest.mark.parametrize("size", [1, 2, 3, 7, 40])
def test_inside_probabilities_equal_the_channel_matrix(size):
    rng = np.random.default_rng(size)
    for alpha in (0.05, 0.5, 0.95):
        mask = rng.random(size) < 0.4
        expected = truncated_geometric_matrix(size - 1, alpha) @ mask.astype(float)
        assert local_inside_probabilities(mask, alpha) == pytest.approx(expected, abs=1e-13)


@pytest.mark.parametrize("p", [0.0, 5e-324, 2.2250738585072014e-308, 1e-260, 1e-100, 0.3, 1.0])
def test_binomial_pmf_for_tiny_and_ordinary_p(p):
    pmf = binomial_pmf(4, p)
    expected = [math.comb(4, j) * p ** j * (1 - p) ** (4 - j) for j in range(5)]
    assert pmf == pytest.approx(expected, rel=1e-12, abs=0)


def test_local_mechanism_on_a_long_domain_with_subnormal_probabilities():
    frame = pd.DataFrame({"u": np.arange(400) % 200, "s": np.arange(400) % 3})
    inputs = prepare_counting(table_from_frame(frame), DPScenario("s", "u", ("0",)))
    m = local_measures(inputs, 5.0)   # p_v ~ e^-5v underflows far from the predicate value
    assert 1.0 - 1e-12 <= m.privacy_loss and m.count_prior_vulnerability - 1e-12 <= m.utility <= 1.0
    assert np.isfinite(local_measures(inputs, 50.0).utility)


def test_binomial_sum_equals_record_by_record_convolution_on_thousands():
    rng = np.random.default_rng(3)
    sizes = rng.integers(0, 60, size=100)
    probs = rng.random(100)
    per_record = np.ones(1)
    for size, prob in zip(sizes, probs):
        for _ in range(size):
            per_record = np.convolve(per_record, [1 - prob, prob])
    dist = binomial_sum_distribution(sizes, probs)
    assert len(dist) == sizes.sum() + 1
    assert dist.sum() == pytest.approx(1.0, abs=1e-12)
    assert np.abs(dist - per_record).max() < 1e-13


def _brute_measures(frame, sensitive, useful, predicate, mechanism, eps):
    """The full joint matrix of (x*[a_s], reported count) built record by record (x* over every
    row of the table), independently of the two-output shortcut; the local mechanism by
    enumerating every perturbation of D + x*."""
    alpha = math.exp(-eps)
    order = list(dict.fromkeys(frame[useful]))
    secrets = sorted(set(frame[sensitive]))
    n = len(frame)
    joint = np.zeros((len(secrets), n + 2))
    count_joint = np.zeros((2, n + 2))
    inside = np.array([v in predicate for v in order])
    table_values = [order.index(v) for v in frame[useful]]
    if mechanism == "oblivious":
        channel = truncated_geometric_matrix(n + 1, alpha)
    for s_value, u_value in zip(frame[sensitive], frame[useful]):
        if mechanism == "oblivious":
            real = int(inside[table_values].sum()) + int(u_value in predicate)
            row = channel[real]
        else:
            row = _brute_local_count(table_values + [order.index(u_value)], len(order), inside, alpha)
        joint[secrets.index(s_value)] += row / n
        count_joint[int(u_value in predicate)] += row / n
    prior = max(np.mean(frame[sensitive] == s) for s in secrets)
    return posterior_bayes_vulnerability(joint) / prior, posterior_bayes_vulnerability(count_joint)


@pytest.mark.parametrize("mechanism", ["oblivious", "local"])
def test_measures_match_the_full_joint_matrix(mechanism):
    frame = pd.DataFrame({"u": ["b", "a", "c", "a", "b"], "s": ["x", "y", "y", "x", "y"]})
    inputs = prepare_counting(table_from_frame(frame), DPScenario("s", "u", ("a", "c")))
    for eps in (0.3, 1.0, 2.5):
        point = counting_point(inputs, mechanism, eps)
        loss, utility = _brute_measures(frame, "s", "u", {"a", "c"}, mechanism, eps)
        assert point.privacy_loss == pytest.approx(loss, abs=1e-12)
        assert point.utility == pytest.approx(utility, abs=1e-12)


# --- properties -------------------------------------------------------------------------------

@st.composite
def small_tables(draw):
    n = draw(st.integers(2, 30))
    u = draw(st.lists(st.integers(0, 4), min_size=n, max_size=n))
    s = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    predicate = draw(st.sets(st.sampled_from(sorted(set(u))), min_size=1))
    frame = pd.DataFrame({"u": u, "s": [f"s{v}" for v in s]})
    return frame, tuple(str(v) for v in sorted(predicate))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_tables())
def test_properties_of_loss_and_utility(case):
    frame, predicate = case
    inputs = prepare_counting(table_from_frame(frame), DPScenario("s", "u", predicate))
    previous = 0.0
    for eps in (0.05, 0.2, 0.7, 1.5, 3.0, 6.0):
        for measure in (oblivious_measures, local_measures):
            m = measure(inputs, eps)
            assert m.privacy_loss >= 1.0 - 1e-12
            assert m.privacy_loss <= 1.0 / m.prior_vulnerability + 1e-12
            assert m.count_prior_vulnerability - 1e-12 <= m.utility <= 1.0 + 1e-12
        utility = oblivious_measures(inputs, eps).utility
        assert utility >= previous - 1e-12  # more epsilon, less noise: the count is easier to guess
        previous = utility


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 4), min_size=2, max_size=4), st.lists(st.integers(1, 4), min_size=2, max_size=3),
       st.floats(0.05, 5.0))
def test_useful_independent_of_sensitive_gives_no_privacy_loss(u_counts, s_counts, eps):
    rows = [(f"u{i}", f"s{j}") for i, a in enumerate(u_counts) for j, b in enumerate(s_counts) for _ in range(a * b)]
    frame = pd.DataFrame(rows, columns=["u", "s"])
    inputs = prepare_counting(table_from_frame(frame), DPScenario("s", "u", ("u0",)))
    assert oblivious_measures(inputs, eps).privacy_loss == pytest.approx(1.0, abs=1e-12)
    assert local_measures(inputs, eps).privacy_loss == pytest.approx(1.0, abs=1e-12)


def test_sensitive_equal_to_useful_leaks_more_with_epsilon():
    frame = pd.DataFrame({"u": [1, 2, 2, 3, 3, 3, 4, 5]})
    inputs = prepare_counting(table_from_frame(frame), DPScenario("u", "u", ("3",)))
    losses = [oblivious_measures(inputs, eps).privacy_loss for eps in (0.1, 1.0, 20.0)]
    assert losses[0] < losses[1] < losses[2]
    # eps -> infinity: the count says exactly whether x* is 3: V = 3/8 + 5/8 * (2/5), prior 3/8
    assert losses[2] == pytest.approx((3 / 8 + 2 / 8) / (3 / 8), abs=1e-6)


# --- domains, missing values, bad input -------------------------------------------------------

def test_numeric_text_and_integer_columns_use_numeric_order():
    frame = pd.DataFrame({"t": ["10", "9", "2", "9"], "i": [10, 9, 2, 9], "s": list("abab")})
    table = table_from_frame(frame)
    assert prepare_counting(table, DPScenario("s", "t", ("9",))).useful_labels == ("2", "9", "10")
    assert prepare_counting(table, DPScenario("s", "i", ("9",))).useful_labels == ("2", "9", "10")


def test_given_order_and_missing_values():
    frame = pd.DataFrame({"u": ["b", None, "a", "c", None], "s": ["x", "y", "x", "y", None]})
    table = table_from_frame(frame)
    inputs = prepare_counting(table, DPScenario("s", "u", ("",), useful_order=("c", "b", "a")))
    assert inputs.useful_labels == ("c", "b", "a", "")     # missing last when not named
    assert inputs.inside.tolist() == [False, False, False, True]
    assert inputs.true_count == 2
    assert inputs.n_secrets == 3                           # x, y and missing
    named = prepare_counting(table, DPScenario("s", "u", ("a",), useful_order=("", "a", "b", "c")))
    assert named.useful_labels == ("", "a", "b", "c")
    first = prepare_counting(table, DPScenario("s", "u", ("a",)))
    assert first.useful_labels == ("b", "", "a", "c")      # order of first appearance


@pytest.mark.parametrize("scenario, words", [
    (DPScenario("s", "u", ("zzz",)), ["scenario.predicate: value 'zzz' does not occur in column 'u'"]),
    (DPScenario("nope", "u", ("a",)), ["scenario.sensitive: ", "no column 'nope'"]),
    (DPScenario("s", "nope", ("a",)), ["scenario.useful: ", "no column 'nope'"]),
    (DPScenario("s", "u", ("a",), useful_order=("a", "b")),
     ["scenario.useful_order: does not cover the domain of column 'u': value 'c' is missing"]),
    (DPScenario("s", "u", ("a",), useful_order=("a", "b", "q")),
     ["scenario.useful_order: value 'q' does not occur in column 'u'"]),
])
def test_bad_scenarios_name_the_field_column_and_value(scenario, words):
    table = table_from_frame(pd.DataFrame({"u": ["a", "b", "c"], "s": ["x", "y", "x"]}))
    with pytest.raises(InputError) as error:
        prepare_counting(table, scenario)
    for word in words:
        assert word in str(error.value)


@pytest.mark.parametrize("epsilons, word", [((), "at least one epsilon"), ((0.0,), "> 0"), ((-1.0,), "> 0"),
                                            ((1.0, float("inf")), "> 0"), ((1.0, 1.0), "twice")])
def test_bad_epsilons(epsilons, word):
    config = DPConfig(data=DataSource("x.csv"), scenarios=(DPScenario("s", "u", ("a",)),), epsilons=epsilons)
    with pytest.raises(InputError, match="epsilon") as error:
        config.validate()
    assert word in str(error.value)


def test_config_round_trip_and_unknown_keys(tmp_path):
    config = DPConfig(data=DataSource(str(tmp_path / "d.csv"), delimiter=";"),
                      scenarios=(DPScenario("income", "income", ("medium",), ("low", "medium", "high")),
                                 DPScenario("income", "gender", ("F",))),
                      epsilons=(0.1, 1.0), mechanisms=("local",),
                      threshold=ThresholdConfig(10, 3, 2, 0.25, (0.5,)))
    path = tmp_path / "analysis.toml"
    path.write_text(config.to_toml(), encoding="utf-8")
    assert DPConfig.from_toml(path) == config
    assert DPConfig.from_dict(json.loads(json.dumps(config.to_dict()))) == config
    raw = config.to_dict()
    raw["scenarios"][0]["secret"] = "x"
    with pytest.raises(InputError, match="scenarios\\[1\\].secret"):
        DPConfig.from_dict(raw)
    with pytest.raises(InputError, match="unknown key roles"):
        DPConfig.from_dict({"roles": {}})
    relative = tmp_path / "rel.toml"
    relative.write_text('[data]\npath = "d.csv"\n', encoding="utf-8")
    assert DPConfig.from_toml(relative).data.path == str(tmp_path / "d.csv")


def test_log_spaced_epsilons():
    eps = log_spaced_epsilons()
    assert len(eps) == 20 and eps[0] == 0.05 and eps[-1] == 5.0
    ratios = np.diff(np.log(eps))
    assert ratios == pytest.approx(np.full(19, math.log(100) / 19), rel=1e-4)


# --- the API ----------------------------------------------------------------------------------

def test_run_dp_analysis_points_progress_and_json():
    table = table_from_frame(EXAMPLE25, name="example25.csv")
    config = DPConfig(data=DataSource("example25.csv"),
                      scenarios=(DPScenario("income", "income", ("medium",)), DPScenario("income", "gender", ("F",))),
                      epsilons=EPSILONS, threshold=ThresholdConfig(20, 5, 3, 0.2, (0.5, 1.0)))
    seen = []
    assessment = run_dp_analysis(config, table, on_progress=seen.append)
    assert len(assessment.dp) == 2 * 2 * 3 and len(assessment.threshold) == 2
    assert seen[-1].done == seen[-1].total == 14
    assert [(p.mechanism, p.useful) for p in assessment.dp[:4]] == [("oblivious", "income")] * 3 + [("local", "income")]
    assert assessment.dp[2].privacy_loss == pytest.approx(1.3636, abs=5e-5)
    data = json.loads(json.dumps(assessment.to_dict(), allow_nan=False))
    assert data["dataset"]["rows"] == 8 and data["dataset"]["columns_used"] == ["income", "gender"]
    first = data["dp"][0]
    for key in ("mechanism", "epsilon", "privacy_loss", "utility", "prior_vulnerability", "posterior_vulnerability"):
        assert key in first
    assert set(data["threshold"][0]) == {"epsilon", "delta_active", "delta_passive", "worst_known_yes"}


def test_run_dp_analysis_cancel_and_warnings():
    table = table_from_frame(EXAMPLE25)
    config = DPConfig(data=DataSource("x.csv"), scenarios=(DPScenario("income", "income", ("low", "medium", "high")),),
                      epsilons=(1.0,))
    assessment = run_dp_analysis(config, table)
    assert any("does not depend on the new record" in w for w in assessment.warnings)
    assert assessment.dp[0].utility == pytest.approx(1.0) and assessment.dp[0].privacy_loss == pytest.approx(1.0)
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        run_dp_analysis(config, table, cancel=token)
    missing = DPConfig(data=DataSource("x.csv"), scenarios=(DPScenario("income", "salary", ("a",)),), epsilons=(1.0,))
    with pytest.raises(InputError) as error:
        run_dp_analysis(missing, table)
    assert error.value.problem.field == "scenarios[1].useful"
    assert str(error.value) == ("scenarios[1].useful: frame: no column 'salary' "
                                "(columns: 'id', 'income', 'gender', 'country')")


def test_adult_age_scenario_on_real_data():
    path = SHARED_DATA / "pycanon" / "raw__adult.csv"
    if not path.exists():
        pytest.skip("shared data not available")
    config = DPConfig(data=DataSource(str(path)),
                      scenarios=(DPScenario("salary-class", "age", ("30", "31", "32", "33", "34")),),
                      epsilons=(0.1, 2.5, 5.0))
    assessment = run_dp_analysis(config)
    assert assessment.dataset.rows == 32561
    by_mechanism = {}
    for mechanism in ("oblivious", "local"):
        points = [p for p in assessment.dp if p.mechanism == mechanism]
        assert [p.epsilon for p in points] == [0.1, 2.5, 5.0]
        for p in points:
            assert 1.0 - 1e-9 <= p.privacy_loss <= 1.0 / p.prior_vulnerability
            assert p.count_prior_vulnerability - 1e-9 <= p.utility <= 1.0
        by_mechanism[mechanism] = points
    oblivious, local = by_mechanism["oblivious"], by_mechanism["local"]
    # a likelihood ratio of at most e^eps cannot overturn the prior guess (0.87 : 0.13) below eps = ln 6.5
    assert oblivious[0].utility == pytest.approx(oblivious[0].count_prior_vulnerability, abs=1e-12)
    assert oblivious[0].utility < oblivious[1].utility < oblivious[2].utility
    # each of 32,561 records perturbed locally: the one new record is lost in the noise
    for o, lo in zip(oblivious, local):
        assert lo.utility <= o.utility + 1e-9 and lo.privacy_loss <= o.privacy_loss + 1e-9
    assert local[2].utility < oblivious[2].utility
