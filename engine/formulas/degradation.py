"""Degradation: how much knowing the QIDs helps the attacker (Nunes 2021, sec. 4.1)."""

from __future__ import annotations

import math


def ratio(posterior: float, prior: float) -> float:
    """Probabilistic degradation, posterior / prior (``inf`` when prior is 0 and posterior is not).

    >>> ratio(0.3, 0.15)
    2.0
    """
    if prior == 0:
        return math.nan if posterior == 0 else math.inf
    return posterior / prior


def difference(posterior: float, prior: float) -> float:
    """Deterministic degradation, posterior - prior.

    >>> difference(0.1, 0.0)
    0.1
    """
    return posterior - prior
