r"""Closest-distance attacks (Stadler, Oprisanu & Troncoso 2022; tapas ``ClosestDistanceMIA`` /
``ClosestDistanceAIA``, Houssiau et al. 2022).

Membership: the attacker holds the target record x and the synthetic file D(s); the closer
x is to its nearest synthetic record, the likelier x was used to make D(s):

.. math:: s(x) = -\min_{y \in D(s)} d(x, y)

(a direct lookup, "x appears in D(s)", is the distance-0 case).

Attribute inference: the attacker knows x's QIDs and guesses its sensitive value among the
values v the synthetic file holds, completing x with each (x|v):

.. math:: s'_v(x) = -\min_{y \in D(s)} d(x|v, y), \qquad s_v = s'_v / \sum_u s'_u,

and guesses the v with the highest :math:`s'_v` (the nearest completion; ties go to the value
more common in D(s)). The distances are additive over columns (``l2``: their squares), so
:math:`\min_y d(x|v, y) = \min_u \mathrm{combine}(a_u(x), d(v, u))` where
:math:`a_u(x)` is the QID distance from x to the nearest synthetic record whose sensitive
value is u: one index per value, queried once per target whatever the number of values.
"""

from __future__ import annotations

import numpy as np

from .distances import DistanceSpace


def closest_mia_scores(nearest: np.ndarray) -> np.ndarray:
    """Membership scores from nearest-synthetic distances: minus the distance.

    >>> closest_mia_scores(np.array([0.0, 2.5])).tolist()
    [-0.0, -2.5]
    """
    return -np.asarray(nearest, dtype=np.float64)


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


def closest_aia_scores(distances: np.ndarray) -> np.ndarray:
    """s'_v = minus the distance of each completion."""
    return -np.asarray(distances, dtype=np.float64)


def normalised_scores(scores: np.ndarray) -> np.ndarray:
    """s_v = s'_v / sum_u s'_u per target; equal shares when every s'_u is 0.

    >>> normalised_scores(np.array([[-1.0, -3.0], [0.0, 0.0]])).tolist()
    [[0.25, 0.75], [0.5, 0.5]]
    """
    scores = np.asarray(scores, dtype=np.float64)
    total = scores.sum(axis=1, keepdims=True)
    equal = np.full_like(scores, 1.0 / scores.shape[1])
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(total != 0, scores / np.where(total == 0, 1.0, total), equal)


def best_values(scores: np.ndarray) -> np.ndarray:
    """The guessed candidate per target: the highest score, the first (most common) on ties."""
    return np.argmax(np.asarray(scores, dtype=np.float64), axis=1)
