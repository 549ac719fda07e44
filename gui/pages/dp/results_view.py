"""The results column of the differential-privacy page: a summary, the warnings, the plots and
tables of the counting queries and of the thresholded count, and the export row."""

from __future__ import annotations

import math
from typing import Sequence

from PySide6.QtWidgets import QHBoxLayout, QLabel, QTabWidget, QVBoxLayout, QWidget

from engine.api import DPAssessment, ThresholdPoint
from engine.api import dp_verdict
from engine.api import render

from ...text import count, duration, local_digits
from ...widgets.verdict_banner import VerdictBanner
from ...widgets.dp_plots import CountingCurves, ThresholdPlot, TradeoffPlot, number
from ..common import banner, hint
from .result_tables import fill_points, fill_threshold, points_table, threshold_table
from ...i18n import translate

THRESHOLD_TAB = 3


def gap_sentence(points: Sequence[ThresholdPoint], known: int) -> str:
    """One sentence on the gap between the active and passive curves, at the epsilon nearest 1."""
    usable = [p for p in points if p.epsilon > 0]
    if not usable:
        return ""
    p = min(usable, key=lambda q: abs(math.log(q.epsilon)))
    active, passive = p.delta_active, p.delta_passive
    head = translate(
        "dp.results_view",
        "At ε = {epsilon}, an attacker who only observes the {known} known votes (passive) gets "
        "δ = {passive}; one who can choose them (active, worst case {worst} known yes-votes) gets "
        "δ = {active}. ",
    ).format(
        epsilon=number(p.epsilon, 3),
        known=count(known),
        passive=number(passive, 3),
        worst=count(p.worst_known_yes),
        active=number(active, 3),
    )
    if not (math.isfinite(active) and math.isfinite(passive)):
        return head
    if active <= 0:
        return head + translate(
            "dp.results_view", "Neither attacker learns anything beyond ε about the target's vote at this ε."
        )
    if passive <= 0 or active >= 100 * passive:
        return head + translate(
            "dp.results_view",
            "The gap is what controlling the known votes buys: the release protects the target "
            "against an attacker who merely knows some votes, but not against one who can plant "
            "them.",
        )
    if active <= 2 * passive:
        return head + translate(
            "dp.results_view",
            "The curves are close: choosing the known votes gains the attacker little over observing them.",
        )
    return head + translate(
        "dp.results_view",
        "Choosing the known votes multiplies the attacker's δ by about {factor} over merely observing them.",
    ).format(factor=local_digits(f"{active / passive:.3g}"))


def summary_text(a: DPAssessment) -> str:
    """What was computed: the data and its queries, the thresholded count, and how long it took."""
    parts = []
    if a.dataset is not None:
        queries = len(a.config.scenarios)
        query_word = translate("dp.results_view", "query") if queries == 1 else translate("dp.results_view", "queries")
        mechanism_word = (
            translate("dp.results_view", "mechanism")
            if len(a.config.mechanisms) == 1
            else translate("dp.results_view", "mechanisms")
        )
        parts.append(
            translate(
                "dp.results_view",
                "{name}: {rows} records; {queries} {query_word} × {mechanisms} {mechanism_word} × " "{epsilons} ε.",
            ).format(
                name=f"<b>{a.dataset.name}</b>",
                rows=count(a.dataset.rows),
                queries=queries,
                query_word=query_word,
                mechanisms=len(a.config.mechanisms),
                mechanism_word=mechanism_word,
                epsilons=len(a.config.epsilons),
            )
        )
    if a.config.threshold is not None:
        t = a.config.threshold
        parts.append(
            translate(
                "dp.results_view",
                "Thresholded count: {voters} voters, threshold {threshold}, {known} known votes, p = {p}.",
            ).format(
                voters=count(t.voters), threshold=count(t.threshold), known=count(t.known), p=local_digits(f"{t.p:g}")
            )
        )
    seconds = sum(a.timings.values())
    parts.append(translate("dp.results_view", "Computed in {duration}.").format(duration=duration(seconds)))
    return " ".join(parts)


def _tab(content: QWidget, text: str) -> QWidget:
    tab = QWidget()
    layout = QVBoxLayout(tab)
    layout.setContentsMargins(4, 4, 4, 4)
    layout.addWidget(hint(text))
    layout.addWidget(content, 1)
    return tab


class DPResults(QWidget):
    """Shows one assessment; the page wires the export buttons and writes to ``status``."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 0, 0, 0)
        self.summary = QLabel(
            translate(
                "dp.results_view", "No results yet: add a counting query or include the thresholded count, then Run."
            )
        )
        self.summary.setObjectName("dpSummary")
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.verdict = VerdictBanner()
        layout.addWidget(self.verdict)
        self.warnings = banner()
        self.warnings.setVisible(False)
        layout.addWidget(self.warnings)
        self.tabs = QTabWidget()
        self.curves = CountingCurves()
        self.tabs.addTab(
            _tab(
                self.curves,
                translate(
                    "dp.results_view",
                    "Solid lines: oblivious (central) mechanism; dashed: local. "
                    "One colour per query. Point at a dot for its values.",
                ),
            ),
            translate("dp.results_view", "Loss && utility"),
        )
        self.tradeoff = TradeoffPlot()
        self.tabs.addTab(
            _tab(
                self.tradeoff,
                translate(
                    "dp.results_view",
                    "Up and to the left is better: more utility for less privacy loss. Each dot is one ε.",
                ),
            ),
            translate("dp.results_view", "Trade-off"),
        )
        self.points_table = points_table()
        self.tabs.addTab(
            _tab(
                self.points_table,
                translate(
                    "dp.results_view",
                    "Prior/posterior: the attacker's chance of guessing the new "
                    "record's secret; privacy loss is their ratio. Utility and count prior: the "
                    "analyst's chance of guessing the real count with and without the release.",
                ),
            ),
            translate("dp.results_view", "Points"),
        )
        threshold_tab = QWidget()
        threshold_layout = QVBoxLayout(threshold_tab)
        threshold_layout.setContentsMargins(4, 4, 4, 4)
        self.gap = QLabel("")
        self.gap.setObjectName("dpGap")
        self.gap.setWordWrap(True)
        threshold_layout.addWidget(self.gap)
        self.threshold_plot = ThresholdPlot()
        threshold_layout.addWidget(self.threshold_plot, 3)
        self.threshold_table = threshold_table()
        self.threshold_table.setMinimumHeight(110)
        threshold_layout.addWidget(self.threshold_table, 1)
        self.tabs.addTab(threshold_tab, translate("dp.results_view", "Thresholded count"))
        layout.addWidget(self.tabs, 1)
        export_row = QHBoxLayout()
        self.status = QLabel("")
        self.status.setObjectName("dpStatus")
        self.status.setWordWrap(True)
        export_row.addWidget(self.status, 1)
        layout.addLayout(export_row)

    def show_assessment(self, a: DPAssessment) -> None:
        """Fill every view from ``a``; open the thresholded count when it is all there is."""
        self.summary.setText(summary_text(a))
        self.verdict.show_verdict(dp_verdict(a, a.config.report.thresholds))
        self.warnings.setText(
            "<br>".join(translate("dp.results_view", "Warning: {warning}").format(warning=render(w)) for w in a.warnings)
        )
        self.warnings.setVisible(bool(a.warnings))
        self.curves.show_points(a.dp)
        self.tradeoff.show_points(a.dp)
        fill_points(self.points_table, a.dp)
        self.threshold_plot.show_points(a.threshold)
        fill_threshold(self.threshold_table, a.threshold)
        known = a.config.threshold.known if a.config.threshold is not None else 0
        self.gap.setText(gap_sentence(a.threshold, known) if a.threshold else
                         translate("dp.results_view", "No thresholded count in this analysis."))
        if not a.dp and a.threshold:
            self.tabs.setCurrentIndex(THRESHOLD_TAB)
        elif a.dp and self.tabs.currentIndex() == THRESHOLD_TAB and not a.threshold:
            self.tabs.setCurrentIndex(0)
