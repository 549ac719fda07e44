"""Differential privacy: what a chosen epsilon buys before noisy statistics are released.

Counting queries on a table (thesis ch. 6: privacy loss about a new record's sensitive value
and utility of the noisy count, oblivious and local mechanisms, several queries side by side)
and a thresholded count (Desfontaines et al. 2019: delta of a passive and of an active
attacker with partial knowledge). The page has its own file picker; every number comes from
:func:`engine.dp.api.run_dp_analysis`.

The page lays out the pieces of :mod:`gui.pages.dp` (the two forms, the results column); run,
cancel, exports and the analysis file are the :class:`~gui.controller.AnalysisController`'s, told
what to do by :class:`DPAnalysis`.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Optional, Sequence

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import QSplitter, QVBoxLayout, QWidget

from engine.api import DataSource
from engine.api import DPConfig, DPScenario, ThresholdConfig
from engine.api import DPAssessment
from engine.api import InputError
from engine.api import render

from ..controller import Analysis, AnalysisController, AnalysisTexts, Outcome
from ..widgets.command_bar import CommandBar, CommandTexts
from ..widgets.run_bar import RunBar
from .common import hint, page_frame, scrolling
from .dp.counting_form import CountingBox
from .dp.results_view import DPResults, gap_sentence
from .dp.threshold_form import ThresholdBox
from ..i18n import translate

__all__ = ["DPPage", "gap_sentence"]

SETUP_WIDTH = 440


class DPAnalysis(Analysis):
    """The noisy-count page's analysis: its forms' :class:`DPConfig`, run by
    :func:`engine.dp.api.run_dp_analysis`."""

    def __init__(self, page: "DPPage") -> None:
        self.page = page
        self.texts = AnalysisTexts(
            cannot_run=translate("dp_page", "The analysis cannot run"),
            could_not_run=translate("dp_page", "The analysis could not run"),
            running=translate("dp_page", "Starting the analysis"),
            pdf_name="dp_report.pdf", analysis_name="dp_analysis.toml")

    def config(self) -> DPConfig:
        return self.page.config()

    def work(self, config: DPConfig):
        config.validate()

        def work(progress, cancel):
            from engine.api import run_dp_analysis

            return run_dp_analysis(config, on_progress=progress, cancel=cancel)

        return work

    def show(self, outcome: Outcome) -> None:
        self.page.show_assessment(outcome.result)

    def show_problem(self, window, problem) -> str:
        """The rule as the engine names its field: the window's controls (gui/problems.py) are the
        release assessment's, whose fields of the same name ("scenarios") mean something else."""
        return render(problem.message())

    def result(self):
        return self.page.assessment

    def read(self, path: str) -> DPConfig:
        return DPConfig.from_toml(path)

    def apply(self, config: DPConfig, path: str) -> bool:
        self.page.set_config(config)
        return True

    def saving_config(self) -> DPConfig:
        config = self.page.config()
        config.validate()
        return config

    def write_pdf(self, result: DPAssessment, path: Path, cancel) -> None:
        from engine.api import write_dp_pdf

        write_dp_pdf(result, path, cancel=cancel)

    def write_tables(self, result: DPAssessment, folder: Path, cancel) -> None:
        from engine.api import write_dp_results

        write_dp_results(result, folder, cancel=cancel)


class DPPage(QWidget):
    """The differential-privacy release analysis, standalone: form, run, results, exports."""

    resultChanged = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.assessment: Optional[DPAssessment] = None
        self.opened = DPConfig()  # the analysis opened (or the defaults); the form edits it
        self._build()
        self.controller.refresh()

    # --- building --------------------------------------------------------------------------
    def _build(self) -> None:
        outer, layout = page_frame(self, translate("dp_page", "Noisy counts"))
        self.commands = CommandBar(CommandTexts(
            open=translate("dp_page", "Open analysis..."),
            open_tip=translate("dp_page", "Read a differential-privacy analysis (.toml) saved earlier."),
            save=translate("dp_page", "Save analysis..."),
            save_tip=translate("dp_page", "Write this form to a .toml file (also usable with `riskreview dp --config`)."),
            pdf=translate("dp.results_view", "Export PDF..."),
            tables=translate("dp.results_view", "Export CSV+JSON..."),
            run=translate("dp_page", "Run the analysis"),
            run_tip=translate("dp_page", "Compute every query, mechanism and ε, and the thresholded count."),
        ))
        layout.addWidget(self.commands)
        layout.addWidget(
            hint(
                translate(
                    "dp_page",
                    "Before publishing noisy statistics instead of microdata: how much does an attacker "
                    "still learn about a person's sensitive value, and how much can an analyst still "
                    "trust the count, for each ε?",
                )
            )
        )
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        setup = QWidget()
        setup_layout = QVBoxLayout(setup)
        setup_layout.setContentsMargins(0, 0, 6, 0)
        self.counting = CountingBox()
        setup_layout.addWidget(self.counting)
        self.threshold_box = ThresholdBox()
        setup_layout.addWidget(self.threshold_box)
        setup_layout.addStretch(1)
        setup_area = scrolling(setup)
        setup_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        setup_area.setMinimumWidth(SETUP_WIDTH)
        self.setup = setup
        self.splitter.addWidget(setup_area)
        self.results = DPResults()
        self.splitter.addWidget(self.results)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([SETUP_WIDTH + 10, 640])
        body = scrolling(self.splitter)   # a window too narrow for both sides scrolls, never overlaps them
        body.setObjectName("dpBody")
        layout.addWidget(body, 1)
        self.run_bar = RunBar(
            stages={"dp": translate("dp.run_bar", "Computing privacy loss and utility")},
            formats={"dp": translate("dp.run_bar", "{done} / {total} points")},
        )
        outer.addWidget(self.run_bar)
        self.controller = AnalysisController(DPAnalysis(self), "dp", self, self.run_bar, self.commands)
        self.controller.statusMessage.connect(self.results.status.setText)
        self._expose_widgets()

    def _expose_widgets(self) -> None:
        """The forms' and the results' widgets and jobs, reachable as attributes of the page."""
        c, t, r = self.counting, self.threshold_box, self.results
        self.columns_job, self.values_job = c.columns_job, c.values_job
        self.data_path, self.sensitive, self.useful, self.values, self.order = (c.data_path, c.sensitive, c.useful,
                                                                                c.values, c.order)
        self.scenario_table, self.epsilons, self.mechanism = c.scenario_table, c.epsilons, c.mechanism
        self.include_threshold, self.voters, self.threshold, self.known, self.p = (t.include_threshold, t.voters,
                                                                                   t.threshold, t.known, t.p)
        self.threshold_epsilons, self.example_button = t.threshold_epsilons, t.example_button
        self.summary, self.warnings, self.tabs, self.gap = r.summary, r.warnings, r.tabs, r.gap
        self.curves, self.tradeoff, self.threshold_plot = r.curves, r.tradeoff, r.threshold_plot
        self.points_table, self.threshold_table = r.points_table, r.threshold_table
        self.status = r.status
        c = self.commands
        self.open_button, self.save_button, self.run_button = c.open_button, c.save_button, c.run_button
        self.pdf_button, self.csv_button = c.pdf_button, c.tables_button
        self.run_job, self.export_job = self.controller.runner, self.controller.exporter

    # --- the forms ------------------------------------------------------------------------------
    @property
    def _values_column(self) -> Optional[str]:
        """The counted column whose values are listed (None while they are read)."""
        return self.counting.values_column

    def set_data_path(self, path: str, source: Optional[DataSource] = None) -> None:
        """Use the file at ``path`` (with the read options of ``source``) and list its columns."""
        self.counting.set_data_path(path, source)

    def checked_values(self) -> tuple[str, ...]:
        return self.counting.checked_values()

    def set_checked_values(self, texts: Sequence[str]) -> None:
        """Tick these values (as text, "" for missing); remembered until the values are listed."""
        self.counting.set_checked_values(texts)

    def add_current_scenario(self) -> bool:
        return self.counting.add_current_scenario()

    def scenarios(self) -> tuple[DPScenario, ...]:
        return self.counting.scenarios()

    def set_scenarios(self, scenarios: Sequence[DPScenario]) -> None:
        self.counting.set_scenarios(scenarios)

    def remove_scenario(self, row: int) -> None:
        self.counting.remove_scenario(row)

    def fill_desfontaines_example(self) -> None:
        self.threshold_box.fill_desfontaines_example()

    def set_threshold(self, config: Optional[ThresholdConfig], include: bool = True) -> None:
        self.threshold_box.set_threshold(config, include)

    def threshold_config(self) -> Optional[ThresholdConfig]:
        return self.threshold_box.threshold_config()

    # --- the analysis as a config -----------------------------------------------------------------
    def config(self) -> DPConfig:
        """The form as a :class:`DPConfig` (InputError on unreadable numbers)."""
        scenarios = self.counting.scenarios()
        epsilons = self.epsilons.epsilons() if scenarios else ()
        return replace(self.opened, data=self.counting.data_source(), scenarios=scenarios, epsilons=epsilons,
                       mechanisms=self.counting.mechanisms(), threshold=self.threshold_config())

    def set_config(self, config: DPConfig) -> None:
        """Fill the form from ``config`` (an opened analysis)."""
        self.opened = config
        self.set_scenarios(config.scenarios)
        if config.epsilons:
            self.epsilons.set_epsilons(config.epsilons)
        self.counting.set_mechanisms(config.mechanisms)
        if config.threshold is not None:
            self.set_threshold(config.threshold, include=True)
        else:
            self.include_threshold.setChecked(False)
        if config.data is not None:
            self.set_data_path(config.data.path, config.data)
        else:
            self.set_data_path("")

    def open_analysis(self, path: Optional[str] = None) -> bool:
        if path is None:
            return self.controller.ask_open()
        return self.controller.open_analysis(path)

    def save_analysis(self, path: Optional[str] = None) -> bool:
        if path is None:
            return self.controller.ask_save()
        return self.controller.save_analysis(path)

    # --- running ------------------------------------------------------------------------------
    @Slot()
    def run(self) -> bool:
        if self.controller.busy:
            return False
        if self.counting.has_unadded_query():
            if not self.add_current_scenario():  # a query filled in but not added yet: add it
                return False
        self.status.setText("")
        return self.controller.run()

    @Slot()
    def cancel(self) -> None:
        self.controller.cancel()

    def result_is_stale(self) -> bool:
        """Whether the last result was run with another analysis than the form now describes."""
        if self.assessment is None:
            return False
        try:
            return self.config() != self.assessment.config
        except InputError:
            return True

    def show_assessment(self, assessment: DPAssessment) -> None:
        self.assessment = assessment
        self.results.show_assessment(assessment)
        self.controller.refresh()
        self.resultChanged.emit()

    # --- exports --------------------------------------------------------------------------------
    def export_pdf(self, path: Optional[str] = None) -> bool:
        if path is None:
            return self.controller.ask_export_pdf()
        return self.controller.export_pdf(path)

    def export_csv(self, folder: Optional[str] = None) -> bool:
        if folder is None:
            return self.controller.ask_export_tables()
        return self.controller.export_tables(folder)

    # --- closing ------------------------------------------------------------------------------
    def shutdown(self) -> bool:
        """Cancel every job of the page and wait for its threads (window closing)."""
        ok = self.controller.shutdown()
        for runner in (self.values_job, self.columns_job):
            ok = runner.shutdown() and ok
        return ok
