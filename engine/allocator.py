"""Keep freed memory for reuse instead of handing it back to the system at once (glibc).

The refinement walk (:mod:`engine.sweep.walker`) allocates and frees arrays of a few MB per
subset. With glibc's defaults many of them are mapped fresh each time and every page is
faulted in and zeroed again: at 300,000 rows x 255 subsets a third of a second of system
time. Arrays below :data:`MMAP_THRESHOLD` come from the heap, and up to
:data:`TRIM_THRESHOLD` of free heap is kept; larger arrays (census-scale columns) are still
mapped and returned to the system when freed. Elsewhere (other C libraries) nothing changes.
"""

from __future__ import annotations

import ctypes
import sys

M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 32 << 20
TRIM_THRESHOLD = 256 << 20


def keep_freed_memory() -> bool:
    """Set glibc's thresholds (``mallopt``); whether they were set."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL("libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD))
