"""Generalisation hierarchies: ARX files, validation, missing values, builders."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from engine.foundation.errors import InputError
from engine.remediation.hierarchy import (breaks_hierarchy, column_values, date_hierarchy, interval_hierarchy,
                                          level_tables, merge_hierarchy, read_hierarchy, top_bottom_hierarchy,
                                          weighted_quantile)
from tests.engine.helpers import table_from_frame


def _file(tmp_path, text: str, name: str = "h.csv"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _levels(hierarchy, column):
    """Each record's value at every level, as text (None missing)."""
    tables = level_tables(hierarchy, column)
    return [[t.labels[t.codes[c]] for c in column.codes] for t in tables]


def test_reads_arx_format_with_quoted_fields(tmp_path):
    path = _file(tmp_path, 'a;North;*\n"b;c";"South, far";*\n\nd;South, far;*\n')
    h = read_hierarchy(path, "region")
    assert h.rows == (("a", "North", "*"), ("b;c", "South, far", "*"), ("d", "South, far", "*"))
    assert h.levels == 3 and h.top == 2


@pytest.mark.parametrize("text, words", [
    ("a;x;*\nb;x\n", ["h.csv", "'col'", "line 2 has 2 fields", "line 1 has 3"]),
    ("a;x;*\na;y;*\n", ["'a' is on lines 1 and 2"]),
    ("a;x;*\nb;x;+\n", ["'x' at level 1 generalises to both '*' and '+' at level 2"]),
    (";x;*\n;y;*\n", ["the missing value (empty first field) is on lines 1 and 2"]),
    ("", ["no lines"]),
    ("a;;*\nb;x;*\n", ["line 1: empty (missing) at level 1 but '*' at level 2"]),
])
def test_inconsistent_files_are_one_clear_error(tmp_path, text, words):
    path = _file(tmp_path, text)
    with pytest.raises(InputError) as error:
        read_hierarchy(path, "col")
    message = str(error.value)
    assert "\n" not in message
    for word in words:
        assert word in message


def test_unreadable_files(tmp_path):
    with pytest.raises(InputError, match="no such hierarchy file.*'age'"):
        read_hierarchy(tmp_path / "absent.csv", "age")
    with pytest.raises(InputError, match="is a folder"):
        read_hierarchy(tmp_path, "age")
    bad = tmp_path / "latin.csv"
    bad.write_bytes("S\xe3o;x\n".encode("latin-1"))
    with pytest.raises(InputError, match="not a UTF-8"):
        read_hierarchy(bad, "city")


def test_values_absent_from_the_hierarchy_are_named(tmp_path):
    table = table_from_frame(pd.DataFrame({"city": ["Lisboa", "Porto", "Faro", "Braga", "Porto"]}))
    h = read_hierarchy(_file(tmp_path, "Lisboa;South;*\nPorto;North;*\n"), "city")
    with pytest.raises(InputError) as error:
        level_tables(h, table["city"])
    assert "h.csv: column 'city': 2 value(s) of the data have no line in the hierarchy: 'Braga', 'Faro'" \
        in str(error.value)


def test_missing_value_with_its_own_line(tmp_path):
    table = table_from_frame(pd.DataFrame({"city": ["Lisboa", None, "Porto", None]}))
    h = read_hierarchy(_file(tmp_path, "Lisboa;South;*\nPorto;North;*\n;Unknown;*\n"), "city")
    assert _levels(h, table["city"]) == [["Lisboa", None, "Porto", None],
                                         ["South", "Unknown", "North", "Unknown"],
                                         ["*", "*", "*", "*"]]


def test_missing_value_without_a_line_stays_missing(tmp_path):
    table = table_from_frame(pd.DataFrame({"city": ["Lisboa", None, "Porto"]}))
    h = read_hierarchy(_file(tmp_path, "Lisboa;South;*\nPorto;North;*\n"), "city")
    assert _levels(h, table["city"])[1:] == [["South", None, "North"], ["*", None, "*"]]
    # an empty field at a level is the missing value at that level
    h = read_hierarchy(_file(tmp_path, "Lisboa;South;\nPorto;North;\n", "e.csv"), "city")
    assert _levels(h, table["city"])[2] == [None, None, None]


def test_numbers_match_by_value_and_text_without_spaces(tmp_path):
    table = table_from_frame(pd.DataFrame({"age": [39.0, 40.0], "job": [" Sales", "Tech "]}))
    h = read_hierarchy(_file(tmp_path, "39;30-39\n40;40-49\n"), "age")
    assert _levels(h, table["age"])[1] == ["30-39", "40-49"]
    h = read_hierarchy(_file(tmp_path, "Sales;A\nTech;B\n", "j.csv"), "job")
    assert _levels(h, table["job"])[1] == ["A", "B"]


def test_interval_builder():
    h = interval_hierarchy("age", ["3", "7", "12", "19"], [5, 10])
    assert h.rows == (("3", "[0, 5)", "[0, 10)", "*"), ("7", "[5, 10)", "[0, 10)", "*"),
                      ("12", "[10, 15)", "[10, 20)", "*"), ("19", "[15, 20)", "[10, 20)", "*"))
    with pytest.raises(InputError, match="generalises to both"):
        interval_hierarchy("age", ["5", "7"], [4, 6])  # [4, 8) splits into [0, 6) and [6, 12)
    with pytest.raises(InputError, match="'x' is not a number"):
        interval_hierarchy("age", ["3", "x"], [5])


def test_breaks_builder():
    h = breaks_hierarchy("age", ["10", "18", "40", "70"], [[18, 65], [18]])
    assert [row[1:] for row in h.rows] == [("< 18", "< 18", "*"), ("[18, 65)", ">= 18", "*"),
                                           ("[18, 65)", ">= 18", "*"), (">= 65", ">= 18", "*")]


def test_top_bottom_coding_at_a_value_and_a_quantile():
    h = top_bottom_hierarchy("income", ["100", "500", "900", "5000"], bottom=100, top=900)
    assert [row[1] for row in h.rows] == ["<= 100", "500", ">= 900", ">= 900"]
    table = table_from_frame(pd.DataFrame({"income": [1, 2, 2, 3, 4, 5, 6, 7, 8, 100]}))
    assert weighted_quantile(table["income"], 0.9) == 8.0  # 9 of 10 records <= 8
    assert weighted_quantile(table["income"], 0.1) == 1.0
    with pytest.raises(InputError, match="must be below"):
        top_bottom_hierarchy("income", ["1"], bottom=5, top=5)


def test_date_builder():
    h = date_hierarchy("dob", ["2001-02-03", "2001-11-30", "1990-06-15"], ["month", "year"])
    assert [row[1:] for row in h.rows] == [("2001-02", "2001", "*"), ("2001-11", "2001", "*"),
                                           ("1990-06", "1990", "*")]
    h = date_hierarchy("dob", ["2000-06-15", "2000-06-16", "1980-01-01"], ["age:10@2020-06-15"])
    # 20 on the reference day; 19 the day before the birthday; 40
    assert [row[1] for row in h.rows] == ["age [20, 30)", "age [10, 20)", "age [40, 50)"]
    with pytest.raises(InputError, match="not a date"):
        date_hierarchy("dob", ["yesterday"], ["year"])


def test_merge_builder():
    h = merge_hierarchy("town", ["A", "B", "C"], {"AB": ["A", "B"]})
    assert h.rows == (("A", "AB", "*"), ("B", "AB", "*"), ("C", "C", "*"))
    with pytest.raises(InputError, match="no value 'Z'"):
        merge_hierarchy("town", ["A"], {"g": ["Z"]})


def test_column_values_skip_missing():
    table = table_from_frame(pd.DataFrame({"x": ["b", None, "a"]}))
    assert column_values(table["x"]) == ["a", "b"]
    assert np.array_equal(level_tables(None, table["x"])[0].codes, np.arange(3))


def test_level_counts_preview_a_recode(tmp_path):
    from engine.remediation.hierarchy import level_counts

    table = table_from_frame(pd.DataFrame({"city": ["Lisboa", "Faro", "Porto", None, "Porto", "Braga"]}))
    h = read_hierarchy(_file(tmp_path, "Lisboa;South;*\nFaro;South;*\nPorto;North;*\nBraga;North;*\n"), "city")
    assert level_counts(h, table["city"], 1) == [("North", 3), ("South", 2), (None, 1)]
    assert level_counts(h, table["city"], 0) == [("Porto", 2), ("Braga", 1), ("Faro", 1), ("Lisboa", 1), (None, 1)]
    assert level_counts(h, table["city"], 2) == [("*", 5), (None, 1)]
