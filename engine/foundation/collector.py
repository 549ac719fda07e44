"""The cyclic garbage collector paused while an analysis runs.

Reading a file, importing numba and preparing a sweep create hundreds of thousands of objects;
CPython's collector then walks every object the process holds several times (0.1-0.3 s of a
4 s run of 1M rows on 2 processes, measured in docs/performance.md). Reference counting still
frees everything that is not in a cycle; the collector runs again once the last run ends.

When the last run ends, what the runs allocated joins the oldest generation (``gc.freeze`` then
``gc.unfreeze``: two list splices, nothing walked) rather than the youngest, whose first
collection would walk all of it at once (0.05 s after a 1M-row run, as the run returns; in the
window, on the GUI thread at the collector's next tick). Cycles the run left behind are freed
by the next full collection.
"""

from __future__ import annotations

import gc
import threading
from contextlib import contextmanager
from typing import Iterator

_lock = threading.Lock()
_runs = 0
_was_enabled = False


def collector_pause_active() -> bool:
    """Whether a run has the collector paused now (the window then collects nothing either)."""
    return _runs > 0


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the collector for the block; nested and concurrent blocks (runs on other threads)
    share one pause, lifted when the last one ends, and only if the collector was on before."""
    global _runs, _was_enabled
    with _lock:
        if _runs == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _runs += 1
    try:
        yield
    finally:
        with _lock:
            _runs -= 1
            if _runs == 0:
                gc.freeze()
                gc.unfreeze()
                if _was_enabled:
                    gc.enable()
