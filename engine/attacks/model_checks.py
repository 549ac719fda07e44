"""Privacy-model checks (k-anonymity, l-diversity, t-closeness and kin) for the swept subsets,
and the blocks of the full QID set that fall short of the analyst's targets."""

from __future__ import annotations

import math
from typing import Mapping, Sequence

import numpy as np

from .collective import subset_names
from ..analysis.config import PrivacyModelOptions
from ..formulas.privacy_models import MODEL_FIELDS, TableDistribution, block_levels
from ..io.encode import EncodedColumn
from ..sweep.partition import block_value_pairs, partition
from ..outcome.results import BETA_NOT_ACHIEVABLE, C_UNDEFINED, ModelShortfall, PrivacyModelLevels
from ..sweep.runner import SweepCounts
from ..sweep.walker import SweepData


def distributions(sensitive: Sequence[EncodedColumn]) -> list[TableDistribution]:
    """The table's distribution of each sensitive attribute; numbers use ordered distance."""
    return [TableDistribution.from_counts(
        np.bincount(c.codes.astype(np.int64), minlength=c.cardinality).astype(float),
        ordered=c.kind in ("integer", "float")) for c in sensitive]


def _notes(levels: dict[str, float], l: int) -> tuple[str, ...]:
    notes = []
    if math.isnan(levels["c"]):
        notes.append(C_UNDEFINED.format(l=l))
    if math.isnan(levels["beta_enhanced"]):
        notes.append(BETA_NOT_ACHIEVABLE)
    return tuple(notes)


def model_rows(sweep: SweepCounts, data: SweepData, walk_order: Sequence[int], qids: Sequence[str],
               sensitive: Sequence[EncodedColumn], options: PrivacyModelOptions) -> list[PrivacyModelLevels]:
    """One row per swept subset and sensitive attribute, in the user's QID order."""
    position = {name: i for i, name in enumerate(qids)}
    rows = []
    for subset, vector in zip(sweep.subsets, sweep.counts):
        names = subset_names(subset, walk_order, qids)
        for i, column in enumerate(sensitive):
            levels = dict(zip(MODEL_FIELDS, vector[data.layout.model_levels(i)]))
            rows.append(PrivacyModelLevels(
                qids=names, sensitive=column.name, k=int(levels["k"]), alpha=float(levels["alpha"]),
                l=int(levels["l"]), entropy_l=float(levels["entropy_l"]), c=float(levels["c"]), c_l=options.l,
                t=float(levels["t"]), t_distance="ordered" if data.distributions[i].ordered else "equal",
                beta_basic=float(levels["beta_basic"]), beta_enhanced=float(levels["beta_enhanced"]),
                delta=float(levels["delta"]), notes=_notes(levels, options.l)))
    rows.sort(key=lambda r: (len(r.qids), [position[q] for q in r.qids],
                             [c.name for c in sensitive].index(r.sensitive)))
    return rows


def shortfalls(columns: Mapping[str, EncodedColumn], qids: Sequence[str],
               sensitive: Sequence[EncodedColumn], dists: Sequence[TableDistribution],
               options: PrivacyModelOptions, n: int) -> list[ModelShortfall]:
    """Per target given: the blocks of the full QID set below it and the records they hold."""
    targets = options.targets
    ids, n_blocks, sizes = partition([(columns[q].codes, columns[q].cardinality) for q in qids], n)
    out = []

    def add(sensitive_name: str, model: str, target: float, failing: np.ndarray) -> None:
        out.append(ModelShortfall(tuple(qids), sensitive_name, model, target, int(failing.sum()),
                                  int(sizes[failing].sum()), n_blocks))

    if targets.k is not None:
        add("", "k", targets.k, sizes < targets.k)
    for column, dist in zip(sensitive, dists):
        if all(getattr(targets, f) is None for f in ("alpha", "l", "t", "beta", "delta")):
            break
        blocks, values, counts = block_value_pairs(ids, n_blocks, column.codes, column.cardinality)
        levels = block_levels(blocks, values, counts, sizes, dist, options.l)
        if targets.alpha is not None:
            add(column.name, "alpha", targets.alpha, levels.alpha > targets.alpha)
        if targets.l is not None:
            add(column.name, "l", targets.l, levels.distinct < targets.l)
            add(column.name, "entropy_l", targets.l, np.exp(levels.entropy) < targets.l - 1e-9)
        if targets.t is not None:
            add(column.name, "t", targets.t, levels.t > targets.t)
        if targets.beta is not None:
            add(column.name, "beta_basic", targets.beta, levels.beta > targets.beta)
        if targets.delta is not None:
            add(column.name, "delta", targets.delta, levels.delta > targets.delta)
    return out
