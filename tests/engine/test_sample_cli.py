"""Sample-file measures on the command line and in the analysis file: options, outputs, errors."""

from __future__ import annotations

import json
import math

import pytest

from engine.analysis.config import AnalysisConfig, DataSource, Roles
from engine.foundation.errors import InputError
from engine.analysis.sample_options import SampleOptions


def _config(**sample) -> AnalysisConfig:
    return AnalysisConfig(data=DataSource("survey.csv"),
                          roles=Roles(quasi_identifiers=("age", "sex"), weight="w", household="hh"),
                          sample=SampleOptions(**sample))


def test_sample_section_round_trips_through_toml(tmp_path):
    config = _config(sampling_fraction=0.02, risk_thresholds=(0.05, 0.5), suda=True, suda_max_size=3,
                     dis_fraction=0.1)
    path = tmp_path / "analysis.toml"
    path.write_text(config.to_toml(), encoding="utf-8")
    again = AnalysisConfig.from_toml(path)
    assert again.roles.weight == "w" and again.roles.household == "hh"
    assert again.sample == config.sample
    assert again.needed_columns() == ["age", "sex", "w", "hh"]
    plain = AnalysisConfig(data=DataSource("survey.csv"), roles=Roles(("age",)))
    path.write_text(plain.to_toml(), encoding="utf-8")
    assert AnalysisConfig.from_toml(path).sample == SampleOptions()
    assert not plain.sample_requested and config.sample_requested


@pytest.mark.parametrize("sample, message", [
    ({"sampling_fraction": 0.0}, "sample.sampling_fraction must be in (0, 1], got 0"),
    ({"sampling_fraction": 1.5}, "sample.sampling_fraction must be in (0, 1], got 1.5"),
    ({"suda_max_size": 0}, "sample.suda_max_size must be at least 1, got 0"),
    ({"dis_fraction": 0.0}, "sample.dis_fraction must be in (0, 1], got 0"),
    ({"dis_fraction": 2.0}, "sample.dis_fraction must be in (0, 1], got 2"),
    ({"risk_thresholds": (0.1, -1.0)}, "sample.risk_thresholds must be in (0, 1], got -1"),
    ({"missing": "ignore"}, "sample.missing must be one of value, got 'ignore'"),
])
def test_bad_sample_options_are_named(sample, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        _config(**sample).validate()


def test_weight_and_household_roles_must_differ_from_other_roles():
    with pytest.raises(InputError, match="'age' cannot be both a quasi-identifier and the sampling weight"):
        AnalysisConfig(data=DataSource("x.csv"), roles=Roles(("age",), weight="age")).validate()
    with pytest.raises(InputError, match="'w' cannot be both the sampling weight and the household id"):
        AnalysisConfig(data=DataSource("x.csv"), roles=Roles(("age",), weight="w", household="w")).validate()


# --- the command line -------------------------------------------------------------------

SURVEY = """age,sex,region,w,hh
20,m,n,10,1
20,m,n,30,1
20,f,n,5,2
30,f,s,50,2
30,m,s,20,3
40,f,s,1,3
40,f,s,1,3
50,m,n,100,4
"""


def _run(argv, capsys):
    from engine.commands.cli import main

    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _csv(path):
    import csv

    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def test_weighted_run_writes_every_output(tmp_path, capsys):
    import json
    import math

    data = tmp_path / "survey.csv"
    data.write_text(SURVEY, encoding="utf-8")
    before = data.read_bytes()
    out = tmp_path / "out"
    code, stdout, stderr = _run(["assess", str(data), "--qid", "age", "sex", "region", "--weight", "w",
                                 "--household", "hh", "--risk-threshold", "0.1", "0.4", "--suda",
                                 "--dis-fraction", "0.1", "--out", str(out)], capsys)
    assert code == 0, stderr
    assert data.read_bytes() == before
    risk = _csv(out / "individual_risk.csv")
    assert list(risk[0]) == ["row", "risk", "household_risk"]
    assert [r["row"] for r in risk] == [str(i) for i in range(1, 9)]
    # record 8 (50, m, n) is alone with weight 100: p = 0.01, r = p/(1-p) ln(1/p)
    assert float(risk[7]["risk"]) == pytest.approx(0.01 / 0.99 * math.log(100), rel=1e-12)
    assert float(risk[5]["risk"]) == 0.5 == float(risk[6]["risk"])    # (40, f, s): f = 2, weights 1
    r5 = float(risk[4]["risk"])
    assert float(risk[4]["household_risk"]) == pytest.approx(1 - (1 - r5) * 0.5 * 0.5)
    suda = _csv(out / "suda.csv")
    assert list(suda[0]) == ["row", "msu_count", "msu_min_size", "suda_score", "dis_suda_score"]
    assert len(suda) == 8
    # ATT = 3: record 8 unique on age (score 2); record 3 (20, f, n) on {age, sex} and {sex, region} (1 + 1)
    assert [float(r["suda_score"]) for r in suda] == [0, 0, 2, 1, 2, 0, 0, 2]
    assert suda[0]["msu_min_size"] == "" and suda[7]["msu_min_size"] == "1"
    contributions = _csv(out / "suda_contributions.csv")
    assert [c["variable"] for c in contributions] == ["age", "sex", "region"]
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    sample = results["sample_risk"]
    assert sample["key"] == ["age", "sex", "region"] and sample["weight"] == "w" and sample["household"] == "hh"
    assert sample["individual"]["expected_reidentifications"] == pytest.approx(sum(float(r["risk"]) for r in risk))
    assert [t["threshold"] for t in sample["individual"]["above_thresholds"]] == [0.1, 0.4]
    assert sample["individual"]["above_thresholds"][1]["records"] == sum(float(r["risk"]) > 0.4 for r in risk)
    assert sample["household_risk"]["households"] == 4
    assert sample["population_uniqueness"]["sampling_fraction"] == pytest.approx(8 / 217)
    assert sample["suda"]["dis_fraction"] == 0.1 and sample["suda"]["total_score"] == 7
    top = [r for r in _csv(out / "top_subsets.csv") if r["measure"] == "expected_reidentifications"]
    assert [r["size"] for r in top] == ["1", "2", "3"]
    assert float(top[-1]["head_count"]) == pytest.approx(sample["individual"]["expected_reidentifications"])
    assert "expected to be re-identified" in stdout
    # the analysis file reproduces the run
    again = tmp_path / "again"
    code, _, stderr = _run(["assess", "--config", str(out / "analysis.toml"), "--out", str(again)], capsys)
    assert code == 0, stderr
    assert (again / "individual_risk.csv").read_text() == (out / "individual_risk.csv").read_text()
    assert (again / "suda.csv").read_text() == (out / "suda.csv").read_text()


def test_a_sampling_fraction_without_a_weight_makes_each_record_stand_for_1_over_it(tmp_path, capsys):
    data = tmp_path / "survey.csv"
    data.write_text(SURVEY, encoding="utf-8")
    out = tmp_path / "out"
    code, _, stderr = _run(["assess", str(data), "--qid", "age", "sex", "--sampling-fraction", "0.5",
                            "--out", str(out)], capsys)
    assert code == 0, stderr
    risk = _csv(out / "individual_risk.csv")
    assert list(risk[0]) == ["row", "risk"]
    # weight 2 each: p = f / F^ = 1/2; f = 1: p/(1-p) ln(1/p) = ln 2; f = 2: p/(1-p)^2 (p ln p + 1 - p)
    one, two = math.log(2), 2 * (0.5 * math.log(0.5) + 0.5)
    assert [float(r["risk"]) for r in risk] == pytest.approx([two, two, one, one, one, two, two, one])
    results = json.loads((out / "results.json").read_text())
    assert results["sample_risk"]["population_estimate"] == 16.0
    assert results["sample_risk"]["population_uniqueness"]["population_size"] == 16.0
    assert results["verdict"]["kind"] == "sample"
    assert not (out / "suda.csv").exists()
    plain = tmp_path / "plain"
    assert _run(["assess", str(data), "--qid", "age", "sex", "--out", str(plain)], capsys)[0] == 0
    assert not (plain / "individual_risk.csv").exists()


@pytest.mark.parametrize("column, values, message", [
    ("w", ["10", "0", "5"], "survey.csv: weight column 'w' has 0 in row 2; sampling weights must be greater than 0"),
    ("w", ["10", "-2.5", "5"], "weight column 'w' has -2.5 in row 2"),
    ("w", ["10", "", "5"], "weight column 'w' has a missing value in row 2"),
    ("w", ["10", "ten", "5"], "survey.csv: weight column 'w' has 'ten' in row 2; sampling weights must be numbers"),
    ("w", ["10", "NA", "ten"], "weight column 'w' has 'ten' in row 3; sampling weights must be numbers"),
    ("w", ["10", "inf", "5"], "survey.csv: weight column 'w' has inf in row 2; sampling weights must be finite numbers"),
    ("w", ["10", "5", "-inf"], "weight column 'w' has -inf in row 3; sampling weights must be finite numbers"),
    ("hh", ["1", "", "2"], "household column 'hh' is missing in 1 row(s), first in row 2"),
])
def test_bad_design_columns_exit_2_with_one_line(tmp_path, capsys, column, values, message):
    data = tmp_path / "survey.csv"
    other = "hh" if column == "w" else "w"
    rows = [f"{a},{v},{o}" for a, v, o in zip((20, 30, 40), values, ("1", "1", "1"))]
    data.write_text(f"age,{column},{other}\n" + "\n".join(rows) + "\n", encoding="utf-8")
    code, _, stderr = _run(["assess", str(data), "--qid", "age", "--weight", "w", "--household", "hh",
                            "--out", str(tmp_path / "out")], capsys)
    assert code == 2
    assert stderr.startswith("error: survey.csv: ") and message in stderr
    assert len(stderr.strip().splitlines()) == 1
    assert not (tmp_path / "out" / "results.json").exists()


def test_text_in_a_numeric_weight_column_names_the_value_and_its_row(tmp_path, capsys):
    """One 'abc' among 300 decimal weights: the message names it and its row, not a valid weight."""
    rows = [f"{20 + i % 40},{'MF'[i % 2]},{1 + (i * 7919) % 1900 / 100:.2f}" for i in range(300)]
    rows[149] = rows[149].rsplit(",", 1)[0] + ",abc"
    data = tmp_path / "survey.csv"
    data.write_text("age,sex,w\n" + "\n".join(rows) + "\n", encoding="utf-8")
    code, _, stderr = _run(["assess", str(data), "--qid", "age", "sex", "--weight", "w",
                            "--out", str(tmp_path / "out")], capsys)
    assert code == 2
    assert stderr.splitlines() == ["error: survey.csv: weight column 'w' has 'abc' in row 150; sampling weights "
                                   "must be numbers"]
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("option, message", [
    (["--sampling-fraction", "0"], "--sampling-fraction must be in (0, 1], got 0"),
    (["--sampling-fraction", "1.2"], "--sampling-fraction must be in (0, 1], got 1.2"),
    (["--suda", "--suda-max-size", "0"], "--suda-max-size must be at least 1, got 0"),
    (["--suda", "--dis-fraction", "0"], "--dis-fraction must be in (0, 1], got 0"),
    (["--risk-threshold", "2"], "--risk-threshold must be in (0, 1], got 2"),
    (["--weight", "nope"], "nope"),
    (["--weight", "age"], "'age' cannot be both a quasi-identifier and the sampling weight"),
])
def test_bad_sample_options_exit_2(tmp_path, capsys, option, message):
    data = tmp_path / "survey.csv"
    data.write_text(SURVEY, encoding="utf-8")
    code, _, stderr = _run(["assess", str(data), "--qid", "age", "sex", *option, "--out", str(tmp_path / "o")],
                           capsys)
    assert code == 2
    assert len(stderr.strip().splitlines()) == 1 and stderr.startswith("error: ") and message in stderr


def test_weights_that_are_all_1_make_a_population(tmp_path, capsys):
    """Each record stands only for itself: judged as a population (unique records are
    re-identified with certainty), and no population-uniqueness model is named."""
    from engine.report.findings import sample_sentences

    data = tmp_path / "survey.csv"
    lines = SURVEY.strip().splitlines()
    data.write_text("\n".join([lines[0]] + [",".join(r.split(",")[:3] + ["1"] + r.split(",")[4:])
                                            for r in lines[1:]]) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    code, _, stderr = _run(["assess", str(data), "--qid", "age", "sex", "--weight", "w", "--out", str(out)], capsys)
    assert code == 0, stderr
    results = json.loads((out / "results.json").read_text())
    assert results["verdict"]["kind"] == "population"
    assert {c["measure"] for c in results["verdict"]["checks"]} >= {"unique_share", "reid_prob"}
    pu = results["sample_risk"]["population_uniqueness"]
    assert (pu["sampling_fraction"], pu["dankar_model"], pu["dankar_estimate"]) == (1.0, None, 4 / 8)   # 20f, 30f, 30m, 50m alone
    from engine.api import run_assessment
    from engine.analysis.config import AnalysisConfig, DataSource, Roles

    sample = run_assessment(AnalysisConfig(data=DataSource(str(data)), roles=Roles(("age", "sex"), weight="w"))
                            ).sample_risk
    text = " ".join(sample_sentences(sample))
    assert "50.0% of the population is unique (the file is the whole population)" in text
    assert "model" not in text.split("unique in the sample;")[1]


def test_weights_with_a_decimal_comma_in_a_semicolon_file_are_numbers(tmp_path, capsys):
    """As the spreadsheets of Brazil write them: ``20,5``; ``1,250`` beside them is 1.25."""
    data = tmp_path / "pesquisa.csv"
    weights = ["20,5", "1,250", "30", "12,75"]
    data.write_text("idade;sexo;peso\n" + "".join(f"{a};{s};{w}\n" for a, s, w in
                                                  zip((20, 20, 30, 40), "mmff", weights)), encoding="utf-8")
    out = tmp_path / "out"
    code, _, stderr = _run(["assess", str(data), "--qid", "idade", "sexo", "--weight", "peso", "--out", str(out)],
                           capsys)
    assert code == 0, stderr
    results = json.loads((out / "results.json").read_text())
    assert results["sample_risk"]["population_estimate"] == pytest.approx(20.5 + 1.25 + 30 + 12.75)
    # only three digits after every comma: thousands or decimals cannot be told apart
    data.write_text("idade;sexo;peso\n20;m;1,250\n30;f;2,500\n", encoding="utf-8")
    code, _, stderr = _run(["assess", str(data), "--qid", "idade", "sexo", "--weight", "peso", "--out",
                            str(tmp_path / "again")], capsys)
    assert code == 2 and "weight column 'peso' has '1,250' in row 1; sampling weights must be numbers" in stderr
