"""The allocator's thresholds (engine/foundation/allocator.py) are set where glibc is the C library."""

import platform
import sys

import numpy as np
import pytest

from engine.foundation import platform as engine_platform
from engine.foundation.allocator import keep_freed_memory

GLIBC = sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc" and not engine_platform.simulated()


@pytest.mark.skipif(not GLIBC, reason="mallopt is glibc's (not in the portability test mode)")
def test_glibc_takes_the_thresholds_and_arrays_still_work():
    assert keep_freed_memory() is True
    assert keep_freed_memory() is True       # setting them again is harmless
    total = 0
    for size in (1 << 10, 1 << 20, 1 << 23, 1 << 26):   # below and above the mapping threshold
        array = np.arange(size // 8, dtype=np.int64)
        total += int(array[-1])
        del array
    assert total == sum(size // 8 - 1 for size in (1 << 10, 1 << 20, 1 << 23, 1 << 26))


@pytest.mark.skipif(GLIBC, reason="elsewhere")
def test_other_systems_are_left_alone():
    assert keep_freed_memory() is False
    assert int(np.arange(1 << 22, dtype=np.int64)[-1]) == (1 << 22) - 1
