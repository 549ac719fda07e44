"""Every attack of the analysis run again on each scenario's transformed data, with the
verdict and the information loss (docs/methods.md, "Scenarios").

A scenario's assessment is the assessment of its transformed table with the QIDs that
remain after its drops (listed subsets that name a dropped QID are left out); individual
targets are not re-run, since a target's known values no longer match recoded data.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any, Iterable, Optional

import pyarrow as pa

from ..config import Roles, SubsetFamily
from ..errors import InputError
from ..io.encode import EncodedTable
from ..progress import CancelToken, ProgressCallback
from ..results import Assessment
from .loss import InformationLoss, scenario_loss
from .transforms import Scenario, TransformedTable, apply_scenario

CSV_COLUMNS = ("scenario", "verdict", "ready", "records", "records_removed", "records_sampled_out",
               "cells_suppressed", "dropped", "levels", "entropy_total", "worst_unique_share", "worst_reid_prob",
               "worst_certain_inference_gain", "seconds")


@dataclass(frozen=True)
class ScenarioResult:
    """One scenario: its steps, the assessment of its data, the verdict and the loss."""

    scenario: Scenario
    assessment: Assessment
    ready: bool
    verdict: str
    reasons: tuple[str, ...]
    loss: InformationLoss
    seconds: float

    def risk(self) -> dict[str, Optional[float]]:
        return risk_summary(self.assessment)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.scenario.name, "steps": self.scenario.to_dict()["steps"], "ready": self.ready,
                "verdict": self.verdict, "reasons": list(self.reasons), "risk": self.risk(),
                "loss": self.loss.to_dict(), "seconds": round(self.seconds, 4),
                "reidentification": [r.to_dict() for r in self.assessment.reidentification],
                "inference": [r.to_dict() for r in self.assessment.inference],
                "privacy_models": [m.to_dict() for m in self.assessment.privacy_models]}


def risk_summary(assessment: Assessment) -> dict[str, Optional[float]]:
    """The worst swept subset's unique share, mean re-identification probability and rise of
    certain attribute inference over the prior (the measures behind the verdict)."""
    reid = assessment.reidentification
    gains = [r.posterior_det - r.prior_det for r in assessment.inference]
    return {"worst_unique_share": max((r.posterior_det for r in reid), default=None),
            "worst_reid_prob": max((r.posterior_prob for r in reid), default=None),
            "worst_certain_inference_gain": max(gains, default=None)}


def scenario_config(assessment: Assessment, transformed: TransformedTable):
    """The analysis config of a scenario's data: remaining QIDs, no targets, no scenarios."""
    config = assessment.config
    roles = config.roles
    if not transformed.qids:
        raise InputError(f"scenario {transformed.scenario.name!r}: every quasi-identifier is dropped")
    family = config.subsets
    if family.kind == "list":
        subsets = tuple(s for s in family.subsets if not set(s) & set(transformed.dropped))
        if not subsets:
            raise InputError(f"scenario {transformed.scenario.name!r}: every listed QID subset names a dropped column")
        family = SubsetFamily("list", subsets=subsets)
    return replace(config, roles=Roles(transformed.qids, roles.sensitive, roles.identifiers, roles.linkage_keys,
                                       roles.ignored), subsets=family, targets=(), scenarios=())


def run_scenario(assessment: Assessment, table: EncodedTable, scenario: Scenario,
                 on_progress: Optional[ProgressCallback] = None,
                 cancel: Optional[CancelToken] = None) -> ScenarioResult:
    """Transform ``table`` by ``scenario`` and run the analysis's attacks on the result;
    ``table`` holds the analysis's columns (those of the scenario's cross-tabulations too)."""
    from ..api import run_assessment
    from ..report.findings import verdict

    start = time.monotonic()
    qids = assessment.config.roles.quasi_identifiers
    for columns in scenario.crosstabs:
        for name in columns:
            if name not in table.columns:
                raise InputError(f"scenario {scenario.name!r}: crosstab column {name!r} is not a quasi-identifier "
                                 f"or sensitive column of the analysis")
    transformed = apply_scenario(table, qids, scenario, cancel)
    if transformed.table.n_rows == 0:
        raise InputError(f"scenario {scenario.name!r}: no records left")
    result = run_assessment(scenario_config(assessment, transformed), table=transformed.table,
                            on_progress=on_progress, cancel=cancel)
    judged = verdict(result, assessment.config.report.thresholds)
    return ScenarioResult(scenario, result, judged.ready, judged.line, judged.reasons,
                          scenario_loss(table, transformed, scenario.crosstabs), time.monotonic() - start)


def with_scenarios(assessment: Assessment, table: EncodedTable, on_progress: Optional[ProgressCallback] = None,
                   cancel: Optional[CancelToken] = None) -> Assessment:
    """The assessment with every scenario of its config run (``assessment.scenarios``)."""
    results = tuple(run_scenario(assessment, table, s, on_progress=on_progress, cancel=cancel)
                    for s in assessment.config.scenarios)
    return replace(assessment, scenarios=results)


def transformed_arrow(transformed: TransformedTable) -> pa.Table:
    """The transformed columns as an Arrow table (values as text where recoded; missing null)."""
    names = list(transformed.table.columns)
    return pa.table({n: transformed.table[n].labels.take(pa.array(transformed.table[n].codes)) for n in names})


def scenario_rows(assessment: Assessment) -> Iterable[list[Any]]:
    """Rows of scenarios.csv: the original first, then each scenario."""
    from ..report.findings import verdict

    original = verdict(assessment, assessment.config.report.thresholds)
    risk = risk_summary(assessment)
    yield (["(original)", original.line, original.ready, assessment.dataset.rows, 0, 0, 0, "", "", 0.0]
           + [risk[k] for k in CSV_COLUMNS[10:13]] + [None])
    for s in assessment.scenarios:
        loss = s.loss
        yield ([s.scenario.name, s.verdict, s.ready, loss.records - loss.records_removed - loss.records_sampled_out,
                loss.records_removed, loss.records_sampled_out, sum(loss.cells_suppressed.values()),
                "; ".join(loss.dropped), "; ".join(f"{c}={v}" for c, v in loss.levels.items() if v),
                loss.total_entropy] + [s.risk()[k] for k in CSV_COLUMNS[10:13]] + [round(s.seconds, 4)])
