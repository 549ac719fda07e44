"""Run-time estimate shown before a run (an estimate: the real time depends on the data).

The sweep costs roughly a constant per (row x subset): every subset refines a parent
partition over the rows still in blocks larger than one. ``REFERENCE_SECONDS_PER_ROW_SUBSET``
was measured on the bundled census example (20,000 rows x 1,023 subsets, sweep plus
summaries with 2 worker processes: about 4 s in total on a 2-core machine, of which about
2 s start the worker processes). After each run the window replaces the constant by the
rate it measured (kept in the settings), so the estimate adapts to the machine and data.
"""

from __future__ import annotations

from typing import Optional

REFERENCE_SECONDS_PER_ROW_SUBSET = 1.0e-7
WORKER_STARTUP_SECONDS = 2.0


def estimate_seconds(rows: int, subsets: int, jobs: int, rate: Optional[float] = None) -> float:
    """Seconds for ``rows`` x ``subsets`` at ``rate`` (seconds per row-subset), plus start-up."""
    per = rate if rate and rate > 0 else REFERENCE_SECONDS_PER_ROW_SUBSET
    startup = WORKER_STARTUP_SECONDS if jobs >= 2 and subsets >= 2 else 0.0
    return startup + per * rows * subsets


def measured_rate(rows: int, subsets: int, jobs: int, seconds: float) -> Optional[float]:
    """The rate one finished run implies (None when too small to say anything)."""
    startup = WORKER_STARTUP_SECONDS if jobs >= 2 and subsets >= 2 else 0.0
    work = rows * subsets
    if work < 10_000 or seconds <= startup:
        return None
    return (seconds - startup) / work
