"""A plain-text listing (the analysis file in a report's appendix) in two columns.

Lines wider than a column wrap (:func:`wrapped`). The lines are laid out in two columns per
page, cut preferably at a blank line (between two TOML tables) so that a table's header stays
with its values, and balanced on the last page; a listing longer than a page continues on the
next one, left column first.
"""

from __future__ import annotations

from typing import Optional, Sequence

from reportlab.platypus import Flowable

TAIL = 0.6  # a column may end at a blank line in its last 40% of lines; otherwise it is cut at its last line


def wrapped(lines: Sequence[str], chars: int, indent: int = 4) -> list[str]:
    """``lines`` cut to at most ``chars`` characters, each continuation indented by ``indent``
    spaces; a cut goes after the last space that leaves at least half the width on the line, so
    that no number or word is split (else at the width).

    >>> wrapped(['key = "abcdefgh"', "short"], 10)
    ['key = ', '    "abcde', '    fgh"', 'short']
    >>> wrapped(["{ op = 'x', k = 5, max_percent = 5.0 }"], 24)
    ["{ op = 'x', k = 5, ", '    max_percent = 5.0 }']
    """
    out: list[str] = []
    for line in lines:
        width = max(chars, indent + 2)     # room for more than the indent: every line moves on
        while len(line) > width:
            space = line.rfind(" ", max(width // 2, indent + 1), width)
            cut = space + 1 if space > 0 else width
            out.append(line[:cut])
            line = " " * indent + line[cut:]
        out.append(line)
    return out


def _cut(lines: Sequence[str], limit: int) -> int:
    """How many of ``lines`` start a column of at most ``limit`` lines: all when they fit, else
    up to the last blank line in the column's tail, else exactly ``limit``."""
    if len(lines) <= limit:
        return len(lines)
    blanks = [i for i in range(int(TAIL * limit), limit + 1) if not lines[i].strip()]
    return blanks[-1] if blanks else limit


def balanced_split(lines: Sequence[str], limit: Optional[int] = None) -> int:
    """Where to cut ``lines`` into a left and a right column (``lines[:cut]``, ``lines[cut:]``)
    of at most ``limit`` lines: at the blank line that makes the taller column shortest, else
    in the middle.

    >>> balanced_split(["a", "b", "", "c", "d", "e", "", "f"])
    2
    """
    best, best_height = (len(lines) + 1) // 2, None
    for i in range(1, len(lines)):
        height = max(i, len(lines) - i - 1)
        if not lines[i].strip() and (limit is None or height <= limit) and (best_height is None
                                                                            or height < best_height):
            best, best_height = i, height
    return best


def _strip_blank(lines: Sequence[str]) -> list[str]:
    lines = list(lines)
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


class TwoColumnListing(Flowable):
    """``lines`` of monospaced text in two columns ``gap`` apart (module docstring); ``columns``
    fixes the left and right column (a page's piece of a longer listing)."""

    def __init__(self, lines: Sequence[str], font: str, size: float, leading: float, gap: float,
                 columns: Optional[tuple[list[str], list[str]]] = None) -> None:
        super().__init__()
        self.spaceBefore = leading
        self.lines = _strip_blank(lines)
        self.font, self.size, self.leading, self.gap = font, size, leading, gap
        self.fixed = columns is not None
        self.left, self.right = columns if columns is not None else self._columns(None)[:2]

    def _columns(self, limit: Optional[int]) -> tuple[list[str], list[str], int]:
        """The left and right columns of at most ``limit`` lines each (None: no limit), balanced
        when every line fits, and how many of the lines they take."""
        lines = self.lines
        if limit is None or len(lines) <= 2 * limit:
            cut = balanced_split(lines, limit)
            left, right = _strip_blank(lines[:cut]), _strip_blank(lines[cut:])
            if limit is None or max(len(left), len(right)) <= limit:
                return left, right, len(lines)
        first = _cut(lines, limit)
        second = first + _cut(lines[first:], limit)
        return _strip_blank(lines[:first]), _strip_blank(lines[first:second]), second

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        if not self.fixed:
            left, right, shown = self._columns(int(available_height // self.leading))
            self.left, self.right = (left, right) if shown == len(self.lines) else self._columns(None)[:2]
        self.width = available_width
        self.height = max(len(self.left), len(self.right)) * self.leading
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        limit = int(available_height // self.leading)
        if self.fixed or limit < 3:
            return []
        left, right, shown = self._columns(limit)
        here = TwoColumnListing(self.lines[:shown], self.font, self.size, self.leading, self.gap, (left, right))
        rest = TwoColumnListing(self.lines[shown:], self.font, self.size, self.leading, self.gap)
        return [here, rest] if rest.lines else [here]

    def draw(self) -> None:
        canvas = self.canv
        canvas.setFont(self.font, self.size)
        column = (self.width - self.gap) / 2
        for x, lines in ((0.0, self.left), (column + self.gap, self.right)):
            for number, line in enumerate(lines):
                canvas.drawString(x, self.height - (number + 1) * self.leading + (self.leading - self.size) / 2,
                                  line)
