"""Which columns the window offers as the sampling weight (a hint, never a choice)."""

import pyarrow as pa
import pytest

from engine.io.encode import encode_arrow_table
from engine.io.weight_hint import name_looks_like_weight, weight_hint, weight_hints


def table(**columns):
    return encode_arrow_table(pa.table(columns))


@pytest.mark.parametrize("name, expected", [
    ("weight", True), ("fnlwgt", True), ("PESO", True), ("fator_expansao", True), ("hh_wt", True),
    ("Expansion factor", True), ("w", True), ("age", False), ("birth_day", False), ("width", False),
    ("town", False)])
def test_names(name, expected):
    assert name_looks_like_weight(name) is expected


def test_values_alone_suggest_a_weight_but_not_ids_codes_or_shares():
    n = 40
    weights = [100.0 + 7.5 * i for i in range(n)]  # positive, all above 1, 40 distinct values
    t = table(v=weights, ids=list(range(1, n + 1)), age=[20 + i % 5 for i in range(n)],
              share=[0.01 * (i + 1) for i in range(n)], neg=[w - 200 for w in weights],
              text=[str(w) for w in weights])
    hints = weight_hints(t)
    assert [h.column for h in hints] == ["v"]
    hint = hints[0]
    assert (hint.by_name, hint.by_values, hint.above_one, hint.distinct) == (False, True, 1.0, 40)
    assert hint.reason() == "its values"


def test_values_of_dates_are_not_weights():
    n = 400
    t = table(birth_day=[1 + i % 31 for i in range(n)], birth_month=[1 + i % 12 for i in range(n)],
              birth_year=[1990 + i % 23 for i in range(n)], v=[1.5 + 0.37 * (i % 40) for i in range(n)])
    assert [(h.column, h.reason()) for h in weight_hints(t)] == [("v", "its values")]


def test_name_suggests_a_numeric_positive_column_only():
    t = table(peso=[1.0, 1.0, 2.0, 1.0], wgt_text=["a", "b", "c", "d"], weight_bad=[1.0, 0.0, 2.0, 3.0],
              pw=[1, 2, None, 4])
    hint = weight_hint(t["peso"])
    assert hint is not None and hint.by_name and not hint.by_values
    assert hint.above_one == pytest.approx(0.25) and hint.distinct == 2
    assert weight_hint(t["wgt_text"]) is None  # text
    assert weight_hint(t["weight_bad"]) is None  # a zero weight
    assert weight_hint(t["pw"]) is None  # a missing weight


def test_name_and_values_rank_first():
    n = 30
    t = table(amount=[10.0 + i for i in range(n)], weight=[5.0 + i for i in range(n)], wt=[1.0] * n)
    assert [(h.column, h.reason()) for h in weight_hints(t)] == [
        ("weight", "its name and its values"), ("wt", "its name"), ("amount", "its values")]


def test_the_adult_census_weight_is_found():
    from engine.analysis.config import DataSource
    from engine.io.preview import load_for_review

    from ..conftest import SHARED_DATA

    path = SHARED_DATA / "pycanon" / "raw__adult.csv"
    if not path.exists():
        pytest.skip("shared data not available")
    data = load_for_review(DataSource(str(path)))
    hints = weight_hints(data.table)
    assert [h.column for h in hints] == ["fnlwgt"]  # UCI Adult's final sampling weight
    assert hints[0].by_name and hints[0].by_values and hints[0].distinct == 21648
