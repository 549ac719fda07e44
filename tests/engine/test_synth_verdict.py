"""The synthetic-data verdict (engine/synthetic/verdict.py): Clopper-Pearson bounds, the low-FPR
membership test, attribute evidence only above the baseline, and the bundled leaky release
against an independent one; results.json, the PDF's page 1 and the terminal agree."""

import json

import numpy as np
import pandas as pd
import pytest
from pypdf import PdfReader
from scipy.stats import binom

from engine.analysis.config import DataSource
from engine.synthetic.api import run_synthetic_assessment
from engine.synthetic.config import Criterion, SyntheticConfig
from engine.synthetic.results import SyntheticAssessment
from engine.synthetic.metrics import evaluate_attribute, evaluate_membership, split_halves
from engine.synthetic.verdict import lower_bound, synthetic_verdict, upper_bound
from tests.conftest import EXAMPLES
from tests.engine.test_synth_cli import _main

QIDS = ("birth_day", "birth_month", "birth_year", "sex", "race", "municipality_residence", "school", "school_type")


@pytest.mark.parametrize("k, n", [(1, 10), (7, 50), (48, 500), (499, 500), (0, 30), (30, 30)])
def test_clopper_pearson_bounds_are_where_the_binomial_tail_is_alpha(k, n):
    """L solves P(X >= k | L) = a and U solves P(X <= k | U) = a (the definition, by the binomial)."""
    for alpha in (0.05, 0.00625):
        low, high = lower_bound(k, n, alpha), upper_bound(k, n, alpha)
        if k == 0:
            assert low == 0.0 and high == pytest.approx(1 - alpha ** (1 / n))
        else:
            assert binom.sf(k - 1, n, low) == pytest.approx(alpha, rel=1e-7)
        if k == n:
            assert high == 1.0 and low == pytest.approx(alpha ** (1 / n))
        else:
            assert binom.cdf(k, n, high) == pytest.approx(alpha, rel=1e-7)
        assert low <= k / n <= high


def _assessment(attacks, sensitive="s"):
    config = SyntheticConfig(real=DataSource("r.csv"), synthetic=DataSource("s.csv"), control=DataSource("c.csv"),
                             qids=("q",), sensitive=sensitive, attacks=tuple(a.attack for a in attacks))
    return SyntheticAssessment(config=config, datasets={}, attacks=tuple(attacks), radius=None)


def _membership(member_scores, other_scores):
    scores = np.r_[member_scores, other_scores].astype(float)
    labels = np.r_[np.ones(len(member_scores), bool), np.zeros(len(other_scores), bool)]
    return evaluate_membership("closest-mia", scores, labels, split_halves(labels), Criterion())


def test_copies_at_the_top_are_a_leak_and_ties_with_non_members_are_not():
    # 40 of 400 members score 1 (exact copies), nobody else: at FPR 0 the attack finds 10% of members
    rng = np.random.default_rng(3)
    members = np.r_[np.ones(40), rng.uniform(0, 0.4, 360)]   # the rest below the top non-member
    others = np.r_[0.45, rng.uniform(0, 0.5, 399)]
    v = synthetic_verdict(_assessment([_membership(members, others)]))
    assert v.leak and not v.ready and v.measured
    first = v.checks[0]
    assert first.measure == "tpr_at_fpr_0.001" and first.rate == pytest.approx(0.1) and first.control == 0.0
    # a = 0.05 / (2 x 2 tests): the bounds by hand
    assert first.value == pytest.approx(lower_bound(40, 400, 0.0125)) and first.limit == pytest.approx(
        upper_bound(0, 400, 0.0125))
    assert "40 of 400 members" in v.reasons[0] and "at most 0.1%" in v.reasons[0]
    assert len(v.reasons) == 1 and sum(not c.passed for c in v.checks) == 2   # one reason per attack
    # the same 40 members tied with 40 non-members at the top: nothing is told apart
    tied = synthetic_verdict(_assessment([_membership(members, np.r_[np.ones(40), others[40:]])]))
    assert not tied.leak and tied.ready and tied.reasons == ()


def test_copies_among_look_alikes_are_a_leak_by_the_exact_copies_test():
    """36% of members and 8% of non-members at distance 0 (data where people share profiles): no
    threshold reaches 0.1% or 1%; a random share of the tie at 1% tells them apart when it is the
    only test of its level, the copies' test does with the third test's stricter bounds."""
    rng = np.random.default_rng(5)
    members = np.r_[np.zeros(180), -rng.uniform(0.1, 1, 320)]     # score = minus the distance
    others = np.r_[np.zeros(40), -rng.uniform(0.1, 1, 460)]
    scores = np.r_[members, others]
    labels = np.r_[np.ones(500, bool), np.zeros(500, bool)]
    alone = evaluate_membership("closest-mia", scores, labels, split_halves(labels), Criterion())
    assert alone.copies is None
    v = synthetic_verdict(_assessment([alone]))            # two tests: a = 0.0125
    assert v.leak and [c.measure for c in v.checks if not c.passed] == ["tpr_at_fpr_0.01"]
    assert "(flagging at random 12.5% of the records tied at its threshold) it flags 22 of 500" in v.reasons[0]
    mia = evaluate_membership("closest-mia", scores, labels, split_halves(labels), Criterion(),
                              identical=scores == 0)
    at_1 = mia.low_fpr[1]
    # 5 of 500 non-members at 1%: a random 5/40 of the 220 tied records, 180 x 5/40 = 22.5 members
    assert (at_1.false_positives, at_1.true_positives, at_1.tied_share) == (5, 22, 0.125)
    v = synthetic_verdict(_assessment([mia]))
    assert v.leak and [c.measure for c in v.checks if not c.passed] == ["exact_copies"]
    copies = v.checks[-1]
    a = 0.05 / (2 * 3)
    assert copies.value == pytest.approx(lower_bound(180, 500, a)) and copies.limit == pytest.approx(
        upper_bound(40, 500, a))
    assert v.reasons[0].startswith("Closest-distance membership: 180 of 500 members (36%")
    assert "identical record in the synthetic file, against 40 of 500 non-members (8%" in v.reasons[0]
    # as many non-members as members at distance 0: no leak
    same = np.r_[members, np.zeros(180), -rng.uniform(0.1, 1, 320)]
    even = evaluate_membership("closest-mia", same, labels, split_halves(labels), Criterion(), identical=same == 0)
    assert not synthetic_verdict(_assessment([even])).leak


def test_attribute_success_below_the_baseline_is_no_evidence():
    """CAP 10% on real records, 0% on control records, baseline 87%: not a leak (the bug: shown as one)."""
    real, control = np.r_[np.ones(100), np.zeros(900)], np.zeros(1000)
    below = evaluate_attribute("cap", real, control, 0.87)
    assert below.ci_low > 0
    v = synthetic_verdict(_assessment([below]))
    assert not v.leak and v.ready and v.checks[0].passed and v.checks[0].baseline == 0.87
    assert "below the 87% baseline (a real record that matches no synthetic record counts as a wrong guess): not counted as evidence of a leak" in v.notes[0]
    above = evaluate_attribute("cap", real, control, 0.05)
    v = synthetic_verdict(_assessment([above]))
    assert v.leak and not v.checks[0].passed and v.notes == ()
    assert v.reasons[0].startswith("Correct attribution probability (CAP): s guessed right for 10% of real records")


def test_without_a_control_file_the_leak_is_not_measured():
    without = evaluate_attribute("cap", np.r_[np.ones(10), np.zeros(10)], None, 0.5)
    v = synthetic_verdict(_assessment([without]))
    assert (v.ready, v.leak, v.measured, v.checks) == (False, False, False, ())
    assert "control file" in v.reasons[0] and v.to_dict()["line"] == "Leak not measured"


def _config(synthetic, sensitive):
    attacks = ("closest-mia", "neighbourhood-mia") + (("closest-aia", "neighbourhood-aia", "cap") if sensitive else ())
    return SyntheticConfig(real=DataSource(str(EXAMPLES / "synthetic_real.csv")), synthetic=DataSource(str(synthetic)),
                           control=DataSource(str(EXAMPLES / "synthetic_control.csv")), qids=QIDS, sensitive=sensitive,
                           attacks=attacks, jobs=1)


@pytest.fixture(scope="module")
def independent(tmp_path_factory):
    """5,000 census records that are neither in the real nor in the control file: the same
    distribution as the real file, independent of its records."""
    census = pd.read_csv(EXAMPLES / "census_example.csv")
    used = pd.concat([pd.read_csv(EXAMPLES / "synthetic_real.csv"), pd.read_csv(EXAMPLES / "synthetic_control.csv")])
    columns = list(used.columns)
    marked = census[columns].merge(used.drop_duplicates(), how="left", indicator=True)
    fresh = census[columns][(marked["_merge"] == "left_only").to_numpy()]
    assert len(fresh) >= 5000
    path = tmp_path_factory.mktemp("independent") / "independent_release.csv"
    fresh.sample(5000, random_state=11).to_csv(path, index=False)
    return path


@pytest.mark.parametrize("sensitive", [None, "bolsa_familia"])
@pytest.mark.slow
def test_the_bundled_release_with_copies_is_a_leak(sensitive):
    v = synthetic_verdict(run_synthetic_assessment(_config(EXAMPLES / "synthetic_release.csv", sensitive)))
    assert v.leak and not v.ready
    failed = [c for c in v.checks if not c.passed]
    assert {c.attack for c in failed} == {"closest-mia"}
    at = {c.measure: c for c in failed}["tpr_at_fpr_0.001"]
    assert at.rate > 0.05 and at.control == 0.0          # about 10% copies, no non-member at distance 0
    if sensitive:
        cap = next(c for c in v.checks if c.attack == "cap")
        assert cap.passed and cap.rate < cap.baseline and cap.value > 0   # above control, below baseline
        assert any("not counted as evidence of a leak" in n for n in v.notes)


@pytest.mark.parametrize("sensitive", [None, "bolsa_familia"])
def test_an_independent_release_is_no_leak(independent, sensitive):
    v = synthetic_verdict(run_synthetic_assessment(_config(independent, sensitive)))
    assert not v.leak and v.ready and v.measured and all(c.passed for c in v.checks)
    assert len(v.checks) == (8 if sensitive else 5)
    assert [c.measure for c in v.checks if c.attack == "closest-mia"] == [
        "tpr_at_fpr_0.001", "tpr_at_fpr_0.01", "exact_copies"]


def test_results_json_pdf_page_one_and_the_terminal_agree(tmp_path, capsys):
    out = tmp_path / "out"
    args = ["synth", str(EXAMPLES / "synthetic_real.csv"), "--synthetic",
            str(EXAMPLES / "synthetic_release.csv"), "--control", str(EXAMPLES / "synthetic_control.csv"),
            "--qid", *QIDS, "--attacks", "closest-mia", "--targets", "300", "--out", str(out), "--pdf",
            str(tmp_path / "r.pdf"), "--quiet"]
    assert _main(args) == 0
    stdout = capsys.readouterr().out
    verdict = json.loads((out / "results.json").read_text())["verdict"]
    assert verdict["leak"] is True and verdict["ready"] is False and verdict["line"] == "Leak detected"
    assert set(verdict) >= {"ready", "checks", "reasons", "leak"}
    assert all(set(c) >= {"measure", "value", "limit", "passed"} for c in verdict["checks"])
    page_one = " ".join(PdfReader(str(tmp_path / "r.pdf")).pages[0].extract_text().split())
    assert "Leak detected" in page_one
    assert " ".join(verdict["reasons"][0].split())[:60] in page_one
    assert "verdict: Leak detected" in stdout
