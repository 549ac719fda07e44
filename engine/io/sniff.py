"""Detect the text encoding and delimiter of a delimited text file.

The encoding is UTF-8 when every line is, else Windows-1252 (else Latin-1); a file where some
lines are UTF-8 and others are not is refused, naming a line of each kind, since reading it
one way would turn one word into two different values. The first :data:`SAMPLE_BYTES` decide
the dialect; :func:`whole_file_encoding` checks the rest, before the file is read when the
sample is not UTF-8, else when a value read as UTF-8 is not (:func:`engine.io.formats._read_csv`).
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..foundation.messages import message

SAMPLE_BYTES = 256 * 1024
SCAN_BYTES = 16 << 20
DELIMITERS = ",;\t|"
_UTF8_SEQUENCE = re.compile(rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}")
_NON_ASCII = re.compile(rb"[\x80-\xff]")


@dataclass(frozen=True)
class TextDialect:
    encoding: str
    delimiter: str


def sniff_text(path: Path, encoding: Optional[str] = None,
               delimiter: Optional[str] = None) -> TextDialect:
    """Pick the encoding (UTF-8, else Windows-1252, else Latin-1) and the delimiter.

    Explicit ``encoding``/``delimiter`` overrides win; the sample is still checked so that
    undecodable bytes are reported with their offset instead of failing deep in the reader.
    """
    with open(path, "rb") as handle:
        sample = handle.read(SAMPLE_BYTES)
        at_end = not handle.read(1)
    if not sample:
        raise InputError(message(N_("{file}: the file is empty"), file=path.name))
    if sample.startswith((b"\xff\xfe", b"\xfe\xff")):
        detected = "utf-16"
    elif b"\x00" in sample:
        raise InputError(message(N_("{file}: looks like a binary file, not delimited text (it contains NUL bytes); "
                                    "check the file and its extension"), file=path.name))
    else:
        detected = None
    if encoding is None:
        encoding = detected or _guess_encoding(sample, at_end, path)
    text = _decode(sample, encoding, at_end, path)
    if delimiter is None:
        delimiter = _guess_delimiter(text, path)
    elif len(delimiter) != 1:
        raise InputError(message(N_("{file}: the delimiter must be one character (got {delimiter!r})"),
                                 file=path.name, delimiter=delimiter))
    return TextDialect(encoding=encoding, delimiter=delimiter)


def _guess_encoding(sample: bytes, at_end: bool, path: Path) -> str:
    whole_lines = sample if at_end else sample[: sample.rfind(b"\n") + 1]
    if not whole_lines:  # one long line: drop a character the sample may have cut in two
        whole_lines = sample[:-3] if len(sample) > 3 else sample
    utf8_line, other_line = _line_encodings(whole_lines, 1)
    _refuse_mixed(path, utf8_line, other_line)
    if other_line is None:
        return "utf-8-sig" if sample.startswith(b"\xef\xbb\xbf") else "utf-8"
    try:
        _strict_decode(sample, "cp1252", at_end)
        return "cp1252"
    except UnicodeDecodeError:
        return "latin-1"


def _line_encodings(data: bytes, first_line: int) -> tuple[Optional[int], Optional[int]]:
    """(first line holding non-ASCII text that is valid UTF-8, first line that is not valid
    UTF-8), numbered from ``first_line``; ``data`` ends at a line break or the file's end."""
    if data.isascii():
        return None, None
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        other_line = first_line + data.count(b"\n", 0, exc.start)
    else:
        first = _NON_ASCII.search(data)
        return first_line + data.count(b"\n", 0, first.start()), None
    position = 0
    while (found := _UTF8_SEQUENCE.search(data, position)) is not None:
        start = data.rfind(b"\n", 0, found.start()) + 1
        end = data.find(b"\n", found.end())
        end = len(data) if end < 0 else end
        try:
            data[start:end].decode("utf-8")
        except UnicodeDecodeError:
            position = end
            continue
        return first_line + data.count(b"\n", 0, start), other_line
    return None, other_line


def _refuse_mixed(path: Path, utf8_line: Optional[int], other_line: Optional[int]) -> None:
    if utf8_line is not None and other_line is not None:
        raise InputError(message(N_("{file}: mixed text encodings: line {utf8_line} is UTF-8 but line {other_line} "
                                    "is not (Latin-1?), so one word would read as two different values; convert "
                                    "the file to one encoding, or choose one with --encoding"), file=path.name,
                                 utf8_line=utf8_line, other_line=other_line))


def whole_file_encoding(path: Path, guessed: str) -> str:
    """The encoding of every line, when ``guessed`` came from the first :data:`SAMPLE_BYTES`:
    UTF-8 if all lines are, else Windows-1252 (or Latin-1); mixed files are refused."""
    if guessed.startswith("utf-16") or path.stat().st_size <= SAMPLE_BYTES:
        return guessed
    utf8_line = other_line = None
    cp1252 = True
    line, tail = 1, b""
    with open(path, "rb") as handle:
        while True:
            block = handle.read(SCAN_BYTES)
            data = tail + block
            cut = data.rfind(b"\n") + 1 if block else len(data)
            if block and cut == 0 and len(data) < 4 * SCAN_BYTES:
                tail = data  # no line break yet: read on
                continue
            data, tail = (data[:cut], data[cut:]) if cut else (data, b"")
            found_utf8, found_other = _line_encodings(data, line)
            utf8_line = utf8_line or found_utf8
            other_line = other_line or found_other
            _refuse_mixed(path, utf8_line, other_line)
            if found_other is not None and cp1252:
                try:
                    data.decode("cp1252")
                except UnicodeDecodeError:
                    cp1252 = False
            line += data.count(b"\n")
            if not block and not tail:
                break
    if other_line is None:
        return guessed if guessed.startswith("utf-8") else "utf-8"
    return "cp1252" if cp1252 else "latin-1"


def _strict_decode(sample: bytes, encoding: str, at_end: bool) -> str:
    if at_end:
        return sample.decode(encoding)
    for cut in range(4):
        try:
            return sample[: len(sample) - cut].decode(encoding)
        except UnicodeDecodeError as exc:
            if exc.start < len(sample) - 4:
                raise
    return sample.decode(encoding)


def _decode(sample: bytes, encoding: str, at_end: bool, path: Path) -> str:
    try:
        return _strict_decode(sample, encoding, at_end)
    except LookupError:
        raise InputError(message(N_("{file}: unknown encoding {encoding!r}"), file=path.name,
                                 encoding=encoding)) from None
    except UnicodeDecodeError as exc:
        bad = sample[exc.start:exc.start + 1].hex()
        line = sample.count(b"\n", 0, exc.start) + 1
        raise InputError(message(N_("{file}: line {line}: byte 0x{byte} (offset {offset}) is not valid {encoding}; "
                                    "choose another encoding (e.g. latin-1)"), file=path.name, line=line, byte=bad,
                                 offset=exc.start, encoding=encoding)) from None


def _guess_delimiter(text: str, path: Path) -> str:
    lines = [line for line in text.splitlines()[:50] if line.strip()]
    if not lines:
        raise InputError(message(N_("{file}: the file holds no text lines"), file=path.name))
    if path.suffix.lower() == ".tsv":
        return "\t"
    try:
        return csv.Sniffer().sniff("\n".join(lines), delimiters=DELIMITERS).delimiter
    except csv.Error:
        pass
    header = lines[0]
    counts = {d: header.count(d) for d in DELIMITERS}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] > 0 else ","
