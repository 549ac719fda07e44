"""Result objects of an assessment: frozen dataclasses read by the CSV/JSON/PDF writers and
the GUI. No risk maths here: every number was computed by :mod:`engine.formulas`."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Optional

from ..analysis.config import AnalysisConfig, Target
from ..formulas import degradation
from ..foundation.i18n import N_
from .sample_results import SampleRisk


def _num(value: float) -> Optional[float]:
    """JSON has no inf/nan: undefined values (e.g. a ratio over a zero prior) become null."""
    return value if math.isfinite(value) else None


@dataclass(frozen=True)
class DatasetInfo:
    name: str
    sha256: str
    rows: int
    columns_used: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "sha256": self.sha256, "rows": self.rows,
                "columns_used": list(self.columns_used)}


class _PriorPosterior:
    """Degradations and the shared JSON fields of a prior/posterior pair of results."""

    prior_prob: float
    posterior_prob: float
    prior_det: float
    posterior_det: float

    @property
    def degradation_prob(self) -> float:
        return degradation.ratio(self.posterior_prob, self.prior_prob)

    @property
    def degradation_det(self) -> float:
        return degradation.difference(self.posterior_det, self.prior_det)

    def _measures(self) -> dict[str, Any]:
        return {"prior_prob": self.prior_prob, "posterior_prob": self.posterior_prob,
                "degradation_prob": _num(self.degradation_prob),
                "prior_det": self.prior_det, "posterior_det": self.posterior_det,
                "degradation_det": self.degradation_det}


@dataclass(frozen=True)
class ReidentificationRisk(_PriorPosterior):
    """CRS for one QID subset: ``blocks`` of the partition, ``singletons`` = records alone."""

    qids: tuple[str, ...]
    n: int
    blocks: int
    singletons: int
    prior_prob: float
    posterior_prob: float
    prior_det: float
    posterior_det: float

    def to_dict(self) -> dict[str, Any]:
        return {"qids": list(self.qids), "size": len(self.qids), "rows": self.n,
                "blocks": self.blocks, "singletons": self.singletons, **self._measures()}


@dataclass(frozen=True)
class InferenceRisk(_PriorPosterior):
    """CAS for one QID subset and sensitive attribute.

    ``expected_correct`` = sum over blocks of max_s s(q) (records the attacker is expected to
    guess right); ``records_certain`` = records in blocks with one sensitive value.
    """

    qids: tuple[str, ...]
    sensitive: str
    n: int
    expected_correct: int
    records_certain: int
    prior_prob: float
    posterior_prob: float
    prior_det: float
    posterior_det: float

    def to_dict(self) -> dict[str, Any]:
        return {"qids": list(self.qids), "size": len(self.qids), "sensitive": self.sensitive,
                "rows": self.n, "expected_correct": self.expected_correct,
                "records_certain": self.records_certain, **self._measures()}


@dataclass(frozen=True)
class TargetInference:
    """IAS for one target and sensitive attribute; ``most_likely`` is the attacker's guess."""

    sensitive: str
    prior_prob: float
    posterior_prob: Optional[float]
    prior_det: float
    posterior_det: Optional[float]
    most_likely: Optional[str]

    def to_dict(self) -> dict[str, Any]:
        out = {"sensitive": self.sensitive, "prior_prob": self.prior_prob,
               "posterior_prob": self.posterior_prob, "prior_det": self.prior_det,
               "posterior_det": self.posterior_det, "most_likely": self.most_likely}
        if self.posterior_prob is not None and self.posterior_det is not None:
            out["degradation_prob"] = _num(degradation.ratio(self.posterior_prob, self.prior_prob))
            out["degradation_det"] = degradation.difference(self.posterior_det, self.prior_det)
        return out


@dataclass(frozen=True)
class TargetRisk:
    """IRS/IAS for one individual target; ``matched`` is False ("no match") when no record
    has the target's values, with ``reason`` saying which value is absent."""

    values: tuple[tuple[str, str], ...]
    matched: bool
    block_size: int
    prior_prob: float
    posterior_prob: Optional[float]
    prior_det: float
    posterior_det: Optional[float]
    inference: tuple[TargetInference, ...] = ()
    reason: str = ""

    @property
    def qids(self) -> tuple[str, ...]:
        return tuple(column for column, _ in self.values)

    @property
    def label(self) -> str:
        return Target(self.values).label()

    def to_dict(self) -> dict[str, Any]:
        out = {"target": dict(self.values), "qids": list(self.qids), "matched": self.matched,
               "block_size": self.block_size, "prior_prob": self.prior_prob,
               "posterior_prob": self.posterior_prob, "prior_det": self.prior_det,
               "posterior_det": self.posterior_det,
               "inference": [i.to_dict() for i in self.inference]}
        if self.posterior_prob is not None and self.posterior_det is not None:
            out["degradation_prob"] = _num(degradation.ratio(self.posterior_prob, self.prior_prob))
            out["degradation_det"] = degradation.difference(self.posterior_det, self.prior_det)
        if not self.matched:
            out["result"] = "no match"
            out["reason"] = self.reason
        return out


@dataclass(frozen=True)
class RiskHistogram:
    """Worst-case histogram: records by per-record probabilistic risk for one subset.

    ``measure`` is "reidentification" or the sensitive attribute's name; ``counts[i]`` records
    have risk in [edges[i], edges[i+1]) (the last bin includes 1); ``mean`` is the posterior.
    """

    qids: tuple[str, ...]
    measure: str
    edges: tuple[float, ...]
    counts: tuple[int, ...]
    mean: float

    def to_dict(self) -> dict[str, Any]:
        return {"qids": list(self.qids), "size": len(self.qids), "measure": self.measure,
                "edges": list(self.edges), "counts": list(self.counts), "mean": self.mean}


def _opt_num(value: float) -> Optional[float]:
    return None if value is None or not math.isfinite(value) else value


#: The notes of :class:`PrivacyModelLevels` (the report translates them).
C_UNDEFINED = N_("c undefined: a block has fewer than l={l} distinct values")
BETA_NOT_ACHIEVABLE = N_("enhanced beta not achievable: in some block (q - p)/p exceeds -ln p")


@dataclass(frozen=True)
class PrivacyModelLevels:
    """The levels one QID subset reaches for one sensitive attribute (see
    :mod:`engine.formulas.privacy_models` for each definition; nan = undefined, with ``notes``)."""

    qids: tuple[str, ...]
    sensitive: str
    k: int
    alpha: float
    l: int
    entropy_l: float
    c: float
    c_l: int
    t: float
    t_distance: str
    beta_basic: float
    beta_enhanced: float
    delta: float
    notes: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"qids": list(self.qids), "size": len(self.qids), "sensitive": self.sensitive,
                "k": self.k, "alpha": self.alpha, "l": self.l, "entropy_l": _opt_num(self.entropy_l),
                "c": None if math.isnan(self.c) else int(self.c), "c_l": self.c_l,
                "t": self.t, "t_distance": self.t_distance, "beta_basic": _opt_num(self.beta_basic),
                "beta_enhanced": _opt_num(self.beta_enhanced), "delta": _opt_num(self.delta),
                "notes": list(self.notes)}


@dataclass(frozen=True)
class ModelShortfall:
    """Blocks of the full QID set that fall short of a target level, and the records in them."""

    qids: tuple[str, ...]
    sensitive: str
    model: str
    target: float
    blocks: int
    records: int
    total_blocks: int

    def to_dict(self) -> dict[str, Any]:
        return {"qids": list(self.qids), "sensitive": self.sensitive, "model": self.model,
                "target": self.target, "blocks": self.blocks, "records": self.records,
                "total_blocks": self.total_blocks}


LOW_MATCH_RATE = 0.5  # a later release matching fewer focal records than this is reported


@dataclass(frozen=True)
class LinkedRelease:
    """One release in a linked analysis: its rows, key column, and how many focal records it
    matched (``linked``; for the focal release, its records after dropping duplicate keys)
    out of the ``focal_records``."""

    label: str
    name: str
    sha256: str
    rows: int
    key: str
    linked: int
    duplicates_dropped: int = 0
    focal_records: int = 0

    @property
    def match_rate(self) -> float:
        """Share of the focal records whose key this release holds (linked / focal records)."""
        return self.linked / self.focal_records if self.focal_records else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "name": self.name, "sha256": self.sha256, "rows": self.rows,
                "key": self.key, "linked": self.linked, "focal_records": self.focal_records,
                "match_rate": self.match_rate, "duplicates_dropped": self.duplicates_dropped}


@dataclass(frozen=True)
class OverTimeStep:
    """Risk with the focal release and the releases up to ``label`` linked (all their QIDs)."""

    label: str
    reidentification: ReidentificationRisk
    inference: tuple[InferenceRisk, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "reidentification": self.reidentification.to_dict(),
                "inference": [i.to_dict() for i in self.inference]}


@dataclass(frozen=True)
class Longitudinal:
    """CRL/CAL over the labelled QIDs of the aggregate, IRL/IAL targets, and risk over time."""

    releases: tuple[LinkedRelease, ...]
    qids: tuple[str, ...]
    reidentification: tuple[ReidentificationRisk, ...]
    inference: tuple[InferenceRisk, ...]
    over_time: tuple[OverTimeStep, ...]
    targets: tuple[TargetRisk, ...] = ()
    histograms: tuple[RiskHistogram, ...] = ()
    warnings: tuple[str, ...] = ()     # low or zero match rates, duplicate keys dropped

    def to_dict(self) -> dict[str, Any]:
        return {"releases": [r.to_dict() for r in self.releases], "qids": list(self.qids),
                "warnings": list(self.warnings),
                "reidentification": [r.to_dict() for r in self.reidentification],
                "inference": [r.to_dict() for r in self.inference],
                "over_time": [s.to_dict() for s in self.over_time],
                "targets": [t.to_dict() for t in self.targets],
                "histograms": [h.to_dict() for h in self.histograms]}


@dataclass(frozen=True)
class Assessment:
    """Everything one run produced, with the config that reproduces it."""

    dataset: DatasetInfo
    config: AnalysisConfig
    reidentification: tuple[ReidentificationRisk, ...]
    inference: tuple[InferenceRisk, ...]
    targets: tuple[TargetRisk, ...] = ()
    histograms: tuple[RiskHistogram, ...] = ()
    privacy_models: tuple[PrivacyModelLevels, ...] = ()
    model_shortfalls: tuple[ModelShortfall, ...] = ()
    longitudinal: Optional[Longitudinal] = None
    sample_risk: Optional[SampleRisk] = None
    warnings: tuple[str, ...] = ()
    timings: dict[str, float] = field(default_factory=dict)
    engine_version: str = ""
    scenarios: tuple = ()  # engine.remediation.scenarios.ScenarioResult
    numeric: Optional[Any] = None  # engine.remediation.numeric_risk.NumericRisk of the original (numeric QIDs)

    def to_dict(self) -> dict[str, Any]:
        return {
            "riskreview_version": self.engine_version,
            "dataset": self.dataset.to_dict(),
            "config": self.config.to_dict(),
            "reidentification": [r.to_dict() for r in self.reidentification],
            "inference": [r.to_dict() for r in self.inference],
            "targets": [t.to_dict() for t in self.targets],
            "histograms": [h.to_dict() for h in self.histograms],
            "privacy_models": [m.to_dict() for m in self.privacy_models],
            "model_shortfalls": [m.to_dict() for m in self.model_shortfalls],
            "longitudinal": self.longitudinal.to_dict() if self.longitudinal else None,
            "sample_risk": self.sample_risk.to_dict() if self.sample_risk else None,
            "warnings": list(self.warnings),
            "timings_seconds": {k: round(v, 4) for k, v in self.timings.items()},
            **({"numeric_keys": self.numeric.to_dict()} if self.numeric else {}),
            **({"scenarios": [s.to_dict() for s in self.scenarios]} if self.scenarios else {}),
        }
