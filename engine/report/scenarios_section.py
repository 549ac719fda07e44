"""The report's "What would make it ready" section: each scenario in plain language, its
verdict, risk before and after, and the information it costs, the recommended one first
(docs/methods.md, "Scenarios"). Reads the assessment's scenario results; computes nothing."""

from __future__ import annotations

from typing import Optional
from xml.sax.saxutils import escape

from ..remediation.recommend import describe, recommended_first
from ..remediation.scenarios import risk_summary, target_rows
from ..results import Assessment
from . import findings
from .document import BAD, GOOD, DocumentBuilder
from .scenario_figures import RiskLossPoint, risk_loss_figure


def _pct(value: Optional[float]) -> str:
    return "n/a" if value is None else findings.pct(value)


def _change(before: Optional[float], after: Optional[float]) -> str:
    return f"{_pct(before)} → {_pct(after)}"


def _alone(targets) -> int:
    return sum(1 for t in targets if t.matched and t.block_size == 1)


def risk_loss_points(assessment: Assessment, order: list[int], recommended: Optional[int]) -> list[RiskLossPoint]:
    """The original, then the scenarios in ``order`` (numbered 1, 2, ... in that order)."""
    original = findings.verdict(assessment, assessment.config.report.thresholds)
    risk = risk_summary(assessment)
    points = [RiskLossPoint("original", 0.0, risk["worst_unique_share"], risk["worst_reid_prob"], original.ready,
                            original=True, expected_share=risk["worst_expected_reid_share"])]
    for i in order:
        s = assessment.scenarios[i]
        r = s.risk()
        points.append(RiskLossPoint(s.scenario.name, s.loss.share_lost or 0.0, r["worst_unique_share"],
                                    r["worst_reid_prob"], s.ready, recommended=i == recommended,
                                    expected_share=r["worst_expected_reid_share"]))
    return points


def write_section(doc: DocumentBuilder, assessment: Assessment) -> None:
    """Append the section to ``doc`` (nothing when the assessment has no scenarios)."""
    results = assessment.scenarios
    if not results:
        return
    order, choice = recommended_first(results)
    thresholds = assessment.config.report.thresholds
    before = risk_summary(assessment)
    weighted = before["worst_expected_reid_share"] is not None
    targets_before = target_rows(assessment)
    doc.page_break()
    doc.p("What would make it ready", "h1")
    doc.p(f"{len(results)} scenario(s) were assessed: each transforms a copy of the data (the input file is "
          f"never changed) and the attacks of this report are run again on it, with the same thresholds (an "
          f"individual target's known values recoded as the scenario recodes its columns). "
          f"Information lost is the share of the quasi-identifiers' non-uniform entropy (ARX's measure) that "
          f"the scenario removes: 0% releases every value as it is, 100% suppresses every value.")
    if assessment.longitudinal is not None:
        doc.p("With linked releases, a scenario transforms the main release; leaving out or coarsening a column "
              "does the same to that column in every linked release that has it, so the releases stay coded alike, "
              "and the linked attacks are run again on them. Risks include the linked releases' subsets; the "
              "information lost is the main release's.")
    if choice.index is None:
        doc.p(f'<font color="{BAD}"><b>No scenario is recommended:</b></font> {escape(choice.rule)}.')
    else:
        name = results[choice.index].scenario.name
        doc.p(f"<b>Recommended: {escape(name)}</b> ({escape(choice.rule)}).")
    for number, i in enumerate(order, start=1):
        s = results[i]
        r = s.risk()
        colour = GOOD if s.ready else BAD
        tag = " (recommended)" if i == choice.index else ""
        doc.p(f"{number}. {escape(s.scenario.name)}{tag}", "h2")
        doc.p(f'<font color="{colour}"><b>{escape(s.verdict)}</b></font>')
        for sentence in describe(s.scenario):
            doc.p(escape(sentence), "bullet")
        for reason in s.reasons:
            doc.p(escape(reason), "small")
        loss = s.loss
        kept = loss.records - loss.records_removed - loss.records_sampled_out
        shares = _change(before["worst_expected_reid_share"], r["worst_expected_reid_share"])
        expected = f"Expected re-identifications: {shares} of the records. " if weighted else ""
        doc.p(f"{expected}Records unique: {_change(before['worst_unique_share'], r['worst_unique_share'])}; mean "
              f"re-identification probability: {_change(before['worst_reid_prob'], r['worst_reid_prob'])}. "
              f"It releases {kept:,} of {loss.records:,} records, blanks {sum(loss.cells_suppressed.values()):,} "
              f"values and loses {_pct(loss.share_lost)} of the information.")
        if targets_before:
            after = target_rows(s.assessment)
            doc.p(f"Individual targets alone in their block (re-identified with certainty): "
                  f"{_alone(targets_before)} of {len(targets_before)} before, {_alone(after)} after.")
        if s.scenario.exported is not None:
            e = s.scenario.exported
            doc.p(escape(f"Its transformed data were written to {e.path.replace(chr(92), '/').rsplit('/', 1)[-1]} "
                         f"(SHA-256 {e.sha256 or 'not recorded'}) from the source file with SHA-256 "
                         f"{e.source_sha256}."), "small")
    doc.p("Side by side", "h2")
    header = ["#", "scenario", "verdict", *(["expected re-id."] if weighted else []), "records unique",
              "mean re-id. probability", "certain inference above prior", "records removed", "values blanked",
              "information lost"]

    def risks(r: dict[str, Optional[float]]) -> list[str]:
        shown = ["worst_expected_reid_share"] * weighted + ["worst_unique_share", "worst_reid_prob",
                                                            "worst_certain_inference_gain"]
        return [_pct(r[key]) for key in shown]

    body = [["0", "original (no change)", "ready" if findings.verdict(assessment, thresholds).ready else "not ready",
             *risks(before), "0", "0", "0%"]]
    for number, i in enumerate(order, start=1):
        s = results[i]
        loss = s.loss
        body.append([str(number), s.scenario.name + (" (recommended)" if i == choice.index else ""),
                     "ready" if s.ready else "not ready", *risks(s.risk()),
                     f"{loss.records_removed + loss.records_sampled_out:,}",
                     f"{sum(loss.cells_suppressed.values()):,}", _pct(loss.share_lost)])
    widths = ([0.04, 0.15, 0.08, 0.1, 0.09, 0.11, 0.1, 0.1, 0.09, 0.14] if weighted else
              [0.04, 0.2, 0.09, 0.1, 0.13, 0.12, 0.1, 0.1, 0.12])
    doc.add_table(header, body, widths)
    limits = (f"expected re-identifications (expected re-id.) at most {findings.pct(thresholds.expected_reid_share)} "
              f"of the records (the measure the verdict uses with a sampling weight; unique records are shown for "
              f"comparison)"
              if weighted else f"at most {findings.pct(thresholds.unique_share)} unique, mean probability at most "
              f"{findings.pct(thresholds.reid_prob)}")
    worst_key = " (for expected re-identifications, the worst key)" if weighted else ""
    doc.p(f"Risks are those of the worst QID subset{worst_key}. Thresholds: {limits}, certain inference at most "
          f"{findings.pct(thresholds.inference_certain_gain)} above the prior.", "small")
    doc.figure(risk_loss_figure(risk_loss_points(assessment, order, choice.index), thresholds.unique_share,
                                thresholds.reid_prob, expected_limit=thresholds.expected_reid_share),
               "Risk against information lost",
               "One point per scenario, numbered as in the table; the square is the original file; green: ready "
               "for release, red: not ready; the ringed point is the recommended scenario.")
    doc.p("Information lost per column", "h2")
    rows = []
    for number, i in enumerate(order, start=1):
        loss = results[i].loss
        for column in (*loss.levels, *loss.dropped):
            if column in loss.dropped:
                what, entropy = "left out", loss.entropy_dropped.get(column)
            else:
                level = loss.levels[column]
                what = f"level {level}" if level else "as is"
                entropy = loss.entropy[column]
            blanked = loss.cells_suppressed.get(column, 0)
            if what == "as is" and not blanked and not entropy:
                continue
            most = loss.entropy_max.get(column)
            share = None if entropy is None or not most else entropy / most
            rows.append([str(number), column, what, f"{blanked:,}", "n/a" if entropy is None else f"{entropy:,.1f}",
                         _pct(share)])
    doc.p("Columns a scenario changes (a column kept as it is, with no value blanked, loses nothing).", "small")
    doc.add_table(["#", "column", "change", "values blanked", "non-uniform entropy (bits)", "share of the column lost"],
                  rows, [0.05, 0.3, 0.15, 0.15, 0.18, 0.17])
    tvd = [(str(number), key, value) for number, i in enumerate(order, start=1)
           for key, value in results[i].loss.tvd.items()]
    if tvd:
        doc.p("Distortion of the chosen cross-tabulations (total variation distance: the share of records "
              "that would have to move between cells to restore the original table)", "small")
        doc.add_table(["#", "cross-tabulation", "total variation distance"], [[n, k, f"{v:.4f}"] for n, k, v in tvd],
                      [0.05, 0.6, 0.35])
