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


def percent(share: Optional[float], digits: int = 1, language: Optional[str] = None,
            missing: str = "-") -> str:
    """``share`` (0.123) as a percentage (12.3% / 12,3%); ``missing`` for None or NaN."""
    if share is None or (isinstance(share, float) and math.isnan(share)):
        return missing
    return number(100 * share, f",.{digits}f", language) + "%"


def date_time(moment: datetime, language: Optional[str] = None) -> str:
    """Date and time to the minute: 2026-11-24 19:05 in English, 24/11/2026 19:05 in pt_BR
    (the CLDR short pattern of the language)."""
    language = language or i18n.current()
    if language == i18n.ENGLISH:
        return moment.strftime("%Y-%m-%d %H:%M")
    from babel.dates import format_datetime

    return format_datetime(moment, "short", locale=language)
