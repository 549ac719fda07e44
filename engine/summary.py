"""Selections over results for tables and plots: the top subset(s) of each size."""

from __future__ import annotations

from typing import Sequence, TypeVar

Row = TypeVar("Row")


def top_by_size(rows: Sequence[Row], measure: str, ties: bool = False) -> list[Row]:
    """Per subset size, ascending, the row with the highest ``measure`` (ties: the first in
    the user's QID order, or every tied row when ``ties``)."""
    best: dict[int, list[Row]] = {}
    for row in rows:
        size = len(row.qids)
        value = getattr(row, measure)
        current = best.get(size)
        if current is None or value > getattr(current[0], measure):
            best[size] = [row]
        elif ties and value == getattr(current[0], measure):
            current.append(row)
    return [row for size in sorted(best) for row in best[size]]
