"""The PDF report of a differential-privacy release analysis: privacy loss against utility of
noisy counting queries (thesis ch. 6) and the (epsilon, delta) of a thresholded count for a
passive and an active attacker (Desfontaines et al. 2019). docs/methods.md, "Differential privacy".

Reads a :class:`~engine.dp.results.DPAssessment`; never recomputes a mechanism.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Optional
from xml.sax.saxutils import escape

from .. import __version__
from ..foundation import i18n
from ..foundation.i18n import N_, _
from ..dp.verdict import checked_sentences, dp_verdict
from ..dp.results import CountingPoint, DPAssessment
from ..foundation.progress import CancelToken
from . import figures
from ..foundation.atomic import StagedFiles
from .document import DocumentBuilder, register_fonts, short_paths, write_document
from ..foundation.locale_format import integer, number, percent
from ..foundation.messages import render

MECHANISM_NAMES = {"oblivious": N_("oblivious (central, truncated geometric)"),
                   "local": N_("local (each record perturbed)")}
MECHANISM_WORDS = {"oblivious": N_("oblivious"), "local": N_("local")}

METHODS = (
    (N_("Setting"), N_("A new record x* is drawn from the table's empirical distribution and added to the table D; "
     "the mechanism reports a noisy count of the records of D + x* that satisfy the predicate on the useful "
     "attribute. The attacker knows D and the mechanism and wants x*'s sensitive value; the analyst wants "
     "the real count.")),
    (N_("Privacy loss"), N_("Multiplicative Bayes leakage (thesis ch. 6, Defs 26-33): the attacker's posterior Bayes "
     "vulnerability of x*'s sensitive value given the reported count, V(pi|Y) = sum over y of max over s of "
     "pi(s) P(y|s), divided by the prior vulnerability V(pi) = max over s of pi(s). 1 means the release "
     "teaches the attacker nothing about x*; 2 means the chance of a right guess doubles.")),
    (N_("Utility"), N_("The posterior Bayes vulnerability of the real count given the reported count: the chance "
     "that the analyst's best guess of the real count from the noisy count is right.")),
    (N_("Mechanisms"), N_("Oblivious: the truncated geometric mechanism (alpha = e^-epsilon) on the true count over "
     "{0, ..., |D|+1}. Local: each record's useful value is perturbed by a truncated geometric mechanism over "
     "the ordered domain of the useful attribute; the reported count is the Poisson-binomial sum of the "
     "perturbed records inside the predicate (thesis eq. 6.11), computed by convolution.")),
    (N_("Thresholded counts"), N_("n people vote yes with probability p; the count is released only when it "
     "reaches the threshold T. An attacker who knows k of the other votes, b of them yes, compares the output "
     "distributions with the target voting no and yes: delta_b(epsilon) is their hockey-stick divergence "
     "(the larger direction). An active attacker, who can choose or fix the known votes (APKDP), gets the "
     "largest delta_b; a passive attacker, who only observes them (PPKDP), gets the average of delta_b over "
     "b ~ Binomial(k, p) (Desfontaines, Mohammadi, Krahmer & Basin, Differential privacy with partial "
     "knowledge, 2019).")),
)


def _series_key(point: CountingPoint) -> tuple[str, str]:
    return point.scenario, point.mechanism


def _mechanism(name: str) -> str:
    return _(MECHANISM_NAMES[name]) if name in MECHANISM_NAMES else name


class _DPBuilder(DocumentBuilder):
    def __init__(self, assessment: DPAssessment, generated_at: datetime, cancel: Optional[CancelToken]) -> None:
        super().__init__(generated_at, cancel)
        self.a = assessment
        self.series: dict[tuple[str, str], list[CountingPoint]] = {}
        for point in assessment.dp:
            self.series.setdefault(_series_key(point), []).append(point)
        for points in self.series.values():
            points.sort(key=lambda p: p.epsilon)

    def cover(self) -> None:
        c, d = self.a.config, self.a.dataset
        rows = []
        if d is not None:
            rows += [(_("Dataset"), d.name), ("SHA-256", d.sha256), (_("Records"), integer(d.rows))]
        if c.scenarios:
            rows.append((_("Counting queries"), "; ".join(render(s.label()) for s in c.scenarios)))
            rows.append((_("Mechanisms"), ", ".join(_(MECHANISM_WORDS.get(m, m)) for m in c.mechanisms)))
            rows.append((_("Epsilons"), "; ".join(number(e, ".3g") for e in c.epsilons)))
        if c.threshold is not None:
            t = c.threshold
            rows.append((_("Thresholded count"),
                         _("{voters} voters, threshold {threshold}, {known} votes known, p = {p}").format(
                             voters=integer(t.voters), threshold=integer(t.threshold), known=integer(t.known),
                             p=number(t.p, "g"))))
        subtitle = d.name if d is not None else _("thresholded count")
        verdict = dp_verdict(self.a, c.report.thresholds)
        if verdict.ready:   # what it was judged on
            verdict = replace(verdict, reasons=tuple(checked_sentences(self.a, c.report.thresholds)))
        self.cover_page(_("Differential-privacy release analysis"), subtitle, rows, c.report.author,
                        c.report.organisation, verdict)

    def summary(self) -> None:
        self.p(_("Summary"), "h1")
        for (scenario, mechanism), points in self.series.items():
            low, high = points[0], points[-1]
            self.p(escape(_("{scenario}, {mechanism}: at epsilon {low_eps} the attacker's chance of guessing "
                            "x*'s {sensitive} is x{low_loss} the prior ({prior} -> {posterior}) and the count is "
                            "guessed right {low_utility} of the time; at epsilon {high_eps}: x{high_loss} and "
                            "{high_utility}.").format(
                scenario=render(scenario), mechanism=_mechanism(mechanism), low_eps=number(low.epsilon, ".3g"),
                sensitive=low.sensitive, low_loss=number(low.privacy_loss, ".3f"),
                prior=percent(low.prior_vulnerability), posterior=percent(low.posterior_vulnerability),
                low_utility=percent(low.utility), high_eps=number(high.epsilon, ".3g"),
                high_loss=number(high.privacy_loss, ".3f"), high_utility=percent(high.utility))), "bullet")
        if self.a.threshold:
            points = sorted(self.a.threshold, key=lambda p: p.epsilon)
            first = points[0]
            self.p(escape(_("Thresholded count at epsilon {epsilon}: delta {active} for an active attacker "
                            "(worst case: {worst} known yes-votes) against {passive} for a passive one.").format(
                epsilon=number(first.epsilon, ".3g"), active=number(first.delta_active, ".3g"),
                worst=integer(first.worst_known_yes), passive=number(first.delta_passive, ".3g"))), "bullet")
        if self.a.warnings:
            self.p(_("Warnings"), "h2")
            for warning in self.a.warnings:
                self.p(escape(render(warning)), "bullet")

    def counting(self) -> None:
        if not self.series:
            return
        self.page_break()
        self.p(_("Counting queries: privacy loss and utility"), "h1")
        numbers = {scenario: n for n, scenario in enumerate(dict.fromkeys(s for s, _m in self.series), start=1)}
        series = [(_("query {n}, {mechanism}").format(n=numbers[scenario], mechanism=_(MECHANISM_WORDS.get(
                       mechanism, mechanism))), [p.epsilon for p in points],
                   [p.privacy_loss for p in points], [p.utility for p in points])
                  for (scenario, mechanism), points in self.series.items()]
        queries = "; ".join(_("query {n}: {scenario}").format(n=n, scenario=render(scenario))
                            for scenario, n in numbers.items())
        self.figure(figures.tradeoff(series), _("Trade-off over epsilon"),
                    _("{queries}. Solid lines: oblivious mechanism; dashed: local mechanism (one colour per "
                      "query). Privacy loss 1 = nothing learnt about x*'s sensitive value.").format(queries=queries))
        for (scenario, mechanism), points in self.series.items():
            self.p(escape(f"{render(scenario)} - {_mechanism(mechanism)}"), "h2")
            rows = [[number(p.epsilon, ".4g"), percent(p.prior_vulnerability, 2),
                     percent(p.posterior_vulnerability, 2), number(p.privacy_loss, ".4f"),
                     percent(p.count_prior_vulnerability, 2), number(p.utility, ".4f")]
                    for p in points]
            self.add_table(["epsilon", _("prior vulnerability"), _("posterior vulnerability"), _("privacy loss"),
                            _("count prior"), _("utility")], rows, [0.14, 0.18, 0.2, 0.16, 0.16, 0.16])

    def thresholded(self) -> None:
        if not self.a.threshold or self.a.config.threshold is None:
            return
        t = self.a.config.threshold
        points = sorted(self.a.threshold, key=lambda p: p.epsilon)
        self.page_break()
        self.p(_("Thresholded count: passive against active attackers"), "h1")
        self.p(escape(_("{voters} voters each vote yes with probability {p}; the count is released only when it "
                        "reaches {threshold}. The attacker knows {known} of the other votes.").format(
            voters=integer(t.voters), p=number(t.p, "g"), threshold=integer(t.threshold), known=integer(t.known))))
        self.figure(figures.delta_curves([("", [p.epsilon for p in points],
                                           [p.delta_active for p in points], [p.delta_passive for p in points])]),
                    _("delta against epsilon"))
        self.add_table(["epsilon", _("delta, active attacker"), _("delta, passive attacker"),
                        _("worst known yes-votes")],
                       [[number(p.epsilon, ".4g"), number(p.delta_active, ".4g"), number(p.delta_passive, ".4g"),
                         integer(p.worst_known_yes)] for p in points], [0.2, 0.28, 0.28, 0.24])

    def methods(self) -> None:
        self.page_break()
        self.p(_("Methods"), "h1")
        for title, text in METHODS:
            if title == "Thresholded counts" and not self.a.threshold:
                continue
            if title != "Thresholded counts" and not self.series:
                continue
            self.p(escape(_(title)), "h2")
            self.p(escape(_(text)))
        self.p(_("Reference: Nunes, Measuring privacy in microdata releases (PhD thesis, 2021), chapter 6."),
               "small")

    def appendix(self) -> None:
        c = self.a.config
        command = ("riskreview dp --config analysis.toml --out DIR --pdf report.pdf" if c.scenarios else
                   "riskreview dp-threshold --config analysis.toml --out DIR --pdf report.pdf")
        self.analysis_file(short_paths(c.to_toml(), [c.data.path if c.data else None]), command)

    def build(self) -> list:
        self.cover()
        self.summary()
        self.counting()
        self.thresholded()
        self.methods()
        self.appendix()
        return self.story


def write_dp_pdf(assessment: DPAssessment, path: str | Path, generated_at: Optional[datetime] = None,
                 cancel: Optional[CancelToken] = None,
                 files: Optional[StagedFiles] = None) -> Path:
    """Write the differential-privacy report to ``path`` atomically, in the analysis file's
    ``[report] language`` or else the system's (engine/foundation/i18n.py)."""
    register_fonts()
    with i18n.language(assessment.config.report.language):
        story = _DPBuilder(assessment, generated_at or datetime.now(), cancel).build()
        name = assessment.dataset.name if assessment.dataset is not None else _("thresholded count")
        footer = _("RiskReview {version} - differential-privacy analysis - {name}").format(
            version=assessment.engine_version or __version__, name=name)
        return write_document(story, path, _("Differential-privacy release analysis: {name}").format(name=name),
                              footer, assessment.config.report.author, cancel, files=files)
