"""Benchmark of linked releases: several yearly releases of a census-like table, joined on a
persistent id, with the QID-subset sweep over the labelled QIDs and the risk over time.

Later releases keep the focal students' birth data, sex and race, move some of them to
other schools each year, drop some students and add new ones. Prints the load+join time,
the sweep time, the over-time series and the peak RSS.

    python benchmarks/linked.py --rows 1000000 --releases 4
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

from benchmarks.example_data import generator  # noqa: E402
from benchmarks.rss import WorkerPeak, own_peak_mb  # noqa: E402
from engine.api import run_assessment  # noqa: E402
from engine.analysis.config import AnalysisConfig, DataSource, Linkage, Release, Roles, SubsetFamily  # noqa: E402

QIDS = ["birth_year", "sex", "school_type", "municipality_residence"]
SENSITIVE = ["special_needs"]


def make_releases(rows: int, count: int, seed: int, folder: Path) -> list[Path]:
    paths = [folder / f"linked_{rows}_{seed}_{i}.parquet" for i in range(count)]
    if all(p.exists() for p in paths):
        return paths
    rng = np.random.default_rng(seed)
    frame = generator().generate(rows, seed)
    frame.to_parquet(paths[0], index=False)
    for year, path in enumerate(paths[1:], start=1):
        frame = frame.sample(frac=0.93, random_state=int(rng.integers(1 << 30)))
        moved = rng.random(len(frame)) < 0.15
        donors = frame.sample(n=int(moved.sum()), replace=True, random_state=int(rng.integers(1 << 30)))
        for column in ("school", "school_type", "municipality_residence"):
            values = frame[column].to_numpy(copy=True)
            values[moved] = donors[column].to_numpy()
            frame[column] = values
        newcomers = generator().generate(max(1, rows // 15), int(rng.integers(1 << 30)))
        newcomers["student_id"] = newcomers["student_id"] + 10 * rows * year
        frame = pd.concat([frame, newcomers], ignore_index=True).sample(
            frac=1.0, random_state=int(rng.integers(1 << 30)))
        frame.to_parquet(path, index=False)
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--releases", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2014)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--subsets", default="max-size:3")
    parser.add_argument("--data-dir", default=tempfile.gettempdir())
    args = parser.parse_args()
    paths = make_releases(args.rows, args.releases, args.seed, Path(args.data_dir))
    labels = [str(2014 + i) for i in range(args.releases)]
    config = AnalysisConfig(
        data=DataSource(str(paths[0])), roles=Roles(tuple(QIDS), tuple(SENSITIVE)),
        subsets=SubsetFamily.parse(args.subsets), jobs=args.jobs,
        linkage=Linkage(key="student_id", focal_label=labels[0],
                        releases=tuple(Release(DataSource(str(p)), label) for p, label in zip(paths[1:], labels[1:]))))
    with WorkerPeak() as workers:
        start = time.perf_counter()
        result = run_assessment(config)
        wall = time.perf_counter() - start
    linked = result.longitudinal
    print(f"{args.releases} releases of about {args.rows:,} rows; {len(linked.qids)} labelled QIDs, "
          f"{len(linked.reidentification):,} linked subsets ({args.subsets}), jobs={args.jobs}")
    for r in linked.releases:
        print(f"  release {r.label}: {r.rows:,} rows, {r.linked:,} focal records linked")
    print(f"wall {wall:.1f}s (load+join {result.timings['load']:.1f}s, sweeps {result.timings['sweep']:.1f}s)")
    print("over time, all QIDs: " + ", ".join(
        f"{s.label}: {100 * s.reidentification.posterior_det:.2f}% unique" for s in linked.over_time))
    print(f"peak RSS: main process {own_peak_mb():,.0f} MB; largest worker {workers.peak_mb:,.0f} MB; "
          f"workers together at most {workers.total_mb:,.0f} MB")


if __name__ == "__main__":
    main()
