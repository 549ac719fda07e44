"""Fixtures for the window tests (offscreen Qt, set up by tests/conftest.py)."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest



ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "resources" / "examples"
CENSUS = EXAMPLES / "census_example.csv"
CENSUS_TOML = EXAMPLES / "census_demo.toml"
QIDS = ("birth_year", "sex", "race", "school")
SENSITIVE = ("special_needs",)


@pytest.fixture(autouse=True)
def collector_given_back():
    """The window collects cyclic garbage on its own thread (gui/collection.py); after each
    window test the collector is Python's again, for the tests that follow."""
    yield
    from gui import collection

    collection.uninstall()


@pytest.fixture
def settings(tmp_path):
    from PySide6.QtCore import QSettings

    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def forget_edits(win) -> None:
    """No save-changes question when a test's window closes (test_unsaved.py asks it)."""
    win.session.undo_stack.setClean()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item):
    """Before pytest-qt closes the test's widgets: the windows' edits are forgotten, so that
    closing them asks nothing (a modal question would wait forever)."""
    from PySide6.QtWidgets import QApplication

    if QApplication.instance() is not None:
        from gui.main_window import MainWindow

        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, MainWindow):
                forget_edits(widget)
    return (yield)


@pytest.fixture
def window(qtbot, settings):
    from gui.main_window import MainWindow

    win = MainWindow(settings)
    qtbot.addWidget(win, before_close_func=forget_edits)
    win.resize(1280, 800)
    win.show()
    yield win
    forget_edits(win)
    win.close()
    assert multiprocessing.active_children() == []


def wait_loaded(qtbot, win, timeout: int = 20000) -> None:
    qtbot.waitUntil(lambda: not win.flow.loader.busy and win.session.table is not None, timeout=timeout)


def wait_idle(qtbot, win, timeout: int = 60000) -> None:
    qtbot.waitUntil(lambda: not win.flow.busy and win.flow.exporter.busy is False, timeout=timeout)


def error_boxes():
    from PySide6.QtWidgets import QApplication, QMessageBox

    return [w for w in QApplication.topLevelWidgets()
            if isinstance(w, QMessageBox) and w.objectName() == "errorDialog" and w.isVisible()]


def load_census(qtbot, win, path: Path = CENSUS) -> None:
    win.flow.open_data_file(str(path), ask=False)
    wait_loaded(qtbot, win)


def set_roles(win, qids=QIDS, sensitive=SENSITIVE) -> None:
    for name in qids:
        assert win.data_page.set_role(name, "quasi_identifiers")
    for name in sensitive:
        assert win.data_page.set_role(name, "sensitive")
