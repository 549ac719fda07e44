"""The tables of a differential-privacy analysis: one row per counting point (query, mechanism,
epsilon) and one per epsilon of the thresholded count, each number as the engine gave it."""

from __future__ import annotations

import math
from typing import Optional, Sequence

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from engine.api import CountingPoint, ThresholdPoint

from ...dialogs.help_browser import add_glossary_menu, glossary_hint
from ...i18n import translate
from ...text import Translated, count, local_digits, pct
from ...widgets.dp_plots import number

TIPS = Translated(
    "dp.result_tables",
    {
        "privacy_loss": QT_TRANSLATE_NOOP(
            "dp.result_tables",
            "Posterior / prior chance of guessing the new record's sensitive value "
            "(multiplicative Bayes leakage). 1 = the noisy count teaches the attacker nothing.",
        ),
        "utility": QT_TRANSLATE_NOOP(
            "dp.result_tables",
            "Chance that the analyst's best guess of the real count, from the noisy count, is right.",
        ),
        "prior": QT_TRANSLATE_NOOP(
            "dp.result_tables",
            "The attacker's chance of guessing the new record's sensitive value before the release "
            "(the most common value's share).",
        ),
        "posterior": QT_TRANSLATE_NOOP(
            "dp.result_tables", "The attacker's chance of guessing it after seeing the noisy count."
        ),
        "count_prior": QT_TRANSLATE_NOOP(
            "dp.result_tables", "The analyst's chance of guessing the real count without the release."
        ),
        "delta_active": QT_TRANSLATE_NOOP(
            "dp.result_tables",
            "δ against an attacker who can choose (plant) the known votes: the worst number of "
            "known yes-votes (APKDP).",
        ),
        "delta_passive": QT_TRANSLATE_NOOP(
            "dp.result_tables",
            "δ against an attacker who only observes the known votes: the average over how many "
            "of them are yes (PPKDP).",
        ),
        "worst": QT_TRANSLATE_NOOP(
            "dp.result_tables", "The number of known yes-votes that gives the active attacker the largest δ."
        ),
    },
)


def percent(value: Optional[float], digits: int = 2) -> str:
    return pct(None) if value is None or not math.isfinite(value) else local_digits(f"{100 * value:.{digits}f}%")


def fixed(value: Optional[float], digits: int = 4) -> str:
    return pct(None) if value is None or not math.isfinite(value) else local_digits(f"{value:.{digits}f}")


def results_table(name: str, heads: Sequence[str], tips: Sequence[str],
                  measures: Sequence[str] = ()) -> QTableWidget:
    """A read-only table with these column heads (and their tooltips); ``measures``: each column's
    measure (a key of gui/dialogs/help_browser.py MEASURE_ANCHORS, "" for none), whose glossary
    entry a right-click on the header opens."""
    table = QTableWidget(0, len(heads))
    table.setObjectName(name)
    table.setHorizontalHeaderLabels(list(heads))
    measures = tuple(measures) + ("",) * (len(heads) - len(measures))
    for column, tip in enumerate(tips):
        tip = f"{tip}\n\n{glossary_hint()}" if tip and measures[column] else tip
        if tip:
            table.horizontalHeaderItem(column).setToolTip(tip)
    add_glossary_menu(table.horizontalHeader(), lambda column: measures[column] if 0 <= column < len(measures) else "")
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setAlternatingRowColors(True)
    table.verticalHeader().setVisible(False)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    table.verticalHeader().setDefaultSectionSize(22)
    return table


def points_table() -> QTableWidget:
    return results_table(
        "dpPoints",
        [
            translate("dp.result_tables", "Query"),
            translate("dp.result_tables", "Mechanism"),
            "ε",
            translate("dp.result_tables", "Privacy loss"),
            translate("dp.result_tables", "Prior"),
            translate("dp.result_tables", "Posterior"),
            translate("dp.result_tables", "Utility"),
            translate("dp.result_tables", "Count prior"),
        ],
        ["", "", "", TIPS["privacy_loss"], TIPS["prior"], TIPS["posterior"], TIPS["utility"], TIPS["count_prior"]],
        ["", "", "epsilon", "privacy_loss", "privacy_loss", "privacy_loss", "utility", "utility"],
    )


def threshold_table() -> QTableWidget:
    return results_table(
        "dpThresholdPoints",
        [
            "ε",
            translate("dp.result_tables", "δ active"),
            translate("dp.result_tables", "worst known yes-votes"),
            translate("dp.result_tables", "δ passive"),
        ],
        ["", TIPS["delta_active"], TIPS["worst"], TIPS["delta_passive"]],
        ["epsilon", "dp_delta", "dp_delta", "dp_delta"],
    )


def _cell(text: str, tip: str = "", right: bool = False) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    if tip:
        item.setToolTip(tip)
    if right:
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return item


def fill_points(table: QTableWidget, points: Sequence[CountingPoint]) -> None:
    table.setRowCount(len(points))
    for row, p in enumerate(points):
        cells = (_cell(p.scenario, p.scenario), _cell(p.mechanism),
                 _cell(local_digits(f"{p.epsilon:.4g}"), right=True), _cell(fixed(p.privacy_loss), right=True),
                 _cell(percent(p.prior_vulnerability), right=True),
                 _cell(percent(p.posterior_vulnerability), right=True),
                 _cell(fixed(p.utility), right=True), _cell(fixed(p.count_prior_vulnerability), right=True))
        for column, item in enumerate(cells):
            table.setItem(row, column, item)
    table.resizeColumnsToContents()
    if table.columnWidth(0) > 240:
        table.setColumnWidth(0, 240)


def fill_threshold(table: QTableWidget, points: Sequence[ThresholdPoint]) -> None:
    points = sorted(points, key=lambda q: q.epsilon)
    table.setRowCount(len(points))
    for row, p in enumerate(points):
        for column, text in enumerate(
            (
                local_digits(f"{p.epsilon:.4g}"),
                number(p.delta_active, 4),
                count(p.worst_known_yes),
                number(p.delta_passive, 4),
            )
        ):
            table.setItem(row, column, _cell(text, right=True))
    table.resizeColumnsToContents()
