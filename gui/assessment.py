"""The release assessment as an :class:`~gui.controller.Analysis`: the window's
:class:`~gui.session.Session` holds its config and its result; the engine's
:func:`engine.api.run_assessment` runs it. The Scenarios page's run is the same analysis with
its scenarios (:mod:`gui.pages.scenarios_page`)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Callable, Optional

from engine.api import run_assessment
from engine.api import AnalysisConfig
from engine.api import subtable
from engine.api import SessionCache

from PySide6.QtCore import QT_TRANSLATE_NOOP

from .controller import Analysis, AnalysisTexts, Outcome
from .i18n import translate
from .jobs import Work
from .session import Result, Session, _same_analysis

SCENARIOS_RUNNING = QT_TRANSLATE_NOOP(
    "assessment", "The scenarios are running: wait for them to finish or cancel them on the Scenarios page."
)


class AssessmentAnalysis(Analysis):
    """The session's analysis: run on the loaded table's needed columns, shown as the session's
    result (with the attack choice it ran with)."""

    def __init__(self, session: Session, texts: Optional[AnalysisTexts] = None,
                 open_config: Optional[Callable[[AnalysisConfig, str], bool]] = None,
                 on_saved: Optional[Callable[[str], None]] = None, cache: Optional[SessionCache] = None) -> None:
        self.session = session
        self.texts = texts or AnalysisTexts(
            cannot_run=translate("assessment", "The attacks cannot run yet"),
            could_not_run=translate("assessment", "The attacks could not run"),
            running=translate("assessment", "Starting the attacks"),
            nothing_yet=translate("assessment", "Run the attacks first."),
            blocked=translate("assessment", SCENARIOS_RUNNING))
        self._open_config = open_config
        self._on_saved = on_saved
        self.ready_check: Callable[[], bool] = lambda: True  # what else a run needs (the window's pages)
        self._attacks = session.attacks
        self.cache = cache  # the table and sweep counts re-runs reuse (None: every run from scratch)
        self.table_size: tuple[int, int] = (0, 0)  # rows, subsets of the last run started
        self.swept_before = 0  # subsets the cache had swept when the last run started

    def config(self) -> AnalysisConfig:
        return self.session.build_config()

    def work(self, config: AnalysisConfig) -> Work:
        table = subtable(self.session.table, config.needed_columns())
        self._attacks = replace(self.session.attacks)
        self.table_size = (table.n_rows, self.session.subset_count())
        cache = self.cache
        if cache is None:
            return lambda progress, cancel: run_assessment(config, table=table, on_progress=progress, cancel=cancel)
        self.swept_before = cache.sweeps.swept

        def work(progress, cancel):
            with cache.prepared(config, cancel, shown=table) as kept:
                return run_assessment(config, table=kept, on_progress=progress, cancel=cancel)

        return work

    def note(self, config: AnalysisConfig) -> str:
        return (translate("assessment", "on the Dask cluster at {0}").format(config.cluster.address)
                if config.cluster.enabled else "")

    def same(self, a: AnalysisConfig, b: AnalysisConfig) -> bool:
        return _same_analysis(a, b)

    def show(self, outcome: Outcome) -> None:
        self.session.set_result(Result(outcome.result, self._attacks, outcome.seconds))

    def result(self):
        result = self.session.result
        return result.assessment if result is not None else None

    def ready(self) -> bool:
        return self.session.table is not None and self.ready_check()

    def read(self, path: str) -> AnalysisConfig:
        return AnalysisConfig.from_toml(path)

    def apply(self, config: AnalysisConfig, path: str) -> bool:
        return self._open_config is not None and self._open_config(config, path)

    def saving_config(self) -> AnalysisConfig:
        return self.session.config_for_saving()

    def saved(self, path: str) -> None:
        self.session.analysis_path = path
        if self._on_saved is not None:
            self._on_saved(path)

    def start_path(self, name: str) -> str:
        if name.endswith(".toml") and self.session.analysis_path:
            return self.session.analysis_path
        source = self.session.source
        if source is None:
            return name
        return str(Path(source.path).with_suffix(".toml")) if name.endswith(".toml") \
            else str(Path(source.path).with_name(name))

    def write_pdf(self, result, path: Path, cancel) -> None:
        from engine.api import write_pdf

        write_pdf(result, path, cancel=cancel)

    def write_tables(self, result, folder: Path, cancel) -> None:
        from engine.api import write_results

        write_results(result, folder, cancel=cancel)
