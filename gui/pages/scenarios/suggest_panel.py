"""The "Suggest" form and its result: hierarchies per QID, k, suppression limit, metric and
time limit in; the best combination of levels, whether it is proved optimal, the runners-up
and a button that turns it into a scenario out. The search is the engine's
:func:`~engine.remediation.suggest.suggest`, run by the page as a job."""

from __future__ import annotations

from typing import Optional, Sequence

from PySide6.QtCore import QT_TRANSLATE_NOOP, Signal, Slot
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QDoubleSpinBox, QFileDialog, QFormLayout, QGroupBox,
                               QHBoxLayout, QHeaderView, QLabel, QPushButton, QSpinBox, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from engine.api import Thresholds
from engine.api import InputError
from engine.api import EncodedTable
from engine.api import FullGeneralisation, from_suggestion
from engine.api import METRICS
from engine.api import hierarchy_words
from engine.api import SuggestConfig, SuggestTarget, Suggestion
from engine.api import suggestion_scenario as suggested_scenario
from engine.api import HierarchySpec, Scenario, build_hierarchy
from engine.api import Verdict
from ...i18n import translate, translate_plural
from ...option_spin import fit_spin, option_value, show_value
from ...text import count, hierarchy_filter, local_digits
from ...widgets.verdict_banner import VerdictBanner

METRIC_LABELS = {
    "entropy": QT_TRANSLATE_NOOP("scenarios.suggest_panel", "non-uniform entropy (ARX)"),
    "height": QT_TRANSLATE_NOOP("scenarios.suggest_panel", "generalisation height (sum of levels)"),
    "discernibility": QT_TRANSLATE_NOOP("scenarios.suggest_panel", "discernibility"),
}


def records(number: int) -> str:
    """'1 record', '2 records' in the window's language and plural rule."""
    return translate_plural("scenarios.suggest_panel", QT_TRANSLATE_NOOP("scenarios.suggest_panel", "{0} record"),
                            QT_TRANSLATE_NOOP("scenarios.suggest_panel", "{0} records"), number).format(count(number))


def spec_text(spec: Optional[HierarchySpec]) -> str:
    if spec is None:
        return translate("scenarios.suggest_panel", "none (kept as it is)")
    return hierarchy_words(spec)


def loss_text(value: float) -> str:
    return local_digits(f"{value:,.0f}" if abs(value) >= 1000 else f"{value:.4g}")


def feasible_text(facts: Optional[FullGeneralisation]) -> str:
    """What full generalisation of the given hierarchies reaches ("" without the facts)."""
    if facts is None:
        return ""
    if facts.meets_k:
        return translate(
            "scenarios.suggest_panel",
            "<br>At full generalisation k = {0} is met with {1} suppressed: the analysis thresholds "
            "are what no combination meets.",
        ).format(facts.k, records(facts.to_suppress))
    return translate(
        "scenarios.suggest_panel",
        "<br>At full generalisation of the given hierarchies the smallest group holds {0}, so k = {1} "
        "is reachable without suppression; k = {2} would need {3} suppressed ({4}%). Within the "
        "suppression limit ({5}) the largest reachable k is {6}. Coarser hierarchies, more "
        "suppression or a smaller k would make a suggestion.",
    ).format(records(facts.smallest_block), facts.smallest_block, facts.k, records(facts.to_suppress),
             local_digits(f"{facts.to_suppress_percent:.1f}"), records(facts.limit), facts.largest_k)


def suggestion_scenario(suggestion: Suggestion, specs: dict[str, HierarchySpec], name: str) -> tuple[Scenario, str]:
    """The suggestion as a scenario (a recode per QID above level 0, then record suppression
    when records are suppressed) and a sentence saying how suppression is carried over."""
    best = suggestion.best
    if best is None:
        raise InputError(
            translate(
                "scenarios.suggest_panel", "no combination of levels meets the target: nothing to turn into a scenario"
            )
        )
    scenario = suggested_scenario(suggestion, specs, name)
    target = suggestion.target
    if best.suppressed_records:
        note = translate(
            "scenarios.suggest_panel",
            "The suggestion blanks every QID of the {0} in groups smaller than "
            "k = {1}; the scenario removes these records instead (record suppression, at most {2}%), "
            "so that the attacks do not treat the blanked records as one group.",
        ).format(records(best.suppressed_records), target.k, local_digits(f"{target.max_suppression:g}"))
    else:
        note = translate(
            "scenarios.suggest_panel", "No record needs suppressing at these levels: the scenario only recodes."
        )
    return scenario, note


class SuggestPanel(QWidget):
    """The form, the result, and ``scenarioRequested`` when the analyst turns it into a scenario."""

    runRequested = Signal()
    cancelRequested = Signal()
    scenarioRequested = Signal()
    wizardRequested = Signal(str)
    makeAllRequested = Signal()
    failed = Signal(str)
    specsEdited = Signal(object)  # every QID's hierarchy after the analyst changed one (dict)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.all_specs: dict[str, HierarchySpec] = {}   # the analysis's, QIDs or not
        self.specs: dict[str, HierarchySpec] = {}       # those of the current QIDs
        self.qids: list[str] = []
        self.suggestion: Optional[Suggestion] = None
        self.judged: Optional[Verdict] = None
        self.sensitive: tuple[str, ...] = ()
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        form_box = QGroupBox(translate("scenarios.suggest_panel", "What to search"))
        form_layout = QVBoxLayout(form_box)
        self.hierarchies = QTableWidget(0, 2)
        self.hierarchies.setHorizontalHeaderLabels(
            [
                translate("scenarios.suggest_panel", "quasi-identifier"),
                translate("scenarios.suggest_panel", "hierarchy"),
            ]
        )
        self.hierarchies.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.hierarchies.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.hierarchies.verticalHeader().setDefaultSectionSize(24)
        self.hierarchies.verticalHeader().setVisible(False)
        self.hierarchies.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.hierarchies.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        form_layout.addWidget(self.hierarchies, 1)
        buttons = QHBoxLayout()
        self.file_button = QPushButton(translate("scenarios.suggest_panel", "Hierarchy file..."))
        self.file_button.setToolTip(
            translate("scenarios.suggest_panel", "An ARX hierarchy file for the selected quasi-identifier.")
        )
        self.take_button = QPushButton(translate("scenarios.suggest_panel", "Use the recode being built"))
        self.take_button.setToolTip(
            translate("scenarios.suggest_panel", "The hierarchy of the recode on the Build tab, for its column.")
        )
        self.clear_button = QPushButton(translate("scenarios.suggest_panel", "None"))
        for b in (self.file_button, self.take_button, self.clear_button):
            buttons.addWidget(b)
        form_layout.addLayout(buttons)
        buttons = QHBoxLayout()
        self.wizard_button = QPushButton(translate("scenarios.suggest_panel", "Build hierarchy..."))
        self.wizard_button.setToolTip(translate("scenarios.suggest_panel", "The hierarchy wizard: every level of a "
                                                "hierarchy for the selected quasi-identifier, previewed, saved as "
                                                "an ARX file."))
        self.all_button = QPushButton(translate("scenarios.suggest_panel", "Make hierarchies for all QIDs"))
        self.all_button.setToolTip(translate("scenarios.suggest_panel", "Write each quasi-identifier's template "
                                             "hierarchy (ages, dates, codes by prefix, ...) into a folder and use "
                                             "them here."))
        buttons.addWidget(self.wizard_button)
        buttons.addWidget(self.all_button)
        buttons.addStretch(1)
        form_layout.addLayout(buttons)
        form = QFormLayout()
        self.k = QSpinBox()
        self.k.setRange(1, 1_000_000)
        self.k.setValue(3)
        self.max_suppression = QDoubleSpinBox()
        self.max_suppression.setRange(0.0, 100.0)
        self.max_suppression.setValue(2.0)
        self.max_suppression.setSuffix(translate("scenarios.suggest_panel", " % of the records"))
        self.metric = QComboBox()
        for key in METRICS:
            self.metric.addItem(translate("scenarios.suggest_panel", METRIC_LABELS[key]), key)
        self.max_seconds = QSpinBox()
        self.max_seconds.setRange(0, 86_400)
        self.max_seconds.setValue(30)
        self.max_seconds.setSpecialValueText(translate("scenarios.suggest_panel", "no limit"))
        self.max_seconds.setSuffix(" s")
        self.use_thresholds = QCheckBox(translate("scenarios.suggest_panel", "Also meet the analysis thresholds"))
        self.use_thresholds.setChecked(True)
        self.use_thresholds.setToolTip(translate(
            "scenarios.suggest_panel",
            "The suggestion must also keep the risks within these limits, filled in from the analysis's "
            "thresholds (those its verdict uses). Every combination is then evaluated."))
        self.limits: dict[str, QDoubleSpinBox] = {}
        for name in ("unique_share", "reid_prob", "inference_certain_gain"):
            box = QDoubleSpinBox()
            box.setDecimals(2)
            fit_spin(box, Thresholds, name, scale=100.0)
            box.setSuffix(" %")
            self.limits[name] = box
        self.use_thresholds.toggled.connect(self._enable_limits)
        self.set_thresholds(Thresholds(), ())
        form.addRow(translate("scenarios.suggest_panel", "k (smallest group)"), self.k)
        form.addRow(translate("scenarios.suggest_panel", "Suppress at most"), self.max_suppression)
        form.addRow(self.use_thresholds)
        form.addRow(translate("scenarios.suggest_panel", "Unique records at most"), self.limits["unique_share"])
        form.addRow(translate("scenarios.suggest_panel", "Mean re-identification probability at most"),
                    self.limits["reid_prob"])
        form.addRow(translate("scenarios.suggest_panel", "Certain inference above the prior at most"),
                    self.limits["inference_certain_gain"])
        form.addRow(translate("scenarios.suggest_panel", "Loss to minimise"), self.metric)
        form.addRow(translate("scenarios.suggest_panel", "Time limit"), self.max_seconds)
        form_layout.addLayout(form)
        run_row = QHBoxLayout()
        self.run_button = QPushButton(translate("scenarios.suggest_panel", "Suggest"))
        self.run_button.setObjectName("primary")
        self.cancel_button = QPushButton(translate("scenarios.suggest_panel", "Cancel"))
        self.cancel_button.setEnabled(False)
        run_row.addWidget(self.run_button)
        run_row.addWidget(self.cancel_button)
        run_row.addStretch(1)
        form_layout.addLayout(run_row)
        layout.addWidget(form_box, 2)
        result_box = QGroupBox(translate("scenarios.suggest_panel", "Suggestion"))
        result_layout = QVBoxLayout(result_box)
        self.best = QLabel(
            translate(
                "scenarios.suggest_panel",
                "No suggestion yet: give a hierarchy to at least one quasi-identifier, then press Suggest.",
            )
        )
        self.best.setWordWrap(True)
        result_layout.addWidget(self.best)
        self.verdict = VerdictBanner(glossary_anchor="verdict")
        result_layout.addWidget(self.verdict)
        result_layout.addWidget(QLabel(translate("scenarios.suggest_panel", "Runners-up")))
        self.runners = QTableWidget(0, 0)
        self.runners.verticalHeader().setVisible(False)
        self.runners.verticalHeader().setDefaultSectionSize(24)
        self.runners.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        result_layout.addWidget(self.runners, 1)
        self.scenario_button = QPushButton(translate("scenarios.suggest_panel", "Make a scenario of the suggestion"))
        self.scenario_button.setEnabled(False)
        result_layout.addWidget(self.scenario_button)
        self.note = QLabel("")
        self.note.setWordWrap(True)
        self.note.setObjectName("hint")
        result_layout.addWidget(self.note)
        layout.addWidget(result_box, 3)
        self.file_button.clicked.connect(self._choose_file)
        self.clear_button.clicked.connect(lambda: self.set_spec(self.current_qid(), None))
        self.wizard_button.clicked.connect(lambda: self.wizardRequested.emit(self.current_qid() or ""))
        self.all_button.clicked.connect(self.makeAllRequested)
        self.run_button.clicked.connect(self.runRequested)
        self.cancel_button.clicked.connect(self.cancelRequested)
        self.scenario_button.clicked.connect(self.scenarioRequested)

    # --- the form -------------------------------------------------------------------------------
    def set_qids(self, qids: Sequence[str]) -> None:
        """The QIDs to search over; a hierarchy of a column that is no longer a QID is kept
        (it is shown again when the column is)."""
        self.qids = list(qids)
        self.hierarchies.setRowCount(len(self.qids))
        for row, q in enumerate(self.qids):
            self.hierarchies.setItem(row, 0, QTableWidgetItem(q))
            self.hierarchies.setItem(row, 1, QTableWidgetItem(""))
        self.show_specs(self.all_specs)
        if self.qids and not self.hierarchies.selectedItems():
            self.hierarchies.selectRow(0)

    def show_specs(self, specs: dict[str, HierarchySpec]) -> None:
        """Show the analysis's hierarchies (after an edit, undo or redo)."""
        self.all_specs = dict(specs)
        self.specs = {q: s for q, s in self.all_specs.items() if q in self.qids}
        for row, q in enumerate(self.qids):
            self.hierarchies.item(row, 1).setText(spec_text(self.specs.get(q)))

    def current_qid(self) -> Optional[str]:
        row = self.hierarchies.currentRow()
        return self.qids[row] if 0 <= row < len(self.qids) else None

    def set_spec(self, qid: Optional[str], spec: Optional[HierarchySpec]) -> None:
        """The analyst gave ``qid`` the hierarchy ``spec`` (None: none): shown, and
        ``specsEdited`` says so (the page makes it an edit of the analysis)."""
        if qid is not None:
            self.set_specs({qid: spec})

    def set_specs(self, specs: dict[str, Optional[HierarchySpec]]) -> None:
        """Several QIDs' hierarchies at once (one edit); names that are not QIDs are left out."""
        edited = dict(self.all_specs)
        for qid, spec in specs.items():
            if qid not in self.qids:
                continue
            if spec is None:
                edited.pop(qid, None)
            else:
                edited[qid] = spec
        if edited == self.all_specs:
            return
        self.show_specs(edited)
        self.specsEdited.emit(edited)

    @Slot()
    def _choose_file(self) -> None:
        qid = self.current_qid()
        if qid is None:
            return
        path, _ = QFileDialog.getOpenFileName(
            self,
            translate("scenarios.suggest_panel", "A hierarchy file for {0}").format(qid),
            "",
            hierarchy_filter(),
        )
        if path:
            self.set_spec(qid, HierarchySpec("hierarchy", path=path))

    def set_thresholds(self, thresholds: Thresholds, sensitive: Sequence[str]) -> None:
        """Fill the limits from the analysis's thresholds; the inference limit needs a sensitive column."""
        self.sensitive = tuple(sensitive)
        for name, box in self.limits.items():
            show_value(box, getattr(thresholds, name))
        self._enable_limits()

    @Slot()
    def _enable_limits(self) -> None:
        on = self.use_thresholds.isChecked()
        for name, box in self.limits.items():
            box.setEnabled(on and (name != "inference_certain_gain" or bool(self.sensitive)))

    def thresholds(self) -> Thresholds:
        """The limits as the analysis's thresholds (what the suggestion's verdict is judged by)."""
        values = {name: option_value(box) for name, box in self.limits.items()}
        return Thresholds(**values)

    def config(self, table: EncodedTable) -> SuggestConfig:
        """The search as the engine's config (hierarchies built on the loaded columns; the
        sensitive columns the table holds, for the inference limit)."""
        if not self.specs:
            raise InputError(translate("scenarios.suggest_panel", "give a hierarchy to at least one quasi-identifier"))
        hierarchies = tuple((q, build_hierarchy(self.specs[q], table[q])) for q in self.qids if q in self.specs)
        sensitive = tuple(s for s in self.sensitive if s in table.columns)
        limits = self.thresholds() if self.use_thresholds.isChecked() else None
        target = SuggestTarget(k=self.k.value(), max_suppression=self.max_suppression.value(),
                               max_unique_share=limits.unique_share if limits else None,
                               max_reid_prob=limits.reid_prob if limits else None,
                               max_inference_gain=limits.inference_certain_gain if limits and sensitive else None)
        config = SuggestConfig(qids=tuple(self.qids), hierarchies=hierarchies, target=target, sensitive=sensitive,
                               metric=self.metric.currentData(),
                               max_seconds=float(self.max_seconds.value()) or None)
        config.validate(list(table.columns))
        return config

    def set_running(self, running: bool) -> None:
        self.run_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)

    # --- the result -----------------------------------------------------------------------------
    def show_suggestion(self, suggestion: Optional[Suggestion], judged: Optional[Verdict] = None) -> None:
        """The suggestion, with the verdict its scenario gets (``judged``) when there is one."""
        self.suggestion = suggestion
        self.judged = judged
        self.verdict.show_verdict(judged, translate("scenarios.suggest_panel", "As a scenario: "))
        self.note.setText("")
        self.runners.setRowCount(0)
        if suggestion is None:
            self.scenario_button.setEnabled(False)
            return
        best = suggestion.best
        checked = translate("scenarios.suggest_panel", "{0} of {1} combinations evaluated in {2} s").format(
            count(suggestion.nodes_checked), count(suggestion.nodes_total), local_digits(f"{suggestion.seconds:.1f}")
        )
        if best is None and suggestion.stopped_early:
            self.best.setText(
                translate(
                    "scenarios.suggest_panel",
                    "<b>The time limit stopped the search before a combination of levels meeting k = {0} "
                    "with at most {1}% of the records suppressed was found</b> ({2}); more time may find one.",
                ).format(suggestion.target.k, local_digits(f"{suggestion.target.max_suppression:g}"), checked)
            )
            self.scenario_button.setEnabled(False)
        elif best is None:
            self.best.setText(
                translate(
                    "scenarios.suggest_panel",
                    "<b>No combination of levels meets k = {0} with at most {1}% of the "
                    "records suppressed</b> ({2}).",
                ).format(suggestion.target.k, local_digits(f"{suggestion.target.max_suppression:g}"), checked)
                + feasible_text(from_suggestion(suggestion))
            )
            self.scenario_button.setEnabled(False)
        else:
            levels = ", ".join(f"{q} = {level}" for q, level in zip(suggestion.qids, best.levels))
            proof = (
                translate("scenarios.suggest_panel", "<b>optimal</b>: every combination was decided")
                if suggestion.optimal
                else translate(
                    "scenarios.suggest_panel", "<b>not proved optimal</b>: the time limit stopped the search"
                )
            )
            self.best.setText(
                translate(
                    "scenarios.suggest_panel",
                    "<b>Best levels:</b> {0}<br>{1}; {2} of {3} records suppressed; {4} " "{5} ({6}).",
                ).format(
                    levels,
                    proof,
                    count(best.suppressed_records),
                    count(suggestion.records),
                    translate("scenarios.suggest_panel", METRIC_LABELS[suggestion.metric]),
                    loss_text(best.loss),
                    checked,
                )
            )
            self.scenario_button.setEnabled(True)
        headers = list(suggestion.qids) + [
            translate("scenarios.suggest_panel", "records suppressed"),
            translate("scenarios.suggest_panel", "loss"),
        ]
        self.runners.setColumnCount(len(headers))
        self.runners.setHorizontalHeaderLabels(headers)
        self.runners.setRowCount(len(suggestion.alternatives))
        for row, node in enumerate(suggestion.alternatives):
            values = [str(v) for v in node.levels] + [count(node.suppressed_records), loss_text(node.loss)]
            for column, text in enumerate(values):
                self.runners.setItem(row, column, QTableWidgetItem(text))
        self.runners.resizeColumnsToContents()
