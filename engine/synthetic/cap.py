r"""Correct attribution probability (CAP; Elliot 2015, "Final report on the disclosure risk
associated with the synthetic data produced by the SYLLS team"; Taub, Elliot, Pampaka &
Smith 2018, "Differential correct attribution probability for synthetic data").

The attacker matches a real record r to the synthetic records with the same key (QID)
values, :math:`M(r) = \{y \in D(s) : y_Q = r_Q\}`, and attributes the sensitive value in
proportion to how often it appears there:

.. math:: \mathrm{CAP}(r) = \frac{|\{y \in M(r) : y_s = r_s\}|}{|M(r)|}

A record that matches no synthetic record scores 0 (the attacker learns nothing about it),
so the mean runs over every record; the mean over matched records only is reported beside
it. Keys match exactly (numbers as numbers, missing equals missing). The baseline is the
univariate CAP, the share of the record's own value in the real file,
:math:`\frac{1}{n}\sum_r n_{r_s}/n`. Against a control set (anonymeter-style), the same mean
over control records says how much of the attribution needs no membership.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np

from .data import AttackData


@dataclass(frozen=True)
class CapScores:
    """Per-record CAP of the real records and (if any) the control records."""

    real: np.ndarray
    real_matched: np.ndarray
    control: Optional[np.ndarray]
    control_matched: Optional[np.ndarray]
    baseline: float


def row_keys(*matrices: np.ndarray) -> list[np.ndarray]:
    """One integer id per row, shared across the matrices: equal rows (NaN equal to NaN) get
    the same id.

    >>> [k.tolist() for k in row_keys(np.array([[1.0, np.nan], [2.0, 0.0]]), np.array([[1.0, np.nan]]))]
    [[0, 1], [0]]
    """
    stacked = np.vstack(matrices)
    if stacked.shape[1] == 0 or len(stacked) == 0:
        ids = np.zeros(len(stacked), dtype=np.int64)
    else:
        codes = np.empty(stacked.shape, dtype=np.int64)
        for j in range(stacked.shape[1]):
            column = np.where(np.isnan(stacked[:, j]), np.inf, stacked[:, j])
            codes[:, j] = np.unique(column, return_inverse=True)[1].reshape(-1)
        ids = np.unique(codes, axis=0, return_inverse=True)[1].reshape(-1).astype(np.int64)
    bounds = np.cumsum([0] + [len(m) for m in matrices])
    return [ids[bounds[i]:bounds[i + 1]] for i in range(len(matrices))]


def cap_per_record(record_keys: np.ndarray, record_values: np.ndarray, synthetic_keys: np.ndarray,
                   synthetic_values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """CAP of each record and whether it matched any synthetic record (keys and values are
    integer ids shared by both sides).

    >>> cap, matched = cap_per_record(np.array([0, 0, 1]), np.array([5, 6, 5]),
    ...                               np.array([0, 0, 0, 2]), np.array([5, 5, 6, 5]))
    >>> [round(c, 4) for c in cap.tolist()], matched.tolist()
    ([0.6667, 0.3333, 0.0], [True, True, False])
    """
    record_keys = np.asarray(record_keys, dtype=np.int64)
    synthetic_keys = np.asarray(synthetic_keys, dtype=np.int64)
    values = int(max(np.max(record_values, initial=0), np.max(synthetic_values, initial=0))) + 1
    keys = int(max(np.max(record_keys, initial=0), np.max(synthetic_keys, initial=0))) + 1
    key_counts = np.bincount(synthetic_keys, minlength=keys)
    pairs, pair_counts = np.unique(synthetic_keys * values + np.asarray(synthetic_values, dtype=np.int64),
                                   return_counts=True)
    wanted = record_keys * values + np.asarray(record_values, dtype=np.int64)
    at = np.minimum(np.searchsorted(pairs, wanted), max(len(pairs) - 1, 0))
    same = np.where((len(pairs) > 0) & (pairs[at] == wanted), pair_counts[at], 0) if len(pairs) else \
        np.zeros(len(wanted), dtype=np.int64)
    matches = key_counts[record_keys]
    matched = matches > 0
    cap = np.where(matched, same / np.where(matched, matches, 1), 0.0)
    return cap.astype(np.float64), matched


def cap_scores(data: AttackData) -> CapScores:
    """CAP of every real (and control) record against the synthetic file, keys = the QIDs."""
    qids, s = list(data.qid_indices), data.sensitive_index
    tables = data.tables()
    keys = row_keys(*(t[:, qids] for t in tables))
    values = row_keys(*(t[:, [s]] for t in tables))
    real_cap, real_matched = cap_per_record(keys[0], values[0], keys[1], values[1])
    control_cap = control_matched = None
    if data.control is not None:
        control_cap, control_matched = cap_per_record(keys[2], values[2], keys[1], values[1])
    counts = np.bincount(values[0])
    baseline = float((counts[values[0]] / len(values[0])).mean())
    return CapScores(real_cap, real_matched, control_cap, control_matched, baseline)
