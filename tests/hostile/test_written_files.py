"""What a run writes is safe to open: result tables neutralise text a spreadsheet would run as
a formula (OWASP); exported microdata keep every value exactly and the run names the columns
holding such text; a scenario export recorded in an analysis file is checked against the file
and marked "not verified" when it cannot be; PDF metadata hold no bidi control characters."""

from __future__ import annotations

import csv
import hashlib
import shutil
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from pypdf import PdfReader

from engine.foundation.cells import formula_like, spreadsheet_safe
from engine.commands.cli import main
from engine.report.document import metadata_text

from ..conftest import EXAMPLES
from ..gui.conftest import settings, window  # noqa: F401 (fixtures of the window)

ROWS = [("30", '=HYPERLINK("http://x")', "1", "no"), ("31", "F", "-3.5", "yes"), ("30", "@SUM(A1)", "2", "-x"),
        ("32", "M", "2", "+1"), ("30", "\tTAB", "-", "no")]
SCENARIO = '[[scenario]]\nname = "a"\nsteps = [{ op = "drop", column = "age" }]\n'


@pytest.fixture
def hostile_csv(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "f.csv"
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["age", "gender", "occupation", "illness"])
        writer.writerows(ROWS)
    (tmp_path / "s.toml").write_text(SCENARIO, encoding="utf-8")
    return path


def _rows(path: Path) -> list[list[str]]:
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.reader(handle))


def test_the_rule_for_one_cell():
    for text in ("=1+1", "+A1", "-x", "@SUM(A1)", "\tx", "\rx", "-", "=", "+ 1 1"):
        assert formula_like(text) and spreadsheet_safe(text) == "'" + text
    for text in ("-3.5", "+1", "-1e3", "a=b", "", "x-", " =1"):
        assert not formula_like(text) and spreadsheet_safe(text) == text
    for value in (-3.5, -1, 0, None, True):
        assert spreadsheet_safe(value) == value   # numbers stay numbers


def test_result_tables_neutralise_formula_text(hostile_csv, capsys):
    assert main(["assess", "f.csv", "--qid", "gender", "occupation", "--sensitive", "illness", "--quiet",
                 "--target", "gender=@SUM(A1)", "--out", "o"]) == 0
    capsys.readouterr()
    cells = [cell for name in ("targets.csv", "histograms.csv", "inference.csv", "reidentification.csv")
             for row in _rows(Path("o") / name) for cell in row]
    assert not [c for c in cells if formula_like(c)]
    targets = _rows(Path("o") / "targets.csv")
    assert targets[1][0] == "gender=@SUM(A1)"   # a target's label starts with its column name
    assert targets[2][9] == "'-x"               # the inferred value "-x", shown as text


def test_result_tables_keep_negative_numbers(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("n.csv").write_text("a,b\n-3.5,x\n-3.5,y\n2,x\n", encoding="utf-8")
    assert main(["assess", "n.csv", "--qid", "a", "--sensitive", "b", "--quiet", "--target", "a=-3.5",
                 "--out", "o"]) == 0
    capsys.readouterr()
    targets = _rows(Path("o") / "targets.csv")
    assert targets[1][0] == "a=-3.5"


def test_exports_keep_values_and_name_the_columns(hostile_csv, capsys):
    before = hashlib.sha256(hostile_csv.read_bytes()).hexdigest()
    assert main(["assess", "f.csv", "--qid", "age", "gender", "occupation", "--sensitive", "illness", "--quiet",
                 "--scenario", "s.toml", "--export-scenario", "a=o/a.csv", "--out", "o"]) == 0
    err = capsys.readouterr().err
    warnings = [line for line in err.splitlines() if "formula" in line]
    assert len(warnings) == 1 and str(Path("o/a.csv").absolute()) in warnings[0]
    assert "'gender', 'occupation', 'illness'" in warnings[0]
    exported = _rows(Path("o") / "a.csv")
    assert exported[1:] == [[g, o, i] for _, g, o, i in ROWS]   # exactly as in the source
    assert hashlib.sha256(hostile_csv.read_bytes()).hexdigest() == before


def test_write_data_warns_too(hostile_csv, capsys):
    assert main(["suggest", "f.csv", "--qid", "age", "--k", "1", "--out", "o", "--write-data", "o/t.parquet"]) == 0
    err = capsys.readouterr().err
    assert err.splitlines() == [f"warning: o/t.parquet: column(s) 'gender', 'occupation', 'illness' hold text a "
                                "spreadsheet would run as a formula (kept exactly; import the file as text, not by "
                                "opening it)"]
    assert pq.read_table("o/t.parquet").column("gender").to_pylist() == [g for _, g, _, _ in ROWS]


def test_clean_exports_warn_nothing(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(EXAMPLES / "example12.csv", "x.csv")
    Path("s.toml").write_text(SCENARIO, encoding="utf-8")
    assert main(["assess", "x.csv", "--qid", "age", "gender", "--sensitive", "illness", "--quiet", "--scenario",
                 "s.toml", "--export-scenario", "a=o/a.csv", "--out", "o"]) == 0
    assert "formula" not in capsys.readouterr().err


def _pdf_text(path: Path) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(str(path)).pages)


@pytest.mark.slow
def test_a_recorded_export_is_verified_or_marked(hostile_csv, capsys):
    assert main(["assess", "f.csv", "--qid", "age", "gender", "--sensitive", "illness", "--quiet", "--scenario",
                 "s.toml", "--export-scenario", "a=o/a.csv", "--out", "o", "--pdf", "first.pdf"]) == 0
    text = _pdf_text(Path("first.pdf"))
    assert "Its transformed data were written to a.csv" in text and "Not verified" not in text

    def report(name: str) -> str:   # the paths in o/analysis.toml are relative to o
        assert main(["assess", "--config", "o/analysis.toml", "--quiet", "--pdf", name]) == 0
        capsys.readouterr()
        return _pdf_text(Path(name))

    text = report("matches.pdf")
    assert "The file there now matches this record." in text and "Not verified" not in text
    Path("o/a.csv").write_text("changed\n", encoding="utf-8")
    text = report("differs.pdf")
    assert "The analysis file records its transformed data as written to a.csv" in text
    assert "Not verified: the file there now has another SHA-256." in text
    Path("o/a.csv").unlink()
    text = report("missing.pdf")
    assert "Not verified: there is no such file now." in text
    assert "Its transformed data were written" not in text


BIDI = "\u202e\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069\u200e\u200f\u061c"


def test_bidi_controls_never_reach_pdf_metadata(tmp_path, capsys, monkeypatch):
    assert metadata_text(f"a{BIDI}b") == "ab"
    monkeypatch.chdir(tmp_path)
    name = "x\u202efdp.csv"   # shown reversed after the x by a viewer that honours the override
    shutil.copy(EXAMPLES / "example12.csv", name)
    for argv in (["assess", name, "--qid", "age", "gender", "--sensitive", "illness", "--quiet"],
                 ["dp", name, "--sensitive", "illness", "--useful", "gender", "--predicate", "F", "--epsilon", "1"]):
        assert main([*argv, "--author", f"Ann\u202eeve{BIDI}", "--pdf", "r.pdf"]) == 0
        meta = PdfReader("r.pdf").metadata
        assert meta.author == "Anneve"
        assert name.replace("\u202e", "") in meta.title
        assert not set(BIDI) & set(meta.title + meta.author + (meta.subject or "") + str(meta.get("/Keywords", "")))
    capsys.readouterr()


def test_the_window_names_formula_columns_and_refuses_the_data_file(qtbot, window, tmp_path):
    from engine.remediation.transforms import Drop
    from gui.main_window import SCENARIOS

    from ..gui.conftest import error_boxes, load_census, set_roles

    data = tmp_path / "f.csv"
    with open(data, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["age", "gender", "occupation", "illness"], *ROWS * 4])
    before = data.read_bytes()
    load_census(qtbot, window, data)
    set_roles(window, ("age", "gender"), ("illness",))
    window.show_page(SCENARIOS)
    page = window.scenarios_page
    page.add_scenario("drop age", (Drop("age"),))
    assert not page.export("drop age", str(data))
    qtbot.waitUntil(lambda: bool(error_boxes()), timeout=10000)
    (box,) = error_boxes()
    assert box.informativeText() == (f"the export {data} would overwrite the data file {data}: an output never "
                                     "replaces an input of the run")
    box.close()
    assert data.read_bytes() == before
    out = tmp_path / "a.csv"
    assert page.export("drop age", str(out))
    qtbot.waitUntil(lambda: not page.busy and out.exists(), timeout=30000)
    qtbot.waitUntil(lambda: "formula" in page.recommendation.text(), timeout=10000)
    assert f"{out}: column(s) 'gender', 'occupation', 'illness' hold text" in page.recommendation.text()
    assert _rows(out)[1:5] == [[g, o, i] for _, g, o, i in ROWS[:4]]
