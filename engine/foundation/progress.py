"""Progress reports and cancellation shared by the command line and the GUI."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Callable, Optional

from .errors import Cancelled


@dataclass(frozen=True)
class Progress:
    """One progress report: ``done`` of ``total`` units of ``stage``; times in seconds."""

    stage: str
    done: int
    total: int
    elapsed: float
    eta: Optional[float]

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 1.0


ProgressCallback = Callable[[Progress], None]


class CancelToken:
    """Thread-safe cancel flag checked by the engine between chunks of work."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def raise_if_cancelled(self) -> None:
        if self._event.is_set():
            raise Cancelled("cancelled by the user")


ETA_LEAST_SHARE = 0.01     # share of the work done (and since the first count) an ETA needs


class ProgressReporter:
    """Rate-limits progress callbacks (at most ``max_rate`` per second) and computes the ETA.

    ETA = (t - t1) * (total - done) / (done - d1): the rate since the first work was counted
    (``d1`` done at ``t1``) extrapolated, so that the stage's start-up (reading, preparing,
    starting workers) is not; before a second count, elapsed * (total - done) / done. No ETA
    before :data:`ETA_LEAST_SHARE` of the work is done, nor a rate from less than that share
    since the first count (whole units: one subset of 2,047 after another extrapolated alone
    said hours for seconds). ``then``:
    seconds of work known to follow the stage before the run has its results (added to the ETA,
    so that it is the time until then).
    """

    def __init__(self, stage: str, total: int, callback: Optional[ProgressCallback],
                 max_rate: float = 10.0, then: float = 0.0) -> None:
        self.stage = stage
        self.then = then
        self.total = total
        self._callback = callback
        self._start = time.monotonic()
        self._min_gap = 1.0 / max_rate
        self._last = -1.0
        self._first: Optional[tuple[float, int]] = None    # (t1, d1)

    def update(self, done: int, force: bool = False) -> None:
        if self._callback is None:
            return
        now = time.monotonic()
        if self._first is None and done > 0:
            self._first = (now, done)
        if not force and now - self._last < self._min_gap and done < self.total:
            return
        self._last = now
        elapsed = now - self._start
        self._callback(Progress(self.stage, done, self.total, elapsed, self._eta(now, done, elapsed)))

    def _eta(self, now: float, done: int, elapsed: float) -> Optional[float]:
        least = self.total * ETA_LEAST_SHARE
        if done <= 0 or done < least:
            return None
        if self._first is not None and done - self._first[1] >= max(least, 1):
            return (now - self._first[0]) * (self.total - done) / (done - self._first[1]) + self.then
        return elapsed * (self.total - done) / done + self.then
