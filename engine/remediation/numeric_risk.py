"""Risk and utility on numeric quasi-identifiers, for the original file and each scenario
(docs/methods.md, "Numeric keys"): distance-based record linkage within the blocks of the
categorical QIDs, interval disclosure, outliers by robust Mahalanobis distance, IL1s and the
change of means, sds and correlations; after PRAM, how often a unique match on the released
categorical QIDs is the true record."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

import numpy as np
import pyarrow as pa

from ..io.encode import EncodedColumn, EncodedTable
from ..perturb.interval import interval_risk
from ..perturb.outliers import robust_outliers
from ..perturb.pram_matches import pram_matches
from ..perturb.record_linkage import linkage_risk
from ..perturb.utility import NumericUtility, numeric_utility
from .perturbation import numeric_values
from .transforms import TransformedTable

OUTLIERS_LISTED = 20


@dataclass(frozen=True)
class NumericRisk:
    """The numeric-key figures of one file (the original, or a scenario's release)."""

    columns: tuple[str, ...]
    records: int
    linkage_risk: Optional[float]
    interval_risk: Optional[float]
    interval_radius: float
    outliers: tuple[int, ...] = ()  # row numbers (1-based) of the original's outliers, most outlying first
    outlier_count: int = 0
    outliers_linked: Optional[int] = None  # of the outliers kept, how many are still linked to themselves
    utility: Optional[NumericUtility] = None
    pram_unique_matches: Optional[int] = None
    pram_right_share: Optional[float] = None
    pram_columns: tuple[str, ...] = ()
    alone_in_block: Optional[float] = None   # share of records the only released one of their categorical block
    # the original's outliers, most outlying first (row numbers from 0): every scenario keeping
    # the same numeric keys reads them instead of fitting the robust covariance again
    outlier_rows: Optional[np.ndarray] = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {"columns": list(self.columns), "records": self.records, "linkage_risk": self.linkage_risk,
                "interval_risk": self.interval_risk, "interval_radius": self.interval_radius,
                "outlier_count": self.outlier_count, "outliers": list(self.outliers),
                "outliers_linked": self.outliers_linked, "alone_in_block": self.alone_in_block,
                "utility": self.utility.to_dict() if self.utility else None,
                **({"pram": {"columns": list(self.pram_columns), "unique_matches": self.pram_unique_matches,
                             "right_share": self.pram_right_share}} if self.pram_columns else {})}


def _matrix(table: EncodedTable, columns: Sequence[str], rows: Optional[np.ndarray] = None) -> np.ndarray:
    x = (np.column_stack([numeric_values(table[c], table.name) for c in columns]) if columns
         else np.zeros((table.n_rows, 0)))
    return x if rows is None else x[rows]


def _texts(column: EncodedColumn) -> pa.Array:
    return column.labels.take(pa.array(column.codes)).cast(pa.string())


def joint_keys(first: dict[str, EncodedColumn], second: dict[str, EncodedColumn], qids: Sequence[str]
               ) -> tuple[np.ndarray, np.ndarray]:
    """Integer codes of the QID combinations of two views of the same records, in one code space."""
    n = len(next(iter(first.values())).codes) if first else 0
    if not qids:
        return np.zeros(n, np.int64), np.zeros(n, np.int64)
    key = np.zeros(2 * n, np.int64)
    space = 1
    for q in qids:
        both = pa.concat_arrays([_texts(first[q]), _texts(second[q])]).fill_null("\x00missing").dictionary_encode()
        codes = both.indices.to_numpy(zero_copy_only=False).astype(np.int64)
        size = max(1, len(both.dictionary))
        if space * size >= 2 ** 62:           # renumber the combinations so far before they overflow
            key = np.unique(key, return_inverse=True)[1].reshape(-1).astype(np.int64)
            space = int(key.max()) + 1 if len(key) else 1
        key = key * size + codes
        space *= size
    inverse = np.unique(key, return_inverse=True)[1].reshape(-1)
    return inverse[:n], inverse[n:]


def _outliers(x: np.ndarray) -> tuple[np.ndarray, tuple[int, ...]]:
    found = robust_outliers(x) if x.shape[1] and len(x) else None
    if found is None or not found.records.size:
        return np.zeros(0, np.int64), ()
    order = found.records[np.argsort(-found.distance[found.records], kind="stable")]
    return order, tuple(int(r) + 1 for r in order[:OUTLIERS_LISTED])


def original_numeric(table: EncodedTable, numeric_qids: Sequence[str], qids: Sequence[str],
                     radius: float) -> NumericRisk:
    """The original file's figures: linkage of the file with itself (100% when the numeric keys
    single every record out within its block), interval risk (1 by definition) and outliers."""
    x = _matrix(table, numeric_qids)
    keys, _ = joint_keys(table.columns, table.columns, qids)
    outliers, listed = _outliers(x)
    link = linkage_risk(x, x, keys, keys)
    return NumericRisk(tuple(numeric_qids), table.n_rows, link.share, interval_risk(x, x, radius), radius,
                       listed, int(outliers.size), int((link.credit[outliers] > 0).sum()),
                       alone_in_block=link.alone, outlier_rows=outliers)


def scenario_numeric(table: EncodedTable, transformed: TransformedTable, numeric_qids: Sequence[str],
                     qids: Sequence[str], radius: float, original: Optional[NumericRisk] = None) -> NumericRisk:
    """A scenario's figures: its released numeric keys (records kept) against the original's
    (``original``: the original's figures, whose outliers are reused for the same keys)."""
    rows = transformed.rows
    released_table = transformed.table
    left = [q for q in qids if q in transformed.qids]
    attacker_view = transformed.before_pram or released_table.columns
    att_keys, rel_keys = joint_keys(attacker_view, released_table.columns, left)
    matches = pram_matches(att_keys, rel_keys) if transformed.pram else None
    columns = [c for c in numeric_qids if c in released_table.columns]
    if not columns:
        return NumericRisk((), len(rows), None, None, radius,
                           pram_unique_matches=matches.unique_matches if matches else None,
                           pram_right_share=matches.right_share if matches else None,
                           pram_columns=tuple(dict.fromkeys(m.column for m in transformed.pram)))
    x = _matrix(table, columns, rows)
    y = _matrix(released_table, columns)
    link = linkage_risk(x, y, att_keys, rel_keys)
    if original is not None and original.outlier_rows is not None and tuple(columns) == original.columns:
        outliers = original.outlier_rows
    else:
        outliers, _ = _outliers(_matrix(table, columns))
    position = np.full(table.n_rows, -1)
    position[rows] = np.arange(len(rows))
    kept = position[outliers]
    kept = kept[kept >= 0]
    return NumericRisk(tuple(columns), len(rows), link.share, interval_risk(x, y, radius), radius,
                       outlier_count=int(outliers.size), outliers_linked=int((link.credit[kept] > 0).sum()),
                       utility=numeric_utility(x, y),
                       pram_unique_matches=matches.unique_matches if matches else None,
                       pram_right_share=matches.right_share if matches else None,
                       pram_columns=tuple(dict.fromkeys(m.column for m in transformed.pram)),
                       alone_in_block=link.alone)
