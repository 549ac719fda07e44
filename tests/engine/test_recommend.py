"""Scenario marks (recommended, exported) in the analysis file, the share of information lost,
the recommendation rule, the plain-language steps and the export of a scenario's data."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pandas as pd
import pyarrow.csv as pcsv
import pytest

from engine.analysis.config import AnalysisConfig, DataSource, Roles
from engine.foundation.errors import InputError
from engine.io.encode import file_sha256
from engine.remediation.export import export_scenario
from engine.remediation.loss import scenario_loss
from engine.remediation.recommend import LEAST_LOSS, NONE_READY, PICKED, describe, recommend, recommended_first
from engine.remediation.transforms import (Drop, Export, HierarchySpec, LocalSuppression, Recode, RecordSuppression,
                                           Sample, Scenario, apply_scenario, parse_scenarios)

from .helpers import table_from_frame

FRAME = pd.DataFrame({"a": ["x", "x", "y", "y"], "b": ["1", "2", "3", "4"], "id": ["p", "q", "r", "s"]})


def test_share_lost_counts_a_dropped_column_as_every_value_suppressed():
    table = table_from_frame(FRAME)
    transformed = apply_scenario(table, ("a", "b"), Scenario("drop a", (Drop("a"),)))
    loss = scenario_loss(table, transformed)
    # all suppressed: n * H(column) bits; a: 4 * 1 = 4, b: 4 * 2 = 8
    assert loss.entropy_max == {"a": 4.0, "b": 8.0}
    assert loss.entropy_dropped == {"a": 4.0}
    assert loss.share_lost == pytest.approx(4.0 / 12.0)
    recode = Scenario("b to *", (Recode("b", 1, HierarchySpec("merge", params=(("groups", (("low", ("1", "2")),)),))),))
    # level 1 merges 1 and 2: records 1 and 2 each lose log2(2/1) = 1 bit
    loss = scenario_loss(table, apply_scenario(table, ("a", "b"), recode))
    assert loss.entropy == {"a": 0.0, "b": 2.0}
    assert loss.share_lost == pytest.approx(2.0 / 12.0)


def _result(name, ready, share, removed=0, recommended=False):
    loss = SimpleNamespace(share_lost=share, records_removed=removed, records_sampled_out=0)
    return SimpleNamespace(scenario=Scenario(name, recommended=recommended), ready=ready, loss=loss)


def test_recommendation_picked_first_else_least_loss_ready():
    results = [_result("a", False, 0.1), _result("b", True, 0.5), _result("c", True, 0.3, removed=9),
               _result("d", True, 0.3, removed=2)]
    assert recommend(results).index == 3 and recommend(results).rule == LEAST_LOSS
    order, choice = recommended_first(results)
    assert order == [3, 0, 1, 2]
    results[1] = _result("b", True, 0.5, recommended=True)
    assert recommend(results).index == 1 and recommend(results).rule == PICKED
    none = recommend([_result("a", False, 0.1)])
    assert none.index is None and none.rule == NONE_READY
    assert recommended_first([_result("a", False, 0.1), _result("b", False, 0.0)])[0] == [0, 1]


def test_marks_round_trip_through_the_analysis_file(tmp_path):
    scenario = Scenario("band", (Recode("b", 1, HierarchySpec("intervals", params=(("widths", (2.0,)),))),),
                        recommended=True, exported=Export("out.csv", "ab" * 32, "cd" * 32))
    config = AnalysisConfig(data=DataSource("data.csv"), roles=Roles(("a", "b")), scenarios=(scenario,))
    path = tmp_path / "analysis.toml"
    path.write_text(config.to_toml(), encoding="utf-8")
    exported = Export(str(tmp_path / "out.csv"), "ab" * 32, "cd" * 32)  # read from the file's folder
    assert AnalysisConfig.from_toml(path).scenarios == (replace(scenario, exported=exported),)
    with pytest.raises(InputError, match="more than one scenario has recommended"):
        parse_scenarios([{"name": "x", "recommended": True}, {"name": "y", "recommended": True}], "a.toml")
    with pytest.raises(InputError, match="recommended must be true or false"):
        parse_scenarios([{"name": "x", "recommended": "yes"}], "a.toml")
    with pytest.raises(InputError, match="exported must be a table"):
        parse_scenarios([{"name": "x", "exported": {"path": "f.csv"}}], "a.toml")


def test_steps_in_plain_language():
    steps = (Drop("day"), Recode("age", 2, HierarchySpec("intervals", params=(("widths", (5.0, 10.0)),))),
             LocalSuppression(3, ("sex", "age")), RecordSuppression(2, 1.5), Sample(0.25, 7),
             Recode("town", 1, HierarchySpec("hierarchy", path="/secret/folder/town.csv")))
    assert describe(Scenario("s", steps)) == [
        "Leave out the column day.",
        "Coarsen age to level 2 of intervals of width 5, then 10.",
        "Blank single values of the quasi-identifiers in records shared by fewer than 3 records, least important "
        "column first; the last blanked are, most important first: sex, age (local suppression).",
        "Remove the records still shared by fewer than 2 records, smallest groups first, at most 1.5% of the "
        "records (record suppression).",
        "Release a random sample of 25% of the records (seed 7).",
        "Coarsen town to level 1 of the hierarchy file town.csv."]
    assert describe(Scenario("none")) == ["Release the file as it is."]


def test_export_writes_the_transformed_data_and_records_both_digests(tmp_path):
    source = tmp_path / "data.csv"
    FRAME.to_csv(source, index=False)
    table = table_from_frame(FRAME)
    table = type(table)(name="data.csv", path=str(source), sha256=file_sha256(source), n_rows=table.n_rows,
                        columns=table.columns)
    scenario = Scenario("s", (Recode("b", 1, HierarchySpec("intervals", params=(("widths", (4.0,)),))),
                              RecordSuppression(2, 100.0)))
    out = tmp_path / "release.csv"
    marked = export_scenario(table, ("a", "b"), scenario, out, leave_out=("id",))
    written = pcsv.read_csv(out).to_pandas()
    assert list(written.columns) == ["a", "b"]
    # b 1, 2, 3 in [0, 4), 4 in [4, 8): blocks (x, [0, 4)) of 2, (y, [0, 4)) of 1, (y, [4, 8)) of 1;
    # k = 2 removes the two y records
    assert written.astype(str).values.tolist() == [["x", "[0, 4)"], ["x", "[0, 4)"]]
    assert marked.exported == Export(str(out), file_sha256(source), file_sha256(out))
    assert marked.steps == scenario.steps
    with pytest.raises(InputError, match="would overwrite the input file"):
        export_scenario(table, ("a", "b"), scenario, source)
    with pytest.raises(InputError, match=r"\.csv or \.parquet"):
        export_scenario(table, ("a", "b"), scenario, tmp_path / "x.txt")
