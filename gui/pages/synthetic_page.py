"""Synthetic data: does a synthetic release leak the real records?

The analyst gives the real file, the synthetic file made from it and (usually) a control file
of real records not used to make it; chooses the attacker's columns and the attacks of the
PrivE/tapas library; runs :func:`engine.synthetic.api.run_synthetic_assessment` on a worker
thread; and reads a verdict, one row per attack, the ROC curves of the membership attacks,
the warnings and (only when asked for) the targets most at risk. The page has its own file
pickers, so it works on its own.

The page wires the pieces of :mod:`gui.pages.synthetic` together: the form
(:class:`~gui.pages.synthetic.form.SyntheticForm`) and the results view
(:class:`~gui.pages.synthetic.results_view.SyntheticResults`) live there; run, cancel, exports and
the analysis file are the :class:`~gui.controller.AnalysisController`'s, told what to do by
:class:`SyntheticAnalysis`.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Optional, Sequence

from PySide6.QtCore import QT_TRANSLATE_NOOP, Signal, Slot
from PySide6.QtWidgets import QTabWidget, QWidget

from engine.api import DataSource
from engine.api import InputError
from engine.api import render
from engine.api import SyntheticConfig

from ..controller import Analysis, AnalysisController, AnalysisTexts, Outcome
from ..dialogs.errors import show_error
from ..resources import icon
from ..text import duration
from ..widgets.command_bar import CommandBar, CommandTexts
from ..widgets.run_bar import RunBar
from .common import FitOnResize, hint, page_frame, scrolling
from .synthetic.attack_table import attack_row, residual_text
from .synthetic.form import SyntheticForm
from .synthetic.labels import STAGE_LABELS, attack_label
from .synthetic.results_view import SyntheticResults
from ..i18n import translate, translate_plural

__all__ = ["SyntheticPage", "attack_label", "attack_row", "residual_text"]


class SyntheticAnalysis(Analysis):
    """The synthetic-data page's analysis: its form's :class:`SyntheticConfig`, run by
    :func:`engine.synthetic.api.run_synthetic_assessment`."""

    def __init__(self, page: "SyntheticPage") -> None:
        self.page = page
        self.texts = AnalysisTexts(
            cannot_run=translate("synthetic_page", "The attacks cannot run yet"),
            could_not_run=translate("synthetic_page", "The attacks could not run"),
            running=translate("synthetic_page", "Attacking the synthetic file"),
            nothing_yet=translate("synthetic_page", "Run the attacks first."),
            pdf_name="synthetic_report.pdf", analysis_name="synthetic_analysis.toml")

    def config(self) -> SyntheticConfig:
        return self.page.build_config()

    def work(self, config: SyntheticConfig):
        def work(progress, cancel):
            from engine.api import run_synthetic_assessment

            return run_synthetic_assessment(config, on_progress=progress, cancel=cancel)

        return work

    def show_problem(self, window, problem) -> str:
        """The rule as the engine names its field: the window's controls (gui/problems.py) are the
        release assessment's, whose fields of the same name ("targets", "jobs") mean something else."""
        return render(problem.message())

    def same(self, a: SyntheticConfig, b: SyntheticConfig) -> bool:
        return replace(a, jobs=1) == replace(b, jobs=1)  # the worker count changes no number

    def show(self, outcome: Outcome) -> None:
        self.page.show_outcome(outcome)

    def result(self):
        return self.page.assessment

    def ready(self) -> bool:
        return self.page.ready

    def read(self, path: str) -> SyntheticConfig:
        return SyntheticConfig.from_toml(path)

    def apply(self, config: SyntheticConfig, path: str) -> bool:
        self.page.apply_config(config)
        return True

    def write_pdf(self, result, path: Path, cancel) -> None:
        from engine.api import write_synthetic_pdf

        write_synthetic_pdf(result, path, cancel=cancel)

    def write_tables(self, result, folder: Path, cancel) -> None:
        from engine.api import write_synthetic_results

        write_synthetic_results(result, folder, cancel=cancel)


class SyntheticPage(QWidget):
    """Attacks on a synthetic file against the real records (form, run, results, exports)."""

    statusMessage = Signal(str)
    resultChanged = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.assessment = None
        self.last_error = None
        self.ready = False
        self._stale = False

        outer, head_layout = page_frame(self, translate("synthetic_page", "Synthetic data: does it leak the real records?"),
                                        stretch=0)
        self.commands = self._command_bar()
        head_layout.addWidget(self.commands)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.form = SyntheticForm()
        form_area = scrolling(self.form)
        margins = self.form.layout().contentsMargins()
        FitOnResize(form_area.viewport(), self.form.columns, margins.left() + margins.right())
        self.tabs.addTab(form_area, icon("analysis"), translate("synthetic_page", "Analysis"))
        self.results = SyntheticResults()
        self.tabs.addTab(self.results, icon("results"), translate("synthetic_page", "Results"))
        outer.addWidget(self.tabs, 1)
        self.status = hint("")
        self.status.setContentsMargins(16, 2, 16, 4)
        outer.addWidget(self.status)
        self.run_bar = RunBar(stages=STAGE_LABELS)
        outer.addWidget(self.run_bar)
        self.controller = AnalysisController(SyntheticAnalysis(self), "synthetic", self, self.run_bar, self.commands)
        self.controller.statusMessage.connect(self.statusMessage)
        self.controller.stateChanged.connect(self._on_state)
        self._expose_widgets()
        self.form.changed.connect(self.refresh)
        self.form.readFailed.connect(self.error)
        self.statusMessage.connect(self.status.setText)
        self.results.show_assessment(None)
        self.refresh()

    # --- building -------------------------------------------------------------------------
    def _command_bar(self) -> CommandBar:
        return CommandBar(CommandTexts(
            open=translate("synthetic_page", "Open analysis..."),
            open_tip=translate(
                "synthetic_page", "Read a synthetic-data analysis (.toml): the files, columns and attack settings."
            ),
            save=translate("synthetic_page", "Save analysis..."),
            save_tip=translate(
                "synthetic_page",
                "Write the files, columns and attack settings (never the data) to "
                "a .toml file that the command line can run too.",
            ),
            run=translate("synthetic_page", "Run the attacks"),
            pdf=translate("synthetic_page", "Export PDF..."),
            pdf_tip=translate("synthetic_page", "The risk report for the release board."),
            tables=translate("synthetic_page", "Export CSV+JSON..."),
            tables_tip=translate(
                "synthetic_page", "results.json, the attack and ROC tables as CSV, and the analysis, into a folder."
            ),
        ))

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
        c = self.commands
        self.open_button, self.save_button, self.run_button = c.open_button, c.save_button, c.run_button
        self.pdf_button, self.tables_button = c.pdf_button, c.tables_button
        self.runner, self.exporter = self.controller.runner, self.controller.exporter
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
    def open_analysis(self, path: str) -> bool:
        return self.controller.open_analysis(path)

    def save_analysis(self, path: str) -> bool:
        """Write the analysis (never the data) as TOML, with paths relative to its folder."""
        return self.controller.save_analysis(path)

    # --- state ----------------------------------------------------------------------------------
    @Slot()
    def refresh(self) -> None:
        """Enable what can be used, explain what cannot, and say what the run still needs."""
        self.ready = self.form.update_state()
        self.controller.refresh()

    @Slot()
    def _on_state(self) -> None:
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
        return not self.controller.analysis.same(current, self.assessment.config)

    def error(self, title_text: str, message: str, details: str = ""):
        self.last_error = show_error(self, title_text, message, details)
        self.statusMessage.emit(f"{title_text}: {render(message)}")
        return self.last_error

    # --- running --------------------------------------------------------------------------------
    @Slot()
    def run(self) -> bool:
        """Start the attacks on a worker thread (the engine uses worker processes for jobs > 1)."""
        return self.controller.run()

    @Slot()
    def cancel(self) -> None:
        self.controller.cancel()

    def show_outcome(self, outcome: Outcome) -> None:
        assessment = outcome.result
        self.assessment = assessment
        self.results.show_assessment(assessment, outcome.seconds)
        self.tabs.setCurrentIndex(1)
        self.statusMessage.emit(
            translate("synthetic_page", "Finished: {0} in {1}.").format(
                translate_plural("synthetic_page", QT_TRANSLATE_NOOP("synthetic_page", "{0} attack"),
                                 QT_TRANSLATE_NOOP("synthetic_page", "{0} attacks"), len(assessment.attacks))
                .format(len(assessment.attacks)),
                duration(outcome.seconds),
            )
        )
        self.resultChanged.emit()

    def table_text(self) -> list[list[str]]:
        """The results table as shown (tests and copy)."""
        return self.table.rows_text()

    # --- exports --------------------------------------------------------------------------------
    def export_pdf(self, path: str) -> bool:
        """The PDF report, written by the engine's writer on a worker thread."""
        return self.controller.export_pdf(path)

    def export_tables(self, folder: str) -> bool:
        """results.json, the CSV tables and analysis.toml into ``folder`` (all or nothing)."""
        return self.controller.export_tables(folder)

    # --- closing --------------------------------------------------------------------------------
    def shutdown(self, timeout_ms: int = 15000) -> bool:
        """Cancel the run and any export, and wait for their threads (the window is closing)."""
        return self.controller.shutdown(timeout_ms)

    def closeEvent(self, event) -> None:
        self.shutdown()
        super().closeEvent(event)
