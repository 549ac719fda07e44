"""What full generalisation reaches when no combination of levels meets the target, against the
lattice search and brute force."""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest

from engine.commands import cli
from engine.remediation.feasibility import (KEY, from_suggestion, full_generalisation, largest_k,
                                            with_full_generalisation)
from engine.remediation.hierarchy import column_values, interval_hierarchy, merge_hierarchy
from engine.remediation.suggest import SuggestConfig, SuggestTarget, suggest
from tests.engine.helpers import table_from_frame


def test_largest_k_by_hand():
    sizes = np.array([1, 2, 2, 5, 9])
    assert largest_k(sizes, 0) == 1
    assert largest_k(sizes, 4) == 2   # k=5 needs 1+2+2 = 5 suppressed
    assert largest_k(sizes, 5) == 5
    assert largest_k(sizes, 10) == 9  # k=9 suppresses 10


def test_worked_example():
    # age to decades then '*'; town A,B -> AB, C alone -> C then '*'
    frame = pd.DataFrame({"age": [21, 25, 33, 38, 39, 52], "town": ["A", "B", "A", "C", "C", "A"]})
    table = table_from_frame(frame)
    hierarchies = (("age", interval_hierarchy("age", column_values(table["age"]), [10])),
                   ("town", merge_hierarchy("town", column_values(table["town"]), {"AB": ["A", "B"]})))
    config = SuggestConfig(qids=("age", "town"), hierarchies=hierarchies, target=SuggestTarget(k=7))
    facts = full_generalisation(table, config)
    assert (facts.records, facts.smallest_block, facts.to_suppress, facts.limit, facts.largest_k) == (6, 6, 6, 0, 6)
    # without a hierarchy for town: blocks A (3), B (1), C (2) at the top
    config = SuggestConfig(qids=("age", "town"), hierarchies=hierarchies[:1],
                           target=SuggestTarget(k=3, max_suppression=20.0))
    facts = full_generalisation(table, config)
    assert (facts.smallest_block, facts.to_suppress, facts.limit, facts.largest_k) == (1, 3, 1, 2)
    assert facts.to_suppress_percent == pytest.approx(50.0) and not facts.meets_k
    result = with_full_generalisation(suggest(table, config), table, config)
    assert result.best is None and from_suggestion(result) == facts
    assert result.to_dict()[KEY]["to_suppress"] == 3


@pytest.mark.parametrize("seed", range(4))
def test_agrees_with_the_search_over_the_lattice(seed):
    """The smallest suppression over all nodes is the top node's; the largest k met is its largest_k."""
    rng = np.random.default_rng(seed)
    n = 120
    frame = pd.DataFrame({"a": rng.integers(0, 30, n), "b": rng.choice(list("pqrst"), n)})
    table = table_from_frame(frame)
    hierarchies = (("a", interval_hierarchy("a", column_values(table["a"]), [5, 10])),
                   ("b", merge_hierarchy("b", column_values(table["b"]), {"pq": ["p", "q"]})))
    for k, supp in ((2, 0.0), (4, 5.0), (20, 10.0)):
        config = SuggestConfig(qids=("a", "b"), hierarchies=hierarchies, target=SuggestTarget(k=k, max_suppression=supp))
        facts = full_generalisation(table, config)
        # brute force over every node
        best_suppressed = min(_suppressed(table, config, levels, k) for levels in itertools.product(range(4), range(3)))
        assert facts.to_suppress == best_suppressed
        found = suggest(table, config).best is not None
        assert found == facts.meets_k
        reach = SuggestConfig(qids=config.qids, hierarchies=hierarchies,
                              target=SuggestTarget(k=facts.largest_k, max_suppression=supp))
        too_far = SuggestConfig(qids=config.qids, hierarchies=hierarchies,
                                target=SuggestTarget(k=facts.largest_k + 1, max_suppression=supp))
        assert suggest(table, reach).best is not None and suggest(table, too_far).best is None


def _suppressed(table, config, levels, k):
    from engine.remediation.hierarchy import level_tables

    labels = pd.DataFrame({q: [t.labels[t.codes[c]] for c in table[q].codes]
                           for q, level in zip(config.qids, levels)
                           for t in [level_tables(config.hierarchy(q), table[q])[level]]}).fillna("")
    sizes = labels.groupby(list(config.qids)).size().to_numpy()
    return int(sizes[sizes < k].sum())


def test_cli_says_what_would_be_feasible(tmp_path, capsys):
    data = tmp_path / "d.csv"
    pd.DataFrame({"age": [21, 25, 33, 38, 39, 52], "town": ["A", "B", "A", "C", "C", "A"]}).to_csv(data, index=False)
    (tmp_path / "age.csv").write_text("".join(f"{a};{a // 10 * 10}s;*\n" for a in (21, 25, 33, 38, 39, 52)),
                                      encoding="utf-8")
    code = cli.main(["suggest", str(data), "--qid", "age", "town", "--hierarchy", f"age={tmp_path / 'age.csv'}",
                     "--k", "3", "--max-suppression", "20", "--out", str(tmp_path / "out"), "--quiet"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    text = captured.out + captured.err
    assert "smallest group holds 1 record (k=1 without suppression)" in text and "k=3 would need 3 records suppressed (50.00%" in text
    assert "largest k within the limit is 2" in text
