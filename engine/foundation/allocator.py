"""Keep freed memory for reuse instead of handing it back to the system at once (glibc).

The refinement walk (:mod:`engine.sweep.walker`) allocates and frees arrays of a few MB per
subset. With glibc's defaults many of them are mapped fresh each time and every page is
faulted in and zeroed again: at 300,000 rows x 255 subsets a third of a second of system
time. Arrays below :data:`MMAP_THRESHOLD` come from the heap, and up to
:data:`TRIM_THRESHOLD` of free heap is kept; larger arrays (census-scale columns) are still
mapped and returned to the system when freed. Elsewhere (other C libraries) nothing changes.
The command line and the window set this at start, the pool's worker processes as they
start, and a Dask worker's tasks in the worker's process, which Dask's nanny starts with
``MALLOC_TRIM_THRESHOLD_=65536``: every array over 128 KB mapped afresh, the walk 3.4x slower
(docs/cluster.md).
"""

from __future__ import annotations

from .platform import set_malloc_thresholds

MMAP_THRESHOLD = 32 << 20
TRIM_THRESHOLD = 256 << 20


def keep_freed_memory() -> bool:
    """Set glibc's thresholds (``mallopt``); whether they were set."""
    return set_malloc_thresholds(MMAP_THRESHOLD, TRIM_THRESHOLD)
