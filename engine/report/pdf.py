"""The PDF risk report for a release board (reportlab document flow, matplotlib figures).

Reads an :class:`~engine.results.Assessment` and never recomputes risk. Fonts come from
resources/fonts so the output is the same on every machine; the file is written atomically.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Optional, Sequence
from xml.sax.saxutils import escape

from reportlab.platypus import KeepTogether, PageBreak, Paragraph, Preformatted

from .. import __version__
from ..config import ReportOptions, Target
from ..progress import CancelToken
from ..results import Assessment
from ..selection import full_set_levels, smallest_k_by_size, top_by_size
from . import findings, figures, methods, sample_figures, scenarios_section
from ..atomic import StagedFiles
from .document import BAD, TEXT_WIDTH, DocumentBuilder, register_fonts, write_document

def _pct_count(value: float, count: int) -> str:
    return f"{findings.pct(value)} ({count:,})"


def _ratio(value: float) -> str:
    return "n/a" if value != value or value in (float("inf"),) else f"x{value:,.1f}"


def _diff(value: float) -> str:
    points = 100 * value
    return f"{points:+.1f} pp" if abs(points) >= 1 or points == 0 else f"{points:+.2g} pp"


def _level(value: float) -> str:
    return "undefined" if value != value else f"{value:.4g}"


def _pick_sizes(histograms: Sequence, most: int = 4) -> list:
    """At most ``most`` histograms: sizes 1, 2, 3 and the largest (all when there are fewer);
    every size is in histograms.csv."""
    if len(histograms) <= most:
        return list(histograms)
    return list(histograms[: most - 1]) + [histograms[-1]]


class _Builder(DocumentBuilder):
    def __init__(self, assessment: Assessment, options: ReportOptions, generated_at: datetime,
                 cancel: Optional[CancelToken]) -> None:
        super().__init__(generated_at, cancel)
        self.a = assessment
        self.options = options

    # --- sections ----------------------------------------------------------------------
    def cover(self) -> None:
        a, d = self.a, self.a.dataset
        qids = a.config.roles.quasi_identifiers
        self.cover_page("Disclosure-risk report", d.name, [
            ("Dataset", d.name), ("SHA-256", d.sha256), ("Records", f"{d.rows:,}"),
            ("Columns used", f"{len(d.columns_used)}: " + ", ".join(d.columns_used)),
            ("Quasi-identifiers", f"{len(qids)}: " + ", ".join(qids)),
            ("Sensitive attributes", ", ".join(a.config.roles.sensitive) or "none"),
            ("Subsets evaluated", f"{len(a.reidentification):,} ({a.config.subsets.label()})")],
            self.options.author)

    def summary(self) -> None:
        a = self.a
        self.p("Summary", "h1")
        verdict = findings.verdict(a, self.options.thresholds)
        self.verdict_box(verdict.line, verdict.ready)
        for reason in verdict.reasons:
            self.p(escape(reason), "bullet")
        limits = self.options.thresholds
        if a.sample_risk is not None and a.sample_risk.weight:
            reid_limits = (f"at most {findings.pct(limits.expected_reid_share)} of records expected to be "
                           f"re-identified (the file has a sampling weight, so this replaces the limits on "
                           f"unique records and the mean re-identification probability)")
        else:
            reid_limits = (f"at most {findings.pct(limits.unique_share)} unique records, mean "
                           f"re-identification probability at most {findings.pct(limits.reid_prob)}")
        self.p(f"Thresholds (set in the analysis): {reid_limits}, certain inference of a sensitive value at "
               f"most {findings.pct(limits.inference_certain_gain)} above the prior.", "small")
        self.p("Re-identification", "h2")
        for sentence in findings.reidentification_sentences(a.reidentification):
            self.p(escape(sentence))
        for sentence in findings.linked_sentences(a):
            self.p(escape(sentence))
        if a.sample_risk is not None:
            self.p("Sample file", "h2")
            for sentence in findings.sample_sentences(a.sample_risk):
                self.p(escape(sentence))
        if a.inference:
            self.p("Attribute inference", "h2")
            for sensitive in a.config.roles.sensitive:
                for sentence in findings.inference_sentences(a.inference, sensitive):
                    self.p(escape(sentence))
        if a.privacy_models:
            self.p("Privacy models", "h2")
            for sentence in findings.model_sentences(a):
                self.p(escape(sentence))
        if a.targets:
            matched = sum(1 for t in a.targets if t.matched)
            certain = sum(1 for t in a.targets if t.matched and t.posterior_det == 1.0)
            self.p("Individual targets", "h2")
            self.p(f"{len(a.targets)} target(s) attacked: {matched} match records in the file, "
                   f"{certain} of them re-identified with certainty.")
        if a.warnings:
            self.p("Warnings", "h2")
            for warning in a.warnings:
                self.p(escape(warning), "bullet")

    def reidentification(self) -> None:
        rows = self.a.reidentification
        if not rows:
            return
        first = rows[0]
        self.story.append(PageBreak())
        self.p("Re-identification (collective target)", "h1")
        self.p(f"For each number of QIDs known, the subset with the highest success. Deterministic: "
               f"records unique on the subset (head-count). Probabilistic: mean chance of picking the "
               f"right record; the head-count is the expected number of records re-identified (= blocks). "
               f"Priors over {first.n:,} records: deterministic {findings.pct(first.prior_det)}, "
               f"probabilistic {findings.pct(first.prior_prob)} (1/n).")
        self._top_table(rows, [("posterior_det", "singletons"), ("posterior_prob", "blocks")])
        self._scatter(rows, "Re-identification")
        self._histograms("reidentification", "Worst-case histograms: re-identification risk per record")

    def inference(self) -> None:
        for sensitive in self.a.config.roles.sensitive:
            rows = [r for r in self.a.inference if r.sensitive == sensitive]
            if not rows:
                continue
            first = rows[0]
            self.story.append(PageBreak())
            self.p(f"Attribute inference: {escape(sensitive)}", "h1")
            self.p(f"For each number of QIDs known, the subset with the highest success at inferring "
                   f"{escape(sensitive)}. Deterministic: records whose block has one value of "
                   f"{escape(sensitive)} (head-count). Probabilistic: share of records guessed right with "
                   f"the block's most frequent value (head-count: expected correct guesses). "
                   f"Priors: deterministic {findings.pct(first.prior_det)}, probabilistic "
                   f"{findings.pct(first.prior_prob)} (the most frequent value's share).")
            self._top_table(rows, [("posterior_det", "records_certain"), ("posterior_prob", "expected_correct")])
            self._scatter(rows, f"Inference of {sensitive}")
            self._histograms(sensitive, f"Worst-case histograms: inference risk per record ({sensitive})")

    def _top_table(self, rows, measures) -> None:
        for measure, head in measures:
            kind = "deterministic" if measure == "posterior_det" else "probabilistic"
            best = top_by_size(rows, measure)
            header = ["size", "QIDs", f"{kind} posterior (head-count)",
                      "vs prior" if measure == "posterior_det" else "x prior", "other measure (same subset)"]
            other, other_head = measures[1] if measure == measures[0][0] else measures[0]
            body = []
            for r in best:
                degradation = _diff(r.degradation_det) if measure == "posterior_det" else _ratio(r.degradation_prob)
                body.append([str(len(r.qids)), ", ".join(r.qids), _pct_count(getattr(r, measure), getattr(r, head)),
                             degradation,
                             f"{'prob.' if other == 'posterior_prob' else 'det.'} "
                             f"{_pct_count(getattr(r, other), getattr(r, other_head))}"])
            self.p(f"Top subsets per size, {kind}", "h2")
            self.story.append(self.table(header, body, [0.06, 0.44, 0.19, 0.12, 0.19]))

    def _scatter(self, rows, title: str) -> None:
        self.cancel.raise_if_cancelled()
        first = rows[0]
        figure = figures.scatter_by_size([len(r.qids) for r in rows], [r.posterior_det for r in rows],
                                         [r.posterior_prob for r in rows], first.prior_det, first.prior_prob,
                                         title)
        self.story.append(KeepTogether([
            Paragraph("Success by number of QIDs known (one dot per subset)", self.s["h2"]),
            figures.to_drawing(figure, TEXT_WIDTH)]))

    def _histograms(self, measure: str, title: str) -> None:
        self.cancel.raise_if_cancelled()
        histograms = _pick_sizes([h for h in self.a.histograms if h.measure == measure])
        if not histograms:
            return
        figure = figures.histogram_grid(histograms, title)
        caption = "; ".join(f"{len(h.qids)}: {', '.join(h.qids)}" for h in histograms)
        caption += ". Every size is in histograms.csv."
        self.story.append(KeepTogether([figures.to_drawing(figure, TEXT_WIDTH),
                                        Paragraph(f"Subsets shown (size: QIDs): {escape(caption)}",
                                                  self.s["small"])]))

    def sample(self) -> None:
        sample = self.a.sample_risk
        if sample is None:
            return
        self.story.append(PageBreak())
        self.p("Sample file", "h1")
        if sample.weight:
            self.p(f"The file is a sample: each record stands for the number of people given by its sampling "
                   f"weight ({escape(sample.weight)}); the {sample.rows:,} records stand for about "
                   f"{sample.population_estimate:,.0f} people. The individual risk is the chance that an "
                   f"attacker who knows a person's key ({escape(', '.join(sample.key))}) and finds a record "
                   f"with that key has found that person's record. "
                   + escape(findings.expected_sentence(sample)))
        else:
            self.p(f"No sampling weight was given: the {sample.rows:,} records are taken as the whole "
                   f"population, and the individual risk of a record is 1 / (records sharing its key "
                   f"{escape(', '.join(sample.key))}). " + escape(findings.expected_sentence(sample)))
        missing = ("a missing value matches any value (as sdcMicro)" if sample.missing == "wildcard"
                   else "a missing value is a value of its own")
        self.p(f"Missing values: {missing}.", "small")
        self._sample_risk_table(sample)
        self.story.append(KeepTogether([
            Paragraph("Individual risk: records by risk", self.s["h2"]),
            figures.to_drawing(sample_figures.risk_figure(sample.individual_bins,
                                                          sample.individual.above_thresholds), TEXT_WIDTH),
            Paragraph("Bars: records whose risk falls in each range (log scales); dashed lines: the "
                      "thresholds, with the records above each.", self.s["small"])]))
        if sample.expected_by_size:
            self.p("Expected re-identifications by number of key variables known", "h2")
            body = [[str(len(e.qids)), ", ".join(e.qids), findings.people(e.expected_reidentifications),
                     findings.pct(e.expected_share), f"{e.maximum:.3g}"] for e in sample.expected_by_size]
            self.story.append(self.table(["size", "key variables (most expected re-identifications)",
                                          "expected re-identifications", "share of records", "highest risk"],
                                         body, [0.07, 0.5, 0.17, 0.13, 0.13]))
        self._uniqueness_table(sample)
        self._suda(sample)

    def _sample_risk_table(self, sample) -> None:
        summaries = [sample.individual] + ([sample.household_summary] if sample.household_summary else [])
        header = ["measure", "individual risk"] + ([f"household risk ({sample.household})"]
                                                   if sample.household_summary else [])
        body = [["expected re-identifications"] + [f"{findings.people(s.expected_reidentifications)} "
                                                   f"({findings.pct(s.expected_share)})" for s in summaries],
                ["mean risk"] + [f"{s.mean:.4g}" for s in summaries],
                ["highest risk"] + [f"{s.maximum:.4g}" for s in summaries]]
        for index, (x, _) in enumerate(sample.individual.above_thresholds):
            body.append([f"records with risk above {x:g}"]
                        + [f"{s.above_thresholds[index][1]:,}" if index < len(s.above_thresholds) else "n/a"
                           for s in summaries])
        widths = [0.4, 0.3, 0.3] if len(summaries) == 2 else [0.5, 0.5]
        self.p("Risk from the sampling weights" if sample.weight else "Risk of the records", "h2")
        self.story.append(self.table(header, body, widths))
        if sample.household_summary is not None:
            self.p(f"Household risk: the chance that at least one member of the record's household "
                   f"({sample.households or 0:,} households, column {escape(sample.household)}) is "
                   f"re-identified, given to every member.", "small")

    def _uniqueness_table(self, sample) -> None:
        pu = sample.population_uniqueness
        source = {"given": "given in the analysis", "weights": "n / sum of the weights",
                  "population": "no weight: the file is the population"}.get(pu.sampling_fraction_source,
                                                                             pu.sampling_fraction_source)

        def share(value):
            return "does not apply" if value is None else findings.pct(value)

        body = [["sample uniques", f"{findings.pct(pu.sample_unique_share)} ({pu.sample_uniques:,} records)"],
                ["population uniques, Zayatz", share(pu.zayatz)], ["population uniques, Pitman", share(pu.pitman)],
                ["population uniques, SNB", share(pu.snb)],
                ["Dankar et al. choice", "no model applies" if pu.dankar_estimate is None
                 else f"{findings.pct(pu.dankar_estimate)} ({findings.model_name(pu.dankar_model)})"],
                ["sampling fraction", f"{pu.sampling_fraction:.4g} ({source})"],
                ["population size", f"{pu.population_size:,.0f}"]]
        self.p("Population uniques estimated from the sample", "h2")
        self.story.append(self.table(["measure", "share of the population"], body, [0.4, 0.6]))

    def _suda(self, sample) -> None:
        suda = sample.suda
        if suda is None:
            return
        sizes = ", ".join(f"{msus:,} of size {size}" for size, msus in suda.msus_by_size) or "none"
        body = [["special uniques", f"{suda.special_uniques:,} records "
                 f"({findings.pct(suda.special_uniques / sample.rows if sample.rows else 0)})"],
                ["largest MSU size searched", f"{suda.max_size}"], ["minimal sample uniques (MSUs)", sizes],
                ["SUDA score", f"mean {suda.mean_score:.4g}, highest {suda.max_score:.4g}, total "
                 f"{suda.total_score:.4g}"],
                ["DIS-SUDA score", f"mean {suda.mean_dis_score:.4g}, highest {suda.max_dis_score:.4g} "
                 f"(DIS fraction {suda.dis_fraction:g})"],
                ["scoring", suda.variant]]
        self.story.append(KeepTogether([Paragraph("Special uniques (SUDA)", self.s["h2"]),
                                        self.table(["measure", "value"], body, [0.3, 0.7])]))
        contributions = ", ".join(f"{c.variable} {findings.pct(c.share)}"
                                  for c in sorted(suda.contributions, key=lambda c: -c.share))
        self.figure(sample_figures.suda_figure(suda.dis_bands, suda.contributions),
                    "SUDA scores and the key variables behind them",
                    f"Left: records by DIS-SUDA score (grey: not special uniques). Right: each key variable's "
                    f"share of the total SUDA score: {contributions} (an MSU counts for each of its variables, so "
                    f"the shares can add up to more than 100%). Per-record scores are in suda.csv.")

    def linked(self) -> None:
        linked = self.a.longitudinal
        if linked is None:
            return
        self.story.append(PageBreak())
        self.p("Linked releases (longitudinal attacks)", "h1")
        self.p("The attacker left-joins the focal release with each later release on the persistent key. "
               "QIDs are labelled per release (occupation@2); a focal record absent from a later release "
               "gets a missing value there, counted as a value of its own; records only in later releases "
               "are dropped. The sensitive attribute comes from the focal release.")
        body = [[r.label, r.name, f"{r.rows:,}", r.key, f"{r.linked:,}", findings.pct(r.match_rate),
                 f"{r.duplicates_dropped:,}"] for r in linked.releases]
        self.story.append(self.table(["label", "file", "rows", "key", "focal records linked", "match rate",
                                      "duplicate keys dropped"], body, [0.08, 0.3, 0.1, 0.13, 0.15, 0.11, 0.13]))
        self.p("Match rate: the share of focal records whose key the release holds. Keys are compared as "
               "text: integers as digits, 7.0 as 7, text trimmed and all-digit text without leading zeros.",
               "small")
        for sentence in findings.unmatched_sentences(self.a):
            self.p(f'<font color="{BAD}"><b>Warning:</b> {escape(sentence)}</font>')
        steps = linked.over_time
        labels = [s.label for s in steps]
        series = {"re-identification, deterministic": [s.reidentification.posterior_det for s in steps],
                  "re-identification, probabilistic": [s.reidentification.posterior_prob for s in steps]}
        for sensitive in self.a.config.roles.sensitive:
            series[f"{sensitive}, certain"] = [next(i.posterior_det for i in s.inference if i.sensitive == sensitive)
                                               for s in steps]
        self.p("Risk over time", "h2")
        self.p("Success with every QID of the focal release, then with each later release linked in turn.")
        figure = figures.over_time_bars(labels, series, "Success as releases are linked")
        self.story.append(figures.to_drawing(figure, TEXT_WIDTH))
        body = []
        for s in steps:
            r = s.reidentification
            body.append([s.label, ", ".join(r.qids), _pct_count(r.posterior_det, r.singletons),
                         _pct_count(r.posterior_prob, r.blocks)])
        self.story.append(self.table(["up to", "QIDs", "unique (det.)", "re-identification (prob.)"], body,
                                     [0.08, 0.52, 0.2, 0.2]))
        if linked.reidentification:
            self.p("Collective re-identification on the linked releases (CRL)", "h2")
            self._top_table(linked.reidentification, [("posterior_det", "singletons"), ("posterior_prob", "blocks")])
        for sensitive in self.a.config.roles.sensitive:
            rows = [r for r in linked.inference if r.sensitive == sensitive]
            if rows:
                self.p(f"Collective inference of {escape(sensitive)} on the linked releases (CAL)", "h2")
                self._top_table(rows, [("posterior_det", "records_certain"), ("posterior_prob", "expected_correct")])

    def privacy_models(self) -> None:
        rows = self.a.privacy_models
        if not rows:
            return
        levels = full_set_levels(self.a)
        self.story.append(PageBreak())
        self.p("Privacy models", "h1")
        self.p(escape(methods.MODELS_INTRO), "small")
        for full in levels.rows if levels.complete else ():
            self.p(f"Levels for all {len(levels.qids)} QIDs, sensitive attribute {escape(full.sensitive)}", "h2")
            body = [["k", f"{full.k:,}"], ["alpha", f"{full.alpha:.4g}"], ["l", f"{full.l:,}"],
                    ["entropy l", f"{full.entropy_l:.4g}"],
                    [f"c (l = {full.c_l})", "undefined" if full.c != full.c else f"{int(full.c):,}"],
                    [f"t ({full.t_distance} distance)", f"{full.t:.4g}"],
                    ["basic beta", _level(full.beta_basic)],
                    ["enhanced beta", "not achievable" if full.beta_enhanced != full.beta_enhanced
                     else _level(full.beta_enhanced)],
                    ["delta", _level(full.delta)]]
            self.story.append(self.table(["model", "level reached"], body, [0.3, 0.7]))
            for note in full.notes:
                self.p(escape(note), "small")
        shortfalls = self.a.model_shortfalls
        if shortfalls:
            self.p("Blocks below the targets (all QIDs)", "h2")
            body = [[s.model + (f" ({s.sensitive})" if s.sensitive else ""), f"{s.target:g}",
                     f"{s.blocks:,} of {s.total_blocks:,}", f"{s.records:,}"] for s in shortfalls]
            self.story.append(self.table(["model", "target", "blocks short", "records in them"], body,
                                         [0.35, 0.15, 0.25, 0.25]))
        self.p("Smallest k by number of QIDs known", "h2")
        first = rows[0].sensitive
        body = [[str(len(m.qids)), ", ".join(m.qids), f"{m.k:,}", f"{m.l:,}", f"{m.t:.3g}"]
                for m in smallest_k_by_size(rows)]
        self.story.append(self.table(["size", "QIDs (subset with the smallest k)", "k",
                                      f"l ({first})", f"t ({first})"], body, [0.07, 0.57, 0.12, 0.12, 0.12]))

    def targets(self) -> None:
        if not self.a.targets:
            return
        show = self.options.include_examples
        self.story.append(PageBreak())
        self.p("Individual targets", "h1")
        if not show:
            self.p("The targets' values and the values inferred for them are hidden because they can "
                   "single out a person; they appear only when 'include examples' is switched on.", "small")
        header = ["target", "QIDs known", "records", "re-identification", "inference"]
        body = []
        for number, t in enumerate(self.a.targets, start=1):
            label = t.label if show else f"target {number}"
            if not t.matched:
                body.append([label, ", ".join(t.qids), "0", "no match", t.reason if show else "no match"])
                continue
            reid = f"{findings.pct(t.posterior_prob)}" + (" (certain)" if t.posterior_det == 1.0 else "")
            inference = "; ".join(
                f"{i.sensitive}: {findings.pct(i.posterior_prob)}"
                + (" (certain)" if i.posterior_det == 1.0 else "")
                + (f", most likely '{i.most_likely}'" if show else "")
                for i in t.inference)
            body.append([label, ", ".join(t.qids), f"{t.block_size:,}", reid, inference or "-"])
        self.story.append(self.table(header, body, [0.2, 0.22, 0.09, 0.17, 0.32]))

    def methods(self) -> None:
        self.story.append(PageBreak())
        self.p("Methods", "h1")
        self.p("Attacker model", "h2")
        self.p(escape(methods.ATTACKER))
        for name, words, formula in methods.METRICS:
            self.p(escape(name), "h2")
            self.p(escape(words))
            self.p(escape(formula), "mono")
        if self.a.sample_risk is not None:
            self.p("Sample files", "h2")
            for name, words in methods.SAMPLE:
                if (name.startswith("SUDA") and self.a.sample_risk.suda is None) or \
                        (name == "Household risk" and self.a.sample_risk.household_summary is None):
                    continue
                self.p(f"<b>{escape(name)}</b>: {escape(words)}", "bullet")
        if self.a.privacy_models:
            self.p("Privacy models", "h2")
            self.p(escape(methods.MODELS_INTRO))
            for name, words in methods.MODELS:
                self.p(f"<b>{escape(name)}</b>: {escape(words)}", "bullet")
        self.p(escape(methods.REFERENCE), "small")
        if self.a.sample_risk is not None:
            self.p(escape(methods.SAMPLE_REFERENCE), "small")

    def appendix(self) -> None:
        self.story.append(PageBreak())
        self.p("Appendix: analysis file", "h1")
        self.p("This analysis file, with the data file whose SHA-256 is on the cover, reproduces every "
               "number in this report: <font name='DejaVuMono'>riskreview assess --config analysis.toml "
               "--pdf report.pdf</font>.")
        config = self.a.config
        if config.targets and not self.options.include_examples:
            config = replace(config, targets=tuple(Target(tuple((c, "(hidden)") for c, _ in t.values))
                                                   for t in config.targets))
            self.p("Individual targets' values are hidden here as in the rest of the report; the "
                   "analysis file saved with the results (analysis.toml) holds them.", "small")
        text = config.to_toml().replace(config.data.path, Path(config.data.path).name)
        self.story.append(Preformatted(text, self.s["mono"], maxLineLength=100, newLineChars="  "))

    def build(self) -> list:
        self.cover()
        self.summary()
        scenarios_section.write_section(self, self.a)
        self.reidentification()
        self.sample()
        self.inference()
        self.linked()
        self.privacy_models()
        self.targets()
        self.methods()
        self.appendix()
        return self.story


def write_pdf(assessment: Assessment, path: str | Path, options: Optional[ReportOptions] = None,
              generated_at: Optional[datetime] = None, cancel: Optional[CancelToken] = None,
              files: Optional[StagedFiles] = None) -> Path:
    """Write the report to ``path`` atomically; ``options`` default to the analysis's own."""
    register_fonts()
    options = options or assessment.config.report
    story = _Builder(assessment, options, generated_at or datetime.now(), cancel).build()
    footer = f"RiskReview {assessment.engine_version or __version__} - disclosure-risk report - {assessment.dataset.name}"
    return write_document(story, path, f"Disclosure-risk report: {assessment.dataset.name}", footer,
                          options.author, cancel, files=files)
