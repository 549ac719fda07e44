"""Differential privacy: what a chosen epsilon buys before noisy statistics are released.

Counting queries on a table (thesis ch. 6: privacy loss about a new record's sensitive value
and utility of the noisy count, oblivious and local mechanisms, several queries side by side)
and a thresholded count (Desfontaines et al. 2019: delta of a passive and of an active
attacker with partial knowledge). The page has its own file pickers, Run/Cancel, Open/Save
analysis and exports; every number comes from :func:`engine.dp.api.run_dp_analysis`.

The page lays out the pieces of :mod:`gui.pages.dp` (the two forms, the results column, the
run bar) and runs the jobs.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Optional, Sequence

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal, Slot
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QPushButton, QSplitter, QVBoxLayout, QWidget

from engine.config import DataSource
from engine.dp.config import DPConfig, DPScenario, ThresholdConfig
from engine.dp.results import DPAssessment
from engine.errors import InputError

from ..dialogs.errors import show_error
from ..jobs import JobError, JobRunner
from ..resources import icon
from .common import hint, page_layout, scrolling, title
from .dp.counting_form import CountingBox
from .dp.results_view import DPResults, gap_sentence
from .dp.run_bar import DPRunBar
from .dp.threshold_form import ThresholdBox
from ..i18n import translate

__all__ = ["DPPage", "gap_sentence"]

ANALYSIS_FILTER = QT_TRANSLATE_NOOP("main_window", "RiskReview analysis (*.toml)")
SETUP_WIDTH = 440


class DPPage(QWidget):
    """The differential-privacy release analysis, standalone: form, run, results, exports."""

    resultChanged = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.assessment: Optional[DPAssessment] = None
        self.opened = DPConfig()  # the analysis opened (or the defaults); the form edits it
        self.run_job = JobRunner("dp-run", self)
        self.export_job = JobRunner("dp-export", self)
        self._build()
        self._connect_jobs()
        self._refresh_buttons()

    # --- building --------------------------------------------------------------------------
    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        body = QWidget()
        layout = page_layout(body)
        layout.addWidget(title(translate("dp_page", "Differential privacy")))
        head = QHBoxLayout()  # the command row: as on the other pages, Run and the exports on the right
        self.open_button = QPushButton(icon("open"), translate("dp_page", "Open analysis..."))
        self.open_button.setToolTip(translate("dp_page", "Read a differential-privacy analysis (.toml) saved earlier."))
        self.open_button.clicked.connect(lambda: self.open_analysis())
        self.save_button = QPushButton(icon("save"), translate("dp_page", "Save analysis..."))
        self.save_button.setToolTip(
            translate("dp_page", "Write this form to a .toml file (also usable with `riskreview dp --config`).")
        )
        self.save_button.clicked.connect(lambda: self.save_analysis())
        head.addWidget(self.open_button)
        head.addWidget(self.save_button)
        head.addStretch(1)
        self.run_button = QPushButton(icon("run"), translate("dp_page", "Run the analysis"))
        self.run_button.setObjectName("primary")
        self.run_button.setToolTip(
            translate("dp_page", "Compute every query, mechanism and ε, and the thresholded count.")
        )
        self.run_button.clicked.connect(self.run)
        self.command_row = head
        layout.addLayout(head)
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
        self.results.pdf_button.clicked.connect(lambda: self.export_pdf())
        self.results.csv_button.clicked.connect(lambda: self.export_csv())
        for button in (self.results.pdf_button, self.results.csv_button, self.run_button):
            self.command_row.addWidget(button)  # moved from the results column
        self.splitter.addWidget(self.results)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([SETUP_WIDTH + 10, 640])
        layout.addWidget(self.splitter, 1)
        outer.addWidget(body, 1)
        self.run_bar = DPRunBar()
        self.run_bar.cancelRequested.connect(self.cancel)
        outer.addWidget(self.run_bar)
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
        self.status, self.pdf_button, self.csv_button = r.status, r.pdf_button, r.csv_button

    def _connect_jobs(self) -> None:
        self.run_job.progress.connect(self.run_bar.update_progress)
        self.run_job.finished.connect(self._on_run_finished)
        self.run_job.failed.connect(self._on_run_failed)
        self.run_job.cancelled.connect(self._on_run_cancelled)
        self.export_job.finished.connect(self._on_export_finished)
        self.export_job.failed.connect(self._on_export_failed)
        self.export_job.cancelled.connect(self._on_export_cancelled)
        for runner in (self.run_job, self.export_job):
            runner.busyChanged.connect(self._on_busy)

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
            path, _ = QFileDialog.getOpenFileName(
                self, translate("dp_page", "Open a differential-privacy analysis"), "",
                translate("main_window", ANALYSIS_FILTER)
            )
            if not path:
                return False
        try:
            config = DPConfig.from_toml(path)
        except InputError as exc:
            show_error(self, translate("dp_page", "The analysis could not be opened"), str(exc))
            return False
        self.set_config(config)
        self.status.setText(translate("dp_page", "Opened {0}.").format(Path(path).name))
        return True

    def save_analysis(self, path: Optional[str] = None) -> bool:
        try:
            config = self.config()
            config.validate()
        except InputError as exc:
            show_error(self, translate("dp_page", "The analysis cannot be saved yet"), str(exc))
            return False
        if path is None:
            path, _ = QFileDialog.getSaveFileName(
                self, translate("dp_page", "Save the analysis"), "dp_analysis.toml",
                translate("main_window", ANALYSIS_FILTER)
            )
            if not path:
                return False
        from engine.report.atomic import write_analysis_file

        try:  # the data path relative to the analysis file's folder, or absolute
            write_analysis_file(config, Path(path))
        except InputError as exc:
            show_error(self, translate("dp_page", "The analysis could not be saved"), str(exc))
            return False
        except OSError as exc:
            show_error(self, translate("dp_page", "The analysis could not be saved"), f"{path}: {exc.strerror or exc}")
            return False
        self.status.setText(translate("dp_page", "Saved the analysis to {0}.").format(Path(path).name))
        return True

    # --- running ------------------------------------------------------------------------------
    @Slot()
    def run(self) -> bool:
        if self.run_job.busy:
            return False
        if self.counting.has_unadded_query():
            if not self.add_current_scenario():  # a query filled in but not added yet: add it
                return False
        try:
            config = self.config()
            config.validate()
        except InputError as exc:
            show_error(self, translate("dp_page", "The analysis cannot run"), str(exc))
            return False

        def work(progress, cancel):
            from engine.dp.api import run_dp_analysis

            return run_dp_analysis(config, on_progress=progress, cancel=cancel)

        self.status.setText("")
        self.run_bar.begin(translate("dp_page", "Starting the analysis"))
        self.run_job.submit(work)
        return True

    @Slot()
    def cancel(self) -> None:
        self.run_job.cancel()
        self.export_job.cancel()

    @Slot(object)
    def _on_run_finished(self, assessment: DPAssessment) -> None:
        self.run_bar.end()
        self.show_assessment(assessment)

    @Slot(object)
    def _on_run_failed(self, error: JobError) -> None:
        self.run_bar.end()
        show_error(self, translate("dp_page", "The analysis could not run"), error.message, error.details)

    @Slot()
    def _on_run_cancelled(self) -> None:
        self.run_bar.end()
        self.status.setText(translate("dp_page", "Cancelled: nothing was kept from that run."))

    @Slot(bool)
    def _on_busy(self, _busy: bool = False) -> None:
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        running = self.run_job.busy
        exporting = self.export_job.busy
        self.run_button.setEnabled(not running)
        self.open_button.setEnabled(not running)
        has_result = self.assessment is not None
        self.pdf_button.setEnabled(has_result and not exporting)
        self.csv_button.setEnabled(has_result and not exporting)

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
        self._refresh_buttons()
        self.resultChanged.emit()

    # --- exports --------------------------------------------------------------------------------
    def export_pdf(self, path: Optional[str] = None) -> bool:
        if self.assessment is None or self.export_job.busy:
            return False
        if path is None:
            path, _ = QFileDialog.getSaveFileName(
                self,
                translate("dp_page", "Export the PDF report"),
                "dp_report.pdf",
                translate("dp_page", "PDF (*.pdf)"),
            )
            if not path:
                return False
        assessment, target = self.assessment, Path(path)

        def work(progress, cancel):
            from engine.report.dp_pdf import write_dp_pdf

            return [write_dp_pdf(assessment, target, cancel=cancel)]

        self.status.setText(translate("dp_page", "Writing {0}...").format(target.name))
        self.export_job.submit(work)
        self._refresh_buttons()
        return True

    def export_csv(self, folder: Optional[str] = None) -> bool:
        if self.assessment is None or self.export_job.busy:
            return False
        if folder is None:
            folder = QFileDialog.getExistingDirectory(self, translate("dp_page", "Export CSV and JSON into a folder"))
            if not folder:
                return False
        assessment, target = self.assessment, Path(folder)

        def work(progress, cancel):
            from engine.report.dp_tables import write_dp_results

            return list(write_dp_results(assessment, target, cancel=cancel))

        self.status.setText(translate("dp_page", "Writing the CSV and JSON files into {0}...").format(target))
        self.export_job.submit(work)
        self._refresh_buttons()
        return True

    @Slot(object)
    def _on_export_finished(self, paths) -> None:
        names = ", ".join(Path(p).name for p in paths)
        folder = Path(paths[0]).parent if paths else ""
        self.status.setText(translate("dp_page", "Wrote {0} in {1}.").format(names, folder))

    @Slot(object)
    def _on_export_failed(self, error: JobError) -> None:
        self.status.setText(translate("dp_page", "The export failed; nothing was written."))
        show_error(self, translate("dp_page", "The export failed"), error.message, error.details)

    @Slot()
    def _on_export_cancelled(self) -> None:
        self.status.setText(translate("dp_page", "Export cancelled; nothing was written."))

    # --- closing ------------------------------------------------------------------------------
    def shutdown(self) -> bool:
        """Cancel every job of the page and wait for its threads (window closing)."""
        ok = True
        for runner in (self.run_job, self.export_job, self.values_job, self.columns_job):
            ok = runner.shutdown() and ok
        self.run_bar.end()
        return ok
