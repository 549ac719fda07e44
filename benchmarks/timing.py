"""Timing helpers of the benchmarks: median wall-clock and user+sys CPU seconds of repeated runs
(CPU time, of this process and its finished workers, is less sensitive to a shared machine)."""

from __future__ import annotations

import os
import statistics
import time
from typing import Callable, TypeVar

T = TypeVar("T")


def cpu_seconds() -> float:
    """User+sys CPU time of this process and its finished worker processes."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def timed(work: Callable[[], T], repeat: int = 1) -> tuple[T, float, float]:
    """(last result, median wall seconds, median CPU seconds) of ``repeat`` runs of ``work``."""
    walls, cpus = [], []
    result = None
    for _ in range(max(1, repeat)):
        wall, cpu = time.perf_counter(), cpu_seconds()
        result = work()
        walls.append(time.perf_counter() - wall)
        cpus.append(cpu_seconds() - cpu)
    return result, statistics.median(walls), statistics.median(cpus)
