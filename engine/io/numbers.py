"""One rule for numbers: a value is never merged with a different one.

Text read from a file becomes numbers only when every value is written exactly as its number
is written back (the text -> number -> text round trip gives the same string): int64 when
every value is a plain whole number that fits (``7``, ``-3``), else float64 when every value
is the shortest text of its double (``2.5``, ``0.1``; a double may also carry trailing zeros
after its point, ``7.0`` as pandas writes it, ``12.50`` as a spreadsheet does, when the column
holds no other spelling of it: it is written back as ``7``, ``12.5``); otherwise (``007``,
``+5``, ``-0``, ``1e3``, `` 7``, an id of 16+ digits, ``7`` beside ``7.0``, ``1.1`` beside
``1.10``) the column stays text and is compared as written, so two different
strings are never one value and an export writes each back as it was (docs/methods.md,
"Data model"). Among numbers, equality is numeric: ``-0.0 == 0.0 == 0``. A missing value
(an empty cell; in a number column also a blank cell, NaN or a marker such as ``NA``; never
in a text column, where ``NA`` may be Namibia) is a value of its own. A role that needs
numbers (a weight, a numeric quasi-identifier) reads a text column's values as numbers with
:func:`label_numbers`; the values stay apart as text.
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


def text_to_numbers(column: pa.ChunkedArray) -> pa.ChunkedArray:
    """int64, else float64, when every non-missing value is the text its number is written
    back as; else ``column``.

    In a number column a cell of spaces only or a :data:`MISSING_MARKERS` cell (spaces
    around it ignored) is missing; spaces around a number keep the column text.

    >>> text_to_numbers(pa.chunked_array([["12345678901234567890123", "12345678901234567890124"]])).type
    DataType(string)
    >>> text_to_numbers(pa.chunked_array([["-2.5", "2", "  ", "NA"]])).to_pylist()
    [-2.5, 2.0, None, None]
    >>> text_to_numbers(pa.chunked_array([["007", "07", "7"]])).to_pylist()
    ['007', '07', '7']
    >>> text_to_numbers(pa.chunked_array([["NA", "FR"]])).to_pylist()
    ['NA', 'FR']
    """
    if not (pa.types.is_string(column.type) or pa.types.is_large_string(column.type)):
        return column
    numbers = _cast_numbers(column)
    if numbers is None:
        trimmed = pc.utf8_trim_whitespace(column)
        empty = pc.fill_null(pc.or_(pc.equal(trimmed, ""),
                                    pc.is_in(trimmed, value_set=pa.array(MISSING_MARKERS, trimmed.type))), False)
        if pc.any(empty).as_py():
            numbers = _cast_numbers(pc.if_else(empty, pa.scalar(None, column.type), column))
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
        # whole numbers that are not written plainly ("007", "+5", "-0") are no better as doubles
        return numbers if _written_back_as(pc.unique(text).drop_null(), target) else None
    return None


def _written_back_as(distinct: pa.Array, target: pa.DataType) -> bool:
    """Whether each of the ``distinct`` strings is written back as it is once read as
    ``target`` (NaN as missing, -0.0 as 0.0, as they are encoded): as pyarrow writes the
    number (the CSV writer's text), or, for a double, with trailing zeros after its decimal
    point (``7.0`` as pandas writes doubles, ``12.50`` as a spreadsheet writes two decimals)
    when no other string is the same number (the CSV writer then writes ``7``, ``12.5``).

    This keeps different values apart: the text is a function of the number, so two different
    strings never share one (``0.1`` and ``0.10000000000000001`` are one double, and the
    second is not its text; ``7`` and ``7.0`` in one column stay text)."""
    numbers = canonical_floats(pc.cast(distinct, target))
    written = pc.cast(numbers, distinct.type)
    same = pc.equal(written, distinct)   # null where the value is missing (NaN, missing too)
    if pc.all(same).as_py() is not False:
        return True
    if not pa.types.is_floating(target):
        return False
    # fixed decimals ("12.50", "7.0", "3.000", as spreadsheets and pandas write them): the text
    # without its fraction's trailing zeros
    trimmed = pc.replace_substring_regex(distinct, r"^(-?[0-9]+)\.([0-9]*?)0+$", r"\1.\2")
    trimmed = pc.replace_substring_regex(trimmed, r"^(-?[0-9]+)\.$", r"\1")
    if pc.all(pc.or_(same, pc.equal(written, trimmed))).as_py() is False:
        return False
    present = numbers.drop_null()
    return len(pc.unique(present)) == len(present)


def label_numbers(labels: pa.Array) -> Optional[pa.Array]:
    """The labels of a column as float64 for a role that needs numbers (a weight, a numeric
    quasi-identifier): a number column's as they are; a text column's read as numbers, spaces
    around them ignored (``"007"`` is 7.0, ``"1.50"`` 1.5), or written with a decimal comma
    (:func:`decimal_comma`), its missing label missing; None when a text label is not a number.
    The column's codes, and so its values, stay apart.

    >>> label_numbers(pa.array(["010", " 2.5", None])).to_pylist()
    [10.0, 2.5, None]
    >>> label_numbers(pa.array(["47,62", "3", "1,5"])).to_pylist(), label_numbers(pa.array(["ten"]))
    ([47.62, 3.0, 1.5], None)
    """
    kind = labels.type
    if pa.types.is_integer(kind) or pa.types.is_floating(kind) or pa.types.is_decimal(kind):
        return pc.cast(labels, pa.float64(), safe=False)
    if not (pa.types.is_string(kind) or pa.types.is_large_string(kind)):
        return None
    text = pc.utf8_trim_whitespace(labels)
    try:
        return pc.cast(text, pa.float64())
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
        return decimal_comma(text)


def decimal_comma(text: pa.Array) -> Optional[pa.Array]:
    """Numbers written with a decimal comma (``47,62``: the spreadsheets of Brazil and most of
    Europe, in a file separated by semicolons) as float64, when every value is a whole number or
    one with a comma and some value has other than three digits after its comma; else None
    (``1,234`` alone may be a thousand and 234 written with a thousands comma).

    >>> decimal_comma(pa.array(["1,234", "5,678"])) is None, decimal_comma(pa.array(["1,234", "5,6"])).to_pylist()
    (True, [1.234, 5.6])
    """
    present = text.drop_null()
    if not len(present) or not pc.all(pc.match_substring_regex(present, r"^-?[0-9]+(,[0-9]+)?$")).as_py():
        return None
    if not pc.any(pc.match_substring_regex(present, r",([0-9]{1,2}|[0-9]{4,})$")).as_py():
        return None
    return pc.cast(pc.replace_substring(text, ",", "."), pa.float64())


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


__all__ = ["text_to_numbers", "label_numbers", "decimal_comma", "canonical_floats", "exact_in_float64",
           "find_number", "float_wide_integers", "float_values", "buffer_values", "FLOAT64_EXACT_INTEGERS",
           "MISSING_MARKERS"]
