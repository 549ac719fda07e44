"""Special uniques (SUDA): MSUs against brute force, published scores, DIS-SUDA, workers."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import numpy as np
import pandas as pd
import pytest

from engine.foundation.errors import Cancelled
from engine.foundation.progress import CancelToken
from engine.sample.suda import dis_scores, msu_weights, special_uniques

from .helpers import table_from_frame


def brute_force_msus(frame: pd.DataFrame, max_size: int) -> list[list[tuple[str, ...]]]:
    """Per record, its MSUs: sets of at most ``max_size`` columns on which it is unique and
    unique on no proper subset, by enumerating every subset and counting value tuples."""
    columns = list(frame.columns)
    rows = [tuple("<NA>" if pd.isna(v) else v for v in r) for r in frame.itertuples(index=False)]
    unique: dict[tuple[str, ...], set[int]] = {}
    for size in range(1, len(columns) + 1):
        for subset in itertools.combinations(range(len(columns)), size):
            keys = [tuple(r[i] for i in subset) for r in rows]
            counts = Counter(keys)
            unique[subset] = {i for i, k in enumerate(keys) if counts[k] == 1}
    out = []
    for i in range(len(rows)):
        mine = []
        for subset, holders in unique.items():
            if len(subset) > max_size or i not in holders:
                continue
            if any(i in unique[proper] for s in range(1, len(subset))
                   for proper in itertools.combinations(subset, s)):
                continue
            mine.append(tuple(columns[j] for j in subset))
        out.append(mine)
    return out


def run(frame: pd.DataFrame, max_size=None, dis_fraction=0.01, jobs=1):
    table = table_from_frame(frame)
    return special_uniques([table[c] for c in frame.columns], max_size, dis_fraction, jobs=jobs)


def check_against_brute_force(frame: pd.DataFrame, max_size=None) -> None:
    att = frame.shape[1]
    limit = att if max_size is None else max_size
    expected = brute_force_msus(frame, limit)
    result = run(frame, max_size)
    weights = msu_weights(att, limit)
    assert result.records.msu_count.tolist() == [len(m) for m in expected]
    assert result.records.msu_min_size.tolist() == [min((len(s) for s in m), default=0) for m in expected]
    assert result.records.score.tolist() == pytest.approx([sum(weights[len(s)] for s in m) for m in expected])
    by_variable = {c: sum(weights[len(s)] for m in expected for s in m if c in s) for c in frame.columns}
    assert {c.variable: c.score for c in result.summary.contributions} == pytest.approx(by_variable)
    sizes = Counter(len(s) for m in expected for s in m)
    assert result.summary.msus_by_size == tuple((s, sizes.get(s, 0)) for s in range(1, limit + 1))


def test_msus_of_a_small_table_by_brute_force():
    frame = pd.DataFrame({"a": [1, 1, 2, 2, 3, 1], "b": ["x", "y", "x", "y", "x", "x"],
                          "c": [0, 0, 0, 1, 1, 1]})
    # record 5 (a=3) is unique on a alone; record 4 (2,y,1): {a,c}? a=2 -> rows 3,4; c=1 -> 4,5,6; (2,1) row 4 only
    check_against_brute_force(frame)
    assert brute_force_msus(frame, 3)[4] == [("a",)]


@pytest.mark.parametrize("seed", range(8))
def test_random_small_tables_match_brute_force(seed):
    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(5, 40)), int(rng.integers(2, 6))
    frame = pd.DataFrame({f"v{j}": rng.integers(0, int(rng.integers(2, 5)), size=n) for j in range(k)})
    if seed % 2:
        frame.loc[rng.random(n) < 0.15, "v0"] = None      # a missing value is a value of its own
    check_against_brute_force(frame)
    check_against_brute_force(frame, max_size=2)


BOOK = pd.DataFrame({"age": ["20s"] * 7 + ["60s"], "gender": ["male"] * 4 + ["female"] * 3 + ["male"],
                     "income": ["50k+", "50k+"] + ["50k-"] * 6,
                     "education": ["highschool"] * 4 + ["university", "highschool", "middleschool", "university"]})


def test_scores_of_the_published_examples():
    # Templ (2017), Statistical Disclosure Control for Microdata, the suda2 example: records
    # 5-8 score 4, 2, 6, 8. By hand, with ATT = 4: an MSU of size s scores (4 - s)!, so 6, 2, 1.
    # record 8 (60s, male, 50k-, university): {age} (6) and {gender, education} (2) -> 8;
    # record 7 (middleschool): {education} -> 6; record 6 (20s, female, 50k-, highschool):
    # {gender, education} -> 2; record 5 (20s, female, 50k-, university): {age, education},
    # {gender, education} -> 4.
    book = run(BOOK)
    assert book.records.score.tolist() == [0, 0, 0, 0, 4, 2, 6, 8]
    assert book.records.msu_count.tolist() == [0, 0, 0, 0, 2, 1, 1, 2]
    assert book.records.msu_min_size.tolist() == [0, 0, 0, 0, 2, 2, 1, 1]
    # The IHSN/World Bank SDC practice guide example: scores 0,0,6,0,12,0,6,10,0,0.
    guide = pd.DataFrame({
        "Residence": ["Urban"] * 4 + ["Rural"] + ["Urban"] * 5,
        "Gender": ["Female", "Female", "Female", "Male", "Female", "Male", "Female", "Male", "Female", "Female"],
        "Education": ["Secondary incomplete", "Secondary incomplete", "Primary incomplete", "Secondary complete",
                      "Secondary complete", "Secondary complete", "Primary complete", "Post-secondary",
                      "Secondary incomplete", "Secondary incomplete"],
        "Labor": ["Employed", "Employed", "Non-LF", "Employed", "Unemployed", "Employed", "Non-LF", "Unemployed",
                  "Non-LF", "Non-LF"]})
    assert run(guide).records.score.tolist() == [0, 0, 6, 0, 12, 0, 6, 10, 0, 0]


def test_contributions_of_sdcmicros_small_example():
    # a = (2,1,1), b = (0,3,0), c = (0,6,0): record 1 {a} scores 2, record 2 {b}, {c} 2 + 2,
    # record 3 {a,b}, {a,c} 1 + 1; a is in MSUs scoring 4 of 8, b and c in 3 of 8.
    frame = pd.DataFrame({"a": [2, 1, 1], "b": [0, 3, 0], "c": [0, 6, 0]})
    result = run(frame)
    assert result.records.score.tolist() == [2, 4, 2]
    assert result.summary.total_score == 8
    assert [c.share for c in result.summary.contributions] == [0.5, 0.375, 0.375]


def test_dis_suda_by_hand():
    # book example: U = 4 sample uniques, P = 4 records in pairs (rows 1-2 and 3-4), pi = 0.01,
    # ATT = 4: Q = 1.2, Dis = 4 * 0.01 / (4 * 0.01 + 4 * 0.99) = 0.01.
    q = 1 + (8 - 4) / 20
    scores = np.array([4.0, 2.0, 6.0, 8.0])
    adjust = sum(s ** -q for s in scores)
    dis = 4 * 0.01 / (4 * 0.01 + 4 * 0.99)
    expected = [1 / (1 + (4 / dis - 4) / (s ** q * adjust)) for s in scores]
    result = run(BOOK)
    assert result.records.dis_score[4:].tolist() == pytest.approx(expected, rel=1e-12)
    assert result.records.dis_score[:4].tolist() == [0, 0, 0, 0]
    assert dis_scores(np.array([0.0, 3.0]), 4, 1, 0, 0.5).tolist() == [0.0, 1.0]  # no pairs: Dis = 1
    assert sum(c for _, _, c in result.summary.dis_bands) == 8


def test_weights_with_a_maximum_size():
    # ATT = 5, M = 3: prod_{i=s}^{3} (5 - i): s=1 -> 4*3*2, s=2 -> 3*2, s=3 -> 2
    assert msu_weights(5, 3).tolist() == [0, 24, 6, 2]
    assert msu_weights(5, 5).tolist() == [0, 24, 6, 2, 1, 1]
    assert msu_weights(3, 3).tolist() == [0, math.factorial(2), 1, 1]


def test_two_workers_give_the_same_result():
    rng = np.random.default_rng(3)
    frame = pd.DataFrame({f"v{j}": rng.integers(0, 4, size=3000) for j in range(6)})
    one, two = run(frame, jobs=1), run(frame, jobs=2)
    for name in ("msu_count", "msu_min_size", "score", "dis_score"):
        assert np.array_equal(getattr(one.records, name), getattr(two.records, name))
    assert one.summary == two.summary
    assert one.summary.special_uniques > 100


def test_cancel_stops_suda():
    frame = pd.DataFrame({f"v{j}": np.arange(50) % (j + 2) for j in range(4)})
    token = CancelToken()
    token.cancel()
    table = table_from_frame(frame)
    with pytest.raises(Cancelled):
        special_uniques([table[c] for c in frame.columns], None, 0.01, cancel=token)


def test_too_many_subsets_for_memory_asks_for_a_maximum_size(monkeypatch):
    from engine.foundation.errors import InputError
    from engine.sample import suda

    monkeypatch.setattr(suda, "MASK_BYTES_LIMIT", 200)   # 6 subsets of size 1 x 25 bytes fit, 63 do not
    frame = pd.DataFrame({f"v{j}": np.arange(200) % (j + 7) for j in range(6)})
    with pytest.raises(InputError, match=r"give --suda-max-size \(e.g. 4\)"):
        run(frame)
    assert run(frame, max_size=1).summary.max_size == 1
