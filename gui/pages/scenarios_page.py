"""What would make the file ready: build scenarios (named, ordered transformations kept in the
analysis's ``[[scenario]]`` sections), run every attack on each, compare risk against
information lost, pick one, export its data on request; and "Suggest" the least-loss
generalisation meeting k-anonymity. Every number comes from the engine (engine.remediation).
The scenarios' run is the release assessment with its scenarios (:class:`ScenariosAnalysis`) and
the search is :class:`SuggestAnalysis`: both are run, cancelled and exported by an
:class:`~gui.controller.AnalysisController`."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Optional

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Slot
from PySide6.QtWidgets import (QFileDialog, QGroupBox, QHBoxLayout, QInputDialog, QLabel, QLineEdit, QListWidget,
                               QPushButton, QSplitter, QTabWidget, QVBoxLayout, QWidget)

from engine.api import run_assessment
from engine.api import AnalysisConfig, DataSource, Thresholds
from engine.api import InputError
from engine.api import EncodedTable, subtable
from engine.api import error_text, render
from engine.api import check_export
from engine.api import export_scenario, formula_warnings
from engine.api import export_linked_scenario
from engine.api import describe_step, recommend
from engine.api import with_scenarios
from engine.api import with_full_generalisation
from engine.api import SuggestConfig, suggest
from engine.api import scenario_assessment
from engine.api import suggestion_scenario as suggested_scenario
from engine.api import verdict
from engine.api import Drop, HierarchySpec, LocalSuppression, Scenario

from ..assessment import AssessmentAnalysis
from ..controller import Analysis, AnalysisController, AnalysisTexts, Outcome
from ..dialogs.errors import show_error
from ..dialogs.hierarchy_wizard import HierarchyWizard, make_all_hierarchies
from ..resources import icon
from ..session import Session
from ..widgets.command_bar import CommandBar, CommandTexts
from ..widgets.run_bar import RunBar
from ..widgets.verdict_banner import VerdictBanner
from .common import banner, hint, page_frame, scrolling
from .scenarios.compare_view import CompareTable, RiskLossPlot
from .scenarios.step_form import StepForm
from .scenarios.suggest_panel import SuggestPanel, suggestion_scenario
from ..i18n import engine_text, translate, translate_plural

BUILD, COMPARE, SUGGEST = range(3)
RUN_TIP = QT_TRANSLATE_NOOP(
    "scenarios_page", "Run every attack of the analysis on each scenario's transformed copy of the data."
)
LOCKED_TIP = QT_TRANSLATE_NOOP(
    "scenarios_page", "The attacks are running: wait for them to finish or cancel them, then run the scenarios."
)
EXPORT_FILTER = QT_TRANSLATE_NOOP("scenarios_page", "CSV file (*.csv);;Parquet file (*.parquet)")


def _same_analysis(a, b) -> bool:
    """Whether two configs differ at most in their scenarios and Suggest's hierarchies."""
    return replace(a, scenarios=(), suggest_hierarchies=()) == replace(b, scenarios=(), suggest_hierarchies=())


def _without_marks(scenarios) -> tuple:
    return tuple(replace(s, recommended=False, exported=None) for s in scenarios)


class ScenariosAnalysis(AssessmentAnalysis):
    """The assessment with its scenarios; the last result's original is reused when only the
    scenarios changed."""

    def __init__(self, session: Session) -> None:
        super().__init__(session, AnalysisTexts(
            cannot_run=translate("scenarios_page", "The scenarios cannot run yet"),
            could_not_run=translate("scenarios_page", "The scenarios could not run"),
            running=translate("scenarios_page", "Running the scenarios"),
            nothing_yet=translate("scenarios_page", "Run the scenarios or the attacks first."),
            blocked=translate("scenarios_page", LOCKED_TIP)))

    def config(self) -> AnalysisConfig:
        if not self.session.scenarios:
            raise InputError(translate("scenarios_page", "Build a scenario first (New..., then add steps)."))
        return super().config()

    def work(self, config: AnalysisConfig):
        table = subtable(self.session.table, config.needed_columns())
        result = self.session.result
        previous = result.assessment if result is not None and _same_analysis(result.assessment.config, config) \
            and not config.linkage.enabled else None  # linked releases: the releases are read again
        self._attacks = result.attacks if previous is not None else replace(self.session.attacks)

        def work(progress, cancel):
            if previous is not None:
                return with_scenarios(replace(previous, config=config), table, progress, cancel, assess=run_assessment)
            return run_assessment(config, table=table, on_progress=progress, cancel=cancel)

        return work

    def same(self, a: AnalysisConfig, b: AnalysisConfig) -> bool:
        return super().same(replace(a, scenarios=_without_marks(a.scenarios)),
                            replace(b, scenarios=_without_marks(b.scenarios)))


@dataclass(frozen=True, eq=False)
class SuggestRequest:
    """A search as the panel describes it: the engine's config on the QID columns, and the
    hierarchies' specifications it was built from (what :meth:`SuggestAnalysis.same` compares)."""

    config: SuggestConfig
    table: EncodedTable
    specs: tuple
    limits: Thresholds = Thresholds()  # the analysis's thresholds as the panel shows them
    source: Optional[DataSource] = None


class SuggestAnalysis(Analysis):
    """The Suggest tab's search: the least-loss generalisation meeting the target
    (:func:`engine.remediation.suggest.suggest`)."""

    def __init__(self, page: "ScenariosPage") -> None:
        self.page = page
        self.texts = AnalysisTexts(cannot_run=translate("scenarios_page", "Cannot suggest"),
                                   could_not_run=translate("scenarios_page", "The suggestion could not be made"),
                                   running=translate("scenarios_page", "Searching the levels"))

    def config(self) -> SuggestRequest:
        session = self.page.session
        if session.table is None:
            raise InputError(translate("scenarios_page", "no data loaded: open a data file first"))
        panel = self.page.suggest_panel
        sensitive = [s for s in session.config.roles.sensitive if s in session.table.columns]
        table = subtable(session.table, list(dict.fromkeys([*session.qids, *sensitive])))
        return SuggestRequest(panel.config(table), table, tuple(sorted(panel.specs.items())),
                              panel.thresholds(), session.config.data)

    def work(self, request: SuggestRequest):
        self.page.suggest_panel.show_suggestion(None)
        self.page.suggest_panel.best.setText(translate("scenarios_page", "Searching..."))
        specs = dict(request.specs)

        def search(progress, cancel) -> tuple:
            """The suggestion, and the attacks on it made a scenario (judged in the window's thread)."""
            found = with_full_generalisation(suggest(request.table, request.config, progress, cancel),
                                             request.table, request.config)
            scenario = suggested_scenario(found, specs, "suggestion")
            if scenario is None:
                return found, None
            return found, scenario_assessment(request.table, request.source, request.config.qids,
                                              request.config.sensitive, scenario, request.limits,
                                              assess=run_assessment, on_progress=progress, cancel=cancel)

        return search

    def same(self, a: SuggestRequest, b: SuggestRequest) -> bool:
        ca, cb = a.config, b.config
        return (a.specs, ca.qids, ca.target, ca.metric, ca.max_seconds) == \
            (b.specs, cb.qids, cb.target, cb.metric, cb.max_seconds)

    def show(self, outcome: Outcome) -> None:
        found, assessment = outcome.result
        limits = self.page.suggest_panel.thresholds()
        self.page.suggest_panel.show_suggestion(found, None if assessment is None else verdict(assessment, limits))

    def result(self):
        return self.page.suggest_panel.suggestion


class ScenariosPage(QWidget):
    """The Scenarios page of the window (reads and changes the :class:`Session`)."""

    def __init__(self, session: Session, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self.last_error = None
        self._export_name = ""
        self._build()
        self._connect()
        self._on_roles()
        self._on_scenarios()
        self._on_result()

    # --- building ---------------------------------------------------------------------------------
    def _build(self) -> None:
        outer, layout = page_frame(self, translate("scenarios_page", "Scenarios: what would make it ready"))
        self.commands = CommandBar(CommandTexts(
            run=translate("scenarios_page", "Run the scenarios"), run_tip=translate("scenarios_page", RUN_TIP),
            pdf=translate("scenarios_page", "Export PDF..."),
            pdf_tip=translate("scenarios_page", "The risk report with the scenarios (Ctrl+E)."),
            tables=translate("scenarios_page", "Export CSV+JSON..."),
            tables_tip=translate("scenarios_page", "results.json, the CSV tables and the analysis, into a folder (Ctrl+Shift+E).")))
        self.run_button = self.commands.run_button
        layout.addWidget(self.commands)
        layout.addWidget(
            hint(
                translate(
                    "scenarios_page",
                    "Transform a copy of the loaded data (the file is never changed), run the same attacks "
                    "on it and see the price in lost information. Scenarios are saved with the analysis "
                    "(File > Save analysis).",
                )
            )
        )
        self.tabs = QTabWidget()
        self.tabs.addTab(self._build_tab(), translate("scenarios_page", "Build"))
        self.tabs.addTab(self._compare_tab(), translate("scenarios_page", "Compare"))
        self.suggest_panel = SuggestPanel()
        self.tabs.addTab(self.suggest_panel, translate("scenarios_page", "Suggest"))
        layout.addWidget(self.tabs, 1)
        self.run_bar = RunBar()
        outer.addWidget(self.run_bar)
        self.controller = AnalysisController(ScenariosAnalysis(self.session), "scenarios", self, self.run_bar,
                                             self.commands)
        self.suggester = AnalysisController(SuggestAnalysis(self), "suggest", self, self.run_bar)
        self.suggester.exclude(self.controller)
        self.run_job, self.export_job = self.controller.runner, self.controller.exporter
        self.suggest_job = self.suggester.runner

    def _build_tab(self) -> QWidget:
        tab = QWidget()
        row = QHBoxLayout(tab)
        scenarios_box = QGroupBox(translate("scenarios_page", "Scenarios"))
        box = QVBoxLayout(scenarios_box)
        self.scenario_list = QListWidget()
        box.addWidget(self.scenario_list, 1)
        buttons = QHBoxLayout()
        self.new_button = QPushButton(translate("scenarios_page", "New..."))
        self.rename_button = QPushButton(translate("scenarios_page", "Rename..."))
        self.copy_button = QPushButton(translate("scenarios_page", "Duplicate"))
        buttons.addWidget(self.new_button)
        buttons.addWidget(self.rename_button)
        buttons.addWidget(self.copy_button)
        box.addLayout(buttons)
        buttons = QHBoxLayout()
        self.delete_button = QPushButton(translate("scenarios_page", "Delete"))
        self.up_button = QPushButton(translate("scenarios_page", "Up"))
        self.down_button = QPushButton(translate("scenarios_page", "Down"))
        buttons.addWidget(self.delete_button)
        buttons.addWidget(self.up_button)
        buttons.addWidget(self.down_button)
        box.addLayout(buttons)
        row.addWidget(scenarios_box, 2)
        steps_box = QGroupBox(translate("scenarios_page", "Steps, in order"))
        box = QVBoxLayout(steps_box)
        self.step_list = QListWidget()
        self.step_list.setWordWrap(True)
        box.addWidget(self.step_list, 1)
        buttons = QHBoxLayout()
        self.edit_step_button = QPushButton(translate("scenarios_page", "Edit"))
        self.edit_step_button.setToolTip(translate(
            "scenarios_page", "Show the selected step in the form: change it, then press Replace the selected step."))
        self.remove_step_button = QPushButton(translate("scenarios_page", "Remove"))
        self.step_up_button = QPushButton(translate("scenarios_page", "Up"))
        self.step_down_button = QPushButton(translate("scenarios_page", "Down"))
        buttons.addWidget(self.edit_step_button)
        buttons.addWidget(self.remove_step_button)
        buttons.addWidget(self.step_up_button)
        buttons.addWidget(self.step_down_button)
        box.addLayout(buttons)
        crosstabs_label = QLabel(translate("scenarios_page", "Cross-tabulations whose distortion is reported (optional):"))
        crosstabs_label.setWordWrap(True)
        box.addWidget(crosstabs_label)
        self.crosstabs = QLineEdit()
        self.crosstabs.setPlaceholderText(translate("scenarios_page", "e.g. sex x birth_year; race x school"))
        self.crosstabs.setToolTip(
            translate(
                "scenarios_page",
                "Tables of two or more columns joined by 'x', separated by ';': the report gives "
                "their total variation distance from the original.",
            )
        )
        box.addWidget(self.crosstabs)
        row.addWidget(steps_box, 3)
        self.step_form = StepForm()
        row.addWidget(self.step_form, 4)
        return tab

    def _compare_tab(self) -> QWidget:
        tab = QWidget()
        box = QVBoxLayout(tab)
        self.stale = banner("")
        self.stale.hide()
        box.addWidget(self.stale)
        self.recommendation = QLabel("")
        self.recommendation.setWordWrap(True)
        box.addWidget(self.recommendation)
        splitter = QSplitter(Qt.Orientation.Vertical)
        self.table = CompareTable()
        self.table.itemSelectionChanged.connect(self._show_verdict)
        splitter.addWidget(self.table)
        self.plot = RiskLossPlot()
        splitter.addWidget(self.plot)
        splitter.setSizes([220, 300])
        self.compare_split = splitter
        area = scrolling(splitter)   # too short for the table and the plot: scroll, never cover the verdict
        area.setObjectName("compareArea")
        box.addWidget(area, 1)
        self.verdict = VerdictBanner(glossary_anchor="verdict")
        box.addWidget(self.verdict)
        buttons = QHBoxLayout()
        self.pick_button = QPushButton(translate("scenarios_page", "Recommend the selected scenario"))
        self.pick_button.setToolTip(
            translate(
                "scenarios_page",
                "Marks it as the recommended scenario (saved with the analysis, shown first in the report).",
            )
        )
        self.unpick_button = QPushButton(translate("scenarios_page", "Clear the choice"))
        self.export_button = QPushButton(icon("export"), translate("scenarios_page", "Export its transformed data..."))
        self.export_button.setToolTip(
            translate(
                "scenarios_page",
                "Write the selected scenario's data to a file (only when you ask); the file "
                "and the SHA-256 of the source are recorded in the analysis and the report.",
            )
        )
        buttons.addWidget(self.pick_button)
        buttons.addWidget(self.unpick_button)
        buttons.addStretch(1)
        buttons.addWidget(self.export_button)
        box.addLayout(buttons)
        return tab

    def _connect(self) -> None:
        s = self.session
        s.rolesChanged.connect(self._on_roles)
        s.dataChanged.connect(self._on_roles)
        s.scenariosChanged.connect(self._on_scenarios)
        s.resultChanged.connect(self._on_result)
        for changed in (s.attacksChanged, s.targetsChanged, s.releasesChanged):
            changed.connect(self._show_stale)
        for changed in (s.resultChanged, s.dataChanged):   # its exports follow the session's result
            changed.connect(self.controller.refresh)
        self.new_button.clicked.connect(lambda: self.ask_new())
        self.rename_button.clicked.connect(lambda: self.ask_rename())
        self.copy_button.clicked.connect(self.duplicate)
        self.delete_button.clicked.connect(self.delete)
        self.up_button.clicked.connect(lambda: self.move(-1))
        self.down_button.clicked.connect(lambda: self.move(1))
        self.scenario_list.currentRowChanged.connect(self._show_steps)
        self.remove_step_button.clicked.connect(self.remove_step)
        self.edit_step_button.clicked.connect(self.edit_step)
        self.step_list.itemDoubleClicked.connect(lambda _item: self.edit_step())
        self.step_list.currentRowChanged.connect(self._on_step_selected)
        self.step_form.stepReplaced.connect(self.replace_step)
        self.crosstabs.editingFinished.connect(self._on_crosstabs)
        self.step_up_button.clicked.connect(lambda: self.move_step(-1))
        self.step_down_button.clicked.connect(lambda: self.move_step(1))
        self.step_form.stepAdded.connect(self.add_step)
        self.step_form.failed.connect(
            lambda message: self._error(translate("scenarios_page", "The step is not complete"), message)
        )
        self.pick_button.clicked.connect(lambda: self.pick(self.table.selected_name()))
        self.unpick_button.clicked.connect(lambda: self.pick(None))
        self.export_button.clicked.connect(lambda: self.ask_export())
        self.suggest_panel.runRequested.connect(self.run_suggest)
        self.suggest_panel.cancelRequested.connect(self.suggester.cancel)
        self.suggest_panel.scenarioRequested.connect(self.scenario_from_suggestion)
        self.suggest_panel.take_button.clicked.connect(self._take_recode)
        self.suggest_panel.wizardRequested.connect(self.open_wizard)
        self.suggest_panel.makeAllRequested.connect(self.make_all_hierarchies)
        self.suggest_panel.specsEdited.connect(self.session.set_suggest_hierarchies)
        self.session.suggestChanged.connect(
            lambda: self.suggest_panel.show_specs(dict(self.session.suggest_hierarchies)))
        self.step_form.recode.wizardRequested.connect(self.open_recode_wizard)
        self.suggest_panel.failed.connect(lambda message: self._error(translate("scenarios_page", "Cannot suggest"), message))
        for controller in (self.controller, self.suggester):
            controller.stateChanged.connect(self._on_busy)
            controller.errorShown.connect(self._on_error_shown)
        self.controller.finished.connect(lambda _outcome: self.tabs.setCurrentIndex(COMPARE))
        self.controller.runner.cancelled.connect(
            lambda: self.recommendation.setText(translate("scenarios_page", "Run cancelled: the comparison shows the last finished run.")))
        self.controller.exporter.cancelled.connect(
            lambda: self.recommendation.setText(translate("scenarios_page", "Export cancelled: nothing written.")))
        self.suggester.runner.cancelled.connect(
            lambda: self.suggest_panel.best.setText(translate("scenarios_page", "Search cancelled: no suggestion.")))
        self._on_busy()

    # --- session ------------------------------------------------------------------------------------
    def _error(self, title_text: str, message: str, details: str = "") -> None:
        self.last_error = show_error(self, title_text, message, details)

    @Slot(object)
    def _on_error_shown(self, box) -> None:
        self.last_error = box

    @Slot()
    def _on_roles(self) -> None:
        qids = self.session.qids
        self.step_form.set_columns(self.session.table, qids, self.session.columns_with("numeric_qids"))
        self.suggest_panel.set_qids(qids)
        config = self.session.config
        self.suggest_panel.set_thresholds(config.report.thresholds, config.roles.sensitive)
        self._show_stale()

    @Slot()
    def _on_scenarios(self) -> None:
        current = self.current_name()
        self.scenario_list.blockSignals(True)
        self.scenario_list.clear()
        for s in self.session.scenarios:
            self.scenario_list.addItem(s.name + ("  ★" if s.recommended else ""))
        names = [s.name for s in self.session.scenarios]
        self.scenario_list.blockSignals(False)
        if names:
            self.scenario_list.setCurrentRow(names.index(current) if current in names else 0)
        self._show_steps()
        self._show_stale()

    @Slot()
    def _on_result(self) -> None:
        result = self.session.result
        assessment = result.assessment if result is not None else None
        thresholds = assessment.config.report.thresholds if assessment is not None else Thresholds()
        if assessment is None or not assessment.scenarios:
            self.table.show_assessment(None, thresholds)
            self.plot.show_assessment(None, thresholds)
            self.recommendation.setText(
                translate("scenarios_page", "No scenario results yet.")
                if not self.session.scenarios
                else translate("scenarios_page", "Press Run the scenarios to compare them.")
            )
        else:
            self.table.show_assessment(assessment, thresholds)
            self.plot.show_assessment(assessment, thresholds)
            choice = recommend(assessment.scenarios)
            if choice.index is None:
                self.recommendation.setText(
                    translate("scenarios_page", "<b>No scenario is recommended</b>: {0}.").format(engine_text(choice.rule))
                )
            else:
                self.recommendation.setText(
                    translate("scenarios_page", "<b>Recommended: {0}</b> ({1}).").format(
                        assessment.scenarios[choice.index].scenario.name, engine_text(choice.rule)
                    )
                )
        self._show_verdict()
        self._show_stale()
        self._on_busy()

    @Slot()
    def _show_verdict(self) -> None:
        """The verdict of the selected row of the comparison (the original when none is)."""
        row, judged = self.table.selected_verdict()
        if judged is None:
            self.verdict.show_verdict(None)
            return
        name = (translate("scenarios_page", "Original file") if row == 0
                else translate("scenarios_page", "Scenario {0}").format(self.table.names[row - 1]))
        self.verdict.show_verdict(judged, translate("scenarios_page", "{0}: ").format(name))

    @Slot()
    def _show_stale(self) -> None:
        """Mark a comparison run with another analysis than the one now on screen (the Results
        page's rule, ``Session.result_is_stale``), saying whether the scenarios themselves changed."""
        result = self.session.result
        ran = result.assessment.config.scenarios if result is not None else ()
        if _without_marks(ran) != _without_marks(self.session.scenarios):
            text = translate("scenarios_page",
                             "The scenarios changed since they were run: press Run the scenarios to update this "
                             "comparison.")
        else:
            text = translate("scenarios_page",
                             "The analysis changed since the scenarios were run (roles, attacks or options): press "
                             "Run the scenarios to update this comparison.")
        self.stale.setText(text)
        self.stale.setVisible(bool(ran) and self.session.result_is_stale)

    def current_name(self) -> Optional[str]:
        row = self.scenario_list.currentRow()
        return self.session.scenarios[row].name if 0 <= row < len(self.session.scenarios) else None

    def current(self) -> Optional[Scenario]:
        row = self.scenario_list.currentRow()
        return self.session.scenarios[row] if 0 <= row < len(self.session.scenarios) else None

    # --- scenarios and steps ---------------------------------------------------------------------------
    def _unique(self, name: str) -> str:
        names = {s.name for s in self.session.scenarios}
        out, number = name, 2
        while out in names:
            out, number = f"{name} ({number})", number + 1
        return out

    def add_scenario(self, name: str, steps: tuple = ()) -> Scenario:
        scenario = Scenario(self._unique(name.strip() or "scenario"), tuple(steps))
        self.session.set_scenarios(self.session.scenarios + [scenario])
        self.scenario_list.setCurrentRow(len(self.session.scenarios) - 1)
        return scenario

    def ask_new(self) -> None:
        name, ok = QInputDialog.getText(
            self,
            translate("scenarios_page", "New scenario"),
            translate("scenarios_page", "Name of the scenario:"),
            text=translate("scenarios_page", "scenario {0}").format(len(self.session.scenarios) + 1),
        )
        if ok:
            self.add_scenario(name)

    def ask_rename(self) -> None:
        scenario = self.current()
        if scenario is None:
            return
        name, ok = QInputDialog.getText(
            self,
            translate("scenarios_page", "Rename the scenario"),
            translate("scenarios_page", "New name:"),
            text=scenario.name,
        )
        if ok and name.strip() and name.strip() != scenario.name:
            self._replace_current(replace(scenario, name=self._unique(name.strip())))

    def _replace_current(self, scenario: Scenario) -> None:
        row = self.scenario_list.currentRow()
        scenarios = list(self.session.scenarios)
        scenarios[row] = scenario
        self.session.set_scenarios(scenarios)
        self.scenario_list.setCurrentRow(row)

    @Slot()
    def duplicate(self) -> None:
        scenario = self.current()
        if scenario is not None:
            self.add_scenario(translate("scenarios_page", "{0} (copy)").format(scenario.name), scenario.steps)

    @Slot()
    def delete(self) -> None:
        row = self.scenario_list.currentRow()
        if 0 <= row < len(self.session.scenarios):
            scenarios = list(self.session.scenarios)
            del scenarios[row]
            self.session.set_scenarios(scenarios)

    def move(self, by: int) -> None:
        row = self.scenario_list.currentRow()
        scenarios = list(self.session.scenarios)
        if 0 <= row < len(scenarios) and 0 <= row + by < len(scenarios):
            scenarios[row], scenarios[row + by] = scenarios[row + by], scenarios[row]
            self.session.set_scenarios(scenarios)
            self.scenario_list.setCurrentRow(row + by)

    @Slot()
    def _show_steps(self) -> None:
        self.step_list.clear()
        scenario = self.current()
        has = scenario is not None
        for button in (self.rename_button, self.copy_button, self.delete_button, self.up_button, self.down_button,
                       self.step_form.add_button):
            button.setEnabled(has)
        self.step_form.add_button.setToolTip(
            "" if has else translate("scenarios_page", "Create a scenario first (New...).")
        )
        self.crosstabs.setEnabled(has)
        self.crosstabs.setText("; ".join(" x ".join(c) for c in scenario.crosstabs) if has else "")
        if scenario is None:
            return
        for number, step in enumerate(scenario.steps, start=1):
            self.step_list.addItem(f"{number}. {describe_step(step)}")
        self._on_step_selected()

    @Slot()
    def _on_crosstabs(self) -> None:
        scenario = self.current()
        if scenario is None:
            return
        tables = tuple(tuple(c.strip() for c in part.split(" x ") if c.strip())
                       for part in self.crosstabs.text().split(";") if part.strip())
        known = set(self.session.qids) | set(self.session.sensitive)
        for table in tables:
            for column in table:
                if column not in known:
                    self._error(
                        translate("scenarios_page", "Unknown column in a cross-tabulation"),
                        translate(
                            "scenarios_page", "{0!r} is not a quasi-identifier or sensitive column of the analysis"
                        ).format(column),
                    )
                    return
        if tables != scenario.crosstabs:
            self._replace_current(replace(scenario, crosstabs=tables))

    @Slot(object)
    def add_step(self, step) -> None:
        scenario = self.current()
        if scenario is None:
            scenario = self.add_scenario(translate("scenarios_page", "scenario 1"))
        if isinstance(step, LocalSuppression):  # a column dropped earlier cannot be blanked
            dropped = {s.column for s in scenario.steps if isinstance(s, Drop)}
            step = replace(step, importance=tuple(c for c in step.importance if c not in dropped))
        self._replace_current(replace(scenario, steps=scenario.steps + (step,)))
        self.step_list.setCurrentRow(self.step_list.count() - 1)

    @Slot()
    def _on_step_selected(self) -> None:
        scenario, row = self.current(), self.step_list.currentRow()
        chosen = scenario is not None and 0 <= row < len(scenario.steps)
        self.edit_step_button.setEnabled(chosen)
        self.step_form.replace_button.setEnabled(chosen)

    @Slot()
    def edit_step(self) -> None:
        """The selected step shown in the form, to be changed and put back (Replace the selected step)."""
        scenario, row = self.current(), self.step_list.currentRow()
        if scenario is not None and 0 <= row < len(scenario.steps):
            self.step_form.load(scenario.steps[row])

    @Slot(object)
    def replace_step(self, step) -> None:
        """``step`` in place of the selected step of the current scenario (one undoable edit)."""
        scenario, row = self.current(), self.step_list.currentRow()
        if scenario is None or not 0 <= row < len(scenario.steps):
            return
        steps = list(scenario.steps)
        steps[row] = step
        self._replace_current(replace(scenario, steps=tuple(steps)))
        self.step_list.setCurrentRow(row)

    @Slot()
    def remove_step(self) -> None:
        scenario, row = self.current(), self.step_list.currentRow()
        if scenario is not None and 0 <= row < len(scenario.steps):
            steps = list(scenario.steps)
            del steps[row]
            self._replace_current(replace(scenario, steps=tuple(steps)))

    def move_step(self, by: int) -> None:
        scenario, row = self.current(), self.step_list.currentRow()
        if scenario is None or not (0 <= row < len(scenario.steps) and 0 <= row + by < len(scenario.steps)):
            return
        steps = list(scenario.steps)
        steps[row], steps[row + by] = steps[row + by], steps[row]
        self._replace_current(replace(scenario, steps=tuple(steps)))
        self.step_list.setCurrentRow(row + by)

    # --- running --------------------------------------------------------------------------------------
    def run(self) -> bool:
        """Run the scenarios; the original's results are reused when the analysis is unchanged."""
        return self.controller.run()

    @Slot()
    def cancel(self) -> None:
        self.controller.cancel()
        self.suggester.cancel()

    @property
    def busy(self) -> bool:
        return any(c.busy or c.exporting for c in (self.controller, self.suggester))

    @Slot()
    def _on_busy(self, _busy: bool = False) -> None:
        busy = self.busy
        loaded = self.session.table is not None
        self.suggest_panel.set_running(self.suggester.busy)
        self.suggest_panel.run_button.setEnabled(self.suggester.can_run and loaded)
        has_results = self.session.result is not None and bool(self.session.result.assessment.scenarios)
        for button in (self.pick_button, self.unpick_button, self.export_button):
            button.setEnabled(has_results and not busy)

    # --- pick and export ------------------------------------------------------------------------------
    def pick(self, name: Optional[str]) -> None:
        """Mark ``name`` as the recommended scenario (None: clear the choice)."""
        if name is None:
            for s in self.session.scenarios:
                if s.recommended:
                    self.session.mark_scenario(s.name, recommended=False)
            return
        if name not in {s.name for s in self.session.scenarios}:
            self._error(
                translate("scenarios_page", "Choose a scenario"),
                translate("scenarios_page", "Select a scenario's row in the table first."),
            )
            return
        self.session.mark_scenario(name, recommended=True)

    def ask_export(self) -> None:
        name = self.table.selected_name()
        if name is None:
            self._error(
                translate("scenarios_page", "Choose a scenario"),
                translate("scenarios_page", "Select a scenario's row in the table first."),
            )
            return
        start = str(Path(self.session.source.path).with_name(f"{name}.csv")) if self.session.source else ""
        path, chosen = QFileDialog.getSaveFileName(
            self, translate("scenarios_page", "Export the data of {0}").format(name), start,
            translate("scenarios_page", EXPORT_FILTER)
        )
        if path:
            if not path.lower().endswith((".csv", ".parquet")):
                path += ".parquet" if "*.parquet" in chosen else ".csv"
            self.export(name, path)

    def export(self, name: str, path: str) -> bool:
        """Write the scenario's transformed data to ``path`` on a worker thread (direct
        identifiers left out; with linked releases, each linked release's file beside it) and
        record the files and the sources' SHA-256 in the scenario."""
        scenario = next((s for s in self.session.scenarios if s.name == name), None)
        if scenario is None or self.session.table is None or self.busy:
            return False
        table, qids, identifiers = self.session.table, self.session.qids, self.session.columns_with("identifiers")
        try:   # linked releases are read from their files, as a run reads them
            config = self.session.build_config() if self.session.config.linkage.releases else None
        except InputError as exc:
            self._error(translate("scenarios_page", "The scenarios cannot run yet"), str(exc))
            return False
        try:   # no export replaces a file the analysis read (engine/report/output_guard.py)
            check_export(config if config is not None else self.session.config, path, scenario=True)
        except InputError as exc:
            self._error(translate("scenarios_page", "Cannot export the data"), error_text(exc))
            return False
        self._export_name = name

        def work(progress, cancel) -> Scenario:
            if config is not None:
                return export_linked_scenario(config, scenario, path, identifiers, cancel)
            roles = self.session.config.roles
            return export_scenario(table, qids, scenario, path, identifiers, cancel,
                                   numeric_qids=roles.numeric_qids, weight=roles.weight)

        return self.controller.start_export(
            work,
            translate("scenarios_page", "Writing the data of {0} to {1}...").format(name, path),
            translate("scenarios_page", "Writing the transformed data"), self._on_export_finished)

    def _on_export_finished(self, scenario: Scenario) -> None:
        self.session.mark_scenario(self._export_name, exported=scenario.exported)
        self.recommendation.setText(
            translate(
                "scenarios_page",
                "Wrote the data of {0} to {1} (direct identifiers left out). Save the analysis to keep the record.",
            ).format(self._export_name, ", ".join([e.path for e in (scenario.exported, *scenario.exported.releases)]))
            + "".join(" " + translate("scenarios_page", "Warning: {0}").format(render(w))
                      for w in formula_warnings([scenario.exported]))   # text a spreadsheet would run as a formula
        )
        self.controller.saved_to(scenario.exported.path)

    # --- suggest -------------------------------------------------------------------------------------
    @Slot()
    def _take_recode(self) -> None:
        recode = self.step_form.recode
        try:
            spec = recode.spec()
        except InputError as exc:
            self._error(translate("scenarios_page", "No hierarchy to take"), error_text(exc))
            return
        self.suggest_panel.set_spec(recode.column.currentText(), spec)

    def _hierarchy_folder(self) -> str:
        """Where hierarchy files go first: beside the analysis file, else beside the data."""
        path = self.session.analysis_path or (self.session.table.path if self.session.table is not None else "")
        return str(Path(path).parent) if path else ""

    def wizard(self, qid: str) -> Optional[HierarchyWizard]:
        """The hierarchy wizard on the loaded QIDs (None without data or QIDs)."""
        if self.session.table is None or not self.session.qids:
            self._error(translate("scenarios_page", "No hierarchy to build"),
                        translate("scenarios_page", "Open a data file and choose its quasi-identifiers first."))
            return None
        return HierarchyWizard(subtable(self.session.table, self.session.qids), self.session.qids, qid,
                               self._hierarchy_folder(), self)

    @Slot(str)
    def open_wizard(self, qid: str) -> None:
        """The wizard from Suggest: each hierarchy saved or loaded becomes that QID's."""
        dialog = self.wizard(qid)
        if dialog is not None:
            dialog.hierarchySaved.connect(lambda q, path: self.suggest_panel.set_spec(q, HierarchySpec("hierarchy",
                                                                                                        path=path)))
            dialog.exec()

    @Slot(str)
    def open_recode_wizard(self, column: str) -> None:
        """The wizard from the Build tab: the file saved for the recode's column is recoded by."""
        dialog = self.wizard(column)
        if dialog is not None:
            dialog.exec()
            if column in dialog.saved:
                self.step_form.recode.use_file(dialog.saved[column])

    @Slot()
    def make_all_hierarchies(self) -> None:
        """Every QID's template hierarchy written into a folder and set for Suggest."""
        if self.session.table is None or not self.session.qids:
            self._error(translate("scenarios_page", "No hierarchy to build"),
                        translate("scenarios_page", "Open a data file and choose its quasi-identifiers first."))
            return
        files = make_all_hierarchies(self, self.session.table, self.session.qids, self._hierarchy_folder())
        self.suggest_panel.set_specs({qid: HierarchySpec("hierarchy", path=path) for qid, path in files.items()})
        if files:
            made = translate_plural("scenarios_page", QT_TRANSLATE_NOOP("scenarios_page", "{0} hierarchy file"),
                                    QT_TRANSLATE_NOOP("scenarios_page", "{0} hierarchy files"), len(files))
            self.suggest_panel.note.setText(translate("scenarios_page", "Made {0} in {1}.").format(
                made.format(len(files)), str(Path(next(iter(files.values()))).parent)))

    @Slot()
    def run_suggest(self) -> bool:
        return self.suggester.run()

    @Slot()
    def scenario_from_suggestion(self) -> None:
        suggestion = self.suggest_panel.suggestion
        if suggestion is None:
            return
        try:
            scenario, note = suggestion_scenario(
                suggestion,
                self.suggest_panel.specs,
                self._unique(translate("scenarios_page", "suggested k={0}").format(suggestion.target.k)),
            )
        except InputError as exc:
            self._error(translate("scenarios_page", "No scenario made"), error_text(exc))
            return
        self.add_scenario(scenario.name, scenario.steps)
        self.suggest_panel.note.setText(
            translate("scenarios_page", "Added the scenario {0!r} (Build tab). {1}").format(scenario.name, note)
        )

    def shutdown(self) -> bool:
        ok = self.step_form.shutdown()
        ok = self.controller.shutdown() and ok
        return self.suggester.shutdown() and ok

