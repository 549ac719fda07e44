"""The verdict on a differential-privacy analysis (docs/methods.md, "Differential privacy",
verdict): the same :class:`engine.outcome.verdict.Verdict` as an assessment's, with these checks.

- ``inference_certain_gain`` (basis ``bayes_vulnerability``), one per counting scenario: the
  largest rise, over the mechanisms and epsilons evaluated, of the attacker's chance of
  guessing the new record's sensitive value (posterior - prior Bayes vulnerability), against
  ``[report.thresholds] inference_certain_gain``: a guess right with that chance is at most
  as bad as a certain inference of the same share.
- ``threshold_delta`` (basis ``active_attacker``): the smallest delta of the thresholded count
  against an active attacker over the epsilons evaluated, against 1 / voters (a delta above
  1/n allows releasing one person's vote outright).
"""

from __future__ import annotations

from typing import Any

from ..analysis.config import Thresholds
from ..foundation.i18n import _
from ..foundation.locale_format import number
from ..foundation.messages import render
from ..outcome.verdict import Check, Verdict, judged, pct
from .results import DPAssessment


def _worst_by_scenario(assessment: DPAssessment) -> list[tuple[Any, list, Any]]:
    """Per counting scenario: its points and the one with the largest rise of the chance of
    guessing (the smallest epsilon among equals)."""
    out = []
    for scenario in dict.fromkeys(p.scenario for p in assessment.dp):
        mine = [p for p in assessment.dp if p.scenario == scenario]
        out.append((scenario, mine, max(mine, key=lambda p: (p.posterior_vulnerability - p.prior_vulnerability,
                                                                -p.epsilon))))
    return out


def dp_verdict(assessment: DPAssessment, limits: Thresholds) -> Verdict:
    """Ready when every counting scenario and the thresholded count pass (module docstring)."""
    checks, reasons = [], []
    labels = {str(s.label()): s.label() for s in assessment.config.scenarios}
    for scenario, mine, top in _worst_by_scenario(assessment):
        check = Check("inference_certain_gain", top.posterior_vulnerability - top.prior_vulnerability,
                      limits.inference_certain_gain, sensitive=top.sensitive, basis="bayes_vulnerability")
        checks.append(check)
        if check.passed:
            continue
        within = [p.epsilon for p in mine if p.mechanism == top.mechanism
                  and p.posterior_vulnerability - p.prior_vulnerability <= check.limit]
        largest = (_("the largest epsilon evaluated within the limit is {epsilon}").format(
            epsilon=number(max(within), "g")) if within else _("no epsilon evaluated is within the limit"))
        reasons.append(_("{scenario}: with the {mechanism} mechanism at epsilon {epsilon}, the chance of guessing "
                         "the new record's {sensitive} rises from {prior} to {posterior} (limit {limit} above the "
                         "prior); {largest}").format(
            scenario=render(labels.get(str(scenario), scenario)), mechanism=_(top.mechanism), epsilon=number(top.epsilon, "g"), sensitive=top.sensitive,
            prior=pct(top.prior_vulnerability), posterior=pct(top.posterior_vulnerability), limit=pct(check.limit),
            largest=largest))
    threshold = assessment.config.threshold
    if assessment.threshold and threshold is not None:
        best = min(assessment.threshold, key=lambda p: (p.delta_active, p.epsilon))
        check = Check("threshold_delta", best.delta_active, 1.0 / threshold.voters, basis="active_attacker")
        checks.append(check)
        if not check.passed:
            reasons.append(_("the thresholded count's delta against an active attacker is at least {delta} at every "
                             "epsilon evaluated, above 1 / voters = {limit}").format(
                delta=number(best.delta_active, ".3g"), limit=number(check.limit, ".3g")))
    return judged(checks, reasons, "dp")


def checked_sentences(assessment: DPAssessment, limits: Thresholds) -> list[str]:
    """What a ready verdict was judged on, one sentence per check: the largest rise of the
    chance of guessing per counting scenario, and the thresholded count's smallest delta."""
    out = []
    labels = {str(s.label()): s.label() for s in assessment.config.scenarios}
    for scenario, _points, top in _worst_by_scenario(assessment):
        out.append(_("{scenario}: the chance of guessing the new record's {sensitive} is at most {posterior} (the "
                     "{mechanism} mechanism at epsilon {epsilon}) against {prior} without the count, within the "
                     "limit of {limit} above it").format(
            scenario=render(labels.get(str(scenario), scenario)), sensitive=top.sensitive,
            prior=pct(top.prior_vulnerability), posterior=pct(top.posterior_vulnerability), mechanism=_(top.mechanism),
            epsilon=number(top.epsilon, "g"), limit=pct(limits.inference_certain_gain)))
    threshold = assessment.config.threshold
    if assessment.threshold and threshold is not None:
        best = min(assessment.threshold, key=lambda p: (p.delta_active, p.epsilon))
        out.append(_("the thresholded count's delta against an active attacker is {delta} at epsilon {epsilon}, "
                     "within 1 / voters = {limit}").format(delta=number(best.delta_active, ".3g"),
                                                          epsilon=number(best.epsilon, "g"),
                                                          limit=number(1.0 / threshold.voters, ".3g")))
    return out

