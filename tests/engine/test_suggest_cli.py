"""``riskreview suggest``: suggestion.json, the transformed file, one-line errors (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from engine.commands import cli
from engine.api import run_assessment
from engine.analysis.config import AnalysisConfig, DataSource, Roles
from engine.remediation.transforms import HierarchySpec, Recode, RecordSuppression, Scenario
from engine.io.encode import file_sha256

ADULT = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "pycanon" / "raw__adult.csv"


@pytest.fixture
def case(tmp_path):
    rng = np.random.default_rng(11)
    n = 300
    frame = pd.DataFrame({"id": range(n), "age": rng.integers(20, 60, n), "town": rng.choice(list("ABCDEF"), n),
                          "sex": rng.choice(["F", "M"], n), "income": rng.integers(0, 100, n)})
    frame.loc[[5, 17], "town"] = None
    data = tmp_path / "people.csv"
    frame.to_csv(data, index=False)
    ages = sorted(frame.age.unique())
    lines = [f"{a};{a // 10 * 10}-{a // 10 * 10 + 9};{'young' if a < 40 else 'old'};*\n" for a in ages]
    (tmp_path / "age.csv").write_text("".join(lines), encoding="utf-8")
    (tmp_path / "town.csv").write_text("A;AB;*\nB;AB;*\nC;CD;*\nD;CD;*\nE;EF;*\nF;EF;*\n;unknown;*\n",
                                       encoding="utf-8")
    return tmp_path, data, frame


def _argv(folder, data, *extra):
    return ["suggest", str(data), "--qid", "age", "town", "sex", "--hierarchy", f"age={folder / 'age.csv'}",
            "--hierarchy", f"town={folder / 'town.csv'}", "--out", str(folder / "out"), *extra]


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_suggestion_and_transformed_file(case, capsys, suffix):
    folder, data, frame = case
    before = file_sha256(data)
    written = folder / f"released{suffix}"
    code = cli.main(_argv(folder, data, "--k", "5", "--max-suppression", "3", "--write-data", str(written)))
    assert code == 0, capsys.readouterr().err
    result = json.loads((folder / "out" / "suggestion.json").read_text())
    for key in ("levels", "k", "suppressed_records", "loss", "optimal", "alternatives", "metric"):
        assert key in result
    assert result["k"] == 5 and result["optimal"] is True and result["metric"] == "entropy"
    assert set(result["levels"]) == {"age", "town", "sex"} and result["levels"]["sex"] == 0
    assert result["source"]["sha256"] == before == file_sha256(data)  # input untouched
    assert all(set(a) == {"levels", "suppressed_records", "loss"} for a in result["alternatives"])
    out = (pd.read_csv(written, dtype=str, keep_default_na=False) if suffix == ".csv"
           else pd.read_parquet(written).astype(object).where(lambda f: f.notna(), "").astype(str))
    assert len(out) == len(frame) and out["id"].tolist() == [str(i) for i in frame.id]
    assert out["income"].tolist() == [str(v) for v in frame.income]
    qids = ["age", "town", "sex"]
    blank = (out[qids] == "").all(axis=1)
    assert int(blank.sum()) == result["suppressed_records"] <= 0.03 * len(frame)
    released = out[~blank]
    assert released.groupby(qids).size().min() >= 5
    # recoded values exactly as in the hierarchy files
    level = result["levels"]["age"]
    lines = dict((line.split(";")[0], line.split(";")) for line in (folder / "age.csv").read_text().splitlines())
    expected = [lines[str(a)][level] for a in frame.age[~blank.to_numpy()]]
    assert released["age"].tolist() == expected
    assert "optimal" in capsys.readouterr().out
    # the verdict it would get: its scenario (recodes, then record suppression) run as an analysis runs it
    steps = tuple(Recode(q, result["levels"][q], HierarchySpec("hierarchy", path=str(folder / f"{q}.csv")))
                  for q in ("age", "town") if result["levels"][q])
    steps += (RecordSuppression(5, 3.0),) if result["suppressed_records"] else ()
    config = AnalysisConfig(data=DataSource(str(data)), roles=Roles(("age", "town", "sex")),
                            scenarios=(Scenario("suggestion", steps),))
    (ran,) = run_assessment(config).scenarios
    verdict = result["verdict"]
    assert verdict["ready"] is ran.ready and verdict["reasons"] == list(ran.reasons)
    assert [(c["measure"], c["value"], c["limit"]) for c in verdict["checks"]] == \
        [(c.measure, c.value, c.limit) for c in ran.judged.checks]


def test_without_write_data_only_the_json(case):
    folder, data, _ = case
    assert cli.main(_argv(folder, data, "--k", "2", "--metric", "height", "--quiet")) == 0
    assert sorted(p.name for p in (folder / "out").iterdir()) == ["suggestion.json"]
    result = json.loads((folder / "out" / "suggestion.json").read_text())
    assert result["metric"] == "height" and result["loss"] == sum(result["levels"].values())


def test_time_limit_is_reported(case):
    folder, data, _ = case
    assert cli.main(_argv(folder, data, "--k", "4", "--max-seconds", "0.000001")) == 0
    result = json.loads((folder / "out" / "suggestion.json").read_text())
    assert result["optimal"] is False and result["stopped_by_time_limit"] is True


@pytest.mark.parametrize("change, words", [
    (["--k", "0"], "--k must be at least 1"),
    (["--k", "2", "--max-suppression", "120"], "--max-suppression must be between 0 and 100"),
    (["--k", "2", "--qid", "nosuch"], "no column 'nosuch'"),
    (["--k", "2", "--hierarchy", "income=x.csv"], "--hierarchy income: not one of the --qid columns"),
    (["--k", "2", "--hierarchy", "sex=/nonexistent/sex.csv"], "no such hierarchy file"),
    (["--k", "2", "--write-data", "out.xlsx"], "use a .csv or .parquet"),
    (["--k", "two"], "invalid int value"),
])
def test_bad_input_is_one_line_exit_2(case, capsys, change, words):
    folder, data, _ = case
    try:
        code = cli.main(_argv(folder, data, *change))
    except SystemExit as exc:  # usage errors leave argparse with exit code 2
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("error: ") and err.count("\n") == 1 and words in err


def test_inconsistent_or_incomplete_hierarchy(case, capsys):
    folder, data, _ = case
    (folder / "town.csv").write_text("A;AB;*\nB;AB\n", encoding="utf-8")
    assert cli.main(_argv(folder, data, "--k", "2")) == 2
    assert "town.csv: column 'town': line 2 has 2 fields" in capsys.readouterr().err
    (folder / "town.csv").write_text("A;AB;*\nB;AB;*\n", encoding="utf-8")
    assert cli.main(_argv(folder, data, "--k", "2")) == 2
    err = capsys.readouterr().err
    assert "column 'town': 4 value(s) of the data have no line in the hierarchy: 'C', 'D', 'E', 'F'" in err


@pytest.mark.skipif(not ADULT.exists(), reason="../shared/data is not present")
def test_adult_whole_lattice(tmp_path):
    from benchmarks.suggest import QIDS, hierarchies

    frame = pd.read_csv(ADULT, usecols=QIDS, skipinitialspace=True)
    files = hierarchies(frame, tmp_path)
    qids = QIDS  # all 8 QIDs: 5 x 4 x 3 x 3 x 3 x 3 x 2 x 3 = 9,720 nodes
    argv = ["suggest", str(ADULT), "--qid", *qids, *sum((["--hierarchy", f"{q}={files[q]}"] for q in qids), []),
            "--k", "10", "--max-suppression", "1", "--out", str(tmp_path / "out"),
            "--write-data", str(tmp_path / "adult.csv")]
    assert cli.main(argv) == 0
    result = json.loads((tmp_path / "out" / "suggestion.json").read_text())
    assert result["optimal"] is True and result["nodes_total"] == 9720 and not result["stopped_by_time_limit"]
    out = pd.read_csv(tmp_path / "adult.csv", dtype=str, keep_default_na=False)
    blank = (out[qids] == "").all(axis=1)
    assert out[~blank].groupby(qids).size().min() >= 10 and blank.sum() <= 0.01 * len(out)


def test_write_data_into_the_new_output_folder(case):
    folder, data, _ = case
    assert cli.main(_argv(folder, data, "--k", "2", "--write-data", str(folder / "out" / "released.csv"))) == 0
    assert sorted(p.name for p in (folder / "out").iterdir()) == ["released.csv", "suggestion.json"]
    result = json.loads((folder / "out" / "suggestion.json").read_text())
    assert result["written_data"]["format"] == "csv"


ANALYSIS = """
[data]
path = "people.csv"

[roles]
quasi_identifiers = ["age", "town", "sex"]
sensitive = ["income"]

[report.thresholds]
reid_prob = 0.1
"""


def _released_blocks(path, qids):
    """Blocks of the written file (the suppressed records, all blank, form one) per record."""
    out = pd.read_csv(path, dtype=str, keep_default_na=False)
    return out.groupby(qids).ngroups / len(out)


def test_targets_from_an_analysis_file(case, monkeypatch, capsys):
    """--config gives the data (relative to the file's folder), QIDs, sensitive columns and the
    thresholds the file sets; options override it; from another working folder."""
    folder, data, _ = case
    (folder / "analysis.toml").write_text(ANALYSIS, encoding="utf-8")
    elsewhere = folder / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    hierarchy = ["--hierarchy", f"age={folder / 'age.csv'}", "--hierarchy", f"town={folder / 'town.csv'}"]
    qids = ["age", "town", "sex"]

    def run(name, *extra):
        code = cli.main(["suggest", "--config", str(folder / "analysis.toml"), *hierarchy, "--k", "2",
                         "--max-suppression", "5", "--out", name, "--write-data", f"{name}.csv", *extra])
        assert code == 0, capsys.readouterr().err
        return json.loads((elsewhere / name / "suggestion.json").read_text())

    limited = run("limited")
    assert limited["qids"] == qids and limited["thresholds"] == {"max_reid_prob": 0.1}
    # its verdict is judged by the same limit
    assert {c["measure"]: c["limit"] for c in limited["verdict"]["checks"]}["reid_prob"] == 0.1
    assert limited["source"]["path"] == str(data)
    assert _released_blocks(elsewhere / "limited.csv", qids) <= 0.1
    free = run("free", "--max-reid-prob", "1")  # the option overrides the file's threshold
    assert free["thresholds"] == {"max_reid_prob": 1.0}
    assert _released_blocks(elsewhere / "free.csv", qids) > 0.1  # so the file's limit did bind
    assert free["loss"] < limited["loss"]
    fewer = run("fewer", "--qid", "age", "town")
    assert fewer["qids"] == ["age", "town"] and set(fewer["levels"]) == {"age", "town"}


def test_suggest_needs_data_and_qids(case, capsys):
    folder, data, _ = case
    assert cli.main(["suggest", "--qid", "age", "--k", "2", "--out", str(folder / "o")]) == 2
    assert capsys.readouterr().err == "error: no data file: give DATA or --config FILE.toml\n"
    assert cli.main(["suggest", str(data), "--k", "2", "--out", str(folder / "o")]) == 2
    assert capsys.readouterr().err == ("error: give at least one quasi-identifier (--qid COL ... or "
                                       "--config FILE.toml)\n")
    (folder / "bad.toml").write_text('[data]\npath = "people.csv"\n[report.thresholds]\nreid_prob = 2\n')
    assert cli.main(["suggest", "--config", str(folder / "bad.toml"), "--qid", "age", "--k", "2",
                     "--out", str(folder / "o")]) == 2
    assert capsys.readouterr().err == (f"error: {folder / 'bad.toml'}: report.thresholds.reid_prob must be "
                                       f"between 0 and 1, got 2\n")


SUGGEST_HIERARCHIES = """
[[suggest.hierarchies]]
column = "age"
intervals = [10, 20]

[[suggest.hierarchies]]
column = "town"
hierarchy = "town.csv"
"""


def test_hierarchies_from_the_analysis_file(case, monkeypatch, capsys):
    """Without --hierarchy, --config's [[suggest.hierarchies]] are searched: a built one (on the
    loaded column) and an ARX file relative to the analysis file's folder; the search is the
    engine's on the same hierarchies. --hierarchy replaces them; --qid leaves out the others'."""
    from engine.io.loader import load_table
    from engine.remediation.hierarchy import read_hierarchy
    from engine.remediation.suggest import SuggestConfig, SuggestTarget, suggest
    from engine.remediation.transforms import build_hierarchy

    folder, data, frame = case
    (folder / "analysis.toml").write_text(ANALYSIS + SUGGEST_HIERARCHIES, encoding="utf-8")
    elsewhere = folder / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)

    def run(name, *extra):
        code = cli.main(["suggest", "--config", str(folder / "analysis.toml"), "--k", "4", "--max-suppression", "2",
                         "--max-reid-prob", "1", "--out", name, *extra])
        assert code == 0, capsys.readouterr().err
        return json.loads((elsewhere / name / "suggestion.json").read_text())

    found = run("from_file", "--write-data", "from_file.csv")
    assert found["hierarchies"] == {"age": "intervals of width 10, 20", "town": str(folder / "town.csv")}
    table = load_table(DataSource(str(data)), ["age", "town", "sex"])
    bands = build_hierarchy(HierarchySpec("intervals", params=(("widths", (10.0, 20.0)),)), table["age"])
    towns = read_hierarchy(folder / "town.csv", "town")
    reference = suggest(table, SuggestConfig(("age", "town", "sex"), (("age", bands), ("town", towns)),
                                             SuggestTarget(k=4, max_suppression=2, max_reid_prob=1)))
    assert found["levels"] == dict(zip(("age", "town", "sex"), reference.best.levels))
    assert found["loss"] == pytest.approx(reference.best.loss) and found["levels"]["age"] > 0
    released = pd.read_csv(elsewhere / "from_file.csv", dtype=str, keep_default_na=False)
    kept = released["age"] != ""
    level = found["levels"]["age"]
    labels = {row[0]: row[level] for row in bands.rows}
    assert released["age"][kept].tolist() == [labels[str(a)] for a in frame.age[kept.to_numpy()]]
    assert set(found["verdict"]) >= {"ready", "checks"}   # judged on the built hierarchy's scenario

    flags = run("flags", "--hierarchy", f"town={folder / 'town.csv'}")
    # the file's age bands are not used: without them nothing meets k=4 (with them, above, it does)
    assert flags["hierarchies"] == {"town": str(folder / "town.csv")} and flags["levels"] is None
    fewer = run("fewer", "--qid", "town", "sex")
    assert fewer["hierarchies"] == {"town": str(folder / "town.csv")}


def test_a_bad_hierarchy_in_the_analysis_file_is_one_line(case, capsys):
    folder, data, _ = case
    (folder / "analysis.toml").write_text(ANALYSIS + '[[suggest.hierarchies]]\ncolumn = "income"\nintervals = [5]\n',
                                          encoding="utf-8")
    assert cli.main(["suggest", "--config", str(folder / "analysis.toml"), "--k", "2", "--out",
                     str(folder / "o")]) == 2
    assert capsys.readouterr().err == (f"error: {folder / 'analysis.toml'}: suggest.hierarchies: column 'income' is "
                                       "not one of the quasi-identifiers (age, town, sex)\n")
