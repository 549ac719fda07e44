"""The verdict on an assessment: the worst swept subset compared with the analysis's
thresholds (:class:`engine.analysis.config.Thresholds`), and the plain number formats its reasons use;
nothing here computes risk (docs/methods.md, "Verdict").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple, Optional, Sequence

from ..analysis.config import Thresholds
from ..foundation.errors import printable
from ..foundation import i18n
from ..foundation.i18n import N_, _
from ..foundation.locale_format import number, percent, points
from .results import Assessment, ReidentificationRisk
from .sample_results import SampleRisk
from .selection import worst


def names(qids: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c' (the conjunction in the report's language); a name with a
    line break or another control character quoted (:func:`engine.foundation.errors.printable`)."""
    qids = [printable(q) for q in qids]
    if len(qids) == 1:
        return qids[0]
    return _("{first} and {last}").format(first=", ".join(qids[:-1]), last=qids[-1])


def pct(value: float) -> str:
    """A percentage in the report's language by the one share format (engine/foundation/locale_format.py):
    never 0% for a non-zero share, never 100% for a partial one (81,0% in pt_BR).

    >>> pct(0.81), pct(0.99951), pct(0.00005), pct(1.0), pct(1.9e-8)
    ('81.0%', '99.95%', '0.005%', '100.0%', '0.0000019%')
    """
    return percent(value)


def people(value: float) -> str:
    """An expected number of people: whole from 10 on, one decimal from 1, two significant
    digits below 1 (never rounded to 0 when not 0); separators of the report's language.

    >>> people(411.6), people(2.34), people(12345.0), people(0.0213), people(0.0)
    ('412', '2.3', '12,345', '0.021', '0')
    """
    if value >= 10:
        return number(value, ",.0f")
    return number(value, ".1f") if value >= 1 else number(value, ".2g")


class _Expected(NamedTuple):
    qids: tuple[str, ...]
    expected: float
    share: float


def worst_expected(sample: SampleRisk) -> tuple[tuple[str, ...], float, float]:
    """(key, expected re-identifications, share of records) of the key with the most expected
    re-identifications: the full key or the worst subset of any size (ties: the selection rule,
    :func:`engine.outcome.selection.worst`)."""
    pool = [_Expected(sample.key, sample.individual.expected_reidentifications, sample.individual.expected_share)]
    pool += [_Expected(s.qids, s.expected_reidentifications, s.expected_share) for s in sample.expected_by_size]
    return tuple(worst(pool, "share"))


NOT_READY = N_("NOT READY FOR RELEASE under the configured thresholds.")
READY = N_("Within the configured thresholds for every swept QID subset.")
READY_SAMPLE = N_("Within the configured thresholds: the population measures estimated from the sample and "
                  "every swept QID subset.")
READY_DP = N_("Within the configured thresholds at every mechanism and epsilon evaluated.")
#: The "ready" line of each kind of verdict (:attr:`Verdict.kind`); synthetic data may add theirs.
READY_LINES = {"population": READY, "sample": READY_SAMPLE, "dp": READY_DP}


@dataclass(frozen=True)
class Check:
    """One measure against its limit: ``measure`` is the limit's key under ``[report.thresholds]``
    (``unique_share``, ``reid_prob``, ``inference_certain_gain``, ``expected_reid_share``; a
    measure without such a key names its own), ``value`` the worst value measured, ``passed``
    whether it stays within ``limit`` (``value <= limit`` unless given). ``qids``/``sensitive`` say where the worst value is;
    ``basis`` what was measured when the key's usual measure does not apply (a sample file's
    population estimate)."""

    measure: str
    value: float
    limit: float
    qids: tuple[str, ...] = ()
    sensitive: str = ""
    basis: str = ""
    passed: bool = None  # type: ignore[assignment]  # value <= limit when not given

    def __post_init__(self) -> None:
        if self.passed is None:
            object.__setattr__(self, "passed", bool(self.value <= self.limit))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"measure": self.measure, "value": self.value, "limit": self.limit,
                               "passed": self.passed}
        if self.qids:
            out["qids"] = list(self.qids)
        if self.sensitive:
            out["sensitive"] = self.sensitive
        if self.basis:
            out["basis"] = self.basis
        return out


@dataclass(frozen=True)
class Verdict:
    """Whether a release is ready under the analysis's thresholds: every check passed (and no
    leak, for synthetic data), with one sentence per failed check in the language current when
    it was made. ``kind`` says what was judged ("population", "sample", "dp" or another kind's
    name); ``leak`` holds a synthetic-data release's leak finding (anything with ``to_dict``)."""

    ready: bool
    checks: tuple[Check, ...]
    reasons: tuple[str, ...]
    kind: str = "population"
    leak: Optional[Any] = None

    @property
    def line(self) -> str:
        """The verdict in one line, in the current language."""
        return _(READY_LINES.get(self.kind, READY)) if self.ready else _(NOT_READY)

    def to_dict(self) -> dict[str, Any]:
        """The ``verdict`` member of results.json."""
        out: dict[str, Any] = {"ready": self.ready, "kind": self.kind, "checks": [c.to_dict() for c in self.checks],
                               "reasons": list(self.reasons)}
        if self.leak is not None:
            out["leak"] = self.leak.to_dict() if hasattr(self.leak, "to_dict") else self.leak
        return out


def judged(checks: Sequence[Check], reasons: Sequence[str], kind: str) -> Verdict:
    """The verdict of ``checks``: ready when every one passed."""
    return Verdict(all(c.passed for c in checks), tuple(checks), tuple(reasons), kind)


def is_sample(assessment: Assessment) -> bool:
    """Whether the file is judged as a sample of a population: its records stand for more
    people than themselves, by a sampling weight (summing to more than the records) or a sampling
    fraction below 1 (docs/methods.md, "Verdict"). Weights that are all 1 make a population."""
    sample = assessment.sample_risk
    return sample is not None and (sample.population_estimate > sample.rows
                                   or sample.population_uniqueness.sampling_fraction < 1)


def verdict(assessment: Assessment, limits: Thresholds) -> Verdict:
    """The verdict on an assessment: the worst swept subset against ``limits``
    (docs/methods.md, "Verdict").

    A population file: unique records (``unique_share``) and the mean re-identification
    probability (``reid_prob``) of the worst subset. A sample file (:func:`is_sample`): the
    expected re-identifications of the worst key (``expected_reid_share``) and, where a model
    applies, the estimated share of population uniques (``unique_share``); its unique records
    are unique in the sample only. Both: the rise over the prior of certain inference of each
    sensitive attribute (``inference_certain_gain``). Linked releases' subsets count too."""
    linked = assessment.longitudinal
    reid = list(assessment.reidentification) + list(linked.reidentification if linked else ())
    inference = list(assessment.inference) + list(linked.inference if linked else ())
    sample = is_sample(assessment)
    checks, reasons = _sample_checks(assessment.sample_risk, limits) if sample else _population_checks(reid, limits)
    for sensitive in assessment.config.roles.sensitive:
        rows = [r for r in inference if r.sensitive == sensitive]
        if not rows:
            continue
        top = worst(rows, lambda r: r.posterior_det - r.prior_det)
        check = Check("inference_certain_gain", top.posterior_det - top.prior_det, limits.inference_certain_gain,
                      top.qids, sensitive)
        checks.append(check)
        if check.passed:
            continue
        text = (_("{sensitive} is the same for everyone in the sample block for {share} of records on {qids}, {gain} "
                  "above the prior (limit {limit})") if sample else
                _("{sensitive} is inferred with certainty for {share} of records on {qids}, {gain} above the prior "
                  "(limit {limit})"))
        gain = points(check.value, top.posterior_det, top.prior_det).lstrip("+")
        reasons.append(text.format(sensitive=printable(sensitive), share=pct(top.posterior_det), qids=names(top.qids),
                                   gain=_("{points} pp").format(points=gain), limit=pct(check.limit)))
    return judged(checks, reasons, "sample" if sample else "population")


def _sample_checks(sample: SampleRisk, limits: Thresholds) -> tuple[list[Check], list[str]]:
    """A sample file's re-identification checks: expected re-identifications of the worst key,
    and the population uniques estimated by the Dankar et al. rule where a model applies."""
    qids, expected, share = worst_expected(sample)
    checks = [Check("expected_reid_share", share, limits.expected_reid_share, tuple(qids))]
    reasons = []
    if not checks[0].passed:
        reasons.append(_("about {people} people ({share} of the records) are expected to be re-identified with {qids} known "
                         "(limit {limit})").format(people=people(expected), share=pct(share), qids=names(qids),
                                                   limit=pct(limits.expected_reid_share)))
    estimate = sample.population_uniqueness.dankar_estimate
    if estimate is not None:
        check = Check("unique_share", estimate, limits.unique_share, tuple(sample.key), basis="population_uniques")
        checks.append(check)
        if not check.passed:
            reasons.append(_("an estimated {share} of the population is unique on {qids} (limit {limit})").format(
                share=pct(estimate), qids=names(sample.key), limit=pct(limits.unique_share)))
    return checks, reasons


def _population_checks(reid: Sequence[ReidentificationRisk], limits: Thresholds) -> tuple[list[Check], list[str]]:
    """A population file's re-identification checks: unique records and the mean
    re-identification probability of the worst subset."""
    checks, reasons = [], []
    top_det = worst(reid, "posterior_det")
    if top_det is not None:
        checks.append(Check("unique_share", top_det.posterior_det, limits.unique_share, top_det.qids))
        if not checks[-1].passed:
            reasons.append(_("{share} of records are unique on {qids} (limit {limit})").format(
                share=pct(top_det.posterior_det), qids=names(top_det.qids), limit=pct(limits.unique_share)))
    top_prob = worst(reid, "posterior_prob")
    if top_prob is not None:
        checks.append(Check("reid_prob", top_prob.posterior_prob, limits.reid_prob, top_prob.qids))
        if not checks[-1].passed:
            reasons.append(_("mean re-identification probability {share} on {qids} (limit {limit})").format(
                share=pct(top_prob.posterior_prob), qids=names(top_prob.qids), limit=pct(limits.reid_prob)))
    return checks, reasons


def verdict_json(assessment: Assessment, limits: Optional[Thresholds] = None) -> dict[str, Any]:
    """The ``verdict`` member of results.json: :func:`verdict` with the analysis's thresholds
    (or ``limits``), its reasons in English as the rest of the file."""
    with i18n.language(i18n.ENGLISH):
        return verdict(assessment, limits or assessment.config.report.thresholds).to_dict()
