"""Column profiles shown to the user before choosing roles: type, distinct values, missing
share, most frequent values, and a flag on columns that look like direct identifiers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

import pyarrow as pa
import pyarrow.compute as pc

from ..analysis.config import DataSource
from .encode import is_nested, kind_of
from .numbers import canonical_floats
from .formats import read_columns

IDENTIFIER_SHARE = 0.95
NESTED = "nested"
"""The kind of a column of structs, lists or maps: profiled as unsupported."""
TOP_VALUES = 5


@dataclass(frozen=True)
class ColumnProfile:
    name: str
    kind: str
    rows: int
    distinct: int
    missing: int
    top_values: tuple[tuple[Optional[str], int], ...]
    looks_like_identifier: bool
    unsupported: Optional[str] = None
    """The type of a column no measure can read (nested values: struct, list, map), else None."""

    @property
    def missing_share(self) -> float:
        return self.missing / self.rows if self.rows else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "type": self.kind, "rows": self.rows, "distinct": self.distinct,
                "missing": self.missing, "missing_share": self.missing_share,
                "top_values": [[v, c] for v, c in self.top_values],
                "looks_like_identifier": self.looks_like_identifier,
                **({"unsupported": self.unsupported} if self.unsupported else {})}


def profile_column(name: str, column: pa.ChunkedArray) -> ColumnProfile:
    """Profile one column (a nested one only by its type and missing values); a column is
    flagged as a likely direct identifier when at least 95% of its non-missing values are
    distinct (and it has more than one value)."""
    rows = len(column)
    missing = column.null_count
    if is_nested(column.type):  # listed, not counted: several values per cell
        return ColumnProfile(name, NESTED, rows, 0, missing, (), False, str(column.type))
    column = canonical_floats(column)
    counts = pc.value_counts(column.drop_null()) if rows - missing else pa.array([], pa.struct(
        [("values", column.type), ("counts", pa.int64())]))
    distinct = len(counts)
    if len(counts):
        order = pc.array_sort_indices(counts.field("counts"), order="descending")[:TOP_VALUES]
        top = counts.take(order)
        top_values = tuple((None if v is None else str(v), int(c)) for v, c in
                           zip(top.field("values").to_pylist(), top.field("counts").to_pylist()))
    else:
        top_values = ()
    present = rows - missing
    flag = distinct > 1 and present > 0 and distinct >= IDENTIFIER_SHARE * present
    return ColumnProfile(name, kind_of(column.type), rows, distinct + (1 if missing else 0),
                         missing, top_values, flag)


def profile_file(source: DataSource) -> list[ColumnProfile]:
    """Profile every column of a file (read once through the format's reader)."""
    table = read_columns(source, None)
    return [profile_column(name, table.column(name)) for name in table.column_names]
