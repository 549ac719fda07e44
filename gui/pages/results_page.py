"""Page 4, Results: the thesis's views of a QID-subset sweep (top subsets per size, success
by subset size, worst-case histograms), individual targets, privacy models, and risk over
linked releases."""

from __future__ import annotations

from html import escape
from typing import Optional

from PySide6.QtCore import QT_TRANSLATE_NOOP, QSortFilterProxyModel, Qt, QTimer, Slot
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QHBoxLayout, QHeaderView,
                               QLabel, QStackedWidget, QTableView, QTabWidget, QVBoxLayout, QWidget)

from engine.api import render
from engine.api import top_by_size
from engine.api import is_sample, verdict

from ..dialogs.help_browser import add_glossary_menu
from ..models.results_models import SORT_ROLE, TargetsModel, TopSubsetsModel
from ..session import Session
from ..text import TIPS, count, duration, pct, qid_text
from ..widgets.command_bar import assessment_commands
from ..widgets.histograms import HistogramGrid
from ..widgets.models_view import OverTimeView, PrivacyModelsView
from ..widgets.sample_view import SampleView
from ..widgets.scatter import SubsetScatter
from ..widgets.verdict_banner import READY, VerdictBanner
from .common import banner, hint, page_layout, title
from ..i18n import translate, translate_plural

REID = "reidentification"
DEFAULT_HISTOGRAMS = 4


PLURALS = (QT_TRANSLATE_NOOP("results_page", "{0} record"), QT_TRANSLATE_NOOP("results_page", "{0} records"),
           QT_TRANSLATE_NOOP("results_page", "{0} subset"), QT_TRANSLATE_NOOP("results_page", "{0} subsets"),
           QT_TRANSLATE_NOOP("results_page", "{0} quasi-identifier"),
           QT_TRANSLATE_NOOP("results_page", "{0} quasi-identifiers"),
           QT_TRANSLATE_NOOP("results_page", "{0} target"), QT_TRANSLATE_NOOP("results_page", "{0} targets"))


def plural_count(singular: str, plural: str, number: int) -> str:
    """'1 record', '2 records' (of :data:`PLURALS`) in the window's language and plural rule."""
    return translate_plural("results_page", singular, plural, number).format(count(number))


class ResultsPage(QWidget):
    """Shows ``session.result``; the attack selector switches all the sweep views at once."""

    def __init__(self, session: Session, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self.sample = False
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.stack = QStackedWidget()
        outer.addWidget(self.stack)
        empty = QWidget()
        empty_layout = page_layout(empty)
        empty_layout.addWidget(title(translate("results_page", "4 · Results")))
        empty_layout.addWidget(
            hint(
                translate(
                    "results_page", "No results yet. Choose the attacks on the Attacks page and press Run (Ctrl+R)."
                )
            )
        )
        empty_layout.addStretch(1)
        self.stack.addWidget(empty)
        self.stack.addWidget(self._content())
        session.resultChanged.connect(self._on_result)
        for signal in (session.rolesChanged, session.attacksChanged, session.targetsChanged,
                       session.releasesChanged, session.scenariosChanged):
            signal.connect(self._show_stale)
        self._on_result()

    @Slot()
    def _show_stale(self) -> None:
        """Mark a result run with another analysis than the one now on screen."""
        self.stale.setVisible(self.session.result_is_stale)

    def _content(self) -> QWidget:
        widget = QWidget()
        layout = page_layout(widget)
        head = QHBoxLayout()
        head.addWidget(title(translate("results_page", "4 · Results")))
        self.summary = QLabel("")
        self.summary.setWordWrap(True)
        head.addWidget(self.summary, 1)
        layout.addLayout(head)
        self.verdict = VerdictBanner(glossary_anchor="verdict")
        self.verdict.setObjectName(READY)
        layout.addWidget(self.verdict)
        self.stale = banner(
            translate(
                "results_page",
                "These results were run with other settings than the analysis now on "
                "screen; the exports describe the settings they were run with. Run again "
                "(Ctrl+R) to update them.",
            ),
            "banner",
        )
        self.commands = assessment_commands()  # the exports and Run on the right, where every page has them
        self.pdf_button, self.tables_button = self.commands.pdf_button, self.commands.tables_button
        layout.addWidget(self.commands)
        self.stale.hide()
        layout.addWidget(self.stale)
        self.warnings = banner()
        layout.addWidget(self.warnings)
        choose = QHBoxLayout()
        choose.addWidget(QLabel(translate("results_page", "Attack:")))
        self.attack = QComboBox()
        self.attack.setObjectName("attackChoice")
        self.attack.setMinimumWidth(280)
        self.attack.currentIndexChanged.connect(self._show_attack)
        choose.addWidget(self.attack)
        choose.addStretch(1)
        layout.addLayout(choose)
        self.tabs = QTabWidget()
        self.tabs.addTab(self._top_tab(), translate("results_page", "Top subsets per size"))
        self.scatter = SubsetScatter()
        self.scatter.subsetSelected.connect(self._on_scatter_pick)
        scatter_tab = QWidget()
        scatter_layout = QVBoxLayout(scatter_tab)
        scatter_layout.addWidget(
            hint(
                translate(
                    "results_page",
                    "One dot per subset of quasi-identifiers; the dark dot is the "
                    "worst subset of each size; the dashed line is the prior. "
                    "Point at a dot to see its subset, click to select it.",
                )
            )
        )
        scatter_layout.addWidget(self.scatter, 1)
        self.scatter_selection = QLabel("")
        scatter_layout.addWidget(self.scatter_selection)
        self.tabs.addTab(scatter_tab, translate("results_page", "Success by subset size"))
        self.tabs.addTab(self._histogram_tab(), translate("results_page", "Worst-case histograms"))
        self.tabs.addTab(self._targets_tab(), translate("results_page", "Individual targets"))
        self.models_view = PrivacyModelsView()
        self.tabs.addTab(self.models_view, translate("results_page", "Privacy models"))
        self.over_time = OverTimeView()
        self.tabs.addTab(self.over_time, translate("results_page", "Over time"))
        self.sample_view = SampleView()
        self.tabs.addTab(self.sample_view, translate("results_page", "Sample file"))
        layout.addWidget(self.tabs, 1)
        return widget

    def _top_tab(self) -> QWidget:
        tab = QWidget()
        layout = QVBoxLayout(tab)
        self.priors = QLabel("")
        self.priors.setObjectName("priors")
        self.priors.setToolTip(TIPS["prior"])
        self.priors.setWordWrap(True)
        layout.addWidget(self.priors)
        row = QHBoxLayout()
        row.addWidget(QLabel(translate("results_page", "For each size, the worst subset by:")))
        self.rank = QComboBox()
        self.rank.addItem(translate("results_page", "probabilistic success"), "posterior_prob")
        self.rank.addItem(translate("results_page", "deterministic success"), "posterior_det")
        self.rank.currentIndexChanged.connect(self._show_top)
        row.addWidget(self.rank)
        self.ties = QCheckBox(translate("results_page", "show ties"))
        self.ties.setToolTip(
            translate("results_page", "Show every subset that ties for the highest success of its size.")
        )
        self.ties.toggled.connect(self._show_top)
        row.addWidget(self.ties)
        self.linked = QCheckBox(translate("results_page", "linked releases"))
        self.linked.setObjectName("linkedSwitch")
        self.linked.setToolTip(
            translate(
                "results_page",
                "Show the attacks on the releases joined on the linkage key "
                "(quasi-identifiers labelled column@release) instead of the focal "
                "release alone.",
            )
        )
        self.linked.toggled.connect(self._show_top)
        row.addWidget(self.linked)
        row.addStretch(1)
        layout.addLayout(row)
        self.top_model = TopSubsetsModel(self)
        self.top_proxy = QSortFilterProxyModel(self)
        self.top_proxy.setSourceModel(self.top_model)
        self.top_proxy.setSortRole(SORT_ROLE)
        self.top_view = QTableView()
        self.top_view.setObjectName("topTable")
        self.top_view.setModel(self.top_proxy)
        self.top_view.setSortingEnabled(True)
        self.top_view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.top_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.top_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.top_view.setAlternatingRowColors(True)
        self.top_view.verticalHeader().setVisible(False)
        self.top_view.setWordWrap(True)
        header = self.top_view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setMinimumHeight(44)
        header.sectionResized.connect(self._schedule_row_heights)
        add_glossary_menu(header, self.top_model.measure_key)
        self._row_timer = QTimer(self)
        self._row_timer.setSingleShot(True)
        self._row_timer.setInterval(0)
        self._row_timer.timeout.connect(self.top_view.resizeRowsToContents)
        self.top_view.selectionModel().currentRowChanged.connect(self._on_top_row)
        layout.addWidget(self.top_view, 1)
        layout.addWidget(
            hint(
                translate(
                    "results_page",
                    "People: head-counts behind the percentages. Gain: how much better "
                    "the attacker does than with no quasi-identifier (percentage points "
                    "for deterministic, times for probabilistic). Point at a header for "
                    "its meaning.",
                )
            )
        )
        return tab

    def _histogram_tab(self) -> QWidget:
        tab = QWidget()
        layout = QVBoxLayout(tab)
        row = QHBoxLayout()
        row.addWidget(QLabel(translate("results_page", "Subset sizes:")))
        self.size_boxes_row = QHBoxLayout()
        row.addLayout(self.size_boxes_row)
        row.addStretch(1)
        self.log_scale = QCheckBox(translate("results_page", "logarithmic people axis"))
        self.log_scale.setToolTip(
            translate("results_page", "Show small bars (a few people at high risk) next to large ones.")
        )
        self.log_scale.toggled.connect(self._show_histograms)
        row.addWidget(self.log_scale)
        layout.addLayout(row)
        layout.addWidget(hint(TIPS["histogram"]))
        self.histograms = HistogramGrid()
        layout.addWidget(self.histograms, 1)
        self.size_boxes: list[QCheckBox] = []
        return tab

    def _targets_tab(self) -> QWidget:
        tab = QWidget()
        layout = QVBoxLayout(tab)
        self.targets_note = hint("")
        layout.addWidget(self.targets_note)
        self.targets_model = TargetsModel(self)
        self.targets_view = QTableView()
        self.targets_view.setObjectName("targetsTable")
        self.targets_view.setModel(self.targets_model)
        self.targets_view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.targets_view.horizontalHeader().setStretchLastSection(True)
        self.targets_view.horizontalHeader().setMinimumHeight(44)
        add_glossary_menu(self.targets_view.horizontalHeader(), lambda _section: "target")
        layout.addWidget(self.targets_view, 1)
        return tab

    # --- filling -------------------------------------------------------------------------
    @Slot()
    def _on_result(self) -> None:
        result = self.session.result
        self.stack.setCurrentIndex(0 if result is None else 1)
        if result is None:
            return
        a = result.assessment
        self.sample = is_sample(a)
        self.verdict.show_verdict(verdict(a, a.config.report.thresholds))
        self._show_stale()
        self.summary.setText(
            translate(
                "results_page",
                "<b>{name}</b>: {records}, {subsets} of {qids}, run in {time}.",
            ).format(
                name=a.dataset.name,
                records=plural_count("{0} record", "{0} records", a.dataset.rows),
                subsets=plural_count("{0} subset", "{0} subsets", len(a.reidentification)),
                qids=plural_count("{0} quasi-identifier", "{0} quasi-identifiers", len(a.config.roles.quasi_identifiers)),
                time=duration(result.seconds),
            )
        )
        self.warnings.setText(
            "<br>".join(translate("results_page", "Warning: {0}").format(escape(render(w), quote=False)) for w in a.warnings)
        )
        self.warnings.setVisible(bool(a.warnings))
        self.attack.blockSignals(True)
        self.attack.clear()
        if result.attacks.reidentification:
            self.attack.addItem(translate("results_page", "Re-identification"), REID)
        if result.attacks.inference:
            for name in a.config.roles.sensitive:
                self.attack.addItem(translate("results_page", "Attribute inference: {0}").format(name), name)
        self.attack.blockSignals(False)
        self.attack.setCurrentIndex(0)
        self._show_attack()
        self.targets_model.set_targets(a.targets, result.attacks.reidentification,
                                       result.attacks.inference, self.sample)
        if not a.targets:
            self.targets_note.setText(
                translate(
                    "results_page",
                    "No individual target was attacked. Add one on the Attacks "
                    "page, or select a row on the Data page.",
                )
            )
        else:
            unmatched = sum(1 for t in a.targets if not t.matched)
            self.targets_note.setText(
                translate(
                    "results_page",
                    '{0}; {1} with no matching record ("no match": no one in the '
                    "file has all these values).",
                ).format(plural_count("{0} target", "{0} targets", len(a.targets)), count(unmatched))
                if unmatched
                else translate(
                    "results_page",
                    "{0}. Chance: the probability of picking the person's record "
                    "among those with the same values; the guess is the most common sensitive "
                    "value.",
                ).format(plural_count("{0} target", "{0} targets", len(a.targets)))
            )
        self.targets_view.resizeColumnsToContents()
        self.linked.blockSignals(True)
        self.linked.setChecked(False)
        self.linked.blockSignals(False)
        self.linked.setVisible(a.longitudinal is not None)
        self._show_top()
        self.models_view.show_assessment(a)
        self.over_time.show_assessment(a)
        self.sample_view.show_assessment(a)

    def current_rows(self) -> list:
        result = self.session.result
        if result is None:
            return []
        key = self.attack.currentData()
        if key == REID:
            return list(result.assessment.reidentification)
        return [r for r in result.assessment.inference if r.sensitive == key]

    @Slot()
    def _show_attack(self) -> None:
        rows = self.current_rows()
        key = self.attack.currentData()
        self._show_top()
        word = (
            translate("results_page", "Re-identification")
            if key == REID
            else translate("results_page", "Inference of {0}").format(key)
        )
        self.scatter.show_rows(rows)
        self.scatter_selection.setText("")
        self._fill_size_boxes(key)
        if rows:
            self.priors.setText(
                translate(
                    "results_page",
                    "{0} — priors (attacker knows no quasi-identifier): deterministic {1}, probabilistic {2}",
                ).format(word, pct(rows[0].prior_det), pct(rows[0].prior_prob))
            )
        else:
            self.priors.setText("")

    def top_rows(self) -> list:
        """The rows of the top-subsets table: focal, or linked releases when switched on."""
        result = self.session.result
        linked = result.assessment.longitudinal if result is not None else None
        if linked is None or not self.linked.isChecked():
            return self.current_rows()
        key = self.attack.currentData()
        if key == REID:
            return list(linked.reidentification)
        return [r for r in linked.inference if r.sensitive == key]

    @Slot()
    def _show_top(self) -> None:
        rows = self.top_rows()
        top = top_by_size(rows, self.rank.currentData(), ties=self.ties.isChecked()) if rows else []
        self.top_model.set_rows(top, self.sample)
        self._schedule_row_heights()

    @Slot()
    def _schedule_row_heights(self) -> None:
        """Fit rows to their (wrapped) subsets once the columns have their final widths."""
        self._row_timer.start()

    def _fill_size_boxes(self, key: Optional[str]) -> None:
        for box in self.size_boxes:
            box.deleteLater()
        self.size_boxes = []
        histograms = self._histograms_for(key)
        sizes = sorted({len(h.qids) for h in histograms})
        if len(sizes) <= DEFAULT_HISTOGRAMS:
            chosen = set(sizes)
        else:
            step = (len(sizes) - 1) / (DEFAULT_HISTOGRAMS - 1)
            chosen = {sizes[round(i * step)] for i in range(DEFAULT_HISTOGRAMS)}
        for size in sizes:
            box = QCheckBox(str(size))
            box.setChecked(size in chosen)
            box.toggled.connect(self._show_histograms)
            self.size_boxes_row.addWidget(box)
            self.size_boxes.append(box)
        self._show_histograms()

    def _histograms_for(self, key: Optional[str]) -> list:
        result = self.session.result
        if result is None or key is None:
            return []
        return [h for h in result.assessment.histograms if h.measure == key]

    @Slot()
    def _show_histograms(self) -> None:
        key = self.attack.currentData()
        chosen = {int(b.text()) for b in self.size_boxes if b.isChecked()}
        shown = sorted((h for h in self._histograms_for(key) if len(h.qids) in chosen),
                       key=lambda h: len(h.qids))
        word = (
            translate("results_page", "re-identification risk")
            if key == REID
            else translate("results_page", "risk of learning {0}").format(key)
        )
        self.histograms.show_histograms(shown, word, log=self.log_scale.isChecked(),
                                        all_qids=self._all_qids())

    def _all_qids(self) -> tuple[str, ...]:
        result = self.session.result
        return result.assessment.config.roles.quasi_identifiers if result is not None else ()

    @Slot()
    def _on_top_row(self) -> None:
        index = self.top_view.currentIndex()
        if not index.isValid():
            return
        row = self.top_model.row_at(self.top_proxy.mapToSource(index).row())
        if row is not None:
            self.scatter.select(row.qids)
            self.scatter_selection.setText(translate("results_page", "Selected: {0}").format(qid_text(row.qids)))

    @Slot(object)
    def _on_scatter_pick(self, qids) -> None:
        if qids:
            self.scatter_selection.setText(translate("results_page", "Selected: {0}").format(qid_text(tuple(qids))))
