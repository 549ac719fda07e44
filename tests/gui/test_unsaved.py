"""Nothing lost: unsaved edits mark the title, every way out asks "Save changes?", and an
autosaved analysis comes back after the window was killed."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QTimer, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from engine.analysis.config import AnalysisConfig
from engine.analysis.scenario_steps import HierarchySpec
from gui.dialogs.import_dialog import ImportDialog
from gui.main_window import MainWindow
from gui.recovery import leftovers

from .conftest import CENSUS, CENSUS_TOML, QIDS, ROOT, forget_edits, load_census, set_roles, wait_loaded

Button = QMessageBox.StandardButton


def answer(qtbot, button, name: str = "saveChangesDialog") -> list:
    """Click ``button`` (a standard button or a button's text) of the next modal box called
    ``name``; the list returned gets the box's text once it was answered."""
    seen: list = []

    def click() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox) or box.objectName() != name:
            QTimer.singleShot(20, click)
            return
        seen.append(box.text())
        if isinstance(button, str):
            next(b for b in box.buttons() if b.text() == button).click()
        else:
            box.button(button).click()

    QTimer.singleShot(0, click)
    return seen


def drop(window, path: Path) -> None:
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(path))])
    event = QDropEvent(QPointF(100, 100), Qt.DropAction.CopyAction, data, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    window.dropEvent(event)


@pytest.fixture
def edited(qtbot, window, monkeypatch):
    """The census with the four QIDs set: an analysis with unsaved edits."""
    monkeypatch.setattr(ImportDialog, "ask", classmethod(lambda cls, parent, source: source))
    load_census(qtbot, window)
    assert not window.isWindowModified()
    set_roles(window)
    assert window.session.modified and window.isWindowModified()
    assert window.windowTitle().endswith("[*]")
    return window


def _recent(window):
    window.flow.add_recent(str(CENSUS_TOML))
    next(a for a in window.recent_menu.actions() if a.data() == str(CENSUS_TOML.resolve())).trigger()


WAYS = {
    # way out: (how, what shows it went ahead)
    "new": (lambda w: w.new_action.trigger(), lambda w: w.session.table is None),
    "open data": (lambda w: w.open_action.trigger(), lambda w: w.flow.loader.busy or w.session.qids == ()),
    "open analysis": (lambda w: w.open_analysis_action.trigger(), lambda w: w.session.qids != QIDS),
    "recent file": (_recent, lambda w: w.session.qids != QIDS),
    "example": (lambda w: w.example_action.trigger(), lambda w: w.session.qids != QIDS),
    "drop": (lambda w: drop(w, CENSUS_TOML), lambda w: w.session.qids != QIDS),
    "quit": (lambda w: w.close(), lambda w: not w.isVisible()),
}


@pytest.mark.parametrize("way", list(WAYS))
def test_every_way_out_asks_to_save(qtbot, edited, monkeypatch, way):
    window = edited
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        lambda *a, **k: (str(CENSUS if way == "open data" else CENSUS_TOML), ""))
    go, went = WAYS[way]
    seen = answer(qtbot, Button.Cancel)
    go(window)
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    qtbot.wait(50)
    assert seen == ["The analysis has changes that are not saved."]
    assert window.session.qids == QIDS and window.isVisible() and window.isWindowModified()

    seen = answer(qtbot, Button.Discard)
    go(window)
    qtbot.waitUntil(lambda: bool(seen and went(window)), timeout=20000)
    qtbot.waitUntil(lambda: not window.flow.busy, timeout=20000)


def test_save_writes_the_analysis_then_goes_on(qtbot, edited, monkeypatch, tmp_path):
    window = edited
    target = tmp_path / "mine.toml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    seen = answer(qtbot, Button.Save)
    window.new_action.trigger()
    assert seen and window.session.table is None
    saved = AnalysisConfig.from_toml(target)
    assert saved.roles.quasi_identifiers == QIDS
    assert not window.isWindowModified()


def test_no_question_without_edits_and_after_saving(qtbot, edited, tmp_path):
    window = edited
    assert window.flow.save_analysis(str(tmp_path / "a.toml"))
    assert not window.session.modified and not window.isWindowModified()
    window.new_action.trigger()  # no box: nothing would be lost
    assert window.session.table is None
    window.session.undo_stack.setClean()


CHILD = textwrap.dedent("""
    import sys, time
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    from gui.main_window import MainWindow
    win = MainWindow(QSettings(sys.argv[2], QSettings.Format.IniFormat), sys.argv[1])
    win.show()
    win.flow.open_data_file(sys.argv[3], ask=False)
    while win.session.table is None:
        app.processEvents(); time.sleep(0.01)
    win.session.set_roles(["birth_year", "sex"], "quasi_identifiers")
    win.session.set_role("special_needs", "sensitive")
    from engine.analysis.scenario_steps import HierarchySpec
    win.scenarios_page.suggest_panel.set_spec("birth_year", HierarchySpec("intervals", params=(("widths", (5.0, 10.0)),)))
    while not win.autosave.path.exists():
        app.processEvents(); time.sleep(0.02)
    print("autosaved", flush=True)
    while True:
        app.processEvents(); time.sleep(0.05)
""")


@pytest.mark.slow
def test_a_killed_window_is_recovered_at_the_next_start(qtbot, tmp_path, settings):
    folder = tmp_path / "recovery"
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(folder), str(tmp_path / "child.ini"), str(CENSUS)],
                             cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = child.stdout.readline()
        assert line.strip() == "autosaved", child.stderr.read()[-2000:] if not line else line
        assert len(leftovers(folder)) == 0  # its window still runs: its file is not offered
    finally:
        child.kill()  # no chance to clean up, as after a crash
        child.wait(timeout=30)
    found = leftovers(folder)
    assert len(found) == 1 and found[0].original is None
    bands = HierarchySpec("intervals", params=(("widths", (5.0, 10.0)),))
    assert AnalysisConfig.from_toml(found[0].path).suggest_hierarchies == (("birth_year", bands),)  # in the file

    win = MainWindow(settings, folder)
    qtbot.addWidget(win, before_close_func=forget_edits)
    win.show()
    seen = answer(qtbot, "Recover", "recoveryDialog")
    assert win.offer_recovery() is not None
    assert seen and "not closed normally" in seen[0]
    wait_loaded(qtbot, win)
    qtbot.waitUntil(lambda: win.session.qids == ("birth_year", "sex"), timeout=20000)
    assert win.session.sensitive == ("special_needs",)
    assert win.scenarios_page.suggest_panel.specs == {"birth_year": bands}   # Suggest's hierarchies too
    assert win.session.source.path == str(CENSUS)
    assert win.isWindowModified() and win.session.analysis_path is None
    assert not found[0].path.exists()  # recovered: the old file is gone, this window autosaves anew
    qtbot.waitUntil(lambda: win.autosave.path.exists(), timeout=10000)

    seen = answer(qtbot, Button.Discard)
    win.close()
    assert seen and not list(folder.glob("autosave-*.toml"))  # closed normally: nothing left to recover
