"""The Results tab of the synthetic-data page: the verdict, a summary, the warnings, the attack
table, the ROC curves of the membership attacks and (when asked for) the targets most at risk."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import (QAbstractItemView, QHeaderView, QLabel, QSplitter, QTableWidget, QTableWidgetItem,
                               QTabWidget, QVBoxLayout, QWidget)

from engine.api import render

from ...text import duration
from ...widgets.roc_plot import Curve, RocPlot
from ..common import LinesHint, banner, hint, page_layout, scrolling
from .attack_table import AttackTable
from ...i18n import translate
from ...text import Translated, local_digits
from .labels import attack_label, criterion_text

ROLE_WORDS = Translated(
    "synthetic.results_view",
    {
        "real": QT_TRANSLATE_NOOP("synthetic.results_view", "Real"),
        "synthetic": QT_TRANSLATE_NOOP("synthetic.results_view", "Synthetic"),
        "control": QT_TRANSLATE_NOOP("synthetic.results_view", "Control"),
    },
)


def verdict(assessment) -> tuple[str, str]:
    """(rich text, style name) of the engine's verdict (:func:`engine.synthetic.verdict.synthetic_verdict`,
    the one results.json and the PDF state): its headline, then its evidence."""
    from engine.api import synthetic_verdict

    v = synthetic_verdict(assessment)
    if v.leak:
        head = translate("synthetic.results_view", "<b>Leak detected.</b> The synthetic file reveals which records "
                                                   "were used to make it, or their values:")
    elif v.measured:
        head = translate("synthetic.results_view", "<b>No leak detected.</b> No membership attack tells members "
                                                   "from non-members at a false-positive rate of 0.1% or 1% with "
                                                   "95% confidence, and no attribute attack beats both the control "
                                                   "records and its baseline.")
    else:
        head = translate("synthetic.results_view", "<b>Leak not measured.</b>")
    lines = [head] + ["• " + _escape(render(text)) for text in v.reasons + v.notes]
    return "<br>".join(lines), "banner" if v.leak else "notice"


def summary(assessment, seconds: float = 0.0) -> str:
    parts = [
        translate("synthetic.results_view", "{0}: {1} ({2} rows)").format(
            ROLE_WORDS.get(role, role.capitalize()), info.name, local_digits(format(info.rows, ","))
        )
        for role, info in assessment.datasets.items()
    ]
    if assessment.radius is not None:
        given = assessment.config.radius is not None
        parts.append(
            translate("synthetic.results_view", "neighbourhood radius {0} ({1})").format(
                local_digits(format(assessment.radius, ".4g")),
                (
                    translate("synthetic.results_view", "given")
                    if given
                    else translate("synthetic.results_view", "chosen from the data")
                ),
            )
        )
    parts.append(
        translate("synthetic.results_view", "threshold by {0}").format(
            criterion_text(assessment.config.criterion.label())
        )
    )
    if seconds:
        parts.append(translate("synthetic.results_view", "run in {0}").format(duration(seconds)))
    return " · ".join(parts)


class SyntheticResults(QWidget):
    """Shows one assessment (or, before any, what to do)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        layout = page_layout(self)
        self.verdict = QLabel("")
        self.verdict.setObjectName("notice")
        self.verdict.setWordWrap(True)
        layout.addWidget(self.verdict)
        self.summary = hint("")
        layout.addWidget(self.summary)
        self.warnings = banner()
        layout.addWidget(self.warnings)
        self.split = split = QSplitter(Qt.Orientation.Vertical)
        self.table = AttackTable()
        split.addWidget(self.table)
        self.views = QTabWidget()
        self.roc = RocPlot()
        self.roc.setObjectName("rocPlot")
        roc_tab = QWidget()
        roc_layout = QVBoxLayout(roc_tab)
        roc_layout.setContentsMargins(0, 0, 0, 0)
        roc_layout.addWidget(self.roc, 1)
        roc_layout.addWidget(
            LinesHint(
                translate(
                    "synthetic.results_view",
                    "Members found against non-members flagged by mistake, over every "
                    "threshold; the dashed diagonal is guessing. Point at a curve for its "
                    "values.",
                )
            )
        )
        self.views.addTab(roc_tab, translate("synthetic.results_view", "ROC curves"))
        self.at_risk_tab = QWidget()
        risk_layout = QVBoxLayout(self.at_risk_tab)
        risk_layout.addWidget(
            hint(
                translate(
                    "synthetic.results_view",
                    "Row numbers of real records (never their values) that the attacks "
                    "single out most, highest score first. Shown because the analysis "
                    "asked for them; never in the default report.",
                )
            )
        )
        self.at_risk = QTableWidget(0, 3)
        self.at_risk.setObjectName("atRiskTable")
        self.at_risk.setHorizontalHeaderLabels(
            [
                translate("synthetic.results_view", "Attack"),
                translate("synthetic.results_view", "Row in the real file (first = 1)"),
                translate("synthetic.results_view", "Score"),
            ]
        )
        self.at_risk.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.at_risk.setAlternatingRowColors(True)
        self.at_risk.verticalHeader().setVisible(False)
        self.at_risk.verticalHeader().setDefaultSectionSize(24)
        self.at_risk.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.at_risk.horizontalHeader().setStretchLastSection(True)
        risk_layout.addWidget(self.at_risk, 1)
        split.addWidget(self.views)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        area = scrolling(split)   # too short for the table and the curves: scroll, never overlap them
        area.setObjectName("syntheticResultsArea")
        layout.addWidget(area, 1)

    def show_assessment(self, assessment, seconds: float = 0.0) -> None:
        """Show ``assessment`` (run in ``seconds``); None: no results yet."""
        a = assessment
        if a is None:
            self.verdict.setText(
                translate(
                    "synthetic.results_view",
                    "No results yet: choose the files, the columns and the attacks on the "
                    "Analysis tab, then press Run the attacks.",
                )
            )
            _set_style(self.verdict, "notice")
            self.summary.setText("")
            self.warnings.hide()
            self.table.setRowCount(0)
            self.roc.show_curves([], translate("synthetic.results_view", "No results yet."))
            self._show_at_risk(False)
            return
        text, style = verdict(a)
        self.verdict.setText(text)
        _set_style(self.verdict, style)
        self.summary.setText(summary(a, seconds))
        self.warnings.setText(
            "<br>".join(translate("synthetic.results_view", "Warning: {0}").format(_escape(render(w))) for w in a.warnings)
        )
        self.warnings.setVisible(bool(a.warnings))
        self.table.show_attacks(a.attacks)
        curves = [Curve(attack_label(e.attack), tuple(e.roc.fpr), tuple(e.roc.tpr), e.auc)
                  for e in a.attacks if e.kind == "membership" and e.roc is not None]
        self.roc.show_curves(
            curves,
            translate(
                "synthetic.results_view",
                "No membership attack was run (they need a control file): no ROC curve to show.",
            ),
        )
        rows = [(attack_label(e.attack), row, score) for e in a.attacks for row, score in e.at_risk]
        self._show_at_risk(bool(a.config.show_targets))
        self.at_risk.setRowCount(len(rows))
        for r, (name, row, score) in enumerate(rows):
            for c, (text, value) in enumerate(((name, None), (local_digits(f"{row:,}"), row), (local_digits(f"{score + 0.0:.4g}"), score))):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, value)
                if c:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.at_risk.setItem(r, c, item)
        self.at_risk.resizeColumnsToContents()

    def _show_at_risk(self, shown: bool) -> None:
        """The at-risk tab exists only for an analysis that asked for it."""
        index = self.views.indexOf(self.at_risk_tab)
        if shown and index < 0:
            self.views.addTab(self.at_risk_tab, translate("synthetic.results_view", "Targets most at risk"))
        elif not shown and index >= 0:
            self.views.removeTab(index)


def _set_style(label: QLabel, name: str) -> None:
    if label.objectName() != name:
        label.setObjectName(name)
        label.style().unpolish(label)
        label.style().polish(label)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
