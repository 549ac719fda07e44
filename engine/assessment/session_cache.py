"""What the window keeps between runs: the encoded table and the subsets' counts.

A re-run in the window (other thresholds, targets, QIDs or scenarios on the same file) reads
nothing and sweeps only the subsets it has not swept before (:mod:`engine.sweep.memo`). The
table read for a file is kept under the file's identity (path, size, modification time,
inode) and its read options; when the file on disk differs from what was read, it is read
again. When the file is gone, the table read before is used: it is what the window shows.
Compiled kernels, once loaded, stay loaded in the window's process. The command line does
not use this module: each command reads and sweeps afresh.
"""

from __future__ import annotations

import os
import threading
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterator, Optional, Sequence

from .run import run_assessment
from ..analysis.config import AnalysisConfig, DataSource
from ..io.encode import EncodedTable
from ..io.loader import load_table
from ..io.preview import subtable
from ..foundation.progress import CancelToken, ProgressCallback
from ..outcome.results import Assessment
from ..sweep.memo import SweepMemo, remembering

MAX_TABLES = 4


@dataclass(frozen=True)
class FileStamp:
    """What tells one version of a file from another without reading it."""

    size: int
    mtime_ns: int
    inode: int
    device: int

    @classmethod
    def of(cls, path: str | Path) -> Optional["FileStamp"]:
        """The file's stamp now (None when it cannot be found)."""
        try:
            st = os.stat(path)
        except OSError:
            return None
        return cls(st.st_size, st.st_mtime_ns, st.st_ino, st.st_dev)


@dataclass(frozen=True)
class _Kept:
    stamp: FileStamp
    table: EncodedTable


def _source_key(source: DataSource) -> DataSource:
    return replace(source, path=os.path.realpath(source.path))


class SessionCache:
    """The tables and sweep counts of one window's session; thread-safe."""

    def __init__(self) -> None:
        self.sweeps = SweepMemo()
        self._tables: dict[DataSource, _Kept] = {}
        self._lock = threading.Lock()
        self.reads = 0   # files read by :meth:`table` (not counting adopted tables)

    def adopt(self, source: DataSource, table: EncodedTable, stamp: Optional[FileStamp]) -> None:
        """Keep a table the window read itself; ``stamp`` taken before reading it."""
        if stamp is None or FileStamp.of(source.path) != stamp:
            return   # changed while it was read: the next run reads it again
        with self._lock:
            self._tables[_source_key(source)] = _Kept(stamp, table)
            while len(self._tables) > MAX_TABLES:
                self._tables.pop(next(iter(self._tables)))

    def table(self, source: DataSource, columns: Sequence[str], cancel: Optional[CancelToken] = None,
              shown: Optional[EncodedTable] = None) -> EncodedTable:
        """The ``columns`` of the file as it is on disk now: from the kept table when the file is
        unchanged (or gone), else read again (and kept). ``shown``, the table the window holds,
        stands in for a file that is gone and was never kept."""
        key = _source_key(source)
        stamp = FileStamp.of(source.path)
        with self._lock:
            kept = self._tables.get(key)
        if stamp is None and kept is None and shown is not None:
            return subtable(shown, columns)
        if kept is not None and (stamp is None or stamp == kept.stamp) and all(c in kept.table.columns
                                                                               for c in columns):
            return subtable(kept.table, columns)
        table = load_table(source, columns, cancel)
        self.reads += 1
        if stamp is not None and FileStamp.of(source.path) == stamp:
            with self._lock:
                self._tables.pop(key, None)
                self._tables[key] = _Kept(stamp, table)
                while len(self._tables) > MAX_TABLES:
                    self._tables.pop(next(iter(self._tables)))
        return table

    @contextmanager
    def prepared(self, config: AnalysisConfig, cancel: Optional[CancelToken] = None,
                 shown: Optional[EncodedTable] = None) -> Iterator[Optional[EncodedTable]]:
        """The table ``config`` runs on (None with linked releases, which are read by the run),
        with the kept sweep counts answering the sweeps run inside the ``with`` block."""
        config.validate()
        table = None if config.linkage.enabled else self.table(config.data, config.needed_columns(), cancel,
                                                                 shown)
        with remembering(self.sweeps):
            yield table

    def run(self, config: AnalysisConfig, on_progress: Optional[ProgressCallback] = None,
            cancel: Optional[CancelToken] = None) -> Assessment:
        """:func:`engine.assessment.run.run_assessment` on the kept table, with the kept sweep counts."""
        with self.prepared(config, cancel) as table:
            return run_assessment(config, table=table, on_progress=on_progress, cancel=cancel)

    def clear(self) -> None:
        with self._lock:
            self._tables.clear()
        self.sweeps.clear()
