"""Will the file fit? An estimate of the memory a read needs, checked before reading, so a
file too large fails with a message instead of the system killing the program."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Optional, Sequence

from ..analysis.config import DataSource
from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..foundation.messages import message
from ..foundation import platform

USABLE_SHARE = 0.8
CODE_BYTES = 4          # an encoded column's codes, per row
OBJECT_CELL_BYTES = 64  # a pandas object cell (Excel, SPSS, Stata, SAS readers)
CSV_EXPANSION = 3.0     # Arrow strings + offsets + the cast to numbers, per byte of text read


def available_memory() -> Optional[int]:
    """Bytes the system can still give this process (:func:`engine.foundation.platform.available_memory`);
    None where the system does not say."""
    return platform.available_memory()


def estimate_bytes(source: DataSource, fmt: str, names: Sequence[str], wanted: Sequence[str]
                   ) -> tuple[int, int]:
    """(estimated rows, estimated peak bytes) to read ``wanted`` of the file's ``names``."""
    path = Path(source.path)
    size = path.stat().st_size
    share = len(wanted) / max(len(names), 1)
    if fmt == "parquet":
        import pyarrow.parquet as pq

        meta = pq.ParquetFile(path).metadata
        rows = meta.num_rows
        wanted_set = set(wanted)
        data = sum(meta.row_group(g).column(c).total_uncompressed_size
                   for g in range(meta.num_row_groups) for c in range(meta.num_columns)
                   if meta.row_group(g).column(c).path_in_schema in wanted_set)
        return rows, int(data * 1.5) + rows * CODE_BYTES * len(wanted)
    if fmt == "feather":
        return 0, int(size * share)
    if fmt == "csv":
        with open(path, "rb") as handle:
            sample = handle.read(1 << 20)
        lines = max(sample.count(b"\n"), 1)
        rows = int(size / (len(sample) / lines)) if sample else 0
        return rows, int(size * share * CSV_EXPANSION) + rows * CODE_BYTES * len(wanted)
    if fmt in ("spss", "stata", "sas7bdat", "xport"):
        import pyreadstat

        reader = {"spss": pyreadstat.read_sav, "stata": pyreadstat.read_dta,
                  "sas7bdat": pyreadstat.read_sas7bdat, "xport": pyreadstat.read_xport}[fmt]
        _, meta = reader(str(path), metadataonly=True)
        rows = int(meta.number_rows or 0)
        return rows, rows * len(wanted) * (OBJECT_CELL_BYTES + CODE_BYTES)
    return 0, int(size * 20 * share)  # Excel: unzipped XML held as Python objects


def ensure_memory(source: DataSource, fmt: str, names: Sequence[str], wanted: Sequence[str],
                  available: Optional[Callable[[], Optional[int]]] = None) -> None:
    """Refuse a read whose estimate exceeds 80% of the free memory, naming what is needed."""
    rows, needed = estimate_bytes(source, fmt, names, wanted)
    free = (available or available_memory)()
    if free is not None and needed > USABLE_SHARE * free:
        rows_text = message(N_("about {rows:,} rows"), rows=rows) if rows else message(N_("its rows"))
        raise InputError(message(N_("{file}: reading {columns} column(s) of {rows} needs about {needed:.1f} GB of "
                                    "memory but only {free:.1f} GB is free; choose fewer columns, close other "
                                    "programs or use a machine with more memory"), file=Path(source.path).name,
                                 columns=len(wanted), rows=rows_text, needed=needed / 2**30, free=free / 2**30))
