"""Run-time estimate against measured time: the engine's plan (:mod:`engine.assessment.run_plan`, what the
window shows before a run) beside the wall-clock time of the run, for each kind of run:

- the census example's demo (10 QIDs, every subset) at 20,000 and 100,000 rows, on 1 and 2
  processes;
- sample measures (a sampling fraction), SUDA with MSUs of at most 3 and of any size;
- two scenarios (drop the day of birth; band the birth year);
- linked releases (3 releases, 4 QIDs, subsets of at most 3);
- suggest (8 QIDs of Adult or its stand-in, k = 5): a range, the measured time must fall in it.

Each run is timed once after a small warm-up run of the same kind (imports and compiled
kernels loaded, as in a window that has run once). Prints estimate, measured, their ratio and
whether it is within a factor of 2 (or inside the range), by wall-clock time or, on a loaded
machine, by the CPU time of this process and its worker processes.

    python benchmarks/estimate.py [--rows 20000 100000] [--data-dir /tmp]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
from dataclasses import replace
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.example_data import example_parquet  # noqa: E402
from benchmarks.timing import timed  # noqa: E402
from engine.api import run_assessment  # noqa: E402
from engine.analysis.config import AnalysisConfig, DataSource, Linkage, Release, Roles, SubsetFamily  # noqa: E402
from engine.assessment.run_plan import RunPlan, plan_assessment, plan_suggestion  # noqa: E402
from engine.analysis.sample_options import SampleOptions  # noqa: E402
from engine.analysis.scenario_steps import Drop, HierarchySpec, Recode, Scenario  # noqa: E402

DEMO = AnalysisConfig.from_toml(ROOT / "resources" / "examples" / "census_demo.toml")


def _within(plan: RunPlan, seconds: float) -> bool:
    if plan.is_range:
        return plan.low / 2 <= seconds <= plan.high * 2
    return plan.high > 0 and 0.5 <= seconds / plan.high <= 2


def _line(name: str, plan: RunPlan, wall: float, cpu: float) -> bool:
    """One case; within a factor of 2 by wall-clock or, on a loaded machine, by CPU time."""
    ok = _within(plan, wall) or _within(plan, cpu)
    shown = f"{plan.low:.2f}-{plan.high:.2f}s" if plan.is_range else f"{plan.high:.2f}s"
    parts = ", ".join(f"{p.name} {p.high:.2f}" for p in plan.parts)
    ratio = "" if plan.is_range else f" ({wall / plan.high:.2f}x)"
    print(f"{name:34s} estimate {shown:13s} measured wall {wall:6.2f}s{ratio:9s} CPU {cpu:6.2f}s  "
          f"{'ok' if ok else 'OFF'}  [{parts}]", flush=True)
    return ok


class _DescendantsCPU:
    """CPU seconds of this process's grandchildren while a run lasts, sampled every 20 ms: the
    worker processes are forked by the forkserver, not by this process, so ``os.times`` never
    counts them (it counts this process's own children once they end)."""

    def __init__(self) -> None:
        self.me, self.seen, self.base = psutil.Process(), {}, {}
        self.stop = threading.Event()

    def _sample(self, into: dict) -> None:
        direct = {child.pid for child in self.me.children()}     # reaped ones are in os.times
        for child in self.me.children(recursive=True):
            if child.pid in direct:
                continue
            try:
                times = child.cpu_times()
                into[child.pid] = times.user + times.system
            except psutil.Error:
                pass

    def __enter__(self) -> "_DescendantsCPU":
        self._sample(self.base)
        self.thread = threading.Thread(target=self._watch, daemon=True)
        self.thread.start()
        return self

    def _watch(self) -> None:
        while not self.stop.wait(0.02):
            self._sample(self.seen)

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join()
        self._sample(self.seen)

    @property
    def seconds(self) -> float:
        return sum(max(0.0, cpu - self.base.get(pid, 0.0)) for pid, cpu in self.seen.items())


def _timed(work) -> tuple[float, float]:
    """Wall-clock seconds and CPU seconds of this process and of every process it started."""
    with _DescendantsCPU() as workers:
        _, wall, cpu = timed(work)
    return wall, cpu + workers.seconds


def assessment_cases(folder: Path, rows: int) -> list[tuple[str, AnalysisConfig]]:
    data = example_parquet(rows, 2021, folder)
    base = replace(DEMO, data=DataSource(str(data)), targets=(), jobs=1)
    band = HierarchySpec("intervals", params=(("widths", (5.0,)),))
    return [
        (f"sweep {rows:,} rows, 1 process", base),
        (f"sweep {rows:,} rows, 2 processes", replace(base, jobs=2)),
        (f"sample measures {rows:,}", replace(base, sample=SampleOptions(sampling_fraction=0.1))),
        (f"SUDA M=3 {rows:,}", replace(base, sample=SampleOptions(sampling_fraction=0.1, suda=True, suda_max_size=3))),
        (f"SUDA all sizes {rows:,}", replace(base, sample=SampleOptions(sampling_fraction=0.1, suda=True))),
        (f"2 scenarios {rows:,}", replace(base, scenarios=(
            Scenario("drop day", (Drop("birth_day"),)),
            Scenario("band year", (Drop("birth_day"), Recode("birth_year", 1, band)))))),
    ]


def linked_case(folder: Path, rows: int) -> tuple[str, AnalysisConfig]:
    from benchmarks.linked import QIDS, SENSITIVE, make_releases

    paths = make_releases(rows, 3, 2014, folder)
    labels = [str(2014 + i) for i in range(3)]
    config = AnalysisConfig(
        data=DataSource(str(paths[0])), roles=Roles(tuple(QIDS), tuple(SENSITIVE)),
        subsets=SubsetFamily.parse("max-size:3"), jobs=1,
        linkage=Linkage(key="student_id", focal_label=labels[0],
                        releases=tuple(Release(DataSource(str(p)), label) for p, label in zip(paths[1:], labels[1:]))))
    return f"linked, 3 releases of {rows:,}", config


def suggest_case(folder: Path) -> bool:
    from benchmarks.suggest import ADULT, QIDS, hierarchies, stand_in
    import pandas as pd
    from engine.io.loader import load_table
    from engine.remediation.hierarchy import read_hierarchy
    from engine.remediation.suggest import SuggestConfig, SuggestTarget, suggest

    data = ADULT if ADULT.exists() else folder / "adult_stand_in.csv"
    if not ADULT.exists():
        stand_in(data)
    files = hierarchies(pd.read_csv(data, usecols=QIDS, skipinitialspace=True), folder)
    table = load_table(DataSource(str(data)), QIDS)
    ok = True
    for k, suppression in ((5, 2.0), (2, 0.0)):
        config = SuggestConfig(qids=tuple(QIDS), hierarchies=tuple((q, read_hierarchy(files[q], q)) for q in QIDS),
                               target=SuggestTarget(k=k, max_suppression=suppression))
        ok &= _line(f"suggest Adult k={k}, {suppression:g}% suppressed", plan_suggestion(config, table.n_rows),
                    *_timed(lambda: suggest(table, config)))
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, nargs="+", default=[20_000, 100_000])
    parser.add_argument("--linked-rows", type=int, default=50_000)
    parser.add_argument("--data-dir", default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.data_dir or tmp)
        warm = assessment_cases(folder, 2_000)
        for _, config in warm:
            run_assessment(config)
        results = []
        for rows in args.rows:
            for name, config in assessment_cases(folder, rows):
                results.append(_line(name, plan_assessment(config, rows), *_timed(lambda: run_assessment(config))))
        name, config = linked_case(folder, args.linked_rows)
        run_assessment(linked_case(folder, 2_000)[1])
        results.append(_line(name, plan_assessment(config, args.linked_rows), *_timed(lambda: run_assessment(config))))
        results.append(suggest_case(folder))
        print(f"{sum(results)} of {len(results)} within a factor of 2 (or inside the range)")


if __name__ == "__main__":
    main()
