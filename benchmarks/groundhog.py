"""Benchmark of the Groundhog shadow-modelling attack with the default parameters.

Table: the anonymeter Adult control file (``../shared/data/anonymeter/
notebooks__datasets__adults_control.csv``, 9,759 rows, 6 numeric and 9 categorical columns)
when present, else a generated table of the same shape. Targets: ``--targets`` random rows.
For each generator the attack runs with the defaults (40 shadow datasets of 500 rows, 20 test
datasets, 100-tree random forest) on one process, then on ``--jobs`` processes; reported: time
per target, the ratio of the two, the mean AUC, and peak RSS (this process, and the largest
worker). The cost of starting a pool (workers importing scikit-learn) is timed on its own.

    python benchmarks/groundhog.py --targets 8 --jobs 2
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.rss import WorkerPeak, own_peak_mb  # noqa: E402
from engine.synthetic.generators import GENERATORS  # noqa: E402
from engine.synthetic.groundhog import groundhog_attack  # noqa: E402

ADULT = ROOT.parent / "shared" / "data" / "anonymeter" / "notebooks__datasets__adults_control.csv"


def load_table(seed: int) -> tuple[str, np.ndarray, list[str]]:
    """(name, codes, kinds): string columns become sorted category codes, numbers stay numbers."""
    if ADULT.exists():
        frame = pd.read_csv(ADULT, skipinitialspace=True)
        name = ADULT.name
    else:
        rng = np.random.default_rng(seed)
        n = 9759
        frame = pd.DataFrame({f"num{j}": rng.gamma(2.0, 10.0 * (j + 1), n).round() for j in range(6)})
        for j, m in enumerate((9, 16, 7, 15, 6, 5, 2, 41, 2)):
            frame[f"cat{j}"] = rng.zipf(1.6, n) % m
            frame[f"cat{j}"] = frame[f"cat{j}"].astype(str)
        name = "generated (adult-shaped)"
    columns, kinds = [], []
    for column in frame.columns:
        if pd.api.types.is_numeric_dtype(frame[column]):
            columns.append(frame[column].to_numpy(dtype=np.float64))
            kinds.append("numeric")
        else:
            codes, _ = pd.factorize(frame[column], sort=True)
            columns.append(codes.astype(np.float64))
            kinds.append("categorical")
    return name, np.column_stack(columns), kinds


def timed(population, kinds, targets, generator: str, jobs: int) -> tuple[float, float]:
    start = time.perf_counter()
    result = groundhog_attack(population, kinds, targets, generator=generator, jobs=jobs, seed=1)
    return time.perf_counter() - start, float(np.mean(result.per_target_auc))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--targets", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2022)
    args = parser.parse_args()

    name, population, kinds = load_table(args.seed)
    rng = np.random.default_rng(args.seed)
    targets = population[rng.choice(len(population), args.targets, replace=False)]
    print(f"{name}: {population.shape[0]:,} rows, {kinds.count('numeric')} numeric and "
          f"{kinds.count('categorical')} categorical columns; {args.targets} targets; defaults "
          f"(40 shadow datasets x 500 rows, 20 test datasets)")
    groundhog_attack(population, kinds, targets[:1], shadow_datasets=4, test_datasets=2)   # imports
    start = time.perf_counter()
    groundhog_attack(population, kinds, targets[:2], shadow_datasets=4, test_datasets=2, jobs=args.jobs)
    pool_start = time.perf_counter() - start
    print(f"pool start (forkserver workers importing scikit-learn, 2 tiny targets): {pool_start:.2f} s")
    for generator in GENERATORS:
        one, auc = timed(population, kinds, targets, generator, 1)
        with WorkerPeak() as workers:
            many, auc_many = timed(population, kinds, targets, generator, args.jobs)
        assert auc == auc_many, "scores differ between 1 and several processes"
        print(f"{generator:13s} 1 process {one / args.targets:6.3f} s/target | {args.jobs} processes "
              f"{many / args.targets:6.3f} s/target (incl. pool start) | ratio {one / many:4.2f} | "
              f"mean AUC {auc:.3f} | worker peak RSS {workers.peak_mb:6.1f} MB")
    print(f"peak RSS of this process: {own_peak_mb():.1f} MB")


if __name__ == "__main__":
    main()
