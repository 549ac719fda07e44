"""Imported once by the forkserver that forks the segment sweep's workers (``WorkerPool.start``
with ``preload``): the engine, numba and the compiled kernels loaded from numba's cache, so
every worker forked from it starts with them instead of loading them itself (about 0.9 s of
CPU each). Importing it does nothing else; when the cache lacks the kernels it only imports
(the workers compile them, where a cancel stops them), and an error leaves the workers to load
the kernels themselves (the forkserver must not fail)."""

from __future__ import annotations

from . import runner  # noqa: F401  (the module the workers run)


def _load() -> None:
    from . import kernels, segments

    if kernels.segment_kernels_cached():
        segments.warm_up()


try:
    _load()
except Exception:   # noqa: BLE001 - the workers load the kernels themselves then
    pass
