"""Information loss: ARX non-uniform entropy on hand tables and against a literal transcription,
height, discernibility, total variation distance, and a scenario's loss."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from engine.remediation.loss import (arx_round, discernibility, height, nonuniform_entropy, scenario_loss,
                                     total_variation)
from engine.remediation.transforms import Drop, HierarchySpec, LocalSuppression, Recode, RecordSuppression, \
    Scenario, apply_scenario
from tests.engine.helpers import table_from_frame

# values a, a, b, c; level 1: a -> X, b -> Y, c -> Y
CODES = np.array([0, 0, 1, 2])
LEVEL = np.array([0, 1, 1])


@pytest.mark.parametrize("suppressed, expected", [
    (None, 2.0),                      # 2 log2(2/2) + log2(1/2) + log2(1/2) = -2
    ([False, False, False, True], 2.0),  # one suppressed record: 1 log2(1/1) = 0
    ([False, False, True, True], 2.0),   # both in Y: 2 log2(2/2) = 0
    ([True, False, True, False], 4.0),   # X and Y: 2 x log2(1/2) = -2 more
])
def test_entropy_hand_table(suppressed, expected):
    mask = None if suppressed is None else np.array(suppressed)
    assert nonuniform_entropy(CODES, 3, LEVEL, 2, mask) == pytest.approx(expected)


def test_entropy_level_zero_and_top():
    assert nonuniform_entropy(CODES, 3, np.arange(3), 3) == 0.0
    # all to one value: 2 log2(2/4) + 2 log2(1/4) = -2 - 4
    assert nonuniform_entropy(CODES, 3, np.zeros(3, dtype=int), 1) == pytest.approx(6.0)


def _arx_literal(original, level_of, suppressed):
    """ARX's MetricMDNUNMEntropyPrecomputed for one column, transcribed loop by loop."""
    card = {}
    for value in original:
        card[value] = card.get(value, 0) + 1
    gen = {}
    for value, count in card.items():
        gen[level_of[value]] = gen.get(level_of[value], 0) + count
    result = 0.0
    for value, a in card.items():
        result += a * math.log(a / gen[level_of[value]]) / math.log(2)
    counts, total = {}, 0
    for value, is_suppressed in zip(original, suppressed):
        if is_suppressed:
            counts[level_of[value]] = counts.get(level_of[value], 0) + 1
            total += 1
    for count in counts.values():
        result += count * math.log(count / total) / math.log(2)
    result = -result if result != 0 else result
    return math.floor(result * 1e10) / 1e10


@pytest.mark.parametrize("seed", range(8))
def test_entropy_equals_arx_transcription(seed):
    rng = np.random.default_rng(seed)
    n, card, groups = 300, 12, 4
    codes = rng.integers(0, card, n)
    level = rng.integers(0, groups, card)
    suppressed = rng.random(n) < 0.1
    expected = _arx_literal(codes.tolist(), level.tolist(), suppressed.tolist())
    assert nonuniform_entropy(codes, card, level, groups, suppressed) == pytest.approx(expected, abs=1e-9)


def test_arx_round_is_down_to_ten_decimals():
    assert arx_round(1.23456789019) == 1.2345678901
    assert arx_round(2.0) == 2.0


def test_height_discernibility_tvd():
    assert height([0, 2, 1]) == 3
    assert discernibility(np.array([4, 1, 1]), 2, 6) == 16 + 2 * 6
    assert discernibility(np.array([4, 1, 1]), 1, 6) == 18
    assert total_variation([("a",)] * 3 + [("b",)], [("a",)] * 3 + [("b",)]) == 0.0
    assert total_variation([("a",)], [("b",)]) == 1.0
    assert total_variation([("a", "x"), ("b", "x")], [("a", "x")]) == pytest.approx(0.5)


def test_scenario_loss_counts_per_column():
    frame = pd.DataFrame({"sex": list("MMMMFF"), "age": [30, 30, 40, 50, 60, 60], "w": list("abcdef")})
    table = table_from_frame(frame)
    spec = HierarchySpec("intervals", params=(("widths", (100.0,)),))
    scenario = Scenario("s", (LocalSuppression(2, ("sex", "age")), RecordSuppression(1, 100.0)))
    out = apply_scenario(table, ["sex", "age"], scenario)
    loss = scenario_loss(table, out, crosstabs=[("sex",), ("sex", "age")])
    assert loss.cells_suppressed == {"sex": 0, "age": 2}
    assert loss.records_removed == 0 and loss.levels == {"sex": 0, "age": 0}
    # age: level 0 (no generalisation part), the 2 blanked cells (40, 50) are 2 values of S = 2
    assert loss.entropy == {"sex": 0.0, "age": pytest.approx(2.0)}
    assert loss.tvd["sex"] == 0.0
    assert loss.tvd["sex x age"] == pytest.approx(0.5 * (1 / 6 + 1 / 6 + 2 / 6))
    out = apply_scenario(table, ["sex", "age"], Scenario("r", (Recode("age", 1, spec), Drop("sex"))))
    loss = scenario_loss(table, out, crosstabs=[("sex",)])
    assert loss.dropped == ("sex",) and loss.levels == {"age": 1}
    expected = -(2 * math.log2(2 / 6) * 2 + 2 * math.log2(1 / 6))
    assert loss.entropy["age"] == pytest.approx(expected)
    assert loss.tvd["sex"] == pytest.approx(1.0)  # every released record has no sex
