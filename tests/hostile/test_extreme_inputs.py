"""Extreme and odd inputs: weights near the largest double and sums past it, weights below 1,
Parquet columns of structs, lists and maps, and scenario seeds outside the ``synth --seed``
rule. Each gives a correct result, a warning that says what was assumed, or one line (exit 2)."""

from __future__ import annotations

import json
import math

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from engine.commands import cli


def _run(capsys, *argv):
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _weighted(path, weights, seed=0, cards=(40, 30)):
    rng = np.random.default_rng(seed)
    n = len(weights)
    frame = pd.DataFrame({"a": rng.integers(0, cards[0], n), "b": rng.integers(0, cards[1], n), "w": weights})
    frame.to_csv(path, index=False)
    return frame


def test_weights_summing_past_the_largest_double_are_one_line(tmp_path, capsys):
    data = tmp_path / "overflow.csv"
    _weighted(data, [1e308, 1e308] + [2.0] * 98)
    code, _, err = _run(capsys, "assess", str(data), "--qid", "a", "b", "--weight", "w", "--out", str(tmp_path / "o"))
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("error: overflow.csv: the weights in column 'w' sum to more than")
    assert not (tmp_path / "o").exists()


def test_weights_near_the_largest_double_give_the_exact_risk(tmp_path, capsys):
    """Weights of about 1e305 (sum 9e307): each key's risk is the Benedetti-Franconi value of
    its weight sum F (f = 1: r = p / (1 - p) ln(1 / p), p = 1 / F), and the population
    uniqueness models run at N = 9e307."""
    data = tmp_path / "huge.csv"
    rng = np.random.default_rng(4)
    frame = _weighted(data, rng.uniform(1, 5, 300) * 1e305)
    code, _, err = _run(capsys, "assess", str(data), "--qid", "a", "b", "--weight", "w", "--out", str(tmp_path / "o"))
    assert code == 0, err
    sample = json.loads((tmp_path / "o" / "results.json").read_text())["sample_risk"]
    sums = frame.groupby(["a", "b"])["w"].agg(["sum", "size"])
    singles = sums[sums["size"] == 1]["sum"]
    p = 1.0 / singles.min()
    assert sample["individual"]["maximum"] == pytest.approx(p / (1 - p) * math.log(1 / p), rel=1e-12)
    assert sample["population_estimate"] == pytest.approx(frame.w.sum(), rel=1e-12)
    uniqueness = sample["population_uniqueness"]
    assert uniqueness["sampling_fraction"] == pytest.approx(300 / frame.w.sum(), rel=1e-12)
    assert 0.0 <= uniqueness["dankar_estimate"] <= 1.0


@pytest.mark.parametrize("population", [26, 260, 10 ** 6, 10 ** 15])
def test_zayatz_matches_exact_rational_arithmetic_at_any_population(population):
    """Zayatz's estimate against the hypergeometric probabilities in exact fractions: from a
    population twice the sample to one of 10^15 (where the library's probabilities took hours)."""
    from fractions import Fraction
    from math import comb

    from engine.sample.population import ClassHistogram, zayatz

    frequencies = np.array([1] * 7 + [2] * 3 + [3] * 2 + [5])
    hist = ClassHistogram.of(frequencies)
    n = hist.n

    def h(s: int) -> Fraction:
        return Fraction(s * comb(population - s, n - 1), comb(population, n))

    p = 7 * h(1) / sum(int(c) * h(int(s)) for s, c in zip(hist.sizes, hist.counts))
    fraction = n / population
    assert zayatz(hist, fraction) == pytest.approx(float(7 * p / Fraction(fraction)), rel=1e-12)


def test_weights_below_one_are_warned_and_the_clamped_fraction_said(tmp_path, capsys):
    data = tmp_path / "small.csv"
    weights = [0.5] * 150 + [1.0] * 50  # the population estimate, 125, is below the 200 records
    _weighted(data, weights, cards=(5, 4))
    code, _, err = _run(capsys, "assess", str(data), "--qid", "a", "b", "--weight", "w", "--out", str(tmp_path / "o"))
    assert code == 0, err
    warnings = [line for line in err.splitlines() if line.startswith("warning: ")]
    assert any("150 record(s) have a weight below 1 in column 'w' (first in row 1)" in w for w in warnings)
    assert any("sum to 125, fewer than the 200 records" in w and "would be 1.6 and is taken as 1" in w
               for w in warnings)
    result = json.loads((tmp_path / "o" / "results.json").read_text())
    assert result["sample_risk"]["population_uniqueness"]["sampling_fraction"] == 1.0
    assert sum("weight below 1" in w for w in result["warnings"]) == 1


def test_weights_of_at_least_one_are_not_warned(tmp_path, capsys):
    data = tmp_path / "fine.csv"
    _weighted(data, [1.0] * 100 + [3.5] * 100, cards=(5, 4))
    code, _, err = _run(capsys, "assess", str(data), "--qid", "a", "b", "--weight", "w", "--out", str(tmp_path / "o"))
    assert code == 0 and "weight" not in err


@pytest.fixture
def nested(tmp_path):
    path = tmp_path / "nested.parquet"
    table = pa.table({
        "a": [1, 2, 3, 1],
        "st": pa.array([{"x": 1, "y": "a"}, {"x": 2, "y": "b"}, None, {"x": 1, "y": "a"}]),
        "li": pa.array([[1, 2], [3], [], None]),
        "mp": pa.array([[("k", 1)], [("j", 2)], [], None], type=pa.map_(pa.string(), pa.int64())),
    })
    pq.write_table(table, path)
    return path


@pytest.mark.parametrize("column, kind", [("st", "struct<x: int64, y: string>"), ("li", "list<element: int64>"),
                                          ("mp", "map<string, int64")])
def test_a_nested_parquet_column_is_refused_as_a_qid(tmp_path, capsys, nested, column, kind):
    code, _, err = _run(capsys, "assess", str(nested), "--qid", "a", column, "--out", str(tmp_path / "o"))
    assert code == 2 and err.count("\n") == 1
    assert err.startswith(f"error: nested.parquet: column '{column}' holds nested values ({kind}")


def test_profile_lists_nested_columns_as_unsupported(capsys, nested):
    code, out, err = _run(capsys, "profile", str(nested))
    assert code == 0, err
    lines = {line.split()[0]: line for line in out.splitlines()[1:]}
    assert set(lines) == {"'a'", "'st'", "'li'", "'mp'"}
    assert "not supported: nested values (struct<x: int64, y: string>)" in lines["'st'"]
    assert "not supported" not in lines["'a'"]
    code, out, _ = _run(capsys, "profile", str(nested), "--json")
    profiles = {p["name"]: p for p in json.loads(out)}
    assert profiles["li"]["type"] == "nested" and profiles["li"]["unsupported"] == "list<element: int64>"
    assert profiles["li"]["missing"] == 1 and "unsupported" not in profiles["a"]


def test_the_window_reads_a_file_with_nested_columns_and_refuses_them_as_roles(nested):
    from engine.analysis.config import DataSource
    from engine.foundation.errors import InputError
    from engine.io.preview import load_for_review, subtable

    review = load_for_review(DataSource(path=str(nested)))
    assert [p.kind for p in review.profiles] == ["integer", "nested", "nested", "nested"]
    assert subtable(review.table, ["a"]).n_rows == 4
    with pytest.raises(InputError, match=r"column 'mp' holds nested values \(map<string, int64"):
        subtable(review.table, ["a", "mp"])


@pytest.mark.parametrize("step", ['op = "sample", fraction = 0.5', 'op = "pram", columns = ["a"]'])
@pytest.mark.parametrize("seed, ok", [(-5, False), (-1, False), (0, True), (2**63 - 1, True)])
def test_scenario_sample_seeds_follow_the_synth_seed_rule(tmp_path, capsys, step, seed, ok):
    data = tmp_path / "data.csv"
    _weighted(data, [1.0] * 60, cards=(3, 3))
    scenario = tmp_path / "scenario.toml"
    scenario.write_text(f'[[scenario]]\nname = "half"\nsteps = [{{ {step}, seed = {seed} }}]\n', encoding="utf-8")
    code, _, err = _run(capsys, "assess", str(data), "--qid", "a", "b", "--scenario", str(scenario),
                        "--out", str(tmp_path / "o"))
    if ok:
        assert code == 0, err
    else:
        assert code == 2 and err.count("\n") == 1
        assert err == (f"error: scenario.toml: scenario 'half', step 1: seed must be a whole number from 0 to "
                       f"{2**63 - 1} (got {seed})\n")
