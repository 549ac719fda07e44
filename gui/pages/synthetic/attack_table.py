"""The table of the synthetic-data attacks: one row per attack, each cell the engine's number
(kept as the item's UserRole data) and its text."""

from __future__ import annotations

from typing import Optional, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from ...text import pct
from .labels import attack_label

COLUMNS = (
    ("Attack", "The attack (point at a row for its notes, threshold and criterion)."),
    ("Kind", "Membership: was the person's real record used to make the synthetic file? "
             "Attribute: the attacker guesses the person's sensitive value."),
    ("Targets", "People attacked: members drawn from the real file and non-members from the control "
                "file (membership), or real records (attribute)."),
    ("Accuracy", "Share of right answers on the targets kept aside to measure the attack (at the "
                 "threshold trained on the other half)."),
    ("AUC", "Area under the ROC curve: 0.5 is guessing, 1 is always right."),
    ("Advantage", "True-positive rate minus false-positive rate at the trained threshold: 0 is no "
                  "better than guessing, 1 is a perfect attack."),
    ("TPR at\nFPR 0.1%", "Share of members found when at most 0.1% of non-members are flagged by "
                       "mistake: a confident attacker's success."),
    ("TPR at\nFPR 1%", "Share of members found when at most 1% of non-members are flagged by mistake."),
    ("TPR at\nFPR 10%", "Share of members found when at most 10% of non-members are flagged by mistake."),
    ("Baseline", "Attribute attacks: the share of the most common sensitive value (guessing it for "
                 "everyone)."),
    ("Residual risk\n[95% interval]", "(main - control) / (1 - control): what the synthetic file reveals about "
                               "the real records beyond what it teaches about people in general. An "
                               "interval above 0 is a leak."),
)
FPR_KEYS = ("0.001", "0.01", "0.1")


def number(value: Optional[float], digits: int = 3, signed: bool = False) -> str:
    if value is None:
        return "n/a"
    return f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"


def residual_text(evaluation) -> str:
    """``0.123 [0.050, 0.190]``, or n/a when no control set measured it."""
    if evaluation.residual_risk is None:
        return "n/a"
    if evaluation.ci_low is None or evaluation.ci_high is None:
        return number(evaluation.residual_risk)
    return f"{evaluation.residual_risk:.3f} [{evaluation.ci_low:.3f}, {evaluation.ci_high:.3f}]"


def attack_row(evaluation) -> list[tuple[str, Optional[float]]]:
    """The table row of one :class:`AttackEvaluation`: (text, value) per column."""
    e = evaluation
    tpr = e.tpr_at_fpr or {}
    return [(attack_label(e.attack), None), (e.kind, None), (f"{e.targets:,}", float(e.targets)),
            (pct(e.accuracy), e.accuracy), (number(e.auc), e.auc), (number(e.advantage, signed=True), e.advantage),
            *((pct(tpr.get(key)), tpr.get(key)) for key in FPR_KEYS),
            (pct(e.baseline), e.baseline), (residual_text(e), e.residual_risk)]


def row_tip(evaluation) -> str:
    """A row's tooltip: the attack, its threshold, its success rates and its notes."""
    lines = [attack_label(evaluation.attack)]
    if evaluation.threshold is not None:
        lines.append(f"threshold {evaluation.threshold:.4g} (by {evaluation.criterion})")
    if evaluation.control_rate is not None:
        lines.append(f"success on real records {pct(evaluation.main_rate)}, on control records "
                     f"{pct(evaluation.control_rate)}")
    if evaluation.notes:
        lines.append(evaluation.notes)
    return "\n".join(lines)


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
            item = QTableWidgetItem(text)
            item.setToolTip(tip)
            self.setHorizontalHeaderItem(column, item)
        header = self.horizontalHeader()
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
