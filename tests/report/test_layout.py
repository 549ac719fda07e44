"""The report's layout: the analysis file in two columns that keep every line once and in
order, no page left with a few stray lines (the appendix of the demo report fits its page, in
English and Portuguese), tables never split with fewer than three rows on a page, headings kept
with what follows them."""

from __future__ import annotations

import random
from datetime import datetime

import pytest
from pypdf import PdfReader
from reportlab.platypus import Paragraph

from engine.foundation import i18n
from engine.api import run_assessment
from engine.analysis.config import AnalysisConfig
from engine.report.document import (FRAME_HEIGHT, MIN_SPLIT_ROWS, DocumentBuilder, register_fonts,
                                    write_document)
from engine.report.listing import TwoColumnListing, balanced_split, wrapped
from engine.report.pdf import write_pdf

from ..conftest import EXAMPLES

WHEN = datetime(2026, 1, 2, 3, 4)
FOOTER = "footer line"


def body_lines(page) -> list[str]:
    """A page's text lines without the footer ("... report - NAME" and "page X of Y")."""
    lines = [line.strip() for line in page.extract_text().splitlines() if line.strip()]
    return [line for line in lines if "RiskReview 0." not in line and FOOTER not in line
            and not line.startswith(("page ", "página "))]


@pytest.fixture(scope="module")
def census():
    return run_assessment(AnalysisConfig.from_toml(EXAMPLES / "census_demo.toml").with_jobs(1))


@pytest.mark.parametrize("language", ["en", "pt_BR"])
@pytest.mark.slow
def test_demo_appendix_fits_its_page_and_no_page_is_nearly_empty(census, tmp_path, language):
    path = write_pdf(census, tmp_path / "report.pdf", generated_at=WHEN,
                     options=census.config.report.__class__(**{**census.config.report.__dict__,
                                                               "language": language}))
    pages = PdfReader(str(path)).pages
    with i18n.language(language):
        heading = i18n._("Appendix: analysis file")
    last = body_lines(pages[-1])
    assert last[0] == heading                  # the appendix starts the last page ...
    assert any('missing = "value"' in line for line in last)   # ... and the file's last line is on it
    assert sum(heading in " ".join(body_lines(p)) for p in pages) == 1
    assert min(len(body_lines(p)) for p in pages[1:]) >= 6, [len(body_lines(p)) for p in pages]


def _laid_out(lines: list[str], height: float) -> list[TwoColumnListing]:
    """The pieces a listing is cut into on pages ``height`` points tall (as platypus does)."""
    pieces, rest = [], TwoColumnListing(lines, "DejaVuMono", 7, 8.6, 20)
    while True:
        rest.wrap(500, height)
        if rest.height <= height:
            return pieces + [rest]
        parts = rest.split(500, height)
        assert len(parts) == 2 and parts[0].wrap(500, height)[1] <= height
        pieces.append(parts[0])
        rest = parts[1]


def _toml_like(rng: random.Random, tables: int) -> list[str]:
    lines = []
    for number in range(tables):
        lines += ([""] if lines else []) + [f"[table{number}]"]
        lines += [f"key{number}_{i} = {i}" for i in range(rng.randint(1, 30))]
    return lines


@pytest.mark.parametrize("seed", range(30))
def test_listing_shows_every_line_once_in_order_within_the_page(seed):
    rng = random.Random(seed)
    lines = _toml_like(rng, rng.randint(1, 25))
    height = rng.choice([60.0, 200.0, 700.0])
    pieces = _laid_out(lines, height)
    shown = [line for piece in pieces for line in piece.left + piece.right]
    assert [line for line in shown if line] == [line for line in lines if line]
    assert len(shown) <= len(lines)   # blank lines only between tables, none added
    limit = int(height // 8.6)
    for piece in pieces:
        assert max(len(piece.left), len(piece.right)) <= limit
        for column in (piece.left, piece.right):
            assert not column or (column[0] and column[-1])   # no column starts or ends blank
    # a table header is never the last line of a column when its table could go on with it
    for piece in pieces[:-1]:
        for column in (piece.left, piece.right):
            if column and len(column) < limit:
                assert not column[-1].startswith("[")


def test_balanced_columns_cut_between_tables():
    lines = ["[a]", "x = 1", "y = 2", "z = 3", "", "[b]", "w = 4", "", "[c]", "v = 5"]
    assert balanced_split(lines) == 4   # 4 and 5 lines; after [b] it would be 7 and 2
    listing = TwoColumnListing(lines, "DejaVuMono", 7, 8.6, 20)
    assert listing.left == ["[a]", "x = 1", "y = 2", "z = 3"]
    assert listing.right == ["[b]", "w = 4", "", "[c]", "v = 5"]
    assert balanced_split(["one", "two", "three"]) == 2  # no blank line: the middle
    assert balanced_split(lines, limit=4) == 5   # no cut between tables fits 4 lines a column: the middle


def test_long_lines_wrap_with_an_indent():
    sha = "0123456789abcdef" * 4
    assert wrapped([f'sha256 = "{sha}"'], 30) == [f'sha256 = "{sha[:20]}', "    " + sha[20:46], "    " + sha[46:] + '"']
    assert all(len(line) <= 30 for line in wrapped([f'sha256 = "{sha}"'] * 3, 30))


def _document(rows_before: int, rows: int, tmp_path):
    register_fonts()
    builder = DocumentBuilder(WHEN, None)
    for number in range(rows_before):
        builder.p(f"filler paragraph {number}")
    builder.p("The table", "h2")
    builder.add_table(["a", "b"], [[f"row {i}", str(i)] for i in range(rows)], [0.5, 0.5])
    path = write_document(builder.story, tmp_path / f"t{rows_before}-{rows}.pdf", "t", FOOTER)
    return [body_lines(p) for p in PdfReader(str(path)).pages]


@pytest.mark.parametrize("rows_before", range(26, 40))
def test_a_table_is_not_split_with_fewer_than_three_rows_on_a_page(tmp_path, rows_before):
    pages = _document(rows_before, 8, tmp_path)
    for page in pages:
        rows = [line for line in page if line.startswith("row ")]
        assert not rows or len(rows) >= MIN_SPLIT_ROWS, pages
    heading_page = next(i for i, page in enumerate(pages) if "The table" in page)
    assert any(line.startswith("row 0") for line in pages[heading_page])   # the heading is not left alone
    assert sum(line.startswith("row ") for page in pages for line in page) == 8


def test_a_table_longer_than_a_page_still_splits(tmp_path):
    pages = _document(0, 200, tmp_path)
    assert len(pages) >= 3 and FRAME_HEIGHT > 600
    assert sum(line.startswith("row ") for page in pages for line in page) == 200
