"""Scenarios in plain language and the one to recommend (docs/methods.md, "Scenarios").

The recommended scenario is the one the analyst picked (``recommended = true``); otherwise,
among the scenarios whose verdict is ready for release, the one with the smallest share of
the QIDs' information lost (:attr:`~engine.remediation.loss.InformationLoss.share_lost`;
ties: fewer records removed, then the earlier scenario). Read by the window and the report.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional, Sequence

from ..foundation.i18n import N_, _, ngettext
from ..foundation.errors import InputError
from .hierarchy import read_hierarchy
from ..analysis.scenario_steps import Microaggregate, Noise, Pram, RankSwap, Round
from .transforms import Drop, HierarchySpec, LocalSuppression, Recode, RecordSuppression, Sample, Scenario, Transform

PICKED = N_("picked by the analyst")
LEAST_LOSS = N_("not picked by the analyst: the scenario ready for release that loses the least information "
                "(smallest share of the quasi-identifiers' non-uniform entropy lost, a dropped column counted "
                "as every value suppressed)")
NONE_READY = N_("none of the scenarios is ready for release, and none was picked by the analyst")


def plain_number(value: float) -> str:
    """A number as Python writes it (``g``): 2.5, 20, 1e-05."""
    return f"{value:g}"


def hierarchy_words(spec: HierarchySpec, number: Callable[[float], str] = plain_number) -> str:
    """Where a recode's categories come from, in words (in the report's language; ``number``
    writes the numbers, e.g. with the language's decimal sign)."""
    p = dict(spec.params)
    if spec.kind == "hierarchy":
        name = str(spec.path).replace("\\", "/").rsplit("/", 1)[-1]
        return _("the hierarchy file {name}").format(name=name)
    if spec.kind == "intervals":
        return _("intervals of width {widths}").format(widths=_(", then ").join(number(w) for w in p["widths"]))
    if spec.kind == "breaks":
        return _("bands cut at {breaks}").format(
            breaks=_("; then at ").join(", ".join(number(x) for x in b) for b in p["breaks"]))
    if spec.kind == "top_bottom":
        parts = []
        if "bottom" in p:
            parts.append(_("values below {value} grouped").format(value=number(p["bottom"])))
        if "bottom_quantile" in p:
            parts.append(_("values below the {value}th percentile grouped").format(
                value=number(100 * p["bottom_quantile"])))
        if "top" in p:
            parts.append(_("values above {value} grouped").format(value=number(p["top"])))
        if "top_quantile" in p:
            parts.append(_("values above the {value}th percentile grouped").format(
                value=number(100 * p["top_quantile"])))
        return _("top and bottom coding ({parts})").format(parts=", ".join(parts))
    if spec.kind == "dates":
        words = {"month": _("month"), "year": _("year")}
        steps = [words.get(s, _("age bands of {years} years at {date}").format(
                     years=s[4:].split("@")[0], date=s.split("@")[-1]) if s.startswith("age:") else s)
                 for s in p["steps"]]
        return _("dates to {steps}").format(steps=_(", then ").join(steps))
    groups = p["groups"]
    shown = "; ".join(_("{members} into {name}").format(members=", ".join(members), name=repr(name))
                      for name, members in groups[:3])
    more = ngettext("; and {count} more group", "; and {count} more groups", len(groups) - 3).format(
        count=len(groups) - 3) if len(groups) > 3 else ""
    return _("merging {groups}").format(groups=shown + more)


def suppresses_every_value(step: Recode) -> bool:
    """Whether the recode's level gives every value the same generalisation (the top '*' that a
    built hierarchy adds above its own levels, or a file's level with a single value): the
    column is then suppressed, not coarsened."""
    spec, p = step.hierarchy, dict(step.hierarchy.params)
    if spec.kind == "hierarchy":
        try:
            return read_hierarchy(spec.path, step.column).suppresses(step.level)
        except (InputError, OSError):
            return False
    own = {"intervals": len(p.get("widths", ())), "breaks": len(p.get("breaks", ())),
           "dates": len(p.get("steps", ()))}.get(spec.kind, 1)
    return step.level > own


def describe_step(step: Transform, number: Callable[[float], str] = plain_number) -> str:
    """One transformation as a sentence a release board reads (``number`` writes the numbers)."""
    if isinstance(step, Drop):
        return _("Leave out the column {column}.").format(column=step.column)
    if isinstance(step, Recode):
        if step.level == 0:
            return _("Keep {column} as it is (level 0 of {source}).").format(
                column=step.column, source=hierarchy_words(step.hierarchy, number))
        if suppresses_every_value(step):
            return _("Suppress {column}: every value is replaced by the top of its hierarchy (level "
                     "{level}).").format(column=step.column, level=step.level)
        return _("Coarsen {column} to level {level} of {source}.").format(
            column=step.column, level=step.level, source=hierarchy_words(step.hierarchy, number))
    if isinstance(step, LocalSuppression):
        if step.importance:
            return _("Blank single values of the quasi-identifiers in records shared by fewer than {k} records, "
                     "least important column first; the last blanked are, most important first: {columns} "
                     "(local suppression).").format(k=step.k, columns=", ".join(step.importance))
        return _("Blank single values of the quasi-identifiers in records shared by fewer than {k} records, "
                 "least important column first (local suppression).").format(k=step.k)
    if isinstance(step, RecordSuppression):
        return _("Remove the records still shared by fewer than {k} records, smallest groups first, at most "
                 "{percent}% of the records (record suppression).").format(k=step.k,
                                                                          percent=number(step.max_percent))
    if isinstance(step, Pram):
        return _("Change the values of {columns} at random by invariant PRAM (each category kept with probability "
                 "at least {pd}, mixed with the identity by alpha = {alpha}; seed {seed}); the expected counts of "
                 "each category stay as they are.").format(columns=", ".join(step.columns), pd=number(step.pd),
                                                          alpha=number(step.alpha), seed=step.seed)
    if isinstance(step, Microaggregate):
        return _("Replace {columns} by the means of groups of at least {k} similar records (MDAV "
                 "microaggregation).").format(columns=", ".join(step.columns), k=step.k)
    if isinstance(step, Noise):
        if step.correlated:
            return _("Add random noise to {columns}, with {percent}% of their covariance, so that their "
                     "correlations are kept (seed {seed}).").format(columns=", ".join(step.columns),
                                                                   percent=number(step.percent), seed=step.seed)
        return _("Add random noise to {columns}, with a standard deviation of {percent}% of each column's "
                 "(seed {seed}).").format(columns=", ".join(step.columns), percent=number(step.percent),
                                         seed=step.seed)
    if isinstance(step, RankSwap):
        return _("Swap the values of {columns} between records whose ranks differ by at most {percent}% of the "
                 "records (rank swapping; seed {seed}).").format(columns=", ".join(step.columns),
                                                                 percent=number(step.percent), seed=step.seed)
    if isinstance(step, Round):
        return _("Round {columns} to multiples of {base}.").format(columns=", ".join(step.columns),
                                                                  base=number(step.base))
    assert isinstance(step, Sample)
    return _("Release a random sample of {percent}% of the records (seed {seed}).").format(
        percent=number(100 * step.fraction), seed=step.seed)


def describe(scenario: Scenario, number: Callable[[float], str] = plain_number) -> list[str]:
    """The scenario's steps in order, as sentences (the original file when it has none)."""
    return [describe_step(s, number) for s in scenario.steps] or [_("Release the file as it is.")]


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
