"""Both sweep engines, on one and on two workers (the segment sweep's threads, the walk's processes), agree on random tables of every benchmark
shape (benchmarks/shapes.py: independent, high-cardinality, skewed-nested, missing values, survey,
business)."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.shapes import GENERATORS, QIDS, SENSITIVE, columns_of
from engine.api import run_assessment
from engine.sweep import runner, segments

from .helpers import config_for, table_from_frame
from .test_properties import reference


def _table(shape: str, rows: int, seed: int, n_qids: int):
    """A shape's table with its 11 QIDs and 2 sensitive columns named as the first shapes name them."""
    generated = GENERATORS[shape](np.random.default_rng(seed), rows)
    shape_qids, shape_sensitive = columns_of(shape)
    names = dict(zip(shape_qids + shape_sensitive, QIDS + SENSITIVE, strict=True))
    columns = {names[name]: values for name, values in generated.items()}
    qids = [str(q) for q in np.random.default_rng(seed).choice(QIDS, n_qids, replace=False)]
    frame = pd.DataFrame({name: columns[name] for name in qids + SENSITIVE})
    return frame, qids


def _counts(run):
    return ([(r.qids, r.blocks, r.singletons) for r in run.reidentification],
            [(i.qids, i.sensitive, i.expected_correct, i.records_certain) for i in run.inference])


def _run(monkeypatch, frame, qids, segment_engine: bool, jobs: int,
         tally: tuple = (1 << 20, 1 << 16, 1 << 16, 64, True)):
    monkeypatch.setattr(segments, "MIN_ROW_SUBSETS", 0 if segment_engine else 10 ** 18)
    monkeypatch.setattr(segments, "TALLY_KEYS", tally[0])     # children counted in one pass, or not
    monkeypatch.setattr(segments, "TALLY_GROUPS", tally[1])
    monkeypatch.setattr(segments, "TALLY_PAIRS", tally[2])
    monkeypatch.setattr(segments, "TALLY_DENSE", tally[3])    # counters read whole, or noted ...
    monkeypatch.setattr(segments, "TALLY_JOINT", tally[4])    # ... one per combination of values
    monkeypatch.setattr(segments, "BATCH_WORK", 64)        # tiny batches and splits: every code path
    monkeypatch.setattr(segments, "SPLIT_WORK", 256)
    monkeypatch.setattr(segments, "SPLIT_ROWS", 16)
    monkeypatch.setattr(runner, "WORKER_START_SECONDS", 0.0)   # jobs=2 really starts the walk's workers
    return _counts(run_assessment(config_for(qids, SENSITIVE, jobs=jobs), table=table_from_frame(frame)))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(shape=st.sampled_from(sorted(GENERATORS)), rows=st.integers(1, 400), seed=st.integers(0, 10_000),
       n_qids=st.integers(1, 6))
def test_segment_sweep_equals_refinement_walk_and_pandas(monkeypatch, shape, rows, seed, n_qids):
    frame, qids = _table(shape, rows, seed, n_qids)
    walked = _run(monkeypatch, frame, qids, segment_engine=False, jobs=1)
    assert walked == _run(monkeypatch, frame, qids, segment_engine=True, jobs=1)
    reid, inference = walked
    for subset, blocks, singletons in reid[:: max(1, len(reid) // 5)]:
        assert reference(frame, list(subset), SENSITIVE[0])[:2] == (blocks, singletons)
    for subset, sensitive, expected, constant in inference[:: max(1, len(inference) // 5)]:
        assert reference(frame, list(subset), sensitive)[2:] == (expected, constant)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(shape=st.sampled_from(sorted(GENERATORS)), rows=st.integers(50, 2000), seed=st.integers(0, 10_000),
       n_qids=st.integers(2, 7), tally=st.sampled_from([(1 << 20, 1 << 16, 1 << 16, 64, True), (0, 1, 0, 64, True),
                                                         (40, 4, 12, 0, True), (1 << 20, 1 << 16, 0, 0, True),
                                                         (1 << 20, 1 << 16, 1 << 16, 64, False),
                                                         (40, 4, 12, 64, False)]))
@pytest.mark.slow
def test_segment_sweep_on_two_threads_equals_pandas_on_every_shape(monkeypatch, shape, rows, seed, n_qids, tally):
    """The segment sweep with its one-pass counting of children on, off or only for some
    blocks (counters per combination of sensitive values, per value read whole, or noted one by
    one), on one and on two threads, against a pandas groupby of every subset."""
    frame, qids = _table(shape, rows, seed, n_qids)
    one = _run(monkeypatch, frame, qids, segment_engine=True, jobs=1, tally=tally)
    assert _run(monkeypatch, frame, qids, segment_engine=True, jobs=2, tally=tally) == one
    reid, inference = one
    assert len(reid) == 2 ** n_qids - 1
    blocks = {subset: (b, s) for subset, b, s in reid}
    for subset, sensitive, expected, constant in inference:
        assert reference(frame, list(subset), sensitive) == blocks[subset] + (expected, constant)


@pytest.mark.parametrize("shape", sorted(GENERATORS))
@pytest.mark.parametrize("segment_engine", [False, True], ids=["refinement-walk", "segment-sweep"])
def test_two_workers_equal_one_on_every_shape(monkeypatch, shape, segment_engine):
    frame, qids = _table(shape, 3000, 11, 7)
    one = _run(monkeypatch, frame, qids, segment_engine, jobs=1)
    assert len(one[0]) == 2 ** 7 - 1
    assert _run(monkeypatch, frame, qids, segment_engine, jobs=2) == one
