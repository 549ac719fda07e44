"""The named count vector (engine.sweep.counts) against the walker's vectors, column by column."""

import numpy as np
import pytest

from engine.formulas.privacy_models import MODEL_FIELDS
from engine.sweep.partition import partition
from engine.sweep.counts import CountLayout
from engine.sweep import segments
from engine.sweep.lattice import UpToFamily
from engine.sweep.runner import run_sweep
from engine.sweep.walker import SweepData


def test_columns_of_a_two_attribute_layout():
    layout = CountLayout(2, models=True)
    assert (layout.blocks, layout.singletons) == (0, 1)
    assert [(layout.max_sum(s), layout.constant(s)) for s in (0, 1)] == [(2, 3), (4, 5)]
    assert layout.model_levels(0) == slice(6, 6 + len(MODEL_FIELDS))
    assert layout.model_levels(1) == slice(6 + len(MODEL_FIELDS), 6 + 2 * len(MODEL_FIELDS))
    assert layout.width == 6 + 2 * len(MODEL_FIELDS) == CountLayout(2).width + 2 * len(MODEL_FIELDS)


@pytest.mark.parametrize("engine_rows", [0, 10 ** 12], ids=["segment-kernels", "refinement-walk"])
def test_named_columns_hold_the_brute_force_counts(monkeypatch, engine_rows):
    monkeypatch.setattr(segments, "MIN_ROW_SUBSETS", engine_rows)
    rng = np.random.default_rng(3)
    n = 200
    qids = [rng.integers(0, c, n).astype(np.uint8) for c in (3, 4, 5)]
    sens = [rng.integers(0, c, n).astype(np.uint8) for c in (2, 3)]
    data = SweepData(qids, [3, 4, 5], sens, [2, 3], n)
    layout = data.layout
    family = UpToFamily(3, 3)
    assert segments.use_segments(data, family) == (engine_rows == 0)
    result = run_sweep(data, family, jobs=1)
    assert len(result.subsets) == 7
    for subset, vector in zip(result.subsets, result.counts):
        ids, n_blocks, sizes = partition([(qids[j], 3 + j) for j in subset], n)
        assert vector[layout.blocks] == n_blocks
        assert vector[layout.singletons] == np.count_nonzero(sizes == 1)
        for s, codes in enumerate(sens):
            table = np.zeros((n_blocks, 3), int)
            np.add.at(table, (ids, codes), 1)
            assert vector[layout.max_sum(s)] == table.max(axis=1).sum()
            assert vector[layout.constant(s)] == sizes[(table > 0).sum(axis=1) == 1].sum()
