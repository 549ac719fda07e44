"""Every attack of the analysis run again on each scenario's transformed data, with the
verdict and the information loss (docs/methods.md, "Scenarios").

A scenario's assessment is the assessment of its transformed table with the QIDs that
remain after its drops (listed subsets that name a dropped QID are left out); individual
targets are attacked with their known values mapped onto the scenario's data
(:func:`scenario_targets`). When a scenario only drops or recodes columns, the subsets without
a recoded column keep the original's results and only the others are swept.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterable, Optional, Sequence, Union

import pyarrow as pa

from ..analysis.config import SubsetFamily, Target
from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..attacks.individual import no_match
from ..io.encode import EncodedTable
from ..foundation.messages import message
from ..foundation.progress import CancelToken, ProgressCallback
from ..outcome.results import Assessment
from .hierarchy import MISSING_TEXT, line_finder
from .loss import InformationLoss, scenario_loss
from .transforms import Drop, Recode, Scenario, TransformedTable, apply_scenario

ALL_SUBSETS_DROPPED = N_("scenario {scenario!r}: every listed QID subset names a dropped column")
NO_RECORDS_LEFT = N_("scenario {scenario!r}: no records left")

Assess = Callable[..., Assessment]
"""Runs an analysis's attacks: :func:`engine.assessment.run.run_assessment` (config, table=, on_progress=, cancel=)."""
REUSE_MAX_SHARE = 0.25
CSV_COLUMNS = ("scenario", "verdict", "ready", "records", "records_removed", "records_sampled_out",
               "cells_suppressed", "dropped", "levels", "entropy_total", "worst_unique_share", "worst_reid_prob",
               "worst_certain_inference_gain", "worst_expected_reidentifications", "worst_expected_reid_share",
               "seconds", "numeric_linkage_risk", "numeric_interval_risk", "numeric_il1s", "numeric_outliers_linked",
               "pram_unique_matches", "pram_right_share")
RISK_COLUMNS = CSV_COLUMNS[10:15]


@dataclass(frozen=True)
class ScenarioResult:
    """One scenario: its steps, the assessment of its data, the verdict and the loss."""

    scenario: Scenario
    assessment: Assessment
    judged: Any  # engine.outcome.verdict.Verdict, made with the original's thresholds
    loss: InformationLoss
    seconds: float
    numeric: Optional[Any] = None  # engine.remediation.numeric_risk.NumericRisk, with numeric QIDs or PRAM

    @property
    def ready(self) -> bool:
        return self.judged.ready

    @property
    def verdict(self) -> str:
        """The verdict line in the current language."""
        return self.judged.line

    @property
    def reasons(self) -> tuple[str, ...]:
        return self.judged.reasons

    def risk(self) -> dict[str, Optional[float]]:
        return risk_summary(self.assessment)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.scenario.name, "steps": self.scenario.to_dict()["steps"], "ready": self.ready,
                "verdict": self.judged.to_dict(), "risk": self.risk(),
                "loss": self.loss.to_dict(), "seconds": round(self.seconds, 4),
                "reidentification": [r.to_dict() for r in self.assessment.reidentification],
                "inference": [r.to_dict() for r in self.assessment.inference],
                "privacy_models": [m.to_dict() for m in self.assessment.privacy_models],
                "targets": [t.to_dict() for t in self.assessment.targets],
                **({"linked": self.assessment.longitudinal.to_dict()} if self.assessment.longitudinal else {}),
                **({"numeric": self.numeric.to_dict()} if self.numeric else {}),
                **({"exported": self.scenario.exported.to_dict()} if self.scenario.exported else {})}


def risk_summary(assessment: Assessment) -> dict[str, Optional[float]]:
    """The measures behind the verdict: the worst swept subset's unique share, mean
    re-identification probability and rise of certain attribute inference over the prior (linked
    releases' subsets included), and for a sample file (a weight, or a sampling fraction) the
    expected re-identifications of the worst key and their share of the records (else None)."""
    from ..outcome.verdict import worst_expected

    linked = assessment.longitudinal
    reid = list(assessment.reidentification) + list(linked.reidentification if linked else ())
    inference = list(assessment.inference) + list(linked.inference if linked else ())
    gains = [r.posterior_det - r.prior_det for r in inference]
    sample = assessment.sample_risk
    expected = worst_expected(sample)[1:] if sample is not None and sample.design != "population" else (None, None)
    return {"worst_unique_share": max((r.posterior_det for r in reid), default=None),
            "worst_reid_prob": max((r.posterior_prob for r in reid), default=None),
            "worst_certain_inference_gain": max(gains, default=None),
            "worst_expected_reidentifications": expected[0], "worst_expected_reid_share": expected[1]}


def expected_share(risk: dict[str, Optional[float]]) -> Optional[float]:
    """The expected re-identifications of the worst key as a share of the records
    (:func:`risk_summary`); for a population file, where every record stands for itself, the
    same measure is its mean re-identification probability (docs/methods.md, "Individual risk")."""
    share = risk["worst_expected_reid_share"]
    return risk["worst_reid_prob"] if share is None else share


def any_sample(assessment: Assessment) -> bool:
    """Whether the original or a scenario (one that samples records) is judged as a sample file:
    the comparison then shows the expected re-identifications of each."""
    return any(risk_summary(a)["worst_expected_reid_share"] is not None
               for a in (assessment, *(s.assessment for s in assessment.scenarios)))


def target_rows(assessment: Assessment) -> tuple:
    """The individual targets' results (with linked releases, those on the joined releases)."""
    return assessment.longitudinal.targets if assessment.longitudinal else assessment.targets


def scenario_targets(targets: Sequence[Target], transformed: TransformedTable,
                     base: Callable[[str], str] = str) -> list[Union[Target, str]]:
    """Each target's known values as they read in the scenario's data, or why it cannot match:
    a value of a dropped column is left out; a recoded column's value goes through the same
    hierarchy and level, recode after recode (a missing value without its own line stays
    missing); a value with no line in the hierarchy gives the reason instead. ``base`` gives
    the data column a target's column names (linked releases: the name without its label)."""
    numeric = ("integer", "float")
    out: list[Union[Target, str]] = []
    for target in targets:
        values: list[tuple[str, str]] = []
        reason = ""
        for column, text in target.values:
            name = base(column)
            if name in transformed.dropped:
                continue
            for recoded, hierarchy, level, kind in transformed.recodes:
                if recoded != name or level == 0:
                    continue
                row = line_finder(hierarchy, kind in numeric)(text)
                if row is None and text != MISSING_TEXT:
                    reason = message(N_("value {value!r} of column {column!r} has no line in the hierarchy of its "
                                        "recode ({hierarchy})"), value=text, column=column, hierarchy=hierarchy.source)
                    break
                text = MISSING_TEXT if row is None else row[level]
            if reason:
                break
            values.append((column, text))
        if not reason and not values:
            reason = message(N_("every column it names is dropped by the scenario"))
        out.append(reason or Target(tuple(values)))
    return out


def with_unmatched(result: Assessment, targets: Sequence[Target], mapped: Sequence[Union[Target, str]],
                   table: EncodedTable) -> Assessment:
    """``result`` with a "no match" row, in the analysis's order, for each target that could not
    be mapped onto the scenario's data (``mapped`` holds the reason); with linked releases in
    the joined releases' targets. ``table`` holds the sensitive columns the priors come from."""
    if all(isinstance(m, Target) for m in mapped):
        return result
    sensitive = [table[s] for s in result.config.roles.sensitive]
    linked = result.longitudinal
    found = iter(target_rows(result))
    rows, warnings = [], []
    for target, m in zip(targets, mapped):
        if isinstance(m, Target):
            rows.append(next(found))
        else:
            rows.append(no_match(target.values, m, sensitive, table.n_rows))
            warnings.append(message(N_("target {name!r} matches no record: {reason}"), name=target.label(), reason=m))
    warned = result.warnings + tuple(warnings)
    if linked is not None:
        return replace(result, longitudinal=replace(linked, targets=tuple(rows)), warnings=warned)
    return replace(result, targets=tuple(rows), warnings=warned)


def scenario_config(assessment: Assessment, transformed: TransformedTable, targets: Sequence[Target] = ()):
    """The analysis config of a scenario's data: remaining QIDs, ``targets`` (mapped by
    :func:`scenario_targets`), no scenarios; after sampling, a sample file (docs/methods.md,
    "Scenarios")."""
    config = assessment.config
    roles = config.roles
    if not transformed.qids:
        raise InputError(message(N_("scenario {scenario!r}: every quasi-identifier is dropped"),
                                 scenario=transformed.scenario.name))
    family = config.subsets
    if family.kind == "list":
        subsets = tuple(s for s in family.subsets if not set(s) & set(transformed.dropped))
        if not subsets:
            raise InputError(message(ALL_SUBSETS_DROPPED, scenario=transformed.scenario.name))
        family = SubsetFamily("list", subsets=subsets)
    sample = config.sample
    if transformed.sampled < 1 and not config.linkage.enabled:
        # the sampled file is a sample: without a weight each record stands for 1 / the fraction (apply_scenario
        # scales a weight itself); a fraction given is the original's times the share kept
        given = sample.sampling_fraction
        if given is not None or not roles.weight:
            sample = replace(sample, sampling_fraction=(1.0 if given is None else given) * transformed.sampled)
    return replace(config, roles=replace(roles, quasi_identifiers=transformed.qids, numeric_qids=()), subsets=family,
                   targets=tuple(targets), scenarios=(), sample=sample)


def run_scenario(assessment: Assessment, table: EncodedTable, scenario: Scenario,
                 on_progress: Optional[ProgressCallback] = None,
                 cancel: Optional[CancelToken] = None, *, assess: Assess) -> ScenarioResult:
    """Transform ``table`` by ``scenario`` and run the analysis's attacks on the result with
    ``assess`` (:func:`engine.assessment.run.run_assessment`); ``table`` holds the analysis's columns (those
    of the scenario's cross-tabulations too)."""
    start = time.monotonic()
    qids = assessment.config.roles.quasi_identifiers
    for columns in scenario.crosstabs:
        for name in columns:
            if name not in table.columns:
                raise InputError(message(N_("scenario {scenario!r}: crosstab column {column!r} is not a "
                                            "quasi-identifier or sensitive column of the analysis"),
                                         scenario=scenario.name, column=name))
    numeric_qids = assessment.config.roles.numeric_qids
    transformed = apply_scenario(table, qids, scenario, cancel, numeric_qids=numeric_qids,
                                 weight=assessment.config.roles.weight)
    if transformed.table.n_rows == 0:
        raise InputError(message(NO_RECORDS_LEFT, scenario=scenario.name))
    mapped = scenario_targets(assessment.config.targets, transformed)
    config = scenario_config(assessment, transformed, [t for t in mapped if isinstance(t, Target)])
    sweep = None if changes_rows(scenario) else subsets_to_sweep(assessment, transformed, config)
    if sweep is None:
        result = assess(config, table=transformed.table, on_progress=on_progress, cancel=cancel)
    else:
        result = _reuse_unchanged(assessment, transformed, config, sweep, on_progress, cancel, assess)
    result = with_unmatched(result, assessment.config.targets, mapped, transformed.table)
    judged = judged_result(assessment, result, table, transformed, start)
    if numeric_qids or transformed.pram:
        from .numeric_risk import scenario_numeric

        figures = scenario_numeric(table, transformed, numeric_qids, qids, assessment.config.interval_radius,
                                   assessment.numeric)
        judged = replace(judged, numeric=figures, seconds=time.monotonic() - start)
    return judged


def judged_result(original: Assessment, result: Assessment, table: EncodedTable, transformed: TransformedTable,
                  start: float) -> ScenarioResult:
    """The scenario's result: its assessment judged by the original's thresholds, and the
    information lost from ``table`` (the original data), timed from ``start``."""
    from ..foundation import i18n
    from ..outcome.verdict import verdict

    scenario = transformed.scenario
    with i18n.language(i18n.ENGLISH):  # as results.json writes it
        judged = verdict(result, original.config.report.thresholds)
    return ScenarioResult(scenario, result, judged,
                          scenario_loss(table, transformed, scenario.crosstabs), time.monotonic() - start)


def changes_rows(scenario: Scenario) -> bool:
    """Whether a step blanks, removes or samples records (else only whole columns change)."""
    return any(not isinstance(step, (Drop, Recode)) for step in scenario.steps)


def family_subsets(family: SubsetFamily, qids: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The QID subsets a family sweeps, in the user's QID order."""
    if family.kind == "list":
        return [tuple(q for q in qids if q in set(s)) for s in family.subsets]
    if family.kind == "exact":
        return [qids]
    top = len(qids) if family.kind == "all" else min(int(family.max_size or len(qids)), len(qids))
    return [c for size in range(1, top + 1) for c in itertools.combinations(qids, size)]


def subsets_to_sweep(assessment: Assessment, transformed: TransformedTable, config,
                     max_share: Optional[float] = None) -> Optional[list[tuple[str, ...]]]:
    """For a scenario that only drops or recodes columns: the subsets that need a sweep (those
    with a recoded column or not swept in the original, plus the full QID set for the
    privacy-model shortfalls); None when they exceed ``max_share`` of the family (a listed
    family sweeps slower per subset than a whole one, so the whole sweep is then faster)."""
    qids = transformed.qids
    changed = {c for c, (_, level) in transformed.recoded.items() if level > 0 and c in qids}
    known = {r.qids for r in assessment.reidentification}
    return reused_sweep(family_subsets(config.subsets, qids), known, changed, qids, max_share)


def reused_sweep(wanted: Sequence[tuple[str, ...]], known: set, changed: set, qids: tuple[str, ...],
                 max_share: Optional[float] = None) -> Optional[list[tuple[str, ...]]]:
    """Of the ``wanted`` subsets over the scenario's ``qids``, those to sweep: with a ``changed``
    (recoded) column or not ``known`` from the original, plus ``qids`` itself; None above
    ``max_share`` (default :data:`REUSE_MAX_SHARE`) of ``wanted``."""
    sweep = [s for s in wanted if set(s) & changed or s not in known]
    if qids not in sweep:
        sweep.append(qids)
    share = REUSE_MAX_SHARE if max_share is None else max_share
    return sweep if len(sweep) <= max(1, share * len(wanted)) else None


def planned_sweep(scenario: Scenario, subsets: SubsetFamily, qids: tuple[str, ...]) -> Optional[int]:
    """How many subsets :func:`run_scenario` will sweep for ``scenario`` over an analysis of
    ``qids`` (before any data is read, for the run's plan): None when it sweeps its whole family."""
    if changes_rows(scenario):
        return None
    dropped = {step.column for step in scenario.steps if isinstance(step, Drop)}
    kept = tuple(q for q in qids if q not in dropped)
    if not kept:
        return None
    changed = {step.column for step in scenario.steps if isinstance(step, Recode) and step.level > 0} & set(kept)
    sweep = reused_sweep(family_subsets(subsets, kept), set(family_subsets(subsets, qids)), changed, kept)
    return None if sweep is None else len(sweep)


def _reuse_unchanged(assessment: Assessment, transformed: TransformedTable, config, sweep: list[tuple[str, ...]],
                     on_progress: Optional[ProgressCallback], cancel: Optional[CancelToken],
                     assess: Assess) -> Assessment:
    """The assessment of a scenario that only drops or recodes columns: a subset with no
    recoded column has the original's results (same records, same partition), so only
    ``sweep`` is swept; the worst-case histograms are then recomputed from the merged rows."""
    from ..attacks.histograms import worst_case_histograms

    qids = transformed.qids
    result = assess(replace(config, subsets=SubsetFamily("list", subsets=tuple(sweep))),
                            table=transformed.table, on_progress=on_progress, cancel=cancel)
    keep = set(family_subsets(config.subsets, qids))
    fresh = {r.qids for r in result.reidentification}
    position = {name: i for i, name in enumerate(qids)}
    sensitive = list(config.roles.sensitive)

    def merged(old: Sequence, new: Sequence, by_sensitive: bool) -> tuple:
        rows = [r for r in old if r.qids in keep and r.qids not in fresh] + [r for r in new if r.qids in keep]
        return tuple(sorted(rows, key=lambda r: (len(r.qids), [position[q] for q in r.qids],
                                                 sensitive.index(r.sensitive) if by_sensitive else 0)))

    reid = merged(assessment.reidentification, result.reidentification, False)
    inference = merged(assessment.inference, result.inference, True)
    models = merged(assessment.privacy_models, result.privacy_models, True)
    table = transformed.table
    histograms = worst_case_histograms(table.columns, reid, inference, [table[s] for s in sensitive], table.n_rows,
                                       cancel, on_progress)
    return replace(result, config=config, reidentification=reid, inference=inference, privacy_models=models,
                   histograms=tuple(histograms))


def with_scenarios(assessment: Assessment, table: EncodedTable, on_progress: Optional[ProgressCallback] = None,
                   cancel: Optional[CancelToken] = None, *, assess: Assess) -> Assessment:
    """The assessment with every scenario of its config run by ``assess``
    (:func:`engine.assessment.run.run_assessment`) into ``assessment.scenarios``."""
    results = tuple(run_scenario(assessment, table, s, on_progress=on_progress, cancel=cancel, assess=assess)
                    for s in assessment.config.scenarios)
    return replace(assessment, scenarios=results)


def transformed_arrow(transformed: TransformedTable) -> pa.Table:
    """The transformed columns as an Arrow table (values as text where recoded; missing null)."""
    names = list(transformed.table.columns)
    return pa.table({n: transformed.table[n].labels.take(pa.array(transformed.table[n].codes)) for n in names})


def scenario_rows(assessment: Assessment) -> Iterable[list[Any]]:
    """Rows of scenarios.csv: the original first, then each scenario."""
    from ..outcome.verdict import verdict

    original = verdict(assessment, assessment.config.report.thresholds)
    risk = risk_summary(assessment)
    yield (["(original)", original.line, original.ready, assessment.dataset.rows, 0, 0, 0, "", "", 0.0]
           + [risk[k] for k in RISK_COLUMNS] + [None] + _numeric_cells(assessment.numeric))
    for s in assessment.scenarios:
        loss = s.loss
        yield ([s.scenario.name, s.verdict, s.ready, loss.records - loss.records_removed - loss.records_sampled_out,
                loss.records_removed, loss.records_sampled_out, sum(loss.cells_suppressed.values()),
                "; ".join(loss.dropped), "; ".join(f"{c}={v}" for c, v in loss.levels.items() if v),
                loss.total_entropy] + [s.risk()[k] for k in RISK_COLUMNS] + [round(s.seconds, 4)]
               + _numeric_cells(s.numeric))


def _numeric_cells(numeric: Any) -> list[Any]:
    """The numeric-key cells of a scenarios.csv row (empty without numeric QIDs or PRAM)."""
    if numeric is None:
        return [None] * 6
    il1s = numeric.utility.il1s if numeric.utility else None
    return [numeric.linkage_risk, numeric.interval_risk, il1s, numeric.outliers_linked,
            numeric.pram_unique_matches, numeric.pram_right_share]
