"""Benchmark of the QID-subset sweep on the census-like example generator.

Times loading and the full sweep (every subset of the ten example QIDs: CRS plus CAS for the
two sensitive attributes) with 1 and 2 worker processes, and in the same run a
straightforward baseline: one pandas groupby per subset (blocks, singletons, and per
sensitive attribute the max count per block and the constant blocks), timed on a sample of
subsets and extrapolated to all of them. Prints wall times, subsets/s, the ratio to the
baseline and the peak RSS of this process and of its workers.

    python benchmarks/sweep.py --rows 1000000
"""

from __future__ import annotations

import argparse
import importlib.util
import multiprocessing
import threading
import random
import resource
import sys
import tempfile
import time
from itertools import combinations
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.api import run_assessment  # noqa: E402
from engine.config import AnalysisConfig, DataSource, Roles, SubsetFamily  # noqa: E402
from engine.io import load_table  # noqa: E402

QIDS = ["birth_day", "birth_month", "birth_year", "sex", "race", "nationality",
        "municipality_birth", "municipality_residence", "school", "school_type"]
SENSITIVE = ["special_needs", "bolsa_familia"]


def _generator():
    spec = importlib.util.spec_from_file_location("generate_census", ROOT / "resources/examples/generate_census.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def make_data(rows: int, seed: int, folder: Path) -> Path:
    path = folder / f"census_{rows}_{seed}.parquet"
    if not path.exists():
        _generator().generate(rows, seed).to_parquet(path, index=False)
    return path


def baseline_subset(frame: pd.DataFrame, qids: list[str]) -> tuple:
    """The plain way: one groupby per subset and sensitive attribute."""
    sizes = frame.groupby(qids, dropna=False, observed=True, sort=False).size()
    out = [len(sizes), int((sizes == 1).sum())]
    for s in SENSITIVE:
        counts = frame.groupby(qids + [s], dropna=False, observed=True, sort=False).size()
        per_block = counts.groupby(level=list(range(len(qids))), dropna=False, sort=False)
        distinct = per_block.size()
        out += [int(per_block.max().sum()), int(sizes[distinct[distinct == 1].index].sum())]
    return tuple(out)


class WorkerPeak:
    """Samples the peak RSS (VmHWM) of live worker processes from /proc every 0.2 s."""

    def __init__(self) -> None:
        self.peak_kb = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._poll, daemon=True)

    def _poll(self) -> None:
        while not self._stop.wait(0.2):
            for child in multiprocessing.active_children():
                try:
                    status = Path(f"/proc/{child.pid}/status").read_text()
                except OSError:
                    continue
                for line in status.splitlines():
                    if line.startswith("VmHWM:"):
                        self.peak_kb = max(self.peak_kb, int(line.split()[1]))

    def __enter__(self) -> "WorkerPeak":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=2021)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--baseline-sample", type=int, default=40,
                        help="subsets timed for the pandas baseline (0: skip it)")
    parser.add_argument("--data-dir", default=tempfile.gettempdir())
    args = parser.parse_args()

    path = make_data(args.rows, args.seed, Path(args.data_dir))
    source = DataSource(str(path))
    start = time.perf_counter()
    table = load_table(source, QIDS + SENSITIVE)
    load_seconds = time.perf_counter() - start
    total = 2 ** len(QIDS) - 1
    print(f"data: {path.name}, {table.n_rows:,} rows, {len(QIDS)} QIDs -> {total:,} subsets, "
          f"{len(SENSITIVE)} sensitive; load+encode {load_seconds:.2f}s")

    sweeps = {}
    for jobs in args.jobs:
        config = AnalysisConfig(data=source, roles=Roles(tuple(QIDS), tuple(SENSITIVE)),
                                subsets=SubsetFamily("all"), jobs=jobs)
        with WorkerPeak() as workers:
            start = time.perf_counter()
            result = run_assessment(config, table=table)
            wall = time.perf_counter() - start
        sweeps[jobs] = (wall, result)
        print(f"engine, {jobs} process(es): {wall:.2f}s wall (sweep {result.timings['sweep']:.2f}s, "
              f"summaries {result.timings['summaries']:.2f}s), {total / wall:,.0f} subsets/s, "
              f"{table.n_rows * total / wall / 1e6:,.0f}M row-subsets/s"
              + (f", worker peak RSS {workers.peak_kb / 1024:,.0f} MB" if jobs > 1 else ""))

    if args.baseline_sample:
        frame = pd.read_parquet(path, columns=QIDS + SENSITIVE)
        subsets = [list(c) for size in range(1, len(QIDS) + 1) for c in combinations(QIDS, size)]
        sample = random.Random(args.seed).sample(subsets, min(args.baseline_sample, len(subsets)))
        reference = {r.qids: r for r in next(iter(sweeps.values()))[1].reidentification}
        start = time.perf_counter()
        for qids in sample:
            counts = baseline_subset(frame, qids)
            engine_row = reference[tuple(q for q in QIDS if q in qids)]
            assert counts[:2] == (engine_row.blocks, engine_row.singletons), qids
        per_subset = (time.perf_counter() - start) / len(sample)
        baseline = per_subset * total
        print(f"baseline, pandas groupby per subset, 1 process: {per_subset * 1000:.0f} ms/subset "
              f"on {len(sample)} sampled subsets -> {baseline:.0f}s for all {total:,} (extrapolated)")
        for jobs, (wall, _) in sweeps.items():
            print(f"ratio baseline / engine with {jobs} process(es): {baseline / wall:.1f}x")
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS of the main process: {own:,.0f} MB")


if __name__ == "__main__":
    main()
