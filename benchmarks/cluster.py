"""Scaling of the sweep on a Dask cluster started on this machine (loopback only).

For 1, 2 and 4 workers (a scheduler and worker processes on 127.0.0.1) of ``--threads``
threads each (default 1) the same table is swept through ``--cluster`` (per task a range of
the segment sweep, or with ``--models`` a lattice subtree of the refinement walk) and, as the
baseline in the same run, on this machine with one process. Printed: wall time,
subsets/s, the ratio to the one-process local run, and the measured cost per row-subset,
from which the time of a 48M-row x 2^15-subset sweep on N nodes of 16 cores is projected
(assuming, as the tasks are independent, that throughput grows with the cores until the
scatter of the codes — measured here — dominates).

    python benchmarks/cluster.py --shape census --rows 200000 --workers 1 2 4
    python benchmarks/cluster.py --shape census --rows 1000000 --workers 1 --threads 2   # threads of one worker
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from shapes import SHAPES, columns_of, write  # noqa: E402

THESIS_ROWS = 48_176_423
LARGE_QIDS = 15


def _sweep(path: str, shape: str, address: str = "", models: bool = False) -> tuple[float, int]:
    from engine.api import run_assessment
    from engine.analysis.config import AnalysisConfig, ClusterOptions, DataSource, PrivacyModelOptions, Roles
    from engine.io import load_table

    qids, sensitive = columns_of(shape)
    config = AnalysisConfig(data=DataSource(path), roles=Roles(tuple(qids), tuple(sensitive)),
                            cluster=ClusterOptions(address), models=PrivacyModelOptions(enabled=models))
    table = load_table(config.data, config.needed_columns())
    start = time.perf_counter()
    result = run_assessment(config, table=table)
    return time.perf_counter() - start, len(result.reidentification)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shape", choices=SHAPES, default="census")
    parser.add_argument("--rows", type=int, default=200_000)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--threads", type=int, default=1, help="threads per worker process")
    parser.add_argument("--models", action="store_true", help="check privacy models (the refinement walk)")
    parser.add_argument("--seed", type=int, default=2018)
    args = parser.parse_args()
    from distributed import LocalCluster

    with tempfile.TemporaryDirectory(prefix="riskreview-cluster-bench-") as folder:
        path = str(Path(folder) / "table.parquet")
        write(args.shape, path, args.rows, args.seed)
        _sweep(path, args.shape, models=args.models)                       # compile the kernels once
        local, subsets = _sweep(path, args.shape, models=args.models)
        print(f"{args.shape}: {args.rows:,} rows x {subsets:,} subsets")
        print(f"local, 1 process: {local:.2f}s, {subsets / local:,.0f} subsets/s (baseline)")
        per_row_subset = None
        for workers in args.workers:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                cluster = LocalCluster(n_workers=workers, threads_per_worker=args.threads, processes=True,
                                       host="127.0.0.1",
                                       dashboard_address=None, dashboard=False, protocol="tcp")
            with cluster:
                _sweep(path, args.shape, cluster.scheduler_address, args.models)   # workers import the engine
                wall, _ = _sweep(path, args.shape, cluster.scheduler_address, args.models)
            cost = wall * workers * args.threads / (args.rows * subsets)
            per_row_subset = cost if workers == 1 else per_row_subset
            print(f"cluster, {workers} worker(s) of {args.threads} thread(s): {wall:.2f}s, {subsets / wall:,.0f} subsets/s, "
                  f"local/cluster {local / wall:.2f}x, {cost * 1e9:.1f} ns per row-subset per core")
        if per_row_subset:
            work = per_row_subset * THESIS_ROWS * (2 ** LARGE_QIDS - 1)
            for nodes in (1, 4, 16):
                print(f"projected 48M rows x {2 ** LARGE_QIDS - 1:,} subsets on {nodes} node(s) of 16 cores: "
                      f"{work / (nodes * 16) / 60:,.0f} min")


if __name__ == "__main__":
    main()
