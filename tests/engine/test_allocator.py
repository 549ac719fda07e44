"""The allocator's thresholds (engine/foundation/allocator.py) are set where glibc is the C library."""

import os
import platform
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from engine.foundation import platform as engine_platform
from engine.foundation.allocator import keep_freed_memory

ROOT = Path(__file__).resolve().parents[2]
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


@pytest.mark.skipif(not GLIBC, reason="mallopt is glibc's (not in the portability test mode)")
def test_pool_workers_reuse_freed_arrays_even_under_a_small_trim_threshold():
    """A worker process sets the thresholds as the program does: started with
    MALLOC_TRIM_THRESHOLD_=65536 (as Dask starts its workers, or a user's shell might), glibc
    would map every array over 128 KB afresh, and the privacy-model walk on two worker processes
    took 14.3 s instead of 4.7 s on 200,000 rows."""
    code = (
        "from engine.foundation.workers import WorkerPool\n"
        "from tests.engine.helpers import page_faults_of_reused_arrays\n"
        "found = {}\n"
        "if __name__ == '__main__':\n"
        "    with WorkerPool('test', 'the example') as pool:\n"
        "        pool.run(page_faults_of_reused_arrays, [()], jobs=1, on_result=found.__setitem__)\n"
        "    print(*found[0])\n"
    )
    env = dict(os.environ, MALLOC_TRIM_THRESHOLD_="65536", PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True,
                         timeout=120, check=True).stdout.split()
    assert out[0] == "65536" and int(out[1]) < 2_000, out
