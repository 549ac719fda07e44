"""Information loss of a transformation (docs/methods.md, "Information loss").

- Non-uniform entropy as ARX computes it by default (``Metric.createEntropyMetric()``: the
  non-monotonic variant, generalisation and suppression weighted 1, summed over the QIDs, each
  column's value rounded down to 10 decimals). For a column whose original value ``i`` occurs
  ``a_i`` times and whose generalised value ``g(i)`` occurs ``b_g`` times among all records,
  with ``c_v`` of the ``S`` suppressed records carrying generalised value ``v``:

  .. math:: H = -\\sum_i a_i \\log_2 \\frac{a_i}{b_{g(i)}} - \\sum_v c_v \\log_2 \\frac{c_v}{S}

- Generalisation height: the sum of the levels.
- Discernibility (Bayardo & Agrawal 2005): :math:`\\sum_{|E| \\ge k} |E|^2 + S \\cdot n`.
- Total variation distance of a cross-tabulation: :math:`\\frac12 \\sum_x |p(x) - q(x)|`,
  cells keyed by the values as written (a recoded or blanked value is another cell).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Optional, Sequence

import numpy as np

from ..io.encode import EncodedTable

ARX_DIGITS = 10
METRICS = ("entropy", "height", "discernibility")


def arx_round(value: float) -> float:
    """ARX's ``Metric.round``: down to 10 decimals."""
    return math.floor(value * 10 ** ARX_DIGITS) / 10 ** ARX_DIGITS


def _plogp_ratio(counts: np.ndarray, totals: np.ndarray) -> float:
    """sum counts * log2(counts / totals) over counts > 0."""
    present = counts > 0
    return float(np.sum(counts[present] * np.log2(counts[present] / totals[present])))


def generalisation_entropy(original_counts: np.ndarray, level_codes: np.ndarray, level_cardinality: int) -> float:
    """The first sum of :math:`H` (before the sign flip): ``sum_i a_i log2(a_i / b_g(i))``."""
    a = np.asarray(original_counts, dtype=np.float64)
    b = np.bincount(level_codes, weights=a, minlength=level_cardinality)
    return _plogp_ratio(a, b[level_codes])


def suppression_entropy(suppressed_level_counts: np.ndarray) -> float:
    """The second sum of :math:`H` (before the sign flip): ``sum_v c_v log2(c_v / S)``."""
    c = np.asarray(suppressed_level_counts, dtype=np.float64)
    total = c.sum()
    if total == 0:
        return 0.0
    return _plogp_ratio(c, np.full_like(c, total))


def nonuniform_entropy(original_codes: np.ndarray, original_cardinality: int, level_codes: np.ndarray,
                       level_cardinality: int, suppressed: Optional[np.ndarray] = None) -> float:
    """ARX's non-uniform entropy :math:`H` of one column.

    ``original_codes``: each record's original code; ``level_codes[original code]``: its code at
    the chosen level; ``suppressed``: records (or cells) suppressed.

    >>> codes = np.array([0, 0, 1, 2]); nonuniform_entropy(codes, 3, np.array([0, 1, 1]), 2)
    2.0
    """
    counts = np.bincount(original_codes, minlength=original_cardinality)
    value = generalisation_entropy(counts, level_codes, level_cardinality)
    if suppressed is not None and suppressed.any():
        generalised = level_codes[original_codes[suppressed]]
        value += suppression_entropy(np.bincount(generalised, minlength=level_cardinality))
    return arx_round(-value) if value != 0.0 else 0.0


def height(levels: Sequence[int]) -> int:
    """Generalisation height: the sum of the levels."""
    return int(sum(levels))


def discernibility(sizes: np.ndarray, k: int, n: int) -> float:
    """:math:`\\sum_{|E| \\ge k} |E|^2 + S n`, S the records in blocks smaller than k.

    >>> discernibility(np.array([3, 1, 2]), 2, 6)
    19.0
    """
    sizes = np.asarray(sizes, dtype=np.float64)
    kept = sizes >= k
    return float(np.sum(sizes[kept] ** 2) + np.sum(sizes[~kept]) * n)


def total_variation(before: Sequence[tuple], after: Sequence[tuple]) -> float:
    """Total variation distance between the value combinations of two record lists.

    >>> round(total_variation([("a",), ("a",), ("b",), ("b",)], [("a",), ("b",), ("b",)]), 4)
    0.1667
    """
    p, q = Counter(before), Counter(after)
    n_p, n_q = sum(p.values()), sum(q.values())
    if n_p == 0 or n_q == 0:
        return 1.0 if n_p != n_q else 0.0
    return 0.5 * sum(abs(p.get(x, 0) / n_p - q.get(x, 0) / n_q) for x in sorted(set(p) | set(q)))


def table_rows(table: EncodedTable, columns: Sequence[str]) -> list[tuple]:
    """The records of ``table`` as tuples of value texts ('' missing) over ``columns``."""
    texts = []
    for name in columns:
        column = table[name]
        labels = [column.label_text(c) for c in range(column.cardinality)]
        texts.append([labels[c] for c in column.codes])
    return list(zip(*texts)) if texts else [()] * table.n_rows


@dataclass(frozen=True)
class InformationLoss:
    """What a scenario costs: records removed, cells blanked per column, each recoded
    column's level and ARX non-uniform entropy, and the TVD of chosen cross-tabulations."""

    records: int
    records_removed: int
    records_sampled_out: int
    cells_suppressed: dict[str, int]
    dropped: tuple[str, ...]
    levels: dict[str, int]
    entropy: dict[str, float]
    tvd: dict[str, float] = field(default_factory=dict)
    entropy_dropped: dict[str, float] = field(default_factory=dict)  # a dropped QID: as if all suppressed
    entropy_max: dict[str, float] = field(default_factory=dict)  # every original QID, all suppressed

    @property
    def total_entropy(self) -> float:
        return float(sum(self.entropy.values()))

    @property
    def share_lost(self) -> Optional[float]:
        """The QIDs' information lost: (H of the kept QIDs + H of the dropped ones, counted as
        fully suppressed) / the H of suppressing every QID of every record; None if unknown."""
        most = sum(self.entropy_max.values())
        if not most:
            return None if not self.entropy_max else 0.0
        return (self.total_entropy + sum(self.entropy_dropped.values())) / most

    def to_dict(self) -> dict:
        return {"records": self.records, "records_removed": self.records_removed,
                "records_sampled_out": self.records_sampled_out, "cells_suppressed": self.cells_suppressed,
                "dropped": list(self.dropped), "levels": self.levels, "entropy": self.entropy,
                "entropy_total": self.total_entropy, "height": height(self.levels.values()), "tvd": self.tvd,
                "entropy_dropped": self.entropy_dropped, "share_lost": self.share_lost}


def scenario_loss(original: EncodedTable, transformed, crosstabs: Sequence[Sequence[str]] = ()) -> InformationLoss:
    """The :class:`InformationLoss` of a :class:`~engine.remediation.transforms.TransformedTable`
    against the original table. Records removed or sampled out count as suppressed in every
    QID's entropy; blanked cells in their own column."""
    from .hierarchy import level_tables

    n = original.n_rows
    released = np.zeros(n, dtype=bool)
    released[transformed.rows] = True
    entropy: dict[str, float] = {}
    levels: dict[str, int] = {}
    for name in transformed.qids:
        column = original[name]
        hierarchy, level = transformed.recoded.get(name, (None, 0))
        table = level_tables(hierarchy, column)[level]
        suppressed = ~released
        out = transformed.table[name]
        if out.missing_code is not None:
            blank = np.zeros(n, dtype=bool)
            blank[transformed.rows] = out.codes == out.missing_code
            was_missing_at_level = np.array([label is None for label in table.labels])[table.codes[column.codes]]
            suppressed = suppressed | (blank & ~was_missing_at_level)
        levels[name] = level
        entropy[name] = nonuniform_entropy(column.codes.astype(np.int64), column.cardinality, table.codes,
                                           table.cardinality, suppressed)
    everyone = np.ones(n, dtype=bool)
    maximum = {}
    for name in (*transformed.qids, *transformed.dropped):
        column = original[name]
        codes = column.codes.astype(np.int64)
        maximum[name] = nonuniform_entropy(codes, column.cardinality, np.arange(column.cardinality),
                                           column.cardinality, everyone)
    tvd = {}
    for columns in crosstabs:
        present = [c for c in columns if c in transformed.table.columns]
        key = " x ".join(columns)
        before = table_rows(original, list(columns))
        after = table_rows(transformed.table, present)
        if len(present) < len(columns):  # a dropped column is missing in every released record
            after = [tuple(dict(zip(present, row)).get(c, "") for c in columns) for row in after]
        tvd[key] = total_variation(before, after)
    return InformationLoss(records=n, records_removed=transformed.records_removed,
                           records_sampled_out=transformed.records_sampled_out,
                           cells_suppressed=dict(transformed.cells_suppressed), dropped=transformed.dropped,
                           levels=levels, entropy=entropy, tvd=tvd,
                           entropy_dropped={name: maximum[name] for name in transformed.dropped},
                           entropy_max=maximum)
