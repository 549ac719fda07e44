"""Numeric QIDs and perturbative scenario steps through the analysis file and the command line."""

from __future__ import annotations

import csv
import json

import numpy as np
import pandas as pd
import pytest

from engine.commands.cli import main
from engine.analysis.config import AnalysisConfig, DataSource, Roles
from engine.foundation.errors import InputError
from engine.analysis.scenario_steps import Microaggregate, Noise, Pram, RankSwap, Round, Scenario, parse_step, step_faults

STEPS = """
[[scenario]]
name = "mdav"
steps = [{ op = "microaggregate", columns = ["income", "spend"], k = 5, method = "mdav" }]
[[scenario]]
name = "noise"
steps = [{ op = "noise", columns = ["income", "spend"], percent = 50, correlated = true, seed = 2 },
         { op = "round", columns = ["area"], base = 10 }]
[[scenario]]
name = "pram"
steps = [{ op = "pram", columns = ["region"], pd = 0.6, alpha = 0.5, seed = 4 },
         { op = "rank_swap", columns = ["income"], percent = 5, seed = 1 }]
"""


def _data(path, n=600, seed=3):
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame({"sex": rng.choice(["f", "m"], n), "region": rng.choice(["n", "s", "e", "w"], n),
                          "income": np.round(rng.lognormal(10, 0.7, n), 1), "spend": np.round(rng.lognormal(9, 0.5, n), 1),
                          "area": rng.integers(20, 200, n).astype(float), "health": rng.choice(["good", "bad"], n)})
    frame.loc[[3, 50], "income"] = np.nan
    frame.to_csv(path, index=False)
    return frame


def test_steps_parse_and_write_back():
    steps = [{"op": "microaggregate", "columns": ["a", "b"], "k": 4, "method": "mdav"},
             {"op": "noise", "columns": ["a", "b"], "percent": 10, "correlated": True, "seed": 3},
             {"op": "rank_swap", "columns": ["a"], "percent": 5, "seed": 1},
             {"op": "pram", "columns": ["r"], "pd": 0.7, "alpha": 0.4, "seed": 2},
             {"op": "round", "columns": ["a"], "base": 100}]
    parsed = [parse_step(s, "x") for s in steps]
    assert parsed == [Microaggregate(("a", "b"), 4), Noise(("a", "b"), 10.0, True, 3), RankSwap(("a",), 5.0, 1),
                      Pram(("r",), 0.7, 0.4, 2), Round(("a",), 100.0)]
    assert Scenario("s", tuple(parsed)).to_dict()["steps"] == steps


@pytest.mark.parametrize("step, words", [
    ({"op": "noise", "columns": ["a"], "correlated": True}, "two or more columns"),
    ({"op": "microaggregate", "columns": ["a", "b"], "method": "knn"}, "method"),
    ({"op": "pram", "columns": ["r"], "pd": 1.5}, "pd must be between 0 and 1"),
    ({"op": "round", "columns": ["a"], "base": 0}, "base must be above 0"),
    ({"op": "rank_swap", "columns": []}, "columns"),
    ({"op": "noise", "columns": ["a", "a"]}, "distinct"),
])
def test_bad_steps_are_named(step, words):
    with pytest.raises(InputError, match=words):
        parse_step(step, "scenario 's', step 1")


def test_step_faults():
    scenario = Scenario("s", (Pram(("region",)), Microaggregate(("income", "sex"), 3)))
    faults = step_faults(scenario, ["sex", "region"], ["income"])
    assert len(faults) == 1 and "'sex' is not a numeric quasi-identifier" in faults[0]
    from engine.analysis.scenario_steps import Drop
    late = Scenario("t", (Pram(("region",)), Drop("sex")))
    assert "after the PRAM step 1" in step_faults(late, ["sex", "region"], [])[0]


def test_config_round_trip(tmp_path):
    config = AnalysisConfig(data=DataSource(str(tmp_path / "d.csv")),
                            roles=Roles(quasi_identifiers=("sex",), numeric_qids=("income", "spend")),
                            interval_radius=0.1)
    again = AnalysisConfig.from_dict(json.loads(json.dumps(config.to_dict())))
    assert again.roles.numeric_qids == ("income", "spend") and again.interval_radius == 0.1
    both = AnalysisConfig(data=DataSource("d.csv"), roles=Roles(quasi_identifiers=("sex",), numeric_qids=("sex",)))
    assert any("cannot be both" in str(p.must) for p in both.structure_problems())


@pytest.mark.slow
def test_command_line_run(tmp_path, capsys):
    data = tmp_path / "survey.csv"
    _data(data)
    (tmp_path / "s.toml").write_text(STEPS)
    out = tmp_path / "out"
    code = main(["assess", str(data), "--qid", "sex", "region", "--sensitive", "health", "--numeric-qid", "income",
                 "spend", "area", "--interval-radius", "0.1", "--scenario", str(tmp_path / "s.toml"), "--out", str(out),
                 "--export-scenario", f"pram={tmp_path / 'released.csv'}"])
    capsys.readouterr()
    assert code == 0
    results = json.loads((out / "results.json").read_text())
    original = results["numeric_keys"]
    assert original["linkage_risk"] == 1.0 and original["interval_risk"] == 1.0
    assert original["interval_radius"] == 0.1
    by_name = {s["name"]: s["numeric"] for s in results["scenarios"]}
    assert by_name["mdav"]["linkage_risk"] < 1.0 and by_name["mdav"]["utility"]["mean_change"][0] < 1e-12
    assert by_name["noise"]["interval_risk"] < by_name["mdav"]["interval_risk"] <= 1.0
    assert by_name["pram"]["pram"]["columns"] == ["region"]
    assert 0 <= by_name["pram"]["pram"]["right_share"] <= 1
    with open(out / "scenarios.csv", newline="") as f:
        rows = {r["scenario"]: r for r in csv.DictReader(f)}
    assert float(rows["mdav"]["numeric_linkage_risk"]) == by_name["mdav"]["linkage_risk"]
    assert float(rows["(original)"]["numeric_interval_risk"]) == 1.0
    matrix = pd.read_csv(tmp_path / "released.pram.csv")
    assert set(matrix["column"]) == {"region"} and len(matrix) == 16
    np.testing.assert_allclose(matrix.groupby("from")["probability"].sum(), 1.0)
    released = pd.read_csv(tmp_path / "released.csv")
    assert released["income"].isna().sum() == 2


def test_text_column_as_numeric_qid_is_refused(tmp_path, capsys):
    data = tmp_path / "survey.csv"
    _data(data)
    (tmp_path / "s.toml").write_text(STEPS)
    code = main(["assess", str(data), "--qid", "sex", "--numeric-qid", "region", "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    first = pd.read_csv(data)["region"].iloc[0]
    assert code == 2 and f"numeric quasi-identifier 'region' has '{first}' in row 1; it needs numbers" in err


def test_radius_must_be_positive():
    config = AnalysisConfig(data=DataSource("d.csv"), roles=Roles(quasi_identifiers=("sex",)), interval_radius=0.0)
    assert [p.field for p in config.structure_problems()] == ["interval_radius"]


def test_report_sentences():
    from engine.perturb.utility import NumericUtility
    from engine.remediation.numeric_risk import NumericRisk
    from engine.report.scenarios_section import numeric_sentences

    original = NumericRisk(("income",), 100, 1.0, 1.0, 0.05, outlier_count=4, outliers_linked=4)
    after = NumericRisk(("income",), 100, 0.25, 0.5, 0.05, outlier_count=4, outliers_linked=1,
                        utility=NumericUtility(12.0, 0.12, (0.0,), (0.02,), 0.0),
                        pram_unique_matches=8, pram_right_share=0.75, pram_columns=("region",))
    text = " ".join(numeric_sentences(original, after))
    assert "100.0% → 25.0%" in text and "100.0% → 50.0%" in text
    assert "1 of 4" in text and "75.0% of the 8 unique matches" in text
    none = NumericRisk((), 100, None, None, 0.05, pram_unique_matches=0, pram_right_share=0.0,
                       pram_columns=("region",))
    assert numeric_sentences(original, none) == [
        "After PRAM of region: no record is unique on the released quasi-identifiers."]


def test_perturbative_steps_refused_on_linked_releases():
    from engine.analysis.config import Linkage, Release

    linkage = Linkage(key="id", releases=(Release(DataSource("later.csv"), "2"),))
    config = AnalysisConfig(data=DataSource("d.csv"), roles=Roles(quasi_identifiers=("sex", "region")),
                            linkage=linkage, scenarios=(Scenario("p", (Pram(("region",)),)),))
    assert any("do not run on linked releases" in str(p.must) for p in config.structure_problems())
    plain = AnalysisConfig(data=DataSource("d.csv"), roles=Roles(quasi_identifiers=("sex", "region")),
                           linkage=linkage, scenarios=(Scenario("d", ()),))
    assert not any("linked releases" in str(p.must) for p in plain.structure_problems())


def test_a_numeric_key_with_a_word_names_the_file_value_and_row(tmp_path, capsys):
    data = tmp_path / "t.csv"
    data.write_text("sex,inc,region\nF,12,1\nM,abc,2\nF,15,1\n", encoding="utf-8")
    code = main(["assess", str(data), "--qid", "sex", "region", "--numeric-qid", "inc", "--out", str(tmp_path / "o")])
    error = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and error == ["error: t.csv: numeric quasi-identifier 'inc' has 'abc' in row 2; it needs numbers"]
    # a decimal comma (from a file separated by semicolons) is a number
    data.write_text("sex;inc;region\nF;12,5;1\nM;3;2\nF;15,25;1\n", encoding="utf-8")
    assert main(["assess", str(data), "--qid", "sex", "region", "--numeric-qid", "inc",
                 "--out", str(tmp_path / "o2")]) == 0
