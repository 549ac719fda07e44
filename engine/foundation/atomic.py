"""Atomic file output: everything is written to temporary files in the target folder and
renamed into place only when complete, so a failure, a full disk or a cancel leaves the
previous files untouched and no partial file behind.

A run stages all its outputs (tables, results, analysis file, PDF) in one :class:`StagedFiles`;
an output folder it claims holds exactly that run's files afterwards: files an earlier run
wrote there (listed in the folder's manifest, :data:`MANIFEST`) or with the command's own
output names, and not written this time, are removed; nothing else is."""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterable, Iterator, Optional, TextIO

from .errors import InputError
from .i18n import N_
from .messages import message
from .platform import create_new_file, held_open
from .progress import CancelToken

CANNOT_WRITE = N_("{path}: cannot write ({reason})")
HELD_OPEN = N_("{path}: is open in another program; close it and run again (no output was changed)")


def check_output_dir(folder: Path, create: bool = False) -> None:
    """The folder must exist (or, with ``create``, its parent must) and be writable."""
    if folder.exists() and not folder.is_dir():
        raise InputError(message(N_("{folder}: is a file, not a folder for the output"), folder=str(folder)))
    if not folder.exists():
        if not create or not folder.parent.is_dir():
            raise InputError(message(N_("{folder}: the output folder does not exist"), folder=str(folder)))
        try:
            folder.mkdir()
        except OSError as exc:
            raise InputError(message(N_("{folder}: cannot create the output folder ({reason})"), folder=str(folder),
                                     reason=exc.strerror)) from None
    if not os.access(folder, os.W_OK):
        raise InputError(message(N_("{folder}: the output folder is not writable"), folder=str(folder)))


def check_output_location(path: Path, option: str, folder: bool) -> None:
    """Before any work: ``path`` (a folder when ``folder``, else a file) can be written, i.e. it
    exists and is writable, or it does not exist and its parent folder does and is writable.
    Nothing is created. Errors name the command-line ``option``."""
    path = Path(path)
    parent = path.parent
    if path.is_dir() and not folder:
        raise InputError(f"{option} {path}: is a folder; give a file name")
    if path.exists() and folder and not path.is_dir():
        raise InputError(f"{option} {path}: is a file, not a folder for the output")
    if path.is_dir():
        problem = None if os.access(path, os.W_OK) else "the output folder is not writable"
    elif not parent.exists():
        problem = (f"cannot create the output folder ({parent} does not exist)" if folder
                   else f"the output folder does not exist ({parent})")
    elif not parent.is_dir():
        problem = f"{'cannot create the output folder' if folder else 'no output folder'} ({parent} is a file, not a folder)"
    elif not os.access(parent, os.W_OK):
        problem = (f"cannot create the output folder ({parent} is not writable)" if folder
                   else f"the output folder is not writable ({parent})")
    else:
        problem = None
    if problem:
        raise InputError(f"{option} {path}: {problem}")


MANIFEST = ".riskreview-outputs"


def _listed(folder: Path) -> set[str]:
    """The names in ``folder``'s manifest (none when it is missing or unreadable)."""
    try:
        return {line.strip() for line in (folder / MANIFEST).read_text(encoding="utf-8").splitlines()}
    except (OSError, UnicodeDecodeError):
        return set()


def listed_outputs(folder: Path) -> set[str]:
    """The names an earlier run wrote into ``folder`` (its manifest), which a run claiming
    ``folder`` removes when it does not write them again."""
    return _listed(Path(folder))


def _temporary(path: Path, private: bool = False) -> Path:
    """A temporary sibling of ``path`` with the permissions a new file gets (with ``private``,
    readable by its owner only: :func:`engine.foundation.platform.create_new_file`)."""
    try:
        fd, tmp = create_new_file(path.parent, f".{path.name}.", ".tmp", private)
    except OSError as exc:
        raise InputError(message(CANNOT_WRITE, path=str(path), reason=exc.strerror)) from None
    os.close(fd)
    return tmp


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
        self._claimed: dict[Path, set[str]] = {}

    def claim(self, folder: Path, own: Iterable[str]) -> None:
        """After :meth:`commit`, ``folder`` holds exactly the files staged into it: the files an
        earlier run wrote there (listed in its manifest, :data:`MANIFEST`) and the ``own`` names
        (what this command may write there) are removed when not staged this time, and the
        manifest is rewritten. Any other file in ``folder`` is left alone."""
        self._claimed.setdefault(Path(os.path.abspath(folder)), set()).update(own)

    @contextmanager
    def path(self, target: Path, private: bool = False) -> Iterator[Path]:
        """A temporary path to write ``target``'s content to (for writers that take a name).
        ``private``: record-level output (per-record risks, exported microdata), readable by
        its owner only (docs/command-line.md, "File modes")."""
        if self._cancel is not None:
            self._cancel.raise_if_cancelled()
        tmp = _temporary(target, private)
        self._pending.append((tmp, target))
        try:
            yield tmp
        except OSError as exc:
            raise InputError(message(CANNOT_WRITE, path=str(target), reason=exc.strerror or str(exc))) from None

    @contextmanager
    def text(self, target: Path, newline: Optional[str] = None, private: bool = False) -> Iterator[TextIO]:
        with self.path(target, private) as tmp:
            with open(tmp, "w", encoding="utf-8", newline=newline) as handle:
                yield handle
                handle.flush()
                os.fsync(handle.fileno())

    def commit(self) -> list[Path]:
        """Rename every staged file into place, then remove the stale outputs of claimed folders.
        A target another program holds open (Windows: :func:`engine.foundation.platform.held_open`) is
        found before the first rename: the error names it and every earlier file stays."""
        if self._cancel is not None:
            self._cancel.raise_if_cancelled()
        stale = []
        for folder, own in self._claimed.items():
            written = {target.name for _, target in self._pending
                       if Path(os.path.abspath(target.parent)) == folder}
            removable = {n for n in own | _listed(folder)
                         if n and n == Path(n).name and n not in (".", "..", MANIFEST)}
            stale += [folder / n for n in sorted(removable - written)]
            with self.text(folder / MANIFEST) as handle:
                handle.write("".join(f"{n}\n" for n in sorted(written)))
        for _, target in self._pending:  # before the first rename: all are replaced, or none
            if held_open(target):
                raise InputError(message(HELD_OPEN, path=str(target)))
        for tmp, target in self._pending:
            try:
                os.replace(tmp, target)
            except OSError as exc:  # opened since the check (Windows)
                raise InputError(message(CANNOT_WRITE, path=str(target), reason=exc.strerror or str(exc))) from None
        done = [target for _, target in self._pending if target.name != MANIFEST]
        self._pending = []
        self._claimed = {}
        for path in stale:
            try:
                if path.is_file() and not path.is_symlink():
                    path.unlink()
            except OSError:
                pass
        for folder in {path.parent for path in stale if path.is_file()}:  # could not remove: listed
            names = _listed(folder) | {path.name for path in stale if path.parent == folder and path.is_file()}
            try:  # again, so the next run removes them
                with staged() as files, files.text(folder / MANIFEST) as handle:
                    handle.write("".join(f"{n}\n" for n in sorted(names)))
            except (OSError, InputError):
                pass
        return done

    def discard(self) -> None:
        for tmp, _ in self._pending:
            _discard(tmp)
        self._pending = []
        self._claimed = {}


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


def write_analysis_file(config: Any, path: Path, files: Optional[StagedFiles] = None) -> Path:
    """Write ``config`` (any analysis config: ``anchored`` and ``to_toml``) to the analysis file
    ``path`` with its data paths relative to that file's folder or absolute
    (:func:`engine.analysis.config.portable_path`); staged in ``files``, or atomically on its own."""
    path = Path(path)
    if files is None:
        with staged() as own:
            return write_analysis_file(config, path, own)
    with files.text(path) as handle:
        handle.write(config.anchored(path.parent).to_toml())
    return path


@contextmanager
def atomic_text(path: Path, newline: Optional[str] = None) -> Iterator[TextIO]:
    with staged() as files:
        with files.text(path, newline) as handle:
            yield handle
