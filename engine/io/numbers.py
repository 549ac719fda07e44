"""One rule for numbers: a value is never merged with a different one.

Text read from a file becomes numbers only when the conversion is exact: int64 when every
value is a whole number that fits, else float64 when no value is a whole number of 16 or
more digits (an id) and no two different decimals land on the same double; otherwise the
column stays text and is compared as written (docs/methods.md, "Data model"). Among
numbers, equality is numeric: ``-0.0 == 0.0 == 0``. A missing value (an empty cell; in a
number column also a blank cell, NaN or a marker such as ``NA``; never in a text column,
where ``NA`` may be Namibia) is a value of its own.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Optional

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

FLOAT64_EXACT_INTEGERS = 2 ** 53
# cells that mean "no number" in a number column (pyarrow's and pandas' defaults); in a text
# column they are values
MISSING_MARKERS = ("#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND", "1.#QNAN",
                   "N/A", "NA", "NULL", "NaN", "n/a", "nan", "null")
# a decimal with at most 15 significant digits and no exponent is the only one on its double
MAX_EXACT_CHARACTERS = 15
# a whole number of 16+ digits: an id a double may not hold; its column stays text
_WIDE_INTEGER = r"^[+-]?0*[1-9][0-9]{15,}$"


def text_to_numbers(column: pa.ChunkedArray) -> pa.ChunkedArray:
    """int64, else float64, when every non-missing value converts exactly; else ``column``.

    Surrounding spaces are ignored; in a number column a cell of spaces only or a
    :data:`MISSING_MARKERS` cell is missing.

    >>> text_to_numbers(pa.chunked_array([["12345678901234567890123", "12345678901234567890124"]])).type
    DataType(string)
    >>> text_to_numbers(pa.chunked_array([["-0.0", " 2 ", "  ", "NA"]])).to_pylist()
    [-0.0, 2.0, None, None]
    >>> text_to_numbers(pa.chunked_array([["NA", "FR"]])).to_pylist()
    ['NA', 'FR']
    """
    if not (pa.types.is_string(column.type) or pa.types.is_large_string(column.type)):
        return column
    trimmed = pc.utf8_trim_whitespace(column)
    numbers = _cast_numbers(trimmed)
    if numbers is None:
        empty = pc.fill_null(pc.or_(pc.equal(trimmed, ""),
                                    pc.is_in(trimmed, value_set=pa.array(MISSING_MARKERS, trimmed.type))), False)
        if pc.any(empty).as_py():
            numbers = _cast_numbers(pc.if_else(empty, pa.scalar(None, trimmed.type), trimmed))
    return column if numbers is None else numbers


HEAD_VALUES = 1024  # a cast is first tried on this many values: text columns fail there, cheaply


def _cast_numbers(text: pa.ChunkedArray) -> Optional[pa.ChunkedArray]:
    for target in (pa.int64(), pa.float64()):
        try:
            pc.cast(text.slice(0, HEAD_VALUES), target)   # the whole column fails if its head does
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
            continue
        try:
            numbers = pc.cast(text, target)
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
            continue
        if target == pa.int64() or _floats_keep_values(text, numbers):
            return numbers
        return None
    return None


def _floats_keep_values(text: pa.ChunkedArray, floats: pa.ChunkedArray) -> bool:
    """True when ``text`` holds no whole number of 16+ digits and no two numerically different
    strings of it parse to the same double.

    Only a string with 16+ digits or an exponent can share its double with a different
    decimal (15 significant digits always round-trip); such a string (found as: longer than
    15 characters, or with an ``e``) is safe when it is the double's own shortest form (as
    pyarrow writes it). The others, and the strings whose double equals one of theirs, are
    compared as exact decimals."""
    risky = pc.or_(pc.greater(pc.binary_length(text), MAX_EXACT_CHARACTERS),
                   pc.or_(pc.match_substring(text, "e"), pc.match_substring(text, "E")))
    risky = pc.fill_null(risky, False)
    if not pc.any(risky).as_py():
        return True
    if pc.any(pc.match_substring_regex(pc.filter(text, risky), _WIDE_INTEGER)).as_py():
        return False
    risky = pc.and_(risky, pc.fill_null(pc.not_equal(text, pc.cast(floats, text.type)), False))
    if not pc.any(risky).as_py():
        return True
    floats = pc.add(floats, 0.0)  # -0.0 + 0.0 == +0.0, so both zeros meet in is_in
    involved = pc.or_(risky, pc.fill_null(pc.is_in(floats, value_set=pc.unique(pc.filter(floats, risky))), False))
    pairs = pa.table({"text": pc.filter(text, involved), "value": pc.filter(floats, involved)})
    pairs = pairs.group_by(["text", "value"]).aggregate([])
    seen: dict[float, Decimal] = {}
    for string, value in zip(pairs.column("text").to_pylist(), pairs.column("value").to_pylist()):
        if value is None or value != value:  # missing, or NaN (missing whatever its spelling)
            continue
        number = Decimal(string)
        if seen.setdefault(value, number) != number:
            return False
    return True


def canonical_floats(column: pa.ChunkedArray) -> pa.ChunkedArray:
    """A float column with NaN as missing (null) and ``-0.0`` as ``0.0`` (half floats widened to
    single); others unchanged.
    Its null and zero scalars are made by pyarrow, not from Python values: pyarrow imports
    pandas to convert a Python value (0.18 s at the first read of a process)."""
    if not pa.types.is_floating(column.type):
        return column
    if pa.types.is_float16(column.type):
        column = pc.cast(column, pa.float32())   # exact; pyarrow has no arithmetic on half floats
    one_null = pa.nulls(1, column.type)
    zero = pc.cast(pc.count(one_null), column.type)   # no value counted: 0.0
    column = pc.if_else(pc.is_nan(column), one_null[0], column)
    return pc.add(column, zero)  # IEEE: -0.0 + 0.0 == +0.0


def exact_in_float64(column: pa.ChunkedArray) -> bool:
    """Whether casting a numeric column to float64 keeps every value (and so keeps them apart):
    integers within +-2**53, floats, decimals whose double is the same number."""
    kind = column.type
    if pa.types.is_floating(kind) or column.null_count == len(column):
        return True
    if pa.types.is_integer(kind):
        low, high = pc.min_max(column).values()
        return max(abs(low.as_py()), abs(high.as_py())) <= FLOAT64_EXACT_INTEGERS
    if pa.types.is_decimal(kind):
        values = pc.unique(column).drop_null().to_pylist()
        return all(Decimal(float(v)) == v for v in values)
    return False


def find_number(labels: pa.Array, text: str) -> Optional[int]:
    """Position in ``labels`` (a numeric array) of the number written as ``text``, or None.

    Exact for integers and decimals (no detour through float64); a float label matches the
    double nearest to ``text``. ``-0`` finds ``0``.

    >>> find_number(pa.array([2 ** 53, 2 ** 53 + 1]), "9007199254740993")
    1
    """
    try:
        wanted = Decimal(text.strip())
    except InvalidOperation:
        return None
    if wanted.is_nan():
        return None
    kind = labels.type
    if pa.types.is_floating(kind):
        matches = pc.equal(labels, pa.scalar(float(wanted), kind))
    elif pa.types.is_integer(kind):
        if not wanted.is_finite() or wanted != wanted.to_integral_value():
            return None
        try:
            matches = pc.equal(labels, pa.scalar(int(wanted), kind))
        except (pa.ArrowInvalid, OverflowError):  # out of the column type's range
            return None
    else:
        values = labels.to_pylist()
        return next((i for i, v in enumerate(values) if v is not None and Decimal(v) == wanted), None)
    hits = pc.indices_nonzero(pc.fill_null(matches, False))
    return int(hits[0].as_py()) if len(hits) else None


def float_wide_integers(labels: pa.Array) -> Optional[float]:
    """A whole number beyond +-2**53 in a float column (digits a double cannot hold), or None."""
    if not pa.types.is_floating(labels.type) or not len(labels):
        return None
    values = float_values(labels.drop_null())
    wide = values[np.isfinite(values) & (np.abs(values) >= FLOAT64_EXACT_INTEGERS)]
    return float(wide[0]) if len(wide) else None


def float_values(array: pa.Array) -> np.ndarray:
    """A float array without nulls as numpy (:func:`buffer_values`)."""
    return buffer_values(array, {16: np.float16, 32: np.float32, 64: np.float64}[array.type.bit_width])


def buffer_values(array: pa.Array, dtype) -> np.ndarray:
    """A fixed-width array without nulls as numpy of ``dtype`` (its own type), a view of its
    values buffer: pyarrow's own conversion imports pandas at its first use (0.18 s of a fresh
    process)."""
    dtype = np.dtype(dtype)
    if not len(array):
        return np.zeros(0, dtype)
    return np.frombuffer(array.buffers()[1], dtype=dtype, count=len(array), offset=array.offset * dtype.itemsize)


__all__ = ["text_to_numbers", "canonical_floats", "exact_in_float64", "find_number",
           "float_wide_integers", "float_values", "buffer_values", "FLOAT64_EXACT_INTEGERS", "MISSING_MARKERS"]
