"""Plain-language findings and the verdict line of the report, read off the results.

The verdict compares the worst swept subset with the analysis's thresholds
(:class:`engine.config.Thresholds`); nothing here computes risk.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..config import Thresholds
from ..results import LOW_MATCH_RATE, Assessment, InferenceRisk, ReidentificationRisk
from ..selection import full_set_levels, worst

SMALL_SUBSET = 3


def names(qids: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    qids = list(qids)
    return qids[0] if len(qids) == 1 else ", ".join(qids[:-1]) + " and " + qids[-1]


def pct(value: float) -> str:
    """A percentage that never rounds a non-zero share to 0% or a partial one to 100%.

    >>> pct(0.81), pct(0.99951), pct(0.00005), pct(1.0)
    ('81.0%', '99.95%', '0.005%', '100.0%')
    """
    points = 100 * value
    if 0 < points < 0.1:
        return f"{points:.2g}%"
    digits = 1
    while digits < 6 and value < 1 and round(points, digits) >= 100:
        digits += 1
    return f"{points:.{digits}f}%"


def reidentification_sentences(rows: Sequence[ReidentificationRisk]) -> list[str]:
    top = worst(rows, "posterior_det")
    if top is None:
        return []
    out = [f"With {names(top.qids)} known, {pct(top.posterior_det)} of records "
           f"({top.singletons:,} of {top.n:,}) are unique: an attacker who knows these values "
           f"re-identifies them with certainty. The mean chance of re-identifying a record is "
           f"{pct(top.posterior_prob)} against {pct(top.prior_prob)} without them."]
    small = worst(rows, "posterior_det", SMALL_SUBSET)
    if small is not None and small.qids != top.qids and len(top.qids) > SMALL_SUBSET:
        out.append(f"Even with only {names(small.qids)}, {pct(small.posterior_det)} of records "
                   f"({small.singletons:,}) are unique.")
    return out


def inference_sentences(rows: Sequence[InferenceRisk], sensitive: str) -> list[str]:
    mine = [r for r in rows if r.sensitive == sensitive]
    if not mine:
        return []
    top = worst(mine, "posterior_det")
    best_guess = worst(mine, "posterior_prob")
    return [f"{sensitive}: with {names(top.qids)} known, the value of {pct(top.posterior_det)} of "
            f"records ({top.records_certain:,}) is inferred with certainty (all records sharing "
            f"their values have the same {sensitive}), against {pct(top.prior_det)} without them; "
            f"the attacker's best guess is right for {pct(best_guess.posterior_prob)} of records "
            f"(prior {pct(best_guess.prior_prob)})."]


def linked_sentences(assessment: Assessment) -> list[str]:
    linked = assessment.longitudinal
    if linked is None or not linked.over_time:
        return []
    first, last = linked.over_time[0], linked.over_time[-1]
    out = [f"Linking the releases up to {last.label} raises the share of unique records from "
           f"{pct(first.reidentification.posterior_det)} (release {first.label} alone) to "
           f"{pct(last.reidentification.posterior_det)}, and the mean re-identification probability from "
           f"{pct(first.reidentification.posterior_prob)} to {pct(last.reidentification.posterior_prob)}."]
    return out + unmatched_sentences(assessment)


def unmatched_sentences(assessment: Assessment) -> list[str]:
    """One sentence per later release whose key matched fewer than LOW_MATCH_RATE of the
    focal records: the linked figures do not measure what it would add."""
    linked = assessment.longitudinal
    out = []
    for r in linked.releases[1:] if linked is not None else ():
        if r.match_rate >= LOW_MATCH_RATE:
            continue
        how = ("none of the focal records" if r.linked == 0 else
               f"only {r.linked:,} of {r.focal_records:,} focal records ({pct(r.match_rate)})")
        out.append(f"Release {r.label} ({r.name}) matched {how} on the key {r.key!r}: its records are "
                   f"otherwise missing, so the linked figures understate what linking it would add; "
                   f"check that both files hold the same ids.")
    return out


def model_sentences(assessment: Assessment) -> list[str]:
    """The levels reached with every QID known, and how far they are from the targets."""
    levels = full_set_levels(assessment)
    if levels is None or not levels.complete:
        return []
    full = levels.rows
    out = [f"With all {len(levels.qids)} QIDs the file is {full[0].k:,}-anonymous."]
    for m in full:
        c = "undefined" if m.c != m.c else f"{int(m.c)}"
        out.append(f"{m.sensitive}: l = {m.l}, entropy l = {m.entropy_l:.3g}, c = {c} (l = {m.c_l}), "
                   f"t = {m.t:.3g}, alpha = {m.alpha:.3g}.")
    for s in assessment.model_shortfalls:
        what = s.model + (f" for {s.sensitive}" if s.sensitive else "")
        out.append(f"Target {what} = {s.target:g}: {s.blocks:,} of {s.total_blocks:,} blocks "
                   f"({s.records:,} records) fall short.")
    return out


@dataclass(frozen=True)
class Verdict:
    ready: bool
    line: str
    reasons: tuple[str, ...]


def verdict(assessment: Assessment, limits: Thresholds) -> Verdict:
    """'Not ready' when any threshold is exceeded by the worst swept subset, with reasons."""
    reasons = []
    linked = assessment.longitudinal
    reid = list(assessment.reidentification) + list(linked.reidentification if linked else ())
    inference = list(assessment.inference) + list(linked.inference if linked else ())
    top_det = worst(reid, "posterior_det")
    if top_det.posterior_det > limits.unique_share:
        reasons.append(f"{pct(top_det.posterior_det)} of records are unique on {names(top_det.qids)} "
                       f"(limit {pct(limits.unique_share)})")
    top_prob = worst(reid, "posterior_prob")
    if top_prob.posterior_prob > limits.reid_prob:
        reasons.append(f"mean re-identification probability {pct(top_prob.posterior_prob)} on "
                       f"{names(top_prob.qids)} (limit {pct(limits.reid_prob)})")
    for sensitive in assessment.config.roles.sensitive:
        rows = [r for r in inference if r.sensitive == sensitive]
        if not rows:
            continue
        top = worst(rows, lambda r: r.posterior_det - r.prior_det)
        gain = top.posterior_det - top.prior_det
        if gain > limits.inference_certain_gain:
            reasons.append(f"{sensitive} is inferred with certainty for {pct(top.posterior_det)} of records "
                           f"on {names(top.qids)}, {pct(gain)} above the prior "
                           f"(limit {pct(limits.inference_certain_gain)})")
    if reasons:
        return Verdict(False, "NOT READY FOR RELEASE under the configured thresholds.", tuple(reasons))
    return Verdict(True, "Within the configured thresholds for every swept QID subset.", ())
