"""Where numba keeps the compiled kernels of the packaged (frozen) program: the user's cache
folder, so only the first large sweep on a new machine compiles them.

The packaged program holds no source files, so numba's own cache locators would compile on every
run (the one-folder build) or write a new cache for every run (the one-file build unpacks itself
to a new temporary folder each time). :class:`UserCacheLocator` keeps every module's kernels in
``<cache>/riskreview/numba-<version>/<module>`` and keys them, like numba does for frozen
programs, on the SHA-256 of the executable, which holds the byte-code of every module: a new
build recompiles, the same build never does. :func:`use_user_cache` turns it on through numba's
``NUMBA_CACHE_LOCATOR_CLASSES`` before numba is imported; worker processes inherit it.

This module must not import numba (the packaged program calls :func:`use_user_cache` first).
"""

from __future__ import annotations

import functools
import hashlib
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from .. import __version__
from ..foundation import platform

#: Overrides the folder that holds RiskReview's caches (the self-test points it at a temporary one).
CACHE_DIR_VARIABLE = "RISKREVIEW_CACHE_DIR"
LOCATOR = f"{__name__}.UserCacheLocator"
#: numba's own locators, tried when the user's cache folder stops being writable during a run
FALLBACK_LOCATORS = ("InTreeCacheLocator", "UserWideCacheLocator")


def user_cache_base() -> Path:
    """The platform's per-user cache folder (:func:`engine.foundation.platform.user_cache_base`)."""
    return platform.user_cache_base()


def cache_root() -> Path:
    """``<RISKREVIEW_CACHE_DIR, else the user's cache folder/riskreview>/numba-<version>``."""
    base = os.environ.get(CACHE_DIR_VARIABLE)
    return (Path(base) if base else user_cache_base() / "riskreview") / f"numba-{__version__}"


def _writable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError:
        return False
    return True


def _creatable(folder: Path) -> bool:
    """Whether ``folder`` exists writable or could be created (nothing is created)."""
    existing = next((p for p in (folder, *folder.parents) if p.exists()), None)
    return existing is not None and existing.is_dir() and os.access(existing, os.W_OK | os.X_OK)


def use_user_cache() -> bool:
    """Make numba cache the kernels under :func:`cache_root` (environment variables read when
    numba is imported, here and in worker processes; the folder is made when the kernels are
    first imported). Not when ``RISKREVIEW_NUMBA_CACHE=0`` or the folder cannot be written
    (then the kernels compile on first use in every run)."""
    if os.environ.get("RISKREVIEW_NUMBA_CACHE") == "0" or not _creatable(cache_root()):
        return False
    os.environ["NUMBA_CACHE_LOCATOR_CLASSES"] = ",".join((LOCATOR,) + FALLBACK_LOCATORS)
    os.environ["RISKREVIEW_NUMBA_CACHE"] = "1"
    return True


@functools.lru_cache(maxsize=None)
def _file_sha256(path: str, mtime: float, size: int) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def source_stamp(source: str) -> str:
    """SHA-256 of the source file, or of the executable when frozen (no source files)."""
    path = sys.executable if getattr(sys, "frozen", False) or not os.path.isfile(source) else source
    status = os.stat(path)
    return _file_sha256(path, status.st_mtime, status.st_size)


class UserCacheLocator:
    """A numba cache locator (the interface of ``numba.core.caching._CacheLocator``): the
    function's module's folder under :func:`cache_root`, whatever folder the program runs from."""

    def __init__(self, py_func: Any, py_file: str) -> None:
        self._py_file = py_file
        self._lineno = py_func.__code__.co_firstlineno
        self._cache_path = str(cache_root() / py_func.__module__)

    @classmethod
    def from_function(cls, py_func: Any, py_file: str) -> Optional["UserCacheLocator"]:
        locator = cls(py_func, py_file)
        return locator if _writable(Path(locator._cache_path)) else None

    def ensure_cache_path(self) -> None:
        if not _writable(Path(self._cache_path)):
            raise OSError(f"cannot write numba's cache in {self._cache_path}")

    def get_cache_path(self) -> str:
        return self._cache_path

    def get_source_stamp(self) -> str:
        return source_stamp(self._py_file)

    def get_disambiguator(self) -> str:
        return str(self._lineno)



@dataclass(frozen=True)
class KernelCheck:
    """:func:`check_kernels`: whether this process compiled the kernels (else found them in
    the cache), its seconds, and the seconds a new process took to load them."""

    compiled: bool
    seconds: float
    load_seconds: float


def check_kernels(timeout: float = 600.0) -> Optional[KernelCheck]:
    """Compile the segment sweep's kernels into the cache unless they are there, then load them
    in a new (spawned) process, which must not compile any; None when caching is off. Raises
    RuntimeError when the new process compiled."""
    import multiprocessing
    import time
    from concurrent.futures import ProcessPoolExecutor

    from . import kernels, segments

    if not kernels.CACHE:
        return None
    started = time.monotonic()
    compiled = segments.compile_once()
    seconds = time.monotonic() - started
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        cached, load_seconds = pool.submit(segments.load_kernels).result(timeout=timeout)
    if not cached:
        raise RuntimeError("a new process compiled the kernels again instead of loading them from the cache")
    return KernelCheck(compiled, seconds, load_seconds)
