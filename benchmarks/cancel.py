"""How soon Cancel stops a run: the seconds from the cancel to the run's end (the ``Cancelled``
exception, every worker process gone) for a sweep on one and on two processes and for reading a
large CSV file, cancelled halfway, against the same run left to finish in the same run (the baseline: what a
cancel saves). The tests check that a cancel stops a run and leaves nothing behind; how fast is
measured here (docs/performance.md, "Cancel").

    python benchmarks/cancel.py --rows 400000 --csv-rows 3000000 --repeat 3
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Callable

import numpy as np
import pandas as pd
import pyarrow as pa

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.api import run_assessment  # noqa: E402
from engine.analysis.config import AnalysisConfig, DataSource, Roles  # noqa: E402
from engine.foundation.errors import Cancelled  # noqa: E402
from engine.io import load_table  # noqa: E402
from engine.io.encode import encode_arrow_table  # noqa: E402
from engine.foundation.progress import CancelToken  # noqa: E402

QIDS = [f"q{i}" for i in range(9)]
CARDINALITIES = [31, 12, 20, 2, 6, 3, 60, 60, 400]


def frame(rows: int, seed: int = 7) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    data = {name: rng.integers(0, card, rows) for name, card in zip(QIDS, CARDINALITIES)}
    data["s0"] = np.where(rng.random(rows) < 0.03, "yes", "no")
    data["s1"] = rng.integers(0, 5, rows)
    return pd.DataFrame(data)


def config(jobs: int) -> AnalysisConfig:
    return AnalysisConfig(data=DataSource("memory.csv"),
                          roles=Roles(quasi_identifiers=tuple(QIDS), sensitive=("s0", "s1")), jobs=jobs)


def cancel_seconds(run: Callable[[CancelToken], object], after: float) -> float:
    """Seconds from a cancel ``after`` seconds into ``run(token)`` to its end, every worker process
    gone; NaN when the run ended before the cancel."""
    token = CancelToken()
    stamps: dict[str, float] = {}

    def cancel():
        stamps["cancel"] = time.perf_counter()
        token.cancel()

    threading.Timer(after, cancel).start()
    try:
        run(token)
    except Cancelled:
        while multiprocessing.active_children():
            time.sleep(0.01)
        return time.perf_counter() - stamps["cancel"]
    return float("nan")


def sweep_cancel(table, jobs: int, after: float) -> float:
    """Seconds from a cancel ``after`` seconds into the run to its end (every worker gone)."""
    return cancel_seconds(lambda token: run_assessment(config(jobs), table=table, cancel=token), after)


def sweep_whole(table, jobs: int) -> float:
    start = time.perf_counter()
    run_assessment(config(jobs), table=table)
    return time.perf_counter() - start


def load_cancel(path: Path, after: float) -> float:
    return cancel_seconds(lambda token: load_table(DataSource(str(path)), ["a", "b", "s"], cancel=token), after)


def load_whole(path: Path) -> float:
    start = time.perf_counter()
    load_table(DataSource(str(path)), ["a", "b", "s"])
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=400_000, help="rows of the swept table")
    parser.add_argument("--csv-rows", type=int, default=3_000_000, help="rows of the CSV file read")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each case (medians)")
    args = parser.parse_args(argv)

    table = encode_arrow_table(pa.Table.from_pandas(frame(args.rows), preserve_index=False), name="frame")
    print(f"sweep of {args.rows:,} rows x {2 ** len(QIDS) - 1} subsets, cancelled halfway")
    for jobs in (1, 2):
        whole = statistics.median(sweep_whole(table, jobs) for _ in range(args.repeat))
        stops = [sweep_cancel(table, jobs, whole / 2) for _ in range(args.repeat)]
        print(f"  {jobs} process(es): stops {statistics.median(stops):.3f} s after the cancel "
              f"(max {max(stops):.3f} s); the whole sweep {whole:.2f} s")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "large.csv"
        rng = np.random.default_rng(1)
        pd.DataFrame({"a": rng.integers(0, 1000, args.csv_rows), "b": rng.integers(0, 50, args.csv_rows),
                      "s": rng.choice(["yes", "no"], args.csv_rows)}).to_csv(path, index=False)
        whole = statistics.median(load_whole(path) for _ in range(args.repeat))
        stops = [load_cancel(path, min(0.3, whole / 4)) for _ in range(args.repeat)]
        print(f"reading a {args.csv_rows:,}-row CSV file: stops {statistics.median(stops):.3f} s after the cancel "
              f"(max {max(stops):.2f} s); the whole read {whole:.2f} s")


if __name__ == "__main__":
    main()
