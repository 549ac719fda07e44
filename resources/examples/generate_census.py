"""Generate the synthetic school-census example table shipped with RiskReview.

All values are invented (no real person or school is described), so the output
is free to ship. The result is deterministic for a given ``seed``.

Usage::

    python resources/examples/generate_census.py [--rows N] [--seed S] [--out PATH]

Tests can load this file by path and call :func:`generate`.
"""

from __future__ import annotations

import argparse
import calendar
from pathlib import Path

import numpy as np
import pandas as pd

DEFAULT_ROWS = 20000
DEFAULT_SEED = 2021
DEFAULT_OUT = Path(__file__).resolve().parent / "census_example.csv"

N_SCHOOLS = 400

# Municipalities in order of size rank (Zipf-like weights are assigned by rank).
MUNICIPALITIES: list[str] = [
    "Jundiaí", "São Tomé", "Campo Alegre", "Rio Claro do Sul", "Vila Nova",
    "Santa Luzia", "Boa Esperança", "Itaperuna", "Três Barras", "Nova Aurora",
    "Porto Seguro do Oeste", "Ribeirão das Pedras", "Águas Claras",
    "São João do Ipê", "Monte Alegre", "Pedra Branca", "Cachoeira Dourada",
    "Lagoa Santa", "Itabira do Campo", "Bom Jesus da Serra", "Araçá",
    "Jabuticabeira", "Piracema", "Serra Azul", "Paraíso do Norte", "Caraguá",
    "Santo Antônio da Mata", "Conceição do Rio", "Tamboril", "Ibitinga",
    "Mirassol do Sul", "Guaraçaí", "Palmeiras", "Coqueiral", "São Bento",
    "Taquaritinga", "Cruz das Almas", "Bela Vista", "Ouro Fino", "Flor da Serra",
    "Pau d'Arco", "Iguaçu Mirim", "Riachão", "Barra Funda", "Sertãozinho",
    "Imbé", "Canindé", "Xique-Xique", "Maracajá", "Içara", "Poço Fundo",
    "Luminárias", "Areia Branca", "Jacareí Mirim", "Cambuí", "Tupã",
    "Macaúbas", "Itaúna do Sul", "Potiraguá", "Carmo da Mata",
]

RACES = ["White", "Brown", "Black", "Yellow", "Indigenous", "Not declared"]
RACE_P = [0.43, 0.42, 0.09, 0.01, 0.005, 0.045]

NATIONALITIES = ["Brazilian", "Naturalized", "Foreign"]
NATIONALITY_P = [0.985, 0.010, 0.005]

SCHOOL_TYPES = ["Municipal", "State", "Federal", "Private"]
SCHOOL_TYPE_P = [0.45, 0.35, 0.03, 0.17]
# P(bolsa_familia = yes) by school type.
BOLSA_P = {"Municipal": 0.085, "State": 0.065, "Federal": 0.02, "Private": 0.005}

# Birth-year span (inclusive) of the regular students of each school level.
LEVEL_YEARS = {
    "early": (2011, 2016),
    "middle": (2007, 2010),
    "high": (2004, 2006),
    "full": (2004, 2016),
}

SPECIAL_NEEDS_P = 0.02
RACE_MISSING_P = 0.01
SAME_MUNICIPALITY_P = 0.85
ADULT_SCHOOL_P = 0.25  # share of public non-federal schools offering adult education
ADULT_STUDENT_P = 0.15  # share of adult students within such schools


def _zipf_weights(n: int, s: float = 1.0) -> np.ndarray:
    w = 1.0 / np.arange(1, n + 1) ** s
    return w / w.sum()


def _schools(rng: np.random.Generator, muni_p: np.ndarray) -> pd.DataFrame:
    """Nest schools in municipalities and give each a type, level and weight."""
    n_muni = len(muni_p)
    counts = np.maximum(1, np.floor(N_SCHOOLS * muni_p)).astype(int)
    while counts.sum() < N_SCHOOLS:  # hand out the remainder to the largest
        counts[np.argmax(N_SCHOOLS * muni_p - counts)] += 1
    while counts.sum() > N_SCHOOLS:
        counts[np.argmax(counts)] -= 1
    muni_idx = np.repeat(np.arange(n_muni), counts)

    stype = rng.choice(SCHOOL_TYPES, size=N_SCHOOLS, p=SCHOOL_TYPE_P)
    level = np.where(
        stype == "Federal",
        "high",
        rng.choice(list(LEVEL_YEARS), size=N_SCHOOLS, p=[0.35, 0.3, 0.15, 0.2]),
    )
    adult = np.isin(stype, ["Municipal", "State"]) & (rng.random(N_SCHOOLS) < ADULT_SCHOOL_P)

    # Heavy-tailed school sizes, rescaled so that each municipality's share of
    # students follows its Zipf weight.
    size = rng.lognormal(mean=0.0, sigma=1.4, size=N_SCHOOLS)
    size = np.where(stype == "Private", size * 0.6, size)
    muni_total = np.bincount(muni_idx, weights=size, minlength=n_muni)
    weight = muni_p[muni_idx] * size / muni_total[muni_idx]

    return pd.DataFrame(
        {
            "school": [f"SCH-{i:04d}" for i in range(1, N_SCHOOLS + 1)],
            "municipality": muni_idx,
            "school_type": stype,
            "level": level,
            "adult": adult,
            "weight": weight / weight.sum(),
        }
    )


def _birth_years(rng: np.random.Generator, schools: pd.DataFrame, school_idx: np.ndarray) -> np.ndarray:
    lo = schools["level"].map(lambda lv: LEVEL_YEARS[lv][0]).to_numpy()[school_idx]
    hi = schools["level"].map(lambda lv: LEVEL_YEARS[lv][1]).to_numpy()[school_idx]
    years = rng.integers(lo, hi + 1)
    is_adult = schools["adult"].to_numpy()[school_idx] & (rng.random(len(school_idx)) < ADULT_STUDENT_P)
    # Adult-education tail 1960-2003, denser for recent years.
    adult_years = 2003 - np.floor(rng.triangular(0, 0, 44, size=len(school_idx))).astype(int)
    return np.where(is_adult, adult_years, years)


def _birth_days(rng: np.random.Generator, years: np.ndarray, months: np.ndarray) -> np.ndarray:
    days_in_month = np.array([calendar.monthrange(int(y), int(m))[1] for y, m in zip(years, months)])
    return 1 + np.floor(rng.random(len(years)) * days_in_month).astype(int)


def generate(rows: int = DEFAULT_ROWS, seed: int = DEFAULT_SEED) -> pd.DataFrame:
    """Return a synthetic school-census table with ``rows`` records."""
    rng = np.random.default_rng(seed)
    n_muni = len(MUNICIPALITIES)
    muni_p = _zipf_weights(n_muni)
    schools = _schools(rng, muni_p)

    school_idx = rng.choice(N_SCHOOLS, size=rows, p=schools["weight"].to_numpy())
    residence = schools["municipality"].to_numpy()[school_idx]

    # Birth municipality: same as residence for ~85%, otherwise another one.
    other = rng.choice(n_muni, size=rows, p=muni_p)
    clash = other == residence
    while clash.any():
        other[clash] = rng.choice(n_muni, size=int(clash.sum()), p=muni_p)
        clash = other == residence
    birth_muni = np.where(rng.random(rows) < SAME_MUNICIPALITY_P, residence, other)

    years = _birth_years(rng, schools, school_idx)
    months = rng.integers(1, 13, size=rows)
    days = _birth_days(rng, years, months)

    stype = schools["school_type"].to_numpy()[school_idx]
    bolsa_p = np.array([BOLSA_P[t] for t in stype])

    race = rng.choice(RACES, size=rows, p=RACE_P).astype(object)
    race[rng.random(rows) < RACE_MISSING_P] = None

    names = np.array(MUNICIPALITIES, dtype=object)
    return pd.DataFrame(
        {
            "student_id": 100000 + rng.permutation(rows),
            "birth_day": days,
            "birth_month": months,
            "birth_year": years,
            "sex": rng.choice(["F", "M"], size=rows, p=[0.49, 0.51]),
            "race": race,
            "nationality": rng.choice(NATIONALITIES, size=rows, p=NATIONALITY_P),
            "municipality_birth": names[birth_muni],
            "municipality_residence": names[residence],
            "school": schools["school"].to_numpy()[school_idx],
            "school_type": stype,
            "special_needs": np.where(rng.random(rows) < SPECIAL_NEEDS_P, "yes", "no"),
            "bolsa_familia": np.where(rng.random(rows) < bolsa_p, "yes", "no"),
        }
    )


def _unique_share(df: pd.DataFrame, cols: list[str]) -> float:
    sizes = df.groupby(cols, dropna=False)[cols[0]].transform("size")
    return float((sizes == 1).mean())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Generate the synthetic school-census example table.")
    parser.add_argument("--rows", type=int, default=DEFAULT_ROWS)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)

    df = generate(args.rows, args.seed)
    df.to_csv(args.out, index=False, encoding="utf-8")

    qids = [c for c in df.columns if c not in ("student_id", "special_needs", "bolsa_familia")]
    print(f"wrote {len(df)} rows to {args.out} ({args.out.stat().st_size} bytes)")
    print(f"unique on (birth_day, birth_month, birth_year, school): "
          f"{_unique_share(df, ['birth_day', 'birth_month', 'birth_year', 'school']):.3f}")
    print(f"unique on all QIDs: {_unique_share(df, qids):.3f}")
    print(f"unique on (sex): {_unique_share(df, ['sex']):.3f}")


if __name__ == "__main__":
    main()
