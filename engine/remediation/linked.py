"""Scenarios on linked releases (docs/methods.md, "Scenarios").

The scenario transforms the main (focal) release. A drop or recode of a QID applies to the
same column in every linked release that has it, through one hierarchy built on the values of
all of them (a quantile is the main release's), so that the releases stay coded alike; local
and record suppression look at the blocks of the main release's QIDs and, with sampling,
change only its records (a linked release's records whose key is no longer in the main
release leave the join). The information loss is the main release's.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Callable, Optional

from ..analysis.config import AnalysisConfig, SubsetFamily, Target, split_label
from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..foundation.messages import message
from ..io.encode import EncodedColumn, EncodedTable
from ..attacks.linkage import LinkedData, relabel
from ..foundation.progress import CancelToken, ProgressCallback
from ..outcome.results import Assessment
from .scenarios import (ALL_SUBSETS_DROPPED, NO_RECORDS_LEFT, ScenarioResult, judged_result, scenario_targets,
                        with_unmatched)
from .transforms import Scenario, TransformedTable, apply_scenario

AssessLinked = Callable[..., Assessment]
"""Runs the attacks on linked releases: :func:`engine.assessment.run.assess_linked` (config, linked, on_progress, cancel)."""


def combined_table(linked: LinkedData, config: AnalysisConfig) -> tuple[EncodedTable, dict[str, list[str]]]:
    """The main release's columns under their own names with the linked releases' columns
    (labelled, as joined to the main release's records), and per column of the main release
    its labelled copies in the linked releases."""
    link = config.linkage
    columns = dict(linked.focal.columns)
    copies: dict[str, list[str]] = {}
    for name, column in linked.aggregate.columns.items():
        base, label = split_label(name, link.labels)
        if label is not None and label != link.focal_label:
            columns[name] = column
            copies.setdefault(base, []).append(name)
    focal = linked.focal
    table = EncodedTable(name=focal.name, path=focal.path, sha256=focal.sha256, n_rows=focal.n_rows,
                         columns=columns, warnings=focal.warnings)
    return table, copies


def focal_qids(linked: LinkedData, config: AnalysisConfig) -> tuple[str, ...]:
    """The main release's QIDs under their own names."""
    focal = config.linkage.focal_label
    return tuple(split_label(name, config.linkage.labels)[0] for name, label in linked.qids if label == focal)


def transformed_linked(linked: LinkedData, transformed: TransformedTable, config: AnalysisConfig) -> LinkedData:
    """The linked data of a scenario: the main release's transformed records and columns, the
    linked releases' (transformed) columns of the records kept, the QIDs not dropped."""
    link = config.linkage
    table = transformed.table
    dropped = set(transformed.dropped)

    def base(name: str) -> str:
        return split_label(name, link.labels)[0]

    focal = EncodedTable(name=table.name, path=table.path, sha256=table.sha256, n_rows=table.n_rows,
                         columns={n: c for n, c in table.columns.items() if n in linked.focal.columns},
                         warnings=table.warnings)
    aggregate: dict[str, EncodedColumn] = {}
    for name in linked.aggregate.columns:
        if base(name) in dropped:
            continue
        label = split_label(name, link.labels)[1]
        aggregate[name] = relabel(table[base(name)], name) if label in (None, link.focal_label) else table[name]
    kept = transformed.rows
    releases = [replace(linked.releases[0], rows=len(kept), linked=len(kept), duplicates_dropped=0,
                        focal_records=len(kept))]
    for release, matched in zip(linked.releases[1:], linked.matched):
        releases.append(replace(release, linked=int(matched[kept].sum()), focal_records=len(kept)))
    return LinkedData(focal=focal, aggregate=replace(linked.aggregate, n_rows=len(kept), columns=aggregate),
                      qids=tuple((n, lab) for n, lab in linked.qids if base(n) not in dropped),
                      releases=tuple(releases), warnings=linked.warnings,
                      matched=tuple(m[kept] for m in linked.matched))


def linked_scenario_config(config: AnalysisConfig, transformed: TransformedTable,
                           targets: tuple[Target, ...]) -> AnalysisConfig:
    """The analysis config of a scenario on linked releases: the QIDs (and listed subsets) whose
    column is not dropped, the mapped ``targets``, no scenarios."""
    labels = config.linkage.labels
    dropped = set(transformed.dropped)
    qids = tuple(q for q in config.roles.quasi_identifiers if split_label(q, labels)[0] not in dropped)
    family = config.subsets
    if family.kind == "list":
        subsets = tuple(s for s in family.subsets if not any(split_label(c, labels)[0] in dropped for c in s))
        if not subsets:
            raise InputError(message(ALL_SUBSETS_DROPPED, scenario=transformed.scenario.name))
        family = SubsetFamily("list", subsets=subsets)
    return replace(config, roles=replace(config.roles, quasi_identifiers=qids), subsets=family, targets=targets,
                   scenarios=())


def run_linked_scenario(assessment: Assessment, linked: LinkedData, scenario: Scenario,
                        on_progress: Optional[ProgressCallback] = None,
                        cancel: Optional[CancelToken] = None, *, assess: AssessLinked) -> ScenarioResult:
    """Transform the releases by ``scenario`` (module docstring) and run the analysis's attacks,
    the linked ones included, on the result with ``assess`` (:func:`engine.assessment.run.assess_linked`)."""
    start = time.monotonic()
    config = assessment.config
    table, copies = combined_table(linked, config)
    qids = focal_qids(linked, config)
    for columns in scenario.crosstabs:
        for name in columns:
            if name not in linked.focal.columns:
                raise InputError(message(N_("scenario {scenario!r}: crosstab column {column!r} is not a "
                                            "quasi-identifier or sensitive column of the main release"),
                                         scenario=scenario.name, column=name))
    transformed = apply_scenario(table, qids, scenario, cancel, copies)
    if transformed.table.n_rows == 0:
        raise InputError(message(NO_RECORDS_LEFT, scenario=scenario.name))
    if not transformed.qids:
        raise InputError(message(N_("scenario {scenario!r}: every quasi-identifier of the main release is dropped"),
                                 scenario=scenario.name))
    labels = config.linkage.labels
    mapped = scenario_targets(config.targets, transformed, lambda c: split_label(c, labels)[0])
    scenario_config = linked_scenario_config(config, transformed, tuple(t for t in mapped if isinstance(t, Target)))
    data = transformed_linked(linked, transformed, config)
    result = assess(scenario_config, data, on_progress, cancel or CancelToken())
    result = with_unmatched(result, config.targets, mapped, data.aggregate)
    return judged_result(assessment, result, table, transformed, start)


def with_linked_scenarios(assessment: Assessment, linked: LinkedData,
                          on_progress: Optional[ProgressCallback] = None,
                          cancel: Optional[CancelToken] = None, *, assess: AssessLinked) -> Assessment:
    """The linked assessment with every scenario of its config run by ``assess``
    (:func:`engine.assessment.run.assess_linked`) into ``assessment.scenarios``."""
    results = tuple(run_linked_scenario(assessment, linked, s, on_progress, cancel, assess=assess)
                    for s in assessment.config.scenarios)
    return replace(assessment, scenarios=results)
