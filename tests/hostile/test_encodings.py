"""Hostile text files: mixed encodings, bytes the encoding cannot read, blank lines, and parse
errors, each reported in one line naming the file and the line number."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from engine.commands.cli import main
from engine.analysis.config import DataSource
from engine.foundation.errors import InputError
from engine.io import list_columns, load_table, read_columns
from engine.io.preview import preview_rows
from engine.io.sniff import SAMPLE_BYTES

UTF8_CITY = "São Paulo".encode("utf-8")
LATIN1_CITY = "São Paulo".encode("latin-1")


def _error_line(capsys, argv: list[str]) -> str:
    code = main(argv)
    captured = capsys.readouterr()
    assert code == 2, captured
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in captured.err, captured.err
    return lines[0]


def _assess(path: Path, tmp_path: Path, *extra: str) -> list[str]:
    return ["assess", str(path), "--qid", "city", "--csv", str(tmp_path / "out"), "--quiet", *extra]


def _filler(n_bytes: int) -> bytes:
    """ASCII rows (``Rio,<i>``) filling at least ``n_bytes``."""
    rows, size, i = [], 0, 0
    while size < n_bytes:
        row = f"Rio,{i}\n".encode()
        rows.append(row)
        size += len(row)
        i += 1
    return b"".join(rows)


# --- mixed encodings ---------------------------------------------------------------------------
def test_mixed_utf8_and_latin1_lines_are_refused_with_line_numbers(tmp_path, capsys):
    path = tmp_path / "mixed.csv"
    data = b"city,age\n" + UTF8_CITY + b",30\n" + LATIN1_CITY + b",31\nRio,32\n"
    path.write_bytes(data)
    line = _error_line(capsys, _assess(path, tmp_path))
    assert "mixed.csv" in line and "line 2" in line and "line 3" in line and "encoding" in line
    with pytest.raises(InputError, match="line 2 .*line 3"):
        list_columns(DataSource(str(path)))
    with pytest.raises(InputError, match="mixed"):
        preview_rows(DataSource(str(path)))
    assert path.read_bytes() == data
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("first, later", [(UTF8_CITY, LATIN1_CITY), (LATIN1_CITY, UTF8_CITY)])
def test_mixed_encodings_past_the_sniffed_sample_are_refused(tmp_path, capsys, first, later):
    path = tmp_path / "late.csv"
    head = b"city,age\n" + first + b",30\n"
    filler = _filler(SAMPLE_BYTES + 1000)
    path.write_bytes(head + filler + later + b",31\n")
    late_line = 3 + filler.count(b"\n")
    line = _error_line(capsys, _assess(path, tmp_path))
    assert "late.csv" in line and "line 2" in line and f"line {late_line}" in line


def test_latin1_first_seen_past_the_sample_is_read_as_latin1(tmp_path):
    path = tmp_path / "late_latin1.csv"
    path.write_bytes(b"city,age\n" + _filler(SAMPLE_BYTES + 10) + LATIN1_CITY + b",31\n" + LATIN1_CITY + b",32\n")
    column = load_table(DataSource(str(path)), ["city"])["city"]
    assert column.labels.to_pylist() == ["Rio", "São Paulo"]
    assert column.codes[-2:].tolist() == [1, 1]


def test_bytes_past_the_sample_count_only_in_the_columns_read(tmp_path):
    """A UTF-8 sample is read as UTF-8 at once: a Latin-1 value far down in a column the
    analysis does not read changes nothing; in a column it reads, the file is mixed."""
    path = tmp_path / "late_note.csv"
    path.write_bytes(b"city,age\n" + UTF8_CITY + b",30\n" + _filler(SAMPLE_BYTES + 10) + b"Rio," + LATIN1_CITY + b"\n")
    column = load_table(DataSource(str(path)), ["city"])["city"]
    assert column.labels.to_pylist() == ["Rio", "São Paulo"] and column.codes[:2].tolist() == [1, 0]
    with pytest.raises(InputError, match="mixed text encodings"):
        load_table(DataSource(str(path)), ["city", "age"])
    assert path.read_bytes().endswith(LATIN1_CITY + b"\n")


def test_utf8_file_keeps_one_value_per_place(tmp_path):
    path = tmp_path / "utf8.csv"
    path.write_bytes(b"city,age\n" + UTF8_CITY + b",30\n" + UTF8_CITY + b",31\nRio,32\n")
    assert load_table(DataSource(str(path)), ["city"])["city"].labels.to_pylist() == ["Rio", "São Paulo"]


def test_an_explicit_encoding_reads_every_line_that_way(tmp_path):
    path = tmp_path / "mixed.csv"
    path.write_bytes(b"city,age\n" + UTF8_CITY + b",30\n" + LATIN1_CITY + b",31\n")
    table = read_columns(DataSource(str(path), encoding="latin-1"), ["city"])
    assert table.column("city").to_pylist() == ["SÃ£o Paulo", "São Paulo"]


@pytest.mark.parametrize("encoding", ["utf-8", "ascii"])
def test_bytes_the_given_encoding_cannot_read_name_their_line(tmp_path, capsys, encoding):
    path = tmp_path / "bad.csv"
    filler = _filler(SAMPLE_BYTES + 100) if encoding == "utf-8" else b"Rio,1\n"
    path.write_bytes(b"city,age\n" + filler + LATIN1_CITY + b",31\n")
    bad_line = 2 + filler.count(b"\n")
    line = _error_line(capsys, _assess(path, tmp_path, "--encoding", encoding))
    assert "bad.csv" in line and f"line {bad_line}" in line and encoding in line


# --- blank lines and parse errors ---------------------------------------------------------------
def test_blank_and_whitespace_only_lines_are_skipped(tmp_path, capsys):
    path = tmp_path / "blank.csv"
    path.write_text("\n  \ncity,age\nRio,30\n\n \t \nLima,31\n   \n", encoding="utf-8")
    assert list_columns(DataSource(str(path))) == ["city", "age"]
    table = read_columns(DataSource(str(path)), ["city", "age"])
    assert table.column("city").to_pylist() == ["Rio", "Lima"] and table.column("age").to_pylist() == [30, 31]
    assert preview_rows(DataSource(str(path))).rows == [["Rio", "30"], ["Lima", "31"]]
    assert main(_assess(path, tmp_path)) == 0


def test_a_trailing_whitespace_line_in_a_one_column_file_is_not_a_record(tmp_path):
    path = tmp_path / "one.csv"
    path.write_text("n\n1\n2\n \t \n2\n   \n", encoding="utf-8")
    column = load_table(DataSource(str(path)), ["n"])["n"]
    assert column.kind == "integer" and column.codes.tolist() == [0, 1, 1]


def test_a_quoted_blank_line_is_skipped_like_a_blank_one(tmp_path):
    path = tmp_path / "quoted.csv"
    path.write_text('city,age\nRio,30\n"  "\nLima,31\n', encoding="utf-8")
    assert read_columns(DataSource(str(path)), ["city"]).column("city").to_pylist() == ["Rio", "Lima"]


def test_a_row_of_the_wrong_width_names_its_line(tmp_path, capsys):
    path = tmp_path / "ragged.csv"
    # line 2-3: one record with a quoted line break; line 4: blank; line 6: three fields
    path.write_text('city,age\n"Rio\nde Janeiro",30\n\nLima,31\nQuito,32,extra\n', encoding="utf-8")
    line = _error_line(capsys, _assess(path, tmp_path))
    assert "ragged.csv" in line and "line 6" in line and "expected 2 fields" in line and "3" in line
    with pytest.raises(InputError, match="line 6"):
        read_columns(DataSource(str(path)), ["city"])


def test_a_short_row_deep_in_a_large_file_names_its_line(tmp_path, capsys):
    path = tmp_path / "short.csv"
    filler = _filler(3 * SAMPLE_BYTES)
    path.write_bytes(b"city,age\n" + filler + b"Lima\n" + b"Rio,1\n")
    bad_line = 2 + filler.count(b"\n")
    line = _error_line(capsys, _assess(path, tmp_path))
    assert f"line {bad_line}" in line and "found 1" in line


def test_an_unclosed_quote_names_its_line(tmp_path, capsys):
    path = tmp_path / "quote.csv"
    path.write_text('city,age\nRio,30\n"Lima,31\nQuito,32\n', encoding="utf-8")
    line = _error_line(capsys, _assess(path, tmp_path))
    assert "quote.csv" in line and "line 3" in line
