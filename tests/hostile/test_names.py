"""Hostile column names (line breaks, tabs, control characters, quotes): every message and the
``profile`` table quote them repr-style, so each message stays one line and the table one row
per column."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from engine.commands.cli import main
from engine.analysis.config import DataSource
from engine.foundation.errors import InputError
from engine.io import load_table

ODD = "we\nird"
NAMES = [ODD, "tab\there", "esc\x1b[31m", "it's", "ok"]


@pytest.fixture
def odd_csv(tmp_path: Path) -> Path:
    path = tmp_path / "odd.csv"
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(NAMES)
        for i in range(6):
            writer.writerow([i % 2, i % 3, "", f"v{i}", "multi\nline" if i == 0 else "x"])
    return path


def _run(capsys, argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _one_error_line(capsys, argv: list[str]) -> str:
    code, out, err = _run(capsys, argv)
    assert code == 2, (out, err)
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    return lines[0]


def test_profile_table_has_one_row_per_column_with_quoted_names(odd_csv, capsys):
    code, out, err = _run(capsys, ["profile", str(odd_csv)])
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 1 + len(NAMES)
    for line, name in zip(lines[1:], NAMES):
        assert line.startswith(repr(name)), (line, name)
    assert "\x1b" not in out and "\t" not in out
    assert "'multi\\nline' (1)" in lines[-1]  # a value with a line break is quoted too


def test_long_names_are_cut_inside_the_quotes_and_keep_the_columns_aligned(tmp_path, capsys):
    path = tmp_path / "long.csv"
    long = "a_column_name_that_is_much_longer_than_thirty_characters"
    path.write_text(f"{long},b\n1,2\n3,4\n", encoding="utf-8")
    code, out, _ = _run(capsys, ["profile", str(path)])
    header, first, second = out.splitlines()
    assert first.index("integer") == second.index("integer") == header.index("type")
    assert first.startswith("'a_column_name") and "..." in first[:32]


def test_missing_column_message_quotes_the_listed_names(odd_csv, capsys):
    line = _one_error_line(capsys, ["assess", str(odd_csv), "--qid", "nope", "--csv", "unused"])
    assert "'nope'" in line and repr(ODD) in line and repr("tab\there") in line


@pytest.mark.parametrize("argv", [
    ["assess", "{data}", "--qid", "ok", "--sensitive", "nope", "--csv", "{out}"],
    ["assess", "{data}", "--qid", ODD, "--csv", "{out}", "--target", "nope=1"],
    ["synth", "{data}", "--synthetic", "{data}", "--qid", "nope", "--sensitive", ODD, "--out", "{out}"],
    ["dp", "{data}", "--sensitive", ODD, "--useful", "nope", "--predicate", "1", "--out", "{out}"],
])
def test_errors_about_odd_names_stay_on_one_line(odd_csv, tmp_path, capsys, argv):
    argv = [a.format(data=odd_csv, out=tmp_path / "out") for a in argv]
    line = _one_error_line(capsys, argv)
    assert "'nope'" in line and repr(ODD) in line


def test_dp_summary_shows_odd_names_on_one_line(odd_csv, tmp_path, capsys):
    code, out, err = _run(capsys, ["dp", str(odd_csv), "--sensitive", ODD, "--useful", "ok",
                                   "--predicate", "multi\nline", "--out", str(tmp_path / "out"), "--quiet"])
    assert code == 0, err
    summary = [line for line in out.splitlines() if line.startswith("count ")]
    assert len(summary) == 2 and all(repr(ODD) in line and repr("multi\nline") in line for line in summary)


def test_assess_summary_and_warnings_quote_names(odd_csv, tmp_path, capsys):
    code, out, err = _run(capsys, ["assess", str(odd_csv), "--qid", ODD, "esc\x1b[31m", "--csv",
                                   str(tmp_path / "out"), "--quiet"])
    assert code == 0, err
    lines = out.splitlines()  # summary, verdict, worst re-identification, files written
    assert len(lines) == 4 and lines[1].startswith("verdict: ") and repr(ODD) in lines[1]
    assert repr(ODD) in out and "\x1b" not in out
    warning = [line for line in err.splitlines() if "missing in every row" in line]
    assert len(warning) == 1 and repr("esc\x1b[31m") in warning[0]


def test_all_missing_warning_from_the_loader_is_one_line(odd_csv):
    table = load_table(DataSource(str(odd_csv)), ["esc\x1b[31m", ODD])
    assert table.warnings and all("\n" not in w and "\x1b" not in w for w in table.warnings)


def test_duplicate_header_names_are_quoted(tmp_path):
    path = tmp_path / "dup.csv"
    path.write_text('"a\nb","a\nb"\n1,2\n', encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_table(DataSource(str(path)), ["a\nb"])
    assert "\n" not in str(info.value) and repr("a\nb") in str(info.value)
