"""Atomic file output: everything is written to temporary files in the target folder and
renamed into place only when complete, so a failure, a full disk or a cancel leaves the
previous files untouched and no partial file behind."""

from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Optional, TextIO

from ..errors import InputError
from ..progress import CancelToken


def check_output_dir(folder: Path, create: bool = False) -> None:
    """The folder must exist (or, with ``create``, its parent must) and be writable."""
    if folder.exists() and not folder.is_dir():
        raise InputError(f"{folder}: is a file, not a folder for the output")
    if not folder.exists():
        if not create or not folder.parent.is_dir():
            raise InputError(f"{folder}: the output folder does not exist")
        try:
            folder.mkdir()
        except OSError as exc:
            raise InputError(f"{folder}: cannot create the output folder ({exc.strerror})") from None
    if not os.access(folder, os.W_OK):
        raise InputError(f"{folder}: the output folder is not writable")


def _umask() -> int:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except OSError:
        pass
    return 0o022


def _temporary(path: Path) -> Path:
    """A temporary sibling of ``path`` with the permissions a new file would get (mkstemp
    creates it readable by its owner only)."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        os.fchmod(fd, 0o666 & ~_umask())
    except OSError as exc:
        raise InputError(f"{path}: cannot write ({exc.strerror})") from None
    os.close(fd)
    return Path(tmp)


def _discard(tmp: Path) -> None:
    try:
        tmp.unlink()
    except FileNotFoundError:
        pass


class StagedFiles:
    """A set of output files written under temporary names and renamed together by
    :meth:`commit`; :meth:`discard` deletes them. An OSError while writing (e.g. a full disk)
    becomes an InputError naming the file."""

    def __init__(self, cancel: Optional[CancelToken] = None) -> None:
        self._pending: list[tuple[Path, Path]] = []
        self._cancel = cancel

    @contextmanager
    def path(self, target: Path) -> Iterator[Path]:
        """A temporary path to write ``target``'s content to (for writers that take a name)."""
        if self._cancel is not None:
            self._cancel.raise_if_cancelled()
        tmp = _temporary(target)
        self._pending.append((tmp, target))
        try:
            yield tmp
        except OSError as exc:
            raise InputError(f"{target}: cannot write ({exc.strerror or exc})") from None

    @contextmanager
    def text(self, target: Path, newline: Optional[str] = None) -> Iterator[TextIO]:
        with self.path(target) as tmp:
            with open(tmp, "w", encoding="utf-8", newline=newline) as handle:
                yield handle
                handle.flush()
                os.fsync(handle.fileno())

    def commit(self) -> list[Path]:
        if self._cancel is not None:
            self._cancel.raise_if_cancelled()
        for tmp, target in self._pending:
            os.replace(tmp, target)
        done = [target for _, target in self._pending]
        self._pending = []
        return done

    def discard(self) -> None:
        for tmp, _ in self._pending:
            _discard(tmp)
        self._pending = []


@contextmanager
def staged(cancel: Optional[CancelToken] = None) -> Iterator[StagedFiles]:
    """Stage files, commit them all on success, discard them all on any failure."""
    files = StagedFiles(cancel)
    try:
        yield files
        files.commit()
    except BaseException:
        files.discard()
        raise


@contextmanager
def atomic_file(path: Path, cancel: Optional[CancelToken] = None) -> Iterator[Path]:
    """One staged file: a temporary sibling path, renamed over ``path`` on success."""
    with staged(cancel) as files:
        with files.path(path) as tmp:
            yield tmp


@contextmanager
def atomic_text(path: Path, newline: Optional[str] = None) -> Iterator[TextIO]:
    with staged() as files:
        with files.text(path, newline) as handle:
            yield handle
