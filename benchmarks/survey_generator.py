"""A seeded generator of a household survey: people in households, with survey weights.

The shape of a national household sample (all values invented): households of 1 to 12
people (most of 1 to 4), each in a municipality drawn from a Zipf law over 5,570, nested in
27 states and 5 regions, urban or rural (more often rural in the small municipalities); the
household's first person is its head (18 to 95 years old), the second often a spouse of a
similar age, the others mostly children younger than the head. Education, marital status and
occupation follow age (no occupation under 14, mostly retired from 65), occupation is Zipf
over 500 codes, income (a number) follows education, and every person carries the sampling
weight of the household, which depends on the state (a stratified sample).

=================== =========================================================
QIDS (11)           region, state, municipality, urban, age, sex, race,
                    education, occupation, marital, household_size
KEYS (7)            the usual key of a sample file: region, urban, age_group
                    (5-year bands), sex, race, education, household_size
SENSITIVE           employed (0/1), income_band (0..9)
also                household (id), weight (> 0, two decimals), age_group,
                    income (a number)
=================== =========================================================

Every chunk draws from its own generator seeded by ``(seed, chunk number)``; household ids
are unique across chunks.

    python benchmarks/survey_generator.py --rows 100000 --out /tmp/survey_100k.csv
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Iterable

import numpy as np
import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq

QIDS = ["region", "state", "municipality", "urban", "age", "sex", "race", "education", "occupation", "marital",
        "household_size"]
KEYS = ["region", "urban", "age_group", "sex", "race", "education", "household_size"]
SENSITIVE = ["employed", "income_band"]
N_MUNICIPALITIES = 5_570
N_STATES = 27
N_OCCUPATIONS = 500
SIZE_P = np.array([0.15, 0.26, 0.22, 0.18, 0.09, 0.05, 0.025, 0.012, 0.006, 0.004, 0.002, 0.001])
CHUNK = 1_000_000


def _zipf(rng: np.random.Generator, size: int, values: int, exponent: float) -> np.ndarray:
    weights = 1.0 / np.arange(1, values + 1) ** exponent
    return rng.choice(values, size=size, p=weights / weights.sum())


def survey(rng: np.random.Generator, rows: int, first_household: int = 0) -> dict[str, np.ndarray]:
    """``rows`` people of whole households (the last one cut at ``rows``), as columns."""
    sizes = rng.choice(np.arange(1, SIZE_P.size + 1), size=rows // 2 + 16, p=SIZE_P / SIZE_P.sum())
    ends = np.cumsum(sizes)
    n_households = int(np.searchsorted(ends, rows)) + 1
    sizes = sizes[:n_households]
    household = np.repeat(np.arange(n_households), sizes)[:rows]
    member = np.arange(rows) - np.repeat(ends[:n_households] - sizes, sizes)[:rows]
    size = sizes[household]
    # geography and design, per household
    municipality_h = _zipf(rng, n_households, N_MUNICIPALITIES, 1.05)
    state_h = (municipality_h * 7919) % N_STATES           # a fixed, scrambled nesting
    urban_h = (rng.random(n_households) < np.where(municipality_h < 300, 0.95, 0.6)).astype(np.int8)
    state_weight = 80.0 + 40.0 * (np.arange(N_STATES) % 9) ** 1.5
    weight_h = np.round(state_weight[state_h] * rng.lognormal(0.0, 0.25, n_households), 2)
    head_age = np.clip(rng.normal(47, 15, n_households), 18, 95).astype(np.int32)
    # people
    head = head_age[household]
    age = np.where(member == 0, head,
                   np.where(member == 1, np.clip(head + rng.integers(-6, 7, rows), 16, 99),
                            np.clip(head - 18 - rng.integers(0, 25, rows), 0, 99))).astype(np.int32)
    sex = np.where(member == 1, 1 - (rng.random(rows) < 0.1), rng.integers(0, 2, rows)).astype(np.int8)
    race = _zipf(rng, n_households, 6, 1.4)[household].astype(np.int8)
    race = np.where(rng.random(rows) < 0.1, _zipf(rng, rows, 6, 1.4), race).astype(np.int8)
    schooling = np.minimum(np.maximum(age - 5, 0), rng.integers(4, 19, rows))
    education = np.minimum(schooling // 3, 6).astype(np.int8)
    working = (age >= 14) & (age < 65 + rng.integers(0, 10, rows))
    occupation = np.where(working & (rng.random(rows) < 0.8), 1 + _zipf(rng, rows, N_OCCUPATIONS, 1.2),
                          0).astype(np.int16)
    marital = np.where(age < 16, 0, np.where(member == 1, 1, rng.integers(0, 5, rows))).astype(np.int8)
    income = np.where(occupation > 0, np.round(rng.lognormal(6.5 + 0.25 * education, 0.7), 2), 0.0)
    return {
        "household": (household + first_household).astype(np.int64),
        "weight": weight_h[household],
        "region": (state_h % 5)[household].astype(np.int8),
        "state": state_h[household].astype(np.int8),
        "municipality": municipality_h[household].astype(np.int32),
        "urban": urban_h[household],
        "age": age, "age_group": (age // 5).astype(np.int8), "sex": sex, "race": race, "education": education, "occupation": occupation,
        "marital": marital, "household_size": size.astype(np.int8),
        "employed": (occupation > 0).astype(np.int8),
        "income_band": np.minimum(np.log2(1 + income / 200).astype(np.int8), 9),
        "income": income,
    }


def write_tables(path: str | Path, tables: Iterable[pa.Table]) -> None:
    """Write ``tables`` one after the other to ``path`` (.csv or .parquet), through a temporary
    file that replaces ``path`` when all are written."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".part")
    writer = None
    try:
        for table in tables:
            if writer is None:
                writer = (pacsv.CSVWriter(tmp, table.schema) if path.suffix == ".csv"
                          else pq.ParquetWriter(tmp, table.schema))
            writer.write_table(table)
    finally:
        if writer is not None:
            writer.close()
    tmp.replace(path)


def write(path: str | Path, rows: int, seed: int = 2018) -> None:
    """Write ``rows`` people to ``path`` (.csv or .parquet), chunk by chunk."""
    write_tables(path, (pa.table(survey(np.random.default_rng([seed, number]), min(CHUNK, rows - start),
                                        first_household=number * CHUNK))
                        for number, start in enumerate(range(0, rows, CHUNK))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=2018)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    write(args.out, args.rows, args.seed)


if __name__ == "__main__":
    main()
