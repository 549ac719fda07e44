"""The user guide inside the window: F1 per page, links, glossary anchors, no web browser."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt, QUrl
from PySide6.QtWidgets import QMenu

from gui.dialogs.help_browser import (MEASURE_ANCHORS, RESULTS_TAB_HELP, WINDOW_PAGE_HELP, HelpBrowser,
                                      help_window)
from gui.dialogs.help_browser import plain
from gui.help_content import anchor_headings, guide_path

LANGUAGES = ("en", "pt_BR")
# Main-window page index (gui/main_window.py PAGES) -> (guide page, heading expected in view), English.
F1_EXPECTED = {
    0: ("index", "RiskReview user guide"),
    1: ("01-load-a-file", "Load a file"),
    2: ("02-choose-roles", "Later releases (optional)"),
    3: ("03-run", "Run the attacks"),
    4: ("04-read-the-verdict", "Top subsets per size"),
    5: ("06-scenarios-and-suggest", "Scenarios and a suggested release"),
    6: ("07-synthetic-and-noisy-counts", "Synthetic data: does a synthetic file leak the real records?"),
    7: ("07-synthetic-and-noisy-counts", "Noisy counts: what does an epsilon buy?"),
}


def headings(language: str, page: str, level: int) -> list[str]:
    """The headings of one level of a guide page, read from its Markdown."""
    marks = "#" * level + " "
    return [plain(line[len(marks):]) for line in guide_path(language, page).read_text(encoding="utf-8").splitlines()
            if line.startswith(marks)]


def heading_in_view(help_win: HelpBrowser, heading: str) -> bool:
    """The heading is a heading block of the document and lies inside the visible viewport."""
    browser = help_win.browser
    block = browser.document().begin()
    while block.isValid():
        if block.blockFormat().headingLevel() > 0 and block.text() == heading:
            rect = browser.document().documentLayout().blockBoundingRect(block)
            top = rect.top() - browser.verticalScrollBar().value()
            return 0 <= top < browser.viewport().height() and heading in help_win.visible_text()
        block = block.next()
    return False


def open_help(qtbot, window) -> HelpBrowser:
    window.activateWindow()
    window.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_F1)
    win = window.findChild(HelpBrowser)
    assert win is not None and win.isVisible()
    qtbot.waitExposed(win)
    return win


def test_help_menu_holds_guide_glossary_and_about_and_f1_is_the_guide(window):
    menus = {a.text(): a.menu() for a in window.menuBar().actions()}
    texts = [a.text() for a in menus["&Help"].actions() if not a.isSeparator()]
    assert texts == ["&User guide", "&Glossary", "&About RiskReview"]
    assert window.guide_action.shortcut().toString() == "F1"
    about = [a for a in menus["&Help"].actions() if a.text() == "&About RiskReview"][0]
    assert about.shortcut().isEmpty()


@pytest.mark.parametrize("index", sorted(F1_EXPECTED))
def test_f1_opens_the_section_of_the_page_in_front(qtbot, window, index):
    window.show_page(index)
    help_win = open_help(qtbot, window)
    page, heading = F1_EXPECTED[index]
    assert help_win.source_path() == guide_path("en", page)
    qtbot.waitUntil(lambda: heading_in_view(help_win, heading), timeout=5000)
    assert help_win.browser.textCursor().block().text() == heading


@pytest.mark.parametrize("tab", range(7))
def test_f1_on_results_follows_the_tab(qtbot, window, tab):
    window.show_page(4)
    window.results_page.tabs.setCurrentIndex(tab)
    help_win = open_help(qtbot, window)
    page, section = RESULTS_TAB_HELP[tab]
    assert help_win.source_path() == guide_path("en", page)
    heading = headings("en", page, 2)[section]
    qtbot.waitUntil(lambda: heading_in_view(help_win, heading), timeout=5000)


def test_a_second_f1_reuses_the_window(qtbot, window):
    first = open_help(qtbot, window)
    window.show_page(3)
    second = open_help(qtbot, window)
    assert first is second and len(window.findChildren(HelpBrowser)) == 1
    assert second.source_path() == guide_path("en", "03-run")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_mapped_section_exists_in_each_language(language):
    for page, section in [*WINDOW_PAGE_HELP.values(), *RESULTS_TAB_HELP]:
        assert guide_path(language, page).parent.name == language
        if section is not None:
            assert section < len(headings(language, page, 2)), (language, page, section)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_measure_anchor_is_in_the_glossary(language):
    anchors = anchor_headings(language, "glossary")
    missing = sorted(set(MEASURE_ANCHORS.values()) - set(anchors))
    assert missing == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_glossary_anchor_scrolls_to_its_heading(qtbot, language):
    win = HelpBrowser(language=language)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    anchors = anchor_headings(language, "glossary")
    assert len(anchors) > 40
    for anchor, heading in anchors.items():
        win.show_glossary(anchor)
        assert win.source_path() == guide_path(language, "glossary")
        assert win.browser.textCursor().block().text() == plain(heading), anchor
        assert heading_in_view(win, plain(heading)), anchor


def test_portuguese_window_shows_the_portuguese_guide(qtbot):
    win = HelpBrowser(language="pt_BR")
    qtbot.addWidget(win)
    win.show()
    win.show_page("02-choose-roles", 0)
    assert win.source_path() == guide_path("pt_BR", "02-choose-roles")
    assert Path(win.source_path()).parent.name == "pt_BR"
    assert win.browser.textCursor().block().text() == "Edições posteriores (opcional)"


def test_links_between_pages_and_back_forward_contents(qtbot):
    win = HelpBrowser(language="en")
    qtbot.addWidget(win)
    win.show()
    win.show_page("index")
    win.follow(QUrl("03-run.md"))
    assert win.source_path() == guide_path("en", "03-run")
    assert "Run the attacks" in win.browser.toPlainText()
    assert win.back_action.isEnabled() and not win.forward_action.isEnabled()
    win.follow(QUrl("glossary.md#gain"))
    assert win.source_path() == guide_path("en", "glossary")
    assert win.browser.textCursor().block().text() == "Gain (degradation)"
    win.back_action.trigger()
    assert win.source_path() == guide_path("en", "03-run")
    win.back_action.trigger()
    assert win.source_path() == guide_path("en", "index")
    assert win.forward_action.isEnabled()
    win.forward_action.trigger()
    assert win.source_path() == guide_path("en", "03-run")
    win.home_action.trigger()
    assert win.source_path() == guide_path("en", "index")
    win.glossary_action.trigger()
    assert win.source_path() == guide_path("en", "glossary")


def test_clicking_a_link_in_the_page_follows_it(qtbot):
    win = HelpBrowser(language="en")
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.show_page("index")
    cursor = win.browser.document().find("Run the attacks")
    assert cursor.charFormat().isAnchor() and cursor.charFormat().anchorHref() == "03-run.md"
    rect = win.browser.cursorRect(cursor)
    qtbot.mouseClick(win.browser.viewport(), Qt.MouseButton.LeftButton,
                     pos=QPoint(rect.left() - 8, rect.center().y()))
    qtbot.waitUntil(lambda: win.source_path() == guide_path("en", "03-run"), timeout=3000)


def test_web_links_are_not_opened(qtbot, monkeypatch):
    from PySide6.QtGui import QDesktopServices

    opened = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    win = HelpBrowser(language="en")
    qtbot.addWidget(win)
    win.show()
    win.show_page("03-run")
    assert not win.browser.openExternalLinks() and not win.browser.openLinks()
    win.follow(QUrl("https://example.org/page"))
    assert opened == []
    assert win.source_path() == guide_path("en", "03-run")
    assert "https://example.org/page" in win.statusBar().currentMessage()


def test_a_missing_local_file_is_named_not_opened(qtbot, tmp_path):
    win = HelpBrowser(language="en")
    qtbot.addWidget(win)
    win.show_page("index")
    win.follow(QUrl.fromLocalFile(str(tmp_path / "absent.md")))
    assert win.source_path() == guide_path("en", "index")
    assert "absent.md" in win.statusBar().currentMessage()


def test_results_header_context_menu_opens_the_measure_in_the_glossary(qtbot, window, monkeypatch):
    popups = []
    monkeypatch.setattr(QMenu, "popup", lambda menu, _pos, _action=None: popups.append(menu))
    page = window.results_page
    model = page.top_model
    assert [model.measure_key(c) for c in range(model.COLUMNS)] == [
        "size", "qids", "reid_det", "reid_det_count", "deg_det", "reid_prob", "reid_prob_count", "deg_prob"]
    window.show_page(4)
    header = page.top_view.horizontalHeader()
    header.customContextMenuRequested.emit(QPoint(header.sectionViewportPosition(2) + 5, 5))
    assert len(popups) == 1
    actions = popups[0].actions()
    assert [a.text() for a in actions] == ["What is \u201cUnique\u201d?"]
    actions[0].trigger()
    help_win = window.findChild(HelpBrowser)
    assert help_win.source_path() == guide_path("en", "glossary")
    assert help_win.browser.textCursor().block().text() == anchor_headings("en")["unique-share"]
    assert "glossary" in model.headerData(2, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)


def test_verdict_banner_links_to_the_verdict_entry(qtbot, window):
    from engine.outcome.verdict import Verdict

    banner = window.results_page.verdict
    banner.show_verdict(Verdict(ready=False, checks=(), reasons=("x",)))
    assert 'href="#verdict"' in banner.text() and "What do these checks mean?" in banner.text()
    banner.linkActivated.emit("#verdict")
    help_win = window.findChild(HelpBrowser)
    assert help_win.source_path() == guide_path("en", "glossary")
    assert help_win.browser.textCursor().block().text() == anchor_headings("en")["verdict"]


def test_help_window_belongs_to_the_main_window(window):
    assert help_window(window.results_page).parent() is window


def test_synthetic_attack_table_headers_open_their_glossary_entries(qtbot, monkeypatch):
    from gui.pages.synthetic.attack_table import COLUMNS, MEASURES, AttackTable

    assert len(MEASURES) == len(COLUMNS)
    assert {m for m in MEASURES if m} <= set(MEASURE_ANCHORS)
    popups = []
    monkeypatch.setattr(QMenu, "popup", lambda menu, _pos, _action=None: popups.append(menu))
    table = AttackTable()
    qtbot.addWidget(table)
    table.resize(1200, 300)
    table.show()
    header = table.horizontalHeader()
    assert "glossary" in table.horizontalHeaderItem(4).toolTip()
    assert "glossary" not in table.horizontalHeaderItem(0).toolTip()
    header.customContextMenuRequested.emit(QPoint(header.sectionViewportPosition(0) + 3, 5))
    assert popups == []  # "Attack" is no measure
    header.customContextMenuRequested.emit(QPoint(header.sectionViewportPosition(4) + 3, 5))
    assert [a.text() for a in popups[0].actions()] == ["What is \u201cAUC\u201d?"]
    popups[0].actions()[0].trigger()
    help_win = table.findChild(HelpBrowser)
    assert help_win.source_path() == guide_path("en", "glossary")
    assert help_win.browser.textCursor().block().text() == "AUC"
    help_win.close()


@pytest.mark.parametrize("build, column, name, anchor", [
    ("points_table", 3, "Privacy loss", "privacy-loss"),
    ("points_table", 6, "Utility", "utility"),
    ("threshold_table", 1, "\u03b4 active", "dp-delta"),
    ("threshold_table", 0, "\u03b5", "epsilon"),
])
def test_noisy_count_table_headers_open_their_glossary_entries(qtbot, monkeypatch, build, column, name, anchor):
    from gui.pages.dp import result_tables

    popups = []
    monkeypatch.setattr(QMenu, "popup", lambda menu, _pos, _action=None: popups.append(menu))
    table = getattr(result_tables, build)()
    qtbot.addWidget(table)
    table.resize(1000, 300)
    table.show()
    header = table.horizontalHeader()
    header.customContextMenuRequested.emit(QPoint(header.sectionViewportPosition(column) + 3, 5))
    assert [a.text() for a in popups[0].actions()] == [f"What is \u201c{name}\u201d?"]
    popups[0].actions()[0].trigger()
    help_win = table.findChild(HelpBrowser)
    assert help_win.browser.textCursor().block().text() == anchor_headings("en")[anchor]
    help_win.close()


def test_noisy_count_query_column_has_no_glossary_entry(qtbot, monkeypatch):
    from gui.pages.dp.result_tables import points_table

    popups = []
    monkeypatch.setattr(QMenu, "popup", lambda menu, _pos, _action=None: popups.append(menu))
    table = points_table()
    qtbot.addWidget(table)
    table.show()
    header = table.horizontalHeader()
    header.customContextMenuRequested.emit(QPoint(header.sectionViewportPosition(0) + 3, 5))
    assert popups == [] and "glossary" in table.horizontalHeaderItem(3).toolTip()


def test_sample_view_measures_open_their_glossary_entries(qtbot, monkeypatch):
    from gui.widgets.models_view import fill_table
    from gui.widgets.sample_view import SampleView

    popups = []
    monkeypatch.setattr(QMenu, "popup", lambda menu, _pos, _action=None: popups.append(menu))
    view = SampleView()
    qtbot.addWidget(view)
    view.resize(1200, 700)
    view.show()
    fill_table(view.risk_table, ["Measure", "Individual risk", "Household risk"], [["Mean", "1%", "2%"]])
    header = view.risk_table.horizontalHeader()
    header.customContextMenuRequested.emit(QPoint(header.sectionViewportPosition(2) + 3, 5))
    assert [a.text() for a in popups[-1].actions()] == ["What is \u201cHousehold risk\u201d?"]
    popups[-1].actions()[0].trigger()
    help_win = view.findChild(HelpBrowser)
    assert help_win.browser.textCursor().block().text() == anchor_headings("en")["household-risk"]
    view.suda_label.customContextMenuRequested.emit(QPoint(2, 2))
    assert [a.text() for a in popups[-1].actions()] == ["What is \u201cSUDA score\u201d?"]
    popups[-1].actions()[0].trigger()
    assert help_win.browser.textCursor().block().text() == anchor_headings("en")["suda-score"]
    help_win.close()
