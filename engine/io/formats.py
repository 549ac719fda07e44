"""One real reader per file format, all returning a pyarrow Table of the requested columns.

CSV/TSV: pyarrow.csv (encoding and delimiter detected by :mod:`engine.io.sniff`);
Parquet and Feather/Arrow IPC: pyarrow; Excel .xlsx: pandas + openpyxl;
SPSS .sav, Stata .dta, SAS .sas7bdat/.xpt: pyreadstat.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable, Optional, Sequence

import pyarrow as pa
import pyarrow.compute as pc

from ..analysis.config import DataSource, no_column
from ..foundation.errors import Cancelled, InputError
from ..foundation.i18n import N_
from ..foundation.input_files import DATA_FILE, check_regular
from ..foundation.messages import message
from ..foundation.progress import CancelToken
from .csv_lines import first_undecodable, header_row, unclosed_quote, wrong_width
from .memory import ensure_memory
from .numbers import FLOAT64_EXACT_INTEGERS, text_to_numbers
from .sniff import sniff_text, whole_file_encoding

CSV_BLOCK_BYTES = 16 << 20
CSV_AT_ONCE_BYTES = 64 << 20  # smaller files are parsed on all cores at once (no cancel check inside)

FORMATS = {
    ".csv": "csv", ".tsv": "csv", ".txt": "csv", ".tab": "csv",
    ".parquet": "parquet", ".pq": "parquet",
    ".feather": "feather", ".arrow": "feather", ".ipc": "feather",
    ".xlsx": "excel", ".xlsm": "excel",
    ".sav": "spss", ".zsav": "spss",
    ".dta": "stata",
    ".sas7bdat": "sas7bdat",
    ".xpt": "xport",
}
FORMAT_NAMES = {"csv": "CSV/TSV text", "parquet": "Parquet", "feather": "Feather/Arrow IPC",
                "excel": "Excel .xlsx", "spss": "SPSS .sav", "stata": "Stata .dta",
                "sas7bdat": "SAS .sas7bdat", "xport": "SAS transport .xpt"}
XPORT_RECORD_BYTES = 80   # a SAS transport file is whole 80-byte records, its last one padded
_MAGIC = {"parquet": (b"PAR1",), "feather": (b"ARROW1", b"\xff\xff\xff\xff"), "excel": (b"PK\x03\x04",)}


def detect_format(source: DataSource) -> str:
    """The reader to use: the explicit ``format`` or the file extension."""
    if source.format and source.format != "auto":
        if source.format not in FORMAT_NAMES:
            raise InputError(message(N_("unknown format {format!r} (known: {known})"), format=source.format,
                                     known=", ".join(FORMAT_NAMES)))
        return source.format
    path = Path(source.path)
    fmt = FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise InputError(message(N_("{file}: unknown file type {suffix!r}; supported: {known}"), file=path.name,
                                 suffix=path.suffix, known=", ".join(sorted(FORMATS))))
    return fmt


def _check_file(path: Path, fmt: str) -> None:
    status = check_regular(path, DATA_FILE)   # a FIFO or a device is never opened
    if status is None:
        raise InputError(message(N_("{path}: no such file"), path=str(path)))
    size = status.st_size
    if size == 0:
        raise InputError(message(N_("{file}: the file is empty"), file=path.name))
    if fmt == "xport" and size % XPORT_RECORD_BYTES:   # the reader would stop at the cut, without a fault
        raise InputError(message(N_("{file}: the file is truncated or damaged: a SAS transport file is made of "
                                    "{record}-byte records, but this one has {size:,} bytes"), file=path.name,
                                 record=XPORT_RECORD_BYTES, size=size))
    with open(path, "rb") as handle:
        head = handle.read(8)
    magic = _MAGIC.get(fmt)
    if magic and not head.startswith(magic):
        text = (N_("{file}: not an {format} file (its first bytes do not match that format; is the extension "
                   "wrong?)") if FORMAT_NAMES[fmt][0] in "AEIOU" else
                N_("{file}: not a {format} file (its first bytes do not match that format; is the extension wrong?)"))
        raise InputError(message(text, file=path.name, format=FORMAT_NAMES[fmt]))


def list_columns(source: DataSource) -> list[str]:
    """The file's column names, read without loading the data."""
    path = Path(source.path)
    fmt = detect_format(source)
    _check_file(path, fmt)
    names = _guard(path, fmt, lambda: _HEADERS[fmt](path, source))
    seen = set()
    for name in names:
        if name in seen:
            raise InputError(message(N_("{file}: column {column!r} appears twice in the header"), file=path.name,
                                     column=name))
        seen.add(name)
    return names


def read_columns(source: DataSource, columns: Optional[Sequence[str]] = None,
                 cancel: Optional[CancelToken] = None, check_memory: bool = True) -> pa.Table:
    """Read ``columns`` (all when None) of the file as a pyarrow Table, in that order.

    The memory the read needs is estimated first (:mod:`engine.io.memory`); CSV and Parquet
    are read in batches with ``cancel`` checked between them."""
    path = Path(source.path)
    fmt = detect_format(source)
    names = list_columns(source)
    wanted = list(names if columns is None else columns)
    check_columns_exist(path, names, wanted)
    if check_memory:
        ensure_memory(source, fmt, names, wanted)
    table = _guard(path, fmt, lambda: _READERS[fmt](path, source, wanted, cancel))
    return table.select(wanted)


def check_columns_exist(path: Path, names: Sequence[str], wanted: Sequence[str]) -> None:
    known = set(names)
    for column in wanted:
        if column not in known:
            raise InputError(no_column(path.name, names, column))


def _guard(path: Path, fmt: str, action: Callable):
    try:
        return action()
    except (InputError, Cancelled):
        raise
    except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError, pa.ArrowIOError,
            ValueError, OSError, KeyError, UnicodeDecodeError, IndexError) as exc:
        raise unreadable(path, fmt, exc) from None
    except Exception as exc:  # third-party readers raise their own exception types
        raise unreadable(path, fmt, exc) from None


def unreadable(path: Path, fmt: str, exc: BaseException) -> InputError:
    """``FILE: could not read as FORMAT: REASON`` (the first line of the reader's error)."""
    reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return InputError(message(N_("{file}: could not read as {format}: {reason}"), file=path.name,
                              format=FORMAT_NAMES[fmt], reason=reason))


# --- CSV -----------------------------------------------------------------------------------
def _csv_header(path: Path, source: DataSource) -> list[str]:
    dialect = sniff_text(path, source.encoding, source.delimiter)
    return header_row(path, dialect.encoding, dialect.delimiter)[0]


def _batches(batches, schema: pa.Schema, cancel: Optional[CancelToken]) -> pa.Table:
    """Collect record batches into a table, checking ``cancel`` between them."""
    collected = []
    for batch in batches:
        if cancel is not None:
            cancel.raise_if_cancelled()
        collected.append(batch)
    return pa.Table.from_batches(collected) if collected else schema.empty_table()


def _skip_blank(row) -> str:
    """pyarrow's handler for a record of the wrong width: skip it if its line is blank."""
    return "skip" if not row.text.replace('"', "").strip() else "error"


def _drop_blank_lines(table: pa.Table) -> pa.Table:
    """In a one-column file a whitespace-only line is a valid record for pyarrow: drop it."""
    column = table.column(0)
    blank = pc.fill_null(pc.equal(pc.utf8_trim_whitespace(column), ""), False)
    return table.filter(pc.invert(blank)) if pc.any(blank).as_py() else table


def _has_quotes(path: Path) -> bool:
    """Whether the file holds a ``"`` byte: without one no value can span lines, and pyarrow
    splits the file into blocks in parallel instead of scanning it for quoted line breaks."""
    with open(path, "rb") as handle:
        while chunk := handle.read(CSV_BLOCK_BYTES):
            if b'"' in chunk:
                return True
    return False


def _read_csv(path: Path, source: DataSource, wanted: list[str],
              cancel: Optional[CancelToken] = None, scanned: bool = False) -> pa.Table:
    """Blank and whitespace-only lines are skipped; a fault names its line (:mod:`.csv_lines`).

    A file whose sniffed sample is UTF-8 is read as UTF-8 at once (pyarrow checks every value
    it reads); only when a value is not, is the whole file's encoding worked out
    (:func:`.sniff.whole_file_encoding`: Windows-1252, or mixed and refused) and the file
    read again (``scanned``). Other files are scanned first."""
    import pyarrow.csv as pcsv

    dialect = sniff_text(path, source.encoding, source.delimiter)
    utf8_first = not scanned and dialect.encoding in ("utf-8", "utf-8-sig")
    scan = not source.encoding and not utf8_first
    chosen = whole_file_encoding(path, dialect.encoding) if scan else dialect.encoding
    header, blank_before = header_row(path, chosen, dialect.delimiter)
    encoding = "utf8" if chosen in ("utf-8", "utf-8-sig") else chosen
    at_once = path.stat().st_size <= CSV_AT_ONCE_BYTES   # larger files are not read twice
    quoted = not at_once or _has_quotes(path)
    # the last column's last value tells whether a quote left open took the rest of the file
    last = header[-1]
    read = wanted if not quoted or last in wanted else [*wanted, last]
    options = dict(
        read_options=pcsv.ReadOptions(encoding=encoding, block_size=CSV_BLOCK_BYTES, skip_rows=blank_before),
        parse_options=pcsv.ParseOptions(delimiter=dialect.delimiter, newlines_in_values=quoted,
                                        invalid_row_handler=_skip_blank),
        convert_options=pcsv.ConvertOptions(
            include_columns=read,
            column_types={name: pa.string() for name in read},
            null_values=[""],  # "NA" is a value in a text column (text_to_numbers: not in numbers)
            strings_can_be_null=True,
        ),
    )
    ends: list = [None]   # the last value of the last column
    try:
        if at_once:
            table = pcsv.read_csv(path, **options)
            if quoted and table.num_rows:
                ends[0] = table.column(last)[-1].as_py()
        else:
            reader = pcsv.open_csv(path, **options)
            schema = pa.schema([reader.schema.field(name) for name in wanted])
            table = _batches(_last_value_kept(reader, wanted, last if quoted else None, ends), schema, cancel)
    except (pa.ArrowInvalid, UnicodeDecodeError) as exc:
        if "Empty CSV file or block" in str(exc):
            # only a header line with no line break after it: a table without data rows
            return pa.table({name: pa.array([], pa.string()) for name in wanted})
        if utf8_first and not source.encoding and _INVALID_UTF8.search(str(exc)) is not None:
            return _read_csv(path, source, wanted, cancel, scanned=True)
        if "straddl" in str(exc):   # a value longer than a block: perhaps the rest of the file
            _check_quotes_closed(path, chosen, dialect.delimiter)
        raise _csv_fault(path, source, chosen, dialect.delimiter, header, exc) from None
    if quoted and isinstance(ends[0], str) and ("\n" in ends[0] or "\r" in ends[0]):
        _check_quotes_closed(path, chosen, dialect.delimiter)
    table = table.select(wanted)
    if len(header) == 1 and table.num_columns == 1:
        table = _drop_blank_lines(table)
    columns = {}
    for name in wanted:
        if cancel is not None:
            cancel.raise_if_cancelled()
        columns[name] = text_to_numbers(table.column(name))
    return pa.table(columns)


def _last_value_kept(batches, wanted: list[str], last: Optional[str], ends: list):
    """The batches with the ``wanted`` columns only; ``ends[0]`` holds the last value of column
    ``last`` read so far."""
    for batch in batches:
        if last is not None and batch.num_rows:
            ends[0] = batch.column(last)[-1].as_py()
        yield batch.select(wanted)


def _check_quotes_closed(path: Path, encoding: str, delimiter: str) -> None:
    """Refuse a file with a quote that opens a value and is never closed: a reader takes the
    rest of the file as that value and reports no fault."""
    line = unclosed_quote(path, encoding, delimiter)
    if line is not None:
        raise InputError(message(N_("{file}: a quote opened on line {line} is never closed, so the rest of the "
                                    "file would read as one value"), file=path.name, line=line))


_INVALID_UTF8 = re.compile(r"CSV column #(\d+): CSV conversion error to string: invalid UTF8")


def _csv_fault(path: Path, source: DataSource, encoding: str, delimiter: str, header: list[str],
               exc: Exception) -> Exception:
    """The error pyarrow raised, as one line naming the line of the file at fault."""
    bad_text = _INVALID_UTF8.search(str(exc))
    if bad_text is not None or isinstance(exc, UnicodeDecodeError):
        found = first_undecodable(path, encoding)
        where = (message(N_("line {line}: byte 0x{byte:02x}"), line=found[0], byte=found[1]) if found
                 else message(N_("a byte")))
        if bad_text is not None and int(bad_text.group(1)) < len(header):
            where = message(N_("{where} in column {column!r}"), where=where, column=header[int(bad_text.group(1))])
        how = message(N_("the encoding given") if source.encoding else N_("detected"))
        return InputError(message(N_("{file}: {where} is not valid {encoding} ({how}); choose another encoding "
                                     "(e.g. latin-1)"), file=path.name, where=where, encoding=encoding, how=how))
    if "CSV parse error" in str(exc):
        fault = wrong_width(path, encoding, delimiter, len(header))
        if fault is not None:
            return InputError(message(N_("{file}: {fault}"), file=path.name, fault=fault))
    return exc


# --- Parquet / Feather -------------------------------------------------------------------
def _parquet_header(path: Path, source: DataSource) -> list[str]:
    import pyarrow.parquet as pq

    return list(pq.read_schema(path).names)


def _read_parquet(path: Path, source: DataSource, wanted: list[str],
                  cancel: Optional[CancelToken] = None) -> pa.Table:
    import pyarrow.parquet as pq

    parquet = pq.ParquetFile(path)
    schema = pa.schema([f for f in parquet.schema_arrow if f.name in wanted])
    return _batches(parquet.iter_batches(columns=wanted), schema, cancel)


def _feather_header(path: Path, source: DataSource) -> list[str]:
    return list(_open_ipc(path).schema.names)


def _open_ipc(path: Path):
    import pyarrow.ipc as ipc

    try:
        return ipc.open_file(pa.memory_map(str(path)))
    except pa.ArrowInvalid:
        return ipc.open_stream(pa.memory_map(str(path)))


def _read_feather(path: Path, source: DataSource, wanted: list[str],
                  cancel: Optional[CancelToken] = None) -> pa.Table:
    import pyarrow.feather as feather

    return feather.read_table(path, columns=wanted, memory_map=True)


# --- Excel --------------------------------------------------------------------------------
def _excel_sheet(path: Path, source: DataSource) -> str | int:
    import openpyxl

    book = openpyxl.load_workbook(path, read_only=True)
    try:
        sheets = book.sheetnames
    finally:
        book.close()
    if source.sheet is None:
        return 0
    if source.sheet in sheets:
        return source.sheet
    raise InputError(message(N_("{file}: no sheet {sheet!r} (sheets: {sheets})"), file=path.name, sheet=source.sheet,
                             sheets=", ".join(sheets)))


def excel_sheets(path: str | Path) -> list[str]:
    import openpyxl

    book = openpyxl.load_workbook(path, read_only=True)
    try:
        return list(book.sheetnames)
    finally:
        book.close()


def _excel_header(path: Path, source: DataSource) -> list[str]:
    """The first row's cells as written, as the CSV reader takes a header: a blank cell is the
    name ``""`` and a name written twice stays twice (pandas would make ``Unnamed: 1`` and
    ``age.1`` of them), so that :func:`list_columns` refuses it as it does in any format."""
    import pandas as pd

    frame = pd.read_excel(path, sheet_name=_excel_sheet(path, source), header=None, nrows=1, engine="openpyxl",
                          dtype=object, keep_default_na=False, na_values=[])
    return [] if frame.empty else [_header_name(cell) for cell in frame.iloc[0]]


def _header_name(cell) -> str:
    return "" if cell is None or cell != cell else str(cell)


def _read_excel(path: Path, source: DataSource, wanted: list[str],
                cancel: Optional[CancelToken] = None) -> pa.Table:
    import pandas as pd

    names = _excel_header(path, source)
    positions = sorted(names.index(name) for name in wanted)
    chosen = set(positions)
    # cells as the workbook holds them: pandas would turn a column of long integers into doubles,
    # and text cells such as "NA" into missing values; the columns right of the header are read
    # to refuse a value under no name (in a CSV file, a record wider than the header)
    frame = pd.read_excel(path, sheet_name=_excel_sheet(path, source), header=None, skiprows=1,
                          usecols=lambda i: i in chosen or i >= len(names), engine="openpyxl", dtype=object,
                          keep_default_na=False, na_values=[""])
    for position in frame.columns:
        if position >= len(names) and frame[position].notna().any():
            from openpyxl.utils import get_column_letter

            row = int(frame.index[frame[position].notna()][0]) + 2   # the sheet's row: the header is row 1
            raise InputError(message(N_("{file}: row {row}, column {letter} holds a value, but the header names no "
                                        "column there (its last name is in column {last}); name the column in "
                                        "the header"), file=path.name, row=row, letter=get_column_letter(position + 1),
                                     last=get_column_letter(len(names))))
    for position in positions:   # a sheet with no data rows has no columns
        if position not in frame.columns:
            frame[position] = pd.Series([None] * len(frame), index=frame.index, dtype=object)
    frame = frame[positions]
    frame.columns = [names[i] for i in positions]
    return _from_pandas(frame, wanted)


def _from_pandas(frame, wanted: list[str]) -> pa.Table:
    """Columns Arrow cannot type (numbers beside text cells, integers past 64 bits) go through
    text and then follow the rule for numbers read as text (:func:`text_to_numbers`)."""
    columns = {}
    for name in wanted:
        series = frame[name]
        try:
            columns[name] = pa.chunked_array([pa.Array.from_pandas(series)])
        except (pa.ArrowInvalid, pa.ArrowTypeError, OverflowError):
            columns[name] = text_to_numbers(pa.chunked_array([pa.Array.from_pandas(series.map(_cell_text))]))
    return pa.table(columns)


def _cell_text(value) -> Optional[str]:
    """A cell as text (None when empty; a double as :func:`_float_text`). An integer past 2**53
    that equals a double is a double cell the reader made an int of: it stays a double, so its
    lost digits are not invented."""
    if value is None or value != value:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > FLOAT64_EXACT_INTEGERS:
        try:
            if float(value) == value:
                return _float_text(float(value))
        except OverflowError:
            pass
    if isinstance(value, float):
        return _float_text(value)
    return str(value)


def _float_text(value: float) -> str:
    """A number cell's double as the text it is written back as (``2.0`` as ``2``): a number
    cell is a number, and stays one beside text cells that are numbers too (-0.0 is 0)."""
    return pc.cast(pa.array([value + 0.0], pa.float64()), pa.string())[0].as_py()


# --- SPSS / Stata / SAS (pyreadstat) -------------------------------------------------------
def _readstat(fmt: str):
    import pyreadstat

    return {"spss": pyreadstat.read_sav, "stata": pyreadstat.read_dta,
            "sas7bdat": pyreadstat.read_sas7bdat, "xport": pyreadstat.read_xport}[fmt]


def _readstat_header(fmt: str):
    def header(path: Path, source: DataSource) -> list[str]:
        _, meta = _readstat(fmt)(str(path), metadataonly=True)
        return list(meta.column_names)
    return header


def _readstat_reader(fmt: str):
    def reader(path: Path, source: DataSource, wanted: list[str],
               cancel: Optional[CancelToken] = None) -> pa.Table:
        kwargs = {"usecols": wanted}
        if fmt in ("sas7bdat", "xport") and source.encoding:
            kwargs["encoding"] = source.encoding
        frame, _ = _readstat(fmt)(str(path), **kwargs)
        return _from_pandas(frame, wanted)
    return reader


_HEADERS = {"csv": _csv_header, "parquet": _parquet_header, "feather": _feather_header,
            "excel": _excel_header, **{f: _readstat_header(f) for f in ("spss", "stata", "sas7bdat", "xport")}}
_READERS = {"csv": _read_csv, "parquet": _read_parquet, "feather": _read_feather,
            "excel": _read_excel, **{f: _readstat_reader(f) for f in ("spss", "stata", "sas7bdat", "xport")}}
