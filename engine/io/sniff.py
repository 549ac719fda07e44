"""Detect the text encoding and delimiter of a delimited text file from its first bytes."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from ..errors import InputError

SAMPLE_BYTES = 256 * 1024
DELIMITERS = ",;\t|"


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
        raise InputError(f"{path.name}: the file is empty")
    if sample.startswith((b"\xff\xfe", b"\xfe\xff")):
        detected = "utf-16"
    elif b"\x00" in sample:
        raise InputError(f"{path.name}: looks like a binary file, not delimited text "
                         f"(it contains NUL bytes); check the file and its extension")
    else:
        detected = None
    if encoding is None:
        encoding = detected or _guess_encoding(sample, at_end)
    text = _decode(sample, encoding, at_end, path)
    if delimiter is None:
        delimiter = _guess_delimiter(text, path)
    elif len(delimiter) != 1:
        raise InputError(f"{path.name}: the delimiter must be one character (got {delimiter!r})")
    return TextDialect(encoding=encoding, delimiter=delimiter)


def _guess_encoding(sample: bytes, at_end: bool) -> str:
    for candidate in ("utf-8", "cp1252"):
        try:
            _strict_decode(sample, candidate, at_end)
            return "utf-8-sig" if candidate == "utf-8" and sample.startswith(b"\xef\xbb\xbf") else candidate
        except UnicodeDecodeError:
            continue
    return "latin-1"


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
        raise InputError(f"{path.name}: unknown encoding {encoding!r}") from None
    except UnicodeDecodeError as exc:
        bad = sample[exc.start:exc.start + 1].hex()
        raise InputError(f"{path.name}: byte 0x{bad} at offset {exc.start} is not valid {encoding}; "
                         f"choose another encoding (e.g. latin-1)") from None


def _guess_delimiter(text: str, path: Path) -> str:
    lines = [line for line in text.splitlines()[:50] if line.strip()]
    if not lines:
        raise InputError(f"{path.name}: the file holds no text lines")
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
