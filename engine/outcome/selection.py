"""Which subsets the tables, plots, PDF and command line single out, chosen in one place.

One tie-break everywhere (docs/methods.md, "QID-subset sweep"): the highest value wins; among
equal values the subset with the fewest QIDs, then the first in the user's QID order (the
order in which the engine lists its rows). Nothing here computes risk; it only reads results.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional, Sequence, TypeVar, Union

from .results import Assessment, PrivacyModelLevels

Row = TypeVar("Row")
Measure = Union[str, Callable[[object], float]]


def _value(measure: Measure) -> Callable[[object], float]:
    return (lambda row: getattr(row, measure)) if isinstance(measure, str) else measure


def worst(rows: Sequence[Row], measure: Measure, max_size: Optional[int] = None) -> Optional[Row]:
    """The row with the highest ``measure`` (an attribute name or a function of the row),
    optionally among subsets of at most ``max_size`` QIDs; ties: fewest QIDs, then the first
    row. None when no row qualifies."""
    value = _value(measure)
    best, best_key = None, None
    for row in rows:
        if max_size is not None and len(row.qids) > max_size:
            continue
        key = (value(row), -len(row.qids))
        if best_key is None or key > best_key:
            best, best_key = row, key
    return best


def top_by_size(rows: Sequence[Row], measure: Measure, ties: bool = False) -> list[Row]:
    """Per subset size, ascending, the row with the highest ``measure`` (ties: the first row,
    or every tied row in order when ``ties``)."""
    value = _value(measure)
    best: dict[int, list[Row]] = {}
    for row in rows:
        size = len(row.qids)
        current = best.get(size)
        if current is None or value(row) > value(current[0]):
            best[size] = [row]
        elif ties and value(row) == value(current[0]):
            current.append(row)
    return [row for size in sorted(best) for row in best[size]]


def smallest_k_by_size(levels: Sequence[PrivacyModelLevels]) -> list[PrivacyModelLevels]:
    """Per subset size, ascending, the levels of the subset with the smallest k (k does not
    depend on the sensitive attribute: the first attribute's rows are read); ties: the first."""
    if not levels:
        return []
    first = levels[0].sensitive
    return top_by_size([m for m in levels if m.sensitive == first], lambda m: -m.k)


@dataclass(frozen=True)
class FullSetLevels:
    """The privacy-model levels of the full QID set, one row per sensitive attribute; when the
    full set was not evaluated, those of the largest evaluated subset (``complete`` False)."""

    qids: tuple[str, ...]
    rows: tuple[PrivacyModelLevels, ...]
    complete: bool


def full_set_levels(assessment: Assessment) -> Optional[FullSetLevels]:
    """Levels of every QID (the linked QIDs for linked releases) or of the largest evaluated
    subset (the first of that size); None without privacy-model levels."""
    levels = assessment.privacy_models
    if not levels:
        return None
    linked = assessment.longitudinal
    every = set(linked.qids if linked is not None else assessment.config.roles.quasi_identifiers)
    full = next((m.qids for m in levels if set(m.qids) == every), None)
    if full is None:
        size = max(len(m.qids) for m in levels)
        full = next(m.qids for m in levels if len(m.qids) == size)
    return FullSetLevels(full, tuple(m for m in levels if m.qids == full), set(full) == every)
