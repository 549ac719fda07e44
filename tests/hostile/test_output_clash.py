"""No output is an input: every output of a run is compared, before any work, with every file
the run reads (by path, symbolic link and hard link) and with the other outputs' files; a clash
is one ``error:`` line naming both, exit 2, and nothing is written or changed."""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

import pytest

from engine.commands.cli import main
from engine.foundation.errors import InputError
from engine.report.output_guard import Input, Output, check_export, check_outputs, DATA

from ..conftest import EXAMPLES
from ..gui.conftest import settings, window  # noqa: F401 (fixtures of the window)

ASSESS = ["--qid", "age", "gender", "occupation", "--sensitive", "illness", "--quiet"]
SCENARIO = '[[scenario]]\nname = "a"\nsteps = [{ op = "drop", column = "age" }]\n'


@pytest.fixture
def work(tmp_path, monkeypatch) -> Path:
    """tmp/x.csv (example12), tmp/later.csv (its second release), tmp/s.toml (one scenario)."""
    shutil.copy(EXAMPLES / "example12.csv", tmp_path / "x.csv")
    shutil.copy(EXAMPLES / "example20_release2.csv", tmp_path / "later.csv")
    (tmp_path / "s.toml").write_text(SCENARIO, encoding="utf-8")
    (tmp_path / "h.csv").write_text("20;young\n30;old\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _digests(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "dir"
            for p in sorted(folder.rglob("*"))}


def _refused(capsys, argv: list[str], folder: Path, *named: str) -> str:
    """Run ``argv``: exit 2, one error line naming ``named``, the folder unchanged."""
    before = _digests(folder)
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2, err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    for name in named:
        assert name in lines[0], (name, lines[0])
    assert _digests(folder) == before
    return lines[0]


@pytest.mark.parametrize("option", [["--pdf"], ["--save-config"], ["--out", "o", "--pdf"], ["--csv", "t", "--pdf"]])
def test_an_output_onto_the_data_file_is_refused(work, capsys, option):
    line = _refused(capsys, ["assess", "x.csv", *ASSESS, *option, "x.csv"], work, "x.csv", "the data file x.csv")
    assert "would overwrite" in line
    assert not (work / "o").exists() and not (work / "t").exists()


def test_a_pdf_onto_a_name_the_out_folder_writes_is_refused(work, capsys):
    line = _refused(capsys, ["assess", "x.csv", *ASSESS, "--out", "o", "--pdf", "o/results.json"], work,
                    "--out o", "--pdf o/results.json")
    assert line == "error: --out o and --pdf o/results.json would both write o/results.json"
    assert not (work / "o").exists()


def test_out_and_csv_into_one_folder_are_refused(work, capsys):
    _refused(capsys, ["assess", "x.csv", *ASSESS, "--out", "o", "--csv", "o"], work, "--out o", "--csv o")


@pytest.mark.parametrize("link", ["symlink", "hardlink"])
def test_links_to_the_data_file_are_the_data_file(work, capsys, link):
    (os.symlink if link == "symlink" else os.link)("x.csv", "report.pdf")
    _refused(capsys, ["assess", "x.csv", *ASSESS, "--pdf", "report.pdf"], work, "--pdf report.pdf",
             "the data file x.csv")


def test_a_linked_folder_is_seen_through(work, capsys):
    (work / "real").mkdir()
    shutil.move("x.csv", "real/x.csv")
    os.symlink("real", "alias")
    _refused(capsys, ["assess", "real/x.csv", *ASSESS, "--pdf", "alias/x.csv"], work, "--pdf alias/x.csv")


def test_the_analysis_file_in_the_out_folder_is_an_input(work, capsys):
    (work / "o").mkdir()
    assert main(["assess", "x.csv", *ASSESS, "--save-config", "o/analysis.toml"]) == 0
    capsys.readouterr()
    _refused(capsys, ["assess", "--config", "o/analysis.toml", "--out", "o"], work,
             "--out o (o/analysis.toml)", "the analysis file o/analysis.toml")
    _refused(capsys, ["assess", "--config", "o/analysis.toml", "--save-config", "o/analysis.toml"], work,
             "the analysis file o/analysis.toml")


def test_a_data_file_an_earlier_run_wrote_into_out_is_not_removed(work, capsys):
    """The out folder's manifest lists files its next run removes when not written again."""
    assert main(["assess", "x.csv", *ASSESS, "--scenario", "s.toml", "--export-scenario", "a=o/a.csv",
                 "--out", "o"]) == 0
    capsys.readouterr()
    _refused(capsys, ["assess", "o/a.csv", "--qid", "gender", "occupation", "--quiet", "--out", "o"], work,
             "--out o (o/a.csv)", "the data file o/a.csv")


def test_scenario_exports_onto_inputs_are_refused(work, capsys):
    base = ["assess", "x.csv", *ASSESS, "--scenario", "s.toml", "--out", "o"]
    _refused(capsys, [*base, "--export-scenario", "a=x.csv"], work, "--export-scenario x.csv", "the data file x.csv")
    _refused(capsys, [*base, "--export-scenario", "a=o/histograms.csv"], work, "--export-scenario o/histograms.csv",
             "--out o")


def test_a_pram_export_onto_its_data_through_the_matrix_file_is_refused(work, capsys):
    """A PRAM scenario exported to r.csv also writes r.pram.csv (the transition matrices): here
    that is the data file; the same export of a scenario without PRAM is not refused for it."""
    shutil.copy("x.csv", "r.pram.csv")
    (work / "p.toml").write_text('[[scenario]]\nname = "p"\nsteps = [{ op = "pram", columns = ["gender"], '
                                 'pd = 0.8, alpha = 0.5, seed = 1 }]\n' + SCENARIO, encoding="utf-8")
    base = ["assess", "r.pram.csv", *ASSESS, "--scenario", "p.toml", "--out", "o"]
    _refused(capsys, [*base, "--export-scenario", "p=r.csv"], work,
             "--export-scenario r.csv (r.pram.csv)", "the data file r.pram.csv")
    assert main([*base, "--export-scenario", "a=r.csv"]) == 0, capsys.readouterr().err
    assert (work / "r.csv").is_file()


def test_linked_exports_onto_a_release_are_refused(work, capsys):
    """The export a=e.csv with release label 2 also writes e_2.csv: here that is the release."""
    shutil.copy("later.csv", "e_2.csv")
    _refused(capsys, ["assess", "x.csv", *ASSESS, "--release", "e_2.csv", "--link-key", "id", "--scenario", "s.toml",
                      "--export-scenario", "a=e.csv", "--out", "o"], work,
             "--export-scenario e.csv (e_2.csv)", "the release file e_2.csv")


def test_every_command_checks(work, capsys):
    shutil.copy("x.csv", "syn.csv")
    _refused(capsys, ["synth", "x.csv", "--synthetic", "syn.csv", "--qid", "age", "--attacks", "closest-mia",
                      "--control", "x.csv", "--out", "o", "--pdf", "syn.csv"], work, "the synthetic file syn.csv")
    _refused(capsys, ["dp", "x.csv", "--sensitive", "illness", "--useful", "gender", "--predicate", "F",
                      "--out", "o", "--pdf", "x.csv"], work, "--pdf x.csv", "the data file x.csv")
    assert main(["dp-threshold", "--example", "--save-config", "t.toml"]) == 0
    capsys.readouterr()
    _refused(capsys, ["dp-threshold", "--config", "t.toml", "--save-config", "t.toml"], work,
             "the analysis file t.toml")
    _refused(capsys, ["suggest", "x.csv", "--qid", "age", "--k", "1", "--out", "o", "--write-data", "x.csv"], work,
             "--write-data x.csv", "the data file x.csv")
    _refused(capsys, ["suggest", "x.csv", "--qid", "age", "--k", "1", "--hierarchy", "age=h.csv", "--out", "o",
                      "--write-data", "h.csv"], work, "the hierarchy file h.csv")
    _refused(capsys, ["assess", "x.csv", *ASSESS, "--scenario", "s.toml", "--out", "o", "--pdf", "s.toml"], work,
             "the scenario file s.toml")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_an_output_onto_a_fifo_or_a_folder_is_refused_before_any_work(work, capsys):
    os.mkfifo("pipe.pdf")
    _refused(capsys, ["assess", "x.csv", *ASSESS, "--pdf", "pipe.pdf"], work, "--pdf pipe.pdf", "FIFO")
    (work / "o" / "results.json").mkdir(parents=True)
    _refused(capsys, ["assess", "x.csv", *ASSESS, "--out", "o"], work, "o/results.json", "is a folder")
    (work / "q" / "suggestion.json").mkdir(parents=True)
    _refused(capsys, ["suggest", "x.csv", "--qid", "age", "--k", "1", "--out", "q"], work, "q/suggestion.json")


def test_the_check_itself(tmp_path):
    data = tmp_path / "d.csv"
    data.write_text("a\n1\n")
    os.link(data, tmp_path / "hard.csv")
    inputs = [Input(DATA, data)]
    check_outputs([Output("--pdf", tmp_path / "r.pdf"), Output("--out", tmp_path / "o", frozenset({"r.json"}))],
                  inputs)
    for output in (Output("--pdf", tmp_path / "hard.csv"), Output("--pdf", tmp_path / "x" / ".." / "d.csv"),
                   Output("--out", tmp_path, frozenset({"d.csv"}))):
        with pytest.raises(InputError, match="would overwrite the data file"):
            check_outputs([output], inputs)
    with pytest.raises(InputError, match="would both write"):
        check_outputs([Output("--out", tmp_path / "o", frozenset({"r.json"})), Output("--pdf", tmp_path / "o" / "r.json")],
                      [])


def test_the_window_exports_use_the_same_check(tmp_path):
    from engine.analysis.config import AnalysisConfig, DataSource, Linkage, Release

    data, later = tmp_path / "x.csv", tmp_path / "e_2.csv"
    config = AnalysisConfig(data=DataSource(str(data)), linkage=Linkage(key="id", releases=(
        Release(data=DataSource(str(later)), label="2"),)))
    check_export(config, tmp_path / "report.pdf")
    with pytest.raises(InputError, match="the export .*x.csv would overwrite the data file"):
        check_export(config, data)
    with pytest.raises(InputError, match="results.json.* would overwrite the data file"):
        check_export(AnalysisConfig(data=DataSource(str(tmp_path / "results.json"))), tmp_path, folder=True)
    check_export(config, tmp_path / "e.csv")   # a report: no linked files beside it
    with pytest.raises(InputError, match=r"e.csv \(.*e_2.csv\) would overwrite the release file"):
        check_export(config, tmp_path / "e.csv", scenario=True)   # a scenario's data: e.csv and e_2.csv


def test_the_window_refuses_an_export_onto_its_data(qtbot, window, tmp_path):
    from ..gui.conftest import error_boxes, load_census, set_roles

    data = tmp_path / "x.csv"
    shutil.copy(EXAMPLES / "example12.csv", data)
    before = data.read_bytes()
    load_census(qtbot, window, data)
    set_roles(window, ("age", "gender"), ("illness",))
    window.run()
    qtbot.waitUntil(lambda: window.session.result is not None, timeout=30000)

    def refused(action) -> str:
        assert not action()
        qtbot.waitUntil(lambda: bool(error_boxes()), timeout=10000)
        (box,) = error_boxes()
        text = box.informativeText()
        box.close()
        qtbot.waitUntil(lambda: not error_boxes(), timeout=5000)
        return text

    text = refused(lambda: window.flow.export_pdf(str(data)))
    assert text == f"the export {data} would overwrite the data file {data}: an output never replaces an input of the run"
    os.link(data, tmp_path / "results.json")
    assert "would overwrite the data file" in refused(lambda: window.flow.export_tables(str(tmp_path)))
    assert "would overwrite the data file" in refused(lambda: window.flow.save_analysis(str(data)))
    assert data.read_bytes() == before and window.session.result is not None
