"""The Attacks page on narrow windows: its two columns stack when they do not fit side by side,
so that nothing (the Run button included) needs scrolling sideways, in English and in the
longer Portuguese."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QBoxLayout, QScrollArea

from gui import i18n

from .translation_session import loaded_session


@pytest.fixture
def app(qapp):
    yield qapp
    i18n.uninstall(qapp)


def _page(qtbot, app, language: str):
    from gui.pages.attacks_page import AttacksPage

    i18n.install(app, language)
    page = AttacksPage(loaded_session(with_result=False))
    qtbot.addWidget(page)
    page.show()
    return page


def _sideways(page, app, width: int) -> int:
    """Resize the page to ``width``; the horizontal scroll range its body then needs."""
    page.resize(width, 700)
    app.processEvents()
    return page.findChild(QScrollArea).horizontalScrollBar().maximum()


@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_columns_stack_when_the_page_is_narrow_and_nothing_scrolls_sideways(qtbot, app, language):
    page = _page(qtbot, app, language)
    left, right = (side.minimumSize().width() for side in page._sides)
    assert left > 300 and right > 300
    assert _sideways(page, app, 1300) == 0
    assert page.columns.direction() == QBoxLayout.Direction.LeftToRight
    narrow = left + right                       # too narrow for both side by side, wide enough for one
    assert _sideways(page, app, narrow) == 0
    assert page.columns.direction() == QBoxLayout.Direction.TopToBottom
    assert page.commands.geometry().right() <= page.width()
    assert _sideways(page, app, 1300) == 0      # and back, when the window widens again
    assert page.columns.direction() == QBoxLayout.Direction.LeftToRight
