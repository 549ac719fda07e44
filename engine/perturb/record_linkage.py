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
_SMALL = 64    # blocks with at most this many released records: every distance at once, many blocks together
_CELLS = 1 << 21   # ... at most about this many distances at a time


@dataclass(frozen=True)
class LinkageRisk:
    """Per-record credit, the share of records linked to themselves and, of those, the share
    that is the only released record of its block (linked whatever its numeric values)."""

    credit: np.ndarray
    share: float
    alone: float = 0.0


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
        alone = _blocked_credits(a, b, ab, rb, credit)
        return LinkageRisk(credit, float(credit.mean()), alone / n)
    return LinkageRisk(credit, float(credit.mean()), 1.0 if n == 1 else 0.0)


def _blocked_credits(a: np.ndarray, b: np.ndarray, ab: np.ndarray, rb: np.ndarray, credit: np.ndarray) -> int:
    """Each block's credits into ``credit``; returns the records alone in their block (the one
    released record of it is their own). Rows are grouped by block once (sorting); a block with
    one released record is settled without distances (its own record or nothing), blocks of
    up to :data:`_SMALL` released records by all their distances at once (every tie is seen,
    as the search tree's ball query sees them), larger ones by a search tree each."""
    n = len(ab)
    order_a = np.argsort(ab, kind="stable")
    order_b = np.argsort(rb, kind="stable")
    codes_a, start_a = np.unique(ab[order_a], return_index=True)
    codes_b, start_b, size_b = np.unique(rb[order_b], return_index=True, return_counts=True)
    end_a = np.r_[start_a[1:], n]
    at = np.minimum(np.searchsorted(codes_b, codes_a), max(len(codes_b) - 1, 0))
    found = (codes_b[at] == codes_a) if len(codes_b) else np.zeros(len(codes_a), bool)
    released = np.where(found, size_b[at] if len(codes_b) else 0, 0)
    single = released == 1                  # the nearest is the one candidate: credit 1 if it is the row's own
    rows = order_a[np.repeat(single, end_a - start_a)]
    credit[rows] = (rb[rows] == ab[rows]).astype(float)
    alone = int(np.count_nonzero(credit[rows]))
    multi = np.flatnonzero(released > 1)
    small = multi[released[multi] <= _SMALL]
    for m in np.unique(released[small]):
        same = small[released[small] == m]
        rows_of = end_a[same] - start_a[same]
        chunk = np.searchsorted(np.cumsum(rows_of), np.arange(0, int(rows_of.sum()), max(1, _CELLS // m)))
        for blocks in np.split(same, np.unique(chunk[1:])):
            counts = end_a[blocks] - start_a[blocks]
            first = np.cumsum(counts) - counts
            rows = order_a[np.repeat(start_a[blocks] - first, counts) + np.arange(int(counts.sum()))]
            candidates = order_b[(start_b[at[blocks]][:, None] + np.arange(m))[np.repeat(np.arange(len(blocks)), counts)]]
            distance = np.sqrt(((a[rows][:, None, :] - b[candidates]) ** 2).sum(axis=2))
            tied = distance <= distance.min(axis=1, keepdims=True) * (1 + _TIE) + _TIE
            credit[rows] = (tied & (candidates == rows[:, None])).any(axis=1) / tied.sum(axis=1)
    position = np.full(n, -1)
    for i in multi[released[multi] > _SMALL]:
        mine = order_a[start_a[i]:end_a[i]]
        theirs = order_b[start_b[at[i]]:start_b[at[i]] + size_b[at[i]]]
        position[theirs] = np.arange(theirs.size)
        credit[mine] = _credits(a[mine], b[theirs], position[mine])
        position[theirs] = -1
    return alone
