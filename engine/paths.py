"""Paths as an analysis file stores them."""

from __future__ import annotations

import os
from pathlib import Path


def portable_path(path: str, folder: str | Path) -> str:
    """``path`` as written into an analysis file kept in ``folder``: relative to ``folder``
    (with ``/``) when the file lies inside it, else absolute. A relative ``path`` or ``folder``
    is taken from the working folder. Paths read from an analysis file are taken from its own
    folder (:meth:`AnalysisConfig.from_toml`), so the file reproduces the run from any folder."""
    target = Path(os.path.abspath(path))
    try:
        return target.relative_to(os.path.abspath(folder)).as_posix()
    except ValueError:  # outside the folder, or on another drive
        return str(target)
