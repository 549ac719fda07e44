"""Atomic file output: write to a temporary file in the target folder, then rename."""

from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, TextIO

from ..errors import InputError


def check_output_dir(folder: Path) -> None:
    """Create ``folder`` if needed; report clearly when it cannot be written."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"{folder}: cannot create the output folder ({exc.strerror})") from None
    if not os.access(folder, os.W_OK):
        raise InputError(f"{folder}: the output folder is not writable")


@contextmanager
def atomic_file(path: Path) -> Iterator[Path]:
    """Yield a temporary sibling path for a writer that takes a file name (e.g. a PDF
    library); rename it over ``path`` on success, delete it on any failure."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        yield Path(tmp)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


@contextmanager
def atomic_text(path: Path, newline: str | None = None) -> Iterator[TextIO]:
    """Open a temporary sibling of ``path`` for writing; rename it over ``path`` on success,
    delete it on any failure, so ``path`` is either the old file or the complete new one."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline=newline) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
