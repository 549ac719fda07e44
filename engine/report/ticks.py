"""Tick labels in the reader's language: matplotlib writes its plain numeric ticks with a decimal
point and no grouping (0.5, 20000); here they get the language's separators (0,5 and 20.000 in
pt_BR, 20,000 in English). Used by the report's figures and by the window's plots."""

from __future__ import annotations

import copy
import re
from typing import Optional

from matplotlib.axes import Axes
from matplotlib.axis import Axis
from matplotlib.figure import Figure
from matplotlib.ticker import (Formatter, FuncFormatter, LogFormatter, LogFormatterMathtext,
                               LogFormatterSciNotation, LogLocator, NullFormatter, ScalarFormatter)

from ..foundation.locale_format import localize, number

#: The integer part of a number in a label: four or more digits after no digit or point.
_INTEGER = re.compile(r"(?<![\d.])\d{4,}")


def grouped(label: str) -> str:
    """``label`` with the thousands of its numbers grouped by ``,`` (20000 -> 20,000), as the
    window's and the report's tables write counts."""
    return _INTEGER.sub(lambda match: f"{int(match.group()):,}", label)


class _Localized(Formatter):
    """A matplotlib formatter's tick labels and offset with the separators of ``language``."""

    language: Optional[str] = None

    def format_ticks(self, values) -> list[str]:
        return [localize(grouped(label), self.language) for label in super().format_ticks(values)]

    def get_offset(self) -> str:
        return localize(super().get_offset(), self.language)


#: matplotlib's own numeric formatters -> the same with localized labels. Formatters a figure
#: sets itself (FuncFormatter ...) are left alone: they write their labels in the language already.
LOCALIZED: dict[type, type] = {base: type(f"Localized{base.__name__}", (_Localized, base), {})
                               for base in (ScalarFormatter, LogFormatterSciNotation, LogFormatterMathtext,
                                            LogFormatter)}


def _localized(formatter: Formatter, language: Optional[str]) -> Optional[Formatter]:
    """A copy of ``formatter`` (same settings) writing localized labels, or None when it is not
    one of matplotlib's numeric formatters (or already localized)."""
    localized_type = LOCALIZED.get(type(formatter))
    if localized_type is None:
        return None
    clone = copy.copy(formatter)
    clone.__class__ = localized_type
    clone.language = language
    return clone


def log_epsilon_axis(ax: Axes, language: Optional[str] = None) -> None:
    """The x axis of ``ax`` on a log scale labelled with plain numbers at 1 and 3 times the powers
    of ten (0.1, 0.3, 1, 3; 0,1 ... in pt_BR), no crowded minor labels."""
    ax.set_xscale("log")
    axis = ax.xaxis
    axis.set_major_locator(LogLocator(base=10, subs=(1.0, 3.0)))
    axis.set_major_formatter(FuncFormatter(lambda value, _position: number(value, "g", language)))
    axis.set_minor_formatter(NullFormatter())


def localize_axis(axis: Axis, language: Optional[str] = None) -> None:
    """Write the numeric ticks of ``axis`` (major and minor) in ``language`` (default: the
    report's language)."""
    for get, put in ((axis.get_major_formatter, axis.set_major_formatter),
                     (axis.get_minor_formatter, axis.set_minor_formatter)):
        formatter = get()
        localized = _localized(formatter, language)
        if localized is not None:
            put(localized)
        elif isinstance(formatter, _Localized):
            formatter.language = language


def localize_ticks(figure: Figure, language: Optional[str] = None) -> None:
    """Every axis of ``figure`` with its numeric tick labels in ``language``."""
    for ax in figure.axes:
        for axis in (ax.xaxis, ax.yaxis):
            localize_axis(axis, language)
