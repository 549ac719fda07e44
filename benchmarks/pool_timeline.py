"""The timeline of one assessment: when the main thread did each stage and, for the segment
sweep, when each of its threads ran each task (wall and the thread's own CPU), and how long the
threads waited for one another at the end (the tail); for the refinement walk on worker
processes, when each worker was started, had imported the engine and was ready, and ran its
tasks.

The table is a Parquet file of ``benchmarks/shapes.py`` (as written by ``benchmarks/sweep.py``):

    python benchmarks/pool_timeline.py --shape independent --rows 1000000 --jobs 2 --data-dir /tmp/bench
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import threading
import time
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

# shapes (numpy, pyarrow) is imported where used: the engine's forkserver imports this script.


def _timed(stages: list, name: str, function):
    """``function`` that appends ``(name, start, end)`` (monotonic) to ``stages`` on each call."""

    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        start = time.monotonic()
        try:
            return function(*args, **kwargs)
        finally:
            stages.append((name, start, time.monotonic()))

    return wrapper


def measure(path: str, shape: str, jobs: int, per_worker: Optional[int]) -> None:
    from engine.assessment import run as api
    from engine.foundation import workers
    from engine.analysis.config import AnalysisConfig, DataSource, Roles, SubsetFamily
    from engine.sweep import runner, segments
    from shapes import columns_of

    stages: list[tuple[str, float, float]] = []
    pools: list[workers.WorkerPool] = []

    class Recorded(workers.WorkerPool):
        def __enter__(self):
            pools.append(self)
            return super().__enter__()

    runner.WorkerPool = Recorded
    plans: list = []
    plan = segments.plan_segment_tasks
    segments.plan_segment_tasks = lambda *a: plans.append(plan(*a[:3], per_worker or a[3])) or plans[-1]
    for module, names in [(segments, ["reorder", "prepare", "plan_segment_tasks", "finish"]),
                          (runner, ["_share", "_run_threads"]), (workers.WorkerPool, ["start", "run"]),
                          (api, ["load_table", "collective_risks", "worst_case_histograms"])]:
        for name in names:
            setattr(module, name, _timed(stages, name, getattr(module, name)))
    ran: list[tuple[str, int, float, float, float]] = []   # thread, task number, begin, end, CPU
    run_task = segments.run_task

    def recorded(data, tree, subtree, task, *args):
        begin, cpu = time.monotonic(), time.thread_time()
        try:
            return run_task(data, tree, subtree, task, *args)
        finally:
            number = next((i for i, t in enumerate(plans[-1]) if t is task), -1) if plans else -1
            ran.append((threading.current_thread().name, number, begin, time.monotonic(), time.thread_time() - cpu))

    segments.run_task = recorded

    qids, sensitive = columns_of(shape)
    config = AnalysisConfig(data=DataSource(path), roles=Roles(tuple(qids), tuple(sensitive)),
                            subsets=SubsetFamily("all"), jobs=jobs)
    cpu0 = os.times()
    t0 = time.monotonic()
    api.run_assessment(config)
    wall = time.monotonic() - t0
    cpu = os.times()
    print(f"{shape}: wall {wall:.2f}s; main process CPU {cpu.user + cpu.system - cpu0.user - cpu0.system:.2f}s; "
          f"load average {os.getloadavg()[0]:.1f}")
    print("main process (s from the start: begin - end, length):")
    for name, start, end in sorted(stages, key=lambda s: s[1]):
        print(f"  {name:22s} {start - t0:6.2f} - {end - t0:6.2f}  {end - start:6.2f}")
    if ran:
        _print_threads(ran, plans[-1] if plans else [], t0)
    for pool in pools:
        spans = pool.timeline
        by_worker: dict[int, list[workers.Span]] = {}
        for span in spans:
            by_worker.setdefault(span.worker, []).append(span)
        print(f"workers ({len(spans)} tasks): launched, engine imported, prelude done, run ready, "
              f"first task, last task end; busy")
        ends = []
        for index, mine in sorted(by_worker.items()):
            first = min(mine, key=lambda s: s.started)
            last = max(s.ended for s in mine)
            ends.append(last)
            busy = sum(s.ended - s.started for s in mine)
            print(f"  worker {index}: {first.launched - t0:6.2f} {first.entered - t0:6.2f} {first.prepared - t0:6.2f} "
                  f"{first.ready - t0:6.2f} {first.started - t0:6.2f} {last - t0:6.2f}; {busy:6.2f}s "
                  f"({sum(s.cpu for s in mine):.2f}s CPU) in {len(mine)} tasks")
        if len(ends) > 1:
            print(f"  tail: the last worker ended {max(ends) - min(ends):.2f}s after the first")
        longest = sorted(spans, key=lambda s: s.started - s.ended)[:5]
        print("  longest tasks (number, worker, begin, length): " +
              ", ".join(f"#{s.task} w{s.worker} {s.started - t0:.2f}+{s.ended - s.started:.2f}" for s in longest))
        if plans and len(plans[-1]) == len(spans):
            tasks = plans[-1]
            scale = sum(s.cpu for s in spans) / sum(t.estimate for t in tasks)
            print("  per task, in dispatch order (number: estimate -> CPU seconds taken): " + ", ".join(
                f"#{s.task}: {tasks[s.task].estimate * scale:.2f}->{s.cpu:.2f}"
                for s in sorted(spans, key=lambda s: s.task)))
        print("  last tasks to end: " + ", ".join(
            f"#{s.task} w{s.worker} {s.started - t0:.2f}+{s.ended - s.started:.2f}"
            for s in sorted(spans, key=lambda s: -s.ended)[:4]))


def _print_threads(ran: list[tuple[str, int, float, float, float]], tasks: list, t0: float) -> None:
    by_thread: dict[str, list] = {}
    for record in ran:
        by_thread.setdefault(record[0], []).append(record)
    print(f"segment sweep ({len(ran)} tasks on {len(by_thread)} thread(s)): first task, last task end; busy")
    ends = []
    for name, mine in sorted(by_thread.items()):
        ends.append(max(r[3] for r in mine))
        print(f"  {name}: {min(r[2] for r in mine) - t0:6.2f} {ends[-1] - t0:6.2f}; "
              f"{sum(r[3] - r[2] for r in mine):6.2f}s ({sum(r[4] for r in mine):.2f}s CPU) in {len(mine)} tasks")
    if len(ends) > 1:
        print(f"  tail: the last thread ended {max(ends) - min(ends):.2f}s after the first")
    print("  longest tasks (number, thread, begin, length): " + ", ".join(
        f"#{r[1]} {r[0]} {r[2] - t0:.2f}+{r[3] - r[2]:.2f}" for r in sorted(ran, key=lambda r: r[2] - r[3])[:5]))
    if tasks and len(tasks) == len(ran):
        scale = sum(r[4] for r in ran) / (sum(t.estimate for t in tasks) or 1.0)
        print("  per task, in dispatch order (number: estimate -> CPU seconds taken): " + ", ".join(
            f"#{r[1]}: {tasks[r[1]].estimate * scale:.2f}->{r[4]:.2f}" for r in sorted(ran, key=lambda r: r[1])))


def main() -> None:
    from shapes import SHAPES

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shape", choices=SHAPES, default="independent")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=2018)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--data-dir", default="/tmp")
    parser.add_argument("--per-worker", type=int, help="segment tasks planned per worker (default: the runner's)")
    args = parser.parse_args()
    path = Path(args.data_dir) / f"{args.shape}_{args.rows}_{args.seed}.parquet"
    if not path.exists():
        raise SystemExit(f"error: {path} does not exist; benchmarks/sweep.py writes it")
    measure(str(path), args.shape, args.jobs, args.per_worker)


if __name__ == "__main__":
    main()
