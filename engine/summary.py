"""Former home of the per-size selection; kept as an alias of :mod:`engine.selection`."""

from __future__ import annotations

from .selection import top_by_size

__all__ = ["top_by_size"]
