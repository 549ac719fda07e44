"""Hostile numbers: one rule for numeric equality, and no two different values ever merged.

A text column is numeric only when every value is the text its number is written back as
(int64, else float64); otherwise it is text, compared as written ("007", "07" and "7" are
three values). Among numbers -0.0, 0.0 and 0 are one value; a missing value (empty, or NaN
in a numeric column) is a value of its own.
"""

from __future__ import annotations

import csv
import random
from decimal import Decimal
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from engine.commands.cli import main
from engine.analysis.config import DataSource
from engine.io import load_table, profile_file, read_columns
from engine.io.encode import encode_column
from engine.io.numbers import exact_in_float64, text_to_numbers
from engine.synthetic.data import encode_tables

IDS = ["12345678901234567890123", "12345678901234567890124", "12345678901234567890125"]


def _csv(path: Path, header: list[str], rows: list[list[str]]) -> Path:
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)
    return path


def _reid_row(folder: Path) -> dict[str, str]:
    with open(folder / "reidentification.csv", newline="", encoding="utf-8") as handle:
        return next(csv.DictReader(handle))


# --- integers wider than 64 bits --------------------------------------------------------------
def test_three_distinct_23_digit_ids_are_three_blocks(tmp_path, capsys):
    path = _csv(tmp_path / "ids.csv", ["id", "age"], [[i, "30"] for i in IDS])
    assert main(["assess", str(path), "--qid", "id", "--csv", str(tmp_path / "out"), "--quiet"]) == 0
    row = _reid_row(tmp_path / "out")
    assert (row["blocks"], row["singletons"]) == ("3", "3")
    column = load_table(DataSource(str(path)), ["id"])["id"]
    assert column.kind == "text" and column.labels.to_pylist() == IDS
    assert column.find_code(IDS[1]) == 1


def test_wide_ids_beside_a_fraction_stay_apart(tmp_path):
    # float64 could hold every value, but would merge the three ids: the column stays text
    path = _csv(tmp_path / "mixed.csv", ["id"], [[IDS[0]], [IDS[1]], ["1.5"], [IDS[2]]])
    column = load_table(DataSource(str(path)), ["id"])["id"]
    assert column.cardinality == 4 and column.kind == "text"


def test_one_integer_past_64_bits_keeps_the_column_exact_text(tmp_path):
    # float64 would keep these two apart but print the id as 9.223372036854776e+18
    path = _csv(tmp_path / "one.csv", ["id"], [["9223372036854775809"], ["5"], ["0.5"]])
    column = load_table(DataSource(str(path)), ["id"])["id"]
    assert column.kind == "text" and "9223372036854775809" in column.labels.to_pylist()


def test_64_bit_integers_stay_exact_integers(tmp_path):
    big = 2 ** 53
    path = _csv(tmp_path / "i64.csv", ["id"], [[str(big)], [str(big + 1)], [str(2 ** 63 - 1)]])
    column = load_table(DataSource(str(path)), ["id"])["id"]
    assert column.kind == "integer" and column.labels.to_pylist() == [big, big + 1, 2 ** 63 - 1]
    # a target's value is looked up exactly, not through a float (2**53 + 1 == 2**53 as doubles)
    assert column.find_code(str(big + 1)) == 1
    assert column.find_code(str(big)) == 0
    assert column.find_code(str(big + 2)) is None
    assert column.find_code("9007199254740993.0") == 1


def test_exponent_underflow_is_not_merged_with_zero(tmp_path):
    path = _csv(tmp_path / "tiny.csv", ["x"], [["1e-400"], ["0"], ["2.5"]])
    assert load_table(DataSource(str(path)), ["x"])["x"].cardinality == 3


def test_shortest_round_trip_floats_stay_numeric_and_distinct(tmp_path):
    values = ["0.30000000000000004", "0.3", "0.1", "1e+300"]
    column = load_table(DataSource(str(_csv(tmp_path / "f.csv", ["x"], [[v] for v in values]))), ["x"])["x"]
    assert column.kind == "float" and column.labels.to_pylist() == sorted(float(v) for v in values)
    # "1e300" is written back as "1e+300", "0.10000000000000001" as "0.1": such columns stay text
    for other in ("1e300", "0.10000000000000001"):
        path = _csv(tmp_path / "g.csv", ["x"], [[v] for v in values[:3] + [other]])
        column = load_table(DataSource(str(path)), ["x"])["x"]
        assert column.kind == "text" and column.cardinality == 4


def test_blank_cells_in_a_number_column_are_missing_not_text(tmp_path):
    path = tmp_path / "blank_cell.csv"
    path.write_text('n,m\n1,a\n2,b\n"  ",c\n2, \n', encoding="utf-8")
    column = load_table(DataSource(str(path)), ["n"])["n"]
    assert column.kind == "integer" and column.labels.to_pylist() == [1, 2, None]


def _decimal_strings(rng: random.Random, n: int) -> list[str]:
    out = []
    for _ in range(n):
        kind = rng.randrange(5)
        if kind == 0:
            out.append(str(rng.randrange(-10 ** 25, 10 ** 25)))
        elif kind == 1:
            out.append(str(rng.randrange(-50, 50)))
        elif kind == 2:
            out.append(f"{rng.randrange(-999, 999)}.{rng.randrange(0, 10 ** rng.randrange(1, 22))}")
        elif kind == 3:
            out.append(f"{rng.randrange(1, 99)}e{rng.randrange(-330, 330)}")
        else:
            out.append(rng.choice(["0", "-0", "0.0", "-0.0", "+0", "1", "1.0", "1e0", "10e-1"]))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_codes_agree_with_exact_decimal_equality(seed):
    """Brute force: two strings share a code iff they are the same number (numeric column) or
    the same text (text column); never two different numbers in one code."""
    rng = random.Random(seed)
    strings = _decimal_strings(rng, 60)
    if seed % 2:  # half the cases: only numbers written plainly, as they are written back (the column stays numeric)
        strings = [s for s in strings if abs(Decimal(s)) < 10 ** 15 and len(s) < 15 and "e" not in s
                   and s not in ("-0", "+0", "0.0", "-0.0", "1.0") and not ("." in s and s.endswith("0"))]
    column = encode_column("x", text_to_numbers(pa.chunked_array([pa.array(strings)])))
    numeric = column.kind in ("integer", "float")
    key = (lambda s: Decimal(s)) if numeric else (lambda s: s)
    for i, a in enumerate(strings):
        for j, b in enumerate(strings[:i]):
            assert (column.codes[i] == column.codes[j]) == (key(a) == key(b)), (a, b, column.kind)
    if seed % 2:
        assert numeric


# --- -0.0, 0.0 and 0; NaN and missing -------------------------------------------------------------
def test_negative_zero_zero_and_integer_zero_are_one_block(tmp_path, capsys):
    path = tmp_path / "zero.parquet"
    pq.write_table(pa.table({"x": pa.array([-0.0, 0.0, 0.0, 1.0, 1.0])}), path)
    assert main(["assess", str(path), "--qid", "x", "--csv", str(tmp_path / "out"), "--quiet"]) == 0
    row = _reid_row(tmp_path / "out")
    assert (row["blocks"], row["singletons"]) == ("2", "0")
    profile = profile_file(DataSource(str(path)))[0]
    assert profile.distinct == 2 and profile.top_values[0] == ("0.0", 3)


def test_zeros_written_differently_in_a_text_file_are_different_values(tmp_path, capsys):
    # "-0.0" and "0.0" are not how 0 is written back: the column is text, three values
    path = _csv(tmp_path / "zero.csv", ["x"], [["-0.0"], ["0.0"], ["0"], ["1"], ["1"]])
    assert main(["assess", str(path), "--qid", "x", "--csv", str(tmp_path / "out"), "--quiet"]) == 0
    row = _reid_row(tmp_path / "out")
    assert (row["blocks"], row["singletons"]) == ("4", "3")
    assert load_table(DataSource(str(path)), ["x"])["x"].kind == "text"


def test_negative_zero_in_parquet_and_the_missing_rules(tmp_path):
    path = tmp_path / "z.parquet"
    pq.write_table(pa.table({"x": pa.array([-0.0, 0.0, float("nan"), None, 2.0, -0.0])}), path)
    column = load_table(DataSource(str(path)), ["x"])["x"]
    # NaN and null are both the missing value, one value of its own, distinct from 0
    assert column.codes.tolist() == [0, 0, 2, 2, 1, 0]
    assert column.missing_code == 2 and column.labels.to_pylist() == [0.0, 2.0, None]
    assert str(column.labels[0].as_py()) == "0.0"  # shown as 0.0, never -0.0
    assert column.find_code("-0") == 0 and column.find_code("") == 2


def test_text_nan_in_a_number_column_is_missing_and_text_zeros_are_text(tmp_path):
    path = _csv(tmp_path / "n.csv", ["x", "t"], [["NaN", "0"], ["", "0.0"], ["3", "a"]])
    table = load_table(DataSource(str(path)), ["x", "t"])
    assert table["x"].codes.tolist() == [1, 1, 0]
    # a text column compares as written: "0" and "0.0" are two values
    assert table["t"].kind == "text" and table["t"].cardinality == 3


# --- other formats ------------------------------------------------------------------------
def test_parquet_decimal_and_uint64_ids_are_looked_up_exactly(tmp_path):
    path = tmp_path / "ids.parquet"
    decimals = [Decimal(i) for i in IDS]
    pq.write_table(pa.table({"d": pa.array(decimals, pa.decimal128(38, 0)),
                             "u": pa.array([2 ** 64 - 1, 2 ** 64 - 2, 5], pa.uint64())}), path)
    table = load_table(DataSource(str(path)), ["d", "u"])
    assert table["d"].cardinality == 3 and table["u"].cardinality == 3
    assert [table["d"].find_code(i) for i in IDS] == [0, 1, 2]
    assert table["u"].find_code(str(2 ** 64 - 1)) == 2 and table["u"].find_code(str(2 ** 64 - 2)) == 1


def test_excel_text_cells_with_wide_ids_stay_exact(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    path = tmp_path / "ids.xlsx"
    book = openpyxl.Workbook()
    book.active.append(["id", "age"])
    for value in IDS:
        book.active.append([value, 30])
    book.save(path)
    column = load_table(DataSource(str(path)), ["id"])["id"]
    assert column.labels.to_pylist() == IDS


def _xlsx_with_number_cells(path: Path, header: list[str], rows: list[list[str]]) -> Path:
    """An .xlsx whose cells hold ``rows`` as written (numbers as <v> digits, "" as no value,
    anything else as text), as some writers store long numbers."""
    import zipfile

    def cell(value: str) -> str:
        if value == "":
            return "<c/>"
        try:
            float(value)
            return f"<c><v>{value}</v></c>"
        except ValueError:
            return f'<c t="inlineStr"><is><t xml:space="preserve">{value}</t></is></c>'

    body = "".join(f"<row>{''.join(cell(v) for v in row)}</row>" for row in [header] + rows)
    header_cells = "".join(f'<c t="inlineStr"><is><t>{h}</t></is></c>' for h in header)
    body = body.replace(f"<row>{''.join(cell(v) for v in header)}</row>", f"<row>{header_cells}</row>", 1)
    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    files = {
        "[Content_Types].xml": '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
        'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships'
        '+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override '
        'PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.'
        'spreadsheetml.worksheet+xml"/></Types>',
        "_rels/.rels": f'<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
        f'relationships"><Relationship Id="rId1" Type="{rel}/officeDocument" Target="xl/workbook.xml"/>'
        f'</Relationships>',
        "xl/workbook.xml": f'<?xml version="1.0"?><workbook xmlns="{main}" xmlns:r="{rel}"><sheets><sheet '
        f'name="data" sheetId="1" r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": f'<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.'
        f'org/package/2006/relationships"><Relationship Id="rId1" Type="{rel}/worksheet" '
        f'Target="worksheets/sheet1.xml"/></Relationships>',
        "xl/worksheets/sheet1.xml": f'<?xml version="1.0"?><worksheet xmlns="{main}"><sheetData>{body}'
        f'</sheetData></worksheet>',
    }
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return path


def test_excel_cells_with_all_23_digits_stay_three_ids(tmp_path):
    pytest.importorskip("openpyxl")
    path = _xlsx_with_number_cells(tmp_path / "digits.xlsx", ["id", "n"],
                                   [[IDS[0], "1"], [IDS[1], " "], [IDS[2], "3"]])
    table = load_table(DataSource(str(path)), ["id", "n"])
    assert table["id"].labels.to_pylist() == IDS
    # numbers beside a blank text cell stay numbers; the blank cell is missing
    assert table["n"].kind == "integer" and table["n"].labels.to_pylist() == [1, 3, None]


def test_excel_number_cells_with_16_or_more_digits_are_warned_about(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    path = tmp_path / "num.xlsx"
    book = openpyxl.Workbook()
    book.active.append(["id", "age"])
    for value in IDS:
        book.active.append([int(value), 30])  # stored as doubles: the file itself holds one value
    book.save(path)
    table = load_table(DataSource(str(path)), ["id", "age"])
    assert table["id"].cardinality == 1
    warned = [w for w in table.warnings if "'id'" in w]
    assert len(warned) == 1 and "num.xlsx" in warned[0] and "text" in warned[0]
    assert not [w for w in table.warnings if "'age'" in w]


def test_synthetic_columns_never_merge_ids_through_float64():
    big = 2 ** 53
    real = pa.table({"id": pa.array([big, big + 1, 3], pa.int64())})
    synthetic = pa.table({"id": pa.array([big + 1, 7], pa.int64())})
    (mat_real, mat_syn), kinds, categories, _ = encode_tables([real, synthetic], ("id",), ["r.csv", "s.csv"])
    assert kinds == ("categorical",)
    assert categories["id"] == tuple(sorted(str(v) for v in (big, big + 1, 3, 7)))
    assert len(set(mat_real[:, 0].tolist())) == 3 and mat_syn[0, 0] == mat_real[1, 0]


def test_synthetic_negative_zero_and_nan_as_text_follow_the_rules():
    real = pa.table({"x": pa.array([-0.0, 0.0, float("nan")])})
    synthetic = pa.table({"x": pa.array(["0", "a", None])})
    (mat_real, mat_syn), kinds, categories, _ = encode_tables([real, synthetic], ("x",), ["r", "s"])
    assert kinds == ("categorical",) and categories["x"] == ("0", "a", "(missing)")
    assert mat_real[:, 0].tolist() == [0.0, 0.0, 2.0] and mat_syn[:, 0].tolist() == [0.0, 1.0, 2.0]


def test_exact_in_float64():
    assert exact_in_float64(pa.chunked_array([pa.array([2 ** 53, -(2 ** 53)])]))
    assert not exact_in_float64(pa.chunked_array([pa.array([2 ** 53 + 1])]))
    assert exact_in_float64(pa.chunked_array([pa.array([0.1, float("nan")])]))
    assert not exact_in_float64(pa.chunked_array([pa.array([Decimal("0.1")], pa.decimal128(5, 2))]))
    assert exact_in_float64(pa.chunked_array([pa.array([Decimal("0.5")], pa.decimal128(5, 2))]))


def test_csv_reader_types_each_column_on_its_own(tmp_path):
    path = _csv(tmp_path / "r.csv", ["a", "b"], [["1", IDS[0]], ["-0.5", "x"]])
    table = read_columns(DataSource(str(path)), ["a", "b"])
    assert table.column("a").type == pa.float64() and table.column("b").to_pylist() == [IDS[0], "x"]


# --- missing markers: missing in a number column, values in a text column ---------------------
def test_na_is_a_value_in_text_and_missing_in_numbers_csv(tmp_path):
    path = tmp_path / "na.csv"
    path.write_text("country,x\nNA,1\nNamibia,2\nN/A,NA\n,4\nnull, \n", encoding="utf-8")
    table = load_table(DataSource(str(path)), ["country", "x"])
    assert table["country"].labels.to_pylist() == ["N/A", "NA", "Namibia", "null", None]
    assert table["x"].kind == "integer" and table["x"].labels.to_pylist() == [1, 2, 4, None]
    assert table["x"].codes.tolist() == [0, 1, 3, 2, 3]
    assert table["country"].find_code("NA") == 1 and table["country"].find_code("") == 4


def test_na_is_a_value_in_text_and_missing_in_numbers_excel(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    path = tmp_path / "na.xlsx"
    book = openpyxl.Workbook()
    for row in (["country", "x"], ["NA", 1], ["Namibia", 2], ["N/A", "NA"], [None, 4], ["null", " "]):
        book.active.append(row)
    book.save(path)
    table = load_table(DataSource(str(path)), ["country", "x"])
    assert table["country"].labels.to_pylist() == ["N/A", "NA", "Namibia", "null", None]
    assert table["x"].kind == "integer" and table["x"].codes.tolist() == [0, 1, 3, 2, 3]


def test_float_wide_integers_starts_at_two_to_the_53_either_sign_and_skips_the_infinite():
    from engine.io.numbers import float_wide_integers

    exact = float(2 ** 53)
    assert float_wide_integers(pa.array([exact - 1, 0.5, None, float("inf"), -float("inf")])) is None
    assert float_wide_integers(pa.array([1.0, None, -exact])) == -exact
    assert float_wide_integers(pa.array([exact, 3.0], pa.float64()).slice(0, 1)) == exact
    assert float_wide_integers(pa.array([exact, 3.0], pa.float64()).slice(1, 1)) is None
    assert float_wide_integers(pa.array([None, None], pa.float64())) is None


def test_half_floats_in_a_feather_file_read_as_numbers_with_the_missing_rules(tmp_path):
    """pyarrow has no arithmetic on half floats: the column is widened (exactly) before NaN
    becomes missing and -0.0 meets 0.0."""
    import numpy as np
    import pyarrow.feather as feather

    path = tmp_path / "half.feather"
    feather.write_feather(pa.table({"h": pa.array(np.array([-0.0, np.nan, 3.5, 0.0, 3.5, 65504.0], np.float16))}),
                          path)
    column = load_table(DataSource(str(path)), ["h"])["h"]
    assert column.labels.to_pylist() == [0.0, 3.5, 65504.0, None]
    assert column.codes.tolist() == [0, 3, 1, 0, 1, 2]
    assert column.missing_code == 3
