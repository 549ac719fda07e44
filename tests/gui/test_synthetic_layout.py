"""The synthetic-data results on short windows: the attack table, the ROC curves and the hint
under them never overlap and the curves keep their minimum height; results too short for
them scroll instead, and tall ones do not scroll."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel, QScrollArea, QWidget

from gui import i18n


@pytest.fixture
def app(qapp):
    yield qapp
    i18n.uninstall(qapp)


def _laid_out(results, app, height: int) -> tuple[int, int, int, int]:
    """Resize the results to ``height`` inside a window (which does not hold them to their
    minimum): (gap between the table and the curves' tabs, gap between the curves and their
    hint, the curves' height less their minimum, the vertical scroll range)."""
    results.resize(1000, height)
    app.processEvents()
    split = results.split
    table, views = split.widget(0), split.widget(1)
    roc = results.roc
    below = [label for label in roc.parentWidget().findChildren(QLabel) if label.parentWidget() is roc.parentWidget()]
    hint_top = min(label.geometry().top() for label in below)
    area = results.findChild(QScrollArea, "syntheticResultsArea")
    return (views.geometry().top() - table.geometry().bottom() - 1, hint_top - roc.geometry().bottom() - 1,
            roc.height() - roc.minimumHeight(), area.verticalScrollBar().maximum())


@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_table_curves_and_hint_never_overlap_and_short_results_scroll(qtbot, app, language):
    from gui.pages.synthetic.results_view import SyntheticResults

    i18n.install(app, language)
    window = QWidget()
    qtbot.addWidget(window)
    results = SyntheticResults(window)
    window.resize(1000, 1300)
    window.show()
    handle = results.split.handleWidth()
    table_gap, hint_gap, spare, scroll = _laid_out(results, app, 1200)
    assert table_gap == handle and hint_gap >= 0 and spare > 0 and scroll == 0
    table_gap, hint_gap, spare, scroll = _laid_out(results, app, 300)   # less than the two minimums
    assert table_gap == handle and hint_gap >= 0 and spare >= 0 and scroll > 0
    table_gap, hint_gap, spare, scroll = _laid_out(results, app, 1200)
    assert table_gap == handle and hint_gap >= 0 and spare > 0 and scroll == 0


def _sideways(page, app, width: int) -> int:
    """Resize the page to ``width``: the sideways scroll range its Analysis form then needs."""
    page.resize(width, 900)
    app.processEvents()
    return page.tabs.widget(0).horizontalScrollBar().maximum()


@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_the_analysis_form_stacks_its_columns_when_narrow_and_never_scrolls_sideways(qtbot, app, language):
    """At 1024 px the form's two columns were wider than the tab, whose right side (the
    settings) needed scrolling sideways: they now stack when they do not fit side by side."""
    from PySide6.QtWidgets import QBoxLayout

    from gui.pages.synthetic_page import SyntheticPage

    i18n.install(app, language)
    page = SyntheticPage()
    qtbot.addWidget(page)
    page.show()
    columns = page.form.columns
    left, right = (side.minimumSize().width() for side in columns.sides)
    assert left > 200 and right > 200
    assert _sideways(page, app, 1400) == 0 and columns.direction() == QBoxLayout.Direction.LeftToRight
    assert _sideways(page, app, left + right) == 0 and columns.direction() == QBoxLayout.Direction.TopToBottom
    assert _sideways(page, app, 1400) == 0 and columns.direction() == QBoxLayout.Direction.LeftToRight


def test_a_lines_hint_asks_for_the_lines_it_takes_at_its_current_width(qtbot, app):
    """Narrow, the hint asks for many lines; widened, for fewer again (it must not keep the
    height it once needed)."""
    from PySide6.QtWidgets import QVBoxLayout

    from gui.pages.common import LinesHint

    holder = QWidget()
    qtbot.addWidget(holder)
    label = LinesHint("Members found against non-members flagged by mistake, over every threshold; "
                      "the dashed diagonal is guessing. Point at a curve for its values.")
    QVBoxLayout(holder).addWidget(label)
    holder.show()
    heights = {}
    for width in (120, 1200, 120):
        holder.resize(width, 400)
        app.processEvents()
        heights.setdefault(width, []).append(label.minimumSizeHint().height())
        assert label.minimumSizeHint().height() >= label.heightForWidth(label.width()) > 0
    assert heights[120][0] == heights[120][1] > 3 * heights[1200][0]
