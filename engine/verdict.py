"""The verdict on an assessment: the worst swept subset compared with the analysis's
thresholds (:class:`engine.config.Thresholds`), and the plain number formats its reasons use;
nothing here computes risk (docs/methods.md, "Verdict").
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from .config import Thresholds
from .i18n import N_, _
from .locale_format import localize, number
from .results import Assessment, ReidentificationRisk
from .sample_results import SampleRisk
from .selection import worst


def names(qids: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c' (the conjunction in the report's language)."""
    qids = list(qids)
    if len(qids) == 1:
        return qids[0]
    return _("{first} and {last}").format(first=", ".join(qids[:-1]), last=qids[-1])


def pct(value: float) -> str:
    """A percentage that never rounds a non-zero share to 0% or a partial one to 100%, with the
    decimal sign of the report's language (81,0% in pt_BR).

    >>> pct(0.81), pct(0.99951), pct(0.00005), pct(1.0), pct(1.9e-8)
    ('81.0%', '99.95%', '0.005%', '100.0%', '0.0000019%')
    """
    points = 100 * value
    if 0 < points < 0.1:
        text = f"{points:.2g}"
        if "e" in text:  # below 0.0001%: plain decimals, never scientific notation
            text = f"{points:.{1 - math.floor(math.log10(points))}f}".rstrip("0").rstrip(".")
        return localize(f"{text}%")
    digits = 1
    while digits < 6 and value < 1 and round(points, digits) >= 100:
        digits += 1
    return localize(f"{points:.{digits}f}%")


def people(value: float) -> str:
    """An expected number of people: whole from 10 on, one decimal from 1, two significant
    digits below 1 (never rounded to 0 when not 0); separators of the report's language.

    >>> people(411.6), people(2.34), people(12345.0), people(0.0213), people(0.0)
    ('412', '2.3', '12,345', '0.021', '0')
    """
    if value >= 10:
        return number(value, ",.0f")
    return number(value, ".1f") if value >= 1 else number(value, ".2g")


def worst_expected(sample: SampleRisk) -> tuple[tuple[str, ...], float, float]:
    """(key, expected re-identifications, share of records) of the key with the most expected
    re-identifications: the full key or the worst subset of any size."""
    pool = [(sample.key, sample.individual.expected_reidentifications, sample.individual.expected_share)]
    pool += [(s.qids, s.expected_reidentifications, s.expected_share) for s in sample.expected_by_size]
    return max(pool, key=lambda entry: (entry[2], -len(entry[0])))


NOT_READY = N_("NOT READY FOR RELEASE under the configured thresholds.")
READY = N_("Within the configured thresholds for every swept QID subset.")


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
            reasons.append(_("about {people} people ({share}) are expected to be re-identified with {qids} known "
                             "(limit {limit})").format(people=people(expected), share=pct(share), qids=names(qids),
                                                       limit=pct(limits.expected_reid_share)))
    else:
        reasons += _population_reasons(reid, limits)
    for sensitive in assessment.config.roles.sensitive:
        rows = [r for r in inference if r.sensitive == sensitive]
        if not rows:
            continue
        top = worst(rows, lambda r: r.posterior_det - r.prior_det)
        gain = top.posterior_det - top.prior_det
        if gain > limits.inference_certain_gain:
            reasons.append(_("{sensitive} is inferred with certainty for {share} of records on {qids}, {gain} "
                             "above the prior (limit {limit})").format(
                sensitive=sensitive, share=pct(top.posterior_det), qids=names(top.qids), gain=pct(gain),
                limit=pct(limits.inference_certain_gain)))
    if reasons:
        return Verdict(False, _(NOT_READY), tuple(reasons))
    return Verdict(True, _(READY), ())


def _population_reasons(reid: Sequence[ReidentificationRisk], limits: Thresholds) -> list[str]:
    """Re-identification reasons when the file is the population: unique records and the mean
    re-identification probability of the worst subset."""
    reasons = []
    top_det = worst(reid, "posterior_det")
    if top_det is not None and top_det.posterior_det > limits.unique_share:
        reasons.append(_("{share} of records are unique on {qids} (limit {limit})").format(
            share=pct(top_det.posterior_det), qids=names(top_det.qids), limit=pct(limits.unique_share)))
    top_prob = worst(reid, "posterior_prob")
    if top_prob is not None and top_prob.posterior_prob > limits.reid_prob:
        reasons.append(_("mean re-identification probability {share} on {qids} (limit {limit})").format(
            share=pct(top_prob.posterior_prob), qids=names(top_prob.qids), limit=pct(limits.reid_prob)))
    return reasons
