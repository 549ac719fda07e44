"""MDAV against sdcMicro's own output (tests/fixtures/perturb/README.md) and against the plain
numpy version on random data with ties and missing values."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest

from engine.perturb.mdav import mdav, microaggregate
from engine.perturb.mdav_plain import mdav_plain
from engine.perturb.univariate import sorted_groups

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "perturb"


def _load(name: str, columns: int = 3) -> np.ndarray:
    with open(FIXTURES / name, newline="") as f:
        rows = list(csv.reader(f))[1:]
    return np.array([[float(v) if v not in ("", "NA") else np.nan for v in row[:columns]] for row in rows])


@pytest.mark.parametrize("data, k, expected, columns", [
    ("input.csv", 3, "mdav_k3.csv", 3),
    ("input.csv", 5, "mdav_k5.csv", 3),
    ("input.csv", 3, "mdav_k3_two.csv", 2),
    ("ties.csv", 3, "ties_k3.csv", 3),
    ("ties.csv", 4, "ties_k4.csv", 3),
])
@pytest.mark.slow
def test_mdav_gives_sdcmicro_output_exactly(data, k, expected, columns):
    x = _load(data, columns)
    want = _load(expected, columns)
    assert np.isnan(x).any() and len(np.unique(x[~np.isnan(x[:, 0]), 0])) < len(x)
    np.testing.assert_array_equal(mdav(x, k).values, want)
    np.testing.assert_array_equal(mdav_plain(x, k)[0], want)


def test_one_column_sorts_as_sdcmicro():
    rows = _load("one_column_k3.csv", 2)
    out, group = sorted_groups(rows[:, 0], 3)
    np.testing.assert_allclose(out, rows[:, 1], rtol=1e-15, atol=0)
    assert np.bincount(group).min() == 3 and np.bincount(group).max() == 4
    np.testing.assert_array_equal(microaggregate(rows[:, :1], 3).values[:, 0], out)


def test_one_column_keeps_missing_values_out():
    out, group = sorted_groups(np.array([5.0, np.nan, 1.0, 2.0, 9.0, 3.0, np.nan]), 2)
    # sorted 1, 2 | 3, 5, 9: the fifth value joins the last group
    np.testing.assert_allclose(out, [17 / 3, np.nan, 1.5, 1.5, 17 / 3, 17 / 3, np.nan])
    np.testing.assert_array_equal(group, [1, -1, 0, 0, 1, 1, -1])


def test_hand_worked_example():
    # weights 1/var; the farthest from the centre (10, 10) is record 4 (on top of 5);
    # its group: itself, 5 and 3; the rest form the last group.
    x = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [20.0, 20.0], [21.0, 21.0], [18.0, 18.0]])
    res = mdav(x, 3)
    np.testing.assert_allclose(res.values[3:], [[59 / 3, 59 / 3]] * 3)
    np.testing.assert_allclose(res.values[:3], [[1 / 3, 1 / 3]] * 3)
    np.testing.assert_array_equal(res.group, [1, 1, 1, 0, 0, 0])


def _random_case(rng: np.random.Generator, kind: int) -> np.ndarray:
    n = int(rng.integers(1, 600))
    p = int(rng.integers(2, 5))
    if kind == 0:
        v = rng.integers(0, 4, (n, p)).astype(float)
    elif kind == 1:
        v = rng.normal(1e6, 1.0, (n, p))
    else:
        v = rng.lognormal(5, 2, (n, p))
    v[rng.random((n, p)) < 0.05] = np.nan
    if n > 10:
        v[rng.integers(0, n, 5)] = v[0]
    return v


@pytest.mark.parametrize("seed", range(12))
def test_compiled_mdav_equals_plain_mdav(seed):
    rng = np.random.default_rng(seed)
    x = _random_case(rng, seed % 3)
    k = int(rng.integers(1, 7))
    fast = mdav(x, k)
    values, group = mdav_plain(x, k)
    np.testing.assert_array_equal(fast.values, values)
    np.testing.assert_array_equal(fast.group, group)
    sizes = np.bincount(fast.group)
    if len(x) >= k:
        assert sizes.min() >= k and sizes.max() < 2 * k


def test_compiled_mdav_equals_plain_on_many_blocks():
    rng = np.random.default_rng(99)
    x = rng.normal(size=(2500, 3))
    x[:, 2] = np.round(x[:, 2])
    x[rng.random(x.shape) < 0.03] = np.nan
    np.testing.assert_array_equal(mdav(x, 3).values, mdav_plain(x, 3)[0])


def test_column_without_known_values_stays_missing():
    x = np.c_[np.arange(10.0), np.full(10, np.nan)]
    res = mdav(x, 3)
    assert np.isnan(res.values[:, 1]).all()
    np.testing.assert_array_equal(res.values, mdav_plain(x, 3)[0])
