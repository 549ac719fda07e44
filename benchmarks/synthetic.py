"""Benchmark of the synthetic-data attacks at scale: closest-distance MIA and AIA plus CAP on
50k real x 50k synthetic records (UCI Adult resampled; a generated table when ../shared/data
is absent), with the KD-tree index, against a brute-force numpy pairwise-distance baseline
run on a sample of targets and extrapolated to the same searches.

    python benchmarks/synthetic.py --rows 50000 --targets 5000 --jobs 1

Prints wall time, targets per second, the baseline's extrapolated time, the ratio and the
peak RSS (this process and the workers).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.rss import WorkerPeak, own_peak_mb  # noqa: E402
from engine.analysis.config import DataSource  # noqa: E402
from engine.synthetic import closest  # noqa: E402
from engine.synthetic.api import run_synthetic_assessment  # noqa: E402
from engine.synthetic.config import SyntheticConfig  # noqa: E402
from engine.synthetic.data import load_attack_data  # noqa: E402
from engine.synthetic.distances import DistanceSpace  # noqa: E402

ADULT = ROOT.parent / "shared" / "data" / "pycanon" / "raw__adult.csv"


def tables(rows: int, seed: int) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, str]:
    """Real, synthetic and control tables of ``rows`` records each."""
    rng = np.random.default_rng(seed)
    if ADULT.exists():
        adult = pd.read_csv(ADULT, skipinitialspace=True)
        half = rng.permutation(len(adult))
        source_real, source_control = adult.iloc[half[: len(adult) // 2]], adult.iloc[half[len(adult) // 2:]]
        real = source_real.sample(rows, replace=True, random_state=seed).reset_index(drop=True)
        control = source_control.sample(rows, replace=True, random_state=seed + 1).reset_index(drop=True)
        synthetic = real.sample(rows, replace=True, random_state=seed + 2).reset_index(drop=True)
        for column in ("age", "hours-per-week", "fnlwgt"):          # perturb numerics a little
            noise = rng.normal(0, synthetic[column].std() * 0.05, rows)
            synthetic[column] = (synthetic[column] + noise).round().astype(int)
        return real, synthetic, control, "salary-class"
    def generated(n: int) -> pd.DataFrame:
        return pd.DataFrame({"age": rng.integers(18, 90, n), "sex": rng.choice(["F", "M"], n),
                             "region": rng.integers(0, 40, n).astype(str), "job": rng.integers(0, 15, n).astype(str),
                             "hours": rng.integers(1, 80, n), "income": rng.choice(["low", "high"], n, p=[0.7, 0.3])})
    return generated(rows), generated(rows), generated(rows), "income"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=50_000)
    parser.add_argument("--targets", type=int, default=5_000, help="member and non-member targets each")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--distance", default="mixed")
    parser.add_argument("--sample", type=int, default=200, help="targets of the brute-force baseline")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    real, synthetic, control, sensitive = tables(args.rows, args.seed)
    qids = tuple(c for c in real.columns if c != sensitive)
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for name, frame in (("real", real), ("synthetic", synthetic), ("control", control)):
            paths[name] = Path(folder) / f"{name}.csv"
            frame.to_csv(paths[name], index=False)
        config = SyntheticConfig(real=DataSource(str(paths["real"])), synthetic=DataSource(str(paths["synthetic"])),
                                 control=DataSource(str(paths["control"])), qids=qids, sensitive=sensitive,
                                 attacks=("closest-mia", "closest-aia", "cap"), distance=args.distance,
                                 targets=args.targets, jobs=args.jobs, seed=args.seed)
        with WorkerPeak() as workers:
            start = time.monotonic()
            assessment = run_synthetic_assessment(config)
            wall = time.monotonic() - start
        data, _ = load_attack_data(config)
    n_targets = assessment.attack("closest-mia").targets
    space = DistanceSpace.from_data(data, args.distance)
    candidates = closest.candidate_values(data.synthetic[:, data.sensitive_index])
    searches = n_targets * (1 + len(candidates))       # one full search + one per sensitive value
    sample = data.real[: args.sample]
    start = time.monotonic()
    full = space.pairwise(sample, data.synthetic, tuple(range(len(data.columns)))).min(axis=1)
    for value in candidates:
        rows = data.synthetic[closest.same_value(data.synthetic[:, data.sensitive_index], value)]
        space.pairwise(sample, rows, data.qid_indices).min(axis=1)
    brute_per_target = (time.monotonic() - start) / len(sample)
    brute = brute_per_target * n_targets
    print(f"data: {'UCI Adult resampled' if ADULT.exists() else 'generated'}; {len(data.real):,} real, "
          f"{len(data.synthetic):,} synthetic, {len(data.control):,} control; {len(data.columns)} columns; "
          f"distance {args.distance}; jobs {args.jobs}")
    print(f"targets: {n_targets:,} ({searches:,} nearest-neighbour searches incl. {len(candidates)} per-value "
          f"AIA searches) + CAP over {len(data.real) + len(data.control):,} records")
    print(f"timings: {', '.join(f'{k} {v:.1f}s' for k, v in assessment.timings.items())}")
    print(f"indexed: wall {wall:.1f}s, {n_targets / assessment.timings['distances']:,.0f} targets/s "
          f"(closest MIA + AIA)")
    print(f"brute force (numpy pairwise, {len(sample)} targets sampled): {brute_per_target * 1000:.1f} ms/target, "
          f"extrapolated {brute:.1f}s for {n_targets:,} targets")
    print(f"ratio brute/indexed (distance stage): {brute / assessment.timings['distances']:.1f}x")
    print(f"peak RSS: main {own_peak_mb():.0f} MB, workers {workers.peak_mb:.0f} MB each, "
          f"{workers.total_mb:.0f} MB together")
    del full


if __name__ == "__main__":
    main()
