"""Attribute inference: collective (CAS) and individual-target (IAS) success (Nunes 2021, ch. 4).

The attacker who knows a record's QIDs guesses the most frequent sensitive value of its
block; s(q) counts records of block q with sensitive value s.
"""

from __future__ import annotations

import numpy as np

from .per_record import block_risk


def prior_inference_prob(value_counts: np.ndarray) -> float:
    r"""Probabilistic prior :math:`\max_s count(s) / n`: guess the commonest value.

    >>> prior_inference_prob(np.array([5, 5]))
    0.5
    """
    return float(value_counts.max()) / float(value_counts.sum())


def prior_inference_det(value_counts: np.ndarray) -> float:
    """Deterministic prior: 1 when every record has the same sensitive value, else 0.

    >>> prior_inference_det(np.array([0, 7])), prior_inference_det(np.array([1, 6]))
    (1.0, 0.0)
    """
    return 1.0 if np.count_nonzero(value_counts) == 1 else 0.0


def posterior_inference_prob(sum_block_max: int, n: int) -> float:
    r"""CAS probabilistic posterior :math:`\frac1n\sum_q \max_s s(q)`.

    >>> posterior_inference_prob(6, 10)
    0.6
    """
    return sum_block_max / n


def posterior_inference_det(records_in_constant_blocks: int, n: int) -> float:
    """CAS deterministic posterior: the share of records whose block has one sensitive value.

    >>> posterior_inference_det(1, 10)
    0.1
    """
    return records_in_constant_blocks / n


def block_counts(block_max: np.ndarray, block_distinct: np.ndarray, sizes: np.ndarray) -> tuple[int, int]:
    """(sum over blocks of max_s s(q), records in blocks with one sensitive value)."""
    return int(block_max.sum()), int(sizes[block_distinct == 1].sum())


def per_record_inference(ids: np.ndarray, block_max: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    """Per-record risk max_s s(block(r)) / |block(r)|; its mean is the CAS probabilistic posterior."""
    return block_risk(sizes[ids], block_max[ids])


def individual_inference(value_counts: np.ndarray) -> tuple[float, float, int]:
    """IAS (probabilistic, deterministic, code of the most likely value) within the target's block.

    >>> individual_inference(np.array([1, 3]))
    (0.75, 0.0, 1)
    """
    size = int(value_counts.sum())
    if size <= 0:
        raise ValueError("an empty block has no individual risk")
    best = int(np.argmax(value_counts))
    return (float(block_risk(size, float(value_counts[best]))),
            1.0 if np.count_nonzero(value_counts) == 1 else 0.0, best)
