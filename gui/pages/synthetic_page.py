"""Synthetic data: does a synthetic release leak the real records?

The analyst gives the real file, the synthetic file made from it and (usually) a control file
of real records not used to make it; chooses the attacker's columns and the attacks of the
PrivE/tapas library; runs :func:`engine.synthetic.api.run_synthetic_assessment` on a worker
thread; and reads a verdict, one row per attack, the ROC curves of the membership attacks,
the warnings and (only when asked for) the targets most at risk. The page has its own file
pickers, Run/Cancel, Open/Save analysis and exports, so it works on its own.

The page wires the pieces of :mod:`gui.pages.synthetic` together and runs the jobs: the form
(:class:`~gui.pages.synthetic.form.SyntheticForm`) and the results view
(:class:`~gui.pages.synthetic.results_view.SyntheticResults`) live there.
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Optional, Sequence

from PySide6.QtCore import QT_TRANSLATE_NOOP, Signal, Slot
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QPushButton, QTabWidget, QVBoxLayout, QWidget

from engine.config import DataSource
from engine.errors import InputError
from engine.progress import Progress
from engine.report.atomic import write_analysis_file
from engine.synthetic.config import SyntheticConfig

from ..dialogs.errors import show_error
from ..jobs import JobError, JobRunner
from ..resources import icon
from ..text import duration
from .common import hint, page_layout, scrolling, title
from .synthetic.attack_table import attack_row, residual_text
from .synthetic.form import SyntheticForm
from .synthetic.labels import attack_label
from .synthetic.results_view import SyntheticResults
from .synthetic.run_bar import SyntheticRunBar
from ..i18n import translate

__all__ = ["SyntheticPage", "attack_label", "attack_row", "residual_text"]

ANALYSIS_FILTER = QT_TRANSLATE_NOOP("main_window", "RiskReview analysis (*.toml)")


class SyntheticPage(QWidget):
    """Attacks on a synthetic file against the real records (form, run, results, exports)."""

    statusMessage = Signal(str)
    resultChanged = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.assessment = None
        self.last_error = None
        self._run_started = 0.0
        self._run_seconds = 0.0
        self._stale = False
        self.runner = JobRunner("synthetic-run", self)
        self.exporter = JobRunner("synthetic-export", self)
        self.runner.progress.connect(self._on_progress)
        self.runner.finished.connect(self._on_run_finished)
        self.runner.failed.connect(self._on_run_failed)
        self.runner.cancelled.connect(self._on_run_cancelled)
        self.runner.busyChanged.connect(self._on_busy)
        self.exporter.finished.connect(self._on_exported)
        self.exporter.failed.connect(self._on_export_failed)
        self.exporter.busyChanged.connect(self._on_busy)

        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        head = QWidget()
        head_layout = page_layout(head)
        head_layout.addWidget(title(translate("synthetic_page", "Synthetic data: does it leak the real records?")))
        head_layout.addLayout(self._command_row())
        outer.addWidget(head)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.form = SyntheticForm()
        self.tabs.addTab(scrolling(self.form), icon("analysis"), translate("synthetic_page", "Analysis"))
        self.results = SyntheticResults()
        self.tabs.addTab(self.results, icon("results"), translate("synthetic_page", "Results"))
        outer.addWidget(self.tabs, 1)
        self.status = hint("")
        self.status.setContentsMargins(16, 2, 16, 4)
        outer.addWidget(self.status)
        self.run_bar = SyntheticRunBar()
        self.run_bar.cancelRequested.connect(self.cancel)
        outer.addWidget(self.run_bar)
        self._expose_widgets()
        self.form.changed.connect(self.refresh)
        self.form.readFailed.connect(self.error)
        self.statusMessage.connect(self.status.setText)
        self.results.show_assessment(None)
        self.refresh()

    # --- building -------------------------------------------------------------------------
    def _command_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.open_button = QPushButton(icon("open"), translate("synthetic_page", "Open analysis..."))
        self.open_button.setToolTip(
            translate(
                "synthetic_page", "Read a synthetic-data analysis (.toml): the files, columns and attack settings."
            )
        )
        self.open_button.clicked.connect(self._ask_open_analysis)
        self.save_button = QPushButton(icon("save"), translate("synthetic_page", "Save analysis..."))
        self.save_button.setToolTip(
            translate(
                "synthetic_page",
                "Write the files, columns and attack settings (never the data) to "
                "a .toml file that the command line can run too.",
            )
        )
        self.save_button.clicked.connect(self._ask_save_analysis)
        self.run_button = QPushButton(icon("run"), translate("synthetic_page", "Run the attacks"))
        self.run_button.setObjectName("primary")
        self.run_button.clicked.connect(self.run)
        self.pdf_button = QPushButton(icon("export"), translate("synthetic_page", "Export PDF..."))
        self.pdf_button.setToolTip(translate("synthetic_page", "The risk report for the release board."))
        self.pdf_button.clicked.connect(self._ask_export_pdf)
        self.tables_button = QPushButton(icon("table"), translate("synthetic_page", "Export CSV+JSON..."))
        self.tables_button.setToolTip(
            translate(
                "synthetic_page", "results.json, the attack and ROC tables as CSV, and the analysis, into a folder."
            )
        )
        self.tables_button.clicked.connect(self._ask_export_tables)
        for button in (self.open_button, self.save_button):
            row.addWidget(button)
        row.addStretch(1)
        for button in (self.pdf_button, self.tables_button, self.run_button):
            row.addWidget(button)
        return row

    def _expose_widgets(self) -> None:
        """The form's and the results' widgets, reachable as attributes of the page."""
        form, results = self.form, self.results
        self.edits, self.control_hint = form.files.edits, form.files.control_hint
        self.qid_list, self.sensitive = form.attacker.qid_list, form.attacker.sensitive
        self.attack_boxes, self.attacks_note = form.attacks.attack_boxes, form.attacks.attacks_note
        s = form.settings
        self.distance, self.radius, self.criterion, self.criterion_value = (s.distance, s.radius, s.criterion,
                                                                            s.criterion_value)
        self.targets, self.seed, self.jobs, self.show_targets = s.targets, s.seed, s.jobs, s.show_targets
        self.generator, self.shadow = form.shadow_box.generator, form.shadow_box.shadow
        self.problem = form.problem
        self.verdict, self.summary, self.warnings = results.verdict, results.summary, results.warnings
        self.table, self.views, self.roc = results.table, results.views, results.roc
        self.at_risk_tab, self.at_risk = results.at_risk_tab, results.at_risk

    # --- the form -------------------------------------------------------------------------------
    def set_file(self, role: str, path: str, source: Optional[DataSource] = None) -> bool:
        """Put ``path`` in the ``role`` field; for the real file, list its columns (an unreadable
        file shows an error dialog and empties the column list). False when it could not be read."""
        return self.form.set_file(role, path, source)

    def columns(self) -> list[str]:
        return self.form.attacker.columns()

    def checked_qids(self) -> tuple[str, ...]:
        return self.form.attacker.checked_qids()

    def set_qids(self, qids: Sequence[str]) -> None:
        self.form.attacker.set_qids(qids)

    def set_sensitive(self, column: Optional[str]) -> None:
        self.form.attacker.set_sensitive(column)

    def chosen_attacks(self) -> tuple[str, ...]:
        return self.form.chosen_attacks()

    def build_config(self) -> SyntheticConfig:
        """The analysis the form describes; InputError in the page's own words when incomplete."""
        return self.form.build_config()

    def apply_config(self, config: SyntheticConfig) -> bool:
        """Fill the form from ``config``; False when the real file could not be read."""
        ok = self.form.apply_config(config)
        self.refresh()
        return ok

    # --- the analysis file ------------------------------------------------------------------------
    @Slot()
    def _ask_open_analysis(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, translate("synthetic_page", "Open a synthetic-data analysis"), "",
            translate("main_window", ANALYSIS_FILTER)
        )
        if path:
            self.open_analysis(path)

    def open_analysis(self, path: str) -> bool:
        try:
            config = SyntheticConfig.from_toml(path)
        except InputError as exc:
            self.error(translate("synthetic_page", "Could not open the analysis"), str(exc))
            return False
        self.apply_config(config)
        self.statusMessage.emit(translate("synthetic_page", "Opened the analysis {0}.").format(Path(path).name))
        return True

    @Slot()
    def _ask_save_analysis(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, translate("synthetic_page", "Save the analysis"), "synthetic_analysis.toml",
            translate("main_window", ANALYSIS_FILTER)
        )
        if path:
            self.save_analysis(path if path.endswith(".toml") else path + ".toml")

    def save_analysis(self, path: str) -> bool:
        """Write the analysis (never the data) as TOML, with paths relative to its folder."""
        try:
            config = self.build_config()
        except InputError as exc:
            self.error(translate("synthetic_page", "Nothing to save yet"), str(exc))
            return False
        target = Path(path)
        try:  # data paths relative to the analysis file's folder, or absolute
            write_analysis_file(config, target)
        except InputError as exc:
            self.error(translate("synthetic_page", "Could not save the analysis"), str(exc))
            return False
        except OSError as exc:
            self.error(translate("synthetic_page", "Could not save the analysis"), f"{target}: {exc.strerror or exc}")
            return False
        self.statusMessage.emit(translate("synthetic_page", "Saved the analysis to {0}.").format(target.name))
        return True

    # --- state ----------------------------------------------------------------------------------
    @Slot()
    def refresh(self) -> None:
        """Enable what can be used, explain what cannot, and say what the run still needs."""
        ready = self.form.update_state()
        busy = self.runner.busy
        self.run_button.setEnabled(ready and not busy)
        self.open_button.setEnabled(not busy)
        has_result = self.assessment is not None
        exporting = self.exporter.busy
        self.pdf_button.setEnabled(has_result and not exporting)
        self.tables_button.setEnabled(has_result and not exporting)
        stale = self.result_is_stale()
        if stale and not self._stale:
            self.statusMessage.emit(translate("synthetic_page", "The results were run with other settings than the form "
                                              "now shows; the exports describe the settings they were run with. "
                                              "Run again to update them."))
        self._stale = stale

    def result_is_stale(self) -> bool:
        """Whether the last result was run with another analysis than the form now describes
        (anything but the worker count)."""
        if self.assessment is None:
            return False
        try:
            current = self.build_config()
        except InputError:
            return True
        return replace(current, jobs=1) != replace(self.assessment.config, jobs=1)

    @Slot(bool)
    def _on_busy(self, _busy: bool) -> None:
        self.refresh()

    def error(self, title_text: str, message: str, details: str = ""):
        self.last_error = show_error(self, title_text, message, details)
        self.statusMessage.emit(f"{title_text}: {message}")
        return self.last_error

    # --- running --------------------------------------------------------------------------------
    @Slot()
    def run(self) -> bool:
        """Start the attacks on a worker thread (the engine uses worker processes for jobs > 1)."""
        if self.runner.busy:
            return False
        try:
            config = self.build_config()
        except InputError as exc:
            self.error(translate("synthetic_page", "The attacks cannot run yet"), str(exc))
            return False

        def work(progress, cancel):
            from engine.synthetic.api import run_synthetic_assessment

            return run_synthetic_assessment(config, on_progress=progress, cancel=cancel)

        self._run_started = time.monotonic()
        self.run_bar.begin(translate("synthetic_page", "Attacking the synthetic file"))
        self.runner.submit(work)
        self.statusMessage.emit(translate("synthetic_page", "Running the attacks on the synthetic file..."))
        return True

    @Slot()
    def cancel(self) -> None:
        if self.runner.busy:
            self.runner.cancel()
            self.statusMessage.emit(translate("synthetic_page", "Cancelling..."))

    @Slot(object)
    def _on_progress(self, progress: Progress) -> None:
        self.run_bar.update_progress(progress)

    @Slot(object)
    def _on_run_finished(self, assessment) -> None:
        self.run_bar.end()
        self._run_seconds = time.monotonic() - self._run_started
        self.assessment = assessment
        self.results.show_assessment(assessment, self._run_seconds)
        self.tabs.setCurrentIndex(1)
        self.statusMessage.emit(
            translate("synthetic_page", "Finished: {0} attack(s) in {1}.").format(
                len(assessment.attacks), duration(self._run_seconds)
            )
        )
        self.resultChanged.emit()
        self.refresh()

    @Slot(object)
    def _on_run_failed(self, error: JobError) -> None:
        self.run_bar.end()
        self.error(
            (
                translate("synthetic_page", "The attacks could not run")
                if error.kind == "input"
                else translate("synthetic_page", "The run failed")
            ),
            error.message,
            error.details,
        )

    @Slot()
    def _on_run_cancelled(self) -> None:
        self.run_bar.end()
        self.statusMessage.emit(translate("synthetic_page", "Run cancelled: nothing was kept from it."))

    def table_text(self) -> list[list[str]]:
        """The results table as shown (tests and copy)."""
        return self.table.rows_text()

    # --- exports --------------------------------------------------------------------------------
    @Slot()
    def _ask_export_pdf(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self,
            translate("synthetic_page", "Export the PDF report"),
            "synthetic_report.pdf",
            translate("synthetic_page", "PDF report (*.pdf)"),
        )
        if path:
            self.export_pdf(path if path.lower().endswith(".pdf") else path + ".pdf")

    @Slot()
    def _ask_export_tables(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self, translate("synthetic_page", "Export CSV and JSON into a folder")
        )
        if folder:
            self.export_tables(folder)

    def export_pdf(self, path: str) -> bool:
        """The PDF report, written by the engine's writer on a worker thread."""
        from engine.report.synthetic_pdf import write_synthetic_pdf

        return self._export(write_synthetic_pdf, path, translate("synthetic_page", "the report"),
                            translate("synthetic_page", "the PDF report"))

    def export_tables(self, folder: str) -> bool:
        """results.json, the CSV tables and analysis.toml into ``folder`` (all or nothing)."""
        from engine.report.synthetic_tables import write_synthetic_results

        return self._export(write_synthetic_results, folder, translate("synthetic_page", "the tables"),
                            translate("synthetic_page", "CSV and JSON"))

    def _export(self, writer, where: str, what: str, label: str) -> bool:
        assessment = self.assessment
        if assessment is None:
            self.error(
                translate("synthetic_page", "Nothing to export"), translate("synthetic_page", "Run the attacks first.")
            )
            return False

        def work(progress, cancel) -> str:
            try:
                writer(assessment, Path(where), cancel=cancel)
            except OSError as exc:
                raise InputError(translate("synthetic_page", "{0}: cannot write {1} there ({2})").format(
                    where, what, exc.strerror or exc)) from exc
            return where

        self.exporter.submit(work)
        self.statusMessage.emit(translate("synthetic_page", "Writing {0} to {1}...").format(label, where))
        return True

    @Slot(object)
    def _on_exported(self, where: str) -> None:
        self.statusMessage.emit(translate("synthetic_page", "Exported to {0}.").format(where))

    @Slot(object)
    def _on_export_failed(self, error: JobError) -> None:
        self.error(translate("synthetic_page", "Export failed"), error.message, error.details)

    # --- closing --------------------------------------------------------------------------------
    def shutdown(self, timeout_ms: int = 15000) -> bool:
        """Cancel the run and any export, and wait for their threads (the window is closing)."""
        ok = self.runner.shutdown(timeout_ms)
        ok = self.exporter.shutdown(timeout_ms) and ok
        self.run_bar.end()
        return ok

    def closeEvent(self, event) -> None:
        self.shutdown()
        super().closeEvent(event)
