"""Peak memory of this process and of its live worker processes, for the benchmarks."""

from __future__ import annotations

import multiprocessing
import resource
import threading
from pathlib import Path


def own_peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class WorkerPeak:
    """Samples the peak RSS (VmHWM) of live worker processes from /proc every 0.2 s; ``total_mb``
    is the largest sum over workers seen at one time."""

    def __init__(self) -> None:
        self.peak_mb = 0.0
        self.total_mb = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._poll, daemon=True)

    def _poll(self) -> None:
        while not self._stop.wait(0.2):
            total = 0.0
            for child in multiprocessing.active_children():
                try:
                    status = Path(f"/proc/{child.pid}/status").read_text()
                except OSError:
                    continue
                for line in status.splitlines():
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) / 1024
                    if line.startswith("VmHWM:"):
                        self.peak_mb = max(self.peak_mb, int(line.split()[1]) / 1024)
            self.total_mb = max(self.total_mb, total)

    def __enter__(self) -> "WorkerPeak":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
