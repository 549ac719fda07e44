"""Benchmark of the distance-based record linkage risk within blocks of categorical QIDs
(engine/perturb/record_linkage.py; docs/methods.md, "Numeric keys"), the measure every scenario
with numeric keys computes for the original and each release.

Data: 2 numeric keys released with noise (standard deviation 0.3 of the values'), blocks from
a categorical key of ``rows / 2`` codes (most blocks hold one to three records, as with several
categorical QIDs). Baseline: the plain way, one scan of the whole file per block to find its
records and a search tree per block, skipped above ``--baseline-max`` rows (it grows as
rows x blocks). Prints medians of ``--repeat`` runs, the ratio and whether the credits agree.

    python benchmarks/linkage.py --sizes 20000 100000 1000000 --repeat 3
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.perturb import record_linkage  # noqa: E402


def plain(x: np.ndarray, y: np.ndarray, attacker: np.ndarray, released: np.ndarray) -> np.ndarray:
    a, b = record_linkage.standardise(x, y)
    n = len(a)
    credit = np.zeros(n)
    for code in np.unique(attacker):
        mine = np.flatnonzero(attacker == code)
        theirs = np.flatnonzero(released == code)
        if theirs.size:
            position = np.full(n, -1)
            position[theirs] = np.arange(theirs.size)
            credit[mine] = record_linkage._credits(a[mine], b[theirs], position[mine])
    return credit


def _median(f, repeat: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - start)
    return statistics.median(times), out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[20_000, 100_000, 1_000_000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline-max", type=int, default=100_000)
    args = parser.parse_args()
    rng = np.random.default_rng(2018)
    print("| rows | ours | plain | ratio | same credits | load |")
    print("| --- | --- | --- | --- | --- | --- |")
    for n in args.sizes:
        x = rng.normal(size=(n, 2))
        y = x + rng.normal(scale=0.3, size=(n, 2))
        blocks = rng.integers(0, max(1, n // 2), n)
        ours, risk = _median(lambda: record_linkage.linkage_risk(x, y, blocks, blocks), args.repeat)
        if n <= args.baseline_max:
            base, credit = _median(lambda: plain(x, y, blocks, blocks), 1)
            cells = f"{base:.2f} s | {base / ours:,.0f}x | {bool(np.array_equal(credit, risk.credit))}"
        else:
            cells = "not run | | "
        print(f"| {n:,} | {ours:.3f} s | {cells} | {os.getloadavg()[0]:.1f} |", flush=True)


if __name__ == "__main__":
    main()
