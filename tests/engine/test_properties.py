"""Property tests on random tables: the sweep against a plain pandas groupby, and the
invariants of docs/methods.md (mean per-record risk = collective posterior; supersets never
lower re-identification)."""

from itertools import combinations

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.sweep import partition as partition_module
from engine.assessment.run import build_family, run_assessment, walk_order
from engine.attacks.histograms import per_record_risk
from engine.sweep.lattice import ExplicitFamily, Task, UpToFamily, plan_tasks
from engine.sweep import walker as walker_module
from engine.sweep.walker import SweepData, walk

from .helpers import config_for, table_from_frame


@st.composite
def tables(draw, max_rows=60, sensitive_values=("a", "b", "c", None), max_sensitive=2):
    n = draw(st.integers(1, max_rows))
    k = draw(st.integers(1, 4))
    columns = {}
    for j in range(k):
        card = draw(st.integers(1, 8))
        values = draw(st.lists(st.one_of(st.none(), st.integers(0, card - 1)), min_size=n, max_size=n))
        columns[f"q{j}"] = pd.array(values, dtype="Int64")
    for j in range(draw(st.integers(1, max_sensitive))):
        values = draw(st.lists(st.sampled_from(sensitive_values), min_size=n, max_size=n))
        columns[f"s{j}"] = pd.array(values, dtype="string")
    return pd.DataFrame(columns)


def reference(frame: pd.DataFrame, qids: list[str], sensitive: str) -> tuple[int, int, int, int]:
    """blocks, singletons, sum of max sensitive count, records in constant blocks (pandas)."""
    key = frame[qids].astype("string").fillna("<NA>")
    sens = frame[sensitive].astype("string").fillna("<NA>")
    groups = key.groupby(qids, dropna=False)
    sizes = groups.size()
    joined = pd.concat([key, sens.rename("__s")], axis=1)
    counts = joined.groupby(qids + ["__s"], dropna=False).size()
    per_block = counts.groupby(level=list(range(len(qids))), dropna=False)
    block_max = per_block.max()
    distinct = per_block.size()
    constant = sizes[distinct[distinct == 1].index].sum() if (distinct == 1).any() else 0
    return len(sizes), int((sizes == 1).sum()), int(block_max.sum()), int(constant)


def _assess(frame, jobs=1):
    qids = [c for c in frame.columns if c.startswith("q")]
    sensitive = [c for c in frame.columns if c.startswith("s")]
    table = table_from_frame(frame)
    return qids, sensitive, table, run_assessment(config_for(qids, sensitive, jobs=jobs), table=table)


FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(tables())
@pytest.mark.slow
def test_sweep_matches_pandas_groupby(frame):
    qids, sensitive, _, run = _assess(frame)
    assert len(run.reidentification) == 2 ** len(qids) - 1
    for r in run.reidentification:
        blocks, singles, _, _ = reference(frame, list(r.qids), sensitive[0])
        assert (r.blocks, r.singletons) == (blocks, singles)
    for i in run.inference:
        _, _, expected, constant = reference(frame, list(i.qids), i.sensitive)
        assert (i.expected_correct, i.records_certain) == (expected, constant)


@FAST
@given(tables())
def test_mean_per_record_risk_equals_collective_posterior(frame):
    qids, sensitive, table, run = _assess(frame)
    columns = [table[s] for s in sensitive]
    for r in run.reidentification:
        risk = per_record_risk(table.columns, r.qids, columns, table.n_rows)
        assert risk["reidentification"].mean() == pytest.approx(r.posterior_prob)
        assert np.mean(risk["reidentification"] == 1.0) == pytest.approx(r.posterior_det)
        for i in run.inference:
            if i.qids == r.qids:
                assert risk[i.sensitive].mean() == pytest.approx(i.posterior_prob)


@FAST
@given(tables())
def test_adding_a_qid_never_lowers_risk(frame):
    _, _, _, run = _assess(frame)
    reid = {r.qids: r for r in run.reidentification}
    for qids, r in reid.items():
        for sub in combinations(qids, len(qids) - 1):
            if sub:
                assert r.posterior_prob >= reid[sub].posterior_prob
                assert r.posterior_det >= reid[sub].posterior_det
    inference = {(i.qids, i.sensitive): i for i in run.inference}
    for (qids, s), i in inference.items():
        for sub in combinations(qids, len(qids) - 1):
            if sub:
                assert i.posterior_prob >= inference[(sub, s)].posterior_prob
                assert i.posterior_det >= inference[(sub, s)].posterior_det


@FAST
@given(tables(sensitive_values=("yes", "no"), max_sensitive=3))
@pytest.mark.slow
def test_two_valued_sensitive_columns_counted_in_pairs_match_pandas(frame):
    """0/1 sensitive columns are counted two per weighted pass, and a subset without children
    is counted without numbering its blocks; against pandas, with and without either."""
    qids, sensitive, order, data, family = _sweep_data(frame)
    paired = _walk_all(data, family, 0.0)
    saved = partition_module.PAIR_MAX_ROWS
    partition_module.PAIR_MAX_ROWS = 0
    walker_module.PAIR_MAX_ROWS = 0
    try:
        unpaired = _walk_all(data, family, 0.0)
    finally:
        partition_module.PAIR_MAX_ROWS = walker_module.PAIR_MAX_ROWS = saved
    assert paired == unpaired == _walk_hashed(data, family)
    for prefix, counts in paired.items():
        names = [qids[order[i]] for i in prefix]
        for j, s in enumerate(sensitive):
            blocks, singles, expected, constant = reference(frame, names, s)
            assert counts[:2] == [blocks, singles]
            assert counts[2 + 2 * j: 4 + 2 * j] == [expected, constant]


def _walk_all(data: SweepData, family, prune_share: float) -> dict:
    out = {}
    walk(data, family, Task((), True), lambda p, c: out.__setitem__(p, c.tolist()), prune_share=prune_share)
    return out


def _walk_hashed(data: SweepData, family) -> dict:
    """The walk with every refinement hashed or sorted instead of counted densely."""
    saved = partition_module.DENSE_MIN, partition_module.DENSE_PER_ROW
    partition_module.DENSE_MIN, partition_module.DENSE_PER_ROW = 0, 0
    try:
        return _walk_all(data, family, 0.0)
    finally:
        partition_module.DENSE_MIN, partition_module.DENSE_PER_ROW = saved


def _sweep_data(frame: pd.DataFrame):
    """QIDs, sensitive columns, walk order, the walk's data and the family of every subset."""
    qids = [c for c in frame.columns if c.startswith("q")]
    sensitive = [c for c in frame.columns if c.startswith("s")]
    table = table_from_frame(frame)
    columns = [table[q] for q in qids]
    order = walk_order(columns)
    data = SweepData([columns[i].codes for i in order], [columns[i].cardinality for i in order],
                     [table[s].codes for s in sensitive], [table[s].cardinality for s in sensitive],
                     table.n_rows)
    return qids, sensitive, order, data, UpToFamily(len(qids), len(qids))


@FAST
@given(tables(max_rows=40))
def test_every_code_path_gives_the_same_counts(frame):
    _, _, _, data, family = _sweep_data(frame)
    always_prune = _walk_all(data, family, 0.0)
    never_prune = _walk_all(data, family, 2.0)
    assert always_prune == never_prune == _walk_hashed(data, family)
    # Tasks split for workers cover the family exactly once and agree with one walk.
    split = {}
    for task in plan_tasks(family, workers=3, per_worker=4):
        walk(data, family, task, lambda p, c: split.__setitem__(p, c.tolist()) if p not in split
             else pytest.fail(f"{p} computed twice"))
    assert split == always_prune


@given(st.integers(1, 9), st.integers(1, 9))
def test_family_sizes(k, m):
    from math import comb

    family = UpToFamily(k, m)
    assert family.total == sum(comb(k, t) for t in range(1, min(k, m) + 1))
    seen = []
    walk_family = lambda prefix: [seen.append(prefix + (c,)) or walk_family(prefix + (c,))  # noqa: E731
                                  for c in family.children(prefix)]
    walk_family(())
    assert len(seen) == len(set(seen)) == family.total


def test_explicit_family_reports_only_listed_subsets():
    family = ExplicitFamily(4, [(0, 2), (3,), (0, 2, 3)])
    assert family.total == 3
    assert family.reported((0, 2)) and not family.reported((0,))
    assert set(family.children(())) == {0, 3}
    tasks = plan_tasks(family, workers=2)
    assert sum(1 for t in tasks if not t.descend and family.reported(t.prefix)) + \
        sum(family.subtree_size(t.prefix) for t in tasks if t.descend) == 3


def test_listed_subsets_through_the_api():
    frame = pd.DataFrame({"a": [1, 1, 2, 2], "b": [1, 2, 1, 1], "c": [0, 0, 0, 1], "s": ["x"] * 4})
    config = config_for(["a", "b", "c"], ["s"])
    from dataclasses import replace

    from engine.analysis.config import SubsetFamily
    config = replace(config, subsets=SubsetFamily("list", subsets=(("c", "a"), ("b",))))
    run = run_assessment(config, table=table_from_frame(frame))
    assert [r.qids for r in run.reidentification] == [("b",), ("a", "c")]
    assert [r.blocks for r in run.reidentification] == [2, 3]
    family = build_family(config.subsets, ("a", "b", "c"), [0, 1, 2])
    assert family.total == 2
