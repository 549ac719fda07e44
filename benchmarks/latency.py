"""Interactive latency: whole ``riskreview assess`` commands, each in a fresh process.

Two cases: the bundled example (``resources/examples/census_demo.toml``: 20,000 rows, 1,023
subsets) and the same generator at 300,000 rows with 8 QIDs (255 subsets), each with
``--jobs 1`` and ``--jobs 2``, writing ``--out`` (results.json, CSV tables). Each command runs
``--repeat`` times after one untimed run (which writes Python's bytecode cache, as an
installation has it); reported: the median wall time and the median user+sys CPU time of the
process and its workers (less sensitive to other load on the machine).

Baseline in the same run, also in fresh processes: a short pandas script that reads the same
CSV and does one groupby per subset (blocks and singletons, and per sensitive attribute the
largest count per block), timed on ``--baseline-sample`` subsets and extrapolated to all; the
ratio baseline / engine is printed per command.

    python benchmarks/latency.py --repeat 5 --data-dir /tmp/latency

``--histograms [ROWS ...]``: the worst-case histograms on each code path (numpy, compiled with
the kernels loaded from numba's cache first, compiled with them loaded) in fresh processes, CPU
seconds against the numpy path: where :data:`engine.attacks.histograms.COMPILED_MIN_ROWS` comes from.

``--window``: re-runs in the window, in this process, through the engine call the window's run
makes (:class:`engine.assessment.session_cache.SessionCache` with the table the window read): the first
run after loading (cold), then re-runs of the example with the same analysis, other
thresholds, other targets, one QID fewer and a scenario, and (on a cache that ran nine QIDs)
the tenth QID added; each
against the same run without the cache (the table kept, every subset swept), as the window
ran before. Wall and CPU (``time.process_time``) per run, medians of ``--repeat``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

DEMO = ROOT / "resources" / "examples" / "census_demo.toml"
MEDIUM_QIDS = ["birth_day", "birth_month", "birth_year", "sex", "race", "nationality",
               "municipality_residence", "school"]
SENSITIVE = ["special_needs", "bolsa_familia"]

BASELINE = r"""
import random, sys, time
from itertools import combinations
start = time.perf_counter()
import pandas as pd
path, qids, sensitive, sample = sys.argv[1], sys.argv[2].split(","), sys.argv[3].split(","), int(sys.argv[4])
frame = pd.read_csv(path, usecols=qids + sensitive, dtype=str, keep_default_na=False)
loaded = time.perf_counter() - start
subsets = [list(c) for size in range(1, len(qids) + 1) for c in combinations(qids, size)]
chosen = random.Random(1).sample(subsets, min(sample, len(subsets)))
start = time.perf_counter()
for q in chosen:
    sizes = frame.groupby(q, sort=False).size()
    _ = (len(sizes), int((sizes == 1).sum()))
    for s in sensitive:
        _ = frame.groupby(q + [s], sort=False).size().groupby(level=list(range(len(q))), sort=False).max().sum()
print(loaded + (time.perf_counter() - start) / len(chosen) * len(subsets))
"""


def run(command: list[str]) -> tuple[float, float, str]:
    """One fresh process: (wall, user+sys CPU including its children, stdout)."""
    import resource

    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen")
    env.pop("PYTHONDONTWRITEBYTECODE", None)   # as installed: the bytecode is compiled once, then cached
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def medium_case(folder: Path, rows: int, seed: int) -> Path:
    """The example generator at ``rows`` rows as CSV, with an analysis file of 8 QIDs."""
    from example_data import generator

    csv = folder / f"census_{rows}_{seed}.csv"
    if not csv.exists():
        generator().generate(rows, seed).to_csv(csv, index=False)
    toml = folder / f"census_{rows}.toml"
    toml.write_text("version = 1\n[data]\npath = %r\n[roles]\nquasi_identifiers = %r\nsensitive = %r\n"
                    "[attacks]\nsubsets = \"all\"\n" % (csv.name, MEDIUM_QIDS, SENSITIVE))
    return toml


SCENARIO = """
[[scenario]]
name = "drop the day of birth, band the year"
steps = [{ op = "drop", column = "birth_day" }, { op = "recode", column = "birth_year", level = 1, intervals = [5] }]
"""


def window_variants(folder: Path) -> list[tuple[str, object]]:
    """(name, AnalysisConfig) of the runs, in order: the example, then one change each."""
    from dataclasses import replace

    from engine.analysis.config import AnalysisConfig

    base = AnalysisConfig.from_toml(DEMO)
    scenario = folder / "census_demo_scenario.toml"
    scenario.write_text(DEMO.read_text().replace('path = "census_example.csv"',
                                                 f"path = {str(DEMO.parent / 'census_example.csv')!r}") + SCENARIO)
    report = base.report
    return [("first run (cold)", base),
            ("same analysis", base),
            ("other thresholds", replace(base, report=replace(report, thresholds=replace(
                report.thresholds, unique_share=report.thresholds.unique_share / 2)))),
            ("other targets", replace(base, targets=base.targets[:1])),
            ("one QID fewer", replace(base, roles=replace(base.roles,
                                                          quasi_identifiers=base.roles.quasi_identifiers[:-1]))),
            ("a scenario", AnalysisConfig.from_toml(scenario))]


def window(repeat: int, folder: Path) -> None:
    """Cold and warm re-runs through the window's engine call, against the same runs uncached."""
    from engine.api import run_assessment
    from engine.io.preview import load_for_review, subtable
    from engine.assessment.session_cache import FileStamp, SessionCache

    variants = window_variants(folder)
    base = variants[0][1]
    stamp = FileStamp.of(base.data.path)
    shown = load_for_review(base.data).table

    def timed(call) -> tuple[float, float]:
        wall, cpu = time.perf_counter(), time.process_time()
        call()
        return time.perf_counter() - wall, time.process_time() - cpu

    def both(cache: SessionCache, config) -> tuple[float, ...]:
        def cached() -> None:
            with cache.prepared(config) as table:
                run_assessment(config, table=table)

        return timed(cached) + timed(lambda: run_assessment(config, table=subtable(shown,
                                                                                   config.needed_columns())))

    rows: dict[str, list[tuple[float, ...]]] = {}
    for _ in range(repeat):
        cache = SessionCache()
        cache.adopt(base.data, shown, stamp)
        for name, config in variants:
            rows.setdefault(name, []).append(both(cache, config))
        cache = SessionCache()   # the tenth QID added to a run of nine: 512 subsets swept
        cache.adopt(base.data, shown, stamp)
        cache.run(variants[4][1])
        rows.setdefault("one QID more", []).append(both(cache, base))
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; window runs of the "
          f"example (20,000 x 1,023), {repeat} rounds, medians; jobs {base.jobs}")
    print(f"{'run':18s} {'cached wall':>11s} {'CPU':>6s} {'uncached wall':>13s} {'CPU':>6s} {'ratio':>6s}")
    for name, values in rows.items():
        wall, cpu, base_wall, base_cpu = (statistics.median(v[i] for v in values) for i in range(4))
        print(f"{name:18s} {wall:10.3f}s {cpu:5.3f}s {base_wall:12.3f}s {base_cpu:5.3f}s {base_wall / wall:5.1f}x")


HISTOGRAMS = r"""
import sys, time
rows, path, path_kind = int(sys.argv[1]), sys.argv[2], sys.argv[3]
from engine.io.arrow_lookup import skip_pandas_lookup
skip_pandas_lookup()
import numpy as np
from engine.assessment import run as api
from engine.attacks import histograms
from engine.analysis.config import DataSource
from engine.io.loader import load_table
from engine.outcome.results import InferenceRisk, ReidentificationRisk
qids, sensitive = sys.argv[4].split(","), sys.argv[5].split(",")
table = load_table(DataSource(path), qids + sensitive)
order = [qids[i] for i in api.walk_order([table[q] for q in qids])]
reid = [ReidentificationRisk(qids=tuple(order[:k]), n=1, blocks=1, singletons=0, prior_prob=0.0, posterior_prob=1.0,
                             prior_det=0.0, posterior_det=0.0) for k in range(1, len(order) + 1)]
inference = [InferenceRisk(qids=tuple(order[1:k + 1]) if k < len(order) else tuple(order), sensitive=s, n=1,
                           expected_correct=1, records_certain=0, prior_prob=0.0, posterior_prob=1.0, prior_det=0.0,
                           posterior_det=0.0) for s in sensitive for k in range(1, len(order) + 1)]
if path_kind == "compiled, kernels loaded":
    from engine.sweep import block_kernels
    ids, n_ids = block_kernels.refine_ids(np.zeros(3, np.int32), 1, np.arange(3, dtype=np.uint8), 3)
    block_kernels.risk_tally(ids, n_ids, ids, 1, 255)
if path_kind != "chosen":
    histograms.compiled_pays = lambda n: path_kind != "numpy"
cpu = time.process_time()
made = histograms.worst_case_histograms(table.columns, reid, inference, [table[s] for s in sensitive], table.n_rows)
print(time.process_time() - cpu, hash(tuple((h.counts, round(h.mean, 12)) for h in made)))
"""
HISTOGRAM_PATHS = ("numpy", "compiled, kernels loaded from numba's cache", "compiled, kernels loaded", "chosen")


def histogram_paths(repeat: int, rows_list: list[int], seed: int, folder: Path) -> None:
    """CPU seconds of the worst-case histograms (top subsets of each size, 8 QIDs, 2 sensitive)
    on each path, each in a fresh process, against the numpy path; "chosen" is
    :func:`engine.attacks.histograms.compiled_pays`'s choice at that size in a fresh process."""
    from example_data import example_parquet

    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; worst-case histograms, "
          f"CPU seconds, medians of {repeat}")
    for rows in rows_list:
        path = example_parquet(rows, seed, folder)
        times = {}
        for kind in HISTOGRAM_PATHS:
            values, results = [], set()
            for _ in range(repeat):
                _, _, out = run([sys.executable, "-c", HISTOGRAMS, str(rows), str(path), kind, ",".join(MEDIUM_QIDS),
                                 ",".join(SENSITIVE)])
                seconds, digest = out.split()
                values.append(float(seconds))
                results.add(digest)
            times[kind] = (statistics.median(values), results)
        assert len(set.union(*(r for _, r in times.values()))) == 1, "the paths disagree"
        base = times["numpy"][0]
        print(f"{rows:>10,} rows: " + "; ".join(f"{kind} {t:.2f}s ({base / t:.1f}x)" for kind, (t, _) in times.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--rows", type=int, default=300_000, help="rows of the medium case")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--baseline-sample", type=int, default=20)
    parser.add_argument("--data-dir", default="/tmp/latency")
    parser.add_argument("--window", action="store_true", help="re-runs in the window (cached) instead")
    parser.add_argument("--histograms", type=int, nargs="*", metavar="ROWS",
                        help="the worst-case histograms' paths at these row counts instead")
    args = parser.parse_args()
    folder = Path(args.data_dir)
    folder.mkdir(parents=True, exist_ok=True)
    if args.histograms is not None:
        histogram_paths(args.repeat, args.histograms or [300_000, 1_000_000, 4_000_000], args.seed, folder)
        return
    if args.window:
        sys.path.insert(0, str(ROOT))
        window(args.repeat, folder)
        return
    cases = [("example 20,000 x 1,023", DEMO, ROOT / "resources" / "examples" / "census_example.csv",
              ["birth_day", "birth_month", "birth_year", "sex", "race", "nationality", "municipality_birth",
               "municipality_residence", "school", "school_type"]),
             (f"{args.rows:,} x 255", medium_case(folder, args.rows, args.seed),
              folder / f"census_{args.rows}_{args.seed}.csv", MEDIUM_QIDS)]
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; "
          f"{args.repeat} runs each, medians")
    for name, toml, csv, qids in cases:
        baseline = []
        for _ in range(max(1, min(3, args.repeat))):
            wall, cpu, out = run([sys.executable, "-c", BASELINE, str(csv), ",".join(qids), ",".join(SENSITIVE),
                                  str(args.baseline_sample)])
            baseline.append(float(out.split()[-1]))
        base = statistics.median(baseline)
        print(f"\n== {name}: baseline (pandas read_csv + one groupby per subset, {args.baseline_sample} "
              f"sampled, extrapolated) {base:.1f}s")
        # the settings take turns, run by run, so that a drift of the machine touches all alike
        walls: dict[int, list[float]] = {jobs: [] for jobs in args.jobs}
        cpus: dict[int, list[float]] = {jobs: [] for jobs in args.jobs}
        with tempfile.TemporaryDirectory(prefix="riskreview-latency-") as out_dir:
            commands = {jobs: [sys.executable, "-m", "gui", "assess", "--config", str(toml), "--jobs", str(jobs),
                               "--out", out_dir, "--quiet"] for jobs in args.jobs}
            for command in commands.values():
                run(command)   # not timed: writes the bytecode cache an installation has
            for _ in range(args.repeat):
                for jobs, command in commands.items():
                    wall, cpu, _out = run(command)
                    walls[jobs].append(wall)
                    cpus[jobs].append(cpu)
        for jobs in args.jobs:
            wall, cpu = statistics.median(walls[jobs]), statistics.median(cpus[jobs])
            print(f"riskreview assess --jobs {jobs}: wall {wall:.2f}s "
                  f"(runs {', '.join(f'{w:.2f}' for w in walls[jobs])}), "
                  f"user+sys {cpu:.2f}s; ratio baseline / engine {base / wall:.0f}x", flush=True)


if __name__ == "__main__":
    main()
