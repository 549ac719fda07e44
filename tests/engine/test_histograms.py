"""Worst-case histograms (engine/histograms.py) against per-record risks binned by numpy, on
both code paths: numpy partitions (small tables) and chained compiled partitions with the
(size, top) tally (large tables; forced here by lowering the row threshold)."""

import numpy as np
import pandas as pd
import pytest

from engine import histograms
from engine.histograms import BINS, per_record_risk, worst_case_histograms
from engine.results import InferenceRisk, ReidentificationRisk

from .helpers import table_from_frame


def _frame(rows: int, seed: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    big = rng.integers(0, 300, rows)
    return pd.DataFrame({
        "q_big": big,                                   # many small blocks, some of 300+ rows below
        "q_town": big // 40,                            # a function of q_big
        "q_day": rng.integers(1, 32, rows),
        "q_sex": rng.choice(["F", "M"], rows),
        "q_const": np.zeros(rows, dtype=int),           # one block of every row
        "s_rare": rng.choice(["no", "yes"], rows, p=[0.95, 0.05]),
        "s_grade": rng.integers(0, 5, rows),
    })


def _rows(qid_sets, sensitive):
    """Result rows that make each QID set the top subset of its size."""
    reid = [ReidentificationRisk(qids=q, n=1, blocks=1, singletons=0, prior_prob=0.0, posterior_prob=1.0,
                                 prior_det=0.0, posterior_det=0.0) for q in qid_sets]
    inference = [InferenceRisk(qids=q, sensitive=s, n=1, expected_correct=1, records_certain=0, prior_prob=0.0,
                               posterior_prob=1.0, prior_det=0.0, posterior_det=0.0)
                 for s in sensitive for q in qid_sets]
    return reid, inference


@pytest.mark.parametrize("compiled", [False, True])
@pytest.mark.parametrize("seed", [1, 2])
def test_histograms_equal_per_record_risks_binned(monkeypatch, compiled, seed):
    frame = _frame(6000, seed)
    if seed == 2:
        frame = frame.iloc[:400]                       # blocks of every size, up to the whole table
    table = table_from_frame(frame)
    if compiled:
        monkeypatch.setattr(histograms, "LINEAR_MIN_ROWS", 0)
        monkeypatch.setattr(histograms, "SMALL_BLOCK", 3)   # most blocks go the "large block" way too
    qid_sets = [("q_const",), ("q_big", "q_const"), ("q_big", "q_const", "q_town"),
                ("q_big", "q_const", "q_day", "q_town"), ("q_big", "q_const", "q_day", "q_sex", "q_town")]
    sensitive = [table["s_rare"], table["s_grade"]]
    reid, inference = _rows(qid_sets, [s.name for s in sensitive])
    made = worst_case_histograms(table.columns, reid, inference, sensitive, table.n_rows)
    assert len(made) == 3 * len(qid_sets)
    edges = np.linspace(0.0, 1.0, BINS + 1)
    for h in made:
        risk = per_record_risk(table.columns, h.qids, sensitive, table.n_rows)[h.measure]
        expected, _ = np.histogram(risk, bins=edges)
        assert h.counts == tuple(int(c) for c in expected), (h.qids, h.measure)
        assert sum(h.counts) == table.n_rows
        assert h.mean == pytest.approx(float(risk.mean()), rel=1e-12)


def test_reidentification_histogram_of_a_hand_table(monkeypatch):
    monkeypatch.setattr(histograms, "LINEAR_MIN_ROWS", 0)
    frame = pd.DataFrame({"a": [1, 1, 1, 2, 2, 3], "s": ["x", "x", "y", "y", "y", "x"]})
    table = table_from_frame(frame)
    reid, inference = _rows([("a",)], ["s"])
    h_reid, h_s = worst_case_histograms(table.columns, reid, inference, [table["s"]], 6)
    # blocks {1,1,1}: risk 1/3 for 3 records; {2,2}: 1/2 for 2; {3}: 1 for 1
    bins = {i: c for i, c in enumerate(h_reid.counts) if c}
    assert bins == {6: 3, 10: 2, 19: 1}
    assert h_reid.mean == pytest.approx(3 / 6)          # blocks / records
    # inference: block 1 -> 2/3 (x twice), block 2 -> 1 (y, y), block 3 -> 1
    assert {i: c for i, c in enumerate(h_s.counts) if c} == {13: 3, 19: 3}
    assert h_s.mean == pytest.approx((2 + 2 + 1) / 6)
