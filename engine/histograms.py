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


def _histogram(qids: tuple[str, ...], measure: str, risk: np.ndarray) -> RiskHistogram:
    edges = np.linspace(0.0, 1.0, BINS + 1)
    counts, _ = np.histogram(risk, bins=edges)
    return RiskHistogram(qids, measure, tuple(float(e) for e in edges),
                         tuple(int(c) for c in counts), float(risk.mean()))


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
    re-identification and for each sensitive attribute."""
    out = []
    for row in top_by_size(reid_rows, "posterior_prob"):
        risk = per_record_risk(columns, row.qids, [], n)["reidentification"]
        out.append(_histogram(row.qids, "reidentification", risk))
    for column in sensitive:
        rows = [r for r in inference_rows if r.sensitive == column.name]
        for row in top_by_size(rows, "posterior_prob"):
            risk = per_record_risk(columns, row.qids, [column], n)[column.name]
            out.append(_histogram(row.qids, column.name, risk))
    return out
