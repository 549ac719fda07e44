"""Cells a spreadsheet would run as a formula (OWASP, "CSV Injection"): text starting with
``=``, ``+``, ``-``, ``@``, a tab or a carriage return that is not a number. Result tables
neutralise them (:func:`spreadsheet_safe`); exported microdata keep them exactly and the run
names their columns (docs/command-line.md, "Rules")."""

from __future__ import annotations

from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def formula_like(text: str) -> bool:
    """Whether a spreadsheet would run the text cell ``text`` as a formula (``-3.5`` is a number).

    >>> [formula_like(t) for t in ("=1+1", "-3.5", "+A1", "@SUM(A1)", "\\tx", "a=b", "-", "1e3")]
    [True, False, True, True, True, False, True, False]
    """
    if not text.startswith(FORMULA_STARTS):
        return False
    try:
        float(text)
    except ValueError:
        return True
    return False


def spreadsheet_safe(value: Any) -> Any:
    """A cell of a result table: formula-like text prefixed with a single quote, as OWASP
    recommends, so that a spreadsheet shows it instead of running it; numbers and other text
    as they are."""
    return "'" + value if isinstance(value, str) and formula_like(value) else value
