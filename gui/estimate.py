"""Run-time estimate shown before a run (an estimate: the real time depends on the data).

The engine plans the run part by part (:mod:`engine.assessment.run_plan`: the sweep at its plan's
throughput, the sample measures, SUDA, linked releases, scenarios; a range for a
suggestion). After each run the window replaces the sweep's throughput by the rate it measured
on the engine's sweep alone (``timings["sweep"]``: seconds per row-subset of one process,
kept in the settings), so the estimate adapts to the machine and data; a rate from a sweep
too small to time is not kept, and a kept one counts within a factor of 10 of the engine's.
"""

from __future__ import annotations

from typing import Optional

from engine.api import sweep_plan
from engine.api import AnalysisConfig
from engine.api import OTHER_SECONDS_PER_ROW, RunPlan, plan_assessment, sweep_seconds

MIN_TIMED_WORK = 1_000_000   # row-subsets: below, the sweep is too short for its time to say anything

__all__ = ["OTHER_SECONDS_PER_ROW", "estimate_seconds", "estimate_plan", "measured_rate"]


def _fixed(rows: int, start_seconds: float) -> float:
    return start_seconds + OTHER_SECONDS_PER_ROW * rows


def estimate_seconds(rows: int, subsets: int, jobs: int, rate: Optional[float] = None) -> float:
    """Seconds of the sweep of ``rows`` x ``subsets`` with ``jobs`` (:func:`engine.assessment.run_plan.sweep_seconds`)."""
    return sweep_seconds(rows, subsets, jobs, rate=rate)


def estimate_plan(config: AnalysisConfig, rows: int, rate: Optional[float] = None) -> RunPlan:
    """The engine's plan of the whole run of ``config`` on ``rows`` records."""
    return plan_assessment(config, rows, rate)


def measured_rate(rows: int, subsets: int, jobs: int, sweep_seconds_taken: float) -> Optional[float]:
    """The rate one finished sweep implies (the inverse of :func:`estimate_seconds`; None when
    too small to say anything). ``sweep_seconds_taken`` is the engine's sweep timing, not the
    whole run's (sample measures, SUDA and scenarios are planned apart)."""
    plan = sweep_plan(rows, subsets, jobs)
    work = rows * subsets
    sweep = sweep_seconds_taken - _fixed(rows, plan.start_seconds)
    if work < MIN_TIMED_WORK or sweep <= 0:
        return None
    return sweep * plan.workers / work
