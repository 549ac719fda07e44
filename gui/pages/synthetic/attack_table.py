"""The table of the synthetic-data attacks: one row per attack, each cell the engine's number
(kept as the item's UserRole data) and its text."""

from __future__ import annotations

from typing import Optional, Sequence

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from engine.api import render

from ...dialogs.help_browser import add_glossary_menu, glossary_hint
from ...i18n import current_language
from ...text import Translated, count, local_digits, pct
from .labels import attack_label
from ...i18n import translate

COLUMNS = (
    (
        QT_TRANSLATE_NOOP("synthetic.attack_table", "Attack"),
        QT_TRANSLATE_NOOP(
            "synthetic.attack_table", "The attack (point at a row for its notes, threshold and criterion)."
        ),
    ),
    (
        QT_TRANSLATE_NOOP("synthetic.attack_table", "Kind"),
        QT_TRANSLATE_NOOP(
            "synthetic.attack_table",
            "Membership: was the person's real record used to make the synthetic file? "
            "Attribute: the attacker guesses the person's sensitive value.",
        ),
    ),
    (
        QT_TRANSLATE_NOOP("synthetic.attack_table", "Targets"),
        QT_TRANSLATE_NOOP(
            "synthetic.attack_table",
            "People attacked: members drawn from the real file and non-members from the control "
            "file (membership), or real records (attribute).",
        ),
    ),
    (
        QT_TRANSLATE_NOOP("synthetic.attack_table", "Accuracy"),
        QT_TRANSLATE_NOOP(
            "synthetic.attack_table",
            "Share of right answers on the targets kept aside to measure the attack (at the "
            "threshold trained on the other half).",
        ),
    ),
    (
        QT_TRANSLATE_NOOP("synthetic.attack_table", "AUC"),
        QT_TRANSLATE_NOOP("synthetic.attack_table", "Area under the ROC curve: 0.5 is guessing, 1 is always right."),
    ),
    (
        QT_TRANSLATE_NOOP("synthetic.attack_table", "Advantage"),
        QT_TRANSLATE_NOOP(
            "synthetic.attack_table",
            "True-positive rate minus false-positive rate at the trained threshold: 0 is no "
            "better than guessing, 1 is a perfect attack.",
        ),
    ),
    (
        QT_TRANSLATE_NOOP("synthetic.attack_table", "TPR at\nFPR 0.1%"),
        QT_TRANSLATE_NOOP(
            "synthetic.attack_table",
            "Share of members found when at most 0.1% of non-members are flagged by "
            "mistake: a confident attacker's success.",
        ),
    ),
    (
        QT_TRANSLATE_NOOP("synthetic.attack_table", "TPR at\nFPR 1%"),
        QT_TRANSLATE_NOOP(
            "synthetic.attack_table", "Share of members found when at most 1% of non-members are flagged by mistake."
        ),
    ),
    (
        QT_TRANSLATE_NOOP("synthetic.attack_table", "TPR at\nFPR 10%"),
        QT_TRANSLATE_NOOP(
            "synthetic.attack_table", "Share of members found when at most 10% of non-members are flagged by mistake."
        ),
    ),
    (
        QT_TRANSLATE_NOOP("synthetic.attack_table", "Baseline"),
        QT_TRANSLATE_NOOP(
            "synthetic.attack_table",
            "Attribute attacks: the share of the most common sensitive value (guessing it for everyone).",
        ),
    ),
    (
        QT_TRANSLATE_NOOP("synthetic.attack_table", "Residual risk\n[95% interval]"),
        QT_TRANSLATE_NOOP(
            "synthetic.attack_table",
            "(main - control) / (1 - control): what the synthetic file reveals about "
            "the real records beyond what it teaches about people in general. For an "
            "attribute attack, an interval above 0 with success above the baseline is a "
            "leak; a membership attack is judged at low false-positive rates (the verdict).",
        ),
    ),
)
FPR_KEYS = ("0.001", "0.01", "0.1")
KIND_WORDS = Translated(
    "synthetic.attack_table",
    {
        "membership": QT_TRANSLATE_NOOP("synthetic.attack_table", "membership"),
        "attribute": QT_TRANSLATE_NOOP("synthetic.attack_table", "attribute"),
    },
)


def number(value: Optional[float], digits: int = 3, signed: bool = False) -> str:
    if value is None:
        return pct(None)
    return local_digits(f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}")


def residual_text(evaluation) -> str:
    """``0.123 [0.050, 0.190]``, or n/a when no control set measured it."""
    if evaluation.residual_risk is None:
        return pct(None)
    if evaluation.ci_low is None or evaluation.ci_high is None:
        return number(evaluation.residual_risk)
    return "{0} [{1}{3} {2}]".format(number(evaluation.residual_risk), number(evaluation.ci_low),
                                   number(evaluation.ci_high), ";" if current_language() != "en" else ",")


def attack_row(evaluation) -> list[tuple[str, Optional[float]]]:
    """The table row of one :class:`AttackEvaluation`: (text, value) per column."""
    e = evaluation
    tpr = e.tpr_at_fpr or {}
    return [
        (attack_label(e.attack), None),
        (KIND_WORDS.get(e.kind, e.kind), None),
        (count(e.targets), float(e.targets)),
        (pct(e.accuracy), e.accuracy),
        (number(e.auc), e.auc),
        (number(e.advantage, signed=True), e.advantage),
        *((pct(tpr.get(key)), tpr.get(key)) for key in FPR_KEYS),
        (pct(e.baseline), e.baseline),
        (residual_text(e), e.residual_risk),
    ]


def row_tip(evaluation) -> str:
    """A row's tooltip: the attack, its threshold, its success rates and its notes."""
    lines = [attack_label(evaluation.attack)]
    if evaluation.threshold is not None:
        lines.append(
            translate("synthetic.attack_table", "threshold {0} (by {1})").format(
                local_digits(format(evaluation.threshold, ".4g")), evaluation.criterion
            )
        )
    if evaluation.control_rate is not None:
        lines.append(
            translate("synthetic.attack_table", "success on real records {0}, on control records {1}").format(
                pct(evaluation.main_rate), pct(evaluation.control_rate)
            )
        )
    if evaluation.notes:
        lines.append(render(evaluation.notes))
    return "\n".join(lines)

# The measure of each column (a key of gui/dialogs/help_browser.py MEASURE_ANCHORS; "" for none).
MEASURES = ("", "", "", "accuracy", "auc", "advantage", "tpr_at_fpr", "tpr_at_fpr", "tpr_at_fpr", "baseline",
            "residual_risk")


class AttackTable(QTableWidget):
    """Read-only, one row per attack, as tall as its rows (up to a limit)."""

    def __init__(self, parent=None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setObjectName("syntheticAttacks")
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setAlternatingRowColors(True)
        self.verticalHeader().setVisible(False)
        self.setWordWrap(False)
        for column, (text, tip) in enumerate(COLUMNS):
            item = QTableWidgetItem(translate("synthetic.attack_table", text))
            tip = translate("synthetic.attack_table", tip)
            item.setToolTip(f"{tip}\n\n{glossary_hint()}" if MEASURES[column] else tip)
            self.setHorizontalHeaderItem(column, item)
        header = self.horizontalHeader()
        add_glossary_menu(header, lambda column: MEASURES[column] if 0 <= column < len(MEASURES) else "")
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.verticalHeader().setDefaultSectionSize(24)

    def show_attacks(self, attacks: Sequence) -> None:
        self.setRowCount(len(attacks))
        for r, evaluation in enumerate(attacks):
            tip = row_tip(evaluation)
            for c, (text, value) in enumerate(attack_row(evaluation)):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, value)
                item.setToolTip(tip)
                if c >= 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.setItem(r, c, item)
        self.resizeColumnsToContents()
        self.resizeRowsToContents()
        rows = sum(self.rowHeight(r) for r in range(self.rowCount()))
        self.setMinimumHeight(min(320, self.horizontalHeader().sizeHint().height() + rows
                                  + 2 * self.frameWidth() + 2))

    def rows_text(self) -> list[list[str]]:
        """The table as shown (tests and copy)."""
        return [[self.item(r, c).text() for c in range(self.columnCount())] for r in range(self.rowCount())]
