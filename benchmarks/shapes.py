"""Generators of tables of different shapes for the sweep benchmarks.

Each shape writes 11 QIDs and 2 sensitive attributes to Parquet. The shapes are chosen to
defeat one optimisation each, so that a planner tuned to one kind of data shows it:

- ``census``: the census-like table of ``census_generator.py`` (nested geography, dates of
  birth, a few binary columns);
- ``independent``: independent uniform columns of cardinalities 2 to 60: no functional
  dependencies, no skew, few rows collapse;
- ``high-cardinality``: seven columns with 1,000 to 200,000 distinct values beside four small
  ones: most records are unique after two QIDs, partitions are wide;
- ``skewed-nested``: region > state > municipality (Zipf), age-driven education and a Zipf
  occupation column with a long tail: dependencies and skew;
- ``missing``: like ``independent`` but 20-60% of each column missing (a value of its own);
- ``survey``: people in households (``survey_generator.py``): Zipf municipality nested in
  states and regions, urban/rural, age-driven education, marital status and occupation (Zipf
  over 500 codes), household size shared by the household's members;
- ``business``: establishments of skewed sizes: Zipf municipality > state > region, a nested
  industry code (21 sections > 88 divisions > Zipf over 600 classes), legal form, employees
  (Pareto, up to 50,000: a count that is unique for the largest), the size class and the
  turnover band it drives, the year founded; exporter and profit band as sensitive.

    python benchmarks/shapes.py --shape independent --rows 100000 --out /tmp/independent.parquet
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Callable

import numpy as np
import pyarrow as pa

sys.path.insert(0, str(Path(__file__).resolve().parent))

QIDS = [f"q{i:02d}" for i in range(11)]
SENSITIVE = ["s0", "s1"]
CHUNK = 2_000_000


def _zipf_codes(rng: np.random.Generator, size: int, values: int, exponent: float = 1.1) -> np.ndarray:
    weights = 1.0 / np.arange(1, values + 1) ** exponent
    return rng.choice(values, size=size, p=weights / weights.sum())


def _sensitive(rng: np.random.Generator, rows: int) -> dict[str, np.ndarray]:
    return {"s0": (rng.random(rows) < 0.03).astype(np.int8),
            "s1": rng.integers(0, 5, rows).astype(np.int8)}


def independent(rng: np.random.Generator, rows: int) -> dict[str, np.ndarray]:
    cards = np.linspace(2, 60, len(QIDS)).astype(int)
    out = {name: rng.integers(0, card, rows).astype(np.int32) for name, card in zip(QIDS, cards)}
    return out | _sensitive(rng, rows)


def high_cardinality(rng: np.random.Generator, rows: int) -> dict[str, np.ndarray]:
    cards = [2, 3, 5, 8, 1_000, 5_000, 20_000, 50_000, 100_000, 150_000, 200_000]
    out = {name: rng.integers(0, card, rows).astype(np.int32) for name, card in zip(QIDS, cards)}
    return out | _sensitive(rng, rows)


def skewed_nested(rng: np.random.Generator, rows: int) -> dict[str, np.ndarray]:
    municipality = _zipf_codes(rng, rows, 5_000, 1.05)
    state = municipality % 27
    region = state % 5
    age = np.clip(rng.normal(38, 18, rows), 0, 100).astype(np.int32)
    education = np.minimum(age // 6, 6) + rng.integers(0, 2, rows) * (age > 18)
    occupation = _zipf_codes(rng, rows, 2_000, 1.3)
    sex = rng.integers(0, 2, rows)
    race = _zipf_codes(rng, rows, 6, 1.5)
    income_band = np.minimum(education + _zipf_codes(rng, rows, 8, 1.2), 12)
    marital = np.where(age < 18, 0, rng.integers(0, 5, rows))
    household_size = _zipf_codes(rng, rows, 15, 1.6) + 1
    columns = [region, state, municipality, age, education, occupation, sex, race, income_band,
               marital, household_size]
    out = {name: np.asarray(values, dtype=np.int32) for name, values in zip(QIDS, columns)}
    return out | _sensitive(rng, rows)


def with_missing(rng: np.random.Generator, rows: int) -> dict[str, np.ndarray]:
    out = independent(rng, rows)
    for share, name in zip(np.linspace(0.2, 0.6, len(QIDS)), QIDS):
        values = out[name].astype(np.float64)
        values[rng.random(rows) < share] = np.nan
        out[name] = values
    return out


BUSINESS_QIDS = ["region", "state", "municipality", "section", "division", "industry", "legal_form",
                 "employees", "size_class", "turnover_band", "founded"]
BUSINESS_SENSITIVE = ["exporter", "profit_band"]


def survey(rng: np.random.Generator, rows: int) -> dict[str, np.ndarray]:
    from survey_generator import QIDS as SURVEY_GENERATOR_QIDS, SENSITIVE as SURVEY_SENSITIVE, survey as people

    columns = people(rng, rows)
    return {name: columns[name] for name in SURVEY_GENERATOR_QIDS + SURVEY_SENSITIVE}


def business(rng: np.random.Generator, rows: int) -> dict[str, np.ndarray]:
    municipality = _zipf_codes(rng, rows, 5_570, 1.1)
    state = (municipality * 7919) % 27
    industry = _zipf_codes(rng, rows, 600, 1.05)
    division = (industry * 31) % 88
    section = division % 21
    legal_form = _zipf_codes(rng, rows, 10, 1.8)
    employees = np.minimum(np.floor(rng.pareto(1.1, rows) * 2) + 1, 50_000).astype(np.int32)
    size_class = np.searchsorted(np.array([10, 50, 250, 1_000, 5_000]), employees, side="right")
    turnover_band = np.clip(np.log2(employees * rng.lognormal(4.0, 0.8, rows)).astype(np.int32), 0, 24)
    founded = 2024 - np.minimum(rng.exponential(12 + 2 * size_class, rows).astype(np.int32), 150)
    exporter = (rng.random(rows) < 0.02 + 0.08 * size_class).astype(np.int8)
    profit_band = np.clip(rng.normal(2 + 0.3 * size_class, 1.2, rows).astype(np.int32), 0, 6).astype(np.int8)
    columns = [state % 5, state, municipality, section, division, industry, legal_form, employees, size_class,
               turnover_band, founded]
    out = {name: np.asarray(values, dtype=np.int32) for name, values in zip(BUSINESS_QIDS, columns)}
    return out | {"exporter": exporter, "profit_band": profit_band}


GENERATORS: dict[str, Callable[[np.random.Generator, int], dict[str, np.ndarray]]] = {
    "independent": independent,
    "high-cardinality": high_cardinality,
    "skewed-nested": skewed_nested,
    "missing": with_missing,
    "survey": survey,
    "business": business,
}
SHAPES = ("census",) + tuple(GENERATORS)


def columns_of(shape: str) -> tuple[list[str], list[str]]:
    """(QIDs, sensitive attributes) of a shape's table."""
    if shape == "census":
        from census_generator import QIDS as CENSUS_QIDS, SENSITIVE as CENSUS_SENSITIVE

        return list(CENSUS_QIDS), list(CENSUS_SENSITIVE)
    if shape == "survey":
        from survey_generator import QIDS as SURVEY_GENERATOR_QIDS, SENSITIVE as SURVEY_SENSITIVE

        return list(SURVEY_GENERATOR_QIDS), list(SURVEY_SENSITIVE)
    if shape == "business":
        return list(BUSINESS_QIDS), list(BUSINESS_SENSITIVE)
    return list(QIDS), list(SENSITIVE)


def write(shape: str, path: str | Path, rows: int, seed: int = 2018) -> None:
    """Write ``rows`` rows of ``shape`` to the Parquet file ``path`` (chunk by chunk)."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    if shape == "census":
        from census_generator import write as write_census

        write_census(path, rows, seed)
        return
    from survey_generator import write_tables

    generator = GENERATORS[shape]
    write_tables(path, (pa.table(generator(np.random.default_rng([seed, number]), min(CHUNK, rows - start)))
                        for number, start in enumerate(range(0, rows, CHUNK))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shape", choices=SHAPES, required=True)
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=2018)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    write(args.shape, args.out, args.rows, args.seed)


if __name__ == "__main__":
    main()
