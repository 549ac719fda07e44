"""ROC, AUC, TPR at FPR, Wilson intervals, residual risk and the evaluation of one attack."""

import json
import math

import numpy as np
import pytest
from sklearn.metrics import roc_auc_score

from engine.synthetic.config import Criterion
from engine.synthetic.metrics import (auc_standard_error, evaluate_attribute, evaluate_membership, residual_interval,
                                      operating_point, residual_risk, roc_auc, roc_curve, split_halves, thin_curve,
                                      tpr_at_fpr,
                                      wilson_interval)


def test_auc_matches_scikit_learn_with_ties():
    rng = np.random.default_rng(1)
    for _ in range(20):
        scores = rng.integers(0, 6, 300).astype(float)
        labels = rng.integers(0, 2, 300)
        assert roc_auc(scores, labels) == pytest.approx(roc_auc_score(labels, scores))


def test_auc_is_the_mann_whitney_probability():
    members, others = np.array([3.0, 2.0, 2.0]), np.array([2.0, 1.0])
    pairs = [(m > o) + 0.5 * (m == o) for m in members for o in others]
    scores = np.r_[members, others]
    assert roc_auc(scores, np.r_[1, 1, 1, 0, 0]) == pytest.approx(np.mean(pairs))


def test_tpr_at_fpr_hand_curve():
    # members 0.9 0.7 0.4; non-members 0.8 0.3 0.2 0.1 (4 non-members: FPR steps of 0.25)
    fpr, tpr = roc_curve(np.array([0.9, 0.7, 0.4, 0.8, 0.3, 0.2, 0.1]), np.array([1, 1, 1, 0, 0, 0, 0]))
    assert tpr_at_fpr(fpr, tpr, 0.0) == pytest.approx(1 / 3)
    assert tpr_at_fpr(fpr, tpr, 0.1) == pytest.approx(1 / 3)   # the next step only flags a non-member
    assert tpr_at_fpr(fpr, tpr, 0.25) == pytest.approx(1.0)


def test_operating_point_flags_a_random_share_of_a_tie_that_crosses_the_level():
    # members: 6 at score 1 (tied with 2 non-members), 4 at 0; non-members: 2 at 1, 98 at 0.5 or below
    scores = np.r_[np.ones(6), np.zeros(4), np.ones(2), np.linspace(0.5, 0.01, 98)]
    labels = np.r_[np.ones(10), np.zeros(100)].astype(bool)
    fpr, tpr = roc_curve(scores, labels)
    # at 1%: 1 non-member of the 2 tied -> half of the tie flagged -> 3 of the 6 tied members
    point = operating_point(fpr, tpr, 10, 100, "0.01")
    assert (point.false_positives, point.true_positives, point.tied_share) == (1, 3, 0.5)
    assert tpr_at_fpr(fpr, tpr, 0.01) == pytest.approx(0.3)
    # at 0.1%: no non-member may be flagged -> nothing
    point = operating_point(fpr, tpr, 10, 100, "0.001")
    assert (point.false_positives, point.true_positives, point.tied_share) == (0, 0, None)
    # at 10%: past the tie, an ordinary threshold
    point = operating_point(fpr, tpr, 10, 100, "0.1")
    assert (point.false_positives, point.true_positives, point.tied_share) == (2, 6, None)


def _flagged_by_hand(scores, labels, level):
    """Walk the scores' groups from the highest: whole groups while their non-members fit in
    floor(level * n), then that share of the next group (its members in proportion)."""
    allowed = int(np.floor(level * (~labels).sum() + 1e-9))
    tp = fp = 0
    for value in sorted(set(scores.tolist()), reverse=True):
        group = scores == value
        members, others = int((group & labels).sum()), int((group & ~labels).sum())
        if fp + others > allowed:
            share = (allowed - fp) / others
            return int(np.floor(tp + share * members + 1e-9)), allowed
        tp, fp = tp + members, fp + others
    return tp, fp


@pytest.mark.parametrize("seed", [2, 3])
def test_operating_points_equal_a_walk_over_the_tied_groups(seed):
    rng = np.random.default_rng(seed)
    scores = np.round(rng.uniform(0, 1, 4000) + 0.15 * np.r_[np.ones(2000), np.zeros(2000)], 1)   # big ties
    labels = np.r_[np.ones(2000), np.zeros(2000)].astype(bool)
    fpr, tpr = roc_curve(scores, labels)
    for level in ("0.001", "0.01", "0.05", "0.1"):
        point = operating_point(fpr, tpr, 2000, 2000, level)
        assert (point.true_positives, point.false_positives) == _flagged_by_hand(scores, labels, float(level))


def test_thin_curve_keeps_the_ends_and_at_most_200_points():
    fpr = np.linspace(0, 1, 1001)
    curve = thin_curve(fpr, fpr ** 0.5)
    assert len(curve.fpr) <= 200 and curve.fpr[0] == 0.0 and curve.fpr[-1] == 1.0 and curve.tpr[-1] == 1.0


def test_wilson_interval_published_values():
    # Wilson (1927) / Newcombe (1998) table: 81/263 -> 0.2553 to 0.3662; 15/148 -> 0.0624 to 0.1605
    assert [round(v, 4) for v in wilson_interval(81, 263)] == [0.2553, 0.3662]
    assert [round(v, 4) for v in wilson_interval(15, 148)] == [0.0624, 0.1605]
    low, high = wilson_interval(0, 20)
    assert low == pytest.approx(0.0, abs=1e-12) and high == pytest.approx(0.1611, abs=1e-4)


def test_residual_risk_and_its_interval():
    assert residual_risk(0.4, 0.2) == pytest.approx(0.25)
    assert residual_risk(0.3, 1.0) is None
    low, high = residual_interval((0.3, 0.5), (0.1, 0.2))
    assert low == pytest.approx((0.3 - 0.2) / 0.8) and high == pytest.approx((0.5 - 0.1) / 0.9)
    # (0.1 - 0.9) / 0.1 = -8 and a control rate of 1 leave nothing: clipped to -1
    assert residual_interval((0.0, 0.1), (0.9, 1.0)) == (-1.0, -1.0)
    assert residual_interval((0.9, 1.0), (0.0, 0.0)) == (0.9, 1.0)


def test_hanley_mcneil_standard_error():
    # A = 0.8, 50 and 50: Q1 = 0.8/1.2, Q2 = 1.28/1.8,
    # SE^2 = (0.16 + 49 (Q1 - 0.64) + 49 (Q2 - 0.64)) / 2500
    q1, q2 = 0.8 / 1.2, 1.28 / 1.8
    assert auc_standard_error(0.8, 50, 50) == pytest.approx(math.sqrt((0.16 + 49 * (q1 - 0.64) + 49 * (q2 - 0.64)) / 2500))
    # and it matches the spread of AUCs of random scores (null case, A = 0.5)
    rng = np.random.default_rng(5)
    labels = np.r_[np.ones(100), np.zeros(100)]
    spread = np.std([roc_auc(rng.random(200), labels) for _ in range(400)])
    assert spread == pytest.approx(auc_standard_error(0.5, 100, 100), rel=0.15)


def test_split_halves_is_stratified():
    labels = np.r_[np.ones(7), np.zeros(4)]
    train = split_halves(labels)
    assert train[labels == 1].sum() == 3 and train[labels == 0].sum() == 2


def test_evaluate_membership_hand_case():
    # train half (first 2 of each class): members 0.9, 0.8; non-members 0.1, 0.2 -> threshold 0.5
    # evaluation half: members 0.7, 0.3 ; non-members 0.6, 0.0 -> TPR 0.5, FPR 0.5
    scores = np.array([0.9, 0.8, 0.7, 0.3, 0.1, 0.2, 0.6, 0.0])
    labels = np.array([1, 1, 1, 1, 0, 0, 0, 0])
    result = evaluate_membership("m", scores, labels, split_halves(labels), Criterion(),
                                 member_rows=np.array([10, 11, 12, 13]), show_targets=True)
    assert result.threshold == pytest.approx(0.5)
    assert (result.main_rate, result.control_rate, result.accuracy, result.advantage) == (0.5, 0.5, 0.5, 0.0)
    assert result.residual_risk == 0.0
    assert result.auc == pytest.approx(roc_auc_score(labels, scores))
    assert result.at_risk[0] == (11, 0.9)
    low, high = residual_interval(wilson_interval(1, 2), wilson_interval(1, 2))
    assert (result.ci_low, result.ci_high) == (pytest.approx(low), pytest.approx(high))
    json.dumps(result.to_dict(), allow_nan=False)


def test_evaluate_attribute_without_control():
    result = evaluate_attribute("a", np.array([1, 1, 0, 1]), None, baseline=0.5)
    assert result.accuracy == 0.75 and result.residual_risk is None and result.ci_low is None
    data = result.to_dict()
    assert data["auc"] is None and data["tpr_at_fpr"] == {"0.001": None, "0.01": None, "0.1": None}
    assert not math.isnan(data["baseline"])
