"""Result objects of a differential-privacy release analysis: frozen dataclasses read by the
CSV/JSON/PDF writers and the GUI. No maths here (see :mod:`engine.dp.counting` and
:mod:`engine.dp.threshold`). JSON has no inf/nan: undefined values become null."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Optional

from ..outcome.results import DatasetInfo
from .config import DPConfig


def _num(value: float) -> Optional[float]:
    return float(value) if math.isfinite(value) else None


@dataclass(frozen=True)
class CountingPoint:
    """One (scenario, mechanism, epsilon) point of the counting-query analysis (Nunes 2021, ch. 6).

    ``prior_vulnerability``/``posterior_vulnerability``: the attacker's chance of guessing
    the new record's sensitive value before/after the noisy count; ``privacy_loss`` = their
    ratio (multiplicative Bayes leakage). ``count_prior_vulnerability``/``utility``: the
    analyst's chance of guessing the real count before/after.
    """

    scenario: str
    sensitive: str
    useful: str
    predicate: tuple[str, ...]
    mechanism: str
    epsilon: float
    privacy_loss: float
    utility: float
    prior_vulnerability: float
    posterior_vulnerability: float
    count_prior_vulnerability: float

    def to_dict(self) -> dict[str, Any]:
        return {"scenario": self.scenario, "sensitive": self.sensitive, "useful": self.useful,
                "predicate": list(self.predicate), "mechanism": self.mechanism, "epsilon": self.epsilon,
                "privacy_loss": _num(self.privacy_loss), "utility": _num(self.utility),
                "prior_vulnerability": _num(self.prior_vulnerability),
                "posterior_vulnerability": _num(self.posterior_vulnerability),
                "count_prior_vulnerability": _num(self.count_prior_vulnerability)}


@dataclass(frozen=True)
class ThresholdPoint:
    """(eps, delta) of a thresholded count against an active attacker (APKDP: the worst
    number of known yes-votes, ``worst_known_yes``) and a passive one (PPKDP: the expectation
    over the known votes); Desfontaines et al. 2019."""

    epsilon: float
    delta_active: float
    delta_passive: float
    worst_known_yes: int

    def to_dict(self) -> dict[str, Any]:
        return {"epsilon": self.epsilon, "delta_active": _num(self.delta_active),
                "delta_passive": _num(self.delta_passive), "worst_known_yes": int(self.worst_known_yes)}


@dataclass(frozen=True)
class DPAssessment:
    """Everything a differential-privacy release analysis produced."""

    config: DPConfig
    dataset: Optional[DatasetInfo]
    dp: tuple[CountingPoint, ...]
    threshold: tuple[ThresholdPoint, ...]
    warnings: tuple[str, ...] = ()
    timings: dict[str, float] = field(default_factory=dict)
    engine_version: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "riskreview_version": self.engine_version,
            "dataset": self.dataset.to_dict() if self.dataset is not None else None,
            "config": self.config.to_dict(),
            "dp": [p.to_dict() for p in self.dp],
            "threshold": [p.to_dict() for p in self.threshold],
            "warnings": list(self.warnings),
            "timings_seconds": {k: round(v, 4) for k, v in self.timings.items()},
        }
