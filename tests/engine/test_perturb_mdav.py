"""MDAV against sdcMicro's own output (tests/fixtures/perturb/README.md) and against the plain
numpy version on random data with ties and missing values."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest

from engine.perturb.mdav import mdav, microaggregate
from engine.perturb.mdav_common import column_weights
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


def _reference_mdav(x: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """sdcMicro's MDAV step by step in plain Python (docs/methods.md, "Perturbative steps"):
    every distance recomputed, sums added one record at a time in record order."""
    n, p = x.shape
    miss = np.isnan(x)
    w = np.ones(p)
    md = np.zeros(p, np.float32)
    for j in range(p):
        known = [float(v) for v in x[~miss[:, j], j]]
        if not known:
            continue
        total = square = 0.0
        for v in known:
            total += v
            square += v * v
        variance = square / len(known) - (total / len(known)) ** 2
        if variance != 0:
            w[j] = 1.0 / variance
        md[j] = np.float32((max(known) - min(known)) ** 2 * w[j])

    def dist(a: np.ndarray, a_miss: np.ndarray, b: np.ndarray, b_miss: np.ndarray) -> np.float32:
        acc = np.float32(0.0)
        for j in range(p):
            if a_miss[j] != b_miss[j]:
                acc = np.float32(acc + md[j])
            elif not a_miss[j]:
                d = float(a[j]) - float(b[j])
                acc = np.float32(acc + np.float32(d * d * w[j]))
        return acc

    def sums(rows: list[int]) -> tuple[list[float], list[int]]:
        total, count = [0.0] * p, [0] * p
        for i in rows:
            for j in range(p):
                if not miss[i, j]:
                    total[j] += float(x[i, j])
                    count[j] += 1
        return total, count

    out = np.full((n, p), np.nan)
    group = np.full(n, -1, np.int64)
    alive = list(range(n))
    gid = 0
    while len(alive) - k >= k:
        ngroups = 1 if len(alive) - 2 * k < k else 2
        total, count = sums(alive)
        centre = np.array([total[j] / count[j] if count[j] else 0.0 for j in range(p)])
        centre_miss = np.array([count[j] == 0 for j in range(p)])
        d = [dist(x[i], miss[i], centre, centre_miss) for i in alive]
        current = alive[int(np.argmax(d))]
        for _ in range(ngroups):
            d = {i: dist(x[i], miss[i], x[current], miss[current]) for i in alive}
            farthest = max(alive, key=lambda i: (d[i], -i))
            members = sorted(alive, key=lambda i: (d[i], -i))[:k]
            total, count = sums(members)
            for i in members:
                group[i] = gid
                for j in range(p):
                    if count[j] and not miss[i, j]:
                        out[i, j] = total[j] / count[j]
            alive = [i for i in alive if i not in members]
            gid += 1
            current = farthest
    if alive:
        total, count = sums(alive)
        for i in alive:
            group[i] = gid
            for j in range(p):
                if count[j] and not miss[i, j]:
                    out[i, j] = total[j] / len(alive)
    return out, group


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("k", [2, 3, 5])
def test_mdav_equals_step_by_step_reference_with_many_ties(seed, k):
    # small integers: many records at equal distances; 10 % missing (a missing value is at the
    # column's range from a known one, at 0 from a missing one, and stays missing)
    rng = np.random.default_rng(1000 * k + seed)
    p = 1 + seed % 4
    n = int(rng.integers(2 * k, 160))
    x = rng.integers(0, 5, (n, p)).astype(float)
    if seed % 2:
        x = x * 0.1 + 1e5
    x[rng.random((n, p)) < 0.1] = np.nan
    values, group = _reference_mdav(x, k)
    fast = mdav(x, k)
    np.testing.assert_array_equal(fast.values, values)
    np.testing.assert_array_equal(fast.group, group)
    assert np.bincount(group).min() >= k


def _near_million(seed: int) -> tuple[np.ndarray, int]:
    rng = np.random.default_rng(seed)
    n, p = int(rng.integers(100, 500)), int(rng.integers(2, 4))
    x = 1e6 + rng.integers(0, 8, (n, p)) * 0.01
    if seed % 2:
        x[rng.random((n, p)) < 0.05] = np.nan
    return x, int(rng.choice([2, 3, 5]))


@pytest.mark.parametrize("seed", [4, 44, 66, 132])
def test_centre_is_summed_in_record_order_when_its_rounding_decides(seed):
    # values of 1e6 on a 0.01 grid: the block sums and the record-order sum of the centre
    # differ in their last bits, enough to change which record is farthest on these data
    x, k = _near_million(seed)
    values, group = _reference_mdav(x, k)
    fast = mdav(x, k)
    np.testing.assert_array_equal(fast.values, values)
    np.testing.assert_array_equal(fast.group, group)


def test_negative_computed_variance_gives_the_reference_output():
    # mean(x^2) - mean(x)^2 of values near 2^30 that barely vary comes out negative, as in sdcMicro
    rng = np.random.default_rng(1)
    x = 2.0 ** 30 + rng.integers(0, 8, (200, 3)) * 0.1
    x[rng.random(x.shape) < 0.05] = np.nan
    assert (column_weights(x, np.isnan(x))[0] < 0).any()
    values, group = _reference_mdav(x, 3)
    fast = mdav(x, 3)
    np.testing.assert_array_equal(fast.values, values)
    np.testing.assert_array_equal(fast.group, group)
