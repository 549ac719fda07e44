"""Benchmark of the QID-subset sweep at census scale, through the product path.

For each shape of ``benchmarks/shapes.py`` asked for (default: the census-like table of
``benchmarks/census_generator.py``, 11 QIDs, 2 rare binary sensitive attributes) and each
size (default 1M, 5M and the thesis's 48,176,423 rows) the table is written to Parquet once, then a fresh process runs ``engine.api.run_assessment`` on it: reading and
encoding the file (``engine.io.load_table``) and the full sweep (all 2,047 subsets: CRS plus
CAS for both sensitive attributes, with histograms). Reported per run: wall time (load and
sweep), row-subsets per second, peak RSS (the largest sum of the resident sets of the run's
process and all its descendants, sampled every 0.2 s, and each process's own peak), and the
progress reports (count; the sweep's ETA at each tenth of its time against the time the sweep
and the whole run actually took from there).

At the smallest size the same run also times a straightforward baseline in its own process:
one pandas groupby per subset (blocks, singletons, and per sensitive attribute the max count
per block and the constant blocks) on a random sample of subsets, extrapolated to all. The
ratio compares it with the engine on one process and on the given numbers of processes.

With ``--runs N`` each measurement is made N times, the engine's runs and the baseline's taking
turns in fresh processes; then the medians are reported (range in brackets), and the ratio is
the median baseline over the median wall (with the range of the runs' own ratios, each run's
baseline over its walls).

The compile cost of the kernels (numba) is measured in fresh processes, without the cache
and from it.

    python benchmarks/sweep.py --rows 1000000 5000000 48176423 --jobs 2 --data-dir /tmp/bench
    python benchmarks/sweep.py --shape census independent high-cardinality skewed-nested missing \
        --rows 1000000 --jobs 1 2 --data-dir /tmp/bench
    python benchmarks/sweep.py --shape survey business census independent skewed-nested missing \
        high-cardinality --rows 1000000 --jobs 2 --runs 5 --data-dir /tmp/bench
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
# The generators (numpy, pyarrow) are imported where used: the engine's forkserver imports this
# script as its main module, and a user's command line does not make it import pyarrow.


# --- memory of a process tree -------------------------------------------------------------
def _status(pid: int) -> dict[str, int]:
    out = {}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(("VmRSS:", "VmHWM:")):
                out[line[:5]] = int(line.split()[1])
    except OSError:
        pass
    return out


def _descendants(root: int) -> list[int]:
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
                parents[int(entry)] = int(stat[stat.rindex(")") + 2:].split()[1])
            except (OSError, ValueError, IndexError):
                continue
    found, frontier = [], [root]
    while frontier:
        pid = frontier.pop()
        kids = [p for p, pp in parents.items() if pp == pid]
        found += kids
        frontier += kids
    return found


def _cpu_ticks(pid: int) -> int:
    """User plus system clock ticks a process has used so far (0 once it is gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        fields = stat[stat.rindex(")") + 2:].split()
        return int(fields[11]) + int(fields[12])
    except (OSError, ValueError, IndexError):
        return 0


class TreePeak:
    """Samples the resident set of this process and all its descendants every 0.2 s, and the
    CPU time each descendant had used when last seen (worker processes are not all reaped by
    this process, so its own accounting misses them)."""

    def __init__(self) -> None:
        self.peak_sum_kb = 0
        self.hwm_kb: dict[int, int] = {}
        self.ticks: dict[int, int] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._poll, daemon=True)

    def _sample(self) -> None:
        total = 0
        for pid in [os.getpid()] + _descendants(os.getpid()):
            status = _status(pid)
            total += status.get("VmRSS", 0)
            self.hwm_kb[pid] = max(self.hwm_kb.get(pid, 0), status.get("VmHWM", 0))
            if pid != os.getpid():
                self.ticks[pid] = max(self.ticks.get(pid, 0), _cpu_ticks(pid))
        self.peak_sum_kb = max(self.peak_sum_kb, total)

    @property
    def descendants_cpu(self) -> float:
        return sum(self.ticks.values()) / os.sysconf("SC_CLK_TCK")

    def _poll(self) -> None:
        while not self._stop.wait(0.2):
            self._sample()

    def __enter__(self) -> "TreePeak":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
        self._sample()


# --- the measured runs (each in a fresh process) --------------------------------------------
def measure(path: str, jobs: int, shape: str) -> dict:
    from engine.api import run_assessment
    from engine.analysis.config import AnalysisConfig, DataSource, Roles, SubsetFamily
    from shapes import columns_of

    qids, sensitive = columns_of(shape)
    config = AnalysisConfig(data=DataSource(path), roles=Roles(tuple(qids), tuple(sensitive)),
                            subsets=SubsetFamily("all"), jobs=jobs)
    progress = []
    start = time.perf_counter()

    def on_progress(p) -> None:
        progress.append((time.perf_counter() - start, p.stage, p.done, p.total, p.eta))

    with TreePeak() as peak:
        result = run_assessment(config, on_progress=on_progress)
    wall = time.perf_counter() - start
    counts = {",".join(r.qids): [r.blocks, r.singletons] for r in result.reidentification}
    for i in result.inference:
        counts[",".join(i.qids)] += [i.expected_correct, i.records_certain]
    Path(path + f".counts-{jobs}.json").write_text(json.dumps(counts))
    sweep = [p for p in progress if p[1] == "sweep"]
    eta_at_10 = next(((t, eta) for t, _, done, total, eta in sweep if eta is not None and done >= total / 10), None)
    # the sweep's ETA at each tenth of its time, against the time the sweep and the whole run still took
    deciles = []
    if sweep:
        first, end = sweep[0][0], sweep[-1][0]
        for tenth in range(1, 10):
            at = next((p for p in sweep if p[0] >= first + tenth * (end - first) / 10 and p[4] is not None), None)
            if at is not None and at[0] < end:
                deciles.append({"at": at[0], "eta": at[4], "sweep_left": end - at[0], "run_left": wall - at[0]})
    return {
        "rows": result.dataset.rows, "subsets": len(result.reidentification), "jobs": jobs, "wall": wall,
        "load": result.timings["load"], "sweep": result.timings["sweep"],
        "peak_sum_mb": peak.peak_sum_kb / 1024,
        "own_peak_mb": peak.hwm_kb.get(os.getpid(), 0) / 1024,
        "others_peak_mb": sorted((v / 1024 for k, v in peak.hwm_kb.items() if k != os.getpid()), reverse=True)[:3],
        "progress_reports": len(sweep),
        "eta_at_10pct": None if eta_at_10 is None else {"at": eta_at_10[0], "eta": eta_at_10[1],
                                                         "actual_left": wall - eta_at_10[0]},
        "eta_by_tenth": deciles,
        "top_reid": max(r.posterior_prob for r in result.reidentification),
        "cpu": sum(os.times()[:2]) + peak.descendants_cpu,
    }


def baseline(path: str, sample: int, seed: int, shape: str) -> dict:
    """The plain way: one groupby per subset and sensitive attribute, on a sample; its counts
    must equal the engine's (written by :func:`measure`)."""
    import pandas as pd
    from shapes import columns_of

    engine = [json.loads(p.read_text()) for p in sorted(Path(path).parent.glob(Path(path).name + ".counts-*.json"))]

    qids, sensitive = columns_of(shape)
    frame = pd.read_parquet(path, columns=qids + sensitive)
    subsets = [list(c) for size in range(1, len(qids) + 1) for c in combinations(qids, size)]
    chosen = random.Random(seed).sample(subsets, min(sample, len(subsets)))
    start = time.perf_counter()
    for qids in chosen:
        sizes = frame.groupby(qids, dropna=False, observed=True, sort=False).size()
        _ = [len(sizes), int((sizes == 1).sum())]
        for s in sensitive:
            counts = frame.groupby(qids + [s], dropna=False, observed=True, sort=False).size()
            per_block = counts.groupby(level=list(range(len(qids))), dropna=False, sort=False)
            distinct = per_block.size()
            _ += [int(per_block.max().sum()), int(sizes[distinct[distinct == 1].index].sum())]
        for counts in engine:
            assert counts[",".join(qids)] == _, (qids, counts[",".join(qids)], _)
    per_subset = (time.perf_counter() - start) / len(chosen)
    return {"per_subset": per_subset, "sample": len(chosen), "all": per_subset * len(subsets),
            "checked_against": len(engine)}


def compile_cost(cache: bool) -> float:
    env = dict(os.environ, RISKREVIEW_NUMBA_CACHE="1" if cache else "0")
    code = ("import sys; sys.path.insert(0, %r); from engine.sweep import segments; "
            "print(segments.warm_up())" % str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return float(out.stdout.split()[-1])


def _child(*args: str) -> dict:
    out = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"child {args} failed:\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    from census_generator import THESIS_ROWS
    from shapes import SHAPES, columns_of, write

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, nargs="+", default=[1_000_000, 5_000_000, THESIS_ROWS])
    parser.add_argument("--seed", type=int, default=2018)
    parser.add_argument("--jobs", type=int, nargs="+", default=[2])
    parser.add_argument("--baseline-sample", type=int, default=40,
                        help="subsets timed for the pandas baseline at the smallest size (0: skip it)")
    parser.add_argument("--data-dir", default="/tmp")
    parser.add_argument("--runs", type=int, default=1,
                        help="runs of each measurement, taking turns; medians are reported when more than one")
    parser.add_argument("--shape", nargs="+", choices=SHAPES, default=["census"],
                        help="table shapes (benchmarks/shapes.py), each measured in turn")
    parser.add_argument("--measure", nargs=3, metavar=("PATH", "JOBS", "SHAPE"), help=argparse.SUPPRESS)
    parser.add_argument("--baseline", nargs=4, metavar=("PATH", "SAMPLE", "SEED", "SHAPE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure[0], int(args.measure[1]), args.measure[2])))
        return
    if args.baseline:
        print(json.dumps(baseline(args.baseline[0], int(args.baseline[1]), int(args.baseline[2]), args.baseline[3])))
        return

    print(f"machine: {os.cpu_count()} cores, "
          f"{os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 2 ** 30:.0f} GiB; python {sys.version.split()[0]}")
    print(f"kernel compilation (numba, fresh process): without cache {compile_cost(False):.1f}s, "
          f"from cache {compile_cost(True):.1f}s", flush=True)
    smallest = min(args.rows)
    for shape, rows in [(shape, rows) for shape in args.shape for rows in args.rows]:
        qids, sensitive = columns_of(shape)
        total_subsets = 2 ** len(qids) - 1
        path = Path(args.data_dir) / f"{shape}_{rows}_{args.seed}.parquet"
        if not path.exists():
            start = time.perf_counter()
            write(shape, path, rows, args.seed)
            print(f"generated {path} in {time.perf_counter() - start:.0f}s")
        print(f"\n== {shape}: {rows:,} rows x {total_subsets:,} subsets (CRS + CAS x {len(sensitive)}), "
              f"{path.name} ({path.stat().st_size / 1e6:,.0f} MB)", flush=True)
        jobs_list = sorted(set(args.jobs) | ({1} if rows == smallest and args.baseline_sample else set()))
        walls: dict[int, list[float]] = {jobs: [] for jobs in jobs_list}
        baselines: list[dict] = []
        for run in range(args.runs):
            for jobs in jobs_list:
                r = _child("--measure", str(path), str(jobs), shape)
                walls[jobs].append(r["wall"])
                _print_run(r, jobs, rows, total_subsets, with_eta=run == 0)
            if rows == smallest and args.baseline_sample:
                b = _child("--baseline", str(path), str(args.baseline_sample), str(args.seed), shape)
                baselines.append(b)
                print(f"baseline, pandas groupby per subset, 1 process: {b['per_subset'] * 1000:.0f} ms/subset on "
                      f"{b['sample']} sampled subsets -> {b['all']:,.0f}s for all {total_subsets:,} (extrapolated); "
                      f"its counts equal the engine's in all {b['checked_against']} runs", flush=True)
                if args.runs == 1:
                    for jobs in jobs_list:
                        print(f"ratio baseline / engine with {jobs} process(es): {b['all'] / walls[jobs][-1]:,.0f}x")
        if args.runs > 1:
            _print_medians(walls, baselines)


def _span(values: list[float], digits: int = 1, scale: float = 1.0, unit: str = "s") -> str:
    """``median unit (min-max)`` of ``values`` times ``scale``."""
    v = [x * scale for x in values]
    return f"{statistics.median(v):,.{digits}f}{unit} ({min(v):,.{digits}f}-{max(v):,.{digits}f})"


def _print_run(r: dict, jobs: int, rows: int, total_subsets: int, with_eta: bool) -> None:
    """One engine run's line (and, ``with_eta``, its ETA at each tenth of the sweep)."""
    eta = r["eta_at_10pct"]
    print(f"engine, {jobs} process(es): wall {r['wall']:.1f}s, CPU {r['cpu']:.1f}s, load average "
          f"{os.getloadavg()[0]:.1f} (load+encode {r['load']:.1f}s, "
          f"sweep {r['sweep']:.1f}s); {total_subsets / r['wall']:.1f} subsets/s, "
          f"{rows * total_subsets / r['wall'] / 1e6:,.0f}M row-subsets/s; peak RSS all processes "
          f"{r['peak_sum_mb']:,.0f} MB (main {r['own_peak_mb']:,.0f} MB, others' peaks "
          f"{', '.join(f'{m:,.0f}' for m in r['others_peak_mb'])} MB); {r['progress_reports']} progress "
          f"reports" + (f", ETA at {eta['at']:.0f}s said {eta['eta']:.0f}s left, "
                        f"{eta['actual_left']:.0f}s were" if eta else ""), flush=True)
    if not with_eta:
        return
    for m in r["eta_by_tenth"]:
        print(f"  ETA at {m['at']:.0f}s: {m['eta']:.0f}s; the sweep took {m['sweep_left']:.0f}s more "
              f"({(m['eta'] - m['sweep_left']) / m['sweep_left']:+.0%}), the run {m['run_left']:.0f}s "
              f"({(m['eta'] - m['run_left']) / m['run_left']:+.0%})", flush=True)


def _print_medians(walls: dict[int, list[float]], baselines: list[dict]) -> None:
    """Medians of the runs, and ratios: median baseline over median wall, and each run's own."""
    for jobs, values in walls.items():
        print(f"median of {len(values)} runs, engine, {jobs} process(es): wall {_span(values, 2)}")
    if not baselines:
        return
    per_subset = [b["per_subset"] for b in baselines]
    print(f"median of {len(baselines)} runs, baseline: {_span(per_subset, 0, 1000, ' ms/subset')}")
    total = statistics.median(b["all"] for b in baselines)
    for jobs, values in walls.items():
        own = [b["all"] / wall for b, wall in zip(baselines, values)]
        print(f"ratio median baseline / median engine with {jobs} process(es): "
              f"{total / statistics.median(values):,.0f}x (runs' own ratios {min(own):,.0f}-{max(own):,.0f}x)",
              flush=True)


if __name__ == "__main__":
    main()
