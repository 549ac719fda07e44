"""Which columns of a loaded file look like survey sampling weights.

Only a hint shown to the analyst (the window suggests such a column for the weight role and
never chooses it on its own); see docs/methods.md, "Individual risk", for what the weight does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

import numpy as np

from .encode import EncodedColumn, EncodedTable

NAME_PARTS = ("weight", "wgt", "wght", "peso", "fator", "factor", "expan", "pondera", "poids",
              "gewicht", "fexp")
NAME_WORDS = ("wt", "w", "pw", "hw", "fw", "pond")
ABOVE_ONE_SHARE = 0.9
DISTINCT_SHARE = 0.05
MIN_DISTINCT = 10
MIN_SPREAD = 1.5  # largest / smallest value: weights vary, years (2012 / 1990) hardly do
CALENDAR_MAX = 31  # whole numbers no larger than this look like days or months, not weights


@dataclass(frozen=True)
class WeightHint:
    """A column that looks like a sampling weight and why (``by_name``, ``by_values``)."""

    column: str
    by_name: bool
    by_values: bool
    above_one: float  # share of records whose value is above 1
    distinct: int

    def reason(self) -> str:
        """'its name and its values' / 'its name' / 'its values', for a sentence."""
        if self.by_name and self.by_values:
            return "its name and its values"
        return "its name" if self.by_name else "its values"


def name_looks_like_weight(name: str) -> bool:
    """True for names such as ``weight``, ``fnlwgt``, ``PESO``, ``fator_expansao``, ``hh_wt``.

    >>> [name_looks_like_weight(n) for n in ("fnlwgt", "peso_pessoa", "wt", "birth", "age")]
    [True, True, True, False, False]
    """
    lowered = name.lower()
    if any(part in lowered for part in NAME_PARTS):
        return True
    return any(word in NAME_WORDS for word in re.split(r"[^a-z]+", lowered))


def weight_hint(column: EncodedColumn) -> Optional[WeightHint]:
    """A hint when ``column`` is numeric with every value present and > 0, and either its name
    looks like a weight or its values do: at least 90% of records above 1, many distinct values
    (at least 10 and 5% of the records) spread widely (largest / smallest at least 1.5, which
    years are not), unless it is whole numbers all different (record ids) or all at most 31
    (days, months)."""
    if column.kind not in ("integer", "float") or column.missing_code is not None or not len(column.codes):
        return None
    values = np.asarray(column.labels.to_numpy(zero_copy_only=False), dtype=float)
    if not len(values) or not np.all(np.isfinite(values)) or values.min() <= 0:
        return None
    counts = np.bincount(column.codes, minlength=len(values))
    n = int(counts.sum())
    above_one = float(counts[values > 1].sum()) / n
    distinct = len(values)
    record_ids = column.kind == "integer" and distinct == n
    calendar = bool(np.all(values == np.round(values))) and values.max() <= CALENDAR_MAX
    spread = values.max() / values.min() >= MIN_SPREAD
    by_values = (above_one >= ABOVE_ONE_SHARE and distinct >= max(MIN_DISTINCT, DISTINCT_SHARE * n)
                 and spread and not calendar and not record_ids)
    by_name = name_looks_like_weight(column.name)
    if not (by_name or by_values):
        return None
    return WeightHint(column.name, by_name, by_values, above_one, distinct)


def weight_hints(table: EncodedTable) -> list[WeightHint]:
    """The hints for every column of ``table``: by name first, then by values, in file order."""
    hints = [h for h in (weight_hint(c) for c in table.columns.values()) if h is not None]
    return sorted(hints, key=lambda h: (not h.by_name, not h.by_values))
