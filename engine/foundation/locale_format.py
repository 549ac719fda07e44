"""Numbers, percentages and dates written for the reader's language: the digits are the same in
every language (Python's rounding), only the separators (CLDR data via Babel) and the date
pattern change, so 1,234.5 in English is 1.234,5 in Brazilian Portuguese."""

from __future__ import annotations

import math
from datetime import datetime
from functools import lru_cache
from typing import Optional

from . import i18n


@lru_cache(maxsize=None)
def _symbols(language: str) -> dict[int, str]:
    from babel.numbers import get_decimal_symbol, get_group_symbol   # only for other languages: 30 ms

    return str.maketrans({",": get_group_symbol(language), ".": get_decimal_symbol(language)})


def localize(text: str, language: Optional[str] = None) -> str:
    """A number written by Python (``,`` grouping, ``.`` decimal point) with the separators of
    ``language`` (default: the current report language)."""
    language = language or i18n.current()
    if language == i18n.ENGLISH:
        return text
    return text.translate(_symbols(language))


def number(value: float, spec: str = ",.1f", language: Optional[str] = None) -> str:
    """``value`` formatted by the Python format ``spec`` (e.g. ``,.1f``, ``.3g``, ``,``),
    then localized."""
    return localize(format(value, spec), language)


def integer(value: int, language: Optional[str] = None) -> str:
    """A whole number with thousands grouping: 12,345 / 12.345."""
    return number(value, ",", language)


def percent_digits(share: float, digits: int = 1) -> int:
    """The decimals :func:`percent` writes ``share`` with: ``digits``, more while a share below
    100% would round to 100% (99.95% is never 100.0%), at most 6."""
    points = abs(100 * share)
    while digits < 6 and abs(share) < 1 and round(points, digits) >= 100:
        digits += 1
    return digits


def _plain(points: float, digits: int, sign: str = "") -> str:
    """``points`` with ``digits`` decimals; a non-zero value that would round to 0 keeps two
    significant digits in plain decimals (0.005, 0.0000019; never scientific notation)."""
    size = abs(points)
    if 0 < size < 10 ** -digits:
        text = f"{points:{sign}.2g}"
        if "e" in text:
            text = f"{points:{sign}.{1 - math.floor(math.log10(size))}f}".rstrip("0").rstrip(".")
        return text
    return f"{points:{sign},.{digits}f}"


def percent(share: Optional[float], digits: int = 1, language: Optional[str] = None,
            missing: str = "-") -> str:
    """``share`` (0.123) as a percentage (12.3% / 12,3%), the one format of shares in the window
    and the reports: a share below 100% never prints as 100.0% and a non-zero one never as 0%
    (:func:`percent_digits`); ``missing`` for None or NaN.

    >>> percent(0.81), percent(0.99951), percent(0.00005), percent(1.0), percent(1.9e-8)
    ('81.0%', '99.95%', '0.005%', '100.0%', '0.0000019%')
    """
    if share is None or (isinstance(share, float) and math.isnan(share)):
        return missing
    return localize(_plain(100 * share, percent_digits(share, digits)) + "%", language)


def points(difference: Optional[float], *terms: float, digits: int = 1, language: Optional[str] = None,
           missing: str = "-") -> str:
    """A difference of two shares as signed percentage points (+12.3; the caller adds the unit
    in its language), with as many decimals as the terms it is the difference of (:func:`percent`
    of each of ``terms``), so that 99.95% - 0% reads +99.95, never +100.0.

    >>> points(0.9995, 0.9995, 0.0), points(-0.25), points(0.00004)
    ('+99.95', '-25.0', '+0.004')
    """
    if difference is None or (isinstance(difference, float) and math.isnan(difference)):
        return missing
    digits = max([percent_digits(difference, digits)] + [percent_digits(t, digits) for t in terms])
    return localize(_plain(100 * difference, digits, "+"), language)


def date_time(moment: datetime, language: Optional[str] = None) -> str:
    """Date and time to the minute: 2026-11-24 19:05 in English, 24/11/2026 19:05 in pt_BR
    (the CLDR short pattern of the language)."""
    language = language or i18n.current()
    if language == i18n.ENGLISH:
        return moment.strftime("%Y-%m-%d %H:%M")
    from babel.dates import format_datetime

    return format_datetime(moment, "short", locale=language)
