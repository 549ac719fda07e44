"""The scenarios' Compare tab on short windows: the table and the risk-against-loss plot
never run over the verdict and the buttons below them, and the plot keeps its minimum
height; a tab too short for them scrolls instead."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QScrollArea, QWidget

from gui import i18n

from .translation_session import loaded_session


@pytest.fixture
def app(qapp):
    yield qapp
    i18n.uninstall(qapp)


def _laid_out(page, app, height: int) -> tuple[int, int, int]:
    """Resize the page to ``height`` inside a window (which does not hold it to its minimum):
    (room between the plot's bottom and the buttons' top, the plot's height less its minimum,
    the vertical scroll range), in the tab's coordinates."""
    page.resize(1000, height)
    app.processEvents()
    tab = page.pick_button.parentWidget()
    plot = page.plot
    bottom = plot.mapTo(tab, plot.rect().bottomLeft()).y()
    visible = page.findChild(QScrollArea, "compareArea")
    bottom = min(bottom, visible.geometry().bottom())
    return (page.pick_button.geometry().top() - bottom - 1, plot.height() - plot.minimumHeight(),
            visible.verticalScrollBar().maximum())


@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_table_and_plot_never_run_over_the_buttons_and_a_short_tab_scrolls(qtbot, app, language):
    from gui.pages.scenarios_page import ScenariosPage

    i18n.install(app, language)
    window = QWidget()
    qtbot.addWidget(window)
    page = ScenariosPage(loaded_session(), window)
    window.resize(1000, 1300)
    window.show()
    page.tabs.setCurrentIndex(1)
    room, spare, scroll = _laid_out(page, app, 1200)
    assert room >= 0 and spare > 0 and scroll == 0
    room, spare, scroll = _laid_out(page, app, 300)
    assert room >= 0 and spare >= 0 and scroll > 0
    room, spare, scroll = _laid_out(page, app, 1200)
    assert room >= 0 and spare > 0 and scroll == 0
