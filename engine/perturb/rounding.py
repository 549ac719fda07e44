"""Rounding to a base (docs/methods.md, "Perturbative steps"): each value becomes the nearest multiple of
B (halves away from zero); a missing value stays missing."""

from __future__ import annotations

import numpy as np


def round_to_base(values: np.ndarray, base: float) -> np.ndarray:
    """``values`` rounded to multiples of ``base`` (> 0)."""
    if not base > 0:
        raise ValueError("the rounding base must be positive")
    x = np.asarray(values, float)
    return np.sign(x) * np.floor(np.abs(x) / base + 0.5) * base
