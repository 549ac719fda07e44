"""Paths as an analysis file stores them, and whether two names are one file.

Windows paths come with a drive letter (``C:\\data``), as a UNC share (``\\\\server\\share\\data``)
or in the long-path form (``\\\\?\\C:\\data``, ``\\\\?\\UNC\\server\\share\\data``); the functions
take the path module of the system (``os.path``; ``ntpath`` or ``posixpath`` in tests)."""

from __future__ import annotations

import ntpath
import os
from pathlib import Path, PurePosixPath, PureWindowsPath
from types import ModuleType

LONG_PREFIX = "\\\\?\\"
LONG_UNC_PREFIX = "\\\\?\\UNC\\"


def without_long_prefix(path: str, flavour: ModuleType = os.path) -> str:
    """A Windows long-path form as the plain path it names: ``\\\\?\\C:\\x`` is ``C:\\x`` and
    ``\\\\?\\UNC\\server\\share\\x`` is ``\\\\server\\share\\x``; any other path unchanged (on
    POSIX a backslash is an ordinary character)."""
    if flavour is not ntpath:
        return path
    if path[:len(LONG_UNC_PREFIX)].upper() == LONG_UNC_PREFIX.upper():
        return "\\\\" + path[len(LONG_UNC_PREFIX):]
    if path.startswith(LONG_PREFIX):
        return path[len(LONG_PREFIX):]
    return path


def portable_path(path: str, folder: str | Path, flavour: ModuleType = os.path) -> str:
    """``path`` as written into an analysis file kept in ``folder``: relative to ``folder``
    (with ``/``) when the file lies inside it, else absolute. A relative ``path`` or ``folder``
    is taken from the working folder. Paths read from an analysis file are taken from its own
    folder (:meth:`AnalysisConfig.from_toml`), so the file reproduces the run from any folder.
    On Windows the comparison ignores case and the long-path prefix; another drive or share
    is outside."""
    pure = PureWindowsPath if flavour is ntpath else PurePosixPath
    target = flavour.abspath(str(path))
    inside = pure(flavour.abspath(without_long_prefix(str(folder), flavour)))
    try:
        return pure(without_long_prefix(target, flavour)).relative_to(inside).as_posix()
    except ValueError:  # outside the folder, or on another drive or share
        return str(pure(target)) if flavour is not os.path else str(Path(target))


def same_file(first: str | Path, second: str | Path) -> bool:
    """Whether two names are the same file: the same file on disk when both exist (a link, a
    mapped drive, a short 8.3 name or other letter case included), else the same resolved path."""
    try:
        return os.path.samefile(first, second)
    except OSError:
        return Path(first).resolve() == Path(second).resolve()
