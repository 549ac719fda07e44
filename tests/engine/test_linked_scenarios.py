"""Scenarios on linked releases: the main release is transformed, a drop or recode applies to
the same column in the linked release too (one hierarchy), and every attack - the linked ones
and the individual targets included - equals a fresh assessment of the transformed files
written to disk (the linked release recoded here with pandas, independently of the engine)."""

from __future__ import annotations

import json
import math
import re
from dataclasses import replace

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.csv as pcsv
import pytest
from pypdf import PdfReader

from engine.commands import cli
from engine.api import run_assessment
from engine.foundation.atomic import write_analysis_file
from engine.analysis.config import (AnalysisConfig, DataSource, Linkage, ModelTargets, PrivacyModelOptions, Release, Roles,
                                    SubsetFamily, Target)
from engine.foundation.errors import InputError
from engine.io.encode import file_sha256
from engine.attacks.linkage import load_linked
from engine.remediation.linked import combined_table, focal_qids, run_linked_scenario
from engine.remediation.scenarios import transformed_arrow
from engine.remediation.transforms import apply_scenario, parse_scenarios

TOWNS = {"A": "AB", "B": "AB", "C": "CD", "D": "CD", "E": "EF", "F": "EF", "G": "GH", "H": "GH"}
SCENARIOS = [
    {"name": "band age", "steps": [{"op": "recode", "column": "age", "level": 1, "intervals": [10]}]},
    {"name": "drop town, suppress", "steps": [{"op": "drop", "column": "town"},
                                              {"op": "local_suppression", "k": 3, "importance": ["sex", "age"]}]},
    {"name": "merge towns, remove, sample", "steps": [
        {"op": "recode", "column": "town", "level": 1, "hierarchy": "town.csv"},
        {"op": "record_suppression", "k": 2, "max_percent": 10}, {"op": "sample", "fraction": 0.8, "seed": 3}]},
    {"name": "top-code age", "steps": [{"op": "recode", "column": "age", "level": 1, "top_quantile": 0.9}]},
]


@pytest.fixture
def case(tmp_path):
    rng = np.random.default_rng(11)
    n = 300
    focal = pd.DataFrame({"id": np.arange(n), "sex": rng.choice(["F", "M"], n),
                          "age": pd.array(rng.integers(18, 80, n), dtype="Int64"),
                          "town": rng.choice(list("ABCDEFGH"), n), "disease": rng.choice(["flu", "none", "hiv"], n)})
    focal.loc[[4, 17], "age"] = pd.NA
    later = focal.sample(250, random_state=2)[["id", "age", "town"]].copy()
    later["age"] = later["age"] + 1
    moved = rng.random(len(later)) < 0.3
    later.loc[moved, "town"] = rng.choice(list("ABCDEFGH"), int(moved.sum()))
    extra = pd.DataFrame({"id": np.arange(1000, 1030), "age": pd.array(rng.integers(18, 95, 30), dtype="Int64"),
                          "town": rng.choice(list("ABCDEFGH"), 30)})
    later = pd.concat([later, extra], ignore_index=True)
    later["job"] = rng.choice(["clerk", "nurse", "farmer", "teacher"], len(later))
    focal.to_csv(tmp_path / "focal.csv", index=False)
    later.to_csv(tmp_path / "later.csv", index=False)
    (tmp_path / "town.csv").write_text("".join(f"{k};{v};*\n" for k, v in TOWNS.items()), encoding="utf-8")
    first = focal.iloc[0]
    mate = later[later["id"] == first["id"]]
    targets = (Target((("sex", first["sex"]), ("age", str(first["age"])), ("town", first["town"]))),
               Target((("town", "Z"), ("sex", "F"))))
    if len(mate):
        targets += (Target((("age", str(first["age"])), ("age@2", str(mate.iloc[0]["age"])))),)
    config = AnalysisConfig(
        data=DataSource(str(tmp_path / "focal.csv")), roles=Roles(("sex", "age", "town", "job"), ("disease",)),
        linkage=Linkage(key="id", focal_label="1", releases=(Release(DataSource(str(tmp_path / "later.csv")), "2"),)),
        models=PrivacyModelOptions(enabled=True, targets=ModelTargets(k=3, l=2, t=0.3)), targets=targets,
        scenarios=parse_scenarios(SCENARIOS, "test", tmp_path))
    return tmp_path, focal, later, config


def _later_recoded(later: pd.DataFrame, focal: pd.DataFrame, name: str) -> pd.DataFrame:
    """The linked release as the scenario should code it, computed with pandas."""
    out = later.copy()
    if name == "band age":
        low = (out["age"] // 10) * 10
        out["age"] = [None if pd.isna(x) else f"[{x}, {x + 10})" for x in low]
    elif name.startswith("drop town"):
        out = out.drop(columns="town")
    elif name.startswith("merge towns"):
        out["town"] = out["town"].map(TOWNS)
    elif name == "top-code age":
        ages = np.sort(focal["age"].dropna().to_numpy(dtype=float))
        top = ages[math.ceil(0.9 * len(ages)) - 1]
        out["age"] = [None if pd.isna(x) else (f">= {int(top)}" if x >= top else str(x)) for x in out["age"]]
    return out


def _rows(assessment):
    parts = {part: [r.to_dict() for r in getattr(assessment, part)]
             for part in ("reidentification", "inference", "histograms", "privacy_models", "model_shortfalls")}
    linked = assessment.longitudinal.to_dict()
    parts["linked"] = {k: v for k, v in linked.items() if k != "releases"}
    parts["releases"] = [(r["label"], r["linked"], r["focal_records"], r["match_rate"]) for r in linked["releases"]]
    return parts


@pytest.mark.parametrize("family", [SubsetFamily(), SubsetFamily("list", subsets=(("sex", "age"), ("town", "job"),
                                                                                    ("age@2",)))],
                         ids=lambda f: f.kind)
def test_linked_scenarios_equal_a_fresh_assessment_of_the_written_releases(case, family):
    folder, focal, later, config = case
    config = replace(config, subsets=family)
    original = run_assessment(config)
    assert len(original.scenarios) == len(SCENARIOS)
    linked = load_linked(config)
    table, copies = combined_table(linked, config)
    assert copies == {"age": ["age@2"], "town": ["town@2"], "job": ["job@2"]}
    for number, result in enumerate(original.scenarios):
        scenario = result.scenario
        transformed = apply_scenario(table, focal_qids(linked, config), scenario, copies=copies)
        written = transformed_arrow(transformed).select([c for c in focal.columns if c in transformed.table.columns
                                                         and c != "id"])
        written = written.append_column("id", pa.array(focal["id"].to_numpy()[transformed.rows]))
        focal_file, later_file = folder / f"focal{number}.csv", folder / f"later{number}.csv"
        pcsv.write_csv(written, focal_file)
        _later_recoded(later, focal, scenario.name).to_csv(later_file, index=False)
        scenario_config = result.assessment.config
        fresh = run_assessment(replace(scenario_config, data=DataSource(str(focal_file)),
                                       linkage=replace(config.linkage, releases=(
                                           Release(DataSource(str(later_file)), "2"),))))
        mine, theirs = _rows(result.assessment), _rows(fresh)
        unmappable = ("has no line in the hierarchy", "every column it names is dropped")
        mine["linked"]["targets"] = [t for t in mine["linked"]["targets"]  # the fresh run has the mapped ones only
                                     if not any(u in t.get("reason", "") for u in unmappable)]
        assert len(result.assessment.longitudinal.targets) == len(config.targets)
        assert mine == theirs, scenario.name
        assert result.assessment.longitudinal.reidentification and result.assessment.privacy_models
        assert result.verdict and result.loss.records == len(focal)
    by_name = {r.scenario.name: r for r in original.scenarios}
    banded = by_name["band age"].assessment
    assert banded.config.targets[0].values[1][1].startswith("[") and banded.longitudinal.targets[0].matched
    if len(config.targets) == 3:
        known = dict(banded.config.targets[2].values)
        assert known["age"].startswith("[") and known["age@2"].startswith("[")
    merged = by_name["merge towns, remove, sample"].assessment
    stranger = merged.longitudinal.targets[1]
    assert not stranger.matched and "value 'Z' of column 'town' has no line in the hierarchy" in stranger.reason
    dropped = by_name["drop town, suppress"].assessment
    assert all("town" not in q for r in dropped.longitudinal.reidentification for q in r.qids)
    assert "town@2" not in dropped.longitudinal.qids and "job@2" in dropped.longitudinal.qids
    # banding age merges blocks in both releases: the linked risk does not rise
    worst = max(r.posterior_det for r in original.longitudinal.reidentification)
    assert max(r.posterior_det for r in banded.longitudinal.reidentification) <= worst


def test_a_step_on_a_column_of_the_linked_release_only_is_one_line(case):
    folder, _, _, config = case
    bad = parse_scenarios([{"name": "drop job", "steps": [{"op": "drop", "column": "job"}]}], "test")
    with pytest.raises(InputError, match="column 'job' is not a quasi-identifier"):
        run_assessment(replace(config, scenarios=bad))


def test_a_linked_value_without_a_hierarchy_line_is_named(case):
    folder, _, later, config = case
    (folder / "town.csv").write_text("".join(f"{k};{v};*\n" for k, v in TOWNS.items() if k != "H"),
                                     encoding="utf-8")
    only = parse_scenarios([SCENARIOS[2]], "test", folder)
    focal = pd.read_csv(config.data.path)
    focal.loc[focal["town"] == "H", "town"] = "G"
    focal.to_csv(config.data.path, index=False)
    assert (later["town"] == "H").any()
    with pytest.raises(InputError, match=r"column 'town@2': 1 value\(s\) of the data have no line.*'H'"):
        run_assessment(replace(config, scenarios=only))


def test_linked_scenarios_through_the_command_line(case, capsys):
    folder, _, _, config = case
    (folder / "scenarios.toml").write_text(
        '[[scenario]]\nname = "band age"\nsteps = [{ op = "recode", column = "age", level = 1, intervals = [10] }]\n',
        encoding="utf-8")
    out = folder / "out"
    code = cli.main(["assess", config.data.path, "--release", config.linkage.releases[0].data.path,
                     "--link-key", "id", "--qid", "sex", "age", "town", "job", "--sensitive", "disease",
                     "--target", "town=A;age@2=40", "--scenario", str(folder / "scenarios.toml"),
                     "--out", str(out), "--quiet"])
    assert code == 0, capsys.readouterr().err
    results = json.loads((out / "results.json").read_text())
    (entry,) = results["scenarios"]
    assert entry["linked"]["targets"][0]["target"] == {"town@1": "A", "age@2": "[40, 50)"}
    assert all("age" not in q or q in ("age@1", "age@2") for r in entry["linked"]["reidentification"]
               for q in r["qids"])
    assert entry["risk"]["worst_unique_share"] == max(
        r["posterior_det"] for r in entry["reidentification"] + entry["linked"]["reidentification"])


def _with_names(case):
    """The case with a direct identifier ``name`` in both releases (left out of every export)."""
    folder, focal, later, config = case
    focal = focal.assign(name=[f"person {i}" for i in focal["id"]])
    later = later.assign(name=[f"person {i}" for i in later["id"]])
    focal.to_csv(config.data.path, index=False)
    later.to_csv(config.linkage.releases[0].data.path, index=False)
    return folder, focal, later, replace(config, roles=replace(config.roles, identifiers=("name",)))


def _as_text(frame: pd.DataFrame) -> pd.DataFrame:
    return frame.astype("string").fillna("").reset_index(drop=True)


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
@pytest.mark.slow
def test_exported_linked_releases_are_the_scenarios_releases(case, capsys, suffix):
    """--export-scenario on linked releases writes the main release and every linked release
    (NAME_LABEL.EXT beside it); the linked file is the release recoded as computed with pandas,
    and a fresh assessment of the written files gives each scenario's numbers."""
    folder, focal, later, config = _with_names(case)
    inputs = {p: file_sha256(p) for p in (config.data.path, config.linkage.releases[0].data.path)}
    analysis = write_analysis_file(config, folder / "analysis.toml")
    exports = folder / "exports"
    exports.mkdir()
    args = ["assess", "--config", str(analysis), "--out", str(folder / "out"), "--quiet"]
    args += ["--pdf", str(folder / "report.pdf")] if suffix == ".csv" else []
    for number, scenario in enumerate(SCENARIOS):
        args += ["--export-scenario", f"{scenario['name']}={exports / f's{number}{suffix}'}"]
    assert cli.main(args) == 0, capsys.readouterr().err
    assert sorted(p.name for p in exports.iterdir()) == sorted(
        f"s{n}{tail}{suffix}" for n in range(len(SCENARIOS)) for tail in ("", "_2"))
    assert {p: file_sha256(p) for p in inputs} == inputs      # the inputs are never modified
    results = json.loads((folder / "out" / "results.json").read_text())
    saved = AnalysisConfig.from_toml(folder / "out" / "analysis.toml", check=False)
    if suffix == ".csv":   # the report names every file written, each with its SHA-256
        report = re.sub(r"\s+", "", "".join(page.extract_text() for page in PdfReader(str(folder / "report.pdf")).pages))
        for name in (f"s0{suffix}", f"s0_2{suffix}"):
            assert f"writtento{name}(SHA-256{file_sha256(exports / name)})" in report
    original = run_assessment(config)
    linked = load_linked(config)
    table, copies = combined_table(linked, config)
    for number, result in enumerate(original.scenarios):
        main, second = exports / f"s{number}{suffix}", exports / f"s{number}_2{suffix}"
        read = pd.read_csv if suffix == ".csv" else pd.read_parquet
        written, written_later = read(main), read(second)
        transformed = apply_scenario(table, focal_qids(linked, config), result.scenario, copies=copies)
        assert list(written.columns) == [c for c in focal.columns if c != "name" and c not in transformed.dropped]
        assert written["id"].tolist() == focal["id"].to_numpy()[transformed.rows].tolist()
        expected_later = _later_recoded(later, focal, result.scenario.name).drop(columns="name")
        assert list(written_later.columns) == list(expected_later.columns)
        if suffix == ".csv":
            expected_file = folder / f"expected{number}.csv"
            expected_later.to_csv(expected_file, index=False)
            assert _as_text(pd.read_csv(second, dtype=str)).equals(_as_text(pd.read_csv(expected_file, dtype=str)))
        fresh = run_assessment(replace(result.assessment.config, data=DataSource(str(main)), linkage=replace(
            config.linkage, releases=(Release(DataSource(str(second)), "2"),))))
        mine, theirs = _rows(result.assessment), _rows(fresh)
        unmappable = ("has no line in the hierarchy", "every column it names is dropped")
        mine["linked"]["targets"] = [t for t in mine["linked"]["targets"]
                                     if not any(u in t.get("reason", "") for u in unmappable)]
        assert mine == theirs, result.scenario.name
        record = results["scenarios"][number]["exported"]
        assert record == {"path": str(main), "source_sha256": inputs[config.data.path],
                          "sha256": file_sha256(main), "releases": [
                              {"label": "2", "path": str(second),
                               "source_sha256": inputs[config.linkage.releases[0].data.path],
                               "sha256": file_sha256(second)}]}
        exported = saved.scenarios[number].exported
        assert exported.releases[0].path == str(second) and exported.releases[0].sha256 == record["releases"][0][
            "sha256"]


def test_linked_export_files_that_collide_are_one_line(case, capsys):
    folder, _, _, config = case
    analysis = write_analysis_file(config, folder / "analysis.toml")
    code = cli.main(["assess", "--config", str(analysis), "--export-scenario", f"band age={folder / 'a.csv'}",
                     "--export-scenario", f"drop town, suppress={folder / 'a_2.csv'}", "--out", str(folder / "out"),
                     "--quiet"])
    err = capsys.readouterr().err
    first, second = folder / "a.csv", folder / "a_2.csv"
    assert code == 2 and err == (f"error: --export-scenario {first} ({second}) and --export-scenario {second} would "
                                 f"both write {second}\n")
    code = cli.main(["assess", "--config", str(analysis), "--export-scenario", f"band age={folder / 'later.csv'}",
                     "--out", str(folder / "out"), "--quiet"])
    err = capsys.readouterr().err
    later = folder / "later.csv"
    assert code == 2 and err == (f"error: --export-scenario {later} would overwrite the release file {later}: an output "
                                 "never replaces an input of the run\n")
    assert not (folder / "out").exists()
