"""Re-identification: collective (CRS) and individual-target (IRS) success (Nunes 2021, ch. 4).

With n records and the partition D/~Q into b blocks, an attacker who knows a record's QID
values picks uniformly inside its block.
"""

from __future__ import annotations

import numpy as np

from .per_record import block_risk


def prior_reid_prob(n: int) -> float:
    r"""Probabilistic prior :math:`1/n`: a guess with no QIDs.

    >>> prior_reid_prob(10)
    0.1
    """
    return 1.0 / n


def prior_reid_det(n: int) -> float:
    """Deterministic prior: 1 when the table has one record, else 0.

    >>> prior_reid_det(1), prior_reid_det(5)
    (1.0, 0.0)
    """
    return 1.0 if n == 1 else 0.0


def posterior_reid_prob(n_blocks: int, n: int) -> float:
    r"""CRS probabilistic posterior :math:`b/n = \frac1n\sum_r 1/|block(r)|`.

    >>> posterior_reid_prob(3, 10)
    0.3
    """
    return n_blocks / n


def posterior_reid_det(n_singletons: int, n: int) -> float:
    """CRS deterministic posterior: the share of records alone in their block.

    >>> posterior_reid_det(1, 10)
    0.1
    """
    return n_singletons / n


def block_counts(sizes: np.ndarray) -> tuple[int, int]:
    """(number of blocks, number of blocks of size 1) from the block sizes.

    >>> block_counts(np.array([5, 4, 1]))
    (3, 1)
    """
    return int(len(sizes)), int(np.count_nonzero(sizes == 1))


def per_record_reid(ids: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    """Per-record risk 1/|block(r)|; its mean is the CRS probabilistic posterior."""
    return block_risk(sizes[ids])


def individual_reid(block_size: int) -> tuple[float, float]:
    """IRS (probabilistic, deterministic) for a target whose block has ``block_size`` records.

    >>> individual_reid(4)
    (0.25, 0.0)
    """
    if block_size <= 0:
        raise ValueError("an empty block has no individual risk")
    return float(block_risk(block_size)), 1.0 if block_size == 1 else 0.0
