"""Record-level outputs (per-record and individual risks, SUDA scores, exported or transformed
microdata, the synthetic at-risk list) are readable by their owner only whatever the umask;
every other output gets the mode the umask gives a new file (docs/command-line.md, "File modes")."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from engine.foundation.atomic import staged
from engine.commands.cli import main

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX permission bits")

SURVEY = "age,sex,region,w,hh\n20,m,n,10,1\n20,m,n,30,1\n20,f,n,5,2\n30,f,s,50,2\n30,m,s,20,3\n" \
         "40,f,s,1,3\n40,f,s,1,3\n50,m,n,100,4\n"
PRIVATE = {"per_record_risk.csv", "individual_risk.csv", "suda.csv", "synthetic_at_risk.csv", "released.csv",
           "released.parquet", "banded.csv"}


@pytest.fixture(params=[0o000, 0o022, 0o077], ids=["umask000", "umask022", "umask077"])
def umask(request):
    previous = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(previous)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _expected(path: Path, umask: int) -> int:
    return (0o600 if path.name in PRIVATE else 0o666) & ~umask


def test_staged_files_get_the_umask_or_owner_only(tmp_path, umask):
    (tmp_path / "old.csv").write_text("x\n")
    os.chmod(tmp_path / "old.csv", 0o644)
    with staged() as files:
        with files.text(tmp_path / "table.csv") as handle:
            handle.write("a\n")
        with files.text(tmp_path / "old.csv", private=True) as handle:   # replaces a readable file
            handle.write("b\n")
        with files.path(tmp_path / "data.bin", private=True) as tmp:
            tmp.write_bytes(b"\0")
    assert _mode(tmp_path / "table.csv") == 0o666 & ~umask
    assert _mode(tmp_path / "old.csv") == 0o600 & ~umask
    assert _mode(tmp_path / "data.bin") == 0o600 & ~umask
    assert (tmp_path / "old.csv").read_text() == "b\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data.bin", "old.csv", "table.csv"]


def test_assess_outputs_by_kind(tmp_path, umask, capsys):
    data = tmp_path / "survey.csv"
    data.write_text(SURVEY, encoding="utf-8")
    out = tmp_path / "out"
    code = main(["assess", str(data), "--qid", "age", "sex", "region", "--weight", "w", "--household", "hh",
                 "--suda", "--per-record", "--out", str(out), "--quiet"])
    assert code == 0, capsys.readouterr().err
    names = {p.name for p in out.iterdir()}
    assert {"individual_risk.csv", "suda.csv", "per_record_risk.csv", "results.json", "analysis.toml"} <= names
    for path in out.iterdir():
        assert _mode(path) == _expected(path, umask), path.name


def test_exported_scenario_and_suggested_data_are_owner_only(tmp_path, umask, capsys):
    rng = np.random.default_rng(2)
    n = 120
    frame = pd.DataFrame({"age": rng.integers(20, 60, n), "sex": rng.choice(["F", "M"], n),
                          "town": rng.choice(list("ABCD"), n)})
    data = tmp_path / "people.csv"
    frame.to_csv(data, index=False)
    (tmp_path / "scenarios.toml").write_text('[[scenario]]\nname = "band"\nsteps = [{ op = "recode", column = '
                                             '"age", level = 1, intervals = [10] }]\n', encoding="utf-8")
    out = tmp_path / "out"
    code = main(["assess", str(data), "--qid", "age", "sex", "town", "--scenario", str(tmp_path / "scenarios.toml"),
                 "--export-scenario", f"band={tmp_path / 'banded.csv'}", "--out", str(out), "--quiet"])
    assert code == 0, capsys.readouterr().err
    assert _mode(tmp_path / "banded.csv") == 0o600 & ~umask
    assert _mode(out / "scenarios.csv") == 0o666 & ~umask
    for suffix in (".csv", ".parquet"):
        written = tmp_path / f"released{suffix}"
        code = main(["suggest", str(data), "--qid", "age", "sex", "town", "--k", "2", "--max-suppression", "100",
                     "--out", str(tmp_path / "s"),
                     "--write-data", str(written)])
        assert code == 0, capsys.readouterr().err
        assert _mode(written) == 0o600 & ~umask
        assert _mode(tmp_path / "s" / "suggestion.json") == 0o666 & ~umask


def test_synthetic_at_risk_list_is_owner_only(tmp_path, umask, capsys):
    from .test_outputs import _synthetic_files

    _synthetic_files(tmp_path)
    out = tmp_path / "out"
    code = main(["synth", str(tmp_path / "real.csv"), "--synthetic", str(tmp_path / "syn.csv"), "--control",
                 str(tmp_path / "control.csv"), "--qid", "age", "sex", "job", "--attacks", "closest-mia",
                 "--targets", "30", "--show-targets", "--out", str(out), "--quiet"])
    assert code == 0, capsys.readouterr().err
    assert (out / "synthetic_at_risk.csv").read_text(encoding="utf-8").count("\n") > 1
    for path in out.iterdir():
        assert _mode(path) == _expected(path, umask), path.name
