"""Dictionary encoding: each used column becomes compact integer codes plus its labels.

Codes index the column's distinct values sorted ascending; a missing value (null or NaN)
is a value of its own with the last code, and ``-0.0`` is ``0.0`` (docs/methods.md,
"Data model": NULL equals NULL; :mod:`engine.io.numbers`).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..foundation.messages import message
from .numbers import (FLOAT64_EXACT_INTEGERS, MISSING_MARKERS, buffer_values, canonical_floats, find_number,
                      float_wide_integers)


def smallest_uint(cardinality: int) -> np.dtype:
    """The narrowest unsigned dtype that holds codes 0..cardinality-1."""
    for dtype in (np.uint8, np.uint16, np.uint32):
        if cardinality <= np.iinfo(dtype).max + 1:
            return np.dtype(dtype)
    return np.dtype(np.uint64)


def kind_of(arrow_type: pa.DataType) -> str:
    if pa.types.is_integer(arrow_type):
        return "integer"
    if pa.types.is_floating(arrow_type) or pa.types.is_decimal(arrow_type):
        return "float"
    if pa.types.is_boolean(arrow_type):
        return "boolean"
    if pa.types.is_temporal(arrow_type):
        return "date/time"
    if pa.types.is_string(arrow_type) or pa.types.is_large_string(arrow_type):
        return "text"
    return "other"


def is_nested(arrow_type: pa.DataType) -> bool:
    """Whether a column holds structs, lists, maps or unions: several values per cell, which
    no measure reads (a key value is one value)."""
    if pa.types.is_dictionary(arrow_type):
        arrow_type = arrow_type.value_type
    return (pa.types.is_struct(arrow_type) or pa.types.is_list(arrow_type) or pa.types.is_large_list(arrow_type)
            or pa.types.is_fixed_size_list(arrow_type) or pa.types.is_map(arrow_type)
            or pa.types.is_union(arrow_type) or getattr(pa.types, "is_list_view", lambda t: False)(arrow_type)
            or getattr(pa.types, "is_large_list_view", lambda t: False)(arrow_type))


def nested_column_error(file_name: str, column: str, arrow_type: pa.DataType) -> InputError:
    """The one line refusing a nested column as a role of an analysis."""
    return InputError(message(N_("{file}: column {column!r} holds nested values ({type}), several values per cell; "
                                 "it cannot be a quasi-identifier or any other role: flatten it into plain columns "
                                 "first"), file=file_name, column=column, type=str(arrow_type)))


@dataclass(frozen=True)
class EncodedColumn:
    """One column as integer codes; ``labels[code]`` is the value, None when missing."""

    name: str
    codes: np.ndarray
    labels: pa.Array
    missing_code: Optional[int]
    kind: str

    @property
    def cardinality(self) -> int:
        return len(self.labels)

    @property
    def missing_count(self) -> int:
        if self.missing_code is None:
            return 0
        return int(np.count_nonzero(self.codes == self.missing_code))

    def label_text(self, code: int) -> str:
        value = self.labels[int(code)].as_py()
        return "" if value is None else str(value)

    def find_code(self, text: str) -> Optional[int]:
        """The code of the value written as ``text`` ("" means missing), or None."""
        if text == "":
            return self.missing_code
        if self.kind in ("integer", "float"):
            return find_number(self.labels, text)
        for code, value in enumerate(self.labels.to_pylist()):
            if value is not None and (str(value) == text or str(value).strip() == text.strip()):
                return code
        return None


@dataclass(frozen=True)
class EncodedTable:
    """The encoded columns of one file, with what identifies the file."""

    name: str
    path: str
    sha256: str
    n_rows: int
    columns: dict[str, EncodedColumn]
    warnings: tuple[str, ...] = field(default=())
    nested: dict[str, str] = field(default_factory=dict)
    """Columns of the file left out because they hold nested values, with their types."""

    def __getitem__(self, name: str) -> EncodedColumn:
        return self.columns[name]


def _numbers(codes: pa.Array) -> np.ndarray:
    """``index_in``'s codes (int32) as numpy: a view of the values buffer when nothing is null
    (every value is among the distinct values, so nothing is); pyarrow's own conversion, which
    imports pandas, only for any other case."""
    if codes.null_count == 0 and pa.types.is_int32(codes.type):
        return buffer_values(codes, np.int32)
    return codes.to_numpy(zero_copy_only=False)


_NUMBER = r"^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$|^(?i:[+-]?(?:inf|infinity|nan))$"


def first_non_number(column: EncodedColumn) -> Optional[tuple[int, str]]:
    """(row, 1-based; value) of the first value of a text column that is not a number, a blank
    cell or a missing-value marker; None when every value is one (e.g. ids too long for a double)."""
    text = pc.utf8_trim_whitespace(column.labels)
    number = pc.match_substring_regex(text, _NUMBER)
    missing = pc.or_(pc.equal(text, ""), pc.is_in(text, value_set=pa.array(MISSING_MARKERS, text.type)))
    other = np.flatnonzero(np.asarray(pc.fill_null(pc.invert(pc.or_(number, missing)), False)))
    if not other.size:
        return None
    row = int(np.flatnonzero(np.isin(column.codes, other))[0])
    return row + 1, column.label_text(int(column.codes[row]))


def encode_column(name: str, column: pa.ChunkedArray | pa.Array) -> EncodedColumn:
    """Encode one column: sorted distinct values, then ``index_in`` to get each row's code."""
    if isinstance(column, pa.Array):
        column = pa.chunked_array([column])
    if pa.types.is_dictionary(column.type):
        column = column.cast(column.type.value_type)
    column = canonical_floats(column)
    if pa.types.is_null(column.type):
        column = column.cast(pa.string())
    distinct = pc.unique(column)
    distinct = distinct.take(pc.array_sort_indices(distinct, null_placement="at_end"))
    codes = pc.index_in(column, value_set=distinct)
    if isinstance(codes, pa.ChunkedArray):
        parts = [_numbers(chunk) for chunk in codes.chunks]
        raw = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int32)
    else:
        raw = _numbers(codes)
    has_missing = distinct.null_count > 0
    return EncodedColumn(
        name=name,
        codes=raw.astype(smallest_uint(max(len(distinct), 1)), copy=False),
        labels=distinct,
        missing_code=len(distinct) - 1 if has_missing else None,
        kind=kind_of(column.type),
    )


def encode_arrow_table(table: pa.Table, name: str = "table", path: str = "", sha256: str = "",
                       warnings: tuple[str, ...] = (), skip: tuple[str, ...] = ()) -> EncodedTable:
    """Encode every column (but ``skip``) of an Arrow table (e.g. ``pa.Table.from_pandas(frame)``)."""
    for c in table.column_names:
        if c not in skip and is_nested(table.column(c).type):
            raise nested_column_error(name, c, table.column(c).type)
    columns = {c: encode_column(c, table.column(c)) for c in table.column_names if c not in skip}
    return EncodedTable(name=name, path=path, sha256=sha256, n_rows=table.num_rows,
                        columns=columns, warnings=warnings)


def file_sha256(path: str | Path, chunk: int = 1 << 20, stopped: Callable[[], bool] = lambda: False) -> str:
    """The file's SHA-256 (hex); an empty string when ``stopped()`` turns true between chunks."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while block := handle.read(chunk):
            if stopped():
                return ""
            digest.update(block)
    return digest.hexdigest()


def is_all_missing(column: EncodedColumn) -> bool:
    return column.missing_code is not None and column.cardinality == 1


def column_warnings(file_name: str, column: EncodedColumn) -> list[str]:
    """What the user should know about a loaded column: it is missing in every row, or it
    holds whole numbers too wide for the doubles the file stores them as."""
    if is_all_missing(column):
        return [message(N_("{file}: column {column!r} is missing in every row; it cannot tell records apart"),
                        file=file_name, column=column.name)]
    wide = float_wide_integers(column.labels)
    if wide is not None:
        return [message(N_("{file}: column {column!r} holds numbers of 16 or more digits as floating point "
                           "(e.g. {example:.17g}); past {limit:,} the file cannot keep every digit, so "
                           "different ids may read as one: store such ids as text"),
                        file=file_name, column=column.name, example=wide, limit=FLOAT64_EXACT_INTEGERS)]
    return []


__all__ = ["EncodedColumn", "EncodedTable", "encode_column", "first_non_number", "file_sha256", "smallest_uint",
           "is_all_missing", "column_warnings", "encode_arrow_table", "is_nested", "nested_column_error"]
