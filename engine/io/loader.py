"""Load the columns an analysis needs from a file into an :class:`EncodedTable`."""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Optional, Sequence

from ..analysis.config import DataSource
from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..foundation.messages import message
from ..foundation.progress import CancelToken
from .encode import EncodedColumn, EncodedTable, column_warnings, encode_column, file_sha256, is_nested, nested_column_error
from .formats import read_columns

ENCODE_THREADS = min(4, os.cpu_count() or 1)   # columns encoded at once (each holds its codes meanwhile)
NO_ROWS = N_("{file}: no data rows (only a header, or an empty sheet)")


def load_table(source: DataSource, columns: Sequence[str],
               cancel: Optional[CancelToken] = None) -> EncodedTable:
    """Read ``columns`` once and encode each into integer codes; the file is only read. Its
    SHA-256 is computed on a thread meanwhile (hashlib releases the GIL: 0.3 s at 48M rows)."""
    path = Path(source.path)
    columns = list(dict.fromkeys(columns))
    if not path.is_file():       # a pipe or a device: the reader names it; never hash it meanwhile
        n_rows, encoded, warnings = _read_and_encode(source, path, columns, cancel)
        digest = file_sha256(path)
    else:
        failed = threading.Event()        # a failed or cancelled read stops the hashing at once
        with ThreadPoolExecutor(max_workers=1) as hashing:
            sha256 = hashing.submit(file_sha256, path, stopped=failed.is_set)
            try:
                n_rows, encoded, warnings = _read_and_encode(source, path, columns, cancel)
            except BaseException:
                failed.set()
                raise
            digest = sha256.result()
    return EncodedTable(name=path.name, path=str(path), sha256=digest, n_rows=n_rows,
                        columns=encoded, warnings=tuple(warnings))


def _read_and_encode(source: DataSource, path: Path, columns: list[str], cancel: Optional[CancelToken]
                     ) -> tuple[int, dict[str, EncodedColumn], list[str]]:
    table = read_columns(source, columns, cancel)
    n_rows = table.num_rows
    if n_rows == 0:
        raise InputError(message(NO_ROWS, file=path.name))
    for name in columns:
        if is_nested(table.column(name).type):
            raise nested_column_error(path.name, name, table.column(name).type)

    def encode(name: str) -> EncodedColumn:
        if cancel is not None:
            cancel.raise_if_cancelled()
        return encode_column(name, table.column(name))

    # Arrow's kernels release the GIL: columns are encoded side by side.
    with ThreadPoolExecutor(max_workers=max(1, min(ENCODE_THREADS, len(columns)))) as pool:
        encoded = dict(zip(columns, pool.map(encode, columns)))
    warnings = [line for name in columns for line in column_warnings(path.name, encoded[name])]
    del table
    if n_rows == 1:
        warnings.append(message(N_("{file}: only one record; every attack trivially succeeds on it"), file=path.name))
    return n_rows, encoded, warnings
