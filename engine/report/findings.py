"""Plain-language findings and the verdict line of the report, read off the results.

The verdict compares the worst swept subset with the analysis's thresholds
(:class:`engine.config.Thresholds`); nothing here computes risk.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from ..config import Thresholds
from ..results import LOW_MATCH_RATE, Assessment, InferenceRisk, ReidentificationRisk
from ..sample_results import RiskSummary, SampleRisk
from ..selection import full_set_levels, worst

SMALL_SUBSET = 3


def names(qids: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    qids = list(qids)
    return qids[0] if len(qids) == 1 else ", ".join(qids[:-1]) + " and " + qids[-1]


def pct(value: float) -> str:
    """A percentage that never rounds a non-zero share to 0% or a partial one to 100%.

    >>> pct(0.81), pct(0.99951), pct(0.00005), pct(1.0), pct(1.9e-8)
    ('81.0%', '99.95%', '0.005%', '100.0%', '0.0000019%')
    """
    points = 100 * value
    if 0 < points < 0.1:
        text = f"{points:.2g}"
        if "e" in text:  # below 0.0001%: plain decimals, never scientific notation
            text = f"{points:.{1 - math.floor(math.log10(points))}f}".rstrip("0").rstrip(".")
        return f"{text}%"
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


def people(value: float) -> str:
    """An expected number of people: whole from 10 on, one decimal from 1, two significant
    digits below 1 (never rounded to 0 when not 0).

    >>> people(411.6), people(2.34), people(12345.0), people(0.0213), people(0.0)
    ('412', '2.3', '12,345', '0.021', '0')
    """
    if value >= 10:
        return f"{value:,.0f}"
    return f"{value:.1f}" if value >= 1 else f"{value:.2g}"


def expected_phrase(summary: RiskSummary) -> str:
    """'about 412 people (0.8%)': the expected re-identifications as a count and a share."""
    return f"about {people(summary.expected_reidentifications)} people ({pct(summary.expected_share)})"


def worst_expected(sample: SampleRisk) -> tuple[tuple[str, ...], float, float]:
    """(key, expected re-identifications, share of records) of the key with the most expected
    re-identifications: the full key or the worst subset of any size."""
    pool = [(sample.key, sample.individual.expected_reidentifications, sample.individual.expected_share)]
    pool += [(s.qids, s.expected_reidentifications, s.expected_share) for s in sample.expected_by_size]
    return max(pool, key=lambda entry: (entry[2], -len(entry[0])))


def expected_sentence(sample: SampleRisk) -> str:
    """'With a, b and c known, about 412 people (0.8%) are expected to be re-identified.'"""
    return (f"With {names(sample.key)} known, {expected_phrase(sample.individual)} are expected to be "
            f"re-identified.")


MODEL_NAMES = {"zayatz": "Zayatz", "pitman": "Pitman", "snb": "SNB"}


def model_name(model: Optional[str]) -> str:
    """The population-uniqueness model as named in the literature ('pitman' -> 'Pitman')."""
    return MODEL_NAMES.get(model or "", model or "none")


def sample_sentences(sample: SampleRisk) -> list[str]:
    """The sample-file findings in plain words: expected re-identifications, records above the
    thresholds, household risk, population uniques and special uniques."""
    s = sample.individual
    if sample.weight:
        basis = (f"estimated from the sampling weight {sample.weight}: the {sample.rows:,} records stand "
                 f"for about {sample.population_estimate:,.0f} people")
    else:
        basis = "with no sampling weight, the file is taken as the whole population"
    out = [f"{expected_sentence(sample)[:-1]} ({basis}). The highest individual risk is {s.maximum:.3g}."]
    above = [f"{count:,} above {x:g}" for x, count in s.above_thresholds]
    if above:
        out.append(f"Records by individual risk: {', '.join(above)}.")
    h = sample.household_summary
    if h is not None:
        out.append(f"Counting the {sample.households or 0:,} households ({sample.household}), the risk that "
                   f"someone in a record's household is re-identified gives {expected_phrase(h)} expected "
                   f"re-identifications; the highest household risk is {h.maximum:.3g}.")
    pu = sample.population_uniqueness
    estimate = ("no population-uniqueness model applies" if pu.dankar_estimate is None else
                f"an estimated {pct(pu.dankar_estimate)} of the population is unique "
                f"({model_name(pu.dankar_model)} model, chosen by the Dankar et al. rule)")
    out.append(f"{pct(pu.sample_unique_share)} of records ({pu.sample_uniques:,}) are unique in the sample; "
               f"{estimate}, with sampling fraction {pu.sampling_fraction:.4g}.")
    suda = sample.suda
    if suda is not None:
        line = (f"{suda.special_uniques:,} records ({pct(suda.special_uniques / sample.rows if sample.rows else 0)}) "
                f"are special uniques (unique on a set of at most {suda.max_size} key variables); "
                f"the highest DIS-SUDA score is {suda.max_dis_score:.3g}.")
        top = max(suda.contributions, key=lambda c: c.share, default=None)
        if top is not None and top.share > 0:
            line += f" {top.variable} contributes most to the SUDA score ({pct(top.share)})."
        out.append(line)
    return out


@dataclass(frozen=True)
class Verdict:
    ready: bool
    line: str
    reasons: tuple[str, ...]


def verdict(assessment: Assessment, limits: Thresholds) -> Verdict:
    """'Not ready' when any threshold is exceeded by the worst swept subset, with reasons.

    With a sampling weight the re-identification limit is on the expected re-identifications
    (``expected_reid_share``; the sample's unique records are not the population's), otherwise
    on unique records and the mean re-identification probability."""
    reasons = []
    linked = assessment.longitudinal
    reid = list(assessment.reidentification) + list(linked.reidentification if linked else ())
    inference = list(assessment.inference) + list(linked.inference if linked else ())
    sample = assessment.sample_risk
    if sample is not None and sample.weight:
        qids, expected, share = worst_expected(sample)
        if share > limits.expected_reid_share:
            reasons.append(f"about {people(expected)} people ({pct(share)}) are expected to be re-identified "
                           f"with {names(qids)} known (limit {pct(limits.expected_reid_share)})")
    else:
        reasons += _population_reasons(reid, limits)
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


def _population_reasons(reid: Sequence[ReidentificationRisk], limits: Thresholds) -> list[str]:
    """Re-identification reasons when the file is the population: unique records and the mean
    re-identification probability of the worst subset."""
    reasons = []
    top_det = worst(reid, "posterior_det")
    if top_det is not None and top_det.posterior_det > limits.unique_share:
        reasons.append(f"{pct(top_det.posterior_det)} of records are unique on {names(top_det.qids)} "
                       f"(limit {pct(limits.unique_share)})")
    top_prob = worst(reid, "posterior_prob")
    if top_prob is not None and top_prob.posterior_prob > limits.reid_prob:
        reasons.append(f"mean re-identification probability {pct(top_prob.posterior_prob)} on "
                       f"{names(top_prob.qids)} (limit {pct(limits.reid_prob)})")
    return reasons
