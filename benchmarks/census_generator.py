"""A seeded generator of a census-like table at the scale of the 2018 School Census.

The thesis swept every subset of 11 QIDs of the 2018 School Census (48,176,423 rows). This
writes a synthetic table with the same QIDs and cardinalities, as integer codes the way the
census publishes them, to Parquet in chunks, so 48 million rows never exist in memory at once:

======================== ============================================================
birth_day                1..31 (valid for the month and year)
birth_month              1..12
birth_year               ~100 values, ~97% on the 20 school-age years 1999..2018
sex                      1, 2
race                     0..5 (0 = not declared)
nationality              1 Brazilian, 2 naturalised, 3 foreign (~0.6% not 1)
country_of_birth         ~200 codes; 76 (Brazil) for every Brazilian
municipality_birth       ~5,570 7-digit codes; the residence for ~88%; missing (null)
                         for the foreign-born
municipality_residence   ~5,570 7-digit codes, Zipf-sized
school                   ~180,000 8-digit codes, nested in the residence municipality
school_type              1..4 (federal, state, municipal, private)
special_needs            0/1, ~1.5% (rare sensitive attribute)
bolsa_familia            0/1, ~4%, depends on the school type (rare sensitive attribute)
======================== ============================================================

Every chunk draws from its own generator seeded by ``(seed, chunk number)``, so the file is
a pure function of ``rows``, ``seed`` and ``chunk_rows``. All values are invented.

    python benchmarks/census_generator.py --rows 48176423 --out /tmp/census_48m.parquet
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

THESIS_ROWS = 48_176_423
QIDS = ["birth_day", "birth_month", "birth_year", "sex", "race", "nationality", "country_of_birth",
        "municipality_birth", "municipality_residence", "school", "school_type"]
SENSITIVE = ["special_needs", "bolsa_familia"]

N_MUNICIPALITIES = 5_570
N_SCHOOLS = 180_000
N_COUNTRIES = 200
BRAZIL = 76
CENSUS_YEAR = 2018
SCHOOL_YEARS = 20                       # birth years 1999..2018
ADULT_SHARE = 0.03                      # youth and adult education: born 1919..1998
NATIONALITY_P = [0.994, 0.002, 0.004]
RACE_P = [0.30, 0.34, 0.04, 0.31, 0.005, 0.005]   # not declared, white, black, brown, yellow, indigenous
SCHOOL_TYPE_P = [0.01, 0.32, 0.48, 0.19]           # federal, state, municipal, private
BOLSA_P = np.array([0.01, 0.05, 0.06, 0.002])      # P(bolsa_familia) by school type
SPECIAL_NEEDS_P = 0.015
SAME_MUNICIPALITY_P = 0.88
DEFAULT_CHUNK = 2_000_000

SCHEMA = pa.schema([
    ("birth_day", pa.int8()), ("birth_month", pa.int8()), ("birth_year", pa.int16()),
    ("sex", pa.int8()), ("race", pa.int8()), ("nationality", pa.int8()),
    ("country_of_birth", pa.int16()), ("municipality_birth", pa.int32()),
    ("municipality_residence", pa.int32()), ("school", pa.int32()), ("school_type", pa.int8()),
    ("special_needs", pa.int8()), ("bolsa_familia", pa.int8()),
])


def _zipf(n: int, exponent: float = 1.0, offset: float = 3.0) -> np.ndarray:
    weights = 1.0 / (np.arange(n) + offset) ** exponent
    return weights / weights.sum()


class Geography:
    """Municipalities (Zipf-sized, 7-digit codes) and schools nested in them."""

    def __init__(self, seed: int) -> None:
        rng = np.random.default_rng([seed, 2 ** 32 - 1])
        self.municipality_codes = np.sort(rng.choice(np.arange(1_100_000, 5_300_000), N_MUNICIPALITIES,
                                                     replace=False)).astype(np.int32)
        self.municipality_p = _zipf(N_MUNICIPALITIES)[rng.permutation(N_MUNICIPALITIES)]
        # Every municipality has a school; the rest are handed out by size.
        extra = rng.multinomial(N_SCHOOLS - N_MUNICIPALITIES, self.municipality_p)
        per_municipality = 1 + extra
        self.school_municipality = np.repeat(np.arange(N_MUNICIPALITIES), per_municipality)
        self.school_codes = (11_000_000 + np.sort(rng.choice(42_000_000, N_SCHOOLS, replace=False))
                             ).astype(np.int32)
        self.school_type = rng.choice(4, size=N_SCHOOLS, p=SCHOOL_TYPE_P).astype(np.int8) + 1
        size = rng.lognormal(0.0, 1.0, N_SCHOOLS)
        share_in_municipality = size / np.bincount(self.school_municipality, weights=size)[self.school_municipality]
        weight = self.municipality_p[self.school_municipality] * share_in_municipality
        self.school_cdf = np.cumsum(weight / weight.sum())
        self.municipality_cdf = np.cumsum(self.municipality_p)
        # School-age birth years, oldest first: fewer at the ends (leaving school, day care).
        ages = np.r_[np.linspace(0.3, 1.0, 6), np.ones(9), np.linspace(1.0, 0.2, 5)]
        self.school_year_cdf = np.cumsum(ages / ages.sum())
        self.country_cdf = np.cumsum(_zipf(N_COUNTRIES - 1, exponent=1.2, offset=1.0))
        self.country_codes = np.array([c for c in range(1, N_COUNTRIES + 1) if c != BRAZIL], dtype=np.int16)


def _draw(cdf: np.ndarray, rng: np.random.Generator, size: int) -> np.ndarray:
    return np.minimum(np.searchsorted(cdf, rng.random(size), side="right"), len(cdf) - 1)


def _days_in_month(years: np.ndarray, months: np.ndarray) -> np.ndarray:
    days = np.array([0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31], dtype=np.int8)[months]
    leap = (years % 4 == 0) & ((years % 100 != 0) | (years % 400 == 0))
    return days + ((months == 2) & leap)


def chunk(geo: Geography, rows: int, seed: int, number: int) -> pa.Table:
    """One chunk of ``rows`` records, a pure function of ``(seed, number)``."""
    rng = np.random.default_rng([seed, number])
    school = _draw(geo.school_cdf, rng, rows)
    residence = geo.school_municipality[school]
    moved = rng.random(rows) >= SAME_MUNICIPALITY_P
    birth = np.where(moved, _draw(geo.municipality_cdf, rng, rows), residence)

    nationality = (rng.choice(3, size=rows, p=NATIONALITY_P) + 1).astype(np.int8)
    foreign_born = nationality != 1
    country = np.full(rows, BRAZIL, dtype=np.int16)
    country[foreign_born] = geo.country_codes[_draw(geo.country_cdf, rng, int(foreign_born.sum()))]

    # School-age years peak in the middle of the range (entry and leaving are spread out).
    school_years = CENSUS_YEAR - SCHOOL_YEARS + 1 + _draw(geo.school_year_cdf, rng, rows)
    adult_years = CENSUS_YEAR - 20 - np.minimum(rng.exponential(12.0, rows).astype(np.int64), 79)
    year = np.where(rng.random(rows) < ADULT_SHARE, adult_years, school_years).astype(np.int16)
    month = rng.integers(1, 13, size=rows).astype(np.int8)
    day = (1 + (rng.random(rows) * _days_in_month(year, month)).astype(np.int8)).astype(np.int8)

    school_type = geo.school_type[school]
    birth_codes = pa.array(geo.municipality_codes[birth], mask=foreign_born, type=pa.int32())
    columns = {
        "birth_day": day, "birth_month": month, "birth_year": year,
        "sex": (rng.integers(0, 2, size=rows) + 1).astype(np.int8),
        "race": rng.choice(6, size=rows, p=RACE_P).astype(np.int8),
        "nationality": nationality, "country_of_birth": country,
        "municipality_birth": birth_codes,
        "municipality_residence": geo.municipality_codes[residence],
        "school": geo.school_codes[school], "school_type": school_type,
        "special_needs": (rng.random(rows) < SPECIAL_NEEDS_P).astype(np.int8),
        "bolsa_familia": (rng.random(rows) < BOLSA_P[school_type - 1]).astype(np.int8),
    }
    return pa.table(columns, schema=SCHEMA)


def write(path: str | Path, rows: int, seed: int = 2018, chunk_rows: int = DEFAULT_CHUNK,
          verbose: bool = False) -> Path:
    """Write ``rows`` records to ``path`` (Parquet), one row group per chunk."""
    path = Path(path)
    geo = Geography(seed)
    tmp = path.with_name(path.name + ".partial")
    start = time.perf_counter()
    with pq.ParquetWriter(tmp, SCHEMA, compression="zstd") as writer:
        for number, first in enumerate(range(0, rows, chunk_rows)):
            writer.write_table(chunk(geo, min(chunk_rows, rows - first), seed, number))
            if verbose:
                print(f"  {min(first + chunk_rows, rows):,} rows, {time.perf_counter() - start:.0f}s", flush=True)
    tmp.replace(path)
    return path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=THESIS_ROWS)
    parser.add_argument("--seed", type=int, default=2018)
    parser.add_argument("--chunk-rows", type=int, default=DEFAULT_CHUNK)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    write(args.out, args.rows, args.seed, args.chunk_rows, verbose=True)
    print(f"wrote {args.rows:,} rows to {args.out} ({args.out.stat().st_size / 1e6:,.0f} MB) "
          f"in {time.perf_counter() - start:.0f}s")


if __name__ == "__main__":
    main()
