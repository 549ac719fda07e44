"""The report's page furniture shared by every analysis: fonts, paragraph styles, the
"page X of Y" footer, tables with repeated headers, the cover, figures and the atomic write.

Each analysis's report (collective attacks in :mod:`.pdf`, synthetic data in
:mod:`.synthetic_pdf`, differential privacy in :mod:`.dp_pdf`) subclasses
:class:`DocumentBuilder` and only adds its sections.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Optional, Sequence
from xml.sax.saxutils import escape

from matplotlib.figure import Figure
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas as rl_canvas
from reportlab.platypus import (KeepTogether, PageBreak, Paragraph, SimpleDocTemplate,
                                Spacer, Table, TableStyle)

from .. import __version__
from ..foundation.i18n import N_, _
from ..foundation.errors import InputError
from ..foundation.messages import message
from ..foundation.progress import CancelToken
from ..foundation.resources import resource_path
from . import figures
from ..foundation.atomic import StagedFiles, atomic_file, check_output_dir
from ..foundation.locale_format import date_time
from ..outcome.verdict import Verdict
from .listing import TwoColumnListing, wrapped

PAGE_WIDTH, PAGE_HEIGHT = A4
MARGIN = 18 * mm
TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN
LISTING_GAP = 8 * mm
FRAME_HEIGHT = PAGE_HEIGHT - 2 * MARGIN - 4 * mm - 12   # SimpleDocTemplate's frame, less its padding
MIN_SPLIT_ROWS = 3
FONTS = {"DejaVu": "DejaVuSans.ttf", "DejaVu-Bold": "DejaVuSans-Bold.ttf",
         "DejaVu-Oblique": "DejaVuSans-Oblique.ttf", "DejaVuMono": "DejaVuSansMono.ttf"}
HEADER_BG = colors.HexColor("#e8eef5")
GRID = colors.HexColor("#b8c4d0")
GOOD = "#1e7b34"
BAD = "#b03a2e"


def register_fonts() -> None:
    """Register the bundled DejaVu fonts with reportlab (and map matplotlib's text onto them)."""
    for name, file in FONTS.items():
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(resource_path("fonts", file))))
    pdfmetrics.registerFontFamily("DejaVu", normal="DejaVu", bold="DejaVu-Bold",
                                  italic="DejaVu-Oblique", boldItalic="DejaVu-Bold")
    figures.map_fonts("DejaVu", "DejaVu-Bold")


def styles() -> dict[str, ParagraphStyle]:
    base = getSampleStyleSheet()
    body = ParagraphStyle("body", parent=base["BodyText"], fontName="DejaVu", fontSize=9, leading=12.5)
    return {
        "title": ParagraphStyle("title", parent=body, fontName="DejaVu-Bold", fontSize=22, leading=28,
                                spaceAfter=6),
        "subtitle": ParagraphStyle("subtitle", parent=body, fontSize=12, leading=16, textColor=colors.grey),
        "h1": ParagraphStyle("h1", parent=body, fontName="DejaVu-Bold", fontSize=14, leading=18,
                             spaceBefore=8, spaceAfter=6, keepWithNext=1),
        "h2": ParagraphStyle("h2", parent=body, fontName="DejaVu-Bold", fontSize=11, leading=14,
                             spaceBefore=8, spaceAfter=4, keepWithNext=1),
        "body": body,
        "small": ParagraphStyle("small", parent=body, fontSize=7.5, leading=9.5),
        "cell": ParagraphStyle("cell", parent=body, fontSize=7.5, leading=9),
        "head": ParagraphStyle("head", parent=body, fontName="DejaVu-Bold", fontSize=7.5, leading=9),
        "bullet": ParagraphStyle("bullet", parent=body, leftIndent=12, bulletIndent=2),
        "verdict": ParagraphStyle("verdict", parent=body, fontName="DejaVu-Bold", fontSize=11, leading=15,
                                  alignment=TA_CENTER, borderPadding=6),
        "mono": ParagraphStyle("mono", parent=body, fontName="DejaVuMono", fontSize=7, leading=8.6),
    }


CELL_PADDING = 8  # left + right padding of a table cell, points


def header_widths(header: Sequence[str], widths: Sequence[float], font: str, size: float,
                  rows: Sequence[Sequence[str]] = (), body_font: str = "DejaVu") -> list[float]:
    """Column widths (points) from ``widths`` (shares of the text width), widened where a word of
    the header (or of a cell of ``rows``, in ``body_font``) would not fit its column (it would be
    cut inside the word, 'special_n / eeds'), the room taken from the columns with room to spare in
    proportion to it; as given when there is not enough room anywhere."""
    columns = [w * TEXT_WIDTH for w in widths]

    def longest(texts, face) -> float:
        return max((pdfmetrics.stringWidth(word, face, size) for t in texts for word in str(t).split()), default=0)

    needed = [max(longest([h], font), longest([row[j] for row in rows if j < len(row)], body_font))
              + CELL_PADDING + 1 for j, h in enumerate(header)]
    short = sum(max(0.0, n - c) for n, c in zip(needed, columns))
    spare = [max(0.0, c - n) for n, c in zip(needed, columns)]
    if not short or sum(spare) < short:
        return columns
    return [n if n > c else c - short * room / sum(spare) for n, c, room in zip(needed, columns, spare)]


class NumberedCanvas(rl_canvas.Canvas):
    """Two-pass page footer: ``footer`` on the left, "page X of Y" on the right."""

    footer = ""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._pages: list[dict] = []

    def showPage(self):
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self):
        total = len(self._pages)
        for state in self._pages:
            self.__dict__.update(state)
            self.setFont("DejaVu", 7)
            self.setFillColor(colors.grey)
            self.drawString(MARGIN, 10 * mm, self.footer)
            self.drawRightString(PAGE_WIDTH - MARGIN, 10 * mm, _("page {page} of {total}").format(
                page=self._pageNumber, total=total))
            super().showPage()
        super().save()


class ReportTable(Table):
    """A table that is never split so as to leave fewer than :data:`MIN_SPLIT_ROWS` body rows on
    either page: a table that fits one page then starts on the next one instead."""

    def split(self, available_width: float, available_height: float) -> list:
        parts = super().split(available_width, available_height)
        if len(parts) == 2 and getattr(self, "_height", FRAME_HEIGHT + 1) <= FRAME_HEIGHT:
            if min(len(part._cellvalues) - part.repeatRows for part in parts) < MIN_SPLIT_ROWS:
                return []
        return parts


class DocumentBuilder:
    """Collects a report's flowables (``story``); subclasses add the sections."""

    def __init__(self, generated_at: datetime, cancel: Optional[CancelToken]) -> None:
        self.generated_at = generated_at
        self.cancel = cancel or CancelToken()
        self.s = styles()
        self.story: list = []

    def p(self, text: str, style: str = "body") -> None:
        """A paragraph of reportlab mark-up (escape user text with :func:`escape`)."""
        bullet = "\u2022" if style == "bullet" else None
        self.story.append(Paragraph(text, self.s[style], bulletText=bullet))

    def page_break(self) -> None:
        self.story.append(PageBreak())

    def table(self, header: Sequence[str], rows: Sequence[Sequence[str]], widths: Sequence[float],
              zebra: bool = True) -> Table:
        """A table whose header repeats on every page; ``widths`` are shares of the text width."""
        data = [[Paragraph(escape(h), self.s["head"]) for h in header]]
        data += [[Paragraph(escape(str(c)), self.s["cell"]) for c in row] for row in rows]
        head = self.s["head"]
        table = ReportTable(data, colWidths=header_widths(header, widths, head.fontName, head.fontSize, rows,
                                                          self.s["cell"].fontName), repeatRows=1)
        style = [("BACKGROUND", (0, 0), (-1, 0), HEADER_BG), ("GRID", (0, 0), (-1, -1), 0.4, GRID),
                 ("VALIGN", (0, 0), (-1, -1), "TOP"), ("TOPPADDING", (0, 0), (-1, -1), 2),
                 ("BOTTOMPADDING", (0, 0), (-1, -1), 2), ("LEFTPADDING", (0, 0), (-1, -1), 4),
                 ("RIGHTPADDING", (0, 0), (-1, -1), 4)]
        if zebra:
            style += [("BACKGROUND", (0, i), (-1, i), colors.HexColor("#f7f9fb"))
                      for i in range(2, len(data), 2)]
        table.setStyle(TableStyle(style))
        return table

    def add_table(self, header: Sequence[str], rows: Sequence[Sequence[str]], widths: Sequence[float]) -> None:
        self.story.append(self.table(header, rows, widths))

    def figure(self, figure: Figure, heading: Optional[str] = None, caption: Optional[str] = None) -> None:
        """A matplotlib figure as a vector drawing, kept on one page with its heading and caption."""
        self.cancel.raise_if_cancelled()
        parts = [Paragraph(escape(heading), self.s["h2"])] if heading else []
        parts.append(figures.to_drawing(figure, TEXT_WIDTH))
        if caption:
            parts.append(Paragraph(escape(caption), self.s["small"]))
        self.story.append(KeepTogether(parts))

    def cover_page(self, title: str, subtitle: str, rows: Sequence[tuple[str, str]], author: str = "",
                   organisation: str = "", verdict: Optional[Verdict] = None) -> None:
        """Title, subtitle, the verdict with its reasons (:meth:`verdict_block`) and a two-column
        facts table, then a page break: the first page says whether the release is ready."""
        self.story.append(Spacer(1, (16 if verdict is not None else 40) * mm))
        self.p(escape(title), "title")
        self.p(escape(subtitle), "subtitle")
        self.story.append(Spacer(1, (6 if verdict is not None else 12) * mm))
        if verdict is not None:
            self.verdict_block(verdict)
            self.story.append(Spacer(1, 4 * mm))
        rows = list(rows) + [(_("Generated"), date_time(self.generated_at)),
                             (_("RiskReview version"), __version__)]
        if author:
            rows.append((_("Prepared by"), author))
        if organisation:
            rows.append((_("Organisation"), organisation))
        data = [[Paragraph(f"<b>{escape(k)}</b>", self.s["body"]), Paragraph(escape(v), self.s["body"])]
                for k, v in rows]
        table = Table(data, colWidths=[0.3 * TEXT_WIDTH, 0.7 * TEXT_WIDTH])
        table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                                   ("LINEBELOW", (0, 0), (-1, -1), 0.3, GRID)]))
        self.story.append(table)
        self.page_break()

    def verdict_block(self, verdict: Verdict) -> None:
        """The verdict's line in a coloured box and one bullet per reason."""
        self.verdict_box(verdict.line, verdict.ready)
        for reason in verdict.reasons:
            self.p(escape(reason), "bullet")

    def verdict_box(self, line: str, good: bool) -> None:
        colour = GOOD if good else BAD
        box = Table([[Paragraph(f'<font color="{colour}">{escape(line)}</font>', self.s["verdict"])]],
                    colWidths=[TEXT_WIDTH])
        box.setStyle(TableStyle([("BOX", (0, 0), (-1, -1), 1.2, colors.HexColor(colour)),
                                 ("TOPPADDING", (0, 0), (-1, -1), 6), ("BOTTOMPADDING", (0, 0), (-1, -1), 6)]))
        self.story.append(box)
        self.story.append(Spacer(1, 3 * mm))

    def analysis_file(self, toml_text: str, command: str) -> None:
        """The appendix: the analysis file that reproduces the report, and the command to run it."""
        self.page_break()
        self.p(_("Appendix: analysis file"), "h1")
        self.p(_("This analysis file, with the data files whose SHA-256 are given above, reproduces every "
                 "number in this report: {command}.").format(
            command=f"<font name='DejaVuMono'>{escape(command)}</font>"))
        self.listing(toml_text)

    def listing(self, text: str) -> None:
        """``text`` (an analysis file) in the monospaced style, in two columns (:mod:`.listing`)."""
        style = self.s["mono"]
        chars = int((TEXT_WIDTH - LISTING_GAP) / 2 / pdfmetrics.stringWidth("M", style.fontName, style.fontSize))
        self.story.append(TwoColumnListing(wrapped(text.splitlines(), chars), style.fontName, style.fontSize,
                                           style.leading, LISTING_GAP))


BIDI_CONTROLS = dict.fromkeys([*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C])
"""Bidirectional control characters (embeddings, overrides, isolates, marks): in a PDF's title
or author they make a viewer show the text in another order than it is (docs/command-line.md, "Rules")."""


def metadata_text(text: str) -> str:
    """``text`` for the PDF's metadata (title and author; subject and keywords are never set): bidi
    controls removed."""
    return text.translate(BIDI_CONTROLS)


def write_document(story: list, path: str | Path, title: str, footer: str, author: str = "",
                   cancel: Optional[CancelToken] = None, files: Optional[StagedFiles] = None) -> Path:
    """Lay ``story`` out on A4 pages and write it to ``path`` atomically (nothing is left behind
    on failure or cancel; an existing report stays as it was). With ``files`` the report is
    staged there and appears only when the caller commits the run's other outputs with it."""
    path = Path(path)
    check_output_dir(path.parent)
    if path.is_dir():
        raise InputError(message(N_("{path}: is a folder; give a file name for the report"), path=str(path)))
    canvas_class = type("_Canvas", (NumberedCanvas,), {"footer": footer})
    with (files.path(path) if files is not None else atomic_file(path, cancel)) as tmp:
        document = SimpleDocTemplate(str(tmp), pagesize=A4, leftMargin=MARGIN, rightMargin=MARGIN,
                                     topMargin=MARGIN, bottomMargin=MARGIN + 4 * mm, title=metadata_text(title),
                                     author=metadata_text(author) or "RiskReview",
                                     creator=f"RiskReview {__version__}", invariant=1)
        document.build(story, canvasmaker=canvas_class)
        if cancel is not None:
            cancel.raise_if_cancelled()
    return path


def short_paths(text: str, paths: Sequence[Optional[str]]) -> str:
    """The analysis file's text with each data path replaced by its file name (no folders of the
    analyst's machine in a report that leaves the building)."""
    for path in paths:
        if path:
            text = text.replace(path, Path(path).name)
    return text
