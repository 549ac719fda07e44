"""Inputs are never modified: every command run on copies of the bundled inputs (the analysis
files, the data, a scenario file, a hierarchy, the synthetic release and its real and control
files) leaves each one byte-identical, with the same mode and modification time, and writes
only into the output locations it was given (docs/command-line.md, "Rules")."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.commands.cli import main

from ..conftest import EXAMPLES

COPIED = ("census_example.csv", "census_demo.toml", "dp_demo.toml", "synthetic_real.csv", "synthetic_release.csv",
          "synthetic_control.csv")
SCENARIOS = """[[scenario]]
name = "no day"
steps = [{ op = "drop", column = "birth_day" }, { op = "record_suppression", k = 2, max_percent = 5 }]
"""


def _state(folder: Path) -> dict[str, tuple[bytes, int, int]]:
    """Every file under ``folder``: its bytes, mode and modification time."""
    return {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mode, p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.slow
def test_no_command_modifies_its_inputs(tmp_path, capsys):
    inputs = tmp_path / "in"
    inputs.mkdir()
    for name in COPIED:
        shutil.copy2(EXAMPLES / name, inputs / name)
    (inputs / "scenarios.toml").write_text(SCENARIOS, encoding="utf-8")
    (inputs / "sex.csv").write_text("F;*\nM;*\n", encoding="utf-8")
    before = _state(inputs)
    out = tmp_path / "out"
    out.mkdir()
    real, syn, control = (str(inputs / name) for name in COPIED[3:])
    commands = [
        ["assess", "--config", str(inputs / "census_demo.toml"), "--jobs", "1",
         "--qid", "birth_day", "birth_year", "sex", "school", "--scenario", str(inputs / "scenarios.toml"),
         "--export-scenario", f"no day={out / 'assess' / 'no_day.csv'}", "--per-record",
         "--out", str(out / "assess"), "--pdf", str(out / "assess.pdf"), "--quiet"],
        ["profile", str(inputs / "census_example.csv")],
        ["suggest", str(inputs / "census_example.csv"), "--qid", "sex", "birth_year", "--hierarchy",
         f"sex={inputs / 'sex.csv'}", "--k", "2", "--max-suppression", "50", "--out", str(out / "suggest"),
         "--write-data", str(out / "suggested.csv"), "--quiet"],
        ["synth", real, "--synthetic", syn, "--control", control, "--qid", "birth_year", "sex", "race", "school",
         "--sensitive", "bolsa_familia", "--attacks", "closest-mia", "closest-aia", "--targets", "20",
         "--jobs", "1", "--out", str(out / "synth"), "--quiet"],
        ["dp", "--config", str(inputs / "dp_demo.toml"), "--out", str(out / "dp"), "--quiet"],
    ]
    for argv in commands:
        assert main(argv) == 0, (argv[0], capsys.readouterr().err)
    capsys.readouterr()
    assert _state(inputs) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in", "out"]
    assert (out / "assess" / "results.json").is_file() and (out / "assess" / "no_day.csv").is_file()
    assert (out / "suggested.csv").is_file() and (out / "synth" / "results.json").is_file()
    assert (out / "dp" / "results.json").is_file()
