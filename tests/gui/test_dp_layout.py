"""The noisy-counts page on narrow windows: its form and its results never overlap; at the
page's width in a 1024-px window both fit side by side without scrolling (English and the
longer Portuguese), and a narrower page scrolls sideways instead of covering the results."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QScrollArea

from gui import i18n

PAGE_AT_1024 = 804          # the page's width in a 1024-px window (the sidebar takes the rest)


@pytest.fixture
def app(qapp):
    yield qapp
    i18n.uninstall(qapp)


def _laid_out(page, app, width: int) -> tuple[int, int, int]:
    """Resize the page to ``width``: (gap between the form's right edge and the results' left
    edge, the results' width less their minimum, the body's sideways scroll range)."""
    page.resize(width, 700)
    app.processEvents()
    form, results = page.splitter.widget(0), page.splitter.widget(1)
    gap = results.geometry().left() - form.geometry().right() - 1
    body = page.findChild(QScrollArea, "dpBody")
    return gap, results.width() - results.minimumSizeHint().width(), body.horizontalScrollBar().maximum()


@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_form_and_results_fit_side_by_side_at_1024_and_never_overlap(qtbot, app, language):
    from gui.pages.dp_page import DPPage

    i18n.install(app, language)
    page = DPPage()
    qtbot.addWidget(page)
    page.show()
    gap, spare, sideways = _laid_out(page, app, PAGE_AT_1024)
    assert gap == page.splitter.handleWidth() and spare >= 0 and sideways == 0
    gap, spare, sideways = _laid_out(page, app, 600)        # narrower than both minimums
    assert gap == page.splitter.handleWidth() and spare >= 0 and sideways > 0
    gap, spare, sideways = _laid_out(page, app, 1300)
    assert gap == page.splitter.handleWidth() and sideways == 0 and spare > 200
