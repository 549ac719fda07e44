"""Special uniques (SUDA): docs/methods.md, "Special uniques (SUDA)".

A record is a sample unique on a set of key variables when no other record shares its values
on them; a minimal sample unique (MSU) is such a set on which it is unique while it is unique
on no proper subset. Uniqueness only grows with the set, so a set S is an MSU of the records
unique on S and on none of the sets S minus one variable. Only records unique on the whole
key can have MSUs.

The sets come from the QID-subset sweep (:mod:`engine.sweep`): the refinement walk over every
subset of at most M key variables records, per subset, which of those records are alone on
it, as bit masks; here the masks of each subset's parents-by-one are combined.

Scores (the variant of Elliot, Manning, Mayes, Gurd & Bane (2002), "SUDA: a program for
detecting special uniques", as sdcMicro's ``suda2`` with ``original_scores = TRUE``): with
ATT key variables and MSUs of at most M of them, an MSU of size s scores
prod_{i=s}^{min(M, ATT-1)} (ATT - i), i.e. (ATT - s)! when every size is searched; a record's
SUDA score is the sum over its MSUs. A key variable's contribution is the sum of the scores
of the MSUs containing it (so the contributions add up to more than the total score).

DIS-SUDA (Elliot 2000; as sdcMicro): with U records unique on the whole key, P records in
keys of exactly two records and the DIS sampling fraction pi, the DIS probability is
Dis = U pi / (U pi + P (1 - pi)); with Q = 1 + (8 - ATT) / 20 and A = sum over scored records
of score^-Q, a record's DIS-SUDA score is 1 / (1 + (U / Dis - U) / (score^Q A)) (0 without an
MSU).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

import numpy as np

from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..foundation.messages import message
from ..io.encode import EncodedColumn
from ..sweep.partition import partition
from ..foundation.progress import CancelToken, ProgressCallback
from ..sweep.lattice import UpToFamily
from ..sweep.runner import run_sweep
from ..sweep.walker import SweepData
from ..outcome.sample_results import SudaContribution, SudaRecords, SudaSummary

VARIANT = N_("SUDA score of Elliot et al. (2002): an MSU of size s scores the product of (ATT - i) for i from s "
             "to the smaller of M and ATT - 1; DIS-SUDA as sdcMicro's suda2")
DIS_EDGES = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 1.0)
MASK_BYTES_LIMIT = 4 << 30


def msu_weights(att: int, max_size: int) -> np.ndarray:
    """``w[s]``: the score of an MSU of size s (index 0 unused).

    >>> msu_weights(4, 4).tolist()
    [0.0, 6.0, 2.0, 1.0, 1.0]
    >>> msu_weights(5, 2).tolist()
    [0.0, 12.0, 3.0]
    """
    top = min(max_size, att - 1)
    weights = np.zeros(max_size + 1)
    for size in range(1, max_size + 1):
        weights[size] = float(np.prod([att - i for i in range(size, top + 1)]))
    return weights


def dis_scores(score: np.ndarray, att: int, uniques: int, pair_records: int, fraction: float) -> np.ndarray:
    """DIS-SUDA score per record from its SUDA score (formula in the module docstring)."""
    out = np.zeros(score.shape, dtype=np.float64)
    scored = score > 0
    if not scored.any():
        return out
    q = 1.0 + (8.0 - att) / 20.0
    powered = score[scored] ** q
    adjust = float((1.0 / powered).sum())
    dis = uniques * fraction / (uniques * fraction + pair_records * (1.0 - fraction))
    out[scored] = 1.0 / (1.0 + (uniques / dis - uniques) / (powered * adjust))
    return out


@dataclass(frozen=True)
class SudaRun:
    summary: SudaSummary
    records: SudaRecords


def special_uniques(columns: Sequence[EncodedColumn], max_size: Optional[int], dis_fraction: float,
                    jobs: int = 1, on_progress: Optional[ProgressCallback] = None,
                    cancel: Optional[CancelToken] = None) -> SudaRun:
    """MSUs of every record over the key ``columns`` (every subset of at most ``max_size``;
    None: all), with the SUDA and DIS-SUDA scores and each variable's contribution."""
    cancel = cancel or CancelToken()
    names = [c.name for c in columns]
    att, n = len(columns), (len(columns[0].codes) if columns else 0)
    size_limit = att if max_size is None else min(max_size, att)
    ids, _, sizes = partition([(c.codes, c.cardinality) for c in columns], n)
    per_record_size = sizes[ids]
    candidates = np.flatnonzero(per_record_size == 1)
    pair_records = int(np.count_nonzero(per_record_size == 2))
    del ids, per_record_size
    order = sorted(range(att), key=lambda i: (-columns[i].cardinality, i))
    family = UpToFamily(att, size_limit)
    mask_bytes = family.total * ((len(candidates) + 7) // 8)
    if mask_bytes > MASK_BYTES_LIMIT:
        raise InputError(message(N_("--suda over {count} key variables and {uniques:,} sample uniques needs about "
                                    "{size:.2g} GiB of bit masks; give --suda-max-size (e.g. 4)"), count=att,
                                 uniques=len(candidates), size=mask_bytes / 2**30))
    data = SweepData(qid_codes=[columns[i].codes for i in order], qid_cards=[columns[i].cardinality for i in order],
                     sensitive_codes=[], sensitive_cards=[], n_rows=n, unique_rows=candidates)
    sweep = run_sweep(data, family, jobs=jobs, on_progress=on_progress, cancel=cancel, stage="suda")
    cancel.raise_if_cancelled()
    weights = msu_weights(att, size_limit)
    tally = _tally_msus(sweep.uniques or {}, len(candidates), weights, att, size_limit)
    count, min_size, score = tally.count, tally.min_size, tally.score
    contribution = np.zeros(att)
    contribution[order] = tally.contribution   # walk numbers -> the user's key order
    msus_by_size = tally.by_size
    records = SudaRecords(msu_count=np.zeros(n, np.int32), msu_min_size=np.zeros(n, np.int16),
                          score=np.zeros(n), dis_score=np.zeros(n))
    records.msu_count[candidates] = count
    records.msu_min_size[candidates] = min_size
    records.score[candidates] = score
    records.dis_score[candidates] = dis_scores(score, att, len(candidates), pair_records, dis_fraction)
    total = float(score.sum())
    bands = [(0.0, 0.0, int(np.count_nonzero(records.dis_score == 0)))]
    for low, high in zip(DIS_EDGES[:-1], DIS_EDGES[1:]):
        inside = (records.dis_score > low) & (records.dis_score <= high)
        bands.append((low, high, int(np.count_nonzero(inside))))
    summary = SudaSummary(
        variant=VARIANT, max_size=size_limit, dis_fraction=dis_fraction,
        special_uniques=int(np.count_nonzero(count)),
        msus_by_size=tuple((s, int(msus_by_size[s])) for s in range(1, size_limit + 1)),
        total_score=total, mean_score=total / n if n else 0.0,
        max_score=float(score.max()) if score.size else 0.0,
        mean_dis_score=float(records.dis_score.mean()) if n else 0.0,
        max_dis_score=float(records.dis_score.max()) if n else 0.0,
        dis_bands=tuple(bands),
        contributions=tuple(SudaContribution(names[v], float(contribution[v]),
                                             float(contribution[v] / total) if total else 0.0)
                            for v in range(att)))
    return SudaRun(summary, records)


def _msus(uniques: dict[tuple[int, ...], np.ndarray], n_candidates: int):
    """(subset, bool mask over the candidates of the records whose MSU it is), by size."""
    for subset in sorted(uniques, key=lambda s: (len(s), s)):
        packed = uniques[subset]
        if len(subset) > 1:
            below = np.zeros_like(packed)
            for drop in range(len(subset)):
                np.bitwise_or(below, uniques[subset[:drop] + subset[drop + 1:]], out=below)
            packed = packed & ~below
        yield subset, np.unpackbits(packed, count=n_candidates).view(bool)


@dataclass
class _Tally:
    count: np.ndarray         # per candidate: MSUs
    min_size: np.ndarray      # per candidate: smallest MSU size (0: none)
    score: np.ndarray         # per candidate: SUDA score
    contribution: np.ndarray  # per walk number: sum of the scores of the MSUs holding it
    by_size: np.ndarray       # per size: MSUs found


def _tally_msus(uniques: dict[tuple[int, ...], np.ndarray], n_candidates: int, weights: np.ndarray,
                att: int, size_limit: int) -> _Tally:
    tally = _Tally(np.zeros(n_candidates, np.int32), np.zeros(n_candidates, np.int16), np.zeros(n_candidates),
                   np.zeros(att), np.zeros(size_limit + 1, np.int64))
    for subset, msus in _msus(uniques, n_candidates):
        found = int(np.count_nonzero(msus))
        if not found:
            continue
        size = len(subset)
        tally.count += msus
        tally.min_size[msus & (tally.min_size == 0)] = size
        tally.score[msus] += weights[size]
        tally.by_size[size] += found
        tally.contribution[list(subset)] += weights[size] * found
    return tally
