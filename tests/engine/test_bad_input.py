"""Bad input gives one clear InputError naming the file, column or value, through the API and
as exit code 2 with a single ``error: ...`` line from the command line; never a traceback.
Two odd inputs (an all-missing QID, a one-row table) are warnings, not errors."""

from __future__ import annotations

import ctypes
import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from engine.api import run_assessment
from engine.commands.cli import main
from engine.analysis.config import AnalysisConfig, DataSource, Roles, SubsetFamily
from engine.foundation.errors import InputError
from engine.io import list_columns, load_table
from engine.report.tables import write_results

REPO = Path(__file__).resolve().parents[2]
GOOD_CSV = "age,sex,zip,s\n34,F,1000,yes\n51,M,1000,no\n34,F,2000,no\n29,M,2000,yes\n"


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _good(tmp_path: Path, name: str = "people.csv") -> Path:
    path = tmp_path / name
    path.write_text(GOOD_CSV, encoding="utf-8")
    return path


def _config(path: Path, qids=("age",), sensitive=("s",), **options) -> AnalysisConfig:
    return AnalysisConfig(data=DataSource(str(path), **options),
                          roles=Roles(quasi_identifiers=tuple(qids), sensitive=tuple(sensitive)))


def _api_error(config: AnalysisConfig) -> str:
    with pytest.raises(InputError) as info:
        run_assessment(config)
    return str(info.value)


def _cli(capsys, argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _cli_error(capsys, argv: list[str]) -> str:
    """Run the CLI expecting bad input: exit 2 and one ``error:`` line; return that line."""
    code, out, err = _cli(capsys, argv)
    assert code == 2, (out, err)
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1 and err.endswith("\n"), err
    assert lines[0].startswith("error: "), err
    return lines[0]


def _assess(path: Path, out: Path, qids=("age",), sensitive=("s",), *extra: str) -> list[str]:
    return ["assess", str(path), "--qid", *qids, "--sensitive", *sensitive, "--out", str(out), *extra]


# --- files that cannot be read ------------------------------------------------------------
def test_missing_file(tmp_path, capsys):
    path = tmp_path / "nope.csv"
    message = _api_error(_config(path))
    assert "nope.csv" in message and "no such file" in message
    line = _cli_error(capsys, _assess(path, tmp_path / "out"))
    assert "nope.csv" in line and "no such file" in line
    assert not (tmp_path / "out").exists()


def test_empty_file(tmp_path, capsys):
    path = tmp_path / "empty.csv"
    path.write_bytes(b"")
    message = _api_error(_config(path))
    assert "empty.csv" in message and "empty" in message.split(":", 1)[1]
    line = _cli_error(capsys, _assess(path, tmp_path / "out"))
    assert "empty.csv: the file is empty" in line
    assert path.read_bytes() == b""


def test_header_only_csv(tmp_path, capsys):
    path = tmp_path / "header.csv"
    path.write_text("age,sex,zip,s\n", encoding="utf-8")
    before = _sha256(path)
    message = _api_error(_config(path))
    assert "header.csv" in message and "no data rows" in message
    line = _cli_error(capsys, _assess(path, tmp_path / "out"))
    assert "header.csv" in line and "no data rows" in line
    assert _sha256(path) == before


def test_header_only_csv_without_final_line_break(tmp_path, capsys):
    path = tmp_path / "header_no_newline.csv"
    path.write_text("age,sex,zip,s", encoding="utf-8")
    assert list_columns(DataSource(str(path))) == ["age", "sex", "zip", "s"]
    message = _api_error(_config(path))
    assert "header_no_newline.csv" in message and "no data rows" in message
    line = _cli_error(capsys, _assess(path, tmp_path / "out"))
    assert "header_no_newline.csv" in line and "no data rows" in line


def test_binary_file_named_csv(tmp_path, capsys):
    path = tmp_path / "image.csv"
    path.write_bytes(bytes(range(256)) * 8 + b"\x00\x00age,s\n")
    before = _sha256(path)
    message = _api_error(_config(path))
    assert "image.csv" in message and "binary" in message
    line = _cli_error(capsys, _assess(path, tmp_path / "out"))
    assert "image.csv" in line and "NUL bytes" in line
    assert _sha256(path) == before


def test_csv_file_named_parquet(tmp_path, capsys):
    path = tmp_path / "survey.parquet"
    path.write_text(GOOD_CSV, encoding="utf-8")
    message = _api_error(_config(path))
    assert "survey.parquet" in message and "not a Parquet file" in message
    line = _cli_error(capsys, _assess(path, tmp_path / "out"))
    assert "survey.parquet" in line and "extension" in line


def test_parquet_file_named_xlsx(tmp_path, capsys):
    path = tmp_path / "survey.xlsx"
    pd.DataFrame({"age": [34, 51], "s": ["yes", "no"]}).to_parquet(path)
    before = _sha256(path)
    message = _api_error(_config(path))
    assert "survey.xlsx" in message and "Excel" in message
    line = _cli_error(capsys, _assess(path, tmp_path / "out"))
    assert "survey.xlsx" in line and "Excel" in line
    assert _sha256(path) == before


@pytest.mark.parametrize("version", [5, 8])
def test_truncated_sas_transport_file(tmp_path, capsys, version):
    """The reader stops at the cut without a fault, with fewer records: a file that is not
    whole 80-byte records is refused."""
    import pyreadstat

    whole = tmp_path / "whole.xpt"
    frame = pd.DataFrame({"age": [20.0 + i % 50 for i in range(200)], "s": ["yes", "no"] * 100})
    pyreadstat.write_xport(frame, str(whole), file_format_version=version)
    data = whole.read_bytes()
    assert len(data) % 80 == 0
    assert load_table(DataSource(str(whole)), ["age", "s"]).n_rows == 200
    path = tmp_path / "cut.xpt"
    path.write_bytes(data[:-1000])
    expected = (f"error: cut.xpt: the file is truncated or damaged: a SAS transport file is made of 80-byte "
                f"records, but this one has {len(data) - 1000:,} bytes")
    assert "cut.xpt: the file is truncated or damaged" in _api_error(_config(path))
    assert _cli_error(capsys, _assess(path, tmp_path / "out")) == expected
    assert _cli_error(capsys, ["profile", str(path)]) == expected
    assert not (tmp_path / "out").exists()


# --- columns and roles --------------------------------------------------------------------
def test_unknown_column_suggests_the_close_name(tmp_path, capsys):
    path = _good(tmp_path)
    message = _api_error(_config(path, qids=("agee", "sex")))
    assert "people.csv" in message and "'agee'" in message and "did you mean 'age'?" in message
    line = _cli_error(capsys, _assess(path, tmp_path / "out", ("agee", "sex")))
    assert "people.csv" in line and "no column 'agee'" in line and "did you mean 'age'?" in line
    # a sensitive column is checked the same way
    line = _cli_error(capsys, _assess(path, tmp_path / "out", ("age",), ("ss",)))
    assert "no column 'ss'" in line and "did you mean 's'?" in line
    assert not (tmp_path / "out").exists()


def test_column_named_twice_in_qid(tmp_path, capsys):
    path = _good(tmp_path)
    message = _api_error(_config(path, qids=("age", "sex", "age")))
    assert "'age'" in message and "twice" in message
    line = _cli_error(capsys, _assess(path, tmp_path / "out", ("age", "sex", "age")))
    assert "'age'" in line and "twice" in line and "quasi-identifier" in line


def test_qid_that_is_also_the_sensitive_attribute(tmp_path, capsys):
    path = _good(tmp_path)
    message = _api_error(_config(path, qids=("age", "s"), sensitive=("s",)))
    assert "'s'" in message and "quasi-identifier" in message and "sensitive" in message
    line = _cli_error(capsys, _assess(path, tmp_path / "out", ("age", "s"), ("s",)))
    assert "column 's' cannot be both" in line


def test_duplicate_column_names_in_csv_header(tmp_path, capsys):
    path = tmp_path / "dup.csv"
    path.write_text("age,sex,age,s\n34,F,35,yes\n51,M,52,no\n", encoding="utf-8")
    before = _sha256(path)
    message = _api_error(_config(path, qids=("sex",)))
    assert "dup.csv" in message and "'age'" in message and "twice" in message
    line = _cli_error(capsys, _assess(path, tmp_path / "out", ("sex",)))
    assert "dup.csv" in line and "column 'age' appears twice in the header" in line
    assert _sha256(path) == before


def _sheet(path: Path, header: list, rows: list[list]) -> Path:
    import openpyxl

    book = openpyxl.Workbook()
    book.active.append(header)
    for row in rows:
        book.active.append(row)
    book.save(path)
    return path


def test_duplicate_column_names_in_excel_header(tmp_path, capsys):
    """pandas would rename the second 'age' to 'age.1': refused as in a CSV file."""
    path = _sheet(tmp_path / "dup.xlsx", ["age", "sex", "age", "s"], [[34, "F", 35, "yes"], [51, "M", 52, "no"]])
    assert "dup.xlsx: column 'age' appears twice in the header" in _api_error(_config(path, qids=("sex",)))
    line = _cli_error(capsys, _assess(path, tmp_path / "out", ("sex",)))
    assert line == "error: dup.xlsx: column 'age' appears twice in the header"
    assert _cli_error(capsys, ["profile", str(path)]) == line
    assert not (tmp_path / "out").exists()


def test_blank_header_cell_in_excel_as_in_csv(tmp_path, capsys):
    """A blank header cell is the column named '' in both formats (pandas would call it
    'Unnamed: 1'); two of them are a name written twice."""
    rows = [[34, "F", "yes"], [51, "M", "no"]]
    book = _sheet(tmp_path / "blank.xlsx", ["age", None, "s"], rows)
    text = tmp_path / "blank.csv"
    text.write_text("age,,s\n34,F,yes\n51,M,no\n", encoding="utf-8")
    assert list_columns(DataSource(str(book))) == list_columns(DataSource(str(text))) == ["age", "", "s"]
    for path in (book, text):
        table = load_table(DataSource(str(path)), ["", "s"])
        assert table.n_rows == 2 and table[""].labels.to_pylist() == ["F", "M"]
    twice = _sheet(tmp_path / "twice.xlsx", [None, "age", None], rows)
    line = _cli_error(capsys, ["profile", str(twice)])
    assert line == "error: twice.xlsx: column '' appears twice in the header"


def test_excel_value_right_of_the_header(tmp_path, capsys):
    """A cell right of the header's last name (pandas' 'Unnamed: 3') is refused, as a CSV
    record wider than its header is."""
    rows = [[20 + i, "MF"[i % 2], "yes"] + (["x"] if i == 4 else []) for i in range(10)]
    path = _sheet(tmp_path / "wide.xlsx", ["age", "sex", "s"], rows)
    assert list_columns(DataSource(str(path))) == ["age", "sex", "s"]
    expected = ("error: wide.xlsx: row 6, column D holds a value, but the header names no column there (its last "
                "name is in column C); name the column in the header")
    assert _cli_error(capsys, _assess(path, tmp_path / "out", ("age", "sex"))) == expected
    assert _cli_error(capsys, ["profile", str(path)]) == expected


# --- Excel and text encodings -------------------------------------------------------------
def test_excel_without_the_requested_sheet_lists_the_sheets(tmp_path, capsys):
    path = tmp_path / "book.xlsx"
    frame = pd.DataFrame({"age": [34, 51], "s": ["yes", "no"]})
    with pd.ExcelWriter(path) as writer:
        frame.to_excel(writer, sheet_name="2023", index=False)
        frame.to_excel(writer, sheet_name="2024", index=False)
    message = _api_error(_config(path, sheet="2025"))
    assert "book.xlsx" in message and "'2025'" in message and "2023, 2024" in message
    line = _cli_error(capsys, _assess(path, tmp_path / "out", ("age",), ("s",), "--sheet", "2025"))
    assert "book.xlsx: no sheet '2025' (sheets: 2023, 2024)" in line


def test_undecodable_bytes_for_the_chosen_encoding(tmp_path, capsys):
    path = tmp_path / "names.csv"
    path.write_bytes("name,age,s\nJosé,34,yes\nMüller,51,no\n".encode("latin-1"))
    before = _sha256(path)
    message = _api_error(_config(path, qids=("name",), encoding="utf-8"))
    assert "names.csv" in message and "0xe9" in message and "utf-8" in message and "latin-1" in message
    line = _cli_error(capsys, _assess(path, tmp_path / "out", ("name",), ("s",), "--encoding", "utf-8"))
    assert "names.csv" in line and "not valid utf-8" in line
    assert _sha256(path) == before
    # without the override the encoding is detected and the file reads
    table = load_table(DataSource(str(path)), ["name"])
    assert table.columns["name"].labels.to_pylist() == ["José", "Müller"]


def test_undecodable_bytes_after_the_sniffed_sample_name_the_line_and_column(tmp_path, capsys):
    # the first 256 KiB are plain ASCII; a Latin-1 byte comes much later in column "name"
    path = tmp_path / "big.csv"
    lines = ["id,age,name,s"] + [f"{i},{i % 50},n{i},yes" for i in range(30_000)] + ["30000,3,José,no"]
    path.write_bytes(("\n".join(lines) + "\n").encode("latin-1"))
    assert path.stat().st_size > 256 * 1024
    message = _api_error(_config(path, qids=("name",), encoding="utf-8"))
    assert "big.csv: line 30002: byte 0xe9 in column 'name'" in message and "the encoding given" in message
    assert "not valid utf-8" in message and "latin-1" in message
    line = _cli_error(capsys, _assess(path, tmp_path / "out", ("name",), ("s",), "--encoding", "utf-8"))
    assert "big.csv: line 30002: byte 0xe9 in column 'name' is not valid utf-8" in line
    # detected: the whole file is checked, so the late Latin-1 line is read as Windows-1252
    for encoding in (None, "latin-1"):
        table = load_table(DataSource(str(path), encoding=encoding), ["name"])
        assert table.n_rows == 30_001
        assert table.columns["name"].find_code("José") is not None


def test_ragged_csv_row(tmp_path, capsys):
    path = tmp_path / "ragged.csv"
    path.write_text("age,sex,zip,s\n34,F,1000,yes\n51,M,1000,no,extra\n34,F,2000,no\n", encoding="utf-8")
    before = _sha256(path)
    message = _api_error(_config(path))
    assert "ragged.csv: line 3: expected 4 fields (as in the header), found 5" in message
    assert "'51,M,1000,no,extra'" in message
    line = _cli_error(capsys, _assess(path, tmp_path / "out"))
    assert "ragged.csv: line 3: expected 4 fields" in line
    assert _sha256(path) == before

@pytest.mark.parametrize("at_once", [True, False])
def test_quote_never_closed_in_the_last_column(tmp_path, capsys, monkeypatch, at_once):
    """A quote left open in the last column would take the rest of the file as one value
    without a fault from the reader: refused, naming the line where it opens, whether or not
    the last column is read, and by ``profile`` too."""
    from engine.io import formats

    if not at_once:
        monkeypatch.setattr(formats, "CSV_AT_ONCE_BYTES", 0)
        monkeypatch.setattr(formats, "CSV_BLOCK_BYTES", 256)
    rows = [f"{20 + i % 40},{'MF'[i % 2]},{'yes' if i % 3 else 'no'}" for i in range(1000)]
    rows[9] = rows[9].rsplit(",", 1)[0] + ',"yes'
    path = tmp_path / "open.csv"
    path.write_text("age,sex,smoker\n" + "\n".join(rows) + "\n", encoding="utf-8")
    expected = "error: open.csv: a quote opened on line 11 is never closed, so the rest of the file would read as one value"
    assert "line 11 is never closed" in _api_error(_config(path, qids=("age", "sex"), sensitive=("smoker",)))
    assert "line 11 is never closed" in _api_error(_config(path, qids=("age", "sex"), sensitive=()))
    assert _cli_error(capsys, _assess(path, tmp_path / "out", ("age", "sex"), ("smoker",))) == expected
    assert _cli_error(capsys, ["profile", str(path)]) == expected
    assert not (tmp_path / "out").exists()


def test_quoted_line_breaks_in_the_last_column_are_read(tmp_path):
    path = tmp_path / "notes.csv"
    path.write_text('age,note\n34,"one\ntwo"\n51,"say ""hi""\nthen ""bye"""\n', encoding="utf-8")
    table = load_table(DataSource(str(path)), ["age"])
    assert table.n_rows == 2
    assert load_table(DataSource(str(path)), ["note"])["note"].labels.to_pylist() == [
        "one\ntwo", 'say "hi"\nthen "bye"']



# --- options and analysis files -----------------------------------------------------------
def test_unknown_subsets_value(tmp_path, capsys):
    path = _good(tmp_path)
    with pytest.raises(InputError, match="'pairs'"):
        SubsetFamily.parse("pairs")
    config = AnalysisConfig(data=DataSource(str(path)), roles=Roles(("age", "sex"), ("s",)),
                            subsets=SubsetFamily(kind="pairs"))
    message = _api_error(config)
    assert "'pairs'" in message and "max-size" in message
    line = _cli_error(capsys, _assess(path, tmp_path / "out", ("age", "sex"), ("s",), "--subsets", "pairs"))
    assert "--subsets 'pairs'" in line and "max-size:N" in line
    line = _cli_error(capsys, _assess(path, tmp_path / "out", ("age",), ("s",), "--subsets", "max-size:0"))
    assert "'max-size:0'" in line


def test_malformed_toml_analysis_file(tmp_path, capsys):
    _good(tmp_path)
    config = tmp_path / "analysis.toml"
    config.write_text('version = 1\n[data\npath = "people.csv"\n', encoding="utf-8")
    with pytest.raises(InputError) as info:
        AnalysisConfig.from_toml(config)
    assert "analysis.toml" in str(info.value) and "not a valid TOML" in str(info.value)
    line = _cli_error(capsys, ["assess", "--config", str(config), "--out", str(tmp_path / "out")])
    assert "analysis.toml" in line and "not a valid TOML" in line and "line 2" in line


def test_toml_with_an_unknown_key(tmp_path, capsys):
    _good(tmp_path)
    config = tmp_path / "analysis.toml"
    config.write_text('version = 1\n[data]\npath = "people.csv"\n[roles]\nquasi_identifiers = ["age"]\n'
                      'sensitive = ["s"]\nquasi_identifier = ["sex"]\n', encoding="utf-8")
    with pytest.raises(InputError) as info:
        AnalysisConfig.from_toml(config)
    assert "analysis.toml" in str(info.value) and "roles.quasi_identifier" in str(info.value)
    line = _cli_error(capsys, ["assess", "--config", str(config), "--out", str(tmp_path / "out")])
    assert "analysis.toml: unknown key roles.quasi_identifier " in line
    # the same file without the unknown key runs
    config.write_text('version = 1\n[data]\npath = "people.csv"\n[roles]\nquasi_identifiers = ["age"]\n'
                      'sensitive = ["s"]\n', encoding="utf-8")
    code, out, err = _cli(capsys, ["assess", "--config", str(config), "--out", str(tmp_path / "out")])
    assert code == 0, err
    assert (tmp_path / "out" / "results.json").is_file()


# --- output folders -----------------------------------------------------------------------
def _without_root_powers() -> None:
    """In the child: as root, give up the capabilities that ignore file permissions, so a
    read-only folder is read-only (a normal user has none of them to give up)."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2, 3):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER
        if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP; exec keeps the drop
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) failed")


_API_SNIPPET = """
import sys
from pathlib import Path
from engine.api import run_assessment
from engine.analysis.config import AnalysisConfig, DataSource, Roles
from engine.foundation.errors import InputError
from engine.report.tables import write_results
assessment = run_assessment(AnalysisConfig(data=DataSource(sys.argv[1]), roles=Roles(("age",), ("s",))))
try:
    write_results(assessment, Path(sys.argv[2]))
except InputError as exc:
    print(f"InputError: {exc}")
"""


def test_out_inside_a_read_only_folder(tmp_path):
    path = _good(tmp_path)
    before = _sha256(path)
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        for out, words, checked in ((locked / "out", "cannot create the output folder",
                                     f"cannot create the output folder ({locked} is not writable)"),
                                    (locked, "the output folder is not writable", "the output folder is not writable")):
            result = subprocess.run([sys.executable, "-c", "import sys; from engine.commands.cli import main; "
                                     "sys.exit(main(sys.argv[1:]))", *_assess(path, out)],
                                    cwd=REPO, capture_output=True, text=True, timeout=120,
                                    preexec_fn=_without_root_powers)
            assert result.returncode == 2, (result.stdout, result.stderr)
            assert "Traceback" not in result.stderr
            assert result.stderr.splitlines() == [f"error: --out {out}: {checked}"]  # checked before the run
            api = subprocess.run([sys.executable, "-c", _API_SNIPPET, str(path), str(out)],
                                 cwd=REPO, capture_output=True, text=True, timeout=120,
                                 preexec_fn=_without_root_powers)
            assert api.returncode == 0, api.stderr
            assert api.stdout.strip().startswith(f"InputError: {out}: {words}")
        assert list(locked.iterdir()) == []
    finally:
        locked.chmod(0o755)
    assert _sha256(path) == before


def test_out_under_an_existing_file(tmp_path, capsys):
    path = _good(tmp_path)
    before = _sha256(path)
    blocker = tmp_path / "results.txt"
    blocker.write_text("not a folder\n", encoding="utf-8")
    assessment = run_assessment(_config(path))
    for out, words, checked in ((blocker / "out", "the output folder does not exist",
                                 f"cannot create the output folder ({blocker} is a file, not a folder)"),
                                (blocker, "is a file, not a folder for the output",
                                 "is a file, not a folder for the output")):
        with pytest.raises(InputError) as info:
            write_results(assessment, out)
        assert str(info.value) == f"{out}: {words}"
        line = _cli_error(capsys, _assess(path, out))
        assert line == f"error: --out {out}: {checked}"  # checked before the run
    assert blocker.read_text(encoding="utf-8") == "not a folder\n"
    assert _sha256(path) == before


# --- warnings, not errors -----------------------------------------------------------------
def test_all_missing_qid_is_a_warning(tmp_path, capsys):
    path = tmp_path / "blank_age.csv"
    path.write_text("age,sex,s\n,F,yes\n,M,no\n,F,no\n,M,no\n", encoding="utf-8")
    before = _sha256(path)
    assessment = run_assessment(_config(path, qids=("age", "sex")))
    assert any("'age'" in w and "missing in every row" in w and "blank_age.csv" in w
               for w in assessment.warnings)
    reid = {r.qids: r for r in assessment.reidentification}
    assert (reid[("age",)].blocks, reid[("age",)].singletons) == (1, 0)
    assert reid[("age",)].posterior_prob == pytest.approx(0.25)
    assert (reid[("sex",)].blocks, reid[("age", "sex")].blocks) == (2, 2)
    code, out, err = _cli(capsys, _assess(path, tmp_path / "out", ("age", "sex")))
    assert code == 0, err
    assert "Traceback" not in err
    assert "warning: blank_age.csv: column 'age' is missing in every row" in err
    assert (tmp_path / "out" / "results.json").is_file()
    assert _sha256(path) == before


def test_one_row_table_is_a_warning(tmp_path, capsys):
    path = tmp_path / "single.csv"
    path.write_text("age,sex,s\n34,F,yes\n", encoding="utf-8")
    before = _sha256(path)
    assessment = run_assessment(_config(path, qids=("age", "sex")))
    assert assessment.dataset.rows == 1
    assert any("single.csv" in w and "only one record" in w for w in assessment.warnings)
    assert len(assessment.reidentification) == 3
    for row in assessment.reidentification:
        assert (row.n, row.blocks, row.singletons) == (1, 1, 1)
        assert row.posterior_prob == 1.0 and row.prior_det == 1.0
        assert row.prior_prob == 1.0 and row.posterior_det == 1.0
    code, out, err = _cli(capsys, _assess(path, tmp_path / "out", ("age", "sex")))
    assert code == 0, err
    assert "Traceback" not in err
    assert "warning: single.csv: only one record" in err
    assert "1 records" in out
    assert _sha256(path) == before
