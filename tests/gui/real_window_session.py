"""Run by tests/gui/test_real_window.py in a process of its own, on the xcb platform of an Xvfb
display (not collected on its own: its name does not start with ``test_``)."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from engine.api import run_assessment

from .conftest import CENSUS, set_roles, wait_loaded


def test_real_window_loads_the_example_and_runs(qtbot, window):
    assert QApplication.platformName() == "xcb"
    qtbot.waitExposed(window)
    assert window.isVisible() and window.windowHandle().isExposed()
    window.flow.open_data_file(str(CENSUS), ask=False)
    wait_loaded(qtbot, window)
    set_roles(window)
    window.attacks_page.set_family(replace(window.session.family, kind="max-size", max_size=2))
    window.show_page(3)
    qtbot.mouseClick(window.attacks_page.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.session.result is not None, timeout=120000)
    assert window.pages.currentWidget() is window.results_page
    config = window.session.build_config()
    expected = run_assessment(replace(config, jobs=1))
    assert window.session.result.assessment.reidentification == expected.reidentification
    shot = window.grab().toImage()
    assert (shot.width(), shot.height()) == (window.width(), window.height())
    assert len({shot.pixel(x, 200) for x in range(0, shot.width(), 7)}) > 3  # drawn, not blank
