"""One controller for every analysis of the window: run, cancel, busy state, exports, the analysis
file (open, save) and shutdown.

In the spirit of Orange3's ``ConcurrentWidgetMixin``: a page says *what* through an
:class:`Analysis` (its config, the engine call, how a result is shown and written) and the
:class:`AnalysisController` does the *how*: one run at a time on a worker thread
(:class:`~gui.jobs.JobRunner`), the page's :class:`~gui.widgets.command_bar.CommandBar` and
:class:`~gui.widgets.run_bar.RunBar` kept in step with the jobs, every result kept with the config
it ran (:class:`Outcome`), and a result whose config is no longer the page's dropped.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject, Signal, Slot
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from engine.api import InputError
from engine.api import render
from engine.api import write_analysis_file
from engine.api import check_export
from engine.api import error_text
from engine.api import ConfigProblem, Problem

from .dialogs.errors import show_error
from .i18n import translate
from .jobs import JobError, JobRunner, Work
from .problems import clear_marks, mark_problem
from .text import duration
from .widgets.command_bar import CommandBar
from .widgets.run_bar import RunBar

ANALYSIS_FILTER = QT_TRANSLATE_NOOP("main_window", "RiskReview analysis (*.toml)")


@dataclass(frozen=True)
class Outcome:
    """A finished run: the config it ran, the engine's result and the run's wall time."""

    config: Any
    result: Any
    seconds: float


@dataclass(frozen=True)
class AnalysisTexts:
    """The words of one analysis in the controller's dialogs (in the window's language)."""

    cannot_run: str  # title when the config is incomplete
    could_not_run: str  # title when the engine refuses the input
    running: str  # the run bar's first title
    nothing_yet: str = ""  # why there is nothing to export
    blocked: str = ""  # the Run tooltip while an exclusive analysis runs
    pdf_name: str = "risk_report.pdf"
    analysis_name: str = "analysis.toml"


class Analysis:
    """What a page tells the controller; a page's adapter overrides what its analysis offers."""

    texts: AnalysisTexts

    def config(self) -> Any:
        """The analysis on screen (InputError, in plain words, when it is incomplete)."""
        raise NotImplementedError

    def work(self, config: Any) -> Work:
        """The engine call that runs ``config``: ``work(on_progress, cancel) -> result``."""
        raise NotImplementedError

    def note(self, config: Any) -> str:
        """Said beside the run's times while it runs (e.g. where it runs); "" for nothing."""
        return ""

    def show(self, outcome: Outcome) -> None:
        """Show a finished run of the config on screen."""

    def result(self) -> Any:
        """The result the exports write (None: nothing to export)."""
        return None

    def same(self, a: Any, b: Any) -> bool:
        """Whether two configs make the same numbers."""
        return a == b

    def ready(self) -> bool:
        """Whether Run can be pressed (the page explains why not)."""
        return True

    def read(self, path: str) -> Any:
        """The config of the analysis file at ``path`` (InputError when it cannot be used)."""
        raise NotImplementedError

    def apply(self, config: Any, path: str) -> bool:
        """Make ``config`` (opened from ``path``) the page's analysis."""
        raise NotImplementedError

    def show_problem(self, window: QWidget, problem: Problem) -> str:
        """Point at the control that edits the field of a broken rule; returns the message. The
        default knows the release assessment's fields (gui/problems.py)."""
        return mark_problem(window, problem)

    def saving_config(self) -> Any:
        """The config written by Save (InputError: nothing to save yet)."""
        return self.config()

    def saved(self, path: str) -> None:
        """The analysis was written to ``path``."""

    def start_path(self, name: str) -> str:
        """Where the file dialogs start for a file called ``name``."""
        return name

    def write_pdf(self, result: Any, path: Path, cancel) -> None:
        raise NotImplementedError

    def write_tables(self, result: Any, folder: Path, cancel) -> None:
        raise NotImplementedError


class AnalysisController(QObject):
    """Runs one :class:`Analysis` for its page: one run and one export job at a time."""

    stateChanged = Signal()  # the buttons were brought up to date
    jobsChanged = Signal()  # a run or an export started or ended
    statusMessage = Signal(str)
    finished = Signal(object)  # the Outcome shown
    exported = Signal(str)
    errorShown = Signal(object)  # the message box

    def __init__(self, analysis: Analysis, name: str, page: QWidget, run_bar: RunBar,
                 commands: Optional[CommandBar] = None) -> None:
        super().__init__(page)
        self.setObjectName(name)
        self.analysis = analysis
        self.page = page
        self.run_bar = run_bar
        self.bars: list[CommandBar] = []
        self.runner = JobRunner(f"{name}-run", self)
        self.exporter = JobRunner(f"{name}-export", self)
        self.exclusive: list[AnalysisController] = []  # analyses that may not run at the same time
        self.outcome: Optional[Outcome] = None
        self.last_error = None
        self._running: Any = None
        self._started = 0.0
        self._plain_tcp_confirmed: set[str] = set()  # cluster addresses the user agreed to send to unencrypted
        self._bar_owner: Optional[JobRunner] = None
        self._export_done: Optional[Callable[[Any], None]] = None
        self.runner.progress.connect(run_bar.update_progress)
        self.runner.finished.connect(self._on_finished)
        self.runner.failed.connect(self._on_failed)
        self.runner.cancelled.connect(self._on_cancelled)
        self.exporter.progress.connect(run_bar.update_progress)
        self.exporter.finished.connect(self._on_exported)
        self.exporter.failed.connect(self._on_export_failed)
        self.exporter.cancelled.connect(self._on_export_cancelled)
        for runner in (self.runner, self.exporter):
            runner.busyChanged.connect(self._on_busy)
        if commands is not None:
            self.attach(commands)
        run_bar.cancelRequested.connect(self.cancel)

    def attach(self, bar: CommandBar) -> None:
        """Let ``bar``'s buttons act on this analysis (a page may show its analysis's bar twice)."""
        self.bars.append(bar)
        bar.run_button.clicked.connect(self.run)
        bar.open_button.clicked.connect(self.ask_open)
        bar.save_button.clicked.connect(self.ask_save)
        bar.pdf_button.clicked.connect(self.ask_export_pdf)
        bar.tables_button.clicked.connect(self.ask_export_tables)
        self.refresh()

    # --- state ------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return self.runner.busy

    @property
    def exporting(self) -> bool:
        return self.exporter.busy

    @property
    def blocked(self) -> bool:
        """Another analysis that may not run at the same time is running."""
        return any(other.busy or other.exporting for other in self.exclusive)

    @property
    def result(self) -> Any:
        return self.analysis.result()

    @property
    def can_run(self) -> bool:
        return not self.busy and not self.exporting and not self.blocked and self.analysis.ready()

    @property
    def can_export(self) -> bool:
        return self.result is not None and not self.exporting and not self.busy

    def exclude(self, other: "AnalysisController") -> None:
        """``other`` and this never run at the same time (both make the same result)."""
        for a, b in ((self, other), (other, self)):
            if b not in a.exclusive:
                a.exclusive.append(b)
                b.jobsChanged.connect(a.refresh)
        self.refresh()

    @Slot()
    def refresh(self) -> None:
        """Enable the command bar's buttons for the state of the jobs and the result."""
        for bar in self.bars:
            bar.run_button.setEnabled(self.can_run)
            bar.run_button.setToolTip(self.analysis.texts.blocked if self.blocked and self.analysis.texts.blocked
                                      else bar.texts.run_tip)
            bar.open_button.setEnabled(not self.busy)
            bar.pdf_button.setEnabled(self.can_export)
            bar.tables_button.setEnabled(self.can_export)
        self.stateChanged.emit()

    @Slot(bool)
    def _on_busy(self, _busy: bool = False) -> None:
        if self._bar_owner is not None and not self._bar_owner.busy:
            self._bar_owner = None
            self.run_bar.end()
        self.refresh()
        self.jobsChanged.emit()

    def error(self, title: str, message: str, details: str = ""):
        self.last_error = show_error(self.page, title, message, details)
        self.statusMessage.emit(f"{title}: {render(message)}")
        self.errorShown.emit(self.last_error)
        return self.last_error

    # --- running ----------------------------------------------------------------------------
    @Slot()
    def run(self) -> bool:
        """Start the page's config on a worker thread; False (and why) when it cannot start."""
        if self.busy or self.exporting or self.blocked:
            return False
        texts = self.analysis.texts
        clear_marks(self.page.window())
        try:
            config = self.analysis.config()
            work = self.analysis.work(config)
        except ConfigProblem as exc:  # shown next to the control that edits the field
            self.error(texts.cannot_run, self.analysis.show_problem(self.page.window(), exc.problem))
            return False
        except InputError as exc:
            self.error(texts.cannot_run, error_text(exc))
            return False
        if not self._confirm_plain_tcp(config):
            return False
        self._running = config
        self._started = time.monotonic()
        note = self.analysis.note(config)
        self._begin_bar(self.runner, texts.running, note)
        self.runner.submit(work)
        self.statusMessage.emit(texts.running + (f" {note}" if note else "") + "...")
        return True

    def _confirm_plain_tcp(self, config: Any) -> bool:
        """Before a run sends the data unencrypted to a plain-tcp scheduler outside this
        machine, ask the user, once per address; False when the user says no."""
        cluster = getattr(config, "cluster", None)
        if cluster is None or not cluster.enabled or cluster.address in self._plain_tcp_confirmed:
            return True
        try:
            warnings = cluster.check()
        except InputError:
            return True  # the run itself reports it
        if not warnings:
            return True
        answer = QMessageBox.question(
            self.page.window(), self.tr("Send the data unencrypted?"),
            self.tr("The Dask cluster at {0} is reached over plain tcp: the encoded microdata would travel over "
                    "the network unencrypted. Use a tls:// address with the agency's certificates to avoid "
                    "this.\n\nSend the data to this cluster anyway?").format(cluster.address),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.No)
        if answer != QMessageBox.StandardButton.Yes:
            self.statusMessage.emit(self.tr("Not run: nothing was sent to {0}.").format(cluster.address))
            return False
        self._plain_tcp_confirmed.add(cluster.address)
        return True

    @Slot()
    def cancel(self) -> None:
        """Cancel the run or export in progress; the page stays as it was before it."""
        if self.busy or self.exporting:
            self.runner.cancel()
            self.exporter.cancel()
            self.statusMessage.emit(self.tr("Cancelling..."))

    def _begin_bar(self, runner: JobRunner, title: str, note: str = "") -> None:
        self._bar_owner = runner
        self.run_bar.begin(title, note=note)

    @Slot(object)
    def _on_finished(self, result: Any) -> None:
        config, self._running = self._running, None
        try:
            current = self.analysis.config()
        except InputError:
            current = None
        if current is None or not self.analysis.same(current, config):
            self.statusMessage.emit(self.tr("The analysis changed during the run: its result was dropped. "
                                            "Run again for the analysis now on screen."))
            return
        self.outcome = Outcome(config, result, time.monotonic() - self._started)
        self.statusMessage.emit(self.tr("Finished in {0}.").format(duration(self.outcome.seconds)))
        self.analysis.show(self.outcome)  # a page may say more
        self.finished.emit(self.outcome)
        self.refresh()

    @Slot(object)
    def _on_failed(self, error: JobError) -> None:
        self._running = None
        title = self.analysis.texts.could_not_run if error.kind == "input" else self.tr("The run failed")
        self.error(title, error.message, error.details)

    @Slot()
    def _on_cancelled(self) -> None:
        self._running = None
        self.statusMessage.emit(self.tr("Run cancelled: nothing was kept from it."))

    # --- exports ----------------------------------------------------------------------------
    @Slot()
    def ask_export_pdf(self) -> bool:
        if not self._has_result():
            return False
        start = self.analysis.start_path(self.analysis.texts.pdf_name)
        path, _ = QFileDialog.getSaveFileName(self.page, self.tr("Export the PDF report"), start,
                                              self.tr("PDF report (*.pdf)"))
        return bool(path) and self.export_pdf(path if path.lower().endswith(".pdf") else path + ".pdf")

    @Slot()
    def ask_export_tables(self) -> bool:
        if not self._has_result():
            return False
        folder = QFileDialog.getExistingDirectory(self.page, self.tr("Export CSV and JSON into a folder"))
        return bool(folder) and self.export_tables(folder)

    def export_pdf(self, path: str) -> bool:
        """The PDF report of the result, written on a worker thread."""
        return self._export(self.analysis.write_pdf, path, self.tr("the report"))

    def export_tables(self, folder: str) -> bool:
        """results.json, the CSV tables and analysis.toml into ``folder`` (all or nothing)."""
        return self._export(self.analysis.write_tables, folder, self.tr("the tables"), folder=True)

    def _has_result(self) -> bool:
        if self.result is None:
            self.error(self.tr("Nothing to export"),
                       self.analysis.texts.nothing_yet or self.tr("Run the analysis on this page first."))
            return False
        return True

    def _export(self, writer, where: str, what: str, folder: bool = False) -> bool:
        if not self._has_result() or self.exporting or self.busy:
            return False
        result = self.result
        try:   # no export replaces a file the analysis read (engine/report/output_guard.py)
            config = getattr(result, "config", None) or (self.outcome.config if self.outcome else None)
            check_export(config, where, folder=folder)
        except InputError as exc:
            self.error(self.tr("Export failed"), error_text(exc))
            return False

        def work(progress, cancel) -> str:
            try:
                writer(result, Path(where), cancel)
            except OSError as exc:
                raise InputError(self.tr("{0}: cannot write {1} there ({2})").format(where, what, exc.strerror or exc)) from exc
            return where

        return self.start_export(work, self.tr("Writing {0} to {1}...").format(what, where),
                                 self.tr("Writing {0}").format(what))

    def start_export(self, work: Work, status: str, title: str = "",
                     done: Optional[Callable[[Any], None]] = None) -> bool:
        """Any other writing job of the page (``title``: shown on the run bar; ``done(result)``
        when it finished)."""
        if self.exporting or self.busy:
            return False
        self._export_done = done
        if title:
            self._begin_bar(self.exporter, title)
        self.exporter.submit(work)
        self.statusMessage.emit(status)
        self.refresh()
        return True

    @Slot(object)
    def _on_exported(self, where: Any) -> None:
        done, self._export_done = self._export_done, None
        if done is not None:
            done(where)
            return
        self.saved_to(str(where))

    def saved_to(self, path: str) -> None:
        """An export wrote ``path``: say so (the window shows "Saved to" with Open folder)."""
        self.statusMessage.emit(self.tr("Saved to {0}.").format(path))
        self.exported.emit(path)

    @Slot(object)
    def _on_export_failed(self, error: JobError) -> None:
        self._export_done = None
        self.error(self.tr("Export failed"), error.message, error.details)

    @Slot()
    def _on_export_cancelled(self) -> None:
        self._export_done = None
        self.statusMessage.emit(self.tr("Export cancelled: nothing was written."))

    # --- the analysis file ------------------------------------------------------------------
    @Slot()
    def ask_open(self) -> bool:
        path, _ = QFileDialog.getOpenFileName(self.page, self.tr("Open an analysis"), "",
                                              translate("main_window", ANALYSIS_FILTER))
        return bool(path) and self.open_analysis(path)

    @Slot()
    def ask_save(self) -> bool:
        start = self.analysis.start_path(self.analysis.texts.analysis_name)
        path, _ = QFileDialog.getSaveFileName(self.page, self.tr("Save the analysis"), start,
                                              translate("main_window", ANALYSIS_FILTER))
        return bool(path) and self.save_analysis(path if path.endswith(".toml") else path + ".toml")

    def open_analysis(self, path: str) -> bool:
        """Read the analysis file at ``path`` and make it the page's analysis."""
        try:
            config = self.analysis.read(path)
        except InputError as exc:
            self.error(self.tr("Could not open the analysis"), error_text(exc))
            return False
        if not self.analysis.apply(config, path):
            return False
        self.statusMessage.emit(self.tr("Opened the analysis {0}.").format(Path(path).name))
        self.refresh()
        return True

    def save_analysis(self, path: str) -> bool:
        """Write the analysis (never the data) as TOML, data paths relative to its folder."""
        try:
            config = self.analysis.saving_config()
        except InputError as exc:
            self.error(self.tr("Nothing to save yet"), error_text(exc))
            return False
        target = Path(path)
        try:
            check_export(config, target)
            write_analysis_file(config, target)
        except InputError as exc:
            self.error(self.tr("Could not save the analysis"), error_text(exc))
            return False
        except OSError as exc:
            self.error(self.tr("Could not save the analysis"), f"{target}: {exc.strerror or exc}")
            return False
        self.analysis.saved(str(target))
        self.statusMessage.emit(self.tr("Saved the analysis to {0}.").format(target.name))
        return True

    # --- closing ----------------------------------------------------------------------------
    def shutdown(self, timeout_ms: int = 15000) -> bool:
        """Cancel the run and any export and wait for their threads (the window is closing)."""
        ok = self.runner.shutdown(timeout_ms)
        ok = self.exporter.shutdown(timeout_ms) and ok
        self._bar_owner = None
        self.run_bar.end()
        return ok
