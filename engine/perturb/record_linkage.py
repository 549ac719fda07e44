"""Distance-based record linkage risk (Domingo-Ferrer and Torra; docs/methods.md,
"Numeric keys").

Each original record is linked to the nearest released record(s) on the numeric keys, both
files standardised with the original's means and standard deviations (a missing value counts
as the mean, 0 after standardising), searching only the released records of its own block of
categorical QIDs when there are any. A record linked to itself gets credit 1/t, t the number of
released records at the nearest distance (ties share the credit); the risk is the mean credit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np
from scipy.spatial import cKDTree

_TIE = 1e-9


@dataclass(frozen=True)
class LinkageRisk:
    """Per-record credit and the share of records linked to themselves."""

    credit: np.ndarray
    share: float


def standardise(original: np.ndarray, released: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Both files on the original's scale; missing values at 0 (the mean)."""
    x = np.asarray(original, float)
    y = np.asarray(released, float)
    with np.errstate(all="ignore"):
        mean = np.nanmean(x, axis=0) if len(x) else np.zeros(x.shape[1])
        sd = np.nanstd(x, axis=0, ddof=1) if len(x) > 1 else np.ones(x.shape[1])
    mean = np.where(np.isfinite(mean), mean, 0.0)
    sd = np.where(np.isfinite(sd) & (sd > 0), sd, 1.0)
    return np.nan_to_num((x - mean) / sd), np.nan_to_num((y - mean) / sd)


def _credits(a: np.ndarray, b: np.ndarray, own: np.ndarray) -> np.ndarray:
    """Credit of each row of ``a`` whose own released row is ``own`` (index into ``b``)."""
    tree = cKDTree(b)
    m = b.shape[0]
    reach = min(m, 8)
    dist, idx = tree.query(a, k=reach)
    if reach == 1:
        dist = dist[:, None]
        idx = idx[:, None]
    limit = dist[:, :1] * (1 + _TIE) + _TIE
    tied = dist <= limit
    credit = np.zeros(a.shape[0])
    for r in np.flatnonzero(tied[:, -1] & (reach < m)):
        near = tree.query_ball_point(a[r], limit[r, 0])
        credit[r] = (1.0 / len(near)) if own[r] in near else 0.0
    simple = ~(tied[:, -1] & (reach < m))
    hit = (idx == own[:, None]) & tied
    credit[simple] = hit[simple].any(axis=1) / tied[simple].sum(axis=1)
    return credit


def linkage_risk(original: np.ndarray, released: np.ndarray, attacker_blocks: Optional[np.ndarray] = None,
                 released_blocks: Optional[np.ndarray] = None) -> LinkageRisk:
    """Record linkage of ``original`` (n x p) against ``released`` (n x p, row i released from
    row i); blocks are integer codes of the categorical QIDs as the attacker knows them and as
    released (the same code space)."""
    a, b = standardise(original, released)
    n = a.shape[0]
    credit = np.zeros(n)
    if n == 0:
        return LinkageRisk(credit, 0.0)
    if attacker_blocks is None:
        credit = _credits(a, b, np.arange(n))
    else:
        ab = np.asarray(attacker_blocks)
        rb = np.asarray(released_blocks if released_blocks is not None else attacker_blocks)
        for code in np.unique(ab):
            mine = np.flatnonzero(ab == code)
            theirs = np.flatnonzero(rb == code)
            if theirs.size == 0:
                continue
            position = np.full(n, -1)
            position[theirs] = np.arange(theirs.size)
            credit[mine] = _credits(a[mine], b[theirs], position[mine])
    return LinkageRisk(credit, float(credit.mean()))
