"""Generalisation hierarchies (docs/methods.md, "Generalisation hierarchies").

A hierarchy lists, for every original value of a column, its generalisation at level 1, 2,
... (level 0 is the original value). Files use ARX's format: one line per original value,
the fields separated by ';', no header; fields may be quoted as the csv module writes them.

Missing values: a line whose first field is empty gives the missing value's generalisations
(e.g. ``;;*``); without such a line a missing value stays missing at every level. An empty
field at level L >= 1 means the value is missing (suppressed) at that level and every level
above (so a missing value without a line, missing everywhere, never splits from it).

Every level must be a function of the level below: a value at level L generalises to one
value at level L+1, so that raising a level never splits a block.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Mapping, Optional, Sequence

import numpy as np

from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..foundation.input_files import HIERARCHY_FILE, HIERARCHY_LIMIT, read_bounded
from ..foundation.messages import message
from ..io.encode import EncodedColumn

MISSING_TEXT = ""
TOP = "*"
SHOWN = 5


@dataclass(frozen=True)
class Hierarchy:
    """One column's hierarchy: ``rows[i] = (original, level 1, ..., level H)``."""

    column: str
    rows: tuple[tuple[str, ...], ...]
    source: str = "built"

    @property
    def levels(self) -> int:
        """Number of levels, the original (level 0) included."""
        return len(self.rows[0]) if self.rows else 1

    @property
    def top(self) -> int:
        return self.levels - 1

    def suppresses(self, level: int) -> bool:
        """Whether ``level`` (>= 1) gives every value the same generalisation ('*' or missing):
        the column then carries nothing, as if every value were suppressed."""
        return 1 <= level < self.levels and len({row[level] for row in self.rows}) == 1

    def validate(self) -> None:
        """Equal line lengths, one line per original value, each level a function of the last."""
        where = message(N_("{source}: column {column!r}"), source=self.source, column=self.column)
        if not self.rows:
            raise InputError(message(N_("{where}: the hierarchy has no lines"), where=where))
        width = len(self.rows[0])
        seen: dict[str, int] = {}
        for number, row in enumerate(self.rows, start=1):
            if len(row) != width:
                raise InputError(message(N_("{where}: line {number} has {fields} fields, line 1 has {width} (every "
                                            "line holds the original value and one value per level)"), where=where,
                                         number=number, fields=len(row), width=width))
            if row[0] in seen:
                shown = message(N_("the missing value (empty first field)")) if row[0] == MISSING_TEXT else repr(row[0])
                raise InputError(message(N_("{where}: {value} is on lines {first} and {number}"), where=where,
                                         value=shown, first=seen[row[0]], number=number))
            seen[row[0]] = number
            for level in range(1, width - 1):
                if row[level] == MISSING_TEXT and row[level + 1] != MISSING_TEXT:
                    raise InputError(message(N_("{where}: line {number}: empty (missing) at level {level} but "
                                                "{value!r} at level {next}; a missing value stays missing above"),
                                             where=where, number=number, level=level, value=row[level + 1],
                                             next=level + 1))
        for level in range(1, width - 1):
            above: dict[str, str] = {}
            for row in self.rows:
                previous = above.setdefault(row[level], row[level + 1])
                if previous != row[level + 1]:
                    raise InputError(message(N_("{where}: {value!r} at level {level} generalises to both {first!r} and "
                                                "{second!r} at level {next}"), where=where, value=row[level],
                                             level=level, first=previous, second=row[level + 1], next=level + 1))


def read_hierarchy(path: str | Path, column: str) -> Hierarchy:
    """Read and validate an ARX hierarchy file; errors name the file, the column and the line."""
    path = Path(path)
    data = read_bounded(path, HIERARCHY_FILE, HIERARCHY_LIMIT)
    if data is None:
        raise InputError(message(N_("{path}: no such hierarchy file (for column {column!r})"), path=str(path),
                                 column=column))
    try:
        rows = [tuple(row) for row in csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""), delimiter=";")]
    except UnicodeDecodeError:
        raise InputError(message(N_("{path}: not a UTF-8 text file (hierarchy for column {column!r})"),
                                 path=str(path), column=column)) from None
    except csv.Error as exc:
        raise InputError(message(N_("{path}: cannot read the hierarchy for column {column!r} ({error})"),
                                 path=str(path), column=column, error=str(exc))) from None
    rows = [row for row in rows if row]  # blank lines
    hierarchy = Hierarchy(column=column, rows=tuple(rows), source=str(path))
    hierarchy.validate()
    return hierarchy


@dataclass(frozen=True)
class LevelTable:
    """One level over an encoded column: ``codes[original code]`` is the level's code and
    ``labels[level code]`` its text (None: missing)."""

    codes: np.ndarray
    labels: tuple[Optional[str], ...]

    @property
    def cardinality(self) -> int:
        return len(self.labels)


def _as_number(text: str) -> Optional[float]:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def line_finder(hierarchy: Hierarchy, numeric: bool) -> Callable[[str], Optional[tuple[str, ...]]]:
    """A function giving the hierarchy line of a value written as text ("" is the missing
    value; None when there is no line): the line with the same text, else the same text
    without surrounding spaces, else (``numeric``) the same number (``39`` matches ``39.0``)."""
    by_text = {row[0]: row for row in hierarchy.rows}
    for row in hierarchy.rows:
        by_text.setdefault(row[0].strip(), row)
    by_number: dict[float, tuple[str, ...]] = {}
    if numeric:
        for row in hierarchy.rows:
            number = _as_number(row[0])
            if number is not None:
                by_number.setdefault(number, row)

    def find(text: str) -> Optional[tuple[str, ...]]:
        row = by_text.get(text)
        if row is None and text != MISSING_TEXT:
            row = by_text.get(text.strip())
            if row is None and by_number:
                number = _as_number(text)
                row = by_number.get(number) if number is not None else None
        return row

    return find


def hierarchy_rows_for(hierarchy: Hierarchy, column: EncodedColumn) -> list[Optional[tuple[str, ...]]]:
    """The hierarchy line of each original code (None: a missing value without its own line),
    matched by :func:`line_finder`. Values without a line are an InputError naming them."""
    find = line_finder(hierarchy, column.kind in ("integer", "float"))
    found: list[Optional[tuple[str, ...]]] = []
    absent: list[str] = []
    for code in range(column.cardinality):
        if code == column.missing_code:
            found.append(find(MISSING_TEXT))
            continue
        text = column.label_text(code)
        row = find(text)
        if row is None:
            absent.append(text)
        found.append(row)
    if absent:
        values = ", ".join(repr(v) for v in absent[:SHOWN])
        if len(absent) > SHOWN:
            values = message(N_("{values} and {more} more"), values=values, more=len(absent) - SHOWN)
        raise InputError(message(N_("{source}: column {column!r}: {count} value(s) of the data have no line in the "
                                    "hierarchy: {values}"), source=hierarchy.source, column=column.name,
                                 count=len(absent), values=values))
    return found


def level_tables(hierarchy: Optional[Hierarchy], column: EncodedColumn) -> list[LevelTable]:
    """Level 0 (the original values) to the top level of ``hierarchy`` as code maps over
    ``column``; without a hierarchy only level 0."""
    n = column.cardinality
    original = tuple(None if code == column.missing_code else column.label_text(code) for code in range(n))
    tables = [LevelTable(np.arange(n, dtype=np.int32), original)]
    if hierarchy is None:
        return tables
    rows = hierarchy_rows_for(hierarchy, column)
    for level in range(1, hierarchy.levels):
        texts = [None if row is None or row[level] == MISSING_TEXT else row[level] for row in rows]
        labels = tuple(dict.fromkeys(texts))
        index = {label: i for i, label in enumerate(labels)}
        tables.append(LevelTable(np.array([index[t] for t in texts], dtype=np.int32), labels))
    return tables


def level_counts(hierarchy: Optional[Hierarchy], column: EncodedColumn, level: int
                 ) -> list[tuple[Optional[str], int]]:
    """The categories of ``column`` at ``level`` with their record counts, commonest first
    (ties by text; missing as None, last among equals): the preview of a recode."""
    table = level_tables(hierarchy, column)[level]
    counts = np.bincount(table.codes[column.codes], minlength=table.cardinality)
    pairs = [(label, int(count)) for label, count in zip(table.labels, counts) if count]
    return sorted(pairs, key=lambda p: (-p[1], p[0] is None, p[0] or ""))


# --- hierarchies built in the window --------------------------------------------------------

def _fmt(number: float) -> str:
    return str(int(number)) if float(number).is_integer() else f"{number:g}"


def _numbers(values: Sequence[str], column: str) -> list[float]:
    numbers = []
    for value in values:
        number = _as_number(value)
        if number is None:
            raise InputError(message(N_("column {column!r}: {value!r} is not a number (numeric intervals need "
                                        "numbers)"), column=column, value=value))
        numbers.append(number)
    return numbers


def _finish(column: str, values: Sequence[str], levels: list[list[str]], source: str) -> Hierarchy:
    """Rows from the original values and their per-level labels, topped by '*'."""
    if not levels or len(set(levels[-1])) > 1:
        levels = levels + [[TOP] * len(values)]
    rows = tuple((value, *(level[i] for level in levels)) for i, value in enumerate(values))
    hierarchy = Hierarchy(column=column, rows=rows, source=source)
    hierarchy.validate()
    return hierarchy


def interval_hierarchy(column: str, values: Sequence[str], widths: Sequence[float],
                       origin: float = 0.0) -> Hierarchy:
    """Level i puts x in ``[lo, lo + w_i)`` with ``lo = origin + floor((x - origin) / w_i) * w_i``;
    each width must be a multiple of the previous one (nested intervals)."""
    if not widths or any(w <= 0 for w in widths):
        raise InputError(message(N_("column {column!r}: interval widths must be positive numbers"), column=column))
    numbers = _numbers(values, column)
    levels = []
    for width in widths:
        labels = []
        for x in numbers:
            lo = origin + math.floor((x - origin) / width) * width
            labels.append(f"[{_fmt(lo)}, {_fmt(lo + width)})")
        levels.append(labels)
    return _finish(column, values, levels, f"intervals of width {', '.join(_fmt(w) for w in widths)}")


def _band(x: float, cuts: Sequence[float]) -> str:
    if x < cuts[0]:
        return f"< {_fmt(cuts[0])}"
    for lo, hi in zip(cuts, cuts[1:]):
        if x < hi:
            return f"[{_fmt(lo)}, {_fmt(hi)})"
    return f">= {_fmt(cuts[-1])}"


def breaks_hierarchy(column: str, values: Sequence[str], breaks: Sequence[Sequence[float]]) -> Hierarchy:
    """Level i cuts at the sorted break points ``breaks[i]``: ``< b0``, ``[b0, b1)``, ..., ``>= b_last``;
    each level's breaks must be a subset of the previous level's."""
    if not breaks or any(not level for level in breaks):
        raise InputError(message(N_("column {column!r}: give at least one break point per level"), column=column))
    numbers = _numbers(values, column)
    levels = [[_band(x, sorted(cuts)) for x in numbers] for cuts in breaks]
    return _finish(column, values, levels, "intervals at given breaks")


def top_bottom_hierarchy(column: str, values: Sequence[str], bottom: Optional[float] = None,
                         top: Optional[float] = None) -> Hierarchy:
    """Level 1: ``x <= bottom`` becomes ``<= bottom``, ``x >= top`` becomes ``>= top``, other
    values unchanged; level 2: '*'."""
    if bottom is None and top is None:
        raise InputError(message(N_("column {column!r}: top/bottom coding needs a top or a bottom value"),
                                 column=column))
    if bottom is not None and top is not None and bottom >= top:
        raise InputError(message(N_("column {column!r}: the bottom code {bottom:g} must be below the top code {top:g}"),
                                 column=column, bottom=bottom, top=top))
    numbers = _numbers(values, column)
    labels = []
    for value, x in zip(values, numbers):
        if bottom is not None and x <= bottom:
            labels.append(f"<= {_fmt(bottom)}")
        elif top is not None and x >= top:
            labels.append(f">= {_fmt(top)}")
        else:
            labels.append(value)
    return _finish(column, values, [labels], "top and bottom coding")


def weighted_quantile(column: EncodedColumn, q: float) -> float:
    """The smallest value v of a numeric column with at least ``q`` of its non-missing records <= v."""
    if not 0.0 <= q <= 1.0:
        raise InputError(message(N_("column {column!r}: quantile {q:g} must be between 0 and 1"), column=column.name,
                                 q=q))
    counts = np.bincount(column.codes, minlength=column.cardinality).astype(np.int64)
    pairs = [(_as_number(column.label_text(c)), int(counts[c])) for c in range(column.cardinality)
             if c != column.missing_code]
    if any(x is None for x, _ in pairs) or not pairs:
        raise InputError(message(N_("column {column!r}: quantiles need a numeric column"), column=column.name))
    pairs.sort()
    total = sum(n for _, n in pairs)
    running = 0
    for x, n in pairs:
        running += n
        if running >= q * total:
            return float(x)
    return float(pairs[-1][0])


DATE_STEPS = ("month", "year")


def date_hierarchy(column: str, values: Sequence[str], steps: Sequence[str]) -> Hierarchy:
    """Dates generalised step by step: ``month`` (YYYY-MM), ``year`` (YYYY), or
    ``age:W@YYYY-MM-DD`` (age in whole years on that day, in bands of W years)."""
    import pandas as pd

    parsed = pd.to_datetime(pd.Series(list(values), dtype=object), errors="coerce")
    bad = [v for v, p in zip(values, parsed) if pd.isna(p)]
    if bad:
        raise InputError(message(N_("column {column!r}: {value!r} is not a date"), column=column, value=bad[0]))
    levels = []
    for step in steps:
        if step == "month":
            levels.append([p.strftime("%Y-%m") for p in parsed])
        elif step == "year":
            levels.append([p.strftime("%Y") for p in parsed])
        elif step.startswith("age:") and "@" in step:
            width_text, day_text = step[4:].split("@", 1)
            width, day = _as_number(width_text), pd.to_datetime(day_text, errors="coerce")
            if width is None or width <= 0 or pd.isna(day):
                raise InputError(message(N_("column {column!r}: age bands are written age:WIDTH@YYYY-MM-DD (got "
                                            "{step!r})"), column=column, step=step))
            labels = []
            for p in parsed:
                age = day.year - p.year - ((day.month, day.day) < (p.month, p.day))
                lo = math.floor(age / width) * width
                labels.append(f"age [{_fmt(lo)}, {_fmt(lo + width)})")
            levels.append(labels)
        else:
            raise InputError(message(N_("column {column!r}: unknown date step {step!r} (month, year or "
                                        "age:WIDTH@YYYY-MM-DD)"), column=column, step=step))
    return _finish(column, values, levels, f"dates to {', '.join(steps)}")


def merge_hierarchy(column: str, values: Sequence[str], groups: Mapping[str, Sequence[str]]) -> Hierarchy:
    """Level 1: each listed value becomes its group's name, the others stay; level 2: '*'."""
    group_of: dict[str, str] = {}
    for name, members in groups.items():
        for member in members:
            if member in group_of:
                raise InputError(message(N_("column {column!r}: {value!r} is in both groups {first!r} and {second!r}"),
                                         column=column, value=member, first=group_of[member], second=name))
            group_of[member] = name
    unknown = sorted(set(group_of) - set(values))
    if unknown:
        raise InputError(message(N_("column {column!r}: no value {value!r} in the data to merge"), column=column,
                                 value=unknown[0]))
    return _finish(column, values, [[group_of.get(v, v) for v in values]], "category merge")


def column_values(column: EncodedColumn) -> list[str]:
    """The column's non-missing values as text, in code order."""
    return [column.label_text(c) for c in range(column.cardinality) if c != column.missing_code]
