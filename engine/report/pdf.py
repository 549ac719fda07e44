"""The PDF risk report for a release board (reportlab document flow, matplotlib figures).

Reads an :class:`~engine.outcome.results.Assessment` and never recomputes risk. Fonts come from
resources/fonts so the output is the same on every machine; the file is written atomically.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Optional, Sequence
from xml.sax.saxutils import escape

from reportlab.platypus import KeepTogether, PageBreak, Paragraph

from .. import __version__
from ..foundation import i18n
from ..analysis.config import ReportOptions, SubsetFamily, Target
from ..foundation.i18n import N_, _, ngettext
from ..foundation.progress import CancelToken
from ..outcome.results import C_UNDEFINED, Assessment
from ..outcome.selection import full_set_levels, smallest_k_by_size, top_by_size
from . import findings, figures, methods, sample_figures, scenarios_section
from ..outcome.verdict import is_sample
from ..foundation.atomic import StagedFiles
from .document import BAD, TEXT_WIDTH, DocumentBuilder, register_fonts, write_document
from ..foundation.locale_format import integer, number, points
from ..foundation.messages import render

DISTANCES = {"ordered": N_("t (ordered distance)"), "equal": N_("t (equal distance)")}
FAMILIES = {"all": N_("every subset"), "exact": N_("all QIDs together"), "list": N_("listed subsets")}


def _pct_count(value: float, count: int) -> str:
    return f"{findings.pct(value)} ({integer(count)})"


def _ratio(value: float) -> str:
    return _("n/a") if value != value or value in (float("inf"),) else "x" + number(value, ",.1f")


def _diff(value: float, *terms: float) -> str:
    """A difference of shares in percentage points, with the decimals of its ``terms``."""
    return _("{points} pp").format(points=points(value, *terms))


def _level(value: float) -> str:
    return _("undefined") if value != value else number(value, ".4g")


def _family(subsets: SubsetFamily) -> str:
    """The swept family as the analysis file names it, in the report's language."""
    if subsets.kind == "max-size":
        return _("at most {size} QIDs").format(size=subsets.max_size)
    return _(FAMILIES[subsets.kind]) if subsets.kind in FAMILIES else subsets.label()


def _model_note(note: str, c_l: int) -> str:
    """A privacy-model note in the report's language (the engine writes them in English)."""
    if note == C_UNDEFINED.format(l=c_l):
        return _(C_UNDEFINED).format(l=c_l)
    return _(note)


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
        self.sample_mode = is_sample(assessment)  # sample counts are not statements about people

    # --- sections ----------------------------------------------------------------------
    def cover(self) -> None:
        a, d = self.a, self.a.dataset
        qids = a.config.roles.quasi_identifiers
        self.cover_page(_("Disclosure-risk report"), d.name, [
            (_("Dataset"), d.name), ("SHA-256", d.sha256), (_("Records"), integer(d.rows)),
            (_("Columns used"), f"{len(d.columns_used)}: " + ", ".join(d.columns_used)),
            (_("Quasi-identifiers"), f"{len(qids)}: " + ", ".join(qids)),
            (_("Sensitive attributes"), ", ".join(a.config.roles.sensitive) or _("none")),
            (_("Subsets evaluated"), f"{integer(len(a.reidentification))} ({_family(a.config.subsets)})")],
            self.options.author, self.options.organisation, findings.verdict(a, self.options.thresholds))

    def summary(self) -> None:
        a = self.a
        self.p(_("Summary"), "h1")
        self.p(_("The verdict and its reasons are on the first page."), "small")
        limits = self.options.thresholds
        if self.sample_mode:
            reid_limits = _("at most {share} of records expected to be re-identified and at most {unique} of the "
                            "population estimated unique (the file is a sample, so these replace the limits on "
                            "records unique in the file and the mean re-identification probability)").format(
                share=findings.pct(limits.expected_reid_share), unique=findings.pct(limits.unique_share))
        else:
            reid_limits = _("at most {unique} unique records, mean re-identification probability at most "
                            "{mean}").format(unique=findings.pct(limits.unique_share),
                                             mean=findings.pct(limits.reid_prob))
        self.p(_("Thresholds (set in the analysis): {reidentification}, certain inference of a sensitive value at "
                 "most {gain} above the prior.").format(reidentification=reid_limits,
                                                        gain=findings.pct(limits.inference_certain_gain)), "small")
        self.p(_("Re-identification"), "h2")
        for sentence in findings.reidentification_sentences(a.reidentification,
                                                            a.sample_risk if self.sample_mode else None):
            self.p(escape(sentence))
        for sentence in findings.linked_sentences(a):
            self.p(escape(sentence))
        if a.sample_risk is not None:
            self.p(_("Sample file"), "h2")
            for sentence in findings.sample_sentences(a.sample_risk):
                self.p(escape(sentence))
        if a.inference:
            self.p(_("Attribute inference"), "h2")
            for sensitive in a.config.roles.sensitive:
                for sentence in findings.inference_sentences(a.inference, sensitive, self.sample_mode):
                    self.p(escape(sentence))
        if a.privacy_models:
            self.p(_("Privacy models"), "h2")
            for sentence in findings.model_sentences(a):
                self.p(escape(sentence))
        if a.targets:
            matched = sum(1 for t in a.targets if t.matched)
            certain = sum(1 for t in a.targets if t.matched and t.posterior_det == 1.0)
            self.p(_("Individual targets"), "h2")
            attacked = ngettext("{count} target attacked", "{count} targets attacked",
                                len(a.targets)).format(count=integer(len(a.targets)))
            matching = ngettext("{matched} matches records in the file", "{matched} match records in the file",
                                matched).format(matched=integer(matched))
            alone = (ngettext("{certain} of them is alone in the sample", "{certain} of them are alone in the sample",
                              certain) if self.sample_mode else
                     ngettext("{certain} of them is re-identified with certainty",
                              "{certain} of them are re-identified with certainty", certain)).format(
                certain=integer(certain))
            self.p(_("{attacked}: {matching}, {alone}.").format(attacked=attacked, matching=matching, alone=alone))
        if a.warnings:
            self.p(_("Warnings"), "h2")
            for warning in a.warnings:
                self.p(escape(render(warning)), "bullet")

    def reidentification(self) -> None:
        rows = self.a.reidentification
        if not rows:
            return
        first = rows[0]
        self.story.append(PageBreak())
        self.p(_("Re-identification (collective target)"), "h1")
        if self.sample_mode:
            self.p(_("The file is a sample: the counts below are the sample's, taken as if it were the population. A "
                     "record unique here is unique in the sample, not necessarily in the population; the Sample "
                     "file section gives the population measures the verdict uses."), "small")
            self.p(_("For each number of QIDs known, the subset with the highest share. Deterministic: records "
                     "unique in the sample on the subset (head-count). Probabilistic: 1 / (records of the sample "
                     "sharing the values), averaged (head-count: blocks). Priors over {records} records: "
                     "deterministic {det}, probabilistic {prob} (1/n).").format(
                records=integer(first.n), det=findings.pct(first.prior_det), prob=findings.pct(first.prior_prob)))
        else:
            self.p(_("For each number of QIDs known, the subset with the highest success. Deterministic: records "
                     "unique on the subset (head-count). Probabilistic: mean chance of picking the right record; the "
                     "head-count is the expected number of records re-identified (= blocks). Priors over {records} "
                     "records: deterministic {det}, probabilistic {prob} (1/n).").format(
                records=integer(first.n), det=findings.pct(first.prior_det), prob=findings.pct(first.prior_prob)))
        self._top_table(rows, [("posterior_det", "singletons"), ("posterior_prob", "blocks")])
        self._scatter(rows, _("Re-identification"))
        self._histograms("reidentification", _("Worst-case histograms: re-identification risk per record"))

    def inference(self) -> None:
        for sensitive in self.a.config.roles.sensitive:
            rows = [r for r in self.a.inference if r.sensitive == sensitive]
            if not rows:
                continue
            first = rows[0]
            self.story.append(PageBreak())
            self.p(_("Attribute inference: {sensitive}").format(sensitive=escape(sensitive)), "h1")
            if self.sample_mode:
                self.p(_("The file is a sample: 'deterministic' counts records whose sample block has one value of "
                         "{sensitive}, the same value for everyone in the sample block; people of the population "
                         "outside the sample may have another.").format(sensitive=escape(sensitive)), "small")
            self.p(_("For each number of QIDs known, the subset with the highest success at inferring {sensitive}. "
                     "Deterministic: records whose block has one value of {sensitive} (head-count). Probabilistic: "
                     "share of records guessed right with the block's most frequent value (head-count: expected "
                     "correct guesses). Priors: deterministic {det}, probabilistic {prob} (the most frequent "
                     "value's share).").format(sensitive=escape(sensitive), det=findings.pct(first.prior_det),
                                               prob=findings.pct(first.prior_prob)))
            self._top_table(rows, [("posterior_det", "records_certain"), ("posterior_prob", "expected_correct")])
            self._scatter(rows, _("Inference of {sensitive}").format(sensitive=sensitive))
            self._histograms(sensitive, _("Worst-case histograms: inference risk per record ({sensitive})").format(
                sensitive=sensitive))

    def _top_table(self, rows, measures) -> None:
        for measure, head in measures:
            deterministic = measure == "posterior_det"
            best = top_by_size(rows, measure)
            header = [_("size"), _("QIDs"),
                      _("deterministic posterior (head-count)") if deterministic
                      else _("probabilistic posterior (head-count)"),
                      _("vs prior") if deterministic else _("x prior"), _("other measure (same subset)")]
            other, other_head = measures[1] if measure == measures[0][0] else measures[0]
            body = []
            for r in best:
                degradation = (_diff(r.degradation_det, r.posterior_det, r.prior_det) if deterministic
                               else _ratio(r.degradation_prob))
                body.append([str(len(r.qids)), ", ".join(r.qids), _pct_count(getattr(r, measure), getattr(r, head)),
                             degradation,
                             (_("prob.") if other == "posterior_prob" else _("det."))
                             + " " + _pct_count(getattr(r, other), getattr(r, other_head))])
            self.p(_("Top subsets per size, deterministic") if deterministic
                   else _("Top subsets per size, probabilistic"), "h2")
            self.story.append(self.table(header, body, [0.1, 0.4, 0.19, 0.12, 0.19]))

    def _scatter(self, rows, title: str) -> None:
        self.cancel.raise_if_cancelled()
        first = rows[0]
        figure = figures.scatter_by_size([len(r.qids) for r in rows], [r.posterior_det for r in rows],
                                         [r.posterior_prob for r in rows], first.prior_det, first.prior_prob,
                                         title)
        self.story.append(KeepTogether([
            Paragraph(_("Success by number of QIDs known (one dot per subset)"), self.s["h2"]),
            figures.to_drawing(figure, TEXT_WIDTH)]))

    def _histograms(self, measure: str, title: str) -> None:
        self.cancel.raise_if_cancelled()
        histograms = _pick_sizes([h for h in self.a.histograms if h.measure == measure])
        if not histograms:
            return
        figure = figures.histogram_grid(histograms, title)
        shown = "; ".join(f"{len(h.qids)}: {', '.join(h.qids)}" for h in histograms)
        caption = _("Subsets shown (size: QIDs): {subsets}. Every size is in histograms.csv.").format(subsets=shown)
        self.story.append(KeepTogether([figures.to_drawing(figure, TEXT_WIDTH),
                                        Paragraph(escape(caption), self.s["small"])]))

    def sample(self) -> None:
        sample = self.a.sample_risk
        if sample is None:
            return
        self.story.append(PageBreak())
        self.p(_("Sample file"), "h1")
        if sample.design == "fraction":
            self.p(escape(_("The file is a sample: no sampling weight was given, so with the sampling fraction "
                            "{fraction} each record stands for {each} people; the {rows} records stand for about "
                            "{people} people. The individual risk is the chance that an attacker who knows a "
                            "person's key ({key}) and finds a record with that key has found that person's "
                            "record.").format(
                fraction=number(sample.population_uniqueness.sampling_fraction, ".4g"),
                each=number(sample.population_estimate / sample.rows, ".4g"), rows=integer(sample.rows),
                people=number(sample.population_estimate, ",.0f"), key=", ".join(sample.key))
                + " " + findings.expected_sentence(sample)))
        elif sample.weight:
            self.p(escape(_("The file is a sample: each record stands for the number of people given by its "
                            "sampling weight ({weight}); the {rows} records stand for about {people} people. The "
                            "individual risk is the chance that an attacker who knows a person's key ({key}) and "
                            "finds a record with that key has found that person's record.").format(
                weight=sample.weight, rows=integer(sample.rows), people=number(sample.population_estimate, ",.0f"),
                key=", ".join(sample.key)) + " " + findings.expected_sentence(sample)))
        else:
            self.p(escape(_("No sampling weight was given: the {rows} records are taken as the whole population, "
                            "and the individual risk of a record is 1 / (records sharing its key {key}).").format(
                rows=integer(sample.rows), key=", ".join(sample.key)) + " " + findings.expected_sentence(sample)))
        missing = (_("a missing value matches any value (as sdcMicro)") if sample.missing == "wildcard"
                   else _("a missing value is a value of its own"))
        self.p(_("Missing values: {rule}.").format(rule=missing), "small")
        self._sample_risk_table(sample)
        self.story.append(KeepTogether([
            Paragraph(_("Individual risk: records by risk"), self.s["h2"]),
            figures.to_drawing(sample_figures.risk_figure(sample.individual_bins,
                                                          sample.individual.above_thresholds), TEXT_WIDTH),
            Paragraph(_("Bars: records whose risk falls in each range (log scales); dashed lines: the "
                        "thresholds, with the records above each."), self.s["small"])]))
        if sample.expected_by_size:
            self.p(_("Expected re-identifications by number of key variables known"), "h2")
            body = [[str(len(e.qids)), ", ".join(e.qids), findings.people(e.expected_reidentifications),
                     findings.pct(e.expected_share), number(e.maximum, ".3g")] for e in sample.expected_by_size]
            self.story.append(self.table([_("size"), _("key variables (most expected re-identifications)"),
                                          _("expected re-identifications"), _("share of records"),
                                          _("highest risk")], body, [0.1, 0.47, 0.17, 0.13, 0.13]))
        self._uniqueness_table(sample)
        self._suda(sample)

    def _sample_risk_table(self, sample) -> None:
        summaries = [sample.individual] + ([sample.household_summary] if sample.household_summary else [])
        header = [_("measure"), _("individual risk")] + (
            [_("household risk ({column})").format(column=sample.household)] if sample.household_summary else [])
        body = [[_("expected re-identifications")] + [f"{findings.people(s.expected_reidentifications)} "
                                                      f"({findings.pct(s.expected_share)})" for s in summaries],
                [_("mean risk")] + [number(s.mean, ".4g") for s in summaries],
                [_("highest risk")] + [number(s.maximum, ".4g") for s in summaries]]
        for index, (x, _count) in enumerate(sample.individual.above_thresholds):
            body.append([_("records with risk above {threshold}").format(threshold=number(x, "g"))]
                        + [integer(s.above_thresholds[index][1]) if index < len(s.above_thresholds) else _("n/a")
                           for s in summaries])
        widths = [0.4, 0.3, 0.3] if len(summaries) == 2 else [0.5, 0.5]
        self.p({"weight": _("Risk from the sampling weights"), "fraction": _("Risk from the sampling fraction")}.get(
            sample.design, _("Risk of the records")), "h2")
        self.story.append(self.table(header, body, widths))
        if sample.household_summary is not None:
            self.p(escape(_("Household risk: the chance that at least one member of the record's household "
                            "({households} households, column {column}) is re-identified, given to every "
                            "member.").format(households=integer(sample.households or 0), column=sample.household)),
                   "small")

    def _uniqueness_table(self, sample) -> None:
        pu = sample.population_uniqueness
        source = {"given": _("given in the analysis"), "weights": _("n / sum of the weights"),
                  "population": _("no weight: the file is the population")}.get(pu.sampling_fraction_source,
                                                                                pu.sampling_fraction_source)

        def share(value):
            return _("does not apply") if value is None else findings.pct(value)

        body = [[_("sample uniques"), _("{share} ({count} records)").format(share=findings.pct(pu.sample_unique_share),
                                                                          count=integer(pu.sample_uniques))],
                [_("population uniques, Zayatz"), share(pu.zayatz)],
                [_("population uniques, Pitman"), share(pu.pitman)],
                [_("population uniques, SNB"), share(pu.snb)],
                [_("Dankar et al. choice"), _("no model applies") if pu.dankar_estimate is None
                 else f"{findings.pct(pu.dankar_estimate)} ({findings.model_name(pu.dankar_model)})"
                 if pu.dankar_model is not None
                 else _("{share} (the file is the whole population)").format(share=findings.pct(pu.dankar_estimate))],
                [_("sampling fraction"), f"{number(pu.sampling_fraction, '.4g')} ({source})"],
                [_("population size"), number(pu.population_size, ",.0f")]]
        self.p(_("Population uniques estimated from the sample"), "h2")
        self.story.append(self.table([_("measure"), _("share of the population")], body, [0.4, 0.6]))

    def _suda(self, sample) -> None:
        suda = sample.suda
        if suda is None:
            return
        sizes = ", ".join(_("{count} of size {size}").format(count=integer(msus), size=size)
                          for size, msus in suda.msus_by_size) or _("none")
        body = [[_("special uniques"), _("{count} records ({share})").format(
                    count=integer(suda.special_uniques),
                    share=findings.pct(suda.special_uniques / sample.rows if sample.rows else 0))],
                [_("largest MSU size searched"), f"{suda.max_size}"], [_("minimal sample uniques (MSUs)"), sizes],
                [_("SUDA score"), _("mean {mean}, highest {highest}, total {total}").format(
                    mean=number(suda.mean_score, ".4g"), highest=number(suda.max_score, ".4g"),
                    total=number(suda.total_score, ",.6g" if suda.total_score < 1e6 else ",.0f"))],
                [_("DIS-SUDA score"), _("mean {mean}, highest {highest} (DIS fraction {fraction})").format(
                    mean=number(suda.mean_dis_score, ".4g"), highest=number(suda.max_dis_score, ".4g"),
                    fraction=number(suda.dis_fraction, "g"))],
                [_("scoring"), _(suda.variant)]]
        self.story.append(KeepTogether([Paragraph(_("Special uniques (SUDA)"), self.s["h2"]),
                                        self.table([_("measure"), _("value")], body, [0.3, 0.7])]))
        contributions = findings.number_list([f"{c.variable} {findings.pct(c.share)}"
                                              for c in sorted(suda.contributions, key=lambda c: -c.share)])
        self.figure(sample_figures.suda_figure(suda.dis_bands, suda.contributions),
                    _("SUDA scores and the key variables behind them"),
                    _("Left: records by DIS-SUDA score (grey: not special uniques). Right: each key variable's share "
                      "of the total SUDA score: {contributions} (an MSU counts for each of its variables, so the "
                      "shares can add up to more than 100%). Per-record scores are in suda.csv.").format(
                        contributions=contributions))

    def linked(self) -> None:
        linked = self.a.longitudinal
        if linked is None:
            return
        self.story.append(PageBreak())
        self.p(_("Linked releases (longitudinal attacks)"), "h1")
        self.p(_("The attacker left-joins the focal release with each later release on the persistent key. "
                 "QIDs are labelled per release (occupation@2); a focal record absent from a later release "
                 "gets a missing value there, counted as a value of its own; records only in later releases "
                 "are dropped. The sensitive attribute comes from the focal release."))
        body = [[r.label, r.name, integer(r.rows), r.key, integer(r.linked), findings.pct(r.match_rate),
                 integer(r.duplicates_dropped)] for r in linked.releases]
        self.story.append(self.table([_("label"), _("file"), _("rows"), _("key"), _("focal records linked"),
                                      _("match rate"), _("duplicate keys dropped")], body,
                                     [0.08, 0.28, 0.1, 0.13, 0.15, 0.13, 0.13]))
        self.p(_("Match rate: the share of focal records whose key the release holds. Keys are compared as "
                 "text: integers as digits, 7.0 as 7, text trimmed and all-digit text without leading zeros."),
               "small")
        for sentence in findings.unmatched_sentences(self.a):
            self.p('<font color="{colour}"><b>{warning}</b> {sentence}</font>'.format(
                colour=BAD, warning=_("Warning:"), sentence=escape(sentence)))
        steps = linked.over_time
        labels = [s.label for s in steps]
        series = {_("re-identification, deterministic"): [s.reidentification.posterior_det for s in steps],
                  _("re-identification, probabilistic"): [s.reidentification.posterior_prob for s in steps]}
        for sensitive in self.a.config.roles.sensitive:
            series[_("{sensitive}, certain").format(sensitive=sensitive)] = [
                next(i.posterior_det for i in s.inference if i.sensitive == sensitive) for s in steps]
        self.p(_("Risk over time"), "h2")
        self.p(_("Success with every QID of the focal release, then with each later release linked in turn."))
        figure = figures.over_time_bars(labels, series, _("Success as releases are linked"))
        self.story.append(figures.to_drawing(figure, TEXT_WIDTH))
        body = []
        for s in steps:
            r = s.reidentification
            body.append([s.label, ", ".join(r.qids), _pct_count(r.posterior_det, r.singletons),
                         _pct_count(r.posterior_prob, r.blocks)])
        self.story.append(self.table([_("up to"), _("QIDs"), _("unique (det.)"), _("re-identification (prob.)")],
                                     body, [0.08, 0.52, 0.2, 0.2]))
        if linked.reidentification:
            self.p(_("Collective re-identification on the linked releases (CRL)"), "h2")
            self._top_table(linked.reidentification, [("posterior_det", "singletons"), ("posterior_prob", "blocks")])
        for sensitive in self.a.config.roles.sensitive:
            rows = [r for r in linked.inference if r.sensitive == sensitive]
            if rows:
                self.p(_("Collective inference of {sensitive} on the linked releases (CAL)").format(
                    sensitive=escape(sensitive)), "h2")
                self._top_table(rows, [("posterior_det", "records_certain"), ("posterior_prob", "expected_correct")])

    def privacy_models(self) -> None:
        rows = self.a.privacy_models
        if not rows:
            return
        levels = full_set_levels(self.a)
        self.story.append(PageBreak())
        self.p(_("Privacy models"), "h1")
        self.p(escape(_(methods.MODELS_INTRO)), "small")
        for full in levels.rows if levels.complete else ():
            self.p(ngettext("Levels for the {count} QID, sensitive attribute {sensitive}",
                            "Levels for all {count} QIDs, sensitive attribute {sensitive}", len(levels.qids)).format(
                count=len(levels.qids), sensitive=escape(full.sensitive)), "h2")
            body = [["k", integer(full.k)], ["alpha", number(full.alpha, ".4g")], ["l", integer(full.l)],
                    [_("entropy l"), number(full.entropy_l, ".4g")],
                    [f"c (l = {full.c_l})", _("undefined") if full.c != full.c else integer(int(full.c))],
                    [_(DISTANCES.get(full.t_distance, "t ({distance} distance)")).format(distance=full.t_distance),
                     number(full.t, ".4g")],
                    [_("basic beta"), _level(full.beta_basic)],
                    [_("enhanced beta"), _("not achievable") if full.beta_enhanced != full.beta_enhanced
                     else _level(full.beta_enhanced)],
                    ["delta", _level(full.delta)]]
            self.story.append(self.table([_("model"), _("level reached")], body, [0.3, 0.7]))
            for note in full.notes:
                self.p(escape(_model_note(note, full.c_l)), "small")
        shortfalls = self.a.model_shortfalls
        if shortfalls:
            self.p(_("Blocks below the targets (all QIDs)"), "h2")
            body = [[findings.shortfall_model(s.model) + (f" ({s.sensitive})" if s.sensitive else ""), number(s.target, "g"),
                     _("{blocks} of {total}").format(blocks=integer(s.blocks), total=integer(s.total_blocks)),
                     integer(s.records)] for s in shortfalls]
            self.story.append(self.table([_("model"), _("target value"), _("blocks short"), _("records in them")], body,
                                         [0.35, 0.15, 0.25, 0.25]))
        self.p(_("Smallest k by number of QIDs known"), "h2")
        first = rows[0].sensitive
        body = [[str(len(m.qids)), ", ".join(m.qids), integer(m.k), integer(m.l), number(m.t, ".3g")]
                for m in smallest_k_by_size(rows)]
        self.story.append(self.table([_("size"), _("QIDs (subset with the smallest k)"), "k",
                                      f"l ({first})", f"t ({first})"], body, [0.1, 0.54, 0.12, 0.12, 0.12]))

    def targets(self) -> None:
        if not self.a.targets:
            return
        show = self.options.include_examples
        self.story.append(PageBreak())
        self.p(_("Individual targets"), "h1")
        if not show:
            self.p(_("The targets' values and the values inferred for them are hidden because they can "
                     "single out a person; they appear only when 'include examples' is switched on."), "small")
        header = [_("target"), _("QIDs known"), _("records"), _("re-identification"), _("inference")]
        body = []
        certain = " " + (_("(alone in the sample)") if self.sample_mode else _("(certain)"))
        same = " " + (_("(same in the sample block)") if self.sample_mode else _("(certain)"))
        for index, t in enumerate(self.a.targets, start=1):
            label = t.label if show else _("target {number}").format(number=index)
            if not t.matched:
                body.append([label, ", ".join(t.qids), "0", _("no match"), render(t.reason) if show else _("no match")])
                continue
            reid = findings.pct(t.posterior_prob) + (certain if t.posterior_det == 1.0 else "")
            inference = "; ".join(
                f"{i.sensitive}: {findings.pct(i.posterior_prob)}"
                + (same if i.posterior_det == 1.0 else "")
                + (_(", most likely '{value}'").format(value=i.most_likely) if show else "")
                for i in t.inference)
            body.append([label, ", ".join(t.qids), integer(t.block_size), reid, inference or "-"])
        self.story.append(self.table(header, body, [0.19, 0.22, 0.1, 0.17, 0.32]))

    def methods(self) -> None:
        self.story.append(PageBreak())
        self.p(_("Methods"), "h1")
        self.p(_("Attacker model"), "h2")
        self.p(escape(_(methods.ATTACKER)))
        for name, words, formula in methods.METRICS:
            self.p(escape(_(name)), "h2")
            self.p(escape(_(words)))
            self.p(escape(_(formula)), "mono")
        if self.a.sample_risk is not None:
            self.p(_("Sample files"), "h2")
            for name, words in methods.SAMPLE:
                if (name.startswith("SUDA") and self.a.sample_risk.suda is None) or \
                        (name == "Household risk" and self.a.sample_risk.household_summary is None):
                    continue
                self.p(f"<b>{escape(_(name))}</b>: {escape(_(words))}", "bullet")
        if self.a.privacy_models:
            self.p(_("Privacy models"), "h2")
            self.p(escape(_(methods.MODELS_INTRO)))
            for name, words in methods.MODELS:
                self.p(f"<b>{escape(_(name))}</b>: {escape(_(words))}", "bullet")
        self.p(escape(_(methods.REFERENCE)), "small")
        if self.a.sample_risk is not None:
            self.p(escape(_(methods.SAMPLE_REFERENCE)), "small")
            self.p(escape(_(methods.PEER_DIFFERENCES)), "small")

    def appendix(self) -> None:
        self.story.append(PageBreak())
        self.p(_("Appendix: analysis file"), "h1")
        self.p(_("This analysis file, with the data file whose SHA-256 is on the cover, reproduces every number in "
                 "this report: {command}.").format(
            command="<font name='DejaVuMono'>riskreview assess --config analysis.toml --pdf report.pdf</font>"))
        config = self.a.config
        if config.targets and not self.options.include_examples:
            config = replace(config, targets=tuple(Target(tuple((c, "(hidden)") for c, _value in t.values))
                                                   for t in config.targets))
            self.p(_("Individual targets' values are hidden here as in the rest of the report; the "
                     "analysis file saved with the results (analysis.toml) holds them."), "small")
        self.listing(config.to_toml().replace(config.data.path, Path(config.data.path).name))

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
        if "methods" in self.options.sections:
            self.methods()
        if "appendix" in self.options.sections:
            self.appendix()
        return self.story


def write_pdf(assessment: Assessment, path: str | Path, options: Optional[ReportOptions] = None,
              generated_at: Optional[datetime] = None, cancel: Optional[CancelToken] = None,
              files: Optional[StagedFiles] = None) -> Path:
    """Write the report to ``path`` atomically; ``options`` default to the analysis's own. The
    report is in ``options.language``, else the system's (engine/foundation/i18n.py)."""
    register_fonts()
    options = options or assessment.config.report
    with i18n.language(options.language):
        story = _Builder(assessment, options, generated_at or datetime.now(), cancel).build()
        name = assessment.dataset.name
        footer = _("RiskReview {version} - disclosure-risk report - {name}").format(
            version=assessment.engine_version or __version__, name=name)
        return write_document(story, path, _("Disclosure-risk report: {name}").format(name=name), footer,
                              options.author, cancel, files=files)
