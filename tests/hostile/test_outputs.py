"""Outputs as a hostile user meets them: an analysis file written by one run reproduces it from
any folder; ``--out`` holds exactly the last run's files; every output location is checked
before any work; files RiskReview did not write are never removed."""

import json
import os
import shutil
import tomllib
from pathlib import Path

import numpy as np
import pytest

from engine.commands.cli import main
from engine.analysis.config import AnalysisConfig, DataSource, portable_path
from engine.foundation.atomic import MANIFEST
from engine.report.outputs import ASSESS_OUTPUTS

from ..conftest import EXAMPLES

ASSESS = ["--qid", "age", "gender", "occupation", "--sensitive", "illness", "--quiet"]


def _run(argv, capsys):
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _results(folder: Path) -> dict:
    return json.loads((folder / "results.json").read_text(encoding="utf-8"))


def _tree(tmp_path: Path) -> Path:
    """tmp/work/d/x.csv, tmp/work/d/later.csv and the folders tmp/work/o and tmp/elsewhere."""
    work = tmp_path / "work"
    (work / "d").mkdir(parents=True)
    (work / "o").mkdir()
    (tmp_path / "elsewhere").mkdir()
    shutil.copy(EXAMPLES / "example12.csv", work / "d" / "x.csv")
    shutil.copy(EXAMPLES / "example20_release2.csv", work / "d" / "later.csv")
    return work


def _synthetic_files(folder: Path) -> None:
    rng = np.random.default_rng(3)

    def rows(n):
        return [f"{a},{'FM'[s]},j{j},{'yes' if i else 'no'}\n" for a, s, j, i in
                zip(rng.integers(18, 60, n), rng.integers(0, 2, n), rng.integers(0, 6, n), rng.integers(0, 2, n))]

    real = rows(80)
    for name, body in (("real", real), ("syn", real[:40] + rows(40)), ("control", rows(80))):
        (folder / f"{name}.csv").write_text("age,sex,job,ill\n" + "".join(body), encoding="utf-8")


# --- paths in analysis files --------------------------------------------------------------

def test_portable_path_rule(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert portable_path("o/d/x.csv", "o") == "d/x.csv"                   # inside: relative, with /
    assert portable_path("d/x.csv", "o") == str(tmp_path / "d" / "x.csv")  # outside: absolute
    assert portable_path(str(tmp_path / "o" / "x.csv"), "o") == "x.csv"
    assert portable_path("o/../d/x.csv", "o") == str(tmp_path / "d" / "x.csv")
    # read back from the analysis file's folder, each names the file it was given
    for given in ("o/d/x.csv", "d/x.csv", "./o/../d/x.csv"):
        assert tmp_path / "o" / portable_path(given, "o") == Path(os.path.abspath(given))


def test_assess_out_reproduces_from_another_folder(tmp_path, monkeypatch, capsys):
    work = _tree(tmp_path)
    monkeypatch.chdir(work)
    code, _, err = _run(["assess", "d/x.csv", *ASSESS, "--target", "age=25;gender=F", "--release", "d/later.csv",
                         "--link-key", "id", "--out", "o/r"], capsys)
    assert code == 0, err
    saved = (work / "o" / "r" / "analysis.toml").read_text(encoding="utf-8")
    assert f'path = "{work / "d" / "x.csv"}"' in saved and f'path = "{work / "d" / "later.csv"}"' in saved
    first = _results(work / "o" / "r")
    monkeypatch.chdir(tmp_path / "elsewhere")
    code, _, err = _run(["assess", "--config", "../work/o/r/analysis.toml", "--out", "again"], capsys)
    assert code == 0, err
    second = _results(tmp_path / "elsewhere" / "again")
    for key in ("reidentification", "inference", "longitudinal", "targets", "histograms"):
        assert second[key] == first[key], key
    assert first["longitudinal"]["reidentification"], "the linked release was used"


def test_data_inside_the_output_folder_stays_relative(tmp_path, monkeypatch, capsys):
    """A data file inside --out is written relative: the folder can be moved as a whole."""
    work = _tree(tmp_path)
    (work / "o" / "r").mkdir()
    shutil.copy(work / "d" / "x.csv", work / "o" / "r" / "x.csv")
    monkeypatch.chdir(work)
    code, _, err = _run(["assess", "o/r/x.csv", *ASSESS, "--out", "o/r"], capsys)
    assert code == 0, err
    assert AnalysisConfig.from_dict(tomllib.loads(
        (work / "o" / "r" / "analysis.toml").read_text(encoding="utf-8"))).data.path == "x.csv"
    shutil.move(work / "o" / "r", tmp_path / "elsewhere" / "moved")
    monkeypatch.chdir(tmp_path)
    code, _, err = _run(["assess", "--config", "elsewhere/moved/analysis.toml", "--csv", "tables"], capsys)
    assert code == 0, err
    assert (tmp_path / "tables" / "reidentification.csv").read_text(encoding="utf-8") == \
        (tmp_path / "elsewhere" / "moved" / "reidentification.csv").read_text(encoding="utf-8")


def test_save_config_reproduces_from_another_folder(tmp_path, monkeypatch, capsys):
    work = _tree(tmp_path)
    monkeypatch.chdir(work)
    assert _run(["assess", "d/x.csv", *ASSESS, "--save-config", "o/a.toml"], capsys)[0] == 0
    assert _run(["assess", "d/x.csv", *ASSESS, "--out", "o/direct"], capsys)[0] == 0
    monkeypatch.chdir(tmp_path / "elsewhere")
    code, _, err = _run(["assess", "--config", str(work / "o" / "a.toml"), "--out", "r"], capsys)
    assert code == 0, err
    assert _results(Path("r"))["reidentification"] == _results(work / "o" / "direct")["reidentification"]


def test_synth_out_and_save_config_reproduce_from_another_folder(tmp_path, monkeypatch, capsys):
    work = _tree(tmp_path)
    _synthetic_files(work / "d")
    monkeypatch.chdir(work)
    argv = ["synth", "d/real.csv", "--synthetic", "d/syn.csv", "--control", "d/control.csv", "--qid", "age", "sex",
            "job", "--sensitive", "ill", "--targets", "20", "--quiet"]
    code, _, err = _run(argv + ["--out", "o/s"], capsys)
    assert code == 0, err
    assert _run(argv + ["--save-config", "o/s.toml"], capsys)[0] == 0
    first = _results(work / "o" / "s")
    monkeypatch.chdir(tmp_path / "elsewhere")
    for config in ("../work/o/s/analysis.toml", "../work/o/s.toml"):
        shutil.rmtree("again", ignore_errors=True)
        code, _, err = _run(["synth", "--config", config, "--out", "again", "--quiet"], capsys)
        assert code == 0, (config, err)
        assert _results(Path("again"))["synthetic"] == first["synthetic"] and len(first["synthetic"]) == 5


def test_dp_out_and_save_config_reproduce_from_another_folder(tmp_path, monkeypatch, capsys):
    work = _tree(tmp_path)
    monkeypatch.chdir(work)
    argv = ["dp", "d/x.csv", "--sensitive", "illness", "--useful", "gender", "--predicate", "F",
            "--epsilon", "0.5", "2", "--quiet"]
    assert _run(argv + ["--out", "o/p"], capsys)[0] == 0
    assert _run(argv + ["--save-config", "o/p.toml"], capsys)[0] == 0
    first = _results(work / "o" / "p")
    monkeypatch.chdir(tmp_path / "elsewhere")
    for config in ("../work/o/p/analysis.toml", "../work/o/p.toml"):
        shutil.rmtree("again", ignore_errors=True)
        code, _, err = _run(["dp", "--config", config, "--out", "again", "--quiet"], capsys)
        assert code == 0, (config, err)
        assert _results(Path("again"))["dp"] == first["dp"]
        assert len(first["dp"]) == 4


def test_window_saves_analysis_files_by_the_same_rule(tmp_path, monkeypatch):
    """The window's save (assess, synthetic, DP) goes through the same writer: paths relative to
    the analysis file's folder when inside it, else absolute; never relative to the working folder."""
    from engine.dp.config import DPConfig, DPScenario
    from engine.foundation.atomic import write_analysis_file
    from engine.synthetic.config import SyntheticConfig

    work = _tree(tmp_path)
    monkeypatch.chdir(work)
    cases = [AnalysisConfig(data=DataSource("d/x.csv")),
             SyntheticConfig(real=DataSource("d/x.csv"), synthetic=DataSource("o/syn.csv"), control=None),
             DPConfig(data=DataSource("d/x.csv"), scenarios=(DPScenario("illness", "gender", ("F",)),),
                      epsilons=(1.0,))]
    for config in cases:
        target = write_analysis_file(config, Path("o/saved.toml"))
        loaded = type(config).from_toml(target)
        sources = [loaded.real, loaded.synthetic] if isinstance(loaded, SyntheticConfig) else [loaded.data]
        assert Path(sources[0].path) == work / "d" / "x.csv"
        if isinstance(loaded, SyntheticConfig):
            assert 'path = "syn.csv"' in target.read_text(encoding="utf-8")
            assert Path(os.path.abspath(sources[1].path)) == work / "o" / "syn.csv"


def test_window_save_from_another_working_folder(qtbot, tmp_path, monkeypatch):
    """The window's "Save analysis" with a data path relative to the working folder and outside
    the analysis file's folder: written absolute, so the file opens from anywhere."""
    from PySide6.QtCore import QSettings

    from gui.main_window import MainWindow

    work = _tree(tmp_path)
    monkeypatch.chdir(work)
    window = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.session.source = DataSource("d/x.csv")
    assert window.flow.save_analysis("o/saved.toml")
    monkeypatch.chdir(tmp_path / "elsewhere")
    loaded = AnalysisConfig.from_toml(work / "o" / "saved.toml")
    assert Path(loaded.data.path) == work / "d" / "x.csv" and Path(loaded.data.path).is_file()
    window.close()


# --- what --out holds after a run ---------------------------------------------------------

def test_out_holds_exactly_the_last_runs_outputs(tmp_path, capsys):
    out = tmp_path / "out"
    example = str(EXAMPLES / "example12.csv")
    code, _, err = _run(["assess", example, *ASSESS, "--models", "--per-record", "--target", "age=25",
                         "--out", str(out)], capsys)
    assert code == 0, err
    rich = {p.name for p in out.iterdir()}
    assert {"per_record_risk.csv", "privacy_models.csv", "targets.csv"} <= rich
    assert rich - {MANIFEST} <= ASSESS_OUTPUTS  # every file written has a registered name
    (out / "notes.txt").write_text("mine\n", encoding="utf-8")
    (out / "report.pdf").write_bytes(b"%PDF- not ours")
    code, _, err = _run(["assess", example, *ASSESS, "--out", str(out)], capsys)
    assert code == 0, err
    assert {p.name for p in out.iterdir()} == {"results.json", "analysis.toml", "reidentification.csv",
                                               "inference.csv", "top_subsets.csv", "histograms.csv",
                                               "notes.txt", "report.pdf", MANIFEST}
    assert (out / "notes.txt").read_text(encoding="utf-8") == "mine\n"
    # a synthetic or DP run into the same folder removes the assessment's tables, not the user's files
    code, _, err = _run(["dp-threshold", "--voters", "20", "--threshold", "3", "--known", "2", "--p", "0.5",
                         "--epsilon", "1", "--out", str(out), "--quiet"], capsys)
    assert code == 0, err
    assert {p.name for p in out.iterdir()} == {"results.json", "analysis.toml", "dp_counting.csv",
                                               "dp_threshold.csv", "notes.txt", "report.pdf", MANIFEST}


def test_out_removes_only_what_riskreview_wrote(tmp_path, capsys):
    """Removed: files the manifest lists (an earlier run wrote them, whatever their name) and the
    command's own output names. Kept: every other file, and any manifest entry with a folder part."""
    out = tmp_path / "out"
    (out / "sub").mkdir(parents=True)
    for name in ("data.csv", "inference.csv", "outside.csv", "scenarios.csv", "report.pdf",
                 "synthetic_at_risk.csv", "sub/x.csv"):
        (out / name).write_text("a file\n", encoding="utf-8")
    (tmp_path / "outside.csv").write_text("user\n", encoding="utf-8")
    (out / MANIFEST).write_text("scenarios.csv\nreport.pdf\n../outside.csv\nsub/x.csv\n/etc/hostname\n\n",
                                encoding="utf-8")
    code, _, err = _run(["synth", str(EXAMPLES / "synthetic_real.csv"), "--synthetic",
                         str(EXAMPLES / "synthetic_release.csv"), "--qid", "sex", "race", "--sensitive", "school",
                         "--attacks", "cap", "--targets", "10", "--out", str(out), "--quiet"], capsys)
    assert code == 0, err
    written = {"results.json", "analysis.toml", "synthetic_attacks.csv", "synthetic_roc.csv"}
    assert {p.name for p in out.iterdir()} == written | {"data.csv", "inference.csv", "outside.csv", "sub",
                                                         MANIFEST}
    assert (out / "sub" / "x.csv").exists() and (tmp_path / "outside.csv").exists()
    assert set((out / MANIFEST).read_text(encoding="utf-8").split()) == written


def test_a_report_in_out_goes_with_its_run(tmp_path, capsys):
    """A PDF written into --out is part of that run's set: a later run without --pdf removes it
    (no old report beside new tables)."""
    out = tmp_path / "out"
    argv = ["dp-threshold", "--voters", "20", "--threshold", "3", "--known", "2", "--p", "0.5", "--epsilon", "1",
            "--out", str(out), "--quiet"]
    assert _run(argv + ["--pdf", str(out / "report.pdf")], capsys)[0] == 0
    assert (out / "report.pdf").exists()
    assert _run(argv, capsys)[0] == 0
    assert {p.name for p in out.iterdir()} == {"results.json", "analysis.toml", "dp_counting.csv",
                                               "dp_threshold.csv", MANIFEST}


# --- every output location is checked before any work -------------------------------------

@pytest.mark.parametrize("option, value, words", [
    ("--pdf", "missing/report.pdf", "--pdf {t}/missing/report.pdf: the output folder does not exist"),
    ("--csv", "missing/tables", "--csv {t}/missing/tables: cannot create the output folder ({t}/missing does not exist)"),
    ("--out", "missing/out", "--out {t}/missing/out: cannot create the output folder ({t}/missing does not exist)"),
    ("--save-config", "missing/a.toml", "--save-config {t}/missing/a.toml: the output folder does not exist"),
    ("--pdf", "", "--pdf {t}: is a folder; give a file name"),
])
def test_output_locations_are_checked_before_any_work(tmp_path, monkeypatch, capsys, option, value, words):
    import engine.commands.cli as cli

    def no_work(*args, **kwargs):
        raise AssertionError("the run started before the outputs were checked")

    monkeypatch.setattr(cli, "run_assessment", no_work)
    out = tmp_path / "out"
    argv = ["assess", str(EXAMPLES / "example12.csv"), *ASSESS, option, f"{tmp_path}/{value}"]
    if option != "--out":
        argv += ["--out", str(out)]
    code, _, err = _run(argv, capsys)
    assert code == 2
    assert err.splitlines()[0].startswith("error: " + words.format(t=tmp_path)), err
    assert len(err.splitlines()) == 1 and not out.exists()


@pytest.mark.parametrize("argv", [
    ["synth", str(EXAMPLES / "synthetic_real.csv"), "--synthetic", str(EXAMPLES / "synthetic_release.csv"),
     "--qid", "sex", "--sensitive", "school", "--attacks", "cap"],
    ["dp", str(EXAMPLES / "example12.csv"), "--sensitive", "illness", "--useful", "gender", "--predicate", "F"],
    ["dp-threshold", "--example"],
])
def test_every_subcommand_checks_its_outputs_first(tmp_path, capsys, argv):
    out = tmp_path / "out"
    code, _, err = _run(argv + ["--out", str(out), "--pdf", str(tmp_path / "no" / "r.pdf"), "--quiet"], capsys)
    assert code == 2 and err.startswith(f"error: --pdf {tmp_path}/no/r.pdf: the output folder does not exist")
    assert not out.exists(), "nothing is written or created when an output location is bad"
    code, _, err = _run(argv + ["--save-config", str(tmp_path / "no" / "a.toml")], capsys)
    assert code == 2 and "--save-config" in err and len(err.splitlines()) == 1


def test_a_stale_file_that_cannot_be_removed_stays_listed(tmp_path, monkeypatch, capsys):
    """When removing an earlier run's file fails, the manifest keeps listing it so the next
    run removes it (and the run itself still succeeds)."""
    out = tmp_path / "out"
    example = str(EXAMPLES / "example12.csv")
    assert _run(["assess", example, *ASSESS, "--target", "age=25", "--out", str(out)], capsys)[0] == 0
    real_unlink = Path.unlink

    def unlink(self, *args, **kwargs):
        if self.name == "targets.csv":
            raise PermissionError(13, "Permission denied")
        return real_unlink(self, *args, **kwargs)

    monkeypatch.setattr(Path, "unlink", unlink)
    assert _run(["assess", example, *ASSESS, "--out", str(out)], capsys)[0] == 0
    assert (out / "targets.csv").exists() and "targets.csv" in (out / MANIFEST).read_text(encoding="utf-8")
    monkeypatch.undo()
    assert _run(["dp-threshold", "--example", "--epsilon", "1", "--out", str(out), "--quiet"], capsys)[0] == 0
    assert not (out / "targets.csv").exists() and not (out / "reidentification.csv").exists()
