"""Per-record risk (docs/methods.md, "Per-record risk and worst-case histograms").

A record in block q is re-identified with probability 1/|q| and its sensitive value guessed
right with probability max_s s(q)/|q|: both are ``top / |q|``, with top = 1 for
re-identification and top = max_s s(q) for inference. Every place that needs a record's or a
block's risk (per-record files, histograms, individual targets, the alpha of the privacy
models) computes it here.
"""

from __future__ import annotations

from typing import Union

import numpy as np

Number = Union[int, float, np.ndarray]


def block_risk(sizes: Number, top: Number = 1) -> Number:
    """Risk of each record of a block of ``sizes`` records, ``top / sizes`` (float division).

    >>> block_risk(np.array([4, 1, 2])).tolist(), block_risk(np.array([4, 2]), np.array([3, 1])).tolist()
    ([0.25, 1.0, 0.5], [0.75, 0.5])
    """
    return np.true_divide(top, sizes)
