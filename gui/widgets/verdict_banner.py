"""The verdict as a coloured banner: the engine's verdict line and reasons
(:func:`engine.outcome.verdict.verdict`, the same words as results.json and the PDF's first page),
green when ready, red when not."""

from __future__ import annotations

from html import escape
from typing import Optional

from PySide6.QtWidgets import QLabel

from engine.api import Verdict

from ..dialogs.help_browser import show_glossary
from ..i18n import translate

READY, NOT_READY = "verdictReady", "verdictNotReady"


def verdict_html(verdict: Verdict, heading: str = "") -> str:
    """The verdict's line in bold (after ``heading``), then one line per reason."""
    line = f"<b>{escape(heading)}{escape(verdict.line)}</b>"
    return line + "".join(f"<br>• {escape(reason)}" for reason in verdict.reasons)


class VerdictBanner(QLabel):
    """A banner showing one verdict; hidden when there is none. With a ``glossary_anchor`` it ends
    with a link to that glossary entry (docs/user-guide/<language>/glossary.md)."""

    def __init__(self, parent=None, glossary_anchor: str = "") -> None:
        super().__init__(parent)
        # Named before its first polish: the style sheet's box (border and padding, the same for
        # both names) becomes the label's frame only then; a name given later recolours it but
        # leaves a label first polished without a box with no room for its padding.
        self.setObjectName(NOT_READY)
        self.setWordWrap(True)
        self.verdict: Optional[Verdict] = None
        self.glossary_anchor = glossary_anchor
        self.setOpenExternalLinks(False)
        self.linkActivated.connect(lambda _link: show_glossary(self, self.glossary_anchor))
        self.hide()

    def show_verdict(self, verdict: Optional[Verdict], heading: str = "") -> None:
        self.verdict = verdict
        if verdict is None:
            self.setText("")
            self.hide()
            return
        self.setObjectName(READY if verdict.ready else NOT_READY)
        link = ""
        if self.glossary_anchor:
            words = escape(translate("widgets.verdict_banner", "What do these checks mean?"))
            link = f'<br><a href="#{self.glossary_anchor}">{words}</a>'
        self.setText(verdict_html(verdict, heading) + link)
        self.style().unpolish(self)
        self.style().polish(self)
        self.updateGeometry()
        self.show()
