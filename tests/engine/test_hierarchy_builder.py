"""Whole hierarchies built from a column's values: equal to hand-written ARX files, read back by
the ARX reader, covering every value, each level a coarsening of the one below."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings, strategies as st

from engine.foundation.errors import InputError
from engine.remediation.hierarchy import column_values, level_tables, read_hierarchy
from engine.remediation.hierarchy_builder import (DATE_STEPS, build, interval_label, nice_width, preview, spec,
                                                  template, template_files, write_hierarchy)
from tests.engine.helpers import table_from_frame


def _arx(text: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(line.split(";")) for line in text.strip().splitlines())


def test_ages_in_intervals_of_growing_widths_equal_the_arx_file():
    h = build("age", ["23", "20", "27", "41", "65", "23"], spec("intervals", width=5.0))
    assert h.rows == _arx("""
20;[20, 25[;[20, 30[;[20, 40[;[20, 60[;*
23;[20, 25[;[20, 30[;[20, 40[;[20, 60[;*
27;[25, 30[;[20, 30[;[20, 40[;[20, 60[;*
41;[40, 45[;[40, 50[;[40, 60[;[20, 60[;*
65;[65, 70[;[60, 70[;[60, 80[;[60, 100[;*
""")


def test_given_widths_must_nest_and_a_single_interval_is_left_to_the_top():
    h = build("x", ["3", "14", "7.5"], spec("intervals", widths=[5, 10, 100]))
    assert h.rows == _arx("""
3;[0, 5[;[0, 10[;*
7.5;[5, 10[;[0, 10[;*
14;[10, 15[;[10, 20[;*
""")
    with pytest.raises(InputError, match="'x'.*multiple of the one before.*15"):
        build("x", ["3", "14"], spec("intervals", widths=[10, 15]))
    with pytest.raises(InputError, match="'x'.*'n/a' is not a number"):
        build("x", ["3", "n/a"], spec("intervals", width=5.0))


def test_postal_codes_masked_from_the_right_equal_the_arx_file():
    h = build("zip", ["12345", "12399", "13000"], spec("masking", step=1))
    assert h.rows == _arx("""
12345;1234*;123**;12***;1****;*
12399;1239*;123**;12***;1****;*
13000;1300*;130**;13***;1****;*
""")
    padded = build("cod", ["1234", "21000"], spec("masking", step=2, pad=True))
    assert padded.rows == _arx("""
1234;012**;0****;*
21000;210**;2****;*
""")


def test_dates_to_month_year_decade_equal_the_arx_file():
    h = build("born", ["1990-05-12", "1991-01-02", "2003-07-07"], spec("dates", steps=DATE_STEPS))
    assert h.rows == _arx("""
1990-05-12;1990-05;1990;[1990, 2000[;*
1991-01-02;1991-01;1991;[1990, 2000[;*
2003-07-07;2003-07;2003;[2000, 2010[;*
""")
    assert build("born", ["1990-05-12"], spec("dates", steps=("year",))).rows == (("1990-05-12", "1990", "*"),)
    with pytest.raises(InputError, match="'born'.*'soon' is not a date"):
        build("born", ["1990-05-12", "soon"], spec("dates", steps=DATE_STEPS))
    with pytest.raises(InputError, match="fine to coarse"):
        build("born", ["1990-05-12"], spec("dates", steps=("year", "month")))


def test_ordered_categories_merged_in_adjacent_groups_equal_the_arx_file():
    order = ["none", "primary", "secondary", "college", "graduate"]
    h = build("school", ["college", "none", "graduate", "primary"], spec("ordered", order=order, fanout=2))
    assert h.rows == _arx("""
none;[none, primary];[none, ..., college];*
primary;[none, primary];[none, ..., college];*
secondary;[secondary, college];[none, ..., college];*
college;[secondary, college];[none, ..., college];*
graduate;graduate;graduate;*
""")
    three = build("school", order, spec("ordered", order=order, fanout=[3]))
    assert [row[1] for row in three.rows] == ["[none, ..., secondary]"] * 3 + ["[college, graduate]"] * 2
    assert three.levels == 3
    with pytest.raises(InputError, match="'phd' is not in the ordered list"):
        build("school", ["phd"], spec("ordered", order=order))


def test_categories_without_order_only_suppressed():
    assert build("sex", ["M", "F"], spec("suppress")).rows == (("F", "*"), ("M", "*"))


@pytest.mark.parametrize("name, values, kind, expected", [
    ("age", ["34", "81", "0"], "integer", spec("intervals", width=5.0)),
    ("idade", ["34", "81"], "integer", spec("intervals", width=5.0)),
    ("birth", ["1990-05-12", "2001-01-01"], "text", spec("dates", steps=DATE_STEPS)),
    ("birth", ["1990-05-12"], "date/time", spec("dates", steps=DATE_STEPS)),
    ("cep", ["1310100", "20040002"], "integer", spec("masking", step=1, pad=True)),
    ("municipio", ["3550308", "3304557"], "integer", spec("masking", step=1, pad=False)),
    ("area", ["07", "11", "21"], "text", spec("masking", step=1, pad=False)),
    ("income", ["0", "1234.5", "98000"], "float", spec("intervals", width=10000.0)),
    ("sex", ["F", "M"], "text", spec("suppress")),
])
def test_templates_from_names_and_values(name, values, kind, expected):
    assert template(name, values, kind) == expected


def test_nice_widths():
    assert [nice_width(s) for s in (98000, 40, 7, 0.3, 0)] == [10000.0, 5.0, 1.0, 0.05, 1.0]
    assert interval_label(0.5, 1) == "[0.5, 1["


def test_round_trip_through_the_arx_reader(tmp_path):
    values = ["a;b", 'say "hi"', "São Paulo", "x, y"]
    h = build("place", values, spec("ordered", order=values, fanout=2))
    path = write_hierarchy(h, tmp_path / "place.csv")
    assert read_hierarchy(path, "place").rows == h.rows
    ages = build("age", [str(a) for a in range(17, 90, 3)], spec("intervals", width=5.0))
    assert read_hierarchy(write_hierarchy(ages, tmp_path / "age.csv"), "age").rows == ages.rows
    assert (tmp_path / "age.csv").read_text(encoding="utf-8").splitlines()[0] == ";".join(ages.rows[0])


def test_preview_counts_groups_and_records_per_level():
    table = table_from_frame(pd.DataFrame({"age": [20, 23, 23, 27, 41, 65, None]}))
    column = table["age"]
    h = build("age", column_values(column), spec("intervals", width=5.0))
    levels = preview(h, column)
    assert [p.groups for p in levels] == [6, 5, 4, 4, 3, 2]
    assert levels[1].counts == (("[20, 25[", 3), ("[25, 30[", 1), ("[40, 45[", 1), ("[65, 70[", 1), (None, 1))
    assert levels[-1].counts == (("*", 6), (None, 1))
    assert (levels[2].smallest, levels[2].largest) == (1, 4)


def _check_coarsening(h, values):
    """Every value has one row; each level is a function of the one below; the top is '*'."""
    assert sorted(row[0] for row in h.rows) == sorted(set(values))
    assert all(row[-1] == "*" for row in h.rows)
    for level in range(1, h.levels):
        parent: dict[str, str] = {}
        for row in h.rows:
            assert parent.setdefault(row[level - 1], row[level]) == row[level]
        assert len({row[level] for row in h.rows}) <= len({row[level - 1] for row in h.rows})


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-500, 5000), min_size=1, max_size=40), st.sampled_from([1, 2, 3, 5, 10, 25]))
def test_intervals_cover_and_coarsen(numbers, width):
    values = [str(n) for n in numbers]
    h = build("n", values, spec("intervals", width=float(width)))
    _check_coarsening(h, values)
    for row in h.rows:  # every interval holds its value
        for label in row[1:-1]:
            lo, hi = (float(x) for x in label[1:-1].split(", "))
            assert lo <= float(row[0]) < hi


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text("0123456789", min_size=1, max_size=8), min_size=1, max_size=30),
       st.integers(1, 3), st.booleans())
def test_masking_covers_and_coarsens(codes, step, pad):
    h = build("code", codes, spec("masking", step=step, pad=pad))
    _check_coarsening(h, codes)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text("abcdefgh", min_size=1, max_size=3), min_size=1, max_size=25, unique=True),
       st.lists(st.integers(2, 4), min_size=1, max_size=3))
def test_ordered_merges_cover_and_coarsen(order, fanout):
    h = build("c", order[::2], spec("ordered", order=order, fanout=fanout))
    _check_coarsening(h, order)
    for level in range(1, h.levels - 1):  # groups are runs of adjacent categories
        labels = [row[level] for row in h.rows]
        runs = [label for i, label in enumerate(labels) if i == 0 or labels[i - 1] != label]
        assert len(runs) == len(set(runs))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.dates(min_value=pd.Timestamp("1900-01-01").date(), max_value=pd.Timestamp("2100-12-31").date()),
                min_size=1, max_size=30))
def test_dates_cover_and_coarsen(dates):
    values = [d.isoformat() for d in dates]
    h = build("d", values, spec("dates", steps=DATE_STEPS))
    _check_coarsening(h, values)


def test_template_hierarchies_cover_a_real_looking_table():
    rng = np.random.default_rng(3)
    frame = pd.DataFrame({"age": rng.integers(0, 99, 200), "cep": rng.integers(1_000_000, 99_999_999, 200),
                          "sex": rng.choice(["F", "M"], 200)})
    table = table_from_frame(frame)
    for name in frame.columns:
        column = table[name]
        values = column_values(column)
        h = build(name, values, template(name, values, column.kind))
        tables = level_tables(h, column)  # raises if a value has no line
        assert tables[-1].cardinality == 1


def test_template_files_for_every_column(tmp_path):
    table = table_from_frame(pd.DataFrame({"age": [20, 23, 41], "my zip/code": ["01234", "01299", "99999"],
                                           "sex": ["F", "M", None]}))
    files = template_files([table[c] for c in ("age", "my zip/code", "sex")], tmp_path)
    assert {c: p.name for c, p in files.items()} == {"age": "age_hierarchy.csv",
                                                      "my zip/code": "my_zip_code_hierarchy.csv",
                                                      "sex": "sex_hierarchy.csv"}
    assert (tmp_path / "my_zip_code_hierarchy.csv").read_text(encoding="utf-8") == (
        "01234;0123*;012**;01***;0****;*\n01299;0129*;012**;01***;0****;*\n99999;9999*;999**;99***;9****;*\n")
    assert (tmp_path / "sex_hierarchy.csv").read_text(encoding="utf-8") == "F;*\nM;*\n"
    for name, path in files.items():
        level_tables(read_hierarchy(path, name), table[name])
