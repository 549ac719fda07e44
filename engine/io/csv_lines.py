"""Lines of a delimited text file: blank lines (skipped), the header, and the line number of
a fault (a record of the wrong width, a byte the encoding cannot read).

Line numbers are physical lines as an editor shows them, the header's line included.
"""

from __future__ import annotations

import codecs
import csv
from pathlib import Path
from typing import Optional

from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..foundation.messages import Message, message

SCAN_BYTES = 16 << 20


def is_blank_row(row: list[str]) -> bool:
    """A record read from an empty or whitespace-only line (a byte-order mark counts as blank)."""
    return len(row) <= 1 and not "".join(row).replace("\ufeff", "").strip()


def header_row(path: Path, encoding: str, delimiter: str) -> tuple[list[str], int]:
    """The column names and the number of (blank) lines before them."""
    with open(path, "r", encoding=encoding, newline="") as handle:
        reader = csv.reader(handle, delimiter=delimiter)
        skipped = 0
        for row in reader:
            if is_blank_row(row):
                skipped = reader.line_num
                continue
            if row[0].startswith("\ufeff"):
                row[0] = row[0][1:]
            return row, skipped
    raise InputError(message(N_("{file}: the file holds no column names (only blank lines)"), file=path.name))


def wrong_width(path: Path, encoding: str, delimiter: str, width: int) -> Optional[Message]:
    """Where the first record that does not have ``width`` fields starts, as a message."""
    with open(path, "r", encoding=encoding, errors="replace", newline="") as handle:
        reader = csv.reader(handle, delimiter=delimiter)
        previous, header_seen = 0, False
        try:
            for row in reader:
                start, previous = previous + 1, reader.line_num
                if is_blank_row(row):
                    continue
                if header_seen and len(row) != width:
                    text = delimiter.join(row)
                    text = text if len(text) <= 60 else text[:57] + "..."
                    if any("\n" in cell for cell in row):
                        return message(N_("line {line}: expected {width} fields (as in the header), found {found}: "
                                          "{text!r}; a quote opened on that line may not be closed"),
                                       line=start, width=width, found=len(row), text=text)
                    return message(N_("line {line}: expected {width} fields (as in the header), found {found}: "
                                      "{text!r}"), line=start, width=width, found=len(row), text=text)
                header_seen = True
        except csv.Error as exc:
            return message(N_("line {line}: {error} (a quote opened on that line may not be closed)"),
                           line=previous + 1, error=str(exc))
    return None


def unclosed_quote(path: Path, encoding: str, delimiter: str) -> Optional[int]:
    """The line where the record starts whose quote opens a value and is never closed, so that
    the value would hold the rest of the file (a reader takes it as the last record's last
    value), else None. Read by Python's csv module, strict: the file ends inside the quotes."""
    with open(path, "r", encoding=encoding, errors="replace", newline="") as handle:
        reader = csv.reader(handle, delimiter=delimiter, strict=True)
        start = 1
        try:
            for _ in reader:
                start = reader.line_num + 1
        except csv.Error as exc:
            # the rest of the file in one value: the end reached inside it, or a value past the module's limit
            return start if "end of data" in str(exc) or "field limit" in str(exc) else None
    return None


def first_undecodable(path: Path, encoding: str) -> Optional[tuple[int, int]]:
    """(line, byte) of the first byte that is not valid ``encoding``, or None."""
    decoder = codecs.getincrementaldecoder(encoding)()
    line = 1
    with open(path, "rb") as handle:
        while True:
            block = handle.read(SCAN_BYTES)
            pending = decoder.getstate()[0]
            try:
                decoder.decode(block, final=not block)
            except UnicodeDecodeError as exc:
                data = pending + block
                return line + data.count(b"\n", 0, exc.start), data[exc.start]
            if not block:
                return None
            line += block.count(b"\n")


__all__ = ["is_blank_row", "header_row", "wrong_width", "unclosed_quote", "first_undecodable"]
