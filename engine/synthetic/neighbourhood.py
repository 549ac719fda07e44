r"""Local-neighbourhood attacks (tapas ``LocalNeighbourhoodAttack``; Houssiau et al. 2022).

The synthetic records within radius r of the target x, :math:`N_r(x) = \{y \in D(s) :
d(x, y) \le r\}`, are its neighbourhood.

Membership: :math:`s(x) = |N_r(x)| / |D(s)|` over all the attacker's columns.

Attribute inference: the neighbourhood over the QIDs only; the score of value v is the share
of the neighbours holding v, :math:`s_v(x) = |\{y \in N_r(x) : y_s = v\}| / |N_r(x)|`, and the
guess is the value with the highest share (ties and empty neighbourhoods: the value most
common in D(s)).

Default radius: the median distance from the targets to their nearest synthetic record, so
half the targets have a neighbour.
"""

from __future__ import annotations

import numpy as np


def neighbourhood_mia_scores(counts: np.ndarray, synthetic_rows: int) -> np.ndarray:
    """Share of the synthetic file within the radius.

    >>> neighbourhood_mia_scores(np.array([0, 3]), 6).tolist()
    [0.0, 0.5]
    """
    return np.asarray(counts, dtype=np.float64) / synthetic_rows


def neighbourhood_aia_scores(counts: np.ndarray) -> np.ndarray:
    """Per target, the share of its neighbours holding each candidate value (counts[i, v] =
    neighbours of target i with value v); all 0 when it has none.

    >>> neighbourhood_aia_scores(np.array([[1, 3], [0, 0]])).tolist()
    [[0.25, 0.75], [0.0, 0.0]]
    """
    counts = np.asarray(counts, dtype=np.float64)
    total = counts.sum(axis=1, keepdims=True)
    return counts / np.where(total == 0, 1.0, total)


def default_radius(nearest: np.ndarray) -> float:
    """The median of the finite nearest-synthetic distances (0 when there are none).

    >>> default_radius(np.array([0.0, 1.0, 2.0, np.inf]))
    1.0
    """
    finite = np.asarray(nearest, dtype=np.float64)
    finite = finite[np.isfinite(finite)]
    return float(np.median(finite)) if len(finite) else 0.0
