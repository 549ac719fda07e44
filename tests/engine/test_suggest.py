"""The lattice search against brute force on small random lattices; minimality; time bound;
cancel; the analysis thresholds."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from engine.foundation.errors import Cancelled, InputError
from engine.foundation.progress import CancelToken
from engine.remediation.hierarchy import column_values, interval_hierarchy, level_tables, merge_hierarchy
from engine.remediation.suggest import SuggestConfig, SuggestTarget, brute_force, suggest, suppressed_records
from tests.engine.helpers import table_from_frame


def _random_case(seed: int, n: int = 250):
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame({"a": rng.integers(0, 24, n), "b": rng.integers(0, 8, n),
                          "c": rng.choice(list("pqrst"), n), "s": rng.choice(list("xy"), n, p=[0.8, 0.2])})
    table = table_from_frame(frame)
    hierarchies = (("a", interval_hierarchy("a", column_values(table["a"]), [3, 6, 12])),
                   ("b", interval_hierarchy("b", column_values(table["b"]), [2, 4])),
                   ("c", merge_hierarchy("c", column_values(table["c"]), {"pq": ["p", "q"], "rst": ["r", "s", "t"]})))
    return table, hierarchies


def _sizes_at(table, config, levels):
    """Block sizes per record computed directly from the data at the node (the independent check)."""
    frame = pd.DataFrame({q: [t.labels[t.codes[c]] for c in table[q].codes]
                          for q, level in zip(config.qids, levels)
                          for t in [level_tables(config.hierarchy(q), table[q])[level]]})
    return frame.fillna("").groupby(list(config.qids))[config.qids[0]].transform("size").to_numpy()


CASES = [(seed, k, supp, metric) for seed in range(4) for k, supp in ((2, 0.0), (3, 5.0), (5, 10.0))
         for metric in ("entropy", "height", "discernibility")]


@pytest.mark.parametrize("seed, k, supp, metric", CASES)
def test_suggestion_is_the_least_loss_node_meeting_the_target(seed, k, supp, metric):
    table, hierarchies = _random_case(seed)
    config = SuggestConfig(qids=("a", "b", "c"), hierarchies=hierarchies,
                           target=SuggestTarget(k=k, max_suppression=supp), metric=metric)
    result = suggest(table, config)
    every = dict(brute_force(table, config))
    meeting = {levels: e for levels, e in every.items() if e.meets}
    assert result.optimal and result.nodes_total == len(every) == 5 * 4 * 3
    assert result.best.loss == pytest.approx(min(e.loss for e in meeting.values()))
    best = result.best.levels
    # k-anonymous within the suppression limit, checked on the data itself
    sizes = _sizes_at(table, config, best)
    suppressed = int((sizes < k).sum())
    assert suppressed == result.best.suppressed_records <= supp / 100 * table.n_rows
    # the runners-up meet the target and are sorted by loss
    losses = [result.best.loss] + [a.loss for a in result.alternatives]
    assert losses == sorted(losses)
    assert all(a.levels in meeting for a in result.alternatives)
    assert len(result.alternatives) == min(5, len(meeting) - 1)
    assert every[best].meets
    for column in range(3):
        if best[column] > 0:
            lower = tuple(level - (i == column) for i, level in enumerate(best))
            # one level lower on one column: it fails, or (a loss not monotone with suppression) loses more
            assert not every[lower].meets or every[lower].loss >= result.best.loss
            if metric == "height" or (metric == "entropy" and supp == 0.0):
                assert not every[lower].meets  # monotone loss: the best node is minimal
    assert result.nodes_checked <= len(every)


def test_pruning_evaluates_fewer_nodes_than_the_lattice():
    table, hierarchies = _random_case(1, n=400)
    config = SuggestConfig(qids=("a", "b", "c"), hierarchies=hierarchies, target=SuggestTarget(k=2),
                           metric="height")
    result = suggest(table, config)
    assert result.nodes_checked < result.nodes_total


@pytest.mark.parametrize("seed", range(3))
def test_thresholds_with_suppression_are_checked_on_every_node(seed):
    table, hierarchies = _random_case(seed)
    target = SuggestTarget(k=2, max_suppression=10.0, max_reid_prob=0.2, max_inference_gain=0.3)
    config = SuggestConfig(qids=("a", "b", "c"), hierarchies=hierarchies, target=target, sensitive=("s",))
    result = suggest(table, config)
    assert not result.monotone and result.nodes_checked == result.nodes_total  # no pruning
    meeting = [e.loss for _, e in brute_force(table, config) if e.meets]
    assert result.best.loss == pytest.approx(min(meeting))
    # the threshold itself, recomputed on the released data (suppressed records form one block)
    sizes = _sizes_at(table, config, result.best.levels)
    mask = suppressed_records(table, config, result.best.levels)
    assert np.array_equal(mask, sizes < 2)
    frame = pd.DataFrame({q: [t.labels[t.codes[c]] for c in table[q].codes] for q, level in
                          zip(config.qids, result.best.levels) for t in
                          [level_tables(config.hierarchy(q), table[q])[level]]}).fillna("")
    frame[mask] = "*"
    assert frame.drop_duplicates().shape[0] / table.n_rows <= 0.2


def test_unique_share_threshold_without_suppression_is_monotone():
    table, hierarchies = _random_case(5)
    config = SuggestConfig(qids=("a", "b", "c"), hierarchies=hierarchies,
                           target=SuggestTarget(k=1, max_unique_share=0.01), metric="height")
    result = suggest(table, config)
    sizes = _sizes_at(table, config, result.best.levels)
    assert (sizes == 1).sum() / table.n_rows <= 0.01
    assert result.optimal and result.best.loss == min(e.loss for _, e in brute_force(table, config) if e.meets)


def test_no_node_meets_the_target():
    table = table_from_frame(pd.DataFrame({"a": [1, 2, 3]}))
    config = SuggestConfig(qids=("a",), hierarchies=(), target=SuggestTarget(k=2))
    result = suggest(table, config)
    assert result.best is None and result.optimal and result.to_dict()["levels"] is None


def test_time_limit_returns_a_node_not_proved_optimal():
    table, hierarchies = _random_case(2, n=2000)
    config = SuggestConfig(qids=("a", "b", "c"), hierarchies=hierarchies, target=SuggestTarget(k=3),
                           max_seconds=1e-9)
    result = suggest(table, config)
    assert result.stopped_early and not result.optimal
    assert result.nodes_checked < result.nodes_total


def test_cancel_and_progress():
    table, hierarchies = _random_case(2)
    config = SuggestConfig(qids=("a", "b", "c"), hierarchies=hierarchies, target=SuggestTarget(k=3))
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        suggest(table, config, cancel=token)
    seen = []
    suggest(table, config, on_progress=seen.append)
    assert seen and seen[-1].done == seen[-1].total == 60 and seen[-1].stage == "suggest"


def test_a_qid_without_hierarchy_stays_at_level_zero():
    table, hierarchies = _random_case(0)
    config = SuggestConfig(qids=("a", "b", "c"), hierarchies=hierarchies[:1],
                           target=SuggestTarget(k=2, max_suppression=100.0))
    result = suggest(table, config)
    assert result.nodes_total == 5
    assert result.best is not None and result.best.levels[1:] == (0, 0)


@pytest.mark.parametrize("kwargs, words", [
    ({"target": SuggestTarget(k=0)}, "target.k must be at least 1, got 0"),
    ({"target": SuggestTarget(max_suppression=101)},
     "target.max_suppression must be between 0 and 100 percent, got 101"),
    ({"target": SuggestTarget(max_suppression=-1)}, "target.max_suppression must be between 0 and 100 percent, got -1"),
    ({"qids": ("a", "zz")}, "no column 'zz'"),
    ({"metric": "fun"}, "metric must be one of entropy, "),
    ({"target": SuggestTarget(max_inference_gain=0.1)}, "needs a sensitive column: give sensitive COL"),
])
def test_bad_configs(kwargs, words):
    table, hierarchies = _random_case(0)
    config = SuggestConfig(**{"qids": ("a", "b"), "hierarchies": hierarchies[:1], **kwargs})
    with pytest.raises(InputError, match=words.replace("(", r"\(")):
        suggest(table, config)


@pytest.mark.parametrize("missing_line", [True, False])
@pytest.mark.parametrize("seed", range(3))
def test_missing_values_keep_the_search_exact(tmp_path, seed, missing_line):
    from engine.remediation.hierarchy import read_hierarchy

    table, hierarchies = _random_case(seed)
    frame = pd.DataFrame({q: [table[q].label_text(c) or None for c in table[q].codes] for q in "abc"})
    frame.loc[frame.index % 7 == 0, "c"] = None
    table = table_from_frame(frame)
    lines = "p;pq;*\nq;pq;*\nr;rst;*\ns;rst;*\nt;rst;*\n" + (";unknown;*\n" if missing_line else "")
    (tmp_path / "c.csv").write_text(lines, encoding="utf-8")
    hierarchies = (("a", interval_hierarchy("a", column_values(table["a"]), [3, 6, 12])),
                   ("c", read_hierarchy(tmp_path / "c.csv", "c")))
    for metric in ("entropy", "height"):
        config = SuggestConfig(qids=("a", "b", "c"), hierarchies=hierarchies,
                               target=SuggestTarget(k=3, max_suppression=4.0), metric=metric)
        result = suggest(table, config)
        meeting = [e.loss for _, e in brute_force(table, config) if e.meets]
        assert result.optimal and result.best.loss == pytest.approx(min(meeting))
        sizes = _sizes_at(table, config, result.best.levels)
        assert (sizes < 3).sum() == result.best.suppressed_records <= 0.04 * table.n_rows


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("metric", ["entropy", "height", "discernibility"])
def test_best_and_runners_up_are_the_brute_force_ranking(seed, metric):
    """The suggestion and its runners-up are the first nodes meeting the target by (loss,
    height, levels), as brute force ranks them (the search's pruning and order change nothing)."""
    table, hierarchies = _random_case(seed, n=150 + 40 * seed)
    target = SuggestTarget(k=2 + seed % 3, max_suppression=float(seed % 2) * 5.0)
    config = SuggestConfig(qids=("a", "b", "c"), hierarchies=hierarchies, target=target, metric=metric,
                           alternatives=3)
    result = suggest(table, config)
    ranked = sorted(((e.loss, sum(levels), levels) for levels, e in brute_force(table, config) if e.meets))
    found = [result.best] + list(result.alternatives)
    assert [node.levels for node in found] == [levels for _, _, levels in ranked[:4]]
    assert [node.loss for node in found] == pytest.approx([loss for loss, _, _ in ranked[:4]])
