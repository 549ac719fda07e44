"""Worst-case histograms (Nunes 2021, sec. 4.2): per-record risk for the top subset of each size."""

from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np

from .formulas import inference as inf
from .formulas import reidentification as reid
from .io.encode import EncodedColumn
from .partition import block_value_stats, partition
from .results import InferenceRisk, ReidentificationRisk, RiskHistogram
from .summary import top_by_size

BINS = 20


def _histogram(qids: tuple[str, ...], measure: str, block_risk: np.ndarray,
               sizes: np.ndarray) -> RiskHistogram:
    """Histogram of per-record risk, each block's risk counted once per record in it."""
    edges = np.linspace(0.0, 1.0, BINS + 1)
    counts, _ = np.histogram(block_risk, bins=edges, weights=sizes)
    mean = float((block_risk * sizes).sum() / sizes.sum())
    return RiskHistogram(qids, measure, tuple(float(e) for e in edges),
                         tuple(int(round(c)) for c in counts), mean)


def per_record_risk(columns: Mapping[str, EncodedColumn], qids: Sequence[str],
                    sensitive: Sequence[EncodedColumn], n: int) -> dict[str, np.ndarray]:
    """Per-record probabilistic risk for one QID set: ``reidentification`` = 1/|block| and,
    per sensitive attribute, max_s s(block)/|block| (DESIGN.md, "Per-record risk")."""
    ids, n_blocks, sizes = partition([(columns[q].codes, columns[q].cardinality) for q in qids], n)
    out = {"reidentification": reid.per_record_reid(ids, sizes)}
    for column in sensitive:
        block_max, _ = block_value_stats(ids, n_blocks, column.codes, column.cardinality)
        out[column.name] = inf.per_record_inference(ids, block_max, sizes)
    return out


def worst_case_histograms(columns: Mapping[str, EncodedColumn],
                          reid_rows: Sequence[ReidentificationRisk],
                          inference_rows: Sequence[InferenceRisk],
                          sensitive: Sequence[EncodedColumn], n: int) -> list[RiskHistogram]:
    """For each subset size: the histogram of the top subset's per-record risks, for
    re-identification (risk 1/|block|) and for each sensitive attribute (max_s s(q)/|q|)."""
    # One partition at a time (each needed subset once): at census scale a partition's block
    # ids take hundreds of MB, so none is kept once its histograms are made.
    wanted: dict[tuple[str, ...], list[str]] = {}
    order = []
    for row in top_by_size(reid_rows, "posterior_prob"):
        wanted.setdefault(row.qids, []).append("reidentification")
        order.append((row.qids, "reidentification"))
    for column in sensitive:
        rows = [r for r in inference_rows if r.sensitive == column.name]
        for row in top_by_size(rows, "posterior_prob"):
            wanted.setdefault(row.qids, []).append(column.name)
            order.append((row.qids, column.name))
    by_name = {column.name: column for column in sensitive}
    made: dict[tuple[tuple[str, ...], str], RiskHistogram] = {}
    for qids, measures in wanted.items():
        ids, n_blocks, sizes = partition([(columns[q].codes, columns[q].cardinality) for q in qids], n)
        for measure in measures:
            if measure == "reidentification":
                made[(qids, measure)] = _histogram(qids, measure, 1.0 / sizes, sizes)
            else:
                column = by_name[measure]
                block_max, _ = block_value_stats(ids, n_blocks, column.codes, column.cardinality)
                made[(qids, measure)] = _histogram(qids, measure, block_max / sizes, sizes)
        del ids, sizes
    return [made[key] for key in order]
