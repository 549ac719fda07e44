"""Run-time estimate shown before a run (an estimate: the real time depends on the data).

The engine plans the sweep (:func:`engine.api.sweep_plan`): the refinement walk or the
compiled segment sweep, in one process or on worker processes when they pay, at its measured
throughput of row-subsets per second per process, after loading kernels or starting workers.
The estimate is that plan's time plus the rest of a run (worst-case histograms, targets,
summaries: ``OTHER_SECONDS_PER_ROW``, measured with benchmarks/latency.py --window). After each
run the window replaces the throughput by the rate it measured (seconds per row-subset of one
process, kept in the settings), so the estimate adapts to the machine and data.
"""

from __future__ import annotations

from typing import Optional

from engine.api import sweep_plan

OTHER_SECONDS_PER_ROW = 6e-7


def _fixed(rows: int, start_seconds: float) -> float:
    return start_seconds + OTHER_SECONDS_PER_ROW * rows


def estimate_seconds(rows: int, subsets: int, jobs: int, rate: Optional[float] = None) -> float:
    """Seconds for ``rows`` x ``subsets`` with ``jobs``: start + rows x subsets x ``rate``
    (seconds per row-subset of one process; the engine's when None) / processes + the rest."""
    plan = sweep_plan(rows, subsets, jobs)
    per = rate if rate and rate > 0 else 1.0 / plan.row_subsets_per_second
    return _fixed(rows, plan.start_seconds) + per * rows * subsets / plan.processes


def measured_rate(rows: int, subsets: int, jobs: int, seconds: float) -> Optional[float]:
    """The rate one finished run implies (the inverse of :func:`estimate_seconds`; None when
    too small to say anything)."""
    plan = sweep_plan(rows, subsets, jobs)
    work = rows * subsets
    sweep = seconds - _fixed(rows, plan.start_seconds)
    if work < 10_000 or sweep <= 0:
        return None
    return sweep * plan.processes / work
