"""Where the user guide's pages are (docs/user-guide/<language>/<page>.md), from a checkout or
inside the packaged program (packaging/riskreview.spec bundles :data:`BUNDLED_DOCS`).

The pages are Markdown with relative links, images under ``../images/<language>/`` and fixed
glossary anchors (``glossary.md#unique-share``, the same in every language), so a help browser
shows them offline with no converter: ``QTextBrowser.setSource(QUrl.fromLocalFile(str(path)))``
renders a ``.md`` file as Markdown, loads its images and follows its links. Nothing here imports
Qt.
"""

from __future__ import annotations

import sys
from pathlib import Path

from engine.api import i18n as engine_i18n

#: what of docs/ the package holds for the help window: the guide, and the documents its pages
#: link to (the methods and the command-line reference)
BUNDLED_DOCS = ("user-guide", "methods.md", "cli.md", "analysis-file.md")

PAGES = ("index", "01-load-a-file", "02-choose-roles", "03-run", "04-read-the-verdict", "05-sample-files",
         "06-scenarios-and-suggest", "07-synthetic-and-noisy-counts", "08-the-report", "glossary")


def guide_folder() -> Path:
    """docs/user-guide of the checkout, or of the bundle when frozen."""
    base = Path(getattr(sys, "_MEIPASS", Path(__file__).resolve().parents[1]))
    return base / "docs" / "user-guide"


def guide_path(language: str, page: str = "index") -> Path:
    """The Markdown file of ``page`` (one of :data:`PAGES`) in ``language`` (``en``, ``pt_BR`` or
    anything :func:`engine.foundation.i18n.normalize` reads); the English page when the language has no guide.
    ValueError for a page the guide does not have."""
    if page not in PAGES:
        raise ValueError(f"the user guide has no page {page!r}")
    language = engine_i18n.normalize(language) or engine_i18n.ENGLISH
    path = guide_folder() / language / f"{page}.md"
    return path if path.is_file() else guide_folder() / engine_i18n.ENGLISH / f"{page}.md"


def anchor_headings(language: str, page: str = "glossary") -> dict[str, str]:
    """{anchor: heading text} of the explicit anchors of a page (``<a id="unique-share"></a>``
    on the line before a heading). Qt's Markdown reader drops raw HTML, so a help browser finds
    an anchor's place by its heading: ``browser.document().find(heading)``, then
    ``browser.setTextCursor`` on the result."""
    lines = guide_path(language, page).read_text(encoding="utf-8").splitlines()
    found: dict[str, str] = {}
    for line, after in zip(lines, lines[1:]):
        if line.startswith('<a id="') and after.startswith("#"):
            found[line.split('"')[1]] = after.lstrip("#").strip()
    return found
