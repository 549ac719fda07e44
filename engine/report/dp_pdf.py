"""The PDF report of a differential-privacy release analysis: privacy loss against utility of
noisy counting queries (thesis ch. 6) and the (epsilon, delta) of a thresholded count for a
passive and an active attacker (Desfontaines et al. 2019). docs/methods.md, "Differential privacy".

Reads a :class:`~engine.dp.results.DPAssessment`; never recomputes a mechanism.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Optional
from xml.sax.saxutils import escape

from .. import __version__
from ..dp.results import CountingPoint, DPAssessment
from ..progress import CancelToken
from . import figures
from .atomic import StagedFiles
from .document import DocumentBuilder, register_fonts, short_paths, write_document

MECHANISM_NAMES = {"oblivious": "oblivious (central, truncated geometric)",
                   "local": "local (each record perturbed)"}

METHODS = (
    ("Setting", "A new record x* is drawn from the table's empirical distribution and added to the table D; "
     "the mechanism reports a noisy count of the records of D + x* that satisfy the predicate on the useful "
     "attribute. The attacker knows D and the mechanism and wants x*'s sensitive value; the analyst wants "
     "the real count."),
    ("Privacy loss", "Multiplicative Bayes leakage (thesis ch. 6, Defs 26-33): the attacker's posterior Bayes "
     "vulnerability of x*'s sensitive value given the reported count, V(pi|Y) = sum over y of max over s of "
     "pi(s) P(y|s), divided by the prior vulnerability V(pi) = max over s of pi(s). 1 means the release "
     "teaches the attacker nothing about x*; 2 means the chance of a right guess doubles."),
    ("Utility", "The posterior Bayes vulnerability of the real count given the reported count: the chance "
     "that the analyst's best guess of the real count from the noisy count is right."),
    ("Mechanisms", "Oblivious: the truncated geometric mechanism (alpha = e^-epsilon) on the true count over "
     "{0, ..., |D|+1}. Local: each record's useful value is perturbed by a truncated geometric mechanism over "
     "the ordered domain of the useful attribute; the reported count is the Poisson-binomial sum of the "
     "perturbed records inside the predicate (thesis eq. 6.11), computed by convolution."),
    ("Thresholded counts", "n people vote yes with probability p; the count is released only when it "
     "reaches the threshold T. An attacker who knows k of the other votes, b of them yes, compares the output "
     "distributions with the target voting no and yes: delta_b(epsilon) is their hockey-stick divergence "
     "(the larger direction). An active attacker, who can choose or fix the known votes (APKDP), gets the "
     "largest delta_b; a passive attacker, who only observes them (PPKDP), gets the average of delta_b over "
     "b ~ Binomial(k, p) (Desfontaines, Mohammadi, Krahmer & Basin, Differential privacy with partial "
     "knowledge, 2019)."),
)


def _series_key(point: CountingPoint) -> tuple[str, str]:
    return point.scenario, point.mechanism


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
            rows += [("Dataset", d.name), ("SHA-256", d.sha256), ("Records", f"{d.rows:,}")]
        if c.scenarios:
            rows.append(("Counting queries", "; ".join(s.label() for s in c.scenarios)))
            rows.append(("Mechanisms", ", ".join(c.mechanisms)))
            rows.append(("Epsilons", ", ".join(f"{e:.3g}" for e in c.epsilons)))
        if c.threshold is not None:
            t = c.threshold
            rows.append(("Thresholded count", f"{t.voters:,} voters, threshold {t.threshold:,}, "
                                              f"{t.known:,} votes known, p = {t.p:g}"))
        subtitle = d.name if d is not None else "thresholded count"
        self.cover_page("Differential-privacy release analysis", subtitle, rows, c.report.author)

    def summary(self) -> None:
        self.p("Summary", "h1")
        for (scenario, mechanism), points in self.series.items():
            low, high = points[0], points[-1]
            self.p(escape(f"{scenario}, {MECHANISM_NAMES.get(mechanism, mechanism)}: at epsilon {low.epsilon:.3g} "
                          f"the attacker's chance of guessing x*'s {low.sensitive} is x{low.privacy_loss:.3f} the "
                          f"prior ({100 * low.prior_vulnerability:.1f}% -> {100 * low.posterior_vulnerability:.1f}%) "
                          f"and the count is guessed right {100 * low.utility:.1f}% of the time; at epsilon "
                          f"{high.epsilon:.3g}: x{high.privacy_loss:.3f} and {100 * high.utility:.1f}%."), "bullet")
        if self.a.threshold:
            points = sorted(self.a.threshold, key=lambda p: p.epsilon)
            first = points[0]
            self.p(escape(f"Thresholded count at epsilon {first.epsilon:.3g}: delta {first.delta_active:.3g} for "
                          f"an active attacker (worst case: {first.worst_known_yes:,} known yes-votes) against "
                          f"{first.delta_passive:.3g} for a passive one."), "bullet")
        if self.a.warnings:
            self.p("Warnings", "h2")
            for warning in self.a.warnings:
                self.p(escape(warning), "bullet")

    def counting(self) -> None:
        if not self.series:
            return
        self.page_break()
        self.p("Counting queries: privacy loss and utility", "h1")
        numbers = {scenario: n for n, scenario in enumerate(dict.fromkeys(s for s, _ in self.series), start=1)}
        series = [(f"query {numbers[scenario]}, {mechanism}", [p.epsilon for p in points],
                   [p.privacy_loss for p in points], [p.utility for p in points])
                  for (scenario, mechanism), points in self.series.items()]
        queries = "; ".join(f"query {n}: {scenario}" for scenario, n in numbers.items())
        self.figure(figures.tradeoff(series), "Trade-off over epsilon",
                    f"{queries}. Solid lines: oblivious mechanism; dashed: local mechanism (one colour per "
                    f"query). Privacy loss 1 = nothing learnt about x*'s sensitive value.")
        for (scenario, mechanism), points in self.series.items():
            self.p(escape(f"{scenario} - {MECHANISM_NAMES.get(mechanism, mechanism)}"), "h2")
            rows = [[f"{p.epsilon:.4g}", f"{100 * p.prior_vulnerability:.2f}%", f"{100 * p.posterior_vulnerability:.2f}%",
                     f"{p.privacy_loss:.4f}", f"{100 * p.count_prior_vulnerability:.2f}%", f"{p.utility:.4f}"]
                    for p in points]
            self.add_table(["epsilon", "prior vulnerability", "posterior vulnerability", "privacy loss",
                            "count prior", "utility"], rows, [0.14, 0.18, 0.2, 0.16, 0.16, 0.16])

    def thresholded(self) -> None:
        if not self.a.threshold or self.a.config.threshold is None:
            return
        t = self.a.config.threshold
        points = sorted(self.a.threshold, key=lambda p: p.epsilon)
        self.page_break()
        self.p("Thresholded count: passive against active attackers", "h1")
        self.p(escape(f"{t.voters:,} voters each vote yes with probability {t.p:g}; the count is released only "
                      f"when it reaches {t.threshold:,}. The attacker knows {t.known:,} of the other votes."))
        self.figure(figures.delta_curves([("", [p.epsilon for p in points],
                                           [p.delta_active for p in points], [p.delta_passive for p in points])]),
                    "delta against epsilon")
        self.add_table(["epsilon", "delta, active attacker", "delta, passive attacker", "worst known yes-votes"],
                       [[f"{p.epsilon:.4g}", f"{p.delta_active:.4g}", f"{p.delta_passive:.4g}",
                         f"{p.worst_known_yes:,}"] for p in points], [0.2, 0.28, 0.28, 0.24])

    def methods(self) -> None:
        self.page_break()
        self.p("Methods", "h1")
        for title, text in METHODS:
            if title == "Thresholded counts" and not self.a.threshold:
                continue
            if title != "Thresholded counts" and not self.series:
                continue
            self.p(escape(title), "h2")
            self.p(escape(text))
        self.p("Reference: Nunes, Measuring privacy in microdata releases (PhD thesis, 2021), chapter 6.", "small")

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
    """Write the differential-privacy report to ``path`` atomically."""
    register_fonts()
    story = _DPBuilder(assessment, generated_at or datetime.now(), cancel).build()
    name = assessment.dataset.name if assessment.dataset is not None else "thresholded count"
    footer = f"RiskReview {assessment.engine_version or __version__} - differential-privacy analysis - {name}"
    return write_document(story, path, f"Differential-privacy release analysis: {name}", footer,
                          assessment.config.report.author, cancel, files=files)
