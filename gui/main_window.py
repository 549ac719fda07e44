"""The main window: menus and shortcuts, the page navigation, the run bar and status bar,
drag and drop. The commands themselves are in :mod:`gui.workflow`."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

from PySide6.QtCore import QT_TRANSLATE_NOOP, QSettings, QSize, Qt, QTimer, Slot
from PySide6.QtGui import QAction, QCloseEvent, QDragEnterEvent, QDropEvent, QFont, QFontMetrics, QIcon, QKeySequence
from PySide6.QtWidgets import (QApplication, QFileDialog, QHBoxLayout, QLabel, QListWidget, QListWidgetItem,
                               QMainWindow, QMessageBox, QStackedWidget, QVBoxLayout, QWidget)

from engine import __version__
from engine.api import platform

from .assessment import SCENARIOS_RUNNING
from .controller import AnalysisController
from .dialogs.about import show_about
from .dialogs.help_browser import context_help, show_glossary, show_help
from .pages.attacks_page import AttacksPage
from .pages.data_page import DataPage
from .pages.dp_page import DPPage
from .pages.releases_page import ReleasesPage
from .pages.results_page import ResultsPage
from .pages.scenarios_page import ScenariosPage
from .pages.start_page import StartPage
from .pages.synthetic_page import SyntheticPage
from .recovery import Autosave, Leftover, leftovers
from .resources import example_analysis, icon
from .session import Session
from .settings import user_settings
from .text import count, data_filter, size_bytes
from .widgets.run_bar import RunBar
from .widgets.saved_notice import SavedNotice
from .workflow import Workflow
from .i18n import translate

PAGES = (
    ("start", QT_TRANSLATE_NOOP("main_window", "Start")),
    ("table", QT_TRANSLATE_NOOP("main_window", "1  Data")),
    ("releases", QT_TRANSLATE_NOOP("main_window", "2  Releases")),
    ("attacks", QT_TRANSLATE_NOOP("main_window", "3  Attacks")),
    ("results", QT_TRANSLATE_NOOP("main_window", "4  Results")),
    ("scenarios", QT_TRANSLATE_NOOP("main_window", "5  Scenarios")),
    ("synthetic", QT_TRANSLATE_NOOP("main_window", "Synthetic data")),
    ("dp", QT_TRANSLATE_NOOP("main_window", "Noisy counts")),
)
NAVIGATION_POINTS = 11.0  # resources/style/app.qss, QListWidget#navigation
START, DATA, RELEASES, ATTACKS, RESULTS, SCENARIOS, SYNTHETIC, DP = range(8)
ANALYSIS_FILTER = QT_TRANSLATE_NOOP("main_window", "RiskReview analysis (*.toml)")


def navigation_width(labels: list[str]) -> int:
    """The page list's width: 170 pixels, wider when a label (in the window's language) needs it.
    The list's font is the style sheet's (11 pt); icon, paddings and the selection bar add 60."""
    font = QFont(QApplication.font())
    font.setPointSizeF(NAVIGATION_POINTS)
    metrics = QFontMetrics(font)
    return max(170, max(metrics.horizontalAdvance(label) for label in labels) + 60)


def process_memory() -> Optional[int]:
    """Resident memory of this process in bytes (None where it cannot be read)."""
    return platform.process_memory()


class MainWindow(QMainWindow):
    """The RiskReview window."""

    def __init__(self, settings: Optional[QSettings] = None, recovery_folder: Optional[Path] = None) -> None:
        """``recovery_folder``: where the analysis is autosaved while edited (None: not at all;
        gui/recovery.py)."""
        super().__init__()
        self.settings = settings or user_settings()
        self.session = Session(self)
        self.run_bar = RunBar()
        self.flow = Workflow(self, self.session, self.settings, self.run_bar)
        self.recovery_folder = Path(recovery_folder) if recovery_folder is not None else None
        self.autosave = Autosave(self.session, self.recovery_folder, self) if self.recovery_folder else None
        self.closing_on_signal = False  # a stop signal closes without asking; the autosave stays
        self.setWindowTitle(translate("main_window", "RiskReview {version}").format(version=__version__) + "[*]")
        self.setWindowIcon(icon("app"))
        self.setAcceptDrops(True)
        self.setMinimumSize(QSize(1024, 680))
        self.resize(1280, 800)
        self._build_pages()
        self._build_actions()
        self._build_status()
        self._connect()
        self.start_page.set_recent(self.flow.recent_files())
        self.show_page(START)

    # --- layout ------------------------------------------------------------------------------
    def _build_pages(self) -> None:
        central = QWidget()
        outer = QVBoxLayout(central)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        body = QHBoxLayout()
        body.setSpacing(0)
        self.navigation = QListWidget()
        self.navigation.setObjectName("navigation")
        self.navigation.setIconSize(QSize(22, 22))
        self.navigation.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        labels = [translate("main_window", label) for _, label in PAGES]
        for (name, _), label in zip(PAGES, labels):
            self.navigation.addItem(QListWidgetItem(icon(name), label))
        self.navigation.setFixedWidth(navigation_width(labels))
        self.pages = QStackedWidget()
        self.start_page = StartPage()
        self.data_page = DataPage(self.session)
        self.releases_page = ReleasesPage(self.session)
        self.attacks_page = AttacksPage(self.session, self.flow.measured_rate)
        self.results_page = ResultsPage(self.session)
        self.scenarios_page = ScenariosPage(self.session)
        self.synthetic_page = SyntheticPage()
        self.dp_page = DPPage()
        for page in (self.start_page, self.data_page, self.releases_page, self.attacks_page,
                     self.results_page, self.scenarios_page, self.synthetic_page, self.dp_page):
            self.pages.addWidget(page)
        body.addWidget(self.navigation)
        body.addWidget(self.pages, 1)
        outer.addLayout(body, 1)
        outer.addWidget(self.run_bar)
        self.setCentralWidget(central)

    def _action(self, text: str, slot, shortcut=None, icon_name: str = "", tip: str = "") -> QAction:
        action = QAction(icon(icon_name) if icon_name else QIcon(), text, self)
        if shortcut is not None:
            action.setShortcuts(shortcut if isinstance(shortcut, list) else [shortcut])
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(f"{tip} ({action.shortcut().toString()})" if shortcut else tip)
        action.triggered.connect(slot)
        return action

    def _build_actions(self) -> None:
        K = QKeySequence
        self.open_action = self._action(
            translate("main_window", "&Open data file..."),
            self.ask_open_data,
            K(K.StandardKey.Open),
            "open",
            translate("main_window", "Open a data file"),
        )
        self.open_analysis_action = self._action(
            translate("main_window", "Open &analysis..."),
            self.ask_open_analysis,
            K("Ctrl+Shift+O"),
            "analysis",
            translate("main_window", "Open a saved analysis"),
        )
        self.save_action = self._action(
            translate("main_window", "&Save analysis..."),
            self.ask_save_analysis,
            K(K.StandardKey.Save),
            "save",
            translate("main_window", "Save the analysis (settings only, never the data)"),
        )
        self.run_action = self._action(
            translate("main_window", "&Run the attacks"),
            self.run,
            [K("Ctrl+R"), K("F5")],
            "run",
            translate("main_window", "Run the attacks"),
        )
        self.cancel_action = self._action(
            translate("main_window", "&Cancel the run"),
            self.cancel,
            K("Esc"),
            "cancel",
            translate("main_window", "Cancel the run"),
        )
        self.pdf_action = self._action(
            translate("main_window", "Export &PDF report..."),
            self.ask_export_pdf,
            K("Ctrl+E"),
            "export",
            translate("main_window", "Export the PDF report"),
        )
        self.tables_action = self._action(
            translate("main_window", "Export CSV and &JSON..."),
            self.ask_export_tables,
            K("Ctrl+Shift+E"),
            "",
            translate("main_window", "Export the result tables"),
        )
        self.example_action = self._action(
            translate("main_window", "Open the census &example"), lambda: self.open_example(False)
        )
        self.new_action = self._action(
            translate("main_window", "&New analysis"),
            self.new_analysis,
            K(K.StandardKey.New),
            "",
            translate("main_window", "Start a new, empty analysis"),
        )
        quit_action = self._action(translate("main_window", "&Quit"), self.close, K(K.StandardKey.Quit))
        about_action = self._action(translate("main_window", "&About RiskReview"), lambda: show_about(self))
        file_menu = self.menuBar().addMenu(translate("main_window", "&File"))
        for action in (self.new_action, self.open_action, self.open_analysis_action, self.example_action):
            file_menu.addAction(action)
        self.recent_menu = file_menu.addMenu(translate("main_window", "Open &recent"))
        file_menu.addSeparator()
        file_menu.addAction(self.save_action)
        file_menu.addSeparator()
        file_menu.addAction(self.pdf_action)
        file_menu.addAction(self.tables_action)
        file_menu.addSeparator()
        file_menu.addAction(quit_action)
        self.edit_menu = self.menuBar().addMenu(translate("main_window", "&Edit"))
        stack = self.session.undo_stack
        self.undo_action = stack.createUndoAction(self, translate("main_window", "&Undo"))
        self.undo_action.setShortcuts(K.keyBindings(K.StandardKey.Undo))
        self.undo_action.setIcon(QIcon())
        self.redo_action = stack.createRedoAction(self, translate("main_window", "&Redo"))
        self.redo_action.setShortcuts(K.keyBindings(K.StandardKey.Redo))
        self.edit_menu.addAction(self.undo_action)
        self.edit_menu.addAction(self.redo_action)
        self.edit_menu.addSeparator()
        self.report_action = self._action(
            translate("main_window", "Report and &verdict settings..."),
            self.show_report_settings,
            None,
            "",
            translate("main_window", "Verdict thresholds, author, organisation, language and sections of the report"),
        )
        self.edit_menu.addAction(self.report_action)
        run_menu = self.menuBar().addMenu(translate("main_window", "&Run"))
        run_menu.addAction(self.run_action)
        run_menu.addAction(self.cancel_action)
        view_menu = self.menuBar().addMenu(translate("main_window", "&View"))
        for i, (_, label) in enumerate(PAGES):
            action = self._action(
                translate("main_window", label).replace("  ", " "),
                lambda _=False, i=i: self.show_page(i),
                K(f"Ctrl+{i}") if i else K("Ctrl+0"),
            )
            view_menu.addAction(action)
        help_menu = self.menuBar().addMenu(translate("main_window", "&Help"))
        self.guide_action = self._action(translate("main_window", "&User guide"), self.show_context_help, K("F1"),
                                         tip=translate("main_window", "The user guide at this page's section"))
        self.glossary_action = self._action(translate("main_window", "&Glossary"), lambda: show_glossary(self),
                                            tip=translate("main_window", "What each measure means"))
        for action in (self.guide_action, self.glossary_action):
            help_menu.addAction(action)
        help_menu.addSeparator()
        help_menu.addAction(about_action)
        toolbar = self.addToolBar(translate("main_window", "Main"))
        toolbar.setObjectName("mainToolbar")
        toolbar.setMovable(False)
        toolbar.setIconSize(QSize(22, 22))
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        for action in (self.open_action, self.open_analysis_action, self.save_action):
            toolbar.addAction(action)
        toolbar.addSeparator()
        toolbar.addAction(self.run_action)
        toolbar.addAction(self.cancel_action)
        toolbar.addSeparator()
        toolbar.addAction(self.pdf_action)
        self.tables_action.setIcon(icon("table"))
        toolbar.addAction(self.tables_action)

    def _build_status(self) -> None:
        self.file_status = QLabel(translate("main_window", "No file loaded"))
        self.rows_status = QLabel("")
        self.memory_status = QLabel("")
        self.saved_notice = SavedNotice()
        self.statusBar().addPermanentWidget(self.saved_notice)
        for label in (self.file_status, self.rows_status, self.memory_status):
            label.setContentsMargins(8, 0, 8, 0)
            self.statusBar().addPermanentWidget(label)
        self._memory_timer = QTimer(self)
        self._memory_timer.setInterval(2000)
        self._memory_timer.timeout.connect(self._update_memory)
        self._memory_timer.start()
        self._update_memory()

    def _connect(self) -> None:
        self.navigation.currentRowChanged.connect(self.pages.setCurrentIndex)
        self.pages.currentChanged.connect(self._on_page_changed)
        assessment = self.flow.controller
        assessment.attach(self.attacks_page.commands)
        assessment.attach(self.results_page.commands)
        self.flow.assessment.ready_check = lambda: self.attacks_page.problem.isHidden()
        self.scenarios_page.controller.exclude(assessment)
        for controller in self.controllers():
            controller.stateChanged.connect(self._on_busy)
            controller.exported.connect(self.saved_notice.show_saved)
            controller.exported.connect(self.statusBar().clearMessage)   # the notice says it once
        self.start_page.exampleRequested.connect(self.open_example)
        self.start_page.openDataRequested.connect(self.ask_open_data)
        self.start_page.openAnalysisRequested.connect(self.ask_open_analysis)
        self.start_page.recentRequested.connect(self.open_path)
        self.data_page.openRequested.connect(self.ask_open_data)
        self.data_page.importOptionsRequested.connect(self.flow.reopen_with_options)
        self.releases_page.errorRaised.connect(self._on_page_error)
        self.run_bar.cancelRequested.connect(self.flow.loader.cancel)
        self.flow.statusMessage.connect(self._on_status)
        self.flow.recentChanged.connect(self._on_recent)
        self.flow.loaded.connect(self._on_loaded)
        self.flow.runFinished.connect(self._on_run_finished)
        self.flow.runFinished.connect(self.attacks_page.show_estimate)  # the rate this run measured
        self.flow.loader.started.connect(self._on_load_started)
        self.flow.loader.busyChanged.connect(self._on_busy)
        self.flow.loader.progress.connect(self.run_bar.update_progress)
        self.session.dataChanged.connect(self._on_data)
        self.session.dataChanged.connect(self._offer_loaded_file)
        self.session.resultChanged.connect(self._on_busy)
        self.session.undo_stack.cleanChanged.connect(self._on_clean)
        self.flow.saved.connect(self._on_saved)
        self._on_recent()
        self._on_busy()

    # --- navigation and state ------------------------------------------------------------------
    def show_page(self, index: int) -> None:
        self.navigation.setCurrentRow(index)

    def show_context_help(self) -> None:
        """The user guide at the section of the page in front (and of the Results tab shown)."""
        name = PAGES[self.pages.currentIndex()][0]
        page, section = context_help(name, self.results_page.tabs.currentIndex())
        show_help(self, page, section)

    def front_page(self) -> Optional[QWidget]:
        """The scenarios, synthetic-data or noisy-count page when it is in front (None: the
        release assessment's pages): the toolbar's Run and Cancel act on it."""
        page = self.pages.currentWidget()
        return page if page in (self.scenarios_page, self.synthetic_page, self.dp_page) else None

    def controllers(self) -> tuple[AnalysisController, ...]:
        """Every analysis's controller: the assessment's first."""
        return (self.flow.controller, self.scenarios_page.controller, self.scenarios_page.suggester,
                self.synthetic_page.controller, self.dp_page.controller)

    def front_controller(self) -> AnalysisController:
        """The controller of the analysis in front: the toolbar's Run, Cancel and Export act on it."""
        page = self.front_page()
        return page.controller if page is not None else self.flow.controller

    @Slot(int)
    def _on_page_changed(self, _index: int) -> None:
        self._offer_loaded_file()
        self._on_busy()

    def _offer_loaded_file(self) -> None:
        """The loaded data file as the synthetic-data page's real file (with the Data page's
        quasi-identifiers and first sensitive column) and the noisy-count page's table, while
        their field is still empty."""
        source = self.session.source
        if source is None or self.session.table is None:
            return
        page = self.front_page()
        if page is self.synthetic_page and not self.synthetic_page.form.files.path("real"):
            if self.synthetic_page.set_file("real", source.path, source):
                columns = set(self.synthetic_page.columns())
                qids = [q for q in self.session.qids if q in columns]
                if qids and not self.synthetic_page.checked_qids():
                    self.synthetic_page.set_qids(qids)
                sensitive = [c for c in self.session.sensitive if c in columns and c not in qids]
                if sensitive:
                    self.synthetic_page.set_sensitive(sensitive[0])
        elif page is self.dp_page and not self.dp_page.data_path.text().strip():
            self.dp_page.set_data_path(source.path, source)

    @Slot(str)
    def _on_status(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    @Slot(str, str)
    def _on_page_error(self, title: str, message: str) -> None:
        self.flow.error(title, message)

    @Slot()
    def _on_recent(self) -> None:
        files = self.flow.recent_files()
        self.recent_menu.clear()
        for path in files:
            action = self.recent_menu.addAction(Path(path).name)
            action.setToolTip(path)
            action.setData(path)
            action.triggered.connect(self._on_recent_action)
        self.recent_menu.setEnabled(bool(files))
        self.start_page.set_recent(files)

    @Slot()
    def _on_recent_action(self) -> None:
        action = self.sender()
        if isinstance(action, QAction):
            self.open_path(str(action.data()))

    @Slot()
    def _on_data(self) -> None:
        table = self.session.table
        if table is None:
            self.file_status.setText(translate("main_window", "No file loaded"))
            self.rows_status.setText("")
        else:
            self.file_status.setText(translate("main_window", "File: {name}").format(name=table.name))
            self.file_status.setToolTip(table.path)
            self.rows_status.setText(
                translate("main_window", "{rows} rows × {columns} columns").format(
                    rows=count(table.n_rows), columns=count(len(table.columns) + len(table.nested))
                )
            )
            self.setWindowTitle(
                translate("main_window", "{name} — RiskReview {version}").format(name=table.name, version=__version__)
                + "[*]"
            )
        self._update_memory()

    @Slot()
    def _update_memory(self) -> None:
        process = process_memory()
        data = self.session.memory_bytes()
        text = (
            translate("main_window", "Data in memory: {size}").format(size=size_bytes(data))
            if self.session.table is not None
            else ""
        )
        if process is not None:
            text += (" · " if text else "") + translate("main_window", "RiskReview uses {size}").format(
                size=size_bytes(process)
            )
        self.memory_status.setText(text)

    @Slot(bool)
    def _on_busy(self, _busy: bool = False) -> None:
        assessment, scenarios = self.flow.controller, self.scenarios_page.controller
        loading = self.flow.loader.busy
        front = self.front_controller()
        own_data = front in (assessment, scenarios)  # these run on the loaded table
        busy = front.busy or front.exporting or (own_data and loading)
        idle = not front.busy and not front.exporting and not front.blocked
        self.run_action.setEnabled(idle and not (own_data and (loading or self.session.table is None)))
        self.run_action.setToolTip(front.analysis.texts.blocked if front.blocked else translate("main_window", "Run the attacks"))
        self.cancel_action.setEnabled(busy)
        self.pdf_action.setEnabled(front.can_export)
        self.tables_action.setEnabled(front.can_export)
        running = assessment.busy or loading
        self.attacks_page.set_running(running or scenarios.busy or scenarios.exporting,
                                      translate("assessment", SCENARIOS_RUNNING) if assessment.blocked and not running else "")
        if not assessment.busy and not assessment.exporting and not loading:
            self.run_bar.end()

    @Slot()
    def _on_load_started(self) -> None:
        self.run_bar.begin(translate("main_window", "Reading the file"))

    @Slot()
    def _on_loaded(self) -> None:
        if self.pages.currentIndex() in (START, RESULTS):
            self.show_page(DATA)
        self._on_busy()

    @Slot()
    def _on_run_finished(self) -> None:
        self.show_page(RESULTS)

    # --- commands -------------------------------------------------------------------------------
    @Slot(bool)
    def _on_clean(self, clean: bool) -> None:
        self.setWindowModified(not clean)

    @Slot(str)
    def _on_saved(self, _path: str) -> None:
        self.session.mark_saved()

    def save_changes_box(self) -> QMessageBox:
        """The question asked before unsaved edits would be lost."""
        box = QMessageBox(QMessageBox.Icon.Warning, translate("main_window", "Save changes?"),
                          translate("main_window", "The analysis has changes that are not saved."),
                          QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                          | QMessageBox.StandardButton.Cancel, self)
        box.setObjectName("saveChangesDialog")
        box.setInformativeText(translate("main_window", "Save them in an analysis file before going on?"))
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        return box

    def confirm_discard(self) -> bool:
        """Whether the analysis on screen may be replaced: no unsaved edits, or the analyst
        saved them (Save) or let them go (Discard); False for Cancel."""
        if not self.session.modified:
            return True
        answer = self.save_changes_box().exec()
        if answer == QMessageBox.StandardButton.Save:
            return self.flow.controller.ask_save()
        if answer == QMessageBox.StandardButton.Discard:
            if self.autosave is not None:
                self.autosave.discard()
            return True
        return False

    @Slot()
    def new_analysis(self) -> None:
        """An empty analysis (after the save-changes question)."""
        if self.flow.busy or not self.confirm_discard():
            return
        self.session.clear()
        self.show_page(START)
        self.setWindowTitle(translate("main_window", "RiskReview {version}").format(version=__version__) + "[*]")
        self._on_data()

    @Slot()
    def show_report_settings(self) -> None:
        from .dialogs.report_settings import ReportSettingsDialog

        self.report_dialog = ReportSettingsDialog(self.session, self)
        self.report_dialog.open()

    def offer_recovery(self) -> Optional[Leftover]:
        """Offer back an analysis a window left unsaved when it was killed or crashed; returns the
        one being recovered (None: none, or the analyst declined)."""
        if self.recovery_folder is None:
            return None
        found = leftovers(self.recovery_folder)
        if not found:
            return None
        leftover = found[-1]
        box = QMessageBox(QMessageBox.Icon.Question, translate("main_window", "Recover the analysis?"),
                          translate("main_window", "RiskReview was not closed normally while an analysis had "
                                                   "unsaved changes. Recover them?"),
                          QMessageBox.StandardButton.NoButton, self)
        box.setObjectName("recoveryDialog")
        recover = box.addButton(translate("main_window", "Recover"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Discard)
        box.setDefaultButton(recover)
        if leftover.original:
            box.setInformativeText(translate("main_window", "Opened from {path}.").format(path=leftover.original))
        box.exec()
        if box.clickedButton() is not recover:
            for other in found:
                other.discard()
            return None
        opened = self.flow.open_recovered(str(leftover.path), leftover.original, leftover.discard)
        for other in found:
            if other is not leftover:
                other.discard()
        return leftover if opened else None

    @Slot()
    def ask_open_data(self) -> None:
        if not self.confirm_discard():
            return
        path, _ = QFileDialog.getOpenFileName(self, translate("main_window", "Open a data file"), "", data_filter())
        if path:
            self.flow.open_data_file(path)

    @Slot()
    def ask_open_analysis(self) -> None:
        if not self.confirm_discard():
            return
        path, _ = QFileDialog.getOpenFileName(
            self, translate("main_window", "Open an analysis"), "", translate("main_window", ANALYSIS_FILTER)
        )
        if path:
            self.open_analysis(path)

    def open_analysis(self, path: str, confirmed: bool = True) -> None:
        """Open an analysis file on the page of its kind (synthetic data, noisy counts, or the
        release assessment; for the latter, ``confirmed=False`` asks about unsaved changes first)."""
        from engine.api import read_toml
        from engine.api import DP_KIND
        from engine.api import InputError

        try:
            kind = read_toml(path).get("kind")
        except InputError:
            kind = None  # the assessment's opening reports the problem
        if kind == "synthetic":
            self.show_page(SYNTHETIC)
            self.synthetic_page.open_analysis(path)
        elif kind == DP_KIND:
            self.show_page(DP)
            self.dp_page.open_analysis(path)
        elif confirmed or self.confirm_discard():
            self.flow.open_analysis(path)

    @Slot()
    def ask_save_analysis(self) -> None:
        """Save the analysis in front (the Scenarios page's is the release assessment's)."""
        front = self.front_controller()
        (self.flow.controller if front is self.scenarios_page.controller else front).ask_save()

    @Slot()
    def ask_export_pdf(self) -> None:
        self.front_controller().ask_export_pdf()

    @Slot()
    def ask_export_tables(self) -> None:
        self.front_controller().ask_export_tables()

    @Slot()
    def run(self) -> None:
        """Run the analysis of the page in front (the release assessment from its pages)."""
        page = self.front_page()
        if page is not None:
            page.run()
        else:
            self.flow.run()

    @Slot()
    def cancel(self) -> None:
        """Cancel the run (or loading) of the page in front."""
        page = self.front_page()
        if page is not None:
            page.cancel()
        else:
            self.flow.cancel()

    @Slot(bool)
    def open_example(self, run_now: bool = False) -> None:
        if self.confirm_discard():
            self.flow.open_analysis(str(example_analysis()), run_after=run_now)

    @Slot(str)
    def open_path(self, path: str) -> None:
        """Open a data file or an analysis (.toml) by path (recent files, drops, argv), after the
        save-changes question when it replaces the analysis."""
        if path.lower().endswith(".toml"):
            self.open_analysis(path, confirmed=False)
        elif self.confirm_discard():
            self.flow.open_data_file(path)

    # --- drag and drop, closing ---------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        urls = event.mimeData().urls() if event.mimeData().hasUrls() else []
        if urls and urls[0].isLocalFile():
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        urls = [u for u in event.mimeData().urls() if u.isLocalFile()]
        if urls:
            event.acceptProposedAction()
            QTimer.singleShot(0, lambda path=urls[0].toLocalFile(): self.open_path(path))

    def closeEvent(self, event: QCloseEvent) -> None:
        """Ask about unsaved changes (not when a stop signal closes the window: its autosave is
        kept for the next start), then cancel any run and wait for the worker threads, so Qt
        never aborts on exit."""
        if self.closing_on_signal:
            if self.autosave is not None:
                self.autosave.write_now()
        elif not self.confirm_discard():
            event.ignore()
            return
        elif self.autosave is not None:
            self.autosave.close()
        self._memory_timer.stop()
        self.flow.shutdown()
        for page in (self.scenarios_page, self.synthetic_page, self.dp_page):
            page.shutdown()
        event.accept()
