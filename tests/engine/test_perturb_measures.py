"""Perturbation methods and their risk and utility measures: sdcMicro's numbers
(tests/fixtures/perturb/README.md), hand-worked cases and properties."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import numpy as np
import pytest

from engine.perturb.interval import interval_at_risk, interval_risk
from engine.perturb.mdav import mdav
from engine.perturb.noise import add_noise
from engine.perturb.outliers import robust_outliers
from engine.perturb.pram import invariant_matrix, pram, pram_column
from engine.perturb.pram_matches import pram_matches
from engine.perturb.rank_swap import rank_swap
from engine.perturb.record_linkage import linkage_risk
from engine.perturb.rounding import round_to_base
from engine.perturb.utility import il1s, numeric_utility

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "perturb"
REF = json.loads((FIXTURES / "reference.json").read_text())


def _load(name: str, columns: int = 3) -> np.ndarray:
    with open(FIXTURES / name, newline="") as f:
        rows = list(csv.reader(f))[1:]
    return np.array([[float(v) if v not in ("", "NA") else np.nan for v in row[:columns]] for row in rows])


X = _load("input.csv")


@pytest.mark.parametrize("released, radius, key", [
    ("mdav_k3.csv", 0.05, "drisk_k3"), ("mdav_k5.csv", 0.05, "drisk_k5"), ("mdav_k3.csv", 0.10, "drisk_k3_r010")])
def test_interval_risk_is_sdcmicros_drisk(released, radius, key):
    assert interval_risk(X, _load(released), radius) == pytest.approx(REF[key], abs=1e-12)


@pytest.mark.parametrize("released, key", [("mdav_k3.csv", "il1s_k3"), ("mdav_k5.csv", "il1s_k5")])
def test_il1s_is_sdcmicros(released, key):
    assert il1s(X, _load(released))[0] == pytest.approx(REF[key], rel=1e-12)


def test_interval_hand_worked():
    x = np.array([[1.0, 10.0], [2.0, np.nan], [3.0, 30.0]])
    y = np.array([[1.0, 10.0], [2.5, 20.0], [3.0, 31.0]])
    # sd of released columns: 1.0 and 10.5; radius 0.5 -> half-widths 0.5 and 5.25
    np.testing.assert_array_equal(interval_at_risk(x, y, 0.5), [True, True, True])
    np.testing.assert_array_equal(interval_at_risk(x, y, 0.05), [True, False, False])


@pytest.mark.parametrize("pd_key, rs_key, alpha", [("pram_pds", "pram_Rs", 0.5), ("pram_pds_a1", "pram_Rs_a1", 1.0)])
def test_pram_matrix_is_sdcmicros(pd_key, rs_key, alpha):
    r = invariant_matrix(np.array(REF["pram_counts"]), np.array(REF[pd_key]), alpha)
    np.testing.assert_allclose(r, np.array(REF[rs_key]), rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(r.sum(axis=1), 1.0)
    f = np.array(REF["pram_counts"], float)
    np.testing.assert_allclose(f @ r, f)


def test_pram_keeps_expected_marginals_over_many_seeds():
    codes = np.repeat(np.arange(4), [500, 250, 150, 100])
    totals = np.zeros((200, 4))
    for seed in range(200):
        released, _ = pram_column(codes, 4, 0.6, 0.5, np.random.default_rng(seed))
        totals[seed] = np.bincount(released, minlength=4)
    mean = totals.mean(axis=0)
    se = totals.std(axis=0, ddof=1) / np.sqrt(len(totals))
    assert (np.abs(mean - [500, 250, 150, 100]) < 4 * se).all()
    assert (totals != [500, 250, 150, 100]).any()


def test_pram_keeps_missing_and_reports_matrix():
    values = np.array(["a", None, "b", "a", "c", None] * 20, dtype=object)
    out, matrix = pram(values, "region", 0.5, 0.5, seed=3)
    assert [v is None for v in out] == [v is None for v in values]
    assert matrix.categories == ("a", "b", "c") and matrix.counts == (40, 20, 20)
    assert set(out[out != None]) <= {"a", "b", "c"}  # noqa: E711


def test_pram_matches_counts_unique_and_right():
    attacker = np.array([0, 1, 2, 3, 3])
    released = np.array([0, 2, 1, 3, 4])
    # key 0 unique and right; 1 unique at record 2 (wrong); 2 unique at record 1 (wrong); 3 unique at record 3
    m = pram_matches(attacker, released)
    assert (m.unique_matches, m.right) == (5, 2)


def test_linkage_is_certain_on_unperturbed_distinct_values():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(500, 3))
    assert linkage_risk(x, x).share == 1.0


def test_linkage_ties_share_credit():
    x = np.array([[0.0], [0.0], [5.0], [9.0]])
    risk = linkage_risk(x, x)
    np.testing.assert_allclose(risk.credit, [0.5, 0.5, 1.0, 1.0])


def test_linkage_within_blocks():
    x = np.array([[0.0], [0.1], [5.0], [5.1]])
    y = np.array([[0.1], [0.0], [5.0], [5.1]])
    assert linkage_risk(x, y).share == 0.5
    blocks = np.array([0, 1, 0, 1])
    np.testing.assert_allclose(linkage_risk(x, y, blocks, blocks).credit, [1, 1, 1, 1])


def test_linkage_counts_the_records_alone_in_their_block():
    x = np.array([[0.0], [1.0], [5.0], [9.0]])
    # record 2 is its block's only record; record 3 was released into another block (as by PRAM)
    risk = linkage_risk(x, x, np.array([0, 0, 1, 2]), np.array([0, 0, 1, 3]))
    np.testing.assert_allclose(risk.credit, [1, 1, 1, 0])
    assert risk.alone == 0.25 and risk.share == 0.75


def _linkage_by_definition(x, y, attacker_blocks, released_blocks):
    """Each record against every released record of its block: credit 1/t when it is among the
    t nearest (ties within the same tolerance), else 0."""
    from engine.perturb.record_linkage import _TIE, standardise

    a, b = standardise(x, y)
    credit = np.zeros(len(a))
    for r in range(len(a)):
        theirs = np.flatnonzero(released_blocks == attacker_blocks[r])
        if theirs.size:
            d = np.sqrt(((b[theirs] - a[r]) ** 2).sum(axis=1))
            nearest = theirs[d <= d.min() * (1 + _TIE) + _TIE]
            credit[r] = 1.0 / nearest.size if r in nearest else 0.0
    return credit


@pytest.mark.parametrize("cells", [1 << 21, 8])
def test_linkage_within_blocks_is_the_definition_on_random_blocks(cells, monkeypatch):
    # blocks of one, of a few and of more than 64 released records, ties from rounded values, and
    # blocks the released file moved records out of (as PRAM does); the blocks' distances taken
    # all at once, or a few blocks at a time
    from engine.perturb import record_linkage

    monkeypatch.setattr(record_linkage, "_CELLS", cells)
    rng = np.random.default_rng(7)
    for trial in range(200):
        large = trial % 10 == 0                 # a few blocks of hundreds of records
        n = int(rng.integers(300, 800)) if large else int(rng.integers(1, 120))
        x = np.round(rng.normal(size=(n, int(rng.integers(1, 4)))), int(rng.integers(0, 2)))
        y = x + np.round(rng.normal(scale=rng.choice([0.0, 0.3]), size=x.shape), 1)
        attacker = rng.integers(0, int(rng.integers(1, 4)) if large else int(rng.integers(1, n + 1)), n)
        released = np.where(rng.random(n) < rng.choice([0.0, 0.2]), rng.integers(0, n + 2, n), attacker)
        got = linkage_risk(x, y, attacker, released)
        np.testing.assert_allclose(got.credit, _linkage_by_definition(x, y, attacker, released), rtol=0, atol=1e-12)
        assert got.share == pytest.approx(got.credit.mean())


def test_linkage_falls_as_k_grows_and_as_noise_grows():
    rng = np.random.default_rng(4)
    x = rng.lognormal(8, 1, (2000, 3))
    by_k = [linkage_risk(x, mdav(x, k).values).share for k in (2, 3, 5, 10)]
    assert all(a > b for a, b in zip(by_k, by_k[1:]))
    assert by_k[0] <= 0.5
    by_noise = [linkage_risk(x, add_noise(x, p, False, seed=1)).share for p in (1, 10, 50, 150)]
    assert all(a > b for a, b in zip(by_noise, by_noise[1:]))


def test_noise_scales():
    rng = np.random.default_rng(2)
    x = rng.multivariate_normal([0, 0], [[4, 3], [3, 9]], 20000)
    noise = add_noise(x, 50, False, seed=5) - x
    np.testing.assert_allclose(noise.std(axis=0), 0.5 * x.std(axis=0, ddof=1), rtol=0.03)
    assert abs(np.corrcoef(noise.T)[0, 1]) < 0.03
    cnoise = add_noise(x, 50, True, seed=5) - x
    np.testing.assert_allclose(np.cov(cnoise.T), 0.5 * np.cov(x.T), rtol=0.05)
    x[3, 1] = np.nan
    assert np.isnan(add_noise(x, 10, False, seed=1)[3, 1])
    with pytest.raises(ValueError):
        add_noise(x[:, :1], 10, True, seed=1)


@pytest.mark.slow
def test_rank_swap_keeps_values_and_stays_within_window():
    rng = np.random.default_rng(8)
    x = rng.permutation(1000).astype(float)[:, None]
    x[5, 0] = np.nan
    y = rank_swap(x, 5, seed=3)
    assert np.isnan(y[5, 0])
    np.testing.assert_array_equal(np.sort(y[~np.isnan(y)]), np.sort(x[~np.isnan(x)]))
    moved = np.abs(y[:, 0] - x[:, 0])
    assert np.nanmax(moved) <= 49 and (moved > 0).mean() > 0.9
    np.testing.assert_array_equal(rank_swap(x, 5, seed=3), y)
    np.testing.assert_array_equal(rank_swap(x, 0, seed=3), x)


def test_rounding():
    np.testing.assert_array_equal(round_to_base(np.array([12.0, 15.0, -15.0, 14.9, np.nan]), 10),
                                  [10.0, 20.0, -20.0, 10.0, np.nan])


def test_utility_changes():
    x = np.array([[1.0, 2.0], [2.0, 4.0], [3.0, 6.0], [4.0, 8.5]])
    u = numeric_utility(x, x)
    assert u.il1s == 0 and u.correlation_change == 0 and u.mean_change == (0.0, 0.0)
    y = x.copy()
    y[:, 0] += 1.0
    u = numeric_utility(x, y)
    sd = np.std(x[:, 0], ddof=1)
    assert u.il1s == pytest.approx(4 / (sd * np.sqrt(2)))
    assert u.il1s_mean == pytest.approx(u.il1s / 8)
    assert u.mean_change[0] == pytest.approx(1 / 2.5) and u.sd_change[0] == pytest.approx(0.0, abs=1e-12)


def test_outliers_found():
    rng = np.random.default_rng(1)
    x = rng.multivariate_normal([0, 0, 0], np.eye(3) + 0.5, 1000)
    x[[10, 20]] = [[8, -8, 8], [9, 9, -9]]
    x[30, 1] = np.nan
    out = robust_outliers(x, seed=0)
    assert {10, 20} <= set(out.records.tolist())
    assert np.isnan(out.distance[30]) and 30 not in out.records
    assert len(out.records) < 60
