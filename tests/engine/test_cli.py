"""The command line: worked examples, outputs, config files, exit codes."""

import csv
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from engine.commands.cli import main
from engine.analysis.config import AnalysisConfig

from ..conftest import EXAMPLES, ROOT

EXAMPLE12 = str(EXAMPLES / "example12.csv")


def _run(argv, capsys):
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _record(rows, *qids, sensitive=None):
    return next(r for r in rows if r["qids"] == list(qids) and (sensitive is None or r["sensitive"] == sensitive))


def test_example12_through_the_command_line(tmp_path, capsys):
    out = tmp_path / "out"
    code, stdout, stderr = _run(["assess", EXAMPLE12, "--qid", "age", "gender", "--qid", "occupation",
                                 "--sensitive", "illness", "--target", "age=25;gender=F",
                                 "--out", str(out)], capsys)
    assert code == 0, stderr
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert results["dataset"]["name"] == "example12.csv"
    assert results["dataset"]["rows"] == 10
    assert len(results["dataset"]["sha256"]) == 64
    age = _record(results["reidentification"], "age")
    assert (age["posterior_det"], age["posterior_prob"], age["prior_prob"]) == (0.1, 0.3, 0.1)
    assert (age["blocks"], age["singletons"], age["prior_det"]) == (3, 1, 0.0)
    cas = _record(results["inference"], "age", sensitive="illness")
    assert (cas["posterior_det"], cas["posterior_prob"], cas["prior_prob"]) == (0.1, 0.6, 0.5)
    assert cas["degradation_prob"] == pytest.approx(1.2)
    (target,) = results["targets"]
    assert target["block_size"] == 3 and target["posterior_prob"] == pytest.approx(1 / 3)
    assert results["config"]["roles"]["quasi_identifiers"] == ["age", "gender", "occupation"]
    with open(out / "reidentification.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 7
    assert rows[0]["qids"] == "age" and float(rows[0]["posterior_prob"]) == 0.3
    for name in ("inference.csv", "top_subsets.csv", "histograms.csv", "targets.csv", "analysis.toml"):
        assert (out / name).stat().st_size > 0
    assert "worst re-identification" in stdout


def test_config_file_reproduces_the_run(tmp_path, capsys):
    first, second = tmp_path / "a", tmp_path / "b"
    assert _run(["assess", EXAMPLE12, "--qid", "age", "occupation", "--sensitive", "illness",
                 "--subsets", "max-size:1", "--out", str(first)], capsys)[0] == 0
    assert _run(["assess", "--config", str(first / "analysis.toml"), "--out", str(second)], capsys)[0] == 0
    a = json.loads((first / "results.json").read_text())
    b = json.loads((second / "results.json").read_text())
    assert a["reidentification"] == b["reidentification"] and len(a["reidentification"]) == 2
    assert a["inference"] == b["inference"]


def test_config_toml_round_trip(tmp_path):
    path = tmp_path / "analysis.toml"
    text = """
version = 1
[data]
path = "data.csv"
delimiter = ";"
encoding = "latin-1"
[roles]
quasi_identifiers = ["Município de nascimento", "idade", "sex-code"]
sensitive = ["doença"]
[attacks]
subsets = "list"
subset_list = [["idade"], ["idade", "sex-code"]]
[[targets]]
idade = 25
"sex-code" = "F"
[run]
jobs = 2
"""
    path.write_text(text, encoding="utf-8")
    config = AnalysisConfig.from_toml(path)
    assert config.data.path == str(tmp_path / "data.csv")
    assert config.data.delimiter == ";" and config.data.encoding == "latin-1"
    assert config.roles.quasi_identifiers[0] == "Município de nascimento"
    assert config.subsets.subsets == (("idade",), ("idade", "sex-code"))
    assert config.targets[0].values == (("idade", "25"), ("sex-code", "F"))
    config.validate()
    again = tmp_path / "again.toml"
    again.write_text(config.to_toml(), encoding="utf-8")
    assert AnalysisConfig.from_toml(again) == config


def test_column_names_with_spaces_dashes_and_accents(tmp_path, capsys):
    path = tmp_path / "dados.csv"
    frame = pd.DataFrame({"ano de nascimento": [2001, 2001, 2002, 2003], "sex-code": ["F", "M", "F", "F"],
                          "doença": ["sim", "não", "não", "não"]})
    frame.to_csv(path, index=False, sep=";", encoding="latin-1")
    out = tmp_path / "out"
    code, _, err = _run(["assess", str(path), "--qid", "ano de nascimento", "sex-code",
                         "--sensitive", "doença", "--subsets", "exact", "--out", str(out)], capsys)
    assert code == 0, err
    (row,) = json.loads((out / "results.json").read_text(encoding="utf-8"))["reidentification"]
    assert row["qids"] == ["ano de nascimento", "sex-code"]
    assert (row["blocks"], row["singletons"]) == (4, 4)


def test_per_record_csv_only_on_request(tmp_path, capsys):
    plain, detailed = tmp_path / "plain", tmp_path / "detailed"
    _run(["assess", EXAMPLE12, "--qid", "age", "--sensitive", "illness", "--out", str(plain)], capsys)
    assert not (plain / "per_record_risk.csv").exists()
    _run(["assess", EXAMPLE12, "--qid", "age", "--sensitive", "illness", "--per-record",
          "--out", str(detailed)], capsys)
    frame = pd.read_csv(detailed / "per_record_risk.csv")
    assert len(frame) == 10
    assert frame["risk_reidentification"].mean() == pytest.approx(0.3)
    assert frame["risk_illness"].mean() == pytest.approx(0.6)


def test_usage_errors_are_one_line_with_exit_2(tmp_path, capsys):
    code, _, err = _run(["assess", EXAMPLE12, "--sensitive", "illness", "--out", str(tmp_path)], capsys)
    assert code == 2 and err.startswith("error:") and "quasi-identifier" in err
    with pytest.raises(SystemExit) as exc:
        main(["assess", EXAMPLE12, "--jobs", "two"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and err.count("\n") == 1


def test_profile_command(capsys):
    code, out, _ = _run(["profile", str(EXAMPLES / "census_example.csv")], capsys)
    assert code == 0
    assert "student_id" in out and "looks like a direct identifier" in out
    line = next(l for l in out.splitlines() if l.startswith("'race'"))
    assert "1.0%" in line  # 204 of 20,000 missing


@pytest.mark.parametrize("argv", [["profile", EXAMPLE12], ["profile", EXAMPLE12, "--json"],
                                  ["assess", EXAMPLE12, "--qid", "age", "--sensitive", "illness", "--quiet", "--out"]])
def test_output_closed_by_its_reader_ends_quietly(tmp_path, argv):
    """``riskreview profile FILE | head -1``: the reader has gone when the command writes; it
    ends without a traceback or a word, with 128 + SIGPIPE (1 on Windows)."""
    import os

    from engine.foundation import platform

    argv = argv + [str(tmp_path / "out")] if argv[-1] == "--out" else argv
    read_end, write_end = os.pipe()
    os.close(read_end)          # the reader is gone before the first line is written
    try:
        result = subprocess.run([sys.executable, "-c", "import sys; from engine.commands.cli import main; "
                                 "sys.exit(main(sys.argv[1:]))", *argv],
                                cwd=ROOT, stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write_end)
    assert result.stderr == ""
    assert result.returncode == platform.pipe_closed_exit_code() == (141 if hasattr(signal, "SIGPIPE") else 1)
    if argv[0] == "assess":
        assert (tmp_path / "out" / "results.json").exists()   # written before the summary


@pytest.mark.slow
def test_installed_command_and_interrupt(tmp_path):
    """The real `riskreview` entry point: --version, then Ctrl-C during a long sweep -> 130."""
    exe = Path(sys.executable).with_name("riskreview")
    version = subprocess.run([str(exe), "--version"], capture_output=True, text=True, timeout=60)
    assert version.returncode == 0 and version.stdout.startswith("riskreview ")
    rng = np.random.default_rng(3)
    data = tmp_path / "big.parquet"
    rows = 2_000_000   # 4,095 subsets, about 10 s of sweep on a quiet 2-core machine: still running at Ctrl-C
    cards = [31, 12, 20, 2, 6, 60, 60, 400, 9, 7, 5, 3]
    pd.DataFrame({f"q{i}": rng.integers(0, c, rows) for i, c in enumerate(cards)}
                 ).assign(s=rng.integers(0, 2, rows)).to_parquet(data)
    proc = subprocess.Popen([str(exe), "assess", str(data), "--qid", *[f"q{i}" for i in range(len(cards))],
                             "--sensitive", "s", "--jobs", "2", "--out", str(tmp_path / "out")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(4)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    assert not (tmp_path / "out" / "results.json").exists()


def test_privacy_models_through_the_command_line(tmp_path, capsys):
    out = tmp_path / "out"
    code, _, err = _run(["assess", EXAMPLE12, "--qid", "gender", "--sensitive", "illness", "--models",
                         "--target-k", "5", "--target-l", "2", "--out", str(out)], capsys)
    assert code == 0, err
    results = json.loads((out / "results.json").read_text())
    (model,) = results["privacy_models"]
    assert {k: model[k] for k in ("qids", "sensitive", "k", "alpha", "l", "c", "t", "beta_basic",
                                  "beta_enhanced")} == {
        "qids": ["gender"], "sensitive": "illness", "k": 4, "alpha": 0.75, "l": 2, "c": 4, "t": 0.25,
        "beta_basic": 0.5, "beta_enhanced": 0.5}
    assert model["delta"] == pytest.approx(0.6931471805599453)
    shortfall = next(s for s in results["model_shortfalls"] if s["model"] == "k")
    assert (shortfall["blocks"], shortfall["records"]) == (1, 4)  # the male block of 4 < 5
    assert results["config"]["models"] == {"enabled": True, "l": 2, "targets": {"k": 5, "l": 2}}
    assert (out / "privacy_models.csv").exists() and (out / "model_shortfalls.csv").exists()
