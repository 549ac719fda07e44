"""Whole multi-level hierarchies built from a column's values, as ARX's hierarchy wizard builds
them (docs/methods.md, "Generalisation hierarchies"): intervals of growing widths, dates to
month, year and decade, codes masked from the right, adjacent groups of an ordered list of
categories; every hierarchy ends in '*' (the value suppressed). A template picks one of these
from the column's name and values. Pure functions on lists of values (no data loading).

Rows are written in ARX's file format by :func:`write_hierarchy` (what
:func:`engine.remediation.hierarchy.read_hierarchy` reads back).
"""

from __future__ import annotations

import csv
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional, Sequence

from ..foundation.atomic import atomic_text
from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..io.encode import EncodedColumn
from ..foundation.messages import message
from .hierarchy import TOP, Hierarchy, level_counts

KINDS = ("intervals", "dates", "masking", "ordered", "suppress")
DATE_STEPS = ("month", "year", "decade")
AGE_NAMES = re.compile(r"(^|[_\W])(age|idade|edad|age_years)($|[_\W])", re.IGNORECASE)
CODE_NAMES = re.compile(r"(zip|postal|postcode|cep|municip|ibge|code|codigo|cod_|_cod|geocod|cnes|cbo|cnae)",
                        re.IGNORECASE)
MAX_LEVELS = 40


@dataclass(frozen=True)
class BuildSpec:
    """What to build: ``kind`` (one of :data:`KINDS`) and its parameters, sorted (name, value) pairs.

    intervals: ``width`` (first level's width) and ``widths`` (all levels, each a multiple of the
    one before; default: the width doubled until one interval holds every value); dates:
    ``steps`` (of :data:`DATE_STEPS`); masking: ``step`` (characters per level) and ``pad``
    (left-pad with zeros to the longest value first); ordered: ``order`` (the categories in
    order) and ``fanout`` (groups merged per level)."""

    kind: str
    params: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        return dict(self.params).get(name, default)


def spec(kind: str, **params: Any) -> BuildSpec:
    return BuildSpec(kind, tuple(sorted(params.items())))


# --- numbers -----------------------------------------------------------------------------------

def _fmt(number: float) -> str:
    return str(int(number)) if float(number).is_integer() else f"{number:g}"


def _number(text: str) -> Optional[float]:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def _numbers(column: str, values: Sequence[str]) -> list[float]:
    out = []
    for value in values:
        number = _number(value)
        if number is None:
            raise InputError(message(N_("column {column!r}: {value!r} is not a number (intervals need numbers)"),
                                     column=column, value=value))
        out.append(number)
    return out


def interval_label(lo: float, hi: float) -> str:
    """ARX's label of the interval lo <= x < hi: ``[lo, hi[``."""
    return f"[{_fmt(lo)}, {_fmt(hi)}["


def nice_width(span: float, groups: int = 10) -> float:
    """The smallest of 1, 2, 5 x 10^e at least ``span / groups`` (1 for an empty span)."""
    if span <= 0:
        return 1.0
    raw = span / groups
    exponent = math.floor(math.log10(raw))
    for mantissa in (1, 2, 5, 10):
        width = mantissa * 10.0 ** exponent
        if width >= raw - 1e-12:
            return float(round(width, 12))
    return 10.0 ** (exponent + 1)


def interval_levels(column: str, values: Sequence[str], width: Optional[float] = None,
                    widths: Sequence[float] = ()) -> list[list[str]]:
    """Level i puts x in ``[lo, lo + w_i[`` with ``lo = o + floor((x - o) / w_i) * w_i`` and the
    origin ``o = floor(min / w_1) * w_1`` (bounds from the data); the widths are ``widths``, or
    ``width`` doubled until one interval holds every value (that level is left to '*')."""
    numbers = _numbers(column, values)
    if widths:
        widths, width = [float(w) for w in widths], None
    elif width is not None:
        widths = [float(width)]
    else:
        raise InputError(message(N_("column {column!r}: give the intervals' width"), column=column))
    if any(not w > 0 for w in widths):
        raise InputError(message(N_("column {column!r}: interval widths must be positive numbers"), column=column))
    for small, large in zip(widths, widths[1:]):
        ratio = large / small
        if ratio < 1 or abs(ratio - round(ratio)) > 1e-9:
            raise InputError(message(N_("column {column!r}: each width must be a multiple of the one before "
                                        "({large:g} is not a multiple of {small:g})"), column=column, large=large,
                                     small=small))
    if not numbers:
        return []
    origin = math.floor(min(numbers) / widths[0]) * widths[0]
    levels: list[list[str]] = []
    while len(levels) < MAX_LEVELS:
        if len(levels) < len(widths):
            w = widths[len(levels)]
        elif width is not None and len(widths) == 1:
            w = widths[0] * 2 ** len(levels)
        else:
            break
        lows = [origin + math.floor((x - origin) / w + 1e-12) * w for x in numbers]
        if len(set(lows)) == 1:
            break
        levels.append([interval_label(lo, lo + w) for lo in lows])
    return levels


# --- dates -------------------------------------------------------------------------------------

def _parse_dates(column: str, values: Sequence[str]) -> list:
    import pandas as pd

    parsed = pd.to_datetime(pd.Series(list(values), dtype=object), errors="coerce", format="mixed")
    for value, p in zip(values, parsed):
        if pd.isna(p):
            raise InputError(message(N_("column {column!r}: {value!r} is not a date"), column=column, value=value))
    return list(parsed)


def date_levels(column: str, values: Sequence[str], steps: Sequence[str] = DATE_STEPS) -> list[list[str]]:
    """Dates to month (``YYYY-MM``), year (``YYYY``), decade (``[1990, 2000[``), in the order given."""
    unknown = [s for s in steps if s not in DATE_STEPS]
    if unknown or not steps:
        raise InputError(message(N_("column {column!r}: date steps are month, year and decade (got {steps})"),
                                 column=column, steps=", ".join(steps) or "-"))
    order = [DATE_STEPS.index(s) for s in steps]
    if order != sorted(set(order)):
        raise InputError(message(N_("column {column!r}: date steps go from fine to coarse: month, year, decade"),
                                 column=column))
    parsed = _parse_dates(column, values)
    levels = []
    for step in steps:
        if step == "month":
            levels.append([f"{p.year:04d}-{p.month:02d}" for p in parsed])
        elif step == "year":
            levels.append([f"{p.year:04d}" for p in parsed])
        else:
            levels.append([interval_label(p.year // 10 * 10, p.year // 10 * 10 + 10) for p in parsed])
    return levels


# --- codes -------------------------------------------------------------------------------------

def masking_levels(column: str, values: Sequence[str], step: int = 1, pad: bool = False) -> list[list[str]]:
    """Codes masked from the right, ``step`` more characters per level (12345, 1234*, 123**, ...)
    until every character of the longest code is masked; with ``pad`` the codes are first
    left-padded with zeros to the longest one (codes stored as numbers lose leading zeros)."""
    if step < 1:
        raise InputError(message(N_("column {column!r}: mask at least one character per level"), column=column))
    if not values:
        return []
    longest = max(len(v) for v in values)
    texts = [v.rjust(longest, "0") for v in values] if pad else list(values)
    levels = []
    for masked in range(step, longest, step):
        levels.append([t[:max(len(t) - masked, 0)] + "*" * min(masked, len(t)) for t in texts])
    return levels


# --- ordered categories ------------------------------------------------------------------------

def group_label(members: Sequence[str]) -> str:
    """A group of adjacent categories: the category itself, or ``[first, ..., last]``."""
    if len(members) == 1:
        return members[0]
    return f"[{members[0]}, {members[-1]}]" if len(members) == 2 else f"[{members[0]}, ..., {members[-1]}]"


def ordered_levels(column: str, values: Sequence[str], order: Sequence[str], fanout: int | Sequence[int] = 2
                   ) -> tuple[list[str], list[list[str]]]:
    """Adjacent categories of ``order`` merged ``fanout`` at a time per level (a list: one fanout
    per level, the last repeated) until one group is left; returns the rows' values (the
    order, which must hold every value) and the levels."""
    order = list(dict.fromkeys(order))
    missing = [v for v in values if v not in set(order)]
    if missing:
        raise InputError(message(N_("column {column!r}: {value!r} is not in the ordered list of categories"),
                                 column=column, value=missing[0]))
    fanouts = [fanout] if isinstance(fanout, int) else list(fanout)
    if not fanouts or any(f < 2 for f in fanouts):
        raise InputError(message(N_("column {column!r}: merge at least 2 groups per level"), column=column))
    groups = [[v] for v in order]
    group_of = {v: i for i, v in enumerate(order)}
    levels = []
    level = 0
    while len(groups) > 1 and level < MAX_LEVELS:
        f = fanouts[min(level, len(fanouts) - 1)]
        merged = [sum(groups[i:i + f], []) for i in range(0, len(groups), f)]
        if len(merged) == 1:
            break
        parent = {}
        for index, members in enumerate(merged):
            for m in members:
                parent[m] = index
        groups = merged
        group_of = parent
        levels.append([group_label(groups[group_of[v]]) for v in order])
        level += 1
    return order, levels


# --- the whole hierarchy -----------------------------------------------------------------------

def _sorted_values(values: Sequence[str]) -> list[str]:
    distinct = list(dict.fromkeys(values))
    numbers = [_number(v) for v in distinct]
    if distinct and all(n is not None for n in numbers):
        return [v for _, v in sorted(zip(numbers, distinct))]
    return sorted(distinct)


def build(column: str, values: Sequence[str], what: BuildSpec) -> Hierarchy:
    """The hierarchy of ``column`` (its distinct non-missing values as text) by ``what``: one row
    per value (numbers in numeric order), its levels, then '*'."""
    rows_values = _sorted_values(values)
    if what.kind == "intervals":
        levels = interval_levels(column, rows_values, what.get("width"), what.get("widths", ()))
    elif what.kind == "dates":
        levels = date_levels(column, rows_values, what.get("steps", DATE_STEPS))
    elif what.kind == "masking":
        levels = masking_levels(column, rows_values, int(what.get("step", 1)), bool(what.get("pad", False)))
    elif what.kind == "ordered":
        rows_values, levels = ordered_levels(column, rows_values, what.get("order", rows_values),
                                             what.get("fanout", 2))
    elif what.kind == "suppress":
        levels = []
    else:
        raise InputError(message(N_("column {column!r}: unknown kind of hierarchy {kind!r} (one of {kinds})"),
                                 column=column, kind=what.kind, kinds=", ".join(KINDS)))
    if not rows_values:
        raise InputError(message(N_("column {column!r}: no values to build a hierarchy of"), column=column))
    levels = levels + [[TOP] * len(rows_values)]
    rows = tuple((value, *(level[i] for level in levels)) for i, value in enumerate(rows_values))
    hierarchy = Hierarchy(column=column, rows=rows, source=column)
    hierarchy.validate()
    return hierarchy


# --- templates ---------------------------------------------------------------------------------

def _looks_like_dates(values: Sequence[str]) -> bool:
    pattern = re.compile(r"^\d{4}-\d{2}(-\d{2})?([ T]\d{2}:\d{2}(:\d{2})?)?$|^\d{1,2}/\d{1,2}/\d{4}$")
    return bool(values) and all(pattern.match(v) for v in values)


def template(column: str, values: Sequence[str], kind: str = "text") -> BuildSpec:
    """The usual hierarchy for a column, from its name and values (``kind``: the column's type,
    as :class:`~engine.io.encode.EncodedColumn` names it):

    - dates (a date/time column, or text like 1990-05-12): month, year, decade;
    - age (a number named age/idade): intervals of 5, 10, 20, ... years;
    - codes (digits named like a postal, municipality or other code, or text of digits only):
      masked from the right one digit at a time (by prefix), zero-padded when stored as numbers;
    - other numbers: intervals from a round width near a tenth of the range, doubled per level;
    - other categories: '*' only (no order to merge by)."""
    distinct = list(dict.fromkeys(v for v in values if v != ""))
    if kind == "date/time" or _looks_like_dates(distinct):
        return spec("dates", steps=DATE_STEPS)
    numbers = [_number(v) for v in distinct]
    numeric = bool(distinct) and all(n is not None for n in numbers)
    digits = bool(distinct) and all(v.isdigit() for v in distinct)
    if numeric and AGE_NAMES.search(column):
        return spec("intervals", width=5.0)
    if digits and (CODE_NAMES.search(column) or kind == "text") and max(len(v) for v in distinct) >= 2:
        lengths = {len(v) for v in distinct}
        return spec("masking", step=1, pad=len(lengths) > 1 and kind in ("integer", "float"))
    if numeric:
        span = max(numbers) - min(numbers)
        return spec("intervals", width=nice_width(span))
    return spec("suppress")


# --- files and previews -------------------------------------------------------------------------

def write_hierarchy(hierarchy: Hierarchy, path: str | Path) -> Path:
    """Write ``hierarchy`` in ARX's format (';'-separated, one row per value, level 0 first,
    quoted as the csv module quotes), atomically."""
    path = Path(path)
    with atomic_text(path, newline="") as handle:
        csv.writer(handle, delimiter=";", lineterminator="\n").writerows(hierarchy.rows)
    return path


@dataclass(frozen=True)
class LevelPreview:
    """One level over a column's records: its groups with their record counts, commonest first."""

    level: int
    counts: tuple[tuple[Optional[str], int], ...]

    @property
    def groups(self) -> int:
        return len(self.counts)

    @property
    def smallest(self) -> int:
        return min((n for _, n in self.counts), default=0)

    @property
    def largest(self) -> int:
        return max((n for _, n in self.counts), default=0)


def preview(hierarchy: Hierarchy, column: EncodedColumn) -> list[LevelPreview]:
    """Every level of ``hierarchy`` (0 to top) over ``column``'s records: groups and counts."""
    return [LevelPreview(level, tuple(level_counts(hierarchy, column, level))) for level in range(hierarchy.levels)]


def column_template(column: EncodedColumn) -> BuildSpec:
    """:func:`template` for an encoded column (its non-missing values and type)."""
    values = [column.label_text(c) for c in range(column.cardinality) if c != column.missing_code]
    return template(column.name, values, column.kind)


def build_for(column: EncodedColumn, what: BuildSpec) -> Hierarchy:
    """:func:`build` on an encoded column's non-missing values."""
    values = [column.label_text(c) for c in range(column.cardinality) if c != column.missing_code]
    return build(column.name, values, what)


def file_name(column: str) -> str:
    """The hierarchy file's name for a column: ``<column>_hierarchy.csv``, unsafe characters as '_'."""
    stem = re.sub(r"[^\w.-]+", "_", column).strip("._") or "column"
    return f"{stem}_hierarchy.csv"


def template_files(columns: Sequence[EncodedColumn], folder: str | Path) -> dict[str, Path]:
    """Build each column's template hierarchy and write it to ``folder / file_name(column)``;
    returns the file of each column (all built before any is written)."""
    folder = Path(folder)
    built = [(column.name, build_for(column, column_template(column))) for column in columns]
    return {name: write_hierarchy(h, folder / file_name(name)) for name, h in built}
