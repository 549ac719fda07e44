"""Collective-target attacks (CRS, CAS) for every swept subset, from the sweep's counts."""

from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np

from ..formulas import inference as inf
from ..formulas import reidentification as reid
from ..io.encode import EncodedColumn
from ..sweep.partition import block_value_stats, partition
from ..outcome.results import InferenceRisk, ReidentificationRisk
from ..sweep.counts import CountLayout
from ..sweep.runner import SweepCounts


def subset_names(subset: tuple[int, ...], walk_order: Sequence[int], qids: Sequence[str]) -> tuple[str, ...]:
    """QID names of a subset given in walk numbers, listed in the user's QID order."""
    return tuple(qids[i] for i in sorted(walk_order[j] for j in subset))


def collective_risks(sweep: SweepCounts, walk_order: Sequence[int], qids: Sequence[str],
                     sensitive: Sequence[EncodedColumn], n: int
                     ) -> tuple[list[ReidentificationRisk], list[InferenceRisk]]:
    """CRS for every subset, and CAS for every subset and sensitive attribute."""
    prior_r_prob, prior_r_det = reid.prior_reid_prob(n), reid.prior_reid_det(n)
    priors = []
    for column in sensitive:
        value_counts = np.bincount(column.codes.astype(np.int64), minlength=column.cardinality)
        priors.append((inf.prior_inference_prob(value_counts), inf.prior_inference_det(value_counts)))
    layout = CountLayout(len(sensitive))
    reid_rows: list[ReidentificationRisk] = []
    inference_rows: list[InferenceRisk] = []
    for subset, counts in zip(sweep.subsets, sweep.counts):
        names = subset_names(subset, walk_order, qids)
        blocks, singletons = int(counts[layout.blocks]), int(counts[layout.singletons])
        reid_rows.append(ReidentificationRisk(
            qids=names, n=n, blocks=blocks, singletons=singletons,
            prior_prob=prior_r_prob, posterior_prob=reid.posterior_reid_prob(blocks, n),
            prior_det=prior_r_det, posterior_det=reid.posterior_reid_det(singletons, n)))
        for i, column in enumerate(sensitive):
            expected, certain = int(counts[layout.max_sum(i)]), int(counts[layout.constant(i)])
            inference_rows.append(InferenceRisk(
                qids=names, sensitive=column.name, n=n, expected_correct=expected,
                records_certain=certain, prior_prob=priors[i][0],
                posterior_prob=inf.posterior_inference_prob(expected, n),
                prior_det=priors[i][1], posterior_det=inf.posterior_inference_det(certain, n)))
    order = {names: rank for rank, names in enumerate(_user_order(reid_rows, qids))}
    reid_rows.sort(key=lambda r: order[r.qids])
    inference_rows.sort(key=lambda r: (order[r.qids], [c.name for c in sensitive].index(r.sensitive)))
    return reid_rows, inference_rows


def _user_order(rows: list[ReidentificationRisk], qids: Sequence[str]) -> list[tuple[str, ...]]:
    position = {name: i for i, name in enumerate(qids)}
    return sorted((r.qids for r in rows), key=lambda names: (len(names), [position[n] for n in names]))


def single_subset(columns: Mapping[str, EncodedColumn], qids: Sequence[str],
                  sensitive: Sequence[EncodedColumn], n: int) -> tuple[ReidentificationRisk, list[InferenceRisk]]:
    """CRS and CAS for one QID set, computed directly (no sweep)."""
    ids, n_blocks, sizes = partition([(columns[q].codes, columns[q].cardinality) for q in qids], n)
    blocks, singletons = reid.block_counts(sizes)
    reid_row = ReidentificationRisk(
        qids=tuple(qids), n=n, blocks=blocks, singletons=singletons,
        prior_prob=reid.prior_reid_prob(n), posterior_prob=reid.posterior_reid_prob(blocks, n),
        prior_det=reid.prior_reid_det(n), posterior_det=reid.posterior_reid_det(singletons, n))
    rows = []
    for column in sensitive:
        value_counts = np.bincount(column.codes.astype(np.int64), minlength=column.cardinality)
        block_max, distinct = block_value_stats(ids, n_blocks, column.codes, column.cardinality)
        expected, certain = inf.block_counts(block_max, distinct, sizes)
        rows.append(InferenceRisk(
            qids=tuple(qids), sensitive=column.name, n=n, expected_correct=expected, records_certain=certain,
            prior_prob=inf.prior_inference_prob(value_counts), posterior_prob=inf.posterior_inference_prob(expected, n),
            prior_det=inf.prior_inference_det(value_counts), posterior_det=inf.posterior_inference_det(certain, n)))
    return reid_row, rows
