"""User-facing errors: every message names the file, column or value at fault."""

from __future__ import annotations


class InputError(ValueError):
    """Bad input or usage that the user can fix (exit code 2 on the command line)."""


class Cancelled(Exception):
    """The run was cancelled through its :class:`~engine.foundation.progress.CancelToken`."""


class EngineFailure(RuntimeError):
    """The engine could not finish for a reason outside the input (e.g. a worker died)."""


def printable(text: str) -> str:
    """``text`` as it is, or quoted repr-style when it holds line breaks or other control
    characters, so that a name or value never breaks a one-line message or a table row."""
    return text if text.isprintable() else repr(text)
