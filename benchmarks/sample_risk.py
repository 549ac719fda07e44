"""Benchmark of the sample-file measures against straightforward implementations.

1. SUDA: special uniques over every subset of at most M (default 4) of the census-like
   table's 11 QIDs (``benchmarks/census_generator.py``), on the given number of worker
   processes, through ``engine.sample.suda.special_uniques`` (the refinement walk of the
   sweep). Baseline in the same run: one pandas groupby per subset (its records alone), each
   subset's MSUs from its parents-by-one, timed on a random sample of subsets and
   extrapolated to all; before timing, the baseline's MSU counts on a 20,000-row slice
   (every subset) are checked equal to the engine's.
2. Individual risk (Benedetti-Franconi) per record for the key of all 11 QIDs, with a
   sampling weight per record (seeded integers 1..400, as rounded survey weights), through
   ``engine.sample.measures.sample_risk`` (weights checked, key partition, risk per key,
   summaries, population-uniqueness models), timed twice (the first call also loads or
   compiles the numba kernels). Baseline: pandas groupby for f and the weight
   sum per record, then the risk of a sample of records one by one by numerical integration
   (scipy quad), extrapolated to all records.

Reading the Parquet file is timed apart. Data files are written once into ``--data-dir``.

3. The whole command (``--command-rows``), where the analyst waits: ``riskreview assess`` on
   a household survey (``benchmarks/survey_generator.py``, CSV) with a weight, households,
   7 keys, ``--subsets exact``, a numeric sensitive column, ``--suda`` and ``--out``, each
   run in a fresh process (with the modules' compiled bytecode kept between runs, as an
   installed copy has it; ``--no-bytecode-cache``: compiled at each start when
   PYTHONDONTWRITEBYTECODE is set), ``--repeat`` times per number of processes (medians), with a
   stage table: interpreter start, imports of the command line, building the parser,
   imports of the sample measures, reading, sweep (with histograms), sample measures,
   population-uniqueness models, SUDA, writing results.json and the CSV tables; wall and
   CPU seconds (CPU of the command and its finished workers). Baseline where ``Rscript``
   and sdcMicro are installed: a fresh R reads the same CSV and runs ``measure_risk`` (with
   the weight and households) and ``suda2`` (DisFraction 0.01) on the same keys, timed the
   same way (its expected re-identifications and special uniques are printed beside ours).

    python benchmarks/sample_risk.py --suda-rows 1000000 --risk-rows 5000000 --jobs 2 --data-dir /tmp/rr
    python benchmarks/sample_risk.py --suda-rows 0 --risk-rows --command-rows 100000 1000000 --repeat 5
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from itertools import combinations
from pathlib import Path
from typing import Optional

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from census_generator import QIDS, write  # noqa: E402


def _data(folder: Path, rows: int) -> Path:
    path = folder / f"census_{rows}.parquet"
    if not path.exists():
        print(f"writing {rows:,} rows to {path}", flush=True)
        write(path, rows)
    return path


def _load(path: Path):
    from engine.analysis.config import DataSource
    from engine.io.loader import load_table

    start = time.perf_counter()
    table = load_table(DataSource(str(path)), QIDS)
    return table, time.perf_counter() - start


# --- SUDA ---------------------------------------------------------------------------------
def _baseline_alone(frame, subset: tuple[str, ...]) -> np.ndarray:
    return (frame.groupby(list(subset), dropna=False, sort=False)[subset[0]].transform("size") == 1).to_numpy() \
        if frame[subset[0]].notna().all() else \
        (frame.groupby(list(subset), dropna=False, sort=False)["__one"].transform("size") == 1).to_numpy()


def _baseline_msus(frame, subset: tuple[str, ...], alone: dict) -> np.ndarray:
    """Records whose MSU ``subset`` is: alone on it, alone on none of its parents-by-one."""
    mine = alone[subset]
    if len(subset) == 1:
        return mine
    below = np.zeros_like(mine)
    for drop in range(len(subset)):
        parent = subset[:drop] + subset[drop + 1:]
        if parent not in alone:
            alone[parent] = _baseline_alone(frame, parent)
        below |= alone[parent]
    return mine & ~below


def _frame(table, rows: slice | None = None):
    import pandas as pd

    frame = pd.DataFrame({q: table[q].codes if rows is None else table[q].codes[rows] for q in QIDS})
    frame["__one"] = 1
    return frame


def bench_suda(path: Path, max_size: int, jobs: int, sample: int) -> None:
    from engine.io.encode import encode_arrow_table
    from engine.sample.suda import special_uniques

    table, load = _load(path)
    print(f"\nSUDA, {table.n_rows:,} records x {len(QIDS)} QIDs, MSUs up to {max_size} "
          f"(read {load:.1f} s)", flush=True)
    # agreement on a slice: every subset, baseline MSU counts against the engine's
    import pyarrow as pa

    small_rows = slice(0, 20_000)
    small = _frame(table, small_rows)
    small_table = encode_arrow_table(pa.table({q: small[q].to_numpy() for q in QIDS}))
    engine_small = special_uniques([small_table[q] for q in QIDS], max_size, 0.01, jobs=1)
    alone: dict = {}
    counts = np.zeros(len(small), np.int64)
    for size in range(1, max_size + 1):
        for subset in combinations(QIDS, size):
            alone.setdefault(subset, _baseline_alone(small, subset))
            counts += _baseline_msus(small, subset, alone)
    same = np.array_equal(counts, engine_small.records.msu_count)
    print(f"  check on the first 20,000 rows: baseline MSU counts {'equal' if same else 'DIFFER FROM'} "
          f"the engine's ({int(counts.sum()):,} MSUs)", flush=True)
    start = time.perf_counter()
    run = special_uniques([table[q] for q in QIDS], max_size, 0.01, jobs=jobs)
    engine_time = time.perf_counter() - start
    subsets = [s for size in range(1, max_size + 1) for s in combinations(QIDS, size)]
    print(f"  engine: {engine_time:.1f} s on {jobs} process(es), {len(subsets)} subsets, "
          f"{run.summary.special_uniques:,} special uniques, MSUs by size {dict(run.summary.msus_by_size)}",
          flush=True)
    frame = _frame(table)
    rng = random.Random(2018)
    picked = rng.sample(subsets, min(sample, len(subsets)))
    alone = {}
    spent = 0.0
    for subset in picked:
        for drop in range(len(subset)):                     # parents are computed untimed
            parent = subset[:drop] + subset[drop + 1:]
            if parent and parent not in alone:
                alone[parent] = _baseline_alone(frame, parent)
        start = time.perf_counter()
        alone[subset] = _baseline_alone(frame, subset)
        _baseline_msus(frame, subset, alone)
        spent += time.perf_counter() - start
    baseline = spent / len(picked) * len(subsets)
    print(f"  baseline (pandas groupby per subset): {spent:.1f} s for {len(picked)} subsets, "
          f"extrapolated {baseline:.0f} s for {len(subsets)}", flush=True)
    print(f"  ratio: engine {baseline / engine_time:.1f}x faster", flush=True)


# --- individual risk --------------------------------------------------------------------
def _with_weights(table):
    import pyarrow as pa

    from engine.io.encode import encode_column

    weights = np.random.default_rng(48).integers(1, 401, size=table.n_rows, dtype=np.int32)
    table.columns["weight"] = encode_column("weight", pa.array(weights))
    return weights


def _quad_risk(f: int, weight_sum: float) -> float:
    from scipy import integrate

    p = min(1.0, f / weight_sum)
    q = 1.0 - p
    return integrate.quad(lambda t: t ** (f - 1) * (p / (1.0 - q * t)) ** f, 0.0, 1.0)[0]


def bench_risk(path: Path, sample: int, baseline_limit: int) -> None:
    from engine.analysis.config import AnalysisConfig, DataSource, Roles
    from engine.sample.measures import sample_risk

    table, load = _load(path)
    weights = _with_weights(table)
    config = AnalysisConfig(data=DataSource(str(path)), roles=Roles(tuple(QIDS), weight="weight"))
    start = time.perf_counter()
    out = sample_risk(table, config)
    first = time.perf_counter() - start
    start = time.perf_counter()
    out = sample_risk(table, config)
    engine_time = time.perf_counter() - start
    print(f"\nindividual risk, {table.n_rows:,} records, key = {len(QIDS)} QIDs (read {load:.1f} s)", flush=True)
    print(f"  engine: {engine_time:.2f} s ({table.n_rows / engine_time / 1e6:.1f}M records/s; first call, "
          f"loading the compiled kernels, {first:.2f} s); "
          f"expected re-identifications {out.individual.expected_reidentifications:,.0f}, "
          f"population uniqueness ({out.population_uniqueness.dankar_model}) "
          f"{out.population_uniqueness.dankar_estimate:.4f}", flush=True)
    if table.n_rows > baseline_limit:
        print(f"  baseline skipped above {baseline_limit:,} rows (its pandas groupby needs several times the "
              f"engine's memory); see the smaller runs' ratio", flush=True)
        return
    frame = _frame(table).drop(columns="__one")
    frame["weight"] = weights
    start = time.perf_counter()
    groups = frame.groupby(QIDS, sort=False)["weight"]
    f, weight_sum = groups.transform("size").to_numpy(), groups.transform("sum").to_numpy()
    grouped = time.perf_counter() - start
    picked = np.random.default_rng(1).choice(table.n_rows, size=min(sample, table.n_rows), replace=False)
    start = time.perf_counter()
    values = [_quad_risk(int(f[i]), float(weight_sum[i])) for i in picked]
    looped = time.perf_counter() - start
    worst = float(np.max(np.abs(np.array(values) - out.individual_risk[picked]) / np.array(values)))
    baseline = grouped + looped / len(picked) * table.n_rows
    print(f"  baseline: pandas groupby {grouped:.1f} s + per-record quadrature {looped:.1f} s for "
          f"{len(picked):,} records, extrapolated {baseline:.0f} s; largest relative difference "
          f"{worst:.1e}", flush=True)
    print(f"  ratio: engine {baseline / engine_time:.0f}x faster", flush=True)


# --- the whole command -----------------------------------------------------------------------
SURVEY_KEYS = ["region", "urban", "age_group", "sex", "race", "education", "household_size"]
STAGES = ["interpreter", "imports", "parse", "imports (sample)", "read", "sweep", "sample", "uniqueness", "suda",
          "write", "other", "total"]


def _command(path: Path, out: Path, jobs: int) -> list[str]:
    return ["assess", str(path), "--qid", *SURVEY_KEYS, "--sensitive", "income", "--subsets", "exact",
            "--weight", "weight", "--household", "household", "--suda", "--out", str(out), "--quiet",
            "--jobs", str(jobs)]


def _fresh(args: list[str], bytecode: Optional[Path]) -> tuple[dict[str, list[float]], float]:
    """One staged command in a fresh interpreter: its stages, with the interpreter's own start
    (the child's whole wall time less what it measured inside) as ``interpreter``. With
    ``bytecode`` (a folder), the modules' compiled bytecode is kept there and reused, as an
    installed copy's is (pip and the packaged app ship it compiled); else every module is
    compiled from its source at each start when PYTHONDONTWRITEBYTECODE is set."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    if bytecode is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(bytecode)
    start = time.perf_counter()
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "command_stages.py"), *args],
                         capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    if out.returncode != 0:
        raise SystemExit(f"staged command failed:\n{out.stderr}")
    stages = json.loads(out.stdout.strip().splitlines()[-1])
    stages["interpreter"] = [wall - stages["total"][0], 0.0]
    stages["total"] = [wall, stages["total"][1]]
    return stages, wall


def _sdcmicro(path: Path) -> dict[str, float] | None:
    """sdcMicro's measure_risk + suda2 on the same file and keys in a fresh R, or None
    without Rscript or sdcMicro."""
    if shutil.which("Rscript") is None:
        return None
    script = f"""
t0 <- proc.time()[["elapsed"]]
if (!suppressMessages(requireNamespace("sdcMicro", quietly = TRUE))) quit(status = 3)
suppressMessages(library(sdcMicro))
t1 <- proc.time()[["elapsed"]]
keys <- c({", ".join(repr(k) for k in SURVEY_KEYS)})
dat <- read.csv({str(path)!r})
for (k in keys) dat[[k]] <- as.factor(dat[[k]])
t2 <- proc.time()[["elapsed"]]
r <- measure_risk(dat, keyVars = keys, w = "weight", hid = "household")
t3 <- proc.time()[["elapsed"]]
s <- suda2(dat, variables = keys, DisFraction = 0.01, original_scores = TRUE)
t4 <- proc.time()[["elapsed"]]
cat(sprintf('{{"start": %f, "read": %f, "measure_risk": %f, "suda2": %f, "expected": %f, "uniques": %d}}',
            t1 - t0, t2 - t1, t3 - t2, t4 - t3, r$global_risk_ER, sum(s$score > 0)), "\n")
"""
    with tempfile.NamedTemporaryFile("w", suffix=".R", delete=False) as handle:
        handle.write(script)
    try:
        start = time.perf_counter()
        out = subprocess.run(["Rscript", handle.name], capture_output=True, text=True)
        wall = time.perf_counter() - start
    finally:
        os.unlink(handle.name)
    if out.returncode != 0:
        return None
    result = json.loads(out.stdout.strip().splitlines()[-1])
    result["total"] = wall
    return result


def bench_command(folder: Path, sizes: list[int], jobs_list: list[int], repeat: int, r_repeat: int,
                  bytecode: bool = True) -> None:
    from survey_generator import write as write_survey

    cache = folder / "bytecode" if bytecode else None
    print(f"whole command: {'compiled bytecode kept in ' + str(cache) if cache else 'no bytecode kept'}; "
          f"PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE', '')!r}", flush=True)
    columns: dict[str, dict[str, list[float]]] = {}
    for rows in sizes:
        path = folder / f"survey_{rows}.csv"
        if not path.exists():
            write_survey(path, rows)
        out = folder / f"out_{rows}"
        _fresh(_command(path, out, 1), cache)                # untimed: the OS's file cache, numba's, the bytecode
        runs: dict[int, list[dict[str, list[float]]]] = {jobs: [] for jobs in jobs_list}
        for _ in range(repeat):                               # the settings take turns
            for jobs in jobs_list:
                runs[jobs].append(_fresh(_command(path, out, jobs), cache)[0])
        result = json.loads((out / "results.json").read_text())["sample_risk"]
        ours = (result["individual"]["expected_reidentifications"], result["suda"]["special_uniques"])
        for jobs in jobs_list:
            name = f"{rows:,} records, {jobs} process{'es' if jobs > 1 else ''}"
            columns[name] = {stage: [statistics.median(r[stage][i] for r in runs[jobs] if stage in r)
                                     if any(stage in r for r in runs[jobs]) else 0.0 for i in (0, 1)]
                             for stage in STAGES}
            walls = ", ".join(f"{r['total'][0]:.2f}" for r in runs[jobs])
            print(f"{name}: whole command {columns[name]['total'][0]:.2f} s wall, {columns[name]['total'][1]:.2f} s "
                  f"CPU (median of {repeat}; runs {walls}); load average {os.getloadavg()[0]:.1f}", flush=True)
        r_runs = [r for r in (_sdcmicro(path) for _ in range(r_repeat)) if r is not None]
        if r_runs:
            r = {key: statistics.median(run[key] for run in r_runs) for key in r_runs[0]}
            fastest = min(columns[n]["total"][0] for n in columns if n.startswith(f"{rows:,} records"))
            print(f"  sdcMicro (R): {r['total']:.1f} s wall (R start and library {r['start']:.1f} s, read.csv "
                  f"{r['read']:.1f} s, measure_risk {r['measure_risk']:.1f} s, suda2 {r['suda2']:.1f} s; median of "
                  f"{len(r_runs)}): {r['total'] / fastest:.1f}x the whole command's wall time; "
                  f"expected re-identifications {r['expected']:.1f} (ours {ours[0]:.1f}), special uniques "
                  f"{int(r['uniques']):,} (ours {ours[1]:,}); load average {os.getloadavg()[0]:.1f}", flush=True)
        else:
            print("  sdcMicro: Rscript or the sdcMicro package not found; no baseline", flush=True)
    names = list(columns)
    print("\n| stage | " + " | ".join(names) + " |")
    print("| --- |" + " --- |" * len(names))
    for stage in STAGES:
        print(f"| {stage} | " + " | ".join(f"{columns[n][stage][0]:.2f} / {columns[n][stage][1]:.2f}" for n in names)
              + " |")
    print(f"(wall / CPU seconds, medians; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())})")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suda-rows", type=int, default=1_000_000, help="0: skip SUDA")
    parser.add_argument("--suda-max-size", type=int, default=4)
    parser.add_argument("--risk-rows", type=int, nargs="*", default=[5_000_000])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--baseline-subsets", type=int, default=12)
    parser.add_argument("--baseline-records", type=int, default=20_000)
    parser.add_argument("--baseline-max-rows", type=int, default=10_000_000,
                        help="no individual-risk baseline on larger files")
    parser.add_argument("--data-dir", type=Path, default=Path("/tmp/riskreview-bench"))
    parser.add_argument("--command-rows", type=int, nargs="*", default=[],
                        help="time the whole command on household surveys of these sizes")
    parser.add_argument("--command-jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=5, help="runs of the whole command per setting")
    parser.add_argument("--r-repeat", type=int, default=2, help="runs of sdcMicro per size")
    parser.add_argument("--no-bytecode-cache", action="store_true",
                        help="whole command: keep no compiled bytecode between runs (with PYTHONDONTWRITEBYTECODE "
                             "set, every module is compiled at each start, unlike an installed copy)")
    args = parser.parse_args(argv)
    args.data_dir.mkdir(parents=True, exist_ok=True)
    if args.suda_rows:
        bench_suda(_data(args.data_dir, args.suda_rows), args.suda_max_size, args.jobs, args.baseline_subsets)
    for rows in args.risk_rows:
        bench_risk(_data(args.data_dir, rows), args.baseline_records, args.baseline_max_rows)
    if args.command_rows:
        bench_command(args.data_dir, args.command_rows, args.command_jobs, args.repeat, args.r_repeat,
                      not args.no_bytecode_cache)


if __name__ == "__main__":
    main()
