"""Scenarios in plain language and the one to recommend (docs/methods.md, "Scenarios").

The recommended scenario is the one the analyst picked (``recommended = true``); otherwise,
among the scenarios whose verdict is ready for release, the one with the smallest share of
the QIDs' information lost (:attr:`~engine.remediation.loss.InformationLoss.share_lost`;
ties: fewer records removed, then the earlier scenario). Read by the window and the report.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from .transforms import Drop, HierarchySpec, LocalSuppression, Recode, RecordSuppression, Sample, Scenario, Transform

PICKED = "picked by the analyst"
LEAST_LOSS = ("not picked by the analyst: the scenario ready for release that loses the least information "
              "(smallest share of the quasi-identifiers' non-uniform entropy lost, a dropped column counted "
              "as every value suppressed)")
NONE_READY = "none of the scenarios is ready for release, and none was picked by the analyst"


def _number(value: float) -> str:
    return f"{value:g}"


def hierarchy_words(spec: HierarchySpec) -> str:
    """Where a recode's categories come from, in words."""
    p = dict(spec.params)
    if spec.kind == "hierarchy":
        name = str(spec.path).replace("\\", "/").rsplit("/", 1)[-1]
        return f"the hierarchy file {name}"
    if spec.kind == "intervals":
        return "intervals of width " + ", then ".join(_number(w) for w in p["widths"])
    if spec.kind == "breaks":
        return "bands cut at " + "; then at ".join(", ".join(_number(x) for x in b) for b in p["breaks"])
    if spec.kind == "top_bottom":
        parts = []
        if "bottom" in p:
            parts.append(f"values below {_number(p['bottom'])} grouped")
        if "bottom_quantile" in p:
            parts.append(f"values below the {_number(100 * p['bottom_quantile'])}th percentile grouped")
        if "top" in p:
            parts.append(f"values above {_number(p['top'])} grouped")
        if "top_quantile" in p:
            parts.append(f"values above the {_number(100 * p['top_quantile'])}th percentile grouped")
        return "top and bottom coding (" + ", ".join(parts) + ")"
    if spec.kind == "dates":
        words = {"month": "month", "year": "year"}
        steps = [words.get(s, f"age bands of {s[4:].split('@')[0]} years at {s.split('@')[-1]}"
                           if s.startswith("age:") else s) for s in p["steps"]]
        return "dates to " + ", then ".join(steps)
    groups = p["groups"]
    shown = "; ".join(f"{', '.join(members)} into {name!r}" for name, members in groups[:3])
    more = f"; and {len(groups) - 3} more groups" if len(groups) > 3 else ""
    return f"merging {shown}{more}"


def describe_step(step: Transform) -> str:
    """One transformation as a sentence a release board reads."""
    if isinstance(step, Drop):
        return f"Leave out the column {step.column}."
    if isinstance(step, Recode):
        if step.level == 0:
            return f"Keep {step.column} as it is (level 0 of {hierarchy_words(step.hierarchy)})."
        return f"Coarsen {step.column} to level {step.level} of {hierarchy_words(step.hierarchy)}."
    if isinstance(step, LocalSuppression):
        order = (f"; the last blanked are, most important first: {', '.join(step.importance)}"
                 if step.importance else "")
        return (f"Blank single values of the quasi-identifiers in records shared by fewer than {step.k} "
                f"records, least important column first{order} (local suppression).")
    if isinstance(step, RecordSuppression):
        return (f"Remove the records still shared by fewer than {step.k} records, smallest groups first, "
                f"at most {_number(step.max_percent)}% of the records (record suppression).")
    assert isinstance(step, Sample)
    return f"Release a random sample of {_number(100 * step.fraction)}% of the records (seed {step.seed})."


def describe(scenario: Scenario) -> list[str]:
    """The scenario's steps in order, as sentences (the original file when it has none)."""
    return [describe_step(s) for s in scenario.steps] or ["Release the file as it is."]


@dataclass(frozen=True)
class Recommendation:
    """The scenario to recommend (its position in the results; None: none) and the rule used."""

    index: Optional[int]
    rule: str


def recommend(results: Sequence) -> Recommendation:
    """The picked scenario, else the least-loss one that is ready (``results``: the
    :class:`~engine.remediation.scenarios.ScenarioResult` of an assessment)."""
    for i, result in enumerate(results):
        if result.scenario.recommended:
            return Recommendation(i, PICKED)
    ready = [(_share(r), r.loss.records_removed + r.loss.records_sampled_out, i)
             for i, r in enumerate(results) if r.ready]
    if not ready:
        return Recommendation(None, NONE_READY)
    return Recommendation(min(ready)[2], LEAST_LOSS)


def _share(result) -> float:
    share = result.loss.share_lost
    return float("inf") if share is None else share


def recommended_first(results: Sequence) -> tuple[list[int], Recommendation]:
    """Positions of ``results`` with the recommended scenario first, then the others in order."""
    choice = recommend(results)
    order = list(range(len(results)))
    if choice.index is not None:
        order.remove(choice.index)
        order.insert(0, choice.index)
    return order, choice
