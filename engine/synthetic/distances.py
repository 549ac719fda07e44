r"""Distances between records over the attacker's columns, and their index embeddings.

Each distance is a sum of per-column contributions :math:`c_j(x, y)` (``l2``: the square root
of the sum). With :math:`x'_j = (x_j - \min_j)/\mathrm{range}_j` for a numeric column
(min and range over the three files) and :math:`[\cdot]` the indicator:

- ``hamming``: :math:`c_j = [x_j \ne y_j]`, the number of columns that differ (numbers
  compared exactly; missing equals missing).
- ``mixed`` (Gower-style): numeric :math:`c_j = |x'_j - y'_j|`, categorical
  :math:`c_j = [x_j \ne y_j]`.
- ``l1``: the L1 norm over the encoded columns: numerics scaled by range, categoricals
  one-hot, so a categorical mismatch costs 2.
- ``l2``: the L2 norm over the same encoding: :math:`\sqrt{\sum_j c_j}` with numeric
  :math:`c_j = (x'_j - y'_j)^2` and categorical :math:`c_j = 2 [x_j \ne y_j]`.

A numeric missing value against a present one costs the column's full range (1) in
``mixed`` and ``l1``, and nothing against another missing value. ``l2`` cannot place a point
at the same distance from every point of a segment, so there it costs
:math:`(x'_j - 1/2)^2 + 3/4` (between 0.75 and 1; the missing value sits at height
:math:`\sqrt{3}/2` above the middle of the range).

Every distance is computed by an index (:mod:`engine.synthetic.neighbours`) on an embedding
of the records (:meth:`DistanceSpace.embed`) whose metric, times :meth:`DistanceSpace.scale`,
equals the distance above exactly: ``hamming`` uses a scikit-learn ``BallTree``'s hamming
metric on the raw values (a share of columns); ``l1``/``mixed`` a KD-tree with the manhattan
metric on scaled numerics and categoricals as the vertices of a cross-polytope (code k at
:math:`\pm w` on axis :math:`\lfloor k/2 \rfloor`, so any two codes are :math:`2w` apart with
half the axes of one-hot; w = 1 or 1/2), a numeric column with missing values as the three
features :math:`(x'/2, (1-x')/2, 1/2)` or :math:`(0, 0, 0)` when missing; ``l2`` the
euclidean metric on one-hot categoricals.
:meth:`DistanceSpace.pairwise` is the brute-force reference the tests and the benchmark use.

References: Stadler, Oprisanu & Troncoso (2022) and the tapas library (Houssiau et al. 2022)
for closest-distance attacks; Gower (1971) for the mixed distance.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..foundation.messages import message
from .data import AttackData

MAX_FEATURES = 4096
METRICS = {"hamming": "hamming", "l1": "manhattan", "mixed": "manhattan", "l2": "euclidean"}


@dataclass(frozen=True)
class DistanceSpace:
    """One distance over the columns of an :class:`AttackData` (see the module docstring)."""

    distance: str
    columns: tuple[str, ...]
    kinds: tuple[str, ...]
    widths: tuple[int, ...]          # categories per categorical column (0 for numeric)
    minimums: tuple[float, ...]      # numeric columns (0.0 for categorical)
    ranges: tuple[float, ...]        # numeric columns (1.0 for categorical)
    missing: tuple[bool, ...]        # a numeric column holds a missing value in some file

    @classmethod
    def from_data(cls, data: AttackData, distance: str) -> "DistanceSpace":
        if distance not in METRICS:
            raise InputError(message(N_("distance: unknown distance {distance!r} (known: {known})"), distance=distance,
                                     known=", ".join(METRICS)))
        widths, minimums, ranges, missing = [], [], [], []
        for j, (name, kind) in enumerate(zip(data.columns, data.kinds)):
            numeric = kind == "numeric"
            widths.append(0 if numeric else len(data.categories[name]))
            minimums.append(data.minimum(j) if numeric else 0.0)
            ranges.append(data.ranges[name] if numeric else 1.0)
            missing.append(numeric and any(bool(np.isnan(t[:, j]).any()) for t in data.tables()))
        space = cls(distance, data.columns, data.kinds, tuple(widths), tuple(minimums), tuple(ranges),
                    tuple(missing))
        width = space.width(range(len(data.columns)))
        if width > MAX_FEATURES:
            widest = max(range(len(widths)), key=lambda j: widths[j])
            raise InputError(message(N_("column {column!r} has {count:,} distinct values: too many for the "
                                        "{distance} distance's one-hot encoding ({width:,} features); use --distance "
                                        "hamming or leave the column out"), column=data.columns[widest],
                                     count=widths[widest], distance=distance, width=width))
        return space

    @property
    def metric(self) -> str:
        """The scikit-learn metric of the embedding."""
        return METRICS[self.distance]

    @property
    def integral(self) -> bool:
        """Distances are whole numbers (hamming): index results are rounded."""
        return self.distance == "hamming"

    def width(self, columns: Sequence[int]) -> int:
        """Features of the embedding of ``columns``."""
        if self.distance == "hamming":
            return len(columns)
        total = 0
        for j in columns:
            if self.kinds[j] == "categorical":
                total += self.widths[j] if self.distance == "l2" else (self.widths[j] + 1) // 2
            elif self.missing[j]:
                total += 3 if self.distance != "l2" else 2
            else:
                total += 1
        return total

    def scale(self, columns: Sequence[int]) -> float:
        """Index distance times this = the distance (hamming: the tree gives a share of columns)."""
        return float(len(columns)) if self.distance == "hamming" else 1.0

    def scaled(self, values: np.ndarray, j: int) -> np.ndarray:
        return (values - self.minimums[j]) / self.ranges[j]

    def embed(self, rows: np.ndarray, columns: Sequence[int]) -> np.ndarray:
        """The rows' features for the index, C-contiguous float64 of :meth:`width` columns."""
        rows = np.asarray(rows, dtype=np.float64)
        out = np.zeros((len(rows), self.width(columns)), dtype=np.float64)
        at = 0
        for j in columns:
            values = rows[:, j]
            if self.distance == "hamming":
                out[:, at] = np.where(np.isnan(values), self.minimums[j] - 1.0, values)
                at += 1
                continue
            if self.kinds[j] == "categorical":
                codes = values.astype(np.int64)
                if self.distance == "l2":           # one-hot: a mismatch costs sqrt(2)
                    out[np.arange(len(rows)), at + codes] = 1.0
                else:                               # cross-polytope: +-w on axis code // 2
                    weight = 0.5 if self.distance == "mixed" else 1.0
                    out[np.arange(len(rows)), at + codes // 2] = np.where(codes % 2 == 0, weight, -weight)
                at += self.width((j,))
                continue
            scaled = self.scaled(values, j)
            if not self.missing[j]:
                out[:, at] = scaled
                at += 1
                continue
            absent = np.isnan(scaled)
            if self.distance == "l2":
                out[:, at] = np.where(absent, 0.5, scaled)
                out[:, at + 1] = np.where(absent, np.sqrt(0.75), 0.0)
                at += 2
            else:
                out[:, at] = np.where(absent, 0.0, scaled / 2)
                out[:, at + 1] = np.where(absent, 0.0, (1.0 - scaled) / 2)
                out[:, at + 2] = np.where(absent, 0.0, 0.5)
                at += 3
        return out

    def contributions(self, a: np.ndarray, b: np.ndarray, j: int) -> np.ndarray:
        """Column ``j``'s contribution :math:`c_j` for every pair (len(a), len(b)) of values."""
        x, y = np.asarray(a, dtype=np.float64)[:, None], np.asarray(b, dtype=np.float64)[None, :]
        x_missing, y_missing = np.isnan(x), np.isnan(y)
        differ = (x != y) & ~(x_missing & y_missing)
        if self.distance == "hamming":
            return differ.astype(np.float64)
        if self.kinds[j] == "categorical":
            return differ * (1.0 if self.distance == "mixed" else 2.0)
        xs, ys = self.scaled(x, j), self.scaled(y, j)
        one = x_missing ^ y_missing
        if self.distance == "l2":
            present = np.where(x_missing, ys, xs)
            gap = np.where(one, (present - 0.5) ** 2 + 0.75, (xs - ys) ** 2)
        else:
            gap = np.where(one, 1.0, np.abs(xs - ys))
        return np.where(x_missing & y_missing, 0.0, gap)

    def pairwise(self, a: np.ndarray, b: np.ndarray, columns: Sequence[int]) -> np.ndarray:
        """Brute-force distances between every row of ``a`` and of ``b`` over ``columns``.

        >>> from engine.synthetic.data import AttackData
        >>> rows = np.array([[0.0, 1.0], [10.0, 0.0]])
        >>> data = AttackData(("x", "c"), ("numeric", "categorical"), rows, rows, None,
        ...                   {"c": ("a", "b")}, {"x": 10.0}, None)
        >>> [float(DistanceSpace.from_data(data, d).pairwise(rows[:1], rows[1:], (0, 1))[0, 0])
        ...  for d in ("hamming", "mixed", "l1")]
        [2.0, 2.0, 3.0]
        """
        total = np.zeros((len(a), len(b)), dtype=np.float64)
        for j in columns:
            total += self.contributions(np.asarray(a)[:, j], np.asarray(b)[:, j], j)
        return np.sqrt(total) if self.distance == "l2" else total

    def combine(self, partial: np.ndarray, extra: np.ndarray) -> np.ndarray:
        """The distance over two disjoint sets of columns from the distance over each."""
        if self.distance == "l2":
            return np.sqrt(partial ** 2 + extra ** 2)
        return partial + extra
