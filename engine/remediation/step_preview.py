"""One perturbative step applied to the loaded data, for a before/after preview
(docs/methods.md, "Perturbative steps"): :func:`apply_step` changes a copy of the table (the
columns the step names), :func:`preview_step` does it on at most ``records`` records (a seeded
simple random sample of a larger file) and counts each changed column before and after: a
numeric column in ``bins`` equal-width bins over the range of both (missing values counted
apart), a categorical one per category (the commonest before first, the rest summed)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np
import pyarrow as pa

from ..io.encode import EncodedColumn, EncodedTable, encode_column
from ..analysis.scenario_steps import NUMERIC_STEPS, PERTURBATIVE_STEPS, Pram, Transform
from .perturbation import apply_numeric, apply_pram, numeric_values

PREVIEW_RECORDS = 20_000
BINS = 20
CATEGORIES = 12
SAMPLE_SEED = 0


@dataclass(frozen=True)
class ColumnChange:
    """One column before and after the step. Numeric: ``edges`` (bins + 1, shared) and the
    counts per bin; categorical: ``categories`` (None for missing) with their counts, the
    categories not listed summed in ``others_before``/``others_after``."""

    column: str
    numeric: bool
    before: tuple[int, ...]
    after: tuple[int, ...]
    edges: tuple[float, ...] = ()
    categories: tuple[Optional[str], ...] = ()
    missing_before: int = 0
    missing_after: int = 0
    others_before: int = 0
    others_after: int = 0
    changed: int = 0  # records whose value the step changed


@dataclass(frozen=True)
class StepPreview:
    """The step's changed columns on ``records`` of the file's ``total`` records."""

    records: int
    total: int
    columns: tuple[ColumnChange, ...]

    @property
    def sampled(self) -> bool:
        return self.records < self.total


def _rows(column: EncodedColumn, rows: np.ndarray) -> EncodedColumn:
    return encode_column(column.name, column.labels.take(pa.array(column.codes[rows])))


def sample_table(table: EncodedTable, records: int = PREVIEW_RECORDS, seed: int = SAMPLE_SEED) -> EncodedTable:
    """``table`` itself when it has at most ``records`` records, else a seeded simple random sample of
    ``records`` of them, in file order."""
    if table.n_rows <= records:
        return table
    rows = np.sort(np.random.default_rng(seed).choice(table.n_rows, size=records, replace=False))
    return EncodedTable(name=table.name, path=table.path, sha256=table.sha256, n_rows=records,
                        columns={n: _rows(c, rows) for n, c in table.columns.items()}, warnings=table.warnings)


def apply_step(table: EncodedTable, step: Transform) -> EncodedTable:
    """A copy of ``table`` with one perturbative step applied to the columns it names (the other
    columns, and ``table``, unchanged)."""
    if not isinstance(step, PERTURBATIVE_STEPS):
        raise TypeError(f"not a perturbative step: {step!r}")
    columns = dict(table.columns)
    if isinstance(step, NUMERIC_STEPS):
        apply_numeric(columns, step)
    else:
        apply_pram(columns, step)
    return EncodedTable(name=table.name, path=table.path, sha256=table.sha256, n_rows=table.n_rows,
                        columns=columns, warnings=table.warnings)


def _texts(column: EncodedColumn) -> list[Optional[str]]:
    return column.labels.take(pa.array(column.codes)).cast(pa.string()).to_pylist()


def numeric_change(name: str, before: np.ndarray, after: np.ndarray, bins: int = BINS) -> ColumnChange:
    """Counts of ``before`` and ``after`` in ``bins`` equal-width bins from the smallest to the
    largest known value of either (numpy's histogram: each bin holds its left edge, the last also
    its right edge)."""
    known = np.concatenate([before[~np.isnan(before)], after[~np.isnan(after)]])
    low, high = (float(known.min()), float(known.max())) if known.size else (0.0, 1.0)
    if high <= low:
        low, high = low - 0.5, high + 0.5
    edges = np.linspace(low, high, bins + 1)
    counts = [np.histogram(v[~np.isnan(v)], bins=edges)[0] for v in (before, after)]
    changed = int(np.sum(~((before == after) | (np.isnan(before) & np.isnan(after)))))
    return ColumnChange(name, True, tuple(int(c) for c in counts[0]), tuple(int(c) for c in counts[1]),
                        edges=tuple(float(e) for e in edges), missing_before=int(np.isnan(before).sum()),
                        missing_after=int(np.isnan(after).sum()), changed=changed)


def category_change(name: str, before: list[Optional[str]], after: list[Optional[str]],
                    listed: int = CATEGORIES) -> ColumnChange:
    """Counts per category before and after: the ``listed`` commonest before (ties in order of
    first appearance) each, the others summed."""
    def tally(values: list[Optional[str]]) -> dict[Optional[str], int]:
        out: dict[Optional[str], int] = {}
        for v in values:
            out[v] = out.get(v, 0) + 1
        return out

    first, second = tally(before), tally(after)
    order = sorted(dict.fromkeys([*first, *second]), key=lambda c: -first.get(c, 0))
    shown, rest = order[:listed], order[listed:]
    return ColumnChange(name, False, tuple(first.get(c, 0) for c in shown), tuple(second.get(c, 0) for c in shown),
                        categories=tuple(shown), others_before=sum(first.get(c, 0) for c in rest),
                        others_after=sum(second.get(c, 0) for c in rest),
                        changed=sum(a != b for a, b in zip(before, after)))


def preview_step(table: EncodedTable, step: Transform, records: int = PREVIEW_RECORDS,
                 bins: int = BINS) -> StepPreview:
    """The step on (a sample of at most ``records`` records of) ``table``: each column it
    changes, counted before and after."""
    sample = sample_table(table, records)
    done = apply_step(sample, step)
    changes = []
    for name in step.columns:
        if isinstance(step, Pram):
            changes.append(category_change(name, _texts(sample[name]), _texts(done[name])))
        else:
            changes.append(numeric_change(name, numeric_values(sample[name]), numeric_values(done[name]), bins))
    return StepPreview(sample.n_rows, table.n_rows, tuple(changes))


__all__ = ["ColumnChange", "StepPreview", "apply_step", "category_change", "numeric_change", "preview_step",
           "sample_table"]
