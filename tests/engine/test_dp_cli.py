"""The ``dp`` and ``dp-threshold`` commands: Example 25 end to end, output files, analysis
files, exit codes and one-line errors.

Runs through :func:`engine.commands.cli.main` once it dispatches the two commands; until then through
a parser built with :func:`engine.commands.dp.add_parsers` and the same error handling."""

import argparse
import csv
import json
import math
import sys
from pathlib import Path

import pytest

from engine.commands import cli
from engine.commands.cli_options import Parser
from engine.commands.dp import add_parsers, run_dp, run_threshold
from engine.dp.config import DPConfig
from engine.foundation.errors import InputError

EXAMPLE25 = ("id,income,gender,country\n1,low,F,BRA\n2,low,M,BRA\n3,medium,F,AUS\n4,medium,M,AUS\n"
             "5,medium,F,AUS\n6,medium,M,AUS\n7,high,F,BRA\n8,high,M,BRA\n")
EPS = [str(math.log(1.5)), str(math.log(3)), str(math.log(10))]


def _wired() -> bool:
    for action in cli.build_parser()._actions:
        if isinstance(action, argparse._SubParsersAction) and "dp" in action.choices:
            return True
    return False


def _local_main(argv):
    parser = Parser(prog="riskreview")
    add_parsers(parser.add_subparsers(dest="command", parser_class=Parser))
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return exc.code
    try:
        return {"dp": run_dp, "dp-threshold": run_threshold}[args.command](args)
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def _run(argv, capsys):
    if _wired():
        try:
            code = cli.main(argv)
        except SystemExit as exc:
            code = exc.code
    else:
        code = _local_main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def example25(tmp_path):
    path = tmp_path / "example25.csv"
    path.write_text(EXAMPLE25, encoding="utf-8")
    return path


def test_example_25_through_the_command_line(example25, tmp_path, capsys):
    out = tmp_path / "out"
    code, stdout, stderr = _run(["dp", str(example25), "--sensitive", "income", "--useful", "income",
                                 "--predicate", "medium", "--epsilon", *EPS, "--out", str(out)], capsys)
    assert code == 0, stderr
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert results["dataset"]["name"] == "example25.csv" and results["dataset"]["rows"] == 8
    oblivious = [p for p in results["dp"] if p["mechanism"] == "oblivious"]
    local = [p for p in results["dp"] if p["mechanism"] == "local"]
    assert [round(p["privacy_loss"], 4) for p in oblivious] == [1.0, 1.125, 1.3636]
    assert [round(p["utility"], 4) for p in oblivious] == [0.6, 0.75, 0.9091]
    assert [round(p["privacy_loss"], 4) for p in local] == [1.0, 1.0, 1.0308]
    assert [round(p["utility"], 4) for p in local] == [0.5124, 0.5492, 0.6561]
    assert all(p["prior_vulnerability"] == 0.5 for p in results["dp"])
    assert results["threshold"] == []
    with open(out / "dp_counting.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 6 and rows[0]["predicate"] == "medium" and rows[0]["mechanism"] == "oblivious"
    assert float(rows[2]["privacy_loss"]) == pytest.approx(1.3636, abs=5e-5)
    assert (out / "dp_threshold.csv").read_text(encoding="utf-8").startswith("epsilon,delta_active")
    assert "privacy loss" in stdout and "[local]" in stdout
    # the verdict: the guess of the new record's income rises from 50% to 0.5 x 1.3636 = 68.2% with the
    # oblivious mechanism at epsilon ln 10, above the default 10-point limit; ln 3 (56.25%) is within it
    verdict = results["verdict"]
    assert verdict["ready"] is False and verdict["kind"] == "dp"
    (check,) = verdict["checks"]
    assert check["measure"] == "inference_certain_gain" and check["basis"] == "bayes_vulnerability"
    assert check["value"] == pytest.approx(0.5 * 1.3636 - 0.5, abs=5e-5) and check["limit"] == 0.1
    assert check["passed"] is False and check["sensitive"] == "income"
    assert verdict["reasons"] == [
        "count income ∈ {medium}; secret income: with the oblivious mechanism at epsilon 2.30259, the chance of guessing the new "
        "record's income rises from 50.0% to 68.2% (limit 10.0% above the prior); the largest epsilon "
        "evaluated within the limit is 1.09861"]


def test_analysis_file_reproduces_the_run_from_anywhere(example25, tmp_path, capsys, monkeypatch):
    out = tmp_path / "out"
    monkeypatch.chdir(tmp_path)
    code, _, stderr = _run(["dp", "example25.csv", "--sensitive", "income", "--useful", "gender",
                            "--predicate", "F", "--epsilon", *EPS, "--mechanism", "local", "--out", str(out)], capsys)
    assert code == 0, stderr
    first = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert {p["mechanism"] for p in first["dp"]} == {"local"}
    assert [round(p["utility"], 4) for p in first["dp"]] == [0.528, 0.5812, 0.7221]
    monkeypatch.chdir(out)
    again = tmp_path / "again"
    code, _, stderr = _run(["dp", "--config", str(out / "analysis.toml"), "--out", str(again)], capsys)
    assert code == 0, stderr
    second = json.loads((again / "results.json").read_text(encoding="utf-8"))
    assert second["dp"] == first["dp"]
    # the data path as each run was given it: typed in tmp_path, then from the analysis file
    assert first["config"].pop("data")["path"] == "example25.csv"
    assert Path(second["config"].pop("data")["path"]) == tmp_path / "example25.csv"
    assert second["config"] == first["config"]


def test_useful_order_and_several_predicates(example25, tmp_path, capsys):
    out = tmp_path / "out"
    code, _, stderr = _run(["dp", str(example25), "--sensitive", "gender", "--useful", "income",
                            "--predicate", "low", "--predicate", "high", "--useful-order", "high, medium,low",
                            "--epsilon", "1", "--out", str(out)], capsys)
    assert code == 0, stderr
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert results["config"]["scenarios"][0]["useful_order"] == ["high", "medium", "low"]
    assert results["dp"][0]["predicate"] == ["low", "high"]
    assert results["dp"][0]["privacy_loss"] == pytest.approx(1.0)  # gender independent of income
    assert results["dp"][0]["count_prior_vulnerability"] == 0.5


def test_threshold_command(tmp_path, capsys):
    out = tmp_path / "out"
    code, stdout, stderr = _run(["dp-threshold", "--voters", "50", "--threshold", "10", "--known", "20",
                                 "--p", "0.1", "--epsilon", "0.1", "1", "--out", str(out)], capsys)
    assert code == 0, stderr
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert results["dataset"] is None and results["dp"] == []
    assert [p["epsilon"] for p in results["threshold"]] == [0.1, 1.0]
    for point in results["threshold"]:
        assert 0 <= point["delta_passive"] <= point["delta_active"] <= 1
    assert results["config"]["threshold"]["voters"] == 50
    with open(out / "dp_threshold.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert float(rows[1]["delta_active"]) == pytest.approx(results["threshold"][1]["delta_active"])
    assert "delta active" in stdout
    # the verdict: some epsilon evaluated must bring the active attacker's delta to 1 / voters = 2%
    (check,) = results["verdict"]["checks"]
    smallest = min(p["delta_active"] for p in results["threshold"])
    assert check == {"measure": "threshold_delta", "value": smallest, "limit": 1 / 50,
                     "passed": smallest <= 1 / 50, "basis": "active_attacker"}
    assert results["verdict"]["ready"] is check["passed"]


def test_threshold_example_and_save_config(tmp_path, capsys):
    saved = tmp_path / "threshold.toml"
    code, stdout, stderr = _run(["dp-threshold", "--example", "--known", "50", "--save-config", str(saved)], capsys)
    assert code == 0, stderr
    config = DPConfig.from_toml(saved)
    assert (config.threshold.voters, config.threshold.threshold, config.threshold.known) == (1000, 100, 50)
    assert len(config.threshold.epsilons) == 20
    out = tmp_path / "out"
    code, _, stderr = _run(["dp-threshold", "--config", str(saved), "--epsilon", "1", "--out", str(out)], capsys)
    assert code == 0, stderr
    (point,) = json.loads((out / "results.json").read_text(encoding="utf-8"))["threshold"]
    # 50 planted yes-votes are far from the threshold of 100: even the active attacker learns little
    assert point["worst_known_yes"] == 50
    assert 0 < point["delta_passive"] < point["delta_active"] < 1e-50


@pytest.mark.parametrize("extra, words", [
    (["--sensitive", "income", "--useful", "income", "--predicate", "mediun"], ["--predicate", "'mediun'", "'income'"]),
    (["--sensitive", "salary", "--useful", "income", "--predicate", "low"], ["'salary'"]),
    (["--sensitive", "income", "--useful", "income", "--predicate", "low", "--useful-order", "low,high"],
     ["--useful-order", "'medium'"]),
    (["--sensitive", "income", "--useful", "income", "--predicate", "low", "--useful-order", "low,medium,high,top"],
     ["--useful-order", "'top'"]),
    (["--sensitive", "income", "--useful", "income", "--predicate", "low", "--epsilon", "0"], ["epsilon", "> 0"]),
    (["--sensitive", "income", "--useful", "income", "--predicate", "low", "--epsilon", "-2"], ["epsilon"]),
    (["--sensitive", "income", "--predicate", "low"], ["--useful"]),
    (["--sensitive", "income", "--useful", "income", "--predicate", "low", "--epsilon", "x"], ["--epsilon"]),
    (["--sensitive", "income", "--useful", "income", "--predicate", "low", "--mechanism", "laplace"], ["--mechanism"]),
])
def test_bad_input_gives_exit_2_and_one_error_line(example25, tmp_path, capsys, extra, words):
    out = tmp_path / "out"
    code, _, stderr = _run(["dp", str(example25), *extra, "--out", str(out)], capsys)
    assert code == 2
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    for word in words:
        assert word in lines[0]
    assert not out.exists()


@pytest.mark.parametrize("argv, words", [
    (["dp-threshold", "--voters", "10", "--threshold", "3", "--known", "2", "--out", "x"], ["--p"]),
    (["dp-threshold", "--voters", "10", "--threshold", "3", "--known", "10", "--p", "0.5", "--out", "x"], ["known"]),
    (["dp-threshold", "--voters", "10", "--threshold", "3", "--known", "2", "--p", "2", "--out", "x"], ["--p"]),
    (["dp-threshold", "--example", "--epsilon", "0", "--out", "x"], ["epsilon"]),
    (["dp-threshold", "--example"], ["--out"]),
    (["dp", "--sensitive", "a", "--useful", "b", "--predicate", "c", "--out", "x"], ["DATA"]),
])
def test_bad_threshold_and_usage(tmp_path, capsys, monkeypatch, argv, words):
    monkeypatch.chdir(tmp_path)
    code, _, stderr = _run(argv, capsys)
    assert code == 2
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    for word in words:
        assert word in lines[0]


def test_missing_data_file_and_bad_analysis_file(tmp_path, capsys):
    code, _, stderr = _run(["dp", str(tmp_path / "none.csv"), "--sensitive", "a", "--useful", "b",
                            "--predicate", "c", "--out", str(tmp_path / "o")], capsys)
    assert code == 2 and "none.csv" in stderr
    bad = tmp_path / "bad.toml"
    bad.write_text('version = 1\nepsilons = [1.0]\nroles = {}\n', encoding="utf-8")
    code, _, stderr = _run(["dp", "--config", str(bad), "--out", str(tmp_path / "o")], capsys)
    assert code == 2 and "unknown key roles" in stderr


def test_the_verdict_is_on_the_reports_first_page(example25, tmp_path, capsys):
    import re

    from pypdf import PdfReader

    out = tmp_path / "out"
    code, _, stderr = _run(["dp", str(example25), "--sensitive", "income", "--useful", "income", "--predicate",
                            "medium", "--epsilon", *EPS, "--out", str(out), "--pdf", str(out / "report.pdf")], capsys)
    assert code == 0, stderr
    verdict = json.loads((out / "results.json").read_text(encoding="utf-8"))["verdict"]
    first = re.sub(r"\s+", "", PdfReader(str(out / "report.pdf")).pages[0].extract_text())
    assert verdict["ready"] is False and "NOTREADYFORRELEASE" in first
    assert all(re.sub(r"\s+", "", reason) in first for reason in verdict["reasons"])
