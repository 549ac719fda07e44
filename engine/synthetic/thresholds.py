"""Thresholds of score-based attacks, trained on labelled targets by a criterion.

An attack flags a target as a member (label 1) when its score is at least the threshold.
Candidate thresholds are the lowest score (flag all), the midpoints between consecutive
distinct scores, and ``inf`` (flag none); a criterion picks one (the tapas library's
``train_threshold`` criteria; Houssiau et al. 2022):

- ``accuracy``: the highest training accuracy; among equals, the highest threshold;
- ``tp`` with rate r: the highest threshold whose true-positive rate is at least r;
- ``fp`` with rate r: the lowest threshold whose false-positive rate is at most r;
- ``threshold``: the given value (nothing trained).
"""

from __future__ import annotations

import numpy as np

from ..foundation.errors import InputError
from .config import Criterion


def flag(scores: np.ndarray, threshold: float) -> np.ndarray:
    """The targets an attack flags: score >= threshold."""
    return np.asarray(scores, dtype=np.float64) >= threshold


def candidate_thresholds(scores: np.ndarray) -> np.ndarray:
    """Ascending candidates: min score, midpoints of distinct scores, inf.

    >>> candidate_thresholds(np.array([0.0, 1.0, 1.0, 3.0])).tolist()
    [0.0, 0.5, 2.0, inf]
    """
    distinct = np.unique(np.asarray(scores, dtype=np.float64))
    return np.concatenate([distinct[:1], (distinct[:-1] + distinct[1:]) / 2, [np.inf]])


def threshold_rates(scores: np.ndarray, labels: np.ndarray, thresholds: np.ndarray
                    ) -> tuple[np.ndarray, np.ndarray]:
    """True- and false-positive rates at each threshold (0 when a class is empty)."""
    scores = np.asarray(scores, dtype=np.float64)
    labels = np.asarray(labels).astype(bool)
    positives, negatives = np.sort(scores[labels]), np.sort(scores[~labels])
    tp = len(positives) - np.searchsorted(positives, thresholds, side="left")
    fp = len(negatives) - np.searchsorted(negatives, thresholds, side="left")
    tpr = tp / len(positives) if len(positives) else np.zeros(len(thresholds))
    fpr = fp / len(negatives) if len(negatives) else np.zeros(len(thresholds))
    return tpr, fpr


def train_threshold(scores: np.ndarray, labels: np.ndarray, criterion: Criterion) -> float:
    """The threshold ``criterion`` picks on these labelled scores (see the module docstring).

    >>> s, y = np.array([1.0, 4.0, 3.0, 8.0]), np.array([0, 0, 1, 1])
    >>> train_threshold(s, y, Criterion())
    6.0
    >>> train_threshold(s, y, Criterion("tp", 1.0)), train_threshold(s, y, Criterion("fp", 0.0))
    (2.0, 6.0)
    """
    criterion.validate()
    if criterion.kind == "threshold":
        return float(criterion.value)
    scores = np.asarray(scores, dtype=np.float64)
    labels = np.asarray(labels).astype(bool)
    if len(scores) == 0:
        raise InputError("cannot train a threshold without training targets")
    thresholds = candidate_thresholds(scores)
    tpr, fpr = threshold_rates(scores, labels, thresholds)
    if criterion.kind == "accuracy":
        n_pos = int(labels.sum())
        correct = tpr * n_pos + (1 - fpr) * (len(labels) - n_pos)
        best = np.flatnonzero(np.isclose(correct, correct.max()))
        return float(thresholds[best[-1]])
    if criterion.kind == "tp":
        ok = np.flatnonzero(tpr >= criterion.value - 1e-12)
        return float(thresholds[ok[-1]]) if len(ok) else float(thresholds[0])
    ok = np.flatnonzero(fpr <= criterion.value + 1e-12)
    return float(thresholds[ok[0]])
