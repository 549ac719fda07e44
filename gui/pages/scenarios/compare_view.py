"""Scenarios side by side: a table (verdict, risks, with a sampling weight the expected
re-identifications too, records and values removed, information lost in total and per column;
with numeric quasi-identifiers or PRAM their risk and utility figures) and the risk-against-loss
plot drawn by the report's figure function, the original marked. Every number is read off the
assessment."""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, QTimer
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from engine.api import Thresholds
from engine.api import recommend
from engine.api import any_sample, expected_share, risk_summary
from engine.api import RiskLossPoint, risk_loss_figure, risk_loss_points
from engine.api import Assessment
from engine.api import Verdict, verdict

from ...text import count, local_digits, pct
from ...widgets.canvas import PlotCanvas
from ...i18n import translate

FIXED = (
    "#",
    QT_TRANSLATE_NOOP("scenarios.compare_view", "scenario"),
    QT_TRANSLATE_NOOP("scenarios.compare_view", "verdict"),
    QT_TRANSLATE_NOOP("scenarios.compare_view", "unique"),
    QT_TRANSLATE_NOOP("scenarios.compare_view", "mean re-id. prob."),
    QT_TRANSLATE_NOOP("scenarios.compare_view", "certain inference"),
    QT_TRANSLATE_NOOP("scenarios.compare_view", "released"),
    QT_TRANSLATE_NOOP("scenarios.compare_view", "blanked"),
    QT_TRANSLATE_NOOP("scenarios.compare_view", "info lost"),
)
TIPS = (
    "",
    "",
    QT_TRANSLATE_NOOP("scenarios.compare_view", "Verdict under the analysis's thresholds"),
    QT_TRANSLATE_NOOP(
        "scenarios.compare_view", "Records unique on the worst QID subset (re-identified when the file is the population)"
    ),
    QT_TRANSLATE_NOOP("scenarios.compare_view", "Mean re-identification probability on the worst QID subset"),
    QT_TRANSLATE_NOOP(
        "scenarios.compare_view",
        "Rise over the prior of the records whose sensitive value is inferred with certainty (worst subset)",
    ),
    QT_TRANSLATE_NOOP("scenarios.compare_view", "Records released (after record suppression and sampling)"),
    QT_TRANSLATE_NOOP("scenarios.compare_view", "Values blanked by local suppression"),
    QT_TRANSLATE_NOOP(
        "scenarios.compare_view",
        "Share of the QIDs' non-uniform entropy lost (a dropped column counts as every value suppressed)",
    ),
)
NUMERIC = (
    (QT_TRANSLATE_NOOP("scenarios.compare_view", "linked to themselves"),
     QT_TRANSLATE_NOOP("scenarios.compare_view",
                       "Record linkage on the numeric keys: records whose nearest released record (standardised "
                       "distance, within their block of the other QIDs) is their own")),
    (QT_TRANSLATE_NOOP("scenarios.compare_view", "within the interval"),
     QT_TRANSLATE_NOOP("scenarios.compare_view",
                       "Interval disclosure (sdcMicro's dRisk): records whose original values all lie within the "
                       "radius times the standard deviation of their released values")),
    (QT_TRANSLATE_NOOP("scenarios.compare_view", "outliers linked"),
     QT_TRANSLATE_NOOP("scenarios.compare_view",
                       "Outliers of the original on the numeric keys (robust Mahalanobis distance) still linked to "
                       "themselves, of those in the file")),
    (QT_TRANSLATE_NOOP("scenarios.compare_view", "IL1s per value"),
     QT_TRANSLATE_NOOP("scenarios.compare_view",
                       "Information lost on the numeric keys: IL1s (sdcMicro's dUtility) over the number of values")),
)
PRAM = (QT_TRANSLATE_NOOP("scenarios.compare_view", "PRAM: true matches"),
        QT_TRANSLATE_NOOP("scenarios.compare_view",
                          "After PRAM, the share of the records unique on the released QIDs whose match is the true "
                          "record"))
EXPECTED_AT = 3  # with a sampling weight, "expected re-id." follows the verdict (as in the report)
READY_BG, NOT_READY_BG = QColor("#e3f1e6"), QColor("#f8e1de")


def _pct(value: Optional[float]) -> str:
    return pct(value)


def column_loss_text(loss, column: str) -> str:
    """What a scenario did to one QID and the share of its information lost."""
    if column in loss.dropped:
        return translate("scenarios.compare_view", "left out · 100%")
    level = loss.levels.get(column, 0)
    blanked = loss.cells_suppressed.get(column, 0)
    most = loss.entropy_max.get(column)
    share = loss.entropy.get(column, 0.0) / most if most else 0.0
    if level and share >= 1 - 1e-9:  # every value generalised to one: the column is suppressed
        parts = [translate("scenarios.compare_view", "suppressed (level {0})").format(level)]
    else:
        parts = [translate("scenarios.compare_view", "level {0}").format(level)] if level else []
    if blanked:
        parts.append(translate("scenarios.compare_view", "{0} blanked").format(count(blanked)))
    if not parts and not share:
        return "—"
    return " · ".join(parts + [_pct(share)])


def numeric_cells(numeric, pram: bool, original: bool = False) -> list[str]:
    """The numeric-key cells of a row (and the PRAM cell when ``pram``): linkage risk, interval
    risk, outliers linked of those in the file, IL1s per value."""
    if numeric is None or numeric.linkage_risk is None:
        cells = ["—"] * len(NUMERIC)
    else:
        il1s = (local_digits("0.000") if original else
                local_digits(f"{numeric.utility.il1s_mean:.3f}") if numeric.utility else "—")
        cells = [_pct(numeric.linkage_risk), _pct(numeric.interval_risk),
                 translate("scenarios.compare_view", "{0} of {1}").format(count(numeric.outliers_linked or 0),
                                                                         count(numeric.outlier_count)), il1s]
    if pram:
        cells.append(_pct(numeric.pram_right_share) if numeric is not None and numeric.pram_columns
                     and numeric.pram_unique_matches else "—")
    return cells


def alone_tip(numeric) -> str:
    """Why linkage stays high (the report says the same): the share of records that are the only
    released record of their block of categorical quasi-identifiers; empty when none is."""
    if numeric is None or not numeric.alone_in_block:
        return ""
    return translate("scenarios.compare_view",
                     "{0} of the records are the only released record of their block of categorical "
                     "quasi-identifiers: the attacker compares only records that agree on those, so these are "
                     "linked to themselves whatever is done to the numeric keys.").format(_pct(numeric.alone_in_block))


def _readiness(ready: bool) -> str:
    return translate("scenarios.compare_view", "ready") if ready else translate("scenarios.compare_view", "not ready")


class CompareTable(QTableWidget):
    """One row for the original, then one per scenario in the analysis's order."""

    def __init__(self, parent=None) -> None:
        super().__init__(0, len(FIXED), parent)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setDefaultSectionSize(24)
        self.setWordWrap(True)
        self.names: list[str] = []
        self.verdicts: list[Verdict] = []  # the original's, then each scenario's (engine.outcome.verdict.verdict)

    def show_assessment(self, assessment: Optional[Assessment], thresholds: Thresholds) -> None:
        self.clear()
        self.names = []
        self.verdicts = []
        if assessment is None or not assessment.scenarios:
            self.setRowCount(0)
            self.setColumnCount(len(FIXED))
            self.setHorizontalHeaderLabels([translate("scenarios.compare_view", h) for h in FIXED])
            return
        qids = list(assessment.config.roles.quasi_identifiers)
        crosstabs = list(dict.fromkeys(k for s in assessment.scenarios for k in s.loss.tvd))
        original = verdict(assessment, thresholds)
        self.verdicts = [original] + [verdict(s.assessment, thresholds) for s in assessment.scenarios]
        before = risk_summary(assessment)
        weighted = any_sample(assessment)  # the original or a scenario is a sample file
        fixed = [translate("scenarios.compare_view", h) for h in FIXED]
        tips = [translate("scenarios.compare_view", tip) if tip else "" for tip in TIPS]
        if weighted:
            fixed[EXPECTED_AT] = translate("scenarios.compare_view", "unique in the sample")
            tips[EXPECTED_AT] = translate(
                "scenarios.compare_view",
                "Records unique in the sample on the worst QID subset (not necessarily unique in the population)")
            fixed[EXPECTED_AT + 1] = translate("scenarios.compare_view", "mean 1/block in the sample")
            tips[EXPECTED_AT + 1] = translate(
                "scenarios.compare_view",
                "Mean of 1 / (records of the sample sharing the worst QID subset's values): the re-identification "
                "probability if the sample were the whole population, not judged for a sample")
            fixed.insert(EXPECTED_AT, translate("scenarios.compare_view", "expected re-id."))
            tips.insert(EXPECTED_AT, translate(
                "scenarios.compare_view",
                "Expected re-identifications on the worst key, as a share of the records (estimated from the "
                "sampling weight or fraction; for a population file, its mean re-identification probability)"))
        numeric = assessment.numeric is not None and assessment.numeric.linkage_risk is not None
        pram = any(s.numeric is not None and s.numeric.pram_columns for s in assessment.scenarios)
        extra = (list(NUMERIC) if numeric else []) + ([PRAM] if pram else [])
        fixed += [translate("scenarios.compare_view", h) for h, _ in extra]
        tips += [translate("scenarios.compare_view", t) for _, t in extra]
        headers = fixed + [translate("scenarios.compare_view", "{0}: lost").format(q) for q in qids]
        headers += [f"TVD {k}" for k in crosstabs]
        self.setColumnCount(len(headers))
        self.setHorizontalHeaderLabels(headers)
        for j, tip in enumerate(tips):
            self.horizontalHeaderItem(j).setToolTip(tip)
        rows = [["0", translate("scenarios.compare_view", "original (no change)"),
                 _readiness(original.ready),
                 _pct(before["worst_unique_share"]), _pct(before["worst_reid_prob"]),
                 _pct(before["worst_certain_inference_gain"]), count(assessment.dataset.rows), "0", pct(0.0)]
                + (numeric_cells(assessment.numeric, False, original=True) if numeric else [])
                + (["—"] if pram else []) + ["—"] * (len(qids) + len(crosstabs))]
        if weighted:
            rows[0].insert(EXPECTED_AT, _pct(expected_share(before)))
        ready = [v.ready for v in self.verdicts]
        choice = recommend(assessment.scenarios).index
        for number, s in enumerate(assessment.scenarios, start=1):
            r, loss = s.risk(), s.loss
            mark = translate("scenarios.compare_view", " ★ recommended") if number - 1 == choice else ""
            rows.append([str(number), s.scenario.name + mark,
                         _readiness(self.verdicts[number].ready),
                         _pct(r["worst_unique_share"]), _pct(r["worst_reid_prob"]),
                         _pct(r["worst_certain_inference_gain"]),
                         count(loss.records - loss.records_removed - loss.records_sampled_out),
                         count(sum(loss.cells_suppressed.values())), _pct(loss.share_lost)]
                        + (numeric_cells(s.numeric, pram) if numeric else
                           numeric_cells(s.numeric, pram)[len(NUMERIC):])
                        + [column_loss_text(loss, q) for q in qids]
                        + [local_digits(f"{loss.tvd[k]:.4f}") if k in loss.tvd else "—" for k in crosstabs])
            if weighted:
                rows[-1].insert(EXPECTED_AT, _pct(expected_share(r)))
            self.names.append(s.scenario.name)
        link_at = len(fixed) - len(extra) if numeric else -1
        link_tips = [alone_tip(n) for n in [assessment.numeric] + [s.numeric for s in assessment.scenarios]]
        self.setRowCount(len(rows))
        for i, row in enumerate(rows):
            for j, text in enumerate(row):
                item = QTableWidgetItem(text)
                if j == link_at and link_tips[i]:
                    item.setToolTip(link_tips[i])
                if j not in (1, 2) and j < len(fixed):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if j == 2:
                    item.setBackground(QBrush(READY_BG if ready[i] else NOT_READY_BG))
                self.setItem(i, j, item)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)
        self.setColumnWidth(1, 220)

    def cell_text(self, row: int, column: str) -> str:
        """The text of ``row`` under the header ``column``."""
        return self._cell(row, column).text()

    def cell_tip(self, row: int, column: str) -> str:
        """The tooltip of ``row``'s cell under the header ``column``."""
        return self._cell(row, column).toolTip()

    def _cell(self, row: int, column: str) -> QTableWidgetItem:
        for j in range(self.columnCount()):
            if self.horizontalHeaderItem(j).text() == column:
                return self.item(row, j)
        raise KeyError(column)

    def selected_verdict(self) -> tuple[int, Optional[Verdict]]:
        """(row, verdict) of the selected row, the original's (row 0) when none is selected."""
        rows = {i.row() for i in self.selectedIndexes()}
        row = rows.pop() if len(rows) == 1 else 0
        return row, self.verdicts[row] if row < len(self.verdicts) else None

    def selected_name(self) -> Optional[str]:
        rows = {i.row() for i in self.selectedIndexes()}
        if len(rows) != 1:
            return None
        row = rows.pop()
        return self.names[row - 1] if row >= 1 else None


class RiskLossPlot(PlotCanvas):
    """The report's risk-against-loss figure; hover names the point. Its labels are merged
    where they would overlap at the canvas' size, so they are laid out again once a resize
    settles (:data:`RELABEL_MS`)."""

    RELABEL_MS = 150

    def __init__(self, parent=None) -> None:
        super().__init__(parent, width=9.0, height=3.4)
        self.points: list[RiskLossPoint] = []
        self._limits = Thresholds()
        self._relabel = QTimer(self)
        self._relabel.setSingleShot(True)
        self._relabel.setInterval(self.RELABEL_MS)
        self._relabel.timeout.connect(self._draw_points)
        self.show_assessment(None, Thresholds())

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if getattr(self, "points", None):     # (matplotlib's constructor may resize first)
            self._relabel.start()

    def show_assessment(self, assessment: Optional[Assessment], thresholds: Thresholds) -> None:
        if assessment is None or not assessment.scenarios:
            self.reset()
            self.points = []
            self.show_empty(
                translate("scenarios.compare_view",
                          "No scenario results yet: build scenarios, then press Run the scenarios.")
            )
            return
        choice = recommend(assessment.scenarios).index
        points = risk_loss_points(assessment, list(range(len(assessment.scenarios))), choice)
        self.show_points(points, thresholds)

    def show_points(self, points: list[RiskLossPoint], thresholds: Thresholds) -> None:
        """Draw ``points`` (the original first) against ``thresholds``."""
        self.points, self._limits = points, thresholds
        self._draw_points()

    def _draw_points(self) -> None:
        if not self.points:
            return
        self.reset()
        risk_loss_figure(self.points, self._limits.unique_share, self._limits.reid_prob, figure=self.figure,
                         expected_limit=self._limits.expected_reid_share)
        for ax in self.figure.axes:
            self.annotation(ax)
        self.draw_idle()

    def hover_text(self, ax, event):
        if event.xdata is None or not self.points:
            return None
        weighted = any(p.expected_share is not None for p in self.points)
        measures = ("expected_share", "unique_share") if weighted else ("unique_share", "reid_prob")
        panel = self.figure.axes.index(ax) if ax in self.figure.axes else 0
        measure = "linkage_risk" if panel == 2 else measures[min(panel, 1)]
        best, distance = None, None
        for number, p in enumerate(self.points):
            value = getattr(p, measure)
            if value is None:
                continue
            x = (p.il1s or 0.0) if panel == 2 else 100 * p.loss
            screen = ax.transData.transform((x, 100 * value))
            d = (screen[0] - event.x) ** 2 + (screen[1] - event.y) ** 2
            if distance is None or d < distance:
                best, distance = (number, p, value), d
        if best is None or distance > 12 ** 2:
            return None
        number, p, value = best
        label = translate("scenarios.compare_view", "original file") if p.original else f"{number}. {p.label}"
        if panel == 2:
            text = translate("scenarios.compare_view", "{0}\nlinked {1} · IL1s {2}")
            return (p.il1s or 0.0, 100 * value), text.format(label, _pct(value), local_digits(f"{p.il1s or 0.0:.3f}"))
        return (
            (100 * p.loss, 100 * value),
            translate("scenarios.compare_view", "{0}\nrisk {1} · lost {2}").format(label, _pct(value), _pct(p.loss)),
        )
