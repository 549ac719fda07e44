"""results.json's layout (engine/report/tables.py json_text): the same JSON as json.dump, one
row per line, and NaN refused as before."""

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.report.tables import json_text

SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text()
KEYS = st.text() | st.integers()
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
                      max_leaves=30)


@settings(max_examples=300, deadline=None)
@given(VALUES)
def test_the_same_json_as_json_dump(value):
    assert json.loads(json_text(value)) == json.loads(json.dumps(value, indent=1, ensure_ascii=False))


def test_rows_one_per_line_and_members_indented():
    value = {"rows": [{"qids": ["a", "b"], "p": 0.5}, {"qids": ["ä"], "p": 1}], "n": 2, "empty": []}
    assert json_text(value).splitlines() == [
        "{",
        ' "rows": [',
        '  {"qids": ["a", "b"], "p": 0.5},',
        '  {"qids": ["ä"], "p": 1}',
        " ],",
        ' "n": 2,',
        ' "empty": []',
        "}",
    ]


def test_nan_is_refused():
    with pytest.raises(ValueError):
        json_text({"rows": [{"p": math.nan}]})
