"""Household risk: docs/methods.md, "Household risk".

A household is re-identified when any of its members is: with members' individual risks
r_i (taken as independent), the household risk is 1 - prod_i (1 - r_i), given to every
member. Computed as -expm1(sum_i log1p(-r_i)), exact for tiny risks; a member with r = 1
makes it 1.
"""

from __future__ import annotations

import numpy as np


def household_risk(risk: np.ndarray, household: np.ndarray, n_households: int) -> np.ndarray:
    """Per record, the risk of its household (``household``: ids 0..n_households-1).

    >>> household_risk(np.array([0.5, 0.5, 0.2]), np.array([0, 0, 1]), 2).tolist()
    [0.75, 0.75, 0.2]
    """
    with np.errstate(divide="ignore"):
        logs = np.log1p(-np.asarray(risk, dtype=np.float64))
    per_household = -np.expm1(np.bincount(household, weights=logs, minlength=n_households))
    return per_household[household]
