"""Result objects of a synthetic-data assessment, read by the JSON/CSV/PDF writers and the GUI.
No maths here: every number was computed by :mod:`engine.synthetic.metrics` and the attacks.
JSON has no inf/nan: undefined values are null."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Optional

from ..outcome.results import DatasetInfo
from .config import SyntheticConfig
from .verdict import synthetic_verdict

FPR_LEVELS = ("0.001", "0.01", "0.1")
LOW_FPR_LEVELS = ("0.001", "0.01")   # where the leak is decided (Carlini et al. 2022)
MAX_ROC_POINTS = 200


def _num(value: Optional[float]) -> Optional[float]:
    if value is None:
        return None
    value = float(value)
    return value if math.isfinite(value) else None


@dataclass(frozen=True)
class RocCurve:
    """Points of a ROC curve from (0, 0) to (1, 1), thinned to at most 200."""

    fpr: tuple[float, ...]
    tpr: tuple[float, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"fpr": [float(v) for v in self.fpr], "tpr": [float(v) for v in self.tpr]}


@dataclass(frozen=True)
class OperatingPoint:
    """A membership attack at its best threshold whose false-positive rate is at most
    ``level``: ``true_positives`` of ``members`` and ``false_positives`` of ``nonmembers``
    flagged (over all targets, from the full ROC curve). ``tied_share``: the share of the
    records tied at the next threshold flagged at random to reach ``level`` (None: none)."""

    level: str
    true_positives: int
    members: int
    false_positives: int
    nonmembers: int
    tied_share: Optional[float] = None

    def to_dict(self) -> dict[str, Any]:
        out = {"level": self.level, "true_positives": self.true_positives, "members": self.members,
               "false_positives": self.false_positives, "nonmembers": self.nonmembers}
        if self.tied_share is not None:
            out["tied_share"] = self.tied_share
        return out


@dataclass(frozen=True)
class AttackEvaluation:
    """One attack over many targets.

    ``kind`` is "membership" or "attribute". Membership: ``accuracy``, ``advantage`` (TPR -
    FPR) and the rates are measured at ``threshold`` on the evaluation half of the targets,
    ``auc`` and ``tpr_at_fpr`` on the ROC over all targets; ``main_rate`` = TPR, ``control_rate``
    = FPR. Attribute: ``accuracy`` = ``main_rate`` = share of member targets guessed right (CAP:
    mean CAP over real records), ``control_rate`` the same on control records, ``baseline``
    the majority-value share (CAP: mean share of each record's value). ``residual_risk`` =
    (main - control) / (1 - control) with its 95% interval [``ci_low``, ``ci_high``].
    ``at_risk``: (row number in the real file, score) of the most exposed targets, only when
    asked for. ``low_fpr``: the membership attack's counts at FPR 0.1% and 1%, and ``copies``
    (closest distance only): the targets with an identical synthetic record (level "copies"),
    from which :mod:`engine.synthetic.verdict` decides a leak.
    """

    attack: str
    kind: str
    targets: int
    accuracy: float
    auc: Optional[float]
    advantage: Optional[float]
    tpr_at_fpr: dict[str, Optional[float]]
    baseline: Optional[float]
    residual_risk: Optional[float]
    ci_low: Optional[float]
    ci_high: Optional[float]
    main_rate: float
    control_rate: Optional[float]
    threshold: Optional[float]
    criterion: str
    roc: Optional[RocCurve]
    at_risk: tuple[tuple[int, float], ...] = ()
    notes: str = ""
    low_fpr: tuple[OperatingPoint, ...] = ()
    copies: Optional[OperatingPoint] = None

    def to_dict(self) -> dict[str, Any]:
        return {"attack": self.attack, "kind": self.kind, "targets": self.targets,
                "accuracy": _num(self.accuracy), "auc": _num(self.auc), "advantage": _num(self.advantage),
                "tpr_at_fpr": {k: _num(v) for k, v in self.tpr_at_fpr.items()},
                "baseline": _num(self.baseline), "residual_risk": _num(self.residual_risk),
                "ci_low": _num(self.ci_low), "ci_high": _num(self.ci_high),
                "main_rate": _num(self.main_rate), "control_rate": _num(self.control_rate),
                "threshold": _num(self.threshold), "criterion": self.criterion,
                "roc": self.roc.to_dict() if self.roc is not None else None,
                "at_risk": [{"row": int(row), "score": _num(score)} for row, score in self.at_risk],
                "low_fpr": [point.to_dict() for point in self.low_fpr],
                **({"copies": self.copies.to_dict()} if self.copies is not None else {}),
                "notes": self.notes}


@dataclass(frozen=True)
class SyntheticAssessment:
    """Everything one synthetic-data run produced, with the config that reproduces it.

    ``datasets`` maps "real", "synthetic" and "control" to the files read; ``radius`` is the
    local-neighbourhood radius used (None when no neighbourhood attack ran)."""

    config: SyntheticConfig
    datasets: dict[str, DatasetInfo]
    attacks: tuple[AttackEvaluation, ...]
    radius: Optional[float]
    warnings: tuple[str, ...] = ()
    timings: dict[str, float] = field(default_factory=dict)
    engine_version: str = ""

    def attack(self, name: str) -> AttackEvaluation:
        for evaluation in self.attacks:
            if evaluation.attack == name:
                return evaluation
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        return {"riskreview_version": self.engine_version,
                "datasets": {role: info.to_dict() for role, info in self.datasets.items()},
                "config": self.config.to_dict(),
                "synthetic": [a.to_dict() for a in self.attacks],
                "radius": _num(self.radius),
                "verdict": synthetic_verdict(self).to_dict(),
                "warnings": list(self.warnings),
                "timings_seconds": {k: round(v, 4) for k, v in self.timings.items()}}
