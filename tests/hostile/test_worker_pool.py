"""How many workers start and how: ``--jobs`` (or the analysis file's ``jobs``) above the CPU
count is capped with one note, and a TMPDIR too long for the forkserver's socket still runs."""

from __future__ import annotations

import json

import pytest

from engine.commands.cli import main
from engine.foundation.workers import available_cpus

from .long_runs import EXAMPLES
from .process_tree import start  # noqa: F401 (a fixture)

EXAMPLE12 = str(EXAMPLES / "example12.csv")
ASSESS = ["assess", EXAMPLE12, "--qid", "age", "gender", "occupation", "--sensitive", "illness"]
NUMBERS = ("reidentification", "inference", "histograms")


def _numbers(folder) -> dict:
    results = json.loads((folder / "results.json").read_text(encoding="utf-8"))
    return {key: results[key] for key in NUMBERS}


def _note(jobs: int) -> str:
    cpus = available_cpus()
    return f"note: {jobs} jobs asked for, this machine has {cpus} CPU{'s' if cpus != 1 else ''}; using {cpus}"


def test_jobs_far_above_the_cpus_are_capped_with_one_note(tmp_path, capsys):
    assert main([*ASSESS, "--jobs", "1", "--out", str(tmp_path / "one")]) == 0
    assert capsys.readouterr().err == ""
    assert main([*ASSESS, "--jobs", "10000", "--out", str(tmp_path / "many")]) == 0
    assert capsys.readouterr().err.splitlines() == [_note(10000)]
    assert _numbers(tmp_path / "many") == _numbers(tmp_path / "one")


def test_the_analysis_files_jobs_are_capped_too(tmp_path, capsys):
    config = tmp_path / "analysis.toml"
    assert main([*ASSESS, "--jobs", "64", "--save-config", str(config)]) == 0
    capsys.readouterr()
    assert main(["assess", "--config", str(config), "--out", str(tmp_path / "out")]) == 0
    assert capsys.readouterr().err.splitlines() == [_note(64)]


def test_synth_jobs_are_capped_with_one_note(tmp_path, capsys):
    args = ["synth", str(EXAMPLES / "synthetic_real.csv"), "--synthetic", str(EXAMPLES / "synthetic_release.csv"),
            "--control", str(EXAMPLES / "synthetic_control.csv"), "--qid", "birth_year", "sex",
            "--attacks", "closest-mia", "--targets", "50", "--out", str(tmp_path / "out")]
    assert main([*args, "--jobs", "512"]) == 0
    assert [line for line in capsys.readouterr().err.splitlines() if line.startswith("note:")] == [_note(512)]


@pytest.mark.skipif(available_cpus() < 2, reason="needs two CPUs for two workers")
def test_a_tmpdir_too_long_for_the_forkserver_socket_still_runs(start, tmp_path):
    """AF_UNIX socket paths hold about 107 bytes: the forkserver cannot listen under such a
    TMPDIR, so the workers are spawned instead."""
    long_tmp = tmp_path / ("t" * 60) / ("m" * 60)
    run = start([*ASSESS, "--jobs", "2", "--out", str(tmp_path / "out")], tmp=long_tmp)
    code, err = run.finish(120)
    assert code == 0, err
    assert main([*ASSESS, "--out", str(tmp_path / "one")]) == 0
    assert _numbers(tmp_path / "out") == _numbers(tmp_path / "one")
    assert run.leftovers() == []
    assert run.temp_files() == []
