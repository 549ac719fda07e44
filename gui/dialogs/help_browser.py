"""The user guide inside the program: a non-modal window with a QTextBrowser showing the guide's
Markdown pages (docs/user-guide, located by gui/help_content.py), offline: links between pages are
followed, web links are never opened (their address is shown instead).

Context help: :data:`WINDOW_PAGE_HELP` maps each page of the main window (and the Results tabs) to
the guide page and section that covers it; :data:`MEASURE_ANCHORS` maps each measure the window
shows to its glossary entry (``glossary.md#<anchor>``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Optional

from PySide6.QtCore import QPoint, Qt, QUrl
from PySide6.QtGui import QAction, QKeySequence, QTextBlock, QTextCursor
from PySide6.QtWidgets import QHeaderView, QMainWindow, QMenu, QStyle, QTextBrowser, QWidget

from ..help_content import PAGES, anchor_headings, guide_path
from ..i18n import current_language, translate
from ..resources import icon

# Main-window page name (gui/main_window.py PAGES) -> (guide page, level-2 section number or None).
WINDOW_PAGE_HELP: dict[str, tuple[str, Optional[int]]] = {
    "start": ("index", None),
    "table": ("01-load-a-file", None),
    "releases": ("02-choose-roles", 0),
    "attacks": ("03-run", None),
    "results": ("04-read-the-verdict", None),
    "scenarios": ("06-scenarios-and-suggest", None),
    "synthetic": ("07-synthetic-and-noisy-counts", 0),
    "dp": ("07-synthetic-and-noisy-counts", 1),
}
# Results page tab (gui/pages/results_page.py, in tab order) -> (guide page, section number or None).
RESULTS_TAB_HELP: tuple[tuple[str, Optional[int]], ...] = (
    ("04-read-the-verdict", 0),  # Top subsets per size
    ("04-read-the-verdict", 1),  # Success by subset size
    ("04-read-the-verdict", 2),  # Worst-case histograms
    ("04-read-the-verdict", 3),  # Individual targets
    ("04-read-the-verdict", 4),  # Privacy models
    ("04-read-the-verdict", 4),  # Over time
    ("05-sample-files", 1),      # Sample file
)
# Measure key (as the window's models name their columns) -> glossary anchor.
MEASURE_ANCHORS: dict[str, str] = {
    "size": "quasi-identifier-subset",
    "qids": "quasi-identifier-subset",
    "reid_det": "unique-share",
    "reid_det_count": "people",
    "reid_prob": "reidentification-probability",
    "reid_prob_count": "expected-people",
    "inf_det": "certain-inference",
    "inf_det_count": "people",
    "inf_prob": "guessed-right",
    "inf_prob_count": "expected-people",
    "deg_det": "gain",
    "deg_prob": "gain",
    "prior": "prior",
    "target": "individual-target",
    "verdict": "verdict",
    "accuracy": "accuracy",
    "auc": "auc",
    "advantage": "advantage",
    "tpr_at_fpr": "tpr-at-fpr",
    "baseline": "baseline",
    "residual_risk": "residual-risk",
    "epsilon": "epsilon",
    "privacy_loss": "privacy-loss",
    "utility": "utility",
    "dp_delta": "dp-delta",
    "individual_risk": "individual-risk",
    "household_risk": "household-risk",
    "population_uniques": "population-uniques",
    "expected_reidentifications": "expected-reidentifications",
    "mean_risk": "mean-risk",
    "suda_score": "suda-score",
}
WEB_SCHEMES = ("http", "https", "ftp", "mailto")


def plain(heading: str) -> str:
    """A Markdown heading's text as the rendered document holds it (no emphasis or code marks)."""
    return heading.replace("*", "").replace("`", "").strip()


def page_of(path: Path) -> Optional[str]:
    """The guide page (one of help_content.PAGES) a file is, from its name."""
    return path.stem if path.suffix == ".md" and path.stem in PAGES else None


class HelpBrowser(QMainWindow):
    """The user guide in the window's language; Back/Forward/Contents/Glossary; web links shown,
    not followed."""

    def __init__(self, parent: Optional[QWidget] = None, language: str = "") -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.setObjectName("helpWindow")
        self.language = language or current_language()
        self.setWindowTitle(translate("dialogs.help_browser", "RiskReview user guide"))
        self.resize(900, 700)
        self.browser = QTextBrowser()
        self.browser.setObjectName("helpText")
        self.browser.setOpenExternalLinks(False)
        self.browser.setOpenLinks(False)
        self.browser.document().setDocumentMargin(16)
        self.browser.anchorClicked.connect(self.follow)
        self.browser.highlighted.connect(self._on_hover)
        self.setCentralWidget(self.browser)
        K = QKeySequence
        arrows = (self.style().standardIcon(QStyle.StandardPixmap.SP_ArrowBack),
                  self.style().standardIcon(QStyle.StandardPixmap.SP_ArrowForward))
        self.back_action = QAction(arrows[0], translate("dialogs.help_browser", "Back"), self)
        self.back_action.setShortcut(K(K.StandardKey.Back))
        self.back_action.triggered.connect(self.browser.backward)
        self.forward_action = QAction(arrows[1], translate("dialogs.help_browser", "Forward"), self)
        self.forward_action.setShortcut(K(K.StandardKey.Forward))
        self.forward_action.triggered.connect(self.browser.forward)
        self.home_action = QAction(icon("start"), translate("dialogs.help_browser", "Contents"), self)
        self.home_action.triggered.connect(lambda: self.show_page("index"))
        self.glossary_action = QAction(translate("dialogs.help_browser", "Glossary"), self)
        self.glossary_action.triggered.connect(lambda: self.show_page("glossary"))
        toolbar = self.addToolBar(translate("dialogs.help_browser", "Navigation"))
        toolbar.setObjectName("helpToolbar")
        toolbar.setMovable(False)
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        for action in (self.back_action, self.forward_action, self.home_action, self.glossary_action):
            toolbar.addAction(action)
        self.browser.backwardAvailable.connect(self.back_action.setEnabled)
        self.browser.forwardAvailable.connect(self.forward_action.setEnabled)
        self.back_action.setEnabled(False)
        self.forward_action.setEnabled(False)
        self.statusBar()

    # --- showing pages ---------------------------------------------------------------------
    def source_path(self) -> Optional[Path]:
        """The file shown (None before the first page)."""
        url = self.browser.source()
        return Path(url.toLocalFile()) if url.isLocalFile() else None

    def show_page(self, page: str = "index", section: Optional[int] = None, anchor: str = "") -> None:
        """Show ``page`` of the guide, at its level-2 ``section`` (0 = the first) or at the heading of
        ``anchor`` (an explicit ``<a id>`` of the page, see help_content.anchor_headings)."""
        url = QUrl.fromLocalFile(str(guide_path(self.language, page)))
        if anchor:
            url.setFragment(anchor)
        self._open(url, section)

    def show_glossary(self, anchor: str = "") -> None:
        self.show_page("glossary", anchor=anchor)

    def follow(self, url: QUrl) -> None:
        """A clicked link: pages of the guide are shown; web addresses are never opened."""
        if url.scheme().lower() in WEB_SCHEMES:
            self.statusBar().showMessage(
                translate("dialogs.help_browser", "Web link, not opened here: {url}").format(url=url.toString()))
            return
        if url.isRelative():
            url = self.browser.source().resolved(url)
        if url.isLocalFile() and not Path(url.toLocalFile()).is_file():
            self.statusBar().showMessage(
                translate("dialogs.help_browser", "Not part of the guide: {url}").format(url=url.toLocalFile()))
            return
        self._open(url, None)

    def _open(self, url: QUrl, section: Optional[int]) -> None:
        anchor = url.fragment()
        bare = QUrl.fromLocalFile(url.toLocalFile()) if url.isLocalFile() else QUrl(url.toString().split("#")[0])
        if bare != self.browser.source():
            self.browser.setSource(bare)
        self.statusBar().clearMessage()
        self.raise_()
        heading = ""
        page = page_of(Path(bare.toLocalFile())) if bare.isLocalFile() else None
        if anchor and page is not None:
            heading = anchor_headings(self.language, page).get(anchor, "")
        sections = [block for block in self.heading_blocks() if block.blockFormat().headingLevel() == 2]
        if heading:
            self.scroll_to(next((b for b in self.heading_blocks() if b.text() == plain(heading)), None))
        elif section is not None and 0 <= section < len(sections):
            self.scroll_to(sections[section])
        else:
            self.browser.verticalScrollBar().setValue(0)

    def heading_blocks(self) -> list[QTextBlock]:
        """The heading blocks of the page shown, in order."""
        blocks = []
        block = self.browser.document().begin()
        while block.isValid():
            if block.blockFormat().headingLevel() > 0:
                blocks.append(block)
            block = block.next()
        return blocks

    def scroll_to(self, block: Optional[QTextBlock]) -> None:
        """Put ``block`` (a heading) at the top of the view, the text cursor on it."""
        if block is None:
            return
        self.browser.setTextCursor(QTextCursor(block))
        top = self.browser.document().documentLayout().blockBoundingRect(block).top()
        self.browser.verticalScrollBar().setValue(max(0, int(top) - 8))

    def visible_text(self) -> str:
        """The text of the blocks in view (from the first visible line to the last)."""
        first = self.browser.cursorForPosition(QPoint(0, 0)).position()
        viewport = self.browser.viewport()
        last = self.browser.cursorForPosition(QPoint(viewport.width() - 1, viewport.height() - 1)).position()
        cursor = QTextCursor(self.browser.document())
        cursor.setPosition(first)
        cursor.movePosition(QTextCursor.MoveOperation.StartOfBlock)
        cursor.setPosition(last, QTextCursor.MoveMode.KeepAnchor)
        cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
        return cursor.selectedText().replace("\u2029", "\n")

    def _on_hover(self, url: QUrl) -> None:
        if url.isEmpty():
            self.browser.setToolTip("")
            return
        text = url.toString()
        if url.scheme().lower() in WEB_SCHEMES:
            text = translate("dialogs.help_browser", "Web link, not opened here: {url}").format(url=text)
        self.browser.setToolTip(text)
        self.statusBar().showMessage(text)


def help_window(widget: QWidget) -> HelpBrowser:
    """The help window of ``widget``'s top-level window, made on first use and shown."""
    top = widget.window()
    window = top.findChild(HelpBrowser, "helpWindow", Qt.FindChildOption.FindDirectChildrenOnly)
    if window is None:
        window = HelpBrowser(top)
    window.show()
    window.raise_()
    window.activateWindow()
    return window


def show_help(widget: QWidget, page: str = "index", section: Optional[int] = None, anchor: str = "") -> HelpBrowser:
    """Open the guide at ``page`` (and ``section`` or ``anchor``) next to ``widget``'s window."""
    window = help_window(widget)
    window.show_page(page, section, anchor)
    return window


def show_glossary(widget: QWidget, anchor: str = "") -> HelpBrowser:
    """Open the glossary at ``anchor`` (one of MEASURE_ANCHORS' values)."""
    return show_help(widget, "glossary", anchor=anchor)


def context_help(page_name: str, results_tab: int = -1) -> tuple[str, Optional[int]]:
    """The guide page and section for a main-window page (and the Results tab in front)."""
    if page_name == "results" and 0 <= results_tab < len(RESULTS_TAB_HELP):
        return RESULTS_TAB_HELP[results_tab]
    return WINDOW_PAGE_HELP.get(page_name, ("index", None))


def glossary_hint() -> str:
    """The line that ends a measure's tooltip: how to reach its glossary entry."""
    return translate("dialogs.help_browser", "Right-click: what is this? (glossary)")


def add_glossary_menu(header: QHeaderView, measure_of: Callable[[int], Optional[str]]) -> None:
    """A right-click on a column header offers "What is <header>?", opening its glossary entry
    (``measure_of(section)`` gives the measure key, a key of MEASURE_ANCHORS)."""
    header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)

    def menu(pos: QPoint) -> None:
        section = header.logicalIndexAt(pos)
        anchor = MEASURE_ANCHORS.get(measure_of(section) or "", "") if section >= 0 else ""
        if not anchor:
            return
        name = str(header.model().headerData(section, Qt.Orientation.Horizontal) or "").split("\n")[0]
        popup = QMenu(header)
        action = popup.addAction(translate("dialogs.help_browser", "What is \u201c{name}\u201d?").format(name=name))
        action.triggered.connect(lambda: show_glossary(header, anchor))
        popup.popup(header.mapToGlobal(pos))
    header.customContextMenuRequested.connect(menu)


def add_widget_glossary_menu(widget: QWidget, name: Callable[[], str], measure: str) -> None:
    """A right-click on ``widget`` offers "What is <name()>?", opening ``measure``'s glossary entry."""
    widget.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)

    def menu(pos: QPoint) -> None:
        popup = QMenu(widget)
        action = popup.addAction(translate("dialogs.help_browser", "What is \u201c{name}\u201d?").format(name=name()))
        action.triggered.connect(lambda: show_glossary(widget, MEASURE_ANCHORS[measure]))
        popup.popup(widget.mapToGlobal(pos))
    widget.customContextMenuRequested.connect(menu)
