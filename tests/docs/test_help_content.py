"""The user guide can be shown offline by the window: every page exists in both languages under
the path gui/help_content.py gives, and Qt's own Markdown support renders a page with its
screenshots and glossary anchors (no converter needed)."""

from __future__ import annotations

import pytest

from gui.help_content import BUNDLED_DOCS, PAGES, guide_folder, guide_path

from ..conftest import ROOT


def test_the_guide_folder_is_the_checkouts():
    assert guide_folder() == ROOT / "docs" / "user-guide"


@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_every_page_exists_in_each_language(language):
    for page in PAGES:
        path = guide_path(language, page)
        assert path == ROOT / "docs" / "user-guide" / language / f"{page}.md"
        assert path.read_text(encoding="utf-8").startswith("# ")
    on_disk = {p.stem for p in (ROOT / "docs" / "user-guide" / language).glob("*.md")}
    assert on_disk == set(PAGES)


def test_every_page_the_guide_links_to_is_in_the_package():
    """The help window follows the guide's relative links: each leads to a file under
    BUNDLED_DOCS, and packaging/riskreview.spec bundles each of those."""
    from .test_docs_links import links

    bundled = [ROOT / "docs" / name for name in BUNDLED_DOCS]
    outside = []
    for page in (ROOT / "docs" / "user-guide").rglob("*.md"):
        for target in links(page):
            path = (page.parent / target.partition("#")[0]).resolve()
            if not any(path == b or b in path.parents for b in bundled):
                outside.append(f"{page.relative_to(ROOT)}: {target}")
    assert not outside, outside
    spec = (ROOT / "packaging" / "riskreview.spec").read_text(encoding="utf-8")
    for name in BUNDLED_DOCS:
        assert f'ROOT / "docs" / "{name}"' in spec, name


def test_locale_names_and_unknown_languages():
    assert guide_path("pt_BR.UTF-8", "glossary") == ROOT / "docs" / "user-guide" / "pt_BR" / "glossary.md"
    assert guide_path("de_DE", "03-run") == ROOT / "docs" / "user-guide" / "en" / "03-run.md"
    with pytest.raises(ValueError, match="no page 'nonsense'"):
        guide_path("en", "nonsense")


def test_qt_renders_a_page_with_its_images_and_anchors(qapp):
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QTextDocument
    from PySide6.QtWidgets import QTextBrowser

    browser = QTextBrowser()
    browser.setSource(QUrl.fromLocalFile(str(guide_path("pt_BR", "04-read-the-verdict"))))
    text = browser.toPlainText()
    assert text.startswith("Ler os resultados e o veredito")
    image = browser.document().resource(QTextDocument.ResourceType.ImageResource,
                                        QUrl("../images/pt_BR/results.png"))
    assert image is not None and not image.isNull() and image.width() == 1280
    browser.setSource(QUrl.fromLocalFile(str(guide_path("en", "glossary"))))
    assert "Unique (unique share, deterministic re-identification)" in browser.toPlainText()


def test_a_glossary_anchor_is_found_by_its_heading_in_qt(qapp):
    from PySide6.QtCore import QUrl
    from PySide6.QtWidgets import QTextBrowser

    from gui.help_content import anchor_headings

    english, portuguese = anchor_headings("en"), anchor_headings("pt_BR")
    assert english["unique-share"] == "Unique (unique share, deterministic re-identification)"
    assert portuguese["unique-share"] == "Únicos (parcela de únicos, reidentificação determinística)"
    assert set(english) == set(portuguese) and len(english) >= 20
    browser = QTextBrowser()
    browser.setSource(QUrl.fromLocalFile(str(guide_path("pt_BR", "glossary"))))
    cursor = browser.document().find(portuguese["residual-risk"])
    assert not cursor.isNull()
    assert cursor.block().text() == "Risco residual"
