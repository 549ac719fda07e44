r"""Closest-distance attacks (Stadler, Oprisanu & Troncoso 2022; tapas ``ClosestDistanceMIA`` /
``ClosestDistanceAIA``, Houssiau et al. 2022).

Membership: the attacker holds the target record x and the synthetic file D(s); the closer
x is to its nearest synthetic record, the likelier x was used to make D(s):

.. math:: s(x) = -\min_{y \in D(s)} d(x, y)

(a direct lookup, "x appears in D(s)", is the distance-0 case).

Attribute inference: the attacker knows x's QIDs and guesses its sensitive value among the
values v the synthetic file holds, completing x with each (x|v):

.. math:: d_v(x) = \min_{y \in D(s)} d(x|v, y), \qquad s_v = \frac{1/d_v}{\sum_u 1/d_u},

and guesses the v of the nearest completion (the smallest :math:`d_v`). Distances within
:data:`TOLERANCE` of the smallest (relative, and at least that much absolute) are ties, so
rounding in the index cannot decide: a tie goes to the value more common in D(s), and if the
counts tie too, to the smaller value (categorical: first in text order; missing last). The
confidence :math:`s_v` of the guess grows as its completion gets nearer: an exact copy of a
synthetic record (:math:`d_v = 0`) scores 1, or 1/k when k values have a completion at
distance 0; a value with no synthetic record scores 0. The distances are additive over
columns (``l2``: their squares), so
:math:`\min_y d(x|v, y) = \min_u \mathrm{combine}(a_u(x), d(v, u))` where
:math:`a_u(x)` is the QID distance from x to the nearest synthetic record whose sensitive
value is u: one index per value, queried once per target whatever the number of values.
"""

from __future__ import annotations

import numpy as np

from .distances import DistanceSpace
from .neighbours import TOLERANCE


def closest_mia_scores(nearest: np.ndarray) -> np.ndarray:
    """Membership scores from nearest-synthetic distances: minus the distance.

    >>> closest_mia_scores(np.array([0.0, 2.5])).tolist()
    [-0.0, -2.5]
    """
    return -np.asarray(nearest, dtype=np.float64)


def identical(nearest: np.ndarray) -> np.ndarray:
    """Whether a target's nearest synthetic record is identical to it on the attacker's columns
    (distance 0, to rounding).

    >>> identical(np.array([0.0, 1e-12, 0.5])).tolist()
    [True, True, False]
    """
    return np.asarray(nearest, dtype=np.float64) <= TOLERANCE


def candidate_values(values: np.ndarray) -> np.ndarray:
    """The distinct sensitive values of the synthetic file, most common first (ties: the
    smaller value); a missing numeric value (NaN) is one value.

    >>> candidate_values(np.array([2.0, 1.0, 2.0, 3.0, 1.0, 2.0])).tolist()
    [2.0, 1.0, 3.0]
    """
    distinct, counts = np.unique(np.asarray(values, dtype=np.float64), return_counts=True, equal_nan=True)
    order = np.lexsort((distinct, -counts))
    return distinct[order]


def same_value(values: np.ndarray, value: float) -> np.ndarray:
    """values == value, with NaN equal to NaN."""
    values = np.asarray(values, dtype=np.float64)
    if np.isnan(value):
        return np.isnan(values)
    return values == value


def value_index(values: np.ndarray, candidates: np.ndarray) -> np.ndarray:
    """Position of each value among ``candidates`` (-1 when absent)."""
    out = np.full(len(values), -1, dtype=np.int64)
    for i, candidate in enumerate(candidates):
        out[same_value(values, candidate)] = i
    return out


def value_distances(space: DistanceSpace, candidates: np.ndarray, column: int) -> np.ndarray:
    """d(v, u) over the sensitive column alone, for every pair of candidate values."""
    contributions = space.contributions(candidates, candidates, column)
    return np.sqrt(contributions) if space.distance == "l2" else contributions


def closest_aia_distances(space: DistanceSpace, partial: np.ndarray, candidates: np.ndarray,
                          column: int) -> np.ndarray:
    """min over synthetic records of d(x|v, y) for every target and candidate v.

    ``partial[i, u]`` is the QID distance from target i to the nearest synthetic record with
    value ``candidates[u]`` (inf when none)."""
    deltas = value_distances(space, candidates, column)          # (v, u)
    combined = space.combine(partial[:, None, :], deltas[None, :, :])
    return combined.min(axis=2)


def nearest_values(distances: np.ndarray) -> np.ndarray:
    """The guessed candidate per target: the nearest completion; distances within
    :data:`TOLERANCE` of the row's smallest tie, and a tie goes to the first candidate (the
    candidates come most common first, see :func:`candidate_values`).

    >>> nearest_values(np.array([[0.2, 0.05], [0.1 + 1e-16, 0.1], [np.inf, np.inf]])).tolist()
    [1, 0, 0]
    """
    distances = np.asarray(distances, dtype=np.float64)
    best = distances.min(axis=1, keepdims=True)
    tied = distances <= best + TOLERANCE * np.maximum(1.0, best)
    return np.argmax(tied, axis=1)


def closeness_shares(distances: np.ndarray) -> np.ndarray:
    """s_v = (1/d_v) / sum_u (1/d_u) per target: completions at distance 0 (within
    :data:`TOLERANCE`) share 1 equally, infinite distances get 0; equal shares when no
    distance is finite.

    >>> closeness_shares(np.array([[0.2, 0.05], [0.0, 3.0], [0.0, 0.0], [1.0, np.inf]])).tolist()
    [[0.2, 0.8], [1.0, 0.0], [0.5, 0.5], [1.0, 0.0]]
    """
    distances = np.asarray(distances, dtype=np.float64)
    zero = distances <= TOLERANCE
    with np.errstate(divide="ignore"):
        inverse = np.where(zero, 0.0, 1.0 / np.where(zero, 1.0, distances))
    weights = np.where(zero.any(axis=1, keepdims=True), zero.astype(np.float64), inverse)
    total = weights.sum(axis=1, keepdims=True)
    equal = np.full_like(distances, 1.0 / max(distances.shape[1], 1))
    return np.where(total > 0, weights / np.where(total > 0, total, 1.0), equal)


def best_values(counts: np.ndarray) -> np.ndarray:
    """The guessed candidate per target from exact counts (no rounding): the largest, the
    first (most common in the synthetic file) on ties.

    >>> best_values(np.array([[2, 2, 1], [0, 1, 3]])).tolist()
    [0, 2]
    """
    return np.argmax(np.asarray(counts), axis=1)
