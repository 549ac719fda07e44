"""What the window's commands do: open data or an analysis, and the release assessment's run,
cancel, save and exports.

Loading runs as an :class:`~gui.jobs.EngineJob` on a worker thread; the assessment is run and
exported by its :class:`~gui.controller.AnalysisController` (:class:`~gui.assessment.AssessmentAnalysis`).
This object reacts on the GUI thread and reports problems as readable messages with details on
demand.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Callable, Optional

from PySide6.QtCore import QObject, QSettings, Signal, Slot
from PySide6.QtWidgets import QWidget

from engine.api import AnalysisConfig, DataSource
from engine.api import render
from engine.api import InputError
from engine.api import ReviewData, load_for_review
from engine.api import error_text
from engine.api import Progress
from engine.api import FileStamp, SessionCache

from .assessment import AssessmentAnalysis
from .controller import AnalysisController, Outcome
from .dialogs.errors import show_error
from .dialogs.import_dialog import ImportDialog, needs_options
from .estimate import measured_rate
from .jobs import JobError, JobRunner
from .session import Session
from .text import count, local_digits
from .i18n import translate
from .widgets.run_bar import RunBar

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
    saved = Signal(str)  # the analysis was written to this file

    def __init__(self, window: QWidget, session: Session, settings: QSettings, run_bar: RunBar) -> None:
        super().__init__(window)
        self.window = window
        self.session = session
        self.settings = settings
        self.loader = JobRunner("load", self)
        self.loader.finished.connect(self._on_loaded)
        self.loader.failed.connect(self._on_load_failed)
        self.loader.cancelled.connect(self._on_load_cancelled)
        self.cache = SessionCache()  # the table and sweep counts re-runs reuse
        self.assessment = AssessmentAnalysis(session, open_config=self._open_config, on_saved=self._on_saved,
                                             cache=self.cache)
        self.controller = AnalysisController(self.assessment, "assessment", window, run_bar)
        self.controller.finished.connect(self._on_run_finished)
        self.controller.statusMessage.connect(self.statusMessage)
        self.controller.exported.connect(self.exported)
        self.controller.errorShown.connect(self._on_error_shown)
        for changed in (session.resultChanged, session.dataChanged):   # exports follow the result
            changed.connect(self.controller.refresh)
        self._pending_source: Optional[DataSource] = None
        self._after_load: Optional[Callable[[], None]] = None
        self.last_error = None

    # --- errors --------------------------------------------------------------------------
    def error(self, title: str, message: str, details: str = ""):
        self.last_error = show_error(self.window, title, message, details)
        self.statusMessage.emit(f"{title}: {render(message)}")
        return self.last_error

    @Slot(object)
    def _on_error_shown(self, box) -> None:
        self.last_error = box

    # --- opening data ------------------------------------------------------------------------
    def open_data_file(self, path: str, ask: bool = True,
                       after: Optional[Callable[[], None]] = None) -> bool:
        """Open a data file; with ``ask``, text/Excel/SAS files show the import options first."""
        source = DataSource(path=str(path))
        if not Path(source.path).exists():   # e.g. a recent file moved away: no import options to ask
            self.error(translate("workflow", "Could not open {name}").format(name=Path(source.path).name),
                       translate("workflow", "{path}: no such file").format(path=source.path))
            return False
        if ask and needs_options(source.path):
            try:
                chosen = ImportDialog.ask(self.window, source)
            except InputError as exc:
                self.error(translate("workflow", "Could not open the file"), error_text(exc))
                return False
            if chosen is None:
                return False
            source = chosen

        def fresh() -> None:   # a new analysis of this file: Save no longer offers an analysis file's name
            self.session.analysis_path = None
            if after is not None:
                after()

        self.load(source, fresh)
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
        if self.controller.busy:
            self.controller.cancel()
        self._pending_source = source
        self._after_load = after
        self.statusMessage.emit(translate("workflow", "Loading {name}...").format(name=Path(source.path).name))

        def work(progress, cancel) -> ReviewData:
            def step(stage: str, done: int, total: int) -> None:
                progress(Progress(stage, done, total, 0.0, None))
            stamp = FileStamp.of(source.path)
            data = load_for_review(source, cancel, step)
            self.cache.adopt(source, data.table, stamp)
            return data

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
                name=data.table.name, rows=count(data.table.n_rows),
                columns=count(len(data.table.columns) + len(data.table.nested))
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
        except InputError as exc:
            self.error(translate("workflow", "Could not open the analysis"), error_text(exc))
            return False
        return self._open_config(config, path, run_after)

    def _open_config(self, config: AnalysisConfig, path: str, run_after: bool = False) -> bool:
        """Make ``config`` (read by AnalysisConfig.from_toml, which checks its roles and values)
        the window's analysis once its data is loaded (until then, and when the data cannot be
        read, the window's analysis and its file stay as they were)."""

        def apply() -> None:
            self.session.analysis_path = str(path)
            self.add_recent(str(path))
            problems = self.session.apply_config(config)
            if problems:
                self.error(translate("workflow", "The analysis does not fit the data"), "; ".join(problems))
            elif run_after:
                self.run()

        self.load(config.data, apply)
        return True

    def open_recovered(self, path: str, original: Optional[str],
                       done: Optional[Callable[[], None]] = None) -> bool:
        """Open an autosaved analysis (gui/recovery.py): it is the analysis of ``original`` (None:
        never saved), with changes not saved there; ``done()`` once it is the window's analysis."""
        try:
            config = AnalysisConfig.from_toml(path)
        except InputError as exc:
            self.error(translate("workflow", "Could not recover the analysis"), error_text(exc))
            return False

        def apply() -> None:
            problems = self.session.apply_config(config)
            self.session.analysis_path = original
            self.session.undo_stack.resetClean()
            if done is not None:
                done()
            if problems:
                self.error(translate("workflow", "The analysis does not fit the data"), "; ".join(problems))

        self.load(config.data, apply)
        return True

    def save_analysis(self, path: str) -> bool:
        """Write the analysis (config only, never the data) as TOML."""
        return self.controller.save_analysis(path)

    # --- running and exports: the assessment's controller ----------------------------------
    @property
    def runner(self) -> JobRunner:
        return self.controller.runner

    @property
    def exporter(self) -> JobRunner:
        return self.controller.exporter

    def run(self) -> bool:
        """Start the assessment on a worker thread (the sweep uses threads or worker processes)."""
        return self.controller.run()

    def cancel(self) -> None:
        if self.controller.busy:
            self.controller.cancel()
        elif self.loader.busy:
            self.loader.cancel()

    @Slot(object)
    def _on_run_finished(self, outcome: Outcome) -> None:
        rows, subsets = self.assessment.table_size
        swept_all = self.cache.sweeps.swept - self.assessment.swept_before >= subsets  # kept counts: no speed
        config = outcome.config
        plain = swept_all and not config.linkage.enabled and not config.cluster.enabled  # one sweep of this file
        sweep = getattr(outcome.result, "timings", {}).get("sweep")
        rate = measured_rate(rows, subsets, config.jobs, sweep) if plain and sweep is not None else None
        if rate is not None:
            self.settings.setValue(RATE_KEY, rate)
        self.statusMessage.emit(
            translate("workflow", "Finished: {subsets} subsets in {seconds} s.").format(
                subsets=count(len(outcome.result.reidentification)), seconds=local_digits(f"{outcome.seconds:.1f}")
            )
        )
        self.runFinished.emit()

    def measured_rate(self) -> Optional[float]:
        value = self.settings.value(RATE_KEY)
        try:
            return float(value) if value is not None else None
        except (TypeError, ValueError):
            return None

    def export_tables(self, folder: str) -> bool:
        """results.json, the CSV tables and analysis.toml into ``folder``."""
        return self.controller.export_tables(folder)

    def export_pdf(self, path: str) -> bool:
        """The PDF report, written by the engine's PDF writer."""
        return self.controller.export_pdf(path)

    # --- recent files and shutdown ----------------------------------------------------------
    def recent_files(self) -> list[str]:
        value = self.settings.value(RECENT_KEY, [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or []) if v]

    def _on_saved(self, path: str) -> None:
        self.add_recent(path)
        self.saved.emit(path)

    def add_recent(self, path: str) -> None:
        path = str(Path(path).resolve())
        files = [p for p in self.recent_files() if p != path]
        self.settings.setValue(RECENT_KEY, [path] + files[:MAX_RECENT - 1])
        self.recentChanged.emit()

    def shutdown(self, timeout_ms: int = 15000) -> bool:
        """Cancel every job and wait for their threads (the window is closing)."""
        ok = self.controller.shutdown(timeout_ms)
        return self.loader.shutdown(timeout_ms) and ok

    @property
    def busy(self) -> bool:
        return self.controller.busy or self.loader.busy

