r"""How well an attack did: ROC, AUC, TPR at low FPR, advantage, Wilson intervals, and the
residual risk against a control set; and the :class:`AttackEvaluation` of one attack.

Residual risk (Giomi et al. 2023, "A unified framework for quantifying privacy risk in
synthetic data", the anonymeter library): with the attack's success rate on records used to
make the synthetic file (main) and on control records that were not (control),

.. math:: R = \frac{r_{main} - r_{control}}{1 - r_{control}},

the share of the attacker's success that the control set cannot explain. Its 95% interval:
a Wilson score interval for each rate, then :math:`R` at the interval ends that make it
smallest (:math:`r_{main}` low, :math:`r_{control}` high) and largest, clipped to [-1, 1].
"""

from __future__ import annotations

import math
from statistics import NormalDist
from typing import Optional, Sequence

import numpy as np

from .config import Criterion
from .results import FPR_LEVELS, LOW_FPR_LEVELS, MAX_ROC_POINTS, AttackEvaluation, OperatingPoint, RocCurve
from .thresholds import flag, train_threshold

AT_RISK = 20


def roc_curve(scores: np.ndarray, labels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """FPR and TPR at every distinct score used as threshold (score >= t flagged), from
    (0, 0) to (1, 1). Tied scores form one step.

    >>> fpr, tpr = roc_curve(np.array([0.9, 0.8, 0.8, 0.1]), np.array([1, 1, 0, 0]))
    >>> fpr.tolist(), tpr.tolist()
    ([0.0, 0.0, 0.5, 1.0], [0.0, 0.5, 1.0, 1.0])
    """
    scores = np.asarray(scores, dtype=np.float64)
    labels = np.asarray(labels).astype(bool)
    order = np.argsort(-scores, kind="stable")
    ordered, hits = scores[order], labels[order]
    last = np.r_[np.flatnonzero(np.diff(ordered) != 0), len(ordered) - 1]
    tp = np.cumsum(hits)[last]
    fp = np.cumsum(~hits)[last]
    n_pos, n_neg = int(labels.sum()), int((~labels).sum())
    tpr = np.r_[0.0, tp / n_pos] if n_pos else np.zeros(len(last) + 1)
    fpr = np.r_[0.0, fp / n_neg] if n_neg else np.zeros(len(last) + 1)
    return fpr, tpr


def auc(fpr: np.ndarray, tpr: np.ndarray) -> float:
    """Area under a ROC curve by the trapezoid rule (ties count half, as Mann-Whitney)."""
    return float(np.sum(np.diff(fpr) * (tpr[1:] + tpr[:-1]) / 2))


def roc_auc(scores: np.ndarray, labels: np.ndarray) -> float:
    """AUC of the scores against the labels: P(member score > non-member score) + ties / 2.

    >>> roc_auc(np.array([0.9, 0.8, 0.8, 0.1]), np.array([1, 1, 0, 0]))
    0.875
    """
    return auc(*roc_curve(scores, labels))


def auc_standard_error(value: float, positives: int, negatives: int) -> float:
    """Hanley & McNeil (1982) standard error of an AUC from ``positives`` and ``negatives``.

    .. math:: SE = \\sqrt{\\frac{A(1-A) + (P-1)(Q_1 - A^2) + (N-1)(Q_2 - A^2)}{PN}},
              Q_1 = \\frac{A}{2-A},\\ Q_2 = \\frac{2A^2}{1+A}
    """
    a = value
    q1, q2 = a / (2 - a), 2 * a * a / (1 + a)
    variance = (a * (1 - a) + (positives - 1) * (q1 - a * a) + (negatives - 1) * (q2 - a * a))
    return math.sqrt(max(variance, 0.0) / (positives * negatives))


def _crossing(fpr: np.ndarray, level: float) -> int:
    """The last ROC point whose FPR is at most ``level`` (the curve's FPR never decreases)."""
    return int(np.searchsorted(fpr, level + 1e-12, side="right")) - 1


def tpr_at_fpr(fpr: np.ndarray, tpr: np.ndarray, level: float) -> float:
    """The TPR of the curve at FPR ``level``: the last point with FPR at most ``level``, and
    where the next threshold flags tied records past ``level``, a random share of those
    flagged (linear interpolation, Fawcett 2006: a curve's points are reached by randomising
    between its thresholds).

    >>> tpr_at_fpr(np.array([0.0, 0.0, 0.5, 1.0]), np.array([0.0, 0.5, 1.0, 1.0]), 0.1)
    0.6
    """
    j = _crossing(fpr, level)
    if j + 1 >= len(fpr) or fpr[j + 1] <= fpr[j]:
        return float(tpr[j])
    share = (level - fpr[j]) / (fpr[j + 1] - fpr[j])
    return float(tpr[j] + max(share, 0.0) * (tpr[j + 1] - tpr[j]))


def operating_point(fpr: np.ndarray, tpr: np.ndarray, positives: int, negatives: int,
                    level: str) -> OperatingPoint:
    """The counts of the membership attack at FPR at most ``level``, in whole records: the
    last ROC point with FPR at most ``level``, and where the next threshold's tied records would
    take the FPR past ``level`` (records at equal distance, an exact copy's zero above all), a
    random share of them flagged, so that f = floor(``level`` · nonmembers) non-members are
    flagged; members flagged: the expected count, rounded down. The thresholds are set by the
    non-members' scores and the tied records are drawn at random, so the members flagged are a
    fair binomial draw (docs/methods.md, "Synthetic data: the verdict").

    >>> operating_point(np.array([0.0, 0.0, 0.5, 1.0]), np.array([0.0, 0.5, 1.0, 1.0]), 2, 2, "0.1")
    OperatingPoint(level='0.1', true_positives=1, members=2, false_positives=0, nonmembers=2, tied_share=None)
    >>> operating_point(np.array([0.0, 0.5, 1.0]), np.array([0.0, 0.8, 1.0]), 10, 10, "0.1")
    OperatingPoint(level='0.1', true_positives=1, members=10, false_positives=1, nonmembers=10, tied_share=0.2)
    """
    x = float(level)
    j = _crossing(fpr, x)
    best = int(np.argmax(tpr[:j + 1]))          # the first point with the highest TPR: the fewest non-members
    tp, fp = tpr[j] * positives, fpr[j] * negatives
    flagged = math.floor(x * negatives + 1e-9)
    if j + 1 < len(fpr) and tpr[j + 1] > tpr[j] and flagged > round(fp):
        share = (flagged - fp) / (fpr[j + 1] * negatives - fp)
        members = math.floor(tp + share * (tpr[j + 1] - tpr[j]) * positives + 1e-9)
        if members > round(tpr[best] * positives):
            return OperatingPoint(level, int(members), positives, int(flagged), negatives, round(float(share), 6))
    return OperatingPoint(level, int(round(tpr[best] * positives)), positives, int(round(fpr[best] * negatives)),
                          negatives)


def copies_point(identical: np.ndarray, labels: np.ndarray) -> OperatingPoint:
    """The members and non-members with an identical synthetic record (level "copies").

    >>> copies_point(np.array([True, True, False, True, False]), np.array([1, 1, 1, 0, 0]))
    OperatingPoint(level='copies', true_positives=2, members=3, false_positives=1, nonmembers=2, tied_share=None)
    """
    identical, labels = np.asarray(identical, dtype=bool), np.asarray(labels).astype(bool)
    return OperatingPoint("copies", int(identical[labels].sum()), int(labels.sum()), int(identical[~labels].sum()),
                          int((~labels).sum()))


def thin_curve(fpr: np.ndarray, tpr: np.ndarray, points: int = MAX_ROC_POINTS) -> RocCurve:
    """The curve with at most ``points`` points, ends kept."""
    if len(fpr) > points:
        keep = np.unique(np.linspace(0, len(fpr) - 1, points).round().astype(int))
        fpr, tpr = fpr[keep], tpr[keep]
    return RocCurve(tuple(float(v) for v in fpr), tuple(float(v) for v in tpr))


def rates(flags: np.ndarray, labels: np.ndarray) -> tuple[float, float]:
    """(TPR, FPR) of flags against labels (nan for an empty class)."""
    flags, labels = np.asarray(flags, dtype=bool), np.asarray(labels).astype(bool)
    tpr = flags[labels].mean() if labels.any() else math.nan
    fpr = flags[~labels].mean() if (~labels).any() else math.nan
    return float(tpr), float(fpr)


def advantage(tpr: float, fpr: float) -> float:
    """Membership advantage TPR - FPR (Yeom et al. 2018)."""
    return tpr - fpr


def wilson_interval(successes: float, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval of a rate ``successes / n`` (Wilson 1927).

    .. math:: \\frac{\\hat p + z^2/2n \\pm z\\sqrt{\\hat p(1-\\hat p)/n + z^2/4n^2}}{1 + z^2/n}

    >>> [round(v, 4) for v in wilson_interval(8, 10)]
    [0.4902, 0.9433]
    """
    if n <= 0:
        return 0.0, 1.0
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(max(p * (1 - p) / n + z * z / (4 * n * n), 0.0)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def residual_risk(main: float, control: float) -> Optional[float]:
    """(main - control) / (1 - control); None when control is 1 (nothing left to explain).

    >>> residual_risk(0.625, 0.25)
    0.5
    """
    if not (math.isfinite(main) and math.isfinite(control)) or control >= 1.0:
        return None
    return (main - control) / (1.0 - control)


def residual_interval(main_ci: tuple[float, float], control_ci: tuple[float, float]) -> tuple[float, float]:
    """The residual risk's interval from the rates' intervals (module docstring), in [-1, 1]."""
    low = residual_risk(main_ci[0], control_ci[1])
    high = residual_risk(main_ci[1], control_ci[0])
    low = -1.0 if low is None else low
    high = 1.0 if high is None else high
    return max(-1.0, min(1.0, low)), max(-1.0, min(1.0, high))


# --- evaluation of one attack ----------------------------------------------------------------
def evaluate_membership(attack: str, scores: np.ndarray, labels: np.ndarray, train: np.ndarray,
                        criterion: Criterion, member_rows: Optional[np.ndarray] = None,
                        show_targets: bool = False, notes: str = "",
                        identical: Optional[np.ndarray] = None) -> AttackEvaluation:
    """A membership attack's scores (higher = member) over labelled targets.

    The threshold is trained by ``criterion`` on the ``train`` targets; accuracy, TPR, FPR and
    advantage are measured on the others; AUC and TPR at FPR 0.1%/1%/10% on the ROC over
    all targets. Residual risk: main = TPR, control = FPR (evaluation half), with Wilson
    intervals. ``member_rows[i]`` is the real-file row of the i-th member target (0-based),
    reported 1-based in ``at_risk`` for the highest-scoring members when ``show_targets``.
    ``identical[i]``: target i has an identical synthetic record (counted in ``copies``)."""
    scores = np.asarray(scores, dtype=np.float64)
    labels = np.asarray(labels).astype(bool)
    train = np.asarray(train, dtype=bool)
    threshold = train_threshold(scores[train], labels[train], criterion)
    held = ~train
    flags, truth = flag(scores[held], threshold), labels[held]
    tpr, fpr = rates(flags, truth)
    fpr_curve, tpr_curve = roc_curve(scores, labels)
    points = {level: operating_point(fpr_curve, tpr_curve, int(labels.sum()), int((~labels).sum()), level)
              for level in FPR_LEVELS}
    low_fpr = tuple(points[level] for level in LOW_FPR_LEVELS)
    positives, negatives = int(truth.sum()), int((~truth).sum())
    main_ci = wilson_interval(int(flags[truth].sum()), positives)
    control_ci = wilson_interval(int(flags[~truth].sum()), negatives)
    low, high = residual_interval(main_ci, control_ci)
    at_risk: tuple[tuple[int, float], ...] = ()
    if show_targets and member_rows is not None:
        member_scores = scores[labels]
        top = np.argsort(-member_scores, kind="stable")[:AT_RISK]
        at_risk = tuple((int(member_rows[i]) + 1, float(member_scores[i])) for i in top)
    return AttackEvaluation(
        attack=attack, kind="membership", targets=len(scores),
        accuracy=float((flags == truth).mean()) if len(truth) else math.nan,
        auc=auc(fpr_curve, tpr_curve), advantage=advantage(tpr, fpr),
        tpr_at_fpr={level: p.true_positives / p.members if p.members else 0.0 for level, p in points.items()},
        baseline=None, residual_risk=residual_risk(tpr, fpr), ci_low=low, ci_high=high,
        main_rate=tpr, control_rate=fpr, threshold=threshold, criterion=criterion.label(),
        roc=thin_curve(fpr_curve, tpr_curve), at_risk=at_risk, notes=notes, low_fpr=low_fpr,
        copies=None if identical is None else copies_point(identical, labels))


def evaluate_attribute(attack: str, correct: np.ndarray, control_correct: Optional[np.ndarray],
                       baseline: float, member_rows: Optional[np.ndarray] = None,
                       confidence: Optional[np.ndarray] = None, show_targets: bool = False,
                       notes: str = "") -> AttackEvaluation:
    """An attribute attack: ``correct[i]`` says whether member target i's value was guessed
    (CAP: a per-record share in [0, 1]); ``control_correct`` the same for control records.
    main = mean of ``correct``, control = mean of ``control_correct``; Wilson intervals treat
    the means as rates over the records. ``at_risk``: members guessed right, highest
    ``confidence`` first."""
    correct = np.asarray(correct, dtype=np.float64)
    main = float(correct.mean()) if len(correct) else math.nan
    main_ci = wilson_interval(float(correct.sum()), len(correct))
    control = risk = low = high = None
    targets = len(correct)
    if control_correct is not None:
        control_correct = np.asarray(control_correct, dtype=np.float64)
        targets += len(control_correct)
        control = float(control_correct.mean()) if len(control_correct) else math.nan
        risk = residual_risk(main, control)
        low, high = residual_interval(main_ci, wilson_interval(float(control_correct.sum()),
                                                                len(control_correct)))
    at_risk: tuple[tuple[int, float], ...] = ()
    if show_targets and member_rows is not None:
        score = correct if confidence is None else np.where(correct > 0, confidence, -np.inf)
        top = [i for i in np.argsort(-score, kind="stable")[:AT_RISK] if correct[i] > 0]
        at_risk = tuple((int(member_rows[i]) + 1, float(score[i])) for i in top)
    return AttackEvaluation(
        attack=attack, kind="attribute", targets=targets, accuracy=main, auc=None, advantage=None,
        tpr_at_fpr={level: None for level in FPR_LEVELS}, baseline=baseline, residual_risk=risk,
        ci_low=low, ci_high=high, main_rate=main, control_rate=control, threshold=None,
        criterion="", roc=None, at_risk=at_risk, notes=notes)


def split_halves(labels: Sequence[int]) -> np.ndarray:
    """Training mask: the first half (rounded down) of each class in the given order, which
    the caller has drawn at random (a stratified split).

    >>> split_halves([1, 1, 1, 0, 0]).tolist()
    [True, False, False, True, False]
    """
    labels = np.asarray(labels).astype(bool)
    train = np.zeros(len(labels), dtype=bool)
    for value in (True, False):
        where = np.flatnonzero(labels == value)
        train[where[: len(where) // 2]] = True
    return train
