"""Transformations and scenarios: hand cases for every step, TOML round trip, bad input."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from engine.foundation.errors import InputError
from engine.remediation.transforms import (Drop, HierarchySpec, LocalSuppression, Recode, RecordSuppression, Sample,
                                           Scenario, apply_scenario, parse_scenarios, read_scenarios,
                                           scenarios_toml)
from tests.engine.helpers import table_from_frame


def _texts(table, column):
    c = table[column]
    return [None if code == c.missing_code else c.label_text(code) for code in c.codes]


def _run(frame, qids, *steps, name="s"):
    return apply_scenario(table_from_frame(frame), qids, Scenario(name, tuple(steps)))


def test_drop_removes_the_column_and_keeps_the_input():
    frame = pd.DataFrame({"a": [1, 2], "b": ["x", "y"]})
    table = table_from_frame(frame)
    out = apply_scenario(table, ["a", "b"], Scenario("s", (Drop("b"),)))
    assert out.qids == ("a",) and out.dropped == ("b",) and "b" not in out.table.columns
    assert "b" in table.columns  # the loaded table is not modified


def test_recode_with_a_hierarchy_file(tmp_path):
    path = tmp_path / "city.csv"
    path.write_text("Lisboa;South;*\nFaro;South;*\nPorto;North;*\n;Unknown;*\n", encoding="utf-8")
    frame = pd.DataFrame({"city": ["Lisboa", "Faro", "Porto", None]})
    spec = HierarchySpec("hierarchy", path=str(path))
    out = _run(frame, ["city"], Recode("city", 1, spec))
    assert _texts(out.table, "city") == ["South", "South", "North", "Unknown"]
    assert out.recoded["city"][1] == 1
    out = _run(frame, ["city"], Recode("city", 2, spec))
    assert _texts(out.table, "city") == ["*"] * 4
    with pytest.raises(InputError, match="level 3 is above the hierarchy's top level 2"):
        _run(frame, ["city"], Recode("city", 3, spec))


def test_recode_with_builders():
    frame = pd.DataFrame({"age": [3, 7, 12, 19], "town": ["A", "B", "C", "A"]})
    out = _run(frame, ["age", "town"],
               Recode("age", 1, HierarchySpec("intervals", params=(("widths", (10.0,)),))),
               Recode("town", 1, HierarchySpec("merge", params=(("groups", (("AB", ("A", "B")),)),))))
    assert _texts(out.table, "age") == ["[0, 10)", "[0, 10)", "[10, 20)", "[10, 20)"]
    assert _texts(out.table, "town") == ["AB", "AB", "C", "AB"]
    out = _run(frame, ["age"], Recode("age", 1, HierarchySpec("top_bottom", params=(("top_quantile", 0.75),))))
    assert _texts(out.table, "age") == ["3", "7", ">= 12", ">= 12"]  # the 0.75 quantile: 3 of 4 records <= 12


def test_recode_builders_on_data_with_missing_values():
    """Built hierarchies have no line for the missing value: it stays missing at every level."""
    frame = pd.DataFrame({"age": pd.array([10, 18, None, 40, 70], dtype="Int64"),
                          "income": pd.array([5, 100, 250, None, 900], dtype="Int64"),
                          "dob": ["2000-06-15", None, "2000-06-16", "1980-01-01", "1980-01-31"]})
    breaks = HierarchySpec("breaks", params=(("breaks", ((18.0, 65.0), (18.0,))),))
    out = _run(frame, ["age"], Recode("age", 1, breaks))
    assert _texts(out.table, "age") == ["< 18", "[18, 65)", None, "[18, 65)", ">= 65"]
    out = _run(frame, ["age"], Recode("age", 2, breaks))
    assert _texts(out.table, "age") == ["< 18", ">= 18", None, ">= 18", ">= 18"]
    bottom = HierarchySpec("top_bottom", params=(("bottom", 100.0),))
    out = _run(frame, ["income"], Recode("income", 1, bottom))
    assert _texts(out.table, "income") == ["<= 100", "<= 100", "250", None, "900"]
    # the 0.25 quantile of the 4 known incomes (5, 100, 250, 900) is 5: 1 of 4 records <= 5
    quantile = HierarchySpec("top_bottom", params=(("bottom_quantile", 0.25), ("top_quantile", 0.75)))
    out = _run(frame, ["income"], Recode("income", 1, quantile))
    assert _texts(out.table, "income") == ["<= 5", "100", ">= 250", None, ">= 250"]
    dates = HierarchySpec("dates", params=(("steps", ("month", "year")),))
    assert [_texts(_run(frame, ["dob"], Recode("dob", level, dates)).table, "dob") for level in (1, 2)] == [
        ["2000-06", None, "2000-06", "1980-01", "1980-01"], ["2000", None, "2000", "1980", "1980"]]
    ages = HierarchySpec("dates", params=(("steps", ("age:20@2020-06-15",)),))
    assert _texts(_run(frame, ["dob"], Recode("dob", 1, ages)).table, "dob") == [
        "age [20, 40)", None, "age [0, 20)", "age [40, 60)", "age [40, 60)"]  # 20 on the day; 19 the day before
    not_nested = HierarchySpec("dates", params=(("steps", ("year", "age:20@2020-06-15")),))
    with pytest.raises(InputError, match="'2000' at level 1 generalises to both"):
        _run(frame, ["dob"], Recode("dob", 1, not_nested))


def test_recode_twice_goes_through_both_hierarchies():
    frame = pd.DataFrame({"town": ["A", "B", "C", "D"]})
    merge = HierarchySpec("merge", params=(("groups", (("AB", ("A", "B")),)),))
    again = HierarchySpec("merge", params=(("groups", (("ABC", ("AB", "C")),)),))
    out = _run(frame, ["town"], Recode("town", 1, merge), Recode("town", 1, again))
    assert _texts(out.table, "town") == ["ABC", "ABC", "ABC", "D"]
    assert [(c, level) for c, _, level, _ in out.recodes] == [("town", 1), ("town", 1)]


def test_a_value_absent_from_the_hierarchy_file_is_named(tmp_path):
    path = tmp_path / "town.csv"
    path.write_text("A;AB;*\nB;AB;*\n", encoding="utf-8")
    frame = pd.DataFrame({"town": ["A", "B", "C", None, "Z"]})
    with pytest.raises(InputError) as error:
        _run(frame, ["town"], Recode("town", 1, HierarchySpec("hierarchy", path=str(path))))
    assert str(error.value) == (f"{path}: column 'town': 2 value(s) of the data have no line in the hierarchy: "
                                f"'C', 'Z'")


def test_local_suppression_blanks_the_least_important_attribute_first():
    frame = pd.DataFrame({"sex": ["M", "M", "M", "M"], "age": [30, 30, 40, 50]})
    out = _run(frame, ["sex", "age"], LocalSuppression(2, ("sex", "age")))
    assert _texts(out.table, "age") == ["30", "30", None, None]
    assert _texts(out.table, "sex") == ["M"] * 4
    assert out.cells_suppressed == {"sex": 0, "age": 2}
    # sex least important: blanking it leaves (40) and (50) alone, so age goes next round
    out = _run(frame, ["sex", "age"], LocalSuppression(2, ("age", "sex")))
    assert _texts(out.table, "sex") == ["M", "M", None, None]
    assert _texts(out.table, "age") == ["30", "30", None, None]
    assert out.cells_suppressed == {"sex": 2, "age": 2}
    assert out.records_removed == 0 and out.table.n_rows == 4


def test_local_suppression_reaches_k_on_random_data():
    rng = np.random.default_rng(3)
    frame = pd.DataFrame({"a": rng.integers(0, 5, 200), "b": rng.integers(0, 4, 200), "c": rng.integers(0, 3, 200)})
    out = _run(frame, ["a", "b", "c"], LocalSuppression(3, ("c", "b", "a")))
    sizes = pd.DataFrame({q: _texts(out.table, q) for q in "abc"}).fillna("").value_counts()
    assert sizes.min() >= 3
    blanked = sum(out.cells_suppressed.values())
    assert blanked == sum(sum(v is None for v in _texts(out.table, q)) for q in "abc")
    assert out.cells_suppressed["a"] >= out.cells_suppressed["c"]  # a is the least important


def test_record_suppression_removes_the_smallest_blocks_up_to_the_limit():
    frame = pd.DataFrame({"q": list("AAABBCD"), "row": range(7)})
    out = _run(frame, ["q"], RecordSuppression(3, 30.0))  # limit floor(2.1) = 2: C and D, not B
    assert out.records_removed == 2
    assert _texts(out.table, "q") == list("AAABB")
    assert out.rows.tolist() == [0, 1, 2, 3, 4]
    out = _run(frame, ["q"], RecordSuppression(3, 100.0))
    assert _texts(out.table, "q") == list("AAA") and out.records_removed == 4
    out = _run(frame, ["q"], RecordSuppression(3, 0.0))
    assert out.records_removed == 0


def test_sampling_is_seeded():
    frame = pd.DataFrame({"q": list("abcdefghij"), "row": range(10)})
    first = _run(frame, ["q"], Sample(0.5, seed=7))
    again = _run(frame, ["q"], Sample(0.5, seed=7))
    other = _run(frame, ["q"], Sample(0.5, seed=8))
    assert first.table.n_rows == 5 and first.records_sampled_out == 5
    assert first.rows.tolist() == again.rows.tolist() != other.rows.tolist()
    assert _texts(first.table, "row") == [str(r) for r in first.rows]  # rows stay together


def test_steps_after_a_drop_cannot_use_the_column():
    frame = pd.DataFrame({"a": [1, 2], "b": [1, 2]})
    with pytest.raises(InputError, match="scenario 's', step 2: column 'a' was dropped by an earlier step"):
        _run(frame, ["a", "b"], Drop("a"), Recode("a", 1, HierarchySpec("intervals", params=(("widths", (5.0,)),))))
    with pytest.raises(InputError, match="column 'zz' is not a quasi-identifier"):
        _run(frame, ["a", "b"], Drop("zz"))
    with pytest.raises(InputError, match="step 1: column 'zz' is not a quasi-identifier"):
        _run(frame, ["a", "b"], LocalSuppression(2, ("a", "zz")))
    with pytest.raises(InputError, match="step 2: column 'b' was dropped by an earlier step"):
        _run(frame, ["a", "b"], Drop("b"), LocalSuppression(2, ("a", "b")))


SCENARIOS = """
[[scenario]]
name = "band"
steps = [
  { op = "drop", column = "dob" },
  { op = "recode", column = "age", level = 1, hierarchy = "age.csv" },
  { op = "recode", column = "income", level = 2, intervals = [10, 20], origin = 5 },
  { op = "recode", column = "income", level = 1, top = 90, bottom_quantile = 0.05 },
  { op = "recode", column = "x", level = 1, breaks = [[1, 2], [1]] },
  { op = "recode", column = "d", level = 1, dates = ["month", "year"] },
  { op = "recode", column = "t", level = 1, merge = { AB = ["A", "B"] } },
  { op = "local_suppression", k = 3, importance = ["sex", "age"] },
  { op = "record_suppression", k = 3, max_percent = 2.5 },
  { op = "sample", fraction = 0.5, seed = 4 },
]

[[scenario]]
name = "nothing"
"""


def test_scenarios_read_and_write_toml(tmp_path):
    path = tmp_path / "analysis.toml"
    path.write_text(SCENARIOS, encoding="utf-8")
    scenarios = read_scenarios(path)
    assert [s.name for s in scenarios] == ["band", "nothing"]
    steps = scenarios[0].steps
    assert steps[0] == Drop("dob")
    assert steps[1] == Recode("age", 1, HierarchySpec("hierarchy", path=str(tmp_path / "age.csv")))
    assert steps[7] == LocalSuppression(3, ("sex", "age"))
    assert steps[8] == RecordSuppression(3, 2.5)
    assert steps[9] == Sample(0.5, 4)
    again = tmp_path / "again.toml"
    again.write_text(scenarios_toml(scenarios), encoding="utf-8")
    assert read_scenarios(again) == scenarios


@pytest.mark.parametrize("steps, words", [
    ('[{ op = "explode" }]', "op = one of"),
    ('[{ op = "drop" }]', "drop needs column"),
    ('[{ op = "recode", column = "a", level = 1 }]', "a recode needs"),
    ('[{ op = "recode", column = "a", level = -1, intervals = [5] }]', "level must be at least 0 (got -1)"),
    ('[{ op = "local_suppression", k = 0 }]', "k must be at least 1"),
    ('[{ op = "record_suppression", k = 2, max_percent = 150 }]', "max_percent must be between 0 and 100"),
    ('[{ op = "record_suppression", k = 2, max_percent = -1 }]', "max_percent must be between 0 and 100"),
    ('[{ op = "record_suppression", k = 0 }]', "k must be at least 1"),
    ('[{ op = "sample", fraction = 0 }]', "fraction must be in (0, 1]"),
    ('[{ op = "drop", column = "a", colour = "red" }]', "unknown key 'colour'"),
])
def test_bad_scenario_steps(tmp_path, steps, words):
    path = tmp_path / "bad.toml"
    path.write_text(f'[[scenario]]\nname = "s"\nsteps = {steps}\n', encoding="utf-8")
    with pytest.raises(InputError) as error:
        read_scenarios(path)
    assert words in str(error.value) and "bad.toml: scenario 's', step 1" in str(error.value)


def test_scenario_names_are_required_and_unique():
    with pytest.raises(InputError, match="scenario 1 needs name"):
        parse_scenarios([{}], "a.toml")
    with pytest.raises(InputError, match="two scenarios are named 'x'"):
        parse_scenarios([{"name": "x"}, {"name": "x"}], "a.toml")
