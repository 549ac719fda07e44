"""Scenarios in ``assess``: results equal a fresh assessment of the transformed data written to
disk; scenarios.csv; the analysis file keeps them; one-line errors."""

from __future__ import annotations

import csv
import json
import tomllib
from dataclasses import replace

import numpy as np
import pandas as pd
import pyarrow.csv as pcsv
import pytest

from engine.commands import cli
from engine.api import run_assessment
from engine.analysis.config import AnalysisConfig, DataSource, ModelTargets, PrivacyModelOptions, Roles, SubsetFamily
from engine.io.encode import file_sha256
from engine.io.loader import load_table
from engine.remediation import scenarios as scenarios_module
from engine.remediation.scenarios import (changes_rows, planned_sweep, run_scenario, subsets_to_sweep,
                                           transformed_arrow)
from engine.remediation.transforms import apply_scenario, read_scenarios

SCENARIOS = """
[[scenario]]
name = "band age"
steps = [{ op = "recode", column = "age", level = 1, intervals = [10] }]
crosstabs = [["sex", "disease"], ["sex", "age"]]

[[scenario]]
name = "drop age"
steps = [{ op = "drop", column = "age" }]

[[scenario]]
name = "drop sex, merge towns"
steps = [
  { op = "drop", column = "sex" },
  { op = "recode", column = "town", level = 1, hierarchy = "town.csv" },
]

[[scenario]]
name = "drop town, suppress"
steps = [
  { op = "drop", column = "town" },
  { op = "local_suppression", k = 3, importance = ["sex", "age"] },
]

[[scenario]]
name = "merge, remove small blocks, sample"
steps = [
  { op = "recode", column = "town", level = 1, hierarchy = "town.csv" },
  { op = "record_suppression", k = 2, max_percent = 10 },
  { op = "sample", fraction = 0.8, seed = 3 },
]
"""


@pytest.fixture
def case(tmp_path):
    rng = np.random.default_rng(5)
    n = 400
    frame = pd.DataFrame({"sex": rng.choice(["F", "M"], n), "age": rng.integers(18, 80, n),
                          "town": rng.choice(list("ABCDEFGH"), n), "disease": rng.choice(["flu", "none", "hiv"], n)})
    frame.loc[[3, 9], "age"] = None
    data = tmp_path / "survey.csv"
    frame.to_csv(data, index=False)
    (tmp_path / "town.csv").write_text("A;AB\nB;AB\nC;CD\nD;CD\nE;EF\nF;EF\nG;GH\nH;GH\n", encoding="utf-8")
    (tmp_path / "scenarios.toml").write_text(SCENARIOS, encoding="utf-8")
    models = PrivacyModelOptions(enabled=True, targets=ModelTargets(k=3, l=2, t=0.3))
    config = AnalysisConfig(data=DataSource(str(data)), roles=Roles(("sex", "age", "town"), ("disease",)),
                            models=models)
    return tmp_path, data, config


def _rows(assessment):
    return {part: [r.to_dict() for r in getattr(assessment, part)]
            for part in ("reidentification", "inference", "histograms", "privacy_models", "model_shortfalls")}


FAMILIES = [SubsetFamily(), SubsetFamily.parse("max-size:2"), SubsetFamily.parse("exact"),
            SubsetFamily("list", subsets=(("sex", "age"), ("town",), ("age", "town"), ("sex", "age", "town")))]


@pytest.mark.parametrize("reuse", [0.25, 1.0])
@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.kind)
def test_scenario_results_equal_a_fresh_assessment_of_the_written_data(case, tmp_path, family, reuse, monkeypatch):
    """Also with the original's rows reused for every scenario that only changes columns."""
    monkeypatch.setattr(scenarios_module, "REUSE_MAX_SHARE", reuse)
    folder, data, config = case
    config = replace(config, subsets=family)
    table = load_table(config.data, config.needed_columns())
    original = run_assessment(config, table=table)
    for number, scenario in enumerate(read_scenarios(folder / "scenarios.toml")):
        result = run_scenario(original, table, scenario, assess=run_assessment)
        written = tmp_path / f"scenario{number}.csv"
        pcsv.write_csv(transformed_arrow(apply_scenario(table, config.roles.quasi_identifiers, scenario)), written)
        qids = result.assessment.config.roles.quasi_identifiers
        fresh = run_assessment(replace(config, data=DataSource(str(written)), roles=Roles(qids, ("disease",)),
                                       subsets=result.assessment.config.subsets))
        assert _rows(result.assessment) == _rows(fresh), scenario.name
        assert fresh.dataset.rows == result.assessment.dataset.rows
        assert result.assessment.privacy_models and result.assessment.model_shortfalls
    assert len(original.reidentification) == {"all": 7, "max-size": 6, "exact": 1, "list": 4}[family.kind]


def test_assess_with_scenarios_writes_results_and_table(case, capsys):
    folder, data, _ = case
    out = folder / "out"
    code = cli.main(["assess", str(data), "--qid", "sex", "age", "town", "--sensitive", "disease",
                     "--scenario", str(folder / "scenarios.toml"), "--out", str(out), "--quiet"])
    assert code == 0, capsys.readouterr().err
    results = json.loads((out / "results.json").read_text())
    names = [s["name"] for s in results["scenarios"]]
    assert names == ["band age", "drop age", "drop sex, merge towns", "drop town, suppress",
                     "merge, remove small blocks, sample"]
    tvd = results["scenarios"][0]["loss"]["tvd"]
    assert tvd["sex x disease"] == 0.0  # neither column changed
    assert tvd["sex x age"] == pytest.approx(1 - 2 / 400)  # ages became intervals; only the 2 missing ages stay
    second = results["scenarios"][3]
    assert second["loss"]["dropped"] == ["town"] and sum(second["loss"]["cells_suppressed"].values()) > 0
    assert all(len(r["qids"]) <= 2 for r in second["reidentification"])
    with open(out / "scenarios.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [r["scenario"] for r in rows] == ["(original)", *names]
    assert float(rows[1]["worst_unique_share"]) <= float(rows[0]["worst_unique_share"])  # banding merges blocks
    third = results["scenarios"][4]
    assert int(rows[5]["records"]) == 400 - third["loss"]["records_removed"] - third["loss"]["records_sampled_out"]
    # the analysis file keeps the scenarios and runs them again
    again = AnalysisConfig.from_toml(out / "analysis.toml")
    assert again.scenarios == read_scenarios(folder / "scenarios.toml")
    assert "scenario 'band age'" in capsys.readouterr().out


def test_which_subsets_are_swept_again(case):
    folder, data, config = case
    table = load_table(config.data, config.needed_columns())
    original = run_assessment(config, table=table)
    band, drop, merge = read_scenarios(folder / "scenarios.toml")[:3]

    def sweep(scenario, share):
        transformed = apply_scenario(table, config.roles.quasi_identifiers, scenario)
        return subsets_to_sweep(original, transformed, scenarios_module.scenario_config(original, transformed), share)

    assert sweep(drop, 0.25) == [("sex", "town")]  # only the full set: every other subset is known
    assert sweep(band, 1.0) == [("age",), ("sex", "age"), ("age", "town"), ("sex", "age", "town")]
    assert sweep(band, 0.25) is None  # 4 of 7 subsets: the whole sweep is faster
    assert sweep(merge, 1.0) == [("town",), ("age", "town")]
    # the run's plan, made before the file is read, counts the same subsets for every scenario
    for scenario in read_scenarios(folder / "scenarios.toml"):
        expected = None if changes_rows(scenario) else sweep(scenario, None)
        assert planned_sweep(scenario, config.subsets, config.roles.quasi_identifiers) == (
            None if expected is None else len(expected)), scenario.name


def test_crosstab_of_a_column_not_loaded(case):
    folder, data, config = case
    table = load_table(config.data, config.needed_columns())
    original = run_assessment(config, table=table)
    scenario = read_scenarios(folder / "scenarios.toml")[0]
    with pytest.raises(Exception, match="crosstab column 'income' is not a quasi-identifier"):
        run_scenario(original, table, replace(scenario, crosstabs=(("income",),)), assess=run_assessment)


def test_scenario_naming_a_dropped_column_is_one_line(case, capsys):
    folder, data, _ = case
    bad = folder / "bad.toml"
    bad.write_text('[[scenario]]\nname = "x"\nsteps = [{ op = "drop", column = "age" }, '
                   '{ op = "recode", column = "age", level = 1, intervals = [5] }]\n', encoding="utf-8")
    code = cli.main(["assess", str(data), "--qid", "sex", "age", "--scenario", str(bad), "--out",
                     str(folder / "o"), "--quiet"])
    err = capsys.readouterr().err
    assert code == 2 and err == "error: --scenario: scenario 'x', step 2: column 'age' was dropped by an earlier step\n"
    assert not (folder / "o").exists() or not any((folder / "o").iterdir())


ANCHORED = """
[data]
path = "survey.csv"

[roles]
quasi_identifiers = ["sex", "age", "town"]
sensitive = ["disease"]

[[scenario]]
name = "merge towns"
steps = [{ op = "recode", column = "town", level = 1, hierarchy = "h/town.csv" }]
exported = { path = "release.csv", source_sha256 = "abc" }

[[scenario]]
name = "merge towns again"
steps = [{ op = "recode", column = "town", level = 1, hierarchy = "OUTSIDE" }]
"""


@pytest.mark.parametrize("where", ["analysis folder", "elsewhere"])
def test_scenario_paths_follow_the_analysis_file(case, tmp_path, monkeypatch, capsys, where):
    """Hierarchy and exported paths are read relative to the analysis file's folder and written
    relative when inside the written file's folder, absolute otherwise, from any working folder."""
    folder, data, _ = case
    project = folder / "project"
    (project / "h").mkdir(parents=True)
    (project / "survey.csv").write_bytes(data.read_bytes())
    (project / "h" / "town.csv").write_bytes((folder / "town.csv").read_bytes())
    outside = folder / "shared" / "town.csv"
    outside.parent.mkdir()
    outside.write_bytes((folder / "town.csv").read_bytes())
    (project / "analysis.toml").write_text(ANCHORED.replace("OUTSIDE", outside.as_posix()), encoding="utf-8")
    cwd = project if where == "analysis folder" else folder / "other"
    cwd.mkdir(exist_ok=True)
    monkeypatch.chdir(cwd)
    analysis = "analysis.toml" if cwd == project else str(project / "analysis.toml")
    saved = project / "saved.toml"
    assert cli.main(["assess", "--config", analysis, "--save-config", str(saved)]) == 0
    assert cli.main(["assess", "--config", analysis, "--out", "out", "--quiet"]) == 0, capsys.readouterr().err
    raw = tomllib.loads(saved.read_text(encoding="utf-8"))
    first, second = raw["scenario"]
    assert first["steps"][0]["hierarchy"] == "h/town.csv" and first["exported"]["path"] == "release.csv"
    assert second["steps"][0]["hierarchy"] == str(outside)
    loaded = AnalysisConfig.from_toml(saved).scenarios
    assert loaded[0].steps[0].hierarchy.path == str(project / "h" / "town.csv")
    assert loaded[0].exported.path == str(project / "release.csv")
    # out/ lies inside the working folder: the project's files are outside it, so absolute there
    written = tomllib.loads((cwd / "out" / "analysis.toml").read_text(encoding="utf-8"))
    assert written["scenario"][0]["steps"][0]["hierarchy"] == str(project / "h" / "town.csv")
    assert AnalysisConfig.from_toml(cwd / "out" / "analysis.toml").scenarios == loaded
    results = json.loads((cwd / "out" / "results.json").read_text())
    assert [s["loss"]["levels"]["town"] for s in results["scenarios"]] == [1, 1]


BAD_STEPS = [
    ('{ op = "recode", column = "town", level = 1, hierarchy = "nope.csv" }', "nope.csv: no such hierarchy file "
     "(for column 'town')"),
    ('{ op = "recode", column = "town", level = 1, hierarchy = "short.csv" }', "short.csv: column 'town': line 2 has "
     "2 fields, line 1 has 3"),
    ('{ op = "recode", column = "town", level = 1, hierarchy = "part.csv" }', "part.csv: column 'town': 6 value(s) of "
     "the data have no line in the hierarchy: 'C', 'D', 'E', 'F', 'G' and 1 more"),
    ('{ op = "recode", column = "town", level = 1, hierarchy = "binary.csv" }', "binary.csv: not a UTF-8 text file "
     "(hierarchy for column 'town')"),
    ('{ op = "recode", column = "town", level = 3, hierarchy = "town.csv" }', "scenario 'x', step 1: column 'town': "
     "level 3 is above the hierarchy's top level 1"),
    ('{ op = "drop", column = "nosuch" }', "scenario 'x', step 1: column 'nosuch' is not a quasi-identifier of the "
     "analysis (quasi-identifiers: sex, age, town)"),
    ('{ op = "local_suppression", k = 2, importance = ["disease"] }', "column 'disease' is not a quasi-identifier"),
    ('{ op = "local_suppression", k = 0 }', "bad.toml: scenario 'x', step 1: k must be at least 1 (got 0)"),
    ('{ op = "record_suppression", k = 0 }', "bad.toml: scenario 'x', step 1: k must be at least 1 (got 0)"),
    ('{ op = "record_suppression", k = 2, max_percent = 100.5 }', "bad.toml: scenario 'x', step 1: max_percent must "
     "be between 0 and 100 (got 100.5)"),
    ('{ op = "record_suppression", k = 2, max_percent = -1 }', "max_percent must be between 0 and 100 (got -1)"),
    ('{ op = "drop", column = "age" }, { op = "local_suppression", k = 2, importance = ["age"] }',
     "scenario 'x', step 2: column 'age' was dropped by an earlier step"),
    ('{ op = "sample", fraction = 0 }', "bad.toml: scenario 'x', step 1: fraction must be in (0, 1] (got 0)"),
]


@pytest.mark.parametrize("steps, message", BAD_STEPS)
def test_bad_scenarios_are_one_line_through_the_command_line(case, capsys, steps, message):
    folder, data, _ = case
    (folder / "short.csv").write_text("A;AB;*\nB;AB\n", encoding="utf-8")
    (folder / "part.csv").write_text("A;AB\nB;AB\n", encoding="utf-8")
    (folder / "binary.csv").write_bytes(b"\xff\xfe\x00A;\x00")
    (folder / "bad.toml").write_text(f'[[scenario]]\nname = "x"\nsteps = [{steps}]\n', encoding="utf-8")
    before = data.read_bytes()
    code = cli.main(["assess", str(data), "--qid", "sex", "age", "town", "--sensitive", "disease",
                     "--scenario", str(folder / "bad.toml"), "--out", str(folder / "o"), "--quiet"])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1 and message in err, err
    assert data.read_bytes() == before and (not (folder / "o").exists() or not any((folder / "o").iterdir()))


def test_crosstabs_from_the_command_line(case, capsys):
    """--crosstab adds a table to every scenario: its TVD is the share of records that move
    between cells (hand-checked: dropping age leaves sex x town as it was)."""
    folder, data, _ = case
    out = folder / "out"
    code = cli.main(["assess", str(data), "--qid", "sex", "age", "town", "--sensitive", "disease",
                     "--scenario", str(folder / "scenarios.toml"), "--crosstab", "sex, town",
                     "--crosstab", "sex,age", "--out", str(out), "--quiet"])
    assert code == 0, capsys.readouterr().err
    scenarios = json.loads((out / "results.json").read_text())["scenarios"]
    assert list(scenarios[0]["loss"]["tvd"]) == ["sex x disease", "sex x age", "sex x town"]  # its own first
    assert scenarios[1]["loss"]["tvd"]["sex x town"] == 0.0
    assert scenarios[0]["loss"]["tvd"]["sex x age"] == pytest.approx(1 - 2 / 400)
    saved = AnalysisConfig.from_toml(out / "analysis.toml").scenarios
    assert saved[1].crosstabs == (("sex", "town"), ("sex", "age"))
    for bad, message in ((["--crosstab", "sex,,age"], "--crosstab 'sex,,age': expected distinct column names"),
                         (["--crosstab", "sex,income"], "crosstab column 'income' is not a quasi-identifier")):
        code = cli.main(["assess", str(data), "--qid", "sex", "age", "town", "--sensitive", "disease", "--scenario",
                         str(folder / "scenarios.toml"), *bad, "--out", str(folder / "o"), "--quiet"])
        err = capsys.readouterr().err
        assert code == 2 and err.count("\n") == 1 and message in err, err
    code = cli.main(["assess", str(data), "--qid", "sex", "--crosstab", "sex,age", "--out", str(folder / "o")])
    assert code == 2 and "--crosstab needs scenarios" in capsys.readouterr().err


@pytest.mark.slow
def test_export_a_scenario_from_the_command_line(case, capsys):
    """Only on request; the file equals the scenario's transformed data; its path, its SHA-256
    and the source's are recorded in results.json and analysis.toml (path relative there)."""
    folder, data, _ = case
    out = folder / "out"
    out.mkdir()
    released = out / "released.csv"
    argv = ["assess", str(data), "--qid", "sex", "age", "town", "--sensitive", "disease",
            "--scenario", str(folder / "scenarios.toml"), "--out", str(out), "--quiet"]
    assert cli.main(argv) == 0 and not released.exists()  # nothing written unless asked
    assert cli.main([*argv, "--export-scenario", "drop town, suppress=" + str(released), "--pdf",
                     str(out / "report.pdf")]) == 0, capsys.readouterr().err
    from pypdf import PdfReader

    report = "".join("".join(page.extract_text().split()) for page in PdfReader(str(out / "report.pdf")).pages)
    assert (f"Itstransformeddatawerewrittentoreleased.csv(SHA-256{file_sha256(released)})fromthesourcefilewith"
            f"SHA-256{file_sha256(data)}.") in report
    frame = pd.read_csv(released, keep_default_na=False, dtype=str)
    source = pd.read_csv(data, keep_default_na=False, dtype=str)
    assert list(frame.columns) == ["sex", "age", "disease"] and len(frame) == 400
    assert (frame.disease == source.disease).all()
    blanked = (frame.sex == "") | (frame.age != source.age.str.replace(r"\.0$", "", regex=True))
    results = json.loads((out / "results.json").read_text())
    scenario = results["scenarios"][3]
    assert int(blanked.sum()) > 0 and sum(scenario["loss"]["cells_suppressed"].values()) >= int(blanked.sum())
    assert scenario["exported"] == {"path": str(released), "source_sha256": file_sha256(data),
                                    "sha256": file_sha256(released)}
    assert "exported" not in results["scenarios"][0]
    raw = tomllib.loads((out / "analysis.toml").read_text(encoding="utf-8"))
    assert raw["scenario"][3]["exported"]["path"] == "released.csv"
    assert AnalysisConfig.from_toml(out / "analysis.toml").scenarios[3].exported.sha256 == file_sha256(released)
    for option, message in (("nosuch=x.csv", "--export-scenario 'nosuch': no such scenario (scenarios: band age, "),
                            ("drop age=x.xlsx", "x.xlsx: use a .csv or .parquet file name"),
                            (f"drop age={data}", "would overwrite the data file"),
                            ("drop age", "--export-scenario 'drop age': expected NAME=FILE")):
        assert cli.main([*argv, "--export-scenario", option]) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and err.count("\n") == 1 and message in err, err


def test_a_weighted_analysis_keeps_its_sample_roles_in_every_scenario(case, tmp_path):
    """The sample-file measures run on each scenario too: the weight and household roles are
    kept, and the scenario's sample risk equals a fresh assessment of its written data."""
    folder, data, config = case
    frame = pd.read_csv(data)
    frame["wgt"] = np.linspace(2.0, 40.0, len(frame))
    frame["hh"] = np.arange(len(frame)) // 3
    frame.to_csv(data, index=False)
    config = replace(config, roles=replace(config.roles, weight="wgt", household="hh"))
    table = load_table(config.data, config.needed_columns())
    original = run_assessment(config, table=table)
    scenario = read_scenarios(folder / "scenarios.toml")[0]
    result = run_scenario(original, table, scenario, assess=run_assessment)
    sample = result.assessment.sample_risk
    assert sample is not None and sample.weight == "wgt" and sample.household == "hh"
    written = tmp_path / "weighted.csv"
    pcsv.write_csv(transformed_arrow(apply_scenario(table, config.roles.quasi_identifiers, scenario)), written)
    fresh = run_assessment(replace(result.assessment.config, data=DataSource(str(written))))
    assert sample.individual.expected_reidentifications == pytest.approx(
        fresh.sample_risk.individual.expected_reidentifications, rel=1e-12)
    # the measure the weighted verdict uses is in the scenario's risk (results.json) and scenarios.csv
    pool = [fresh.sample_risk.individual] + list(fresh.sample_risk.expected_by_size)
    worst = max(pool, key=lambda s: s.expected_share)
    risk = result.risk()
    assert risk["worst_expected_reid_share"] == pytest.approx(worst.expected_share, rel=1e-12)
    assert risk["worst_expected_reidentifications"] == pytest.approx(worst.expected_reidentifications, rel=1e-12)
    assert 0 < risk["worst_expected_reid_share"] < risk["worst_unique_share"]
    assert result.to_dict()["risk"]["worst_expected_reid_share"] == risk["worst_expected_reid_share"]
    table_rows = list(scenarios_module.scenario_rows(replace(original, scenarios=(result,))))
    share = scenarios_module.CSV_COLUMNS.index("worst_expected_reid_share")
    assert table_rows[1][share] == risk["worst_expected_reid_share"]
    assert table_rows[0][share] == original_share(original)
    unweighted = run_assessment(replace(config, roles=replace(config.roles, weight=None, household=None)),
                                table=table)
    assert scenarios_module.risk_summary(unweighted)["worst_expected_reid_share"] is None


def original_share(assessment):
    sample = assessment.sample_risk
    return max([sample.individual.expected_share] + [s.expected_share for s in sample.expected_by_size])


def test_targets_are_attacked_on_each_scenario_with_their_values_recoded(case, tmp_path):
    """A target's known values go through the scenario's recodes (a dropped column is left out,
    a missing value stays missing, a value without a hierarchy line is "no match" saying so);
    the results equal a fresh assessment of the written data with the mapped targets."""
    from engine.analysis.config import Target
    from engine.remediation.scenarios import scenario_targets

    folder, data, config = case
    frame = pd.read_csv(data)
    first = frame.iloc[0]
    known = Target((("sex", first["sex"]), ("age", str(int(first["age"]))), ("town", first["town"])))
    missing_age = Target((("age", ""), ("town", "A")))
    stranger = Target((("town", "Z"), ("sex", "F")))
    only_age = Target((("age", "40"),))
    config = replace(config, targets=(known, missing_age, stranger, only_age))
    table = load_table(config.data, config.needed_columns())
    original = run_assessment(config, table=table)
    scenarios = {s.name: s for s in read_scenarios(folder / "scenarios.toml")}

    band = scenarios["band age"]
    transformed = apply_scenario(table, config.roles.quasi_identifiers, band)
    decade = int(first["age"]) // 10 * 10
    assert scenario_targets(config.targets, transformed) == [
        Target((("sex", first["sex"]), ("age", f"[{decade}, {decade + 10})"), ("town", first["town"]))),
        missing_age, stranger, Target((("age", "[40, 50)"),))]
    result = run_scenario(original, table, band, assess=run_assessment)
    targets = result.assessment.targets
    in_decade = frame["age"].between(decade, decade + 9)
    assert targets[0].block_size == int(((frame["sex"] == first["sex"]) & in_decade
                                         & (frame["town"] == first["town"])).sum())
    assert targets[1].block_size == int((frame["age"].isna() & (frame["town"] == "A")).sum())
    assert not targets[2].matched and "'Z' does not occur" in targets[2].reason
    assert targets[3].block_size == int(frame["age"].between(40, 49).sum())
    assert targets[3].block_size > original.targets[3].block_size

    merged = run_scenario(original, table, scenarios["drop sex, merge towns"], assess=run_assessment)
    targets = merged.assessment.targets
    pair = {"A": "AB", "B": "AB", "C": "CD", "D": "CD", "E": "EF", "F": "EF", "G": "GH", "H": "GH"}
    assert targets[0].values == (("age", str(int(first["age"]))), ("town", pair[first["town"]]))
    assert targets[0].block_size == int((frame["age"].eq(first["age"])
                                         & frame["town"].map(pair).eq(pair[first["town"]])).sum())
    assert not targets[2].matched and targets[2].block_size == 0
    assert "value 'Z' of column 'town' has no line in the hierarchy" in targets[2].reason
    assert any("'Z'" in w and "no line" in w for w in merged.assessment.warnings)

    dropped = run_scenario(original, table, scenarios["drop age"], assess=run_assessment)
    assert dropped.assessment.targets[0].values == (("sex", first["sex"]), ("town", first["town"]))
    assert not dropped.assessment.targets[3].matched
    assert dropped.assessment.targets[3].reason == "every column it names is dropped by the scenario"

    for number, scenario in enumerate(scenarios.values()):
        result = run_scenario(original, table, scenario, assess=run_assessment)
        written = tmp_path / f"targets{number}.csv"
        pcsv.write_csv(transformed_arrow(apply_scenario(table, config.roles.quasi_identifiers, scenario)), written)
        fresh = run_assessment(replace(result.assessment.config, data=DataSource(str(written))))
        matched = [t.to_dict() for t in result.assessment.targets
                   if t.values in {f.values for f in result.assessment.config.targets}]
        assert matched == [t.to_dict() for t in fresh.targets], scenario.name
        assert len(result.assessment.targets) == 4
