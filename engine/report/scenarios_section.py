"""The report's "What would make it ready" section: each scenario in plain language, its
verdict, risk before and after, and the information it costs, the recommended one first
(docs/methods.md, "Scenarios"). Reads the assessment's scenario results; computes nothing."""

from __future__ import annotations

from typing import Optional
from xml.sax.saxutils import escape

from ..foundation.i18n import _, ngettext
from ..remediation.recommend import describe, recommended_first
from ..remediation.scenarios import any_sample, expected_share, risk_summary, target_rows
from ..outcome.results import Assessment
from ..analysis.scenario_steps import Export
from . import findings
from .document import BAD, GOOD, DocumentBuilder
from ..foundation.locale_format import integer, number
from .scenario_figures import risk_loss_figure, risk_loss_points


def export_sentence(e: Export) -> str:
    """What the report says of a scenario's export: a fact when this run wrote it or its file
    matches the recorded SHA-256, else the analysis file's record marked "not verified"."""
    values = dict(file=e.path.replace(chr(92), "/").rsplit("/", 1)[-1], sha256=e.sha256 or _("not recorded"),
                  source=e.source_sha256)
    if e.status in ("", "verified"):
        text = _("Its transformed data were written to {file} (SHA-256 {sha256}) from the source file with SHA-256 "
                 "{source}.").format(**values)
        return text + (" " + _("The file there now matches this record.") if e.status == "verified" else "")
    record = _("The analysis file records its transformed data as written to {file} (SHA-256 {sha256}) from the "
               "source file with SHA-256 {source}.").format(**values)
    why = (_("Not verified: there is no such file now.") if e.status == "missing"
           else _("Not verified: the file there now has another SHA-256."))
    return f"{record} {why}"


def _pct(value: Optional[float]) -> str:
    return _("n/a") if value is None else findings.pct(value)


def _change(before: Optional[float], after: Optional[float]) -> str:
    return f"{_pct(before)} → {_pct(after)}"


def _alone(targets) -> int:
    return sum(1 for t in targets if t.matched and t.block_size == 1)


def numeric_sentences(original, numeric) -> list[str]:
    """The numeric-key risk and utility of a scenario, and after PRAM the unique matches that are
    right (docs/methods.md, "Numeric keys", "Risk after PRAM")."""
    if numeric is None:
        return []
    out = []
    if numeric.linkage_risk is not None:
        before_link = original.linkage_risk if original else None
        before_interval = original.interval_risk if original else None
        out.append(_("Numeric keys ({columns}): records linked to themselves by the nearest released values "
                     "{linked}; records whose values all lie within ±{radius} standard deviations of their released "
                     "values {interval}.").format(
            columns=", ".join(numeric.columns), linked=_change(before_link, numeric.linkage_risk),
            radius=number(numeric.interval_radius, "g"), interval=_change(before_interval, numeric.interval_risk)))
        if numeric.alone_in_block:
            out.append(_("{share} of the records are the only released record of their block of categorical "
                         "quasi-identifiers: the attacker compares only records that agree on those, so these are "
                         "linked to themselves whatever is done to the numeric keys.").format(
                share=_pct(numeric.alone_in_block)))
        if numeric.utility is not None:
            u = numeric.utility
            means = max((v for v in u.mean_change if v == v), default=0.0)
            sds = max((v for v in u.sd_change if v == v), default=0.0)
            out.append(_("Utility: IL1s {il1s} ({per_cell} per value); means change by up to {means}, standard "
                         "deviations by up to {sds}, correlations by up to {corr}.").format(
                il1s=number(u.il1s, ",.1f"), per_cell=number(u.il1s_mean, ".3f"), means=_pct(means), sds=_pct(sds),
                corr=number(u.correlation_change, ".3f")))
        if numeric.outlier_count:
            out.append(_("Outliers on the numeric keys still linked to themselves: {linked} of {count}.").format(
                linked=integer(numeric.outliers_linked or 0), count=integer(numeric.outlier_count)))
    if numeric.pram_columns and not numeric.pram_unique_matches:
        out.append(_("After PRAM of {columns}: no record is unique on the released quasi-identifiers.").format(
            columns=", ".join(numeric.pram_columns)))
    elif numeric.pram_columns:
        out.append(_("After PRAM of {columns}: {right} of the {unique} unique matches on the released "
                     "quasi-identifiers point at the true record.").format(
            columns=", ".join(numeric.pram_columns), unique=integer(numeric.pram_unique_matches or 0),
            right=_pct(numeric.pram_right_share)))
    return out


def numeric_table(doc: DocumentBuilder, assessment: Assessment, order: list[int], recommended: Optional[int]) -> None:
    """The numeric-key figures side by side, when the analysis has numeric QIDs."""
    original = assessment.numeric
    if original is None:
        return
    doc.p(_("Numeric keys side by side"), "h2")
    pram = any(s.numeric is not None and s.numeric.pram_columns for s in assessment.scenarios)
    rows = [["0", _("original (no change)"), _pct(original.linkage_risk), _pct(original.interval_risk),
             "0", integer(original.outliers_linked or 0)] + (["—"] if pram else [])]
    tag = " " + _("(recommended)")
    for position, i in enumerate(order, start=1):
        s = assessment.scenarios[i]
        n = s.numeric
        if n is None or n.linkage_risk is None:
            continue
        rows.append([str(position), s.scenario.name + (tag if i == recommended else ""), _pct(n.linkage_risk),
                     _pct(n.interval_risk), number(n.utility.il1s_mean, ".3f") if n.utility else _("n/a"),
                     integer(n.outliers_linked or 0)]
                    + ([_pct(n.pram_right_share) if n.pram_columns and n.pram_unique_matches else "—"] if pram else []))
    header = ["#", _("scenario"), _("linked to themselves"), _("within the interval"), _("IL1s per value"),
              _("outliers linked")]
    widths = [0.05, 0.3, 0.17, 0.17, 0.15, 0.16]
    if pram:
        header.append(_("PRAM: true matches"))
        widths = [0.05, 0.25, 0.14, 0.14, 0.13, 0.13, 0.16]
    doc.add_table(header, rows, widths)
    doc.p(_("Record linkage: each original record linked to the nearest released record on the standardised "
            "numeric keys within its block of the categorical quasi-identifiers (ties share the credit). Interval "
            "disclosure as sdcMicro's dRisk with radius {radius}. {count} outliers by robust Mahalanobis distance "
            "in the original file. These figures are reported beside the verdict, which they do not change.").format(
        radius=number(original.interval_radius, "g"), count=integer(original.outlier_count))
        + (" " + _("PRAM: true matches: of the matches unique on the released quasi-identifiers after PRAM, the "
                   "share that point at the true record (— when no match is unique).") if pram else ""), "small")


def lost_columns_caption(kept_losing: int) -> str:
    """The caption of the information-lost table, true of it: a scenario's column missing from
    the table lost nothing; ``kept_losing`` rows are columns kept as they are that lose
    information all the same (records removed or sampled out, or values blanked in them)."""
    caption = _("Columns a scenario changes or takes information from; a column not listed for a scenario "
                "loses nothing.")
    if kept_losing:
        caption += " " + ngettext(
            "{count} row is a column kept as it is that still loses information, because the scenario removes "
            "records.",
            "{count} rows are columns kept as they are that still lose information, because the scenario removes "
            "records.", kept_losing).format(count=kept_losing)
    return caption


def write_section(doc: DocumentBuilder, assessment: Assessment) -> None:
    """Append the section to ``doc`` (nothing when the assessment has no scenarios)."""
    results = assessment.scenarios
    if not results:
        return
    order, choice = recommended_first(results)
    thresholds = assessment.config.report.thresholds
    before = risk_summary(assessment)
    weighted = any_sample(assessment)
    targets_before = target_rows(assessment)
    doc.page_break()
    doc.p(_("What would make it ready"), "h1")
    doc.p(ngettext("{count} scenario was assessed: it transforms a copy of the data (the input file is never "
                   "changed) and the attacks of this report are run again on it, with the same thresholds (an "
                   "individual target's known values recoded as the scenario recodes its columns). Information "
                   "lost is the share of the quasi-identifiers' non-uniform entropy (ARX's measure) that the "
                   "scenario removes: 0% releases every value as it is, 100% suppresses every value.",
                   "{count} scenarios were assessed: each transforms a copy of the data (the input file is never "
                   "changed) and the attacks of this report are run again on it, with the same thresholds (an "
                   "individual target's known values recoded as the scenario recodes its columns). Information "
                   "lost is the share of the quasi-identifiers' non-uniform entropy (ARX's measure) that the "
                   "scenario removes: 0% releases every value as it is, 100% suppresses every value.",
                   len(results)).format(count=len(results)))
    if assessment.longitudinal is not None:
        doc.p(_("With linked releases, a scenario transforms the main release; leaving out or coarsening a column "
                "does the same to that column in every linked release that has it, so the releases stay coded "
                "alike, and the linked attacks are run again on them. Risks include the linked releases' subsets; "
                "the information lost is the main release's."))
    if choice.index is None:
        doc.p('<font color="{colour}"><b>{none}</b></font> {rule}.'.format(
            colour=BAD, none=_("No scenario is recommended:"), rule=escape(_(choice.rule))))
    else:
        name = results[choice.index].scenario.name
        doc.p("<b>{recommended}</b> ({rule}).".format(
            recommended=escape(_("Recommended: {name}").format(name=name)), rule=escape(_(choice.rule))))
    recommended_tag = " " + _("(recommended)")
    for position, i in enumerate(order, start=1):
        s = results[i]
        r = s.risk()
        colour = GOOD if s.ready else BAD
        tag = recommended_tag if i == choice.index else ""
        judged = findings.verdict(s.assessment, thresholds)
        doc.p(f"{position}. {escape(s.scenario.name)}{tag}", "h2")
        doc.p(f'<font color="{colour}"><b>{escape(judged.line)}</b></font>')
        for sentence in describe(s.scenario, lambda value: number(value, "g")):
            doc.p(escape(sentence), "bullet")
        for reason in judged.reasons:
            doc.p(escape(reason), "small")
        loss = s.loss
        kept = loss.records - loss.records_removed - loss.records_sampled_out
        shares = _change(expected_share(before), expected_share(r))
        expected = (_("Expected re-identifications: {shares} of the records.").format(shares=shares) + " "
                    if weighted else "")
        released = _("It releases {kept} of {records} records, blanks {blanked} values and loses {lost} of the "
                     "information.").format(kept=integer(kept), records=integer(loss.records),
                                            blanked=integer(sum(loss.cells_suppressed.values())),
                                            lost=_pct(loss.share_lost))
        if weighted:
            doc.p(expected + _("Records unique in the sample: {unique}.").format(
                unique=_change(before["worst_unique_share"], r["worst_unique_share"])) + " " + released)
        else:
            doc.p(_("Records unique: {unique}; mean re-identification probability: {mean}.").format(
                unique=_change(before["worst_unique_share"], r["worst_unique_share"]),
                mean=_change(before["worst_reid_prob"], r["worst_reid_prob"])) + " " + released)
        if targets_before:
            after = target_rows(s.assessment)
            alone = (_("Individual targets alone in their sample block: {before} of {total} before, {after} after.")
                     if weighted else
                     _("Individual targets alone in their block (re-identified with certainty): {before} of {total} "
                       "before, {after} after."))
            doc.p(alone.format(before=_alone(targets_before), total=len(targets_before), after=_alone(after)))
        for sentence in numeric_sentences(assessment.numeric, s.numeric):
            doc.p(escape(sentence))
        exported = s.scenario.exported
        for e in (exported, *exported.releases) if exported is not None else ():   # with linked releases, each file
            doc.p(escape(export_sentence(e)), "small")
    doc.p(_("Side by side"), "h2")
    header = ["#", _("scenario"), _("verdict"), *([_("expected re-id.")] if weighted else []),
              _("unique in the sample") if weighted else _("records unique"),
              _("mean 1/block in the sample") if weighted else _("mean re-id. probability"),
              _("certain inference above prior"), _("records removed"),
              _("values blanked"), _("information lost")]

    def risks(r: dict[str, Optional[float]]) -> list[str]:
        shown = ["worst_unique_share", "worst_reid_prob", "worst_certain_inference_gain"]
        return [_pct(expected_share(r))] * weighted + [_pct(r[key]) for key in shown]

    ready, not_ready = _("ready"), _("not ready")
    body = [["0", _("original (no change)"), ready if findings.verdict(assessment, thresholds).ready else not_ready,
             *risks(before), "0", "0", "0%"]]
    for position, i in enumerate(order, start=1):
        s = results[i]
        loss = s.loss
        body.append([str(position), s.scenario.name + (recommended_tag if i == choice.index else ""),
                     ready if s.ready else not_ready, *risks(s.risk()),
                     integer(loss.records_removed + loss.records_sampled_out),
                     integer(sum(loss.cells_suppressed.values())), _pct(loss.share_lost)])
    widths = ([0.04, 0.095, 0.09, 0.11, 0.1, 0.11, 0.11, 0.11, 0.115, 0.12] if weighted else
              [0.04, 0.17, 0.09, 0.11, 0.12, 0.12, 0.11, 0.12, 0.12])
    doc.add_table(header, body, widths)
    if weighted:
        limits = _("expected re-identifications (expected re-id.) at most {share} of the records and estimated "
                   "population uniques at most {unique} (the measures the verdict uses for a sample; records unique "
                   "in the sample are shown for comparison)").format(
            share=findings.pct(thresholds.expected_reid_share), unique=findings.pct(thresholds.unique_share))
        doc.p(_("Risks are those of the worst QID subset (for expected re-identifications, the worst key). "
                "Thresholds: {limits}, certain inference at most {gain} above the prior.").format(
            limits=limits, gain=findings.pct(thresholds.inference_certain_gain)), "small")
    else:
        doc.p(_("Risks are those of the worst QID subset. Thresholds: at most {unique} unique, mean probability at "
                "most {mean}, certain inference at most {gain} above the prior.").format(
            unique=findings.pct(thresholds.unique_share), mean=findings.pct(thresholds.reid_prob),
            gain=findings.pct(thresholds.inference_certain_gain)), "small")
    doc.figure(risk_loss_figure(risk_loss_points(assessment, order, choice.index), thresholds.unique_share,
                                thresholds.reid_prob, expected_limit=thresholds.expected_reid_share),
               _("Risk against information lost"),
               _("One point per scenario, numbered as in the table; the square is the original file; green: ready "
                 "for release, red: not ready; the ringed point is the recommended scenario.")
               + (" " + _("Right: the records linked to themselves by their numeric keys against the information "
                          "those keys lost (IL1s per value); these figures do not change the verdict.")
                  if assessment.numeric is not None and assessment.numeric.linkage_risk is not None else ""))
    numeric_table(doc, assessment, order, choice.index)
    doc.p(_("Information lost per column"), "h2")
    rows = []
    kept_losing = 0  # rows of columns kept as they are, no value blanked, that still lose information
    for position, i in enumerate(order, start=1):
        loss = results[i].loss
        for column in (*loss.levels, *loss.dropped):
            if column in loss.dropped:
                what, entropy = _("left out"), loss.entropy_dropped.get(column)
            else:
                level = loss.levels[column]
                entropy = loss.entropy[column]
                most = loss.entropy_max.get(column)
                suppressed = bool(level) and bool(most) and entropy >= most * (1 - 1e-9)  # every value made one
                what = (_("suppressed (level {level})") if suppressed else _("level {level}") if level
                        else _("as is")).format(level=level)
            blanked = loss.cells_suppressed.get(column, 0)
            if column not in loss.dropped and not loss.levels[column] and not blanked and not entropy:
                continue
            most = loss.entropy_max.get(column)
            share = None if entropy is None or not most else entropy / most
            kept_losing += column not in loss.dropped and not loss.levels[column] and not blanked
            rows.append([str(position), column, what, integer(blanked),
                         _("n/a") if entropy is None else number(entropy, ",.1f"), _pct(share)])
    if rows:
        doc.p(escape(lost_columns_caption(kept_losing)), "small")
        doc.add_table(["#", _("column"), _("change"), _("values blanked"), _("non-uniform entropy (bits)"),
                       _("share of the column lost")], rows, [0.05, 0.3, 0.15, 0.15, 0.18, 0.17])
    else:
        doc.p(_("No scenario recodes, blanks or leaves out a quasi-identifier column, so none loses information "
                "by this measure."), "small")
    tvd = [(str(position), key, value) for position, i in enumerate(order, start=1)
           for key, value in results[i].loss.tvd.items()]
    if tvd:
        doc.p(_("Distortion of the chosen cross-tabulations (total variation distance: the share of records "
                "that would have to move between cells to restore the original table)"), "small")
        doc.add_table(["#", _("cross-tabulation"), _("total variation distance")],
                      [[n, k, number(v, ".4f")] for n, k, v in tvd], [0.05, 0.6, 0.35])
