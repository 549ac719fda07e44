"""What the window's commands do: open data or an analysis, run, cancel, save, export.

Every long step runs as an :class:`~gui.jobs.EngineJob` on a worker thread (through one
:class:`~gui.jobs.JobRunner` per purpose); this object reacts to their results on the GUI
thread and reports problems as readable messages with details on demand.
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Callable, Optional

from PySide6.QtCore import QObject, QSettings, Signal, Slot
from PySide6.QtWidgets import QWidget

from engine.api import run_assessment
from engine.config import AnalysisConfig, DataSource
from engine.errors import InputError
from engine.io.preview import ReviewData, load_for_review, subtable
from engine.progress import Progress
from engine.report.atomic import write_analysis_file

from .dialogs.errors import show_error, show_info
from .dialogs.import_dialog import ImportDialog, needs_options
from .estimate import measured_rate
from .jobs import JobError, JobRunner
from .session import Result, Session
from .text import ROLE_LABELS, count, local_digits
from .i18n import translate

RECENT_KEY = "recent/files"
RATE_KEY = "estimate/seconds_per_row_subset"
MAX_RECENT = 8


class Workflow(QObject):
    """Commands of the window; ``window`` is the parent of its dialogs."""

    statusMessage = Signal(str)
    recentChanged = Signal()
    loaded = Signal()
    runFinished = Signal()
    exported = Signal(str)

    def __init__(self, window: QWidget, session: Session, settings: QSettings) -> None:
        super().__init__(window)
        self.window = window
        self.session = session
        self.settings = settings
        self.loader = JobRunner("load", self)
        self.runner = JobRunner("run", self)
        self.exporter = JobRunner("export", self)
        self.exclusive: list[JobRunner] = []  # other jobs that also make the assessment: one at a time
        self.loader.finished.connect(self._on_loaded)
        self.loader.failed.connect(self._on_load_failed)
        self.loader.cancelled.connect(self._on_load_cancelled)
        self.runner.finished.connect(self._on_run_finished)
        self.runner.failed.connect(self._on_run_failed)
        self.runner.cancelled.connect(self._on_run_cancelled)
        self.exporter.finished.connect(self._on_exported)
        self.exporter.failed.connect(self._on_export_failed)
        self._pending_source: Optional[DataSource] = None
        self._after_load: Optional[Callable[[], None]] = None
        self._run_started = 0.0
        self._run_meta: tuple[int, int, int] = (0, 0, 1)
        self._run_attacks = None
        self.last_error = None

    # --- errors --------------------------------------------------------------------------
    def error(self, title: str, message: str, details: str = ""):
        self.last_error = show_error(self.window, title, message, details)
        self.statusMessage.emit(f"{title}: {message}")
        return self.last_error

    # --- opening data ------------------------------------------------------------------------
    def open_data_file(self, path: str, ask: bool = True,
                       after: Optional[Callable[[], None]] = None) -> bool:
        """Open a data file; with ``ask``, text/Excel/SAS files show the import options first."""
        source = DataSource(path=str(path))
        if ask and needs_options(source.path):
            try:
                chosen = ImportDialog.ask(self.window, source)
            except InputError as exc:
                self.error(translate("workflow", "Could not open the file"), str(exc))
                return False
            if chosen is None:
                return False
            source = chosen
        self.load(source, after)
        return True

    def reopen_with_options(self) -> None:
        """Read the current file again with other import options, keeping the roles."""
        if self.session.source is None:
            return
        chosen = ImportDialog.ask(self.window, self.session.source)
        if chosen is None:
            return
        saved = self.session.config
        self.load(chosen, lambda: self.session.apply_config(replace(saved, data=chosen)))

    def load(self, source: DataSource, after: Optional[Callable[[], None]] = None) -> None:
        """Read, profile and encode the file on a worker thread."""
        if self.runner.busy:
            self.runner.cancel()
        self._pending_source = source
        self._after_load = after
        self.statusMessage.emit(translate("workflow", "Loading {name}...").format(name=Path(source.path).name))

        def work(progress, cancel) -> ReviewData:
            def step(stage: str, done: int, total: int) -> None:
                progress(Progress(stage, done, total, 0.0, None))
            return load_for_review(source, cancel, step)

        self.loader.submit(work)

    @Slot(object)
    def _on_loaded(self, data: ReviewData) -> None:
        source = self._pending_source
        if source is None:
            return
        self.session.set_data(source, data.table, data.profiles, data.format)
        self.add_recent(source.path)
        self.statusMessage.emit(
            translate("workflow", "Loaded {name}: {rows} rows, {columns} columns.").format(
                name=data.table.name, rows=count(data.table.n_rows), columns=count(len(data.table.columns))
            )
        )
        after, self._after_load = self._after_load, None
        self.loaded.emit()
        if after is not None:
            after()

    @Slot(object)
    def _on_load_failed(self, error: JobError) -> None:
        self._after_load = None
        name = Path(self._pending_source.path).name if self._pending_source else translate("workflow", "the file")
        self.error(translate("workflow", "Could not open {name}").format(name=name), error.message, error.details)

    @Slot()
    def _on_load_cancelled(self) -> None:
        self._after_load = None
        self.statusMessage.emit(translate("workflow", "Loading cancelled."))

    # --- analysis files ---------------------------------------------------------------------
    def open_analysis(self, path: str, run_after: bool = False) -> bool:
        """Open a .toml analysis: load its data file, then make its config the window's analysis."""
        try:
            config = AnalysisConfig.from_toml(path)
            _check_roles(config, Path(path).name)
        except InputError as exc:
            self.error(translate("workflow", "Could not open the analysis"), str(exc))
            return False
        self.session.analysis_path = str(path)
        self.add_recent(str(path))

        def apply() -> None:
            problems = self.session.apply_config(config)
            if problems:
                self.error(translate("workflow", "The analysis does not fit the data"), "; ".join(problems))
            elif run_after:
                self.run()

        self.load(config.data, apply)
        return True

    def save_analysis(self, path: str) -> bool:
        """Write the analysis (config only, never the data) as TOML."""
        try:
            config = self.session.config_for_saving()
        except InputError as exc:
            self.error(translate("workflow", "Nothing to save yet"), str(exc))
            return False
        target = Path(path)
        try:  # data paths relative to the analysis file's folder, or absolute
            write_analysis_file(config, target)
        except InputError as exc:
            self.error(translate("workflow", "Could not save the analysis"), str(exc))
            return False
        except OSError as exc:
            self.error(translate("workflow", "Could not save the analysis"), f"{target}: {exc.strerror or exc}")
            return False
        self.session.analysis_path = str(target)
        self.add_recent(str(target))
        self.statusMessage.emit(translate("workflow", "Saved the analysis to {name}.").format(name=target.name))
        return True

    # --- running ----------------------------------------------------------------------------
    def run(self) -> bool:
        """Start the assessment on a worker thread (the sweep uses worker processes)."""
        if self.runner.busy or any(job.busy for job in self.exclusive):
            return False
        try:
            config = self.session.build_config()
            table = subtable(self.session.table, config.needed_columns())
        except InputError as exc:
            self.error(translate("workflow", "The attacks cannot run yet"), str(exc))
            return False
        self._run_started = time.monotonic()
        self._run_meta = (table.n_rows, self.session.subset_count(), config.jobs)
        self._run_attacks = replace(self.session.attacks)

        def work(progress, cancel):
            return run_assessment(config, table=table, on_progress=progress, cancel=cancel)

        self.runner.submit(work)
        self.statusMessage.emit(translate("workflow", "Running the attacks..."))
        return True

    def cancel(self) -> None:
        if self.runner.busy:
            self.runner.cancel()
            self.statusMessage.emit(translate("workflow", "Cancelling..."))
        elif self.loader.busy:
            self.loader.cancel()

    @Slot(object)
    def _on_run_finished(self, assessment) -> None:
        seconds = time.monotonic() - self._run_started
        rows, subsets, jobs = self._run_meta
        rate = measured_rate(rows, subsets, jobs, seconds)
        if rate is not None:
            self.settings.setValue(RATE_KEY, rate)
        self.session.set_result(Result(assessment, self._run_attacks or self.session.attacks, seconds))
        self.statusMessage.emit(
            translate("workflow", "Finished: {subsets} subsets in {seconds} s.").format(
                subsets=count(len(assessment.reidentification)), seconds=local_digits(f"{seconds:.1f}")
            )
        )
        self.runFinished.emit()

    @Slot(object)
    def _on_run_failed(self, error: JobError) -> None:
        title = (
            translate("workflow", "The attacks could not run")
            if error.kind == "input"
            else translate("workflow", "The run failed")
        )
        self.error(title, error.message, error.details)

    @Slot()
    def _on_run_cancelled(self) -> None:
        self.statusMessage.emit(translate("workflow", "Run cancelled: nothing was kept from it."))

    def measured_rate(self) -> Optional[float]:
        value = self.settings.value(RATE_KEY)
        try:
            return float(value) if value is not None else None
        except (TypeError, ValueError):
            return None

    # --- export -----------------------------------------------------------------------------
    def export_tables(self, folder: str) -> bool:
        """results.json, the CSV tables and analysis.toml into ``folder``."""
        result = self.session.result
        if result is None:
            self.error(translate("workflow", "Nothing to export"), translate("workflow", "Run the attacks first."))
            return False
        from engine.report.tables import write_results

        assessment = result.assessment

        def work(progress, cancel) -> str:
            try:
                write_results(assessment, Path(folder))
            except OSError as exc:
                raise InputError(
                    translate("workflow", "{folder}: cannot write the tables there ({reason})").format(
                        folder=folder, reason=exc.strerror or exc
                    )
                ) from exc
            return folder

        self.exporter.submit(work)
        self.statusMessage.emit(translate("workflow", "Writing CSV and JSON to {folder}...").format(folder=folder))
        return True

    def export_pdf(self, path: str) -> bool:
        """The PDF report, written by the engine's PDF writer (when it is available)."""
        result = self.session.result
        if result is None:
            self.error(translate("workflow", "Nothing to export"), translate("workflow", "Run the attacks first."))
            return False
        try:
            from engine.report.pdf import write_pdf
        except ImportError as exc:
            self.last_error = show_info(
                self.window,
                translate("workflow", "PDF export is unavailable"),
                translate(
                    "workflow",
                    "This version of RiskReview cannot write PDF reports yet. "
                    "Use File > Export CSV and JSON for the result tables.",
                ),
            )
            self.statusMessage.emit(translate("workflow", "PDF export is unavailable ({reason}).").format(reason=exc))
            return False
        assessment = result.assessment

        import inspect

        takes_cancel = "cancel" in inspect.signature(write_pdf).parameters

        def work(progress, cancel) -> str:
            try:
                if takes_cancel:
                    write_pdf(assessment, Path(path), cancel=cancel)
                else:
                    write_pdf(assessment, Path(path))
            except OSError as exc:
                raise InputError(
                    translate("workflow", "{path}: cannot write the report there ({reason})").format(
                        path=path, reason=exc.strerror or exc
                    )
                ) from exc
            return path

        self.exporter.submit(work)
        self.statusMessage.emit(translate("workflow", "Writing the PDF report to {path}...").format(path=path))
        return True

    @Slot(object)
    def _on_exported(self, where: str) -> None:
        self.statusMessage.emit(translate("workflow", "Exported to {where}.").format(where=where))
        self.exported.emit(str(where))

    @Slot(object)
    def _on_export_failed(self, error: JobError) -> None:
        self.error(translate("workflow", "Export failed"), error.message, error.details)

    # --- recent files and shutdown ----------------------------------------------------------
    def recent_files(self) -> list[str]:
        value = self.settings.value(RECENT_KEY, [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or []) if v]

    def add_recent(self, path: str) -> None:
        path = str(Path(path).resolve())
        files = [p for p in self.recent_files() if p != path]
        self.settings.setValue(RECENT_KEY, [path] + files[:MAX_RECENT - 1])
        self.recentChanged.emit()

    def shutdown(self, timeout_ms: int = 15000) -> bool:
        """Cancel every job and wait for their threads (the window is closing)."""
        ok = True
        for runner in (self.runner, self.loader, self.exporter):
            ok = runner.shutdown(timeout_ms) and ok
        return ok

    @property
    def busy(self) -> bool:
        return self.runner.busy or self.loader.busy


def _check_roles(config: AnalysisConfig, name: str) -> None:
    """Refuse a column given two roles (the window shows one role per column)."""
    seen: dict[str, str] = {}
    for role in ("quasi_identifiers", "sensitive", "identifiers", "linkage_keys", "weight", "household",
                 "ignored"):
        value = getattr(config.roles, role)
        for column in ((value,) if isinstance(value, str) else value or ()):
            if column in seen and seen[column] != role:
                words = (ROLE_LABELS[seen[column]].lower(), ROLE_LABELS[role].lower())
                raise InputError(
                    translate("workflow", "{name}: column {column!r} cannot be both {first} and {second}").format(
                        name=name, column=column, first=words[0], second=words[1]
                    )
                )
            seen[column] = role
