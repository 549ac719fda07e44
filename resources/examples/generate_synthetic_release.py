"""Make the synthetic-release example from census_example.csv (seeded, numpy and pandas only).

- ``synthetic_real.csv``: 5,000 census rows, the "real" file a synthetic release was made from;
- ``synthetic_control.csv``: 5,000 other census rows, never used to make the release (control);
- ``synthetic_release.csv``: 5,000 rows: 90% drawn column by column from the real file's
  marginals (independent, so they say nothing about any one record) and 10% exact copies of
  real records: a careless generator that memorised part of its training data.

    python resources/examples/generate_synthetic_release.py --seed 2021
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
import pandas as pd

HERE = Path(__file__).resolve().parent
COLUMNS = ["birth_day", "birth_month", "birth_year", "sex", "race", "municipality_residence", "school", "school_type",
           "bolsa_familia"]


def generate(census: pd.DataFrame, rows: int = 5000, copies: float = 0.10, seed: int = 2021
             ) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """(real, control, synthetic) frames: disjoint real/control samples and a leaky release."""
    rng = np.random.default_rng(seed)
    shuffled = census[COLUMNS].iloc[rng.permutation(len(census))].reset_index(drop=True)
    real, control = shuffled.iloc[:rows].reset_index(drop=True), shuffled.iloc[rows:2 * rows].reset_index(drop=True)
    n_copies = int(round(copies * rows))
    fresh = pd.DataFrame({c: real[c].to_numpy()[rng.integers(0, rows, rows - n_copies)] for c in COLUMNS})
    copied = real.iloc[rng.choice(rows, n_copies, replace=False)]
    synthetic = pd.concat([fresh, copied], ignore_index=True)
    synthetic = synthetic.iloc[rng.permutation(len(synthetic))].reset_index(drop=True)
    return real, control, synthetic


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2021)
    parser.add_argument("--rows", type=int, default=5000)
    parser.add_argument("--out", type=Path, default=HERE)
    args = parser.parse_args()
    census = pd.read_csv(HERE / "census_example.csv")
    real, control, synthetic = generate(census, args.rows, seed=args.seed)
    for name, frame in (("synthetic_real", real), ("synthetic_control", control), ("synthetic_release", synthetic)):
        frame.to_csv(args.out / f"{name}.csv", index=False)


if __name__ == "__main__":
    main()
