"""Readers for the review screen: a few rows with given import options (live preview), and
the whole file encoded and profiled once (the data view and the column profiles).

Pure Python/pyarrow like the rest of the engine: the GUI calls these from a worker thread.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional, Sequence

import pyarrow as pa

from ..analysis.config import DataSource
from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..foundation.messages import message
from ..foundation.progress import CancelToken
from .csv_lines import is_blank_row
from .encode import EncodedTable, column_warnings, encode_column, file_sha256, is_nested, nested_column_error
from .loader import NO_ROWS
from .formats import FORMAT_NAMES, detect_format, list_columns, read_columns, unreadable
from .profile import ColumnProfile, profile_column
from .sniff import SAMPLE_BYTES, sniff_text

PREVIEW_ROWS = 30


@dataclass(frozen=True)
class Preview:
    """The first rows of a file as text, with the options that were used to read them."""

    columns: list[str]
    rows: list[list[str]]
    format: str
    encoding: Optional[str] = None
    delimiter: Optional[str] = None


def preview_rows(source: DataSource, rows: int = PREVIEW_ROWS) -> Preview:
    """Read the first ``rows`` records with the options in ``source`` (None: detect)."""
    path = Path(source.path)
    fmt = detect_format(source)
    names = list_columns(source)  # checks the file (exists, not empty, right magic bytes)
    if fmt == "csv":
        return _preview_csv(path, source, rows)
    try:
        table = _PREVIEWERS.get(fmt, _preview_any)(path, source, rows)
    except InputError:
        raise
    except Exception as exc:  # readers raise their own types; the user gets one sentence
        raise unreadable(path, fmt, exc) from None
    out = [[_text(value) for value in record] for record in table[:rows]]
    return Preview(columns=names, rows=out, format=fmt, encoding=source.encoding)


def _text(value) -> str:
    if value is None or (isinstance(value, float) and value != value):
        return ""
    return str(value)


def _preview_csv(path: Path, source: DataSource, rows: int) -> Preview:
    dialect = sniff_text(path, source.encoding, source.delimiter)
    with open(path, "rb") as handle:
        sample = handle.read(SAMPLE_BYTES)
    text = sample.decode(dialect.encoding, errors="replace")
    if text.startswith("\ufeff"):
        text = text[1:]
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=dialect.delimiter)
    records = (record for record in reader if not is_blank_row(record))
    header = next(records, None)
    if not header:
        raise InputError(message(N_("{file}: the file holds no column names (only blank lines)"), file=path.name))
    body = []
    for record in records:
        if len(body) >= rows:
            break
        body.append(record + [""] * (len(header) - len(record)))
    return Preview(columns=header, rows=body, format="csv", encoding=dialect.encoding,
                   delimiter=dialect.delimiter)


Records = list[list]


def _preview_parquet(path: Path, source: DataSource, rows: int) -> Records:
    import pyarrow.parquet as pq

    for batch in pq.ParquetFile(path).iter_batches(batch_size=rows):
        return _arrow_records(pa.Table.from_batches([batch]))
    return []


def _arrow_records(table: pa.Table) -> Records:
    columns = [table.column(i).to_pylist() for i in range(table.num_columns)]
    return [list(values) for values in zip(*columns)]


def _pandas_records(frame) -> Records:
    return [list(values) for values in frame.itertuples(index=False, name=None)]


def _preview_excel(path: Path, source: DataSource, rows: int) -> Records:
    import pandas as pd

    frame = pd.read_excel(path, sheet_name=source.sheet or 0, nrows=rows, engine="openpyxl",
                          keep_default_na=False, na_values=[""])
    return _pandas_records(frame)


def _preview_readstat(path: Path, source: DataSource, rows: int) -> Records:
    import pyreadstat

    fmt = detect_format(source)
    reader = {"spss": pyreadstat.read_sav, "stata": pyreadstat.read_dta,
              "sas7bdat": pyreadstat.read_sas7bdat, "xport": pyreadstat.read_xport}[fmt]
    kwargs = {"row_limit": rows}
    if fmt in ("sas7bdat", "xport") and source.encoding:
        kwargs["encoding"] = source.encoding
    frame, _ = reader(str(path), **kwargs)
    return _pandas_records(frame)


def _preview_any(path: Path, source: DataSource, rows: int) -> Records:
    return _arrow_records(read_columns(source, None).slice(0, rows))


_PREVIEWERS: dict[str, Callable[[Path, DataSource, int], Records]] = {
    "parquet": _preview_parquet, "excel": _preview_excel,
    **{f: _preview_readstat for f in ("spss", "stata", "sas7bdat", "xport")},
}


# --- the whole file, for the review screen -------------------------------------------------
@dataclass(frozen=True)
class ReviewData:
    """Every column of a file encoded (for the data view) and profiled (for the roles)."""

    table: EncodedTable
    profiles: tuple[ColumnProfile, ...]
    format: str


def load_for_review(source: DataSource, cancel: Optional[CancelToken] = None,
                    on_step: Optional[Callable[[str, int, int], None]] = None) -> ReviewData:
    """Read the file once; profile and encode every column (checking ``cancel`` in between).

    ``on_step(stage, done, total)`` reports progress in columns.
    """
    path = Path(source.path)
    fmt = detect_format(source)
    if on_step:
        on_step("reading", 0, 1)
    table = read_columns(source, None, cancel=cancel)
    if table.num_rows == 0:
        raise InputError(message(NO_ROWS, file=path.name))
    names = table.column_names
    profiles, encoded, nested = [], {}, {}
    for i, name in enumerate(names):
        if cancel is not None:
            cancel.raise_if_cancelled()
        if on_step:
            on_step("profiling", i, len(names))
        column = table.column(name)
        profiles.append(profile_column(name, column))
        if is_nested(column.type):
            nested[name] = str(column.type)
        else:
            encoded[name] = encode_column(name, column)
    n_rows = table.num_rows
    del table
    if on_step:
        on_step("checking", len(names), len(names))
    review = EncodedTable(name=path.name, path=str(path), sha256=file_sha256(path), n_rows=n_rows,
                          columns=encoded, warnings=(), nested=nested)
    return ReviewData(table=review, profiles=tuple(profiles), format=fmt)


def subtable(table: EncodedTable, columns: Sequence[str]) -> EncodedTable:
    """The columns an analysis needs, with the warnings :func:`load_table` would give."""
    path = Path(table.path or table.name)
    missing = [c for c in columns if c not in table.columns]
    for column in missing:
        if column in table.nested:
            raise nested_column_error(table.name, column, table.nested[column])
    if missing:
        raise InputError(message(N_("{file}: no column {column!r}"), file=table.name, column=missing[0]))
    chosen = {c: table.columns[c] for c in dict.fromkeys(columns)}
    warnings = [w for column in chosen.values() for w in column_warnings(path.name, column)]
    if table.n_rows == 1:
        warnings.append(message(N_("{file}: only one record; every attack trivially succeeds on it"), file=path.name))
    return EncodedTable(name=table.name, path=table.path, sha256=table.sha256, n_rows=table.n_rows,
                        columns=chosen, warnings=tuple(warnings))


def format_label(fmt: str) -> str:
    return FORMAT_NAMES.get(fmt, fmt)


__all__ = ["Preview", "preview_rows", "ReviewData", "load_for_review", "subtable", "format_label"]
