"""Messages the engine writes while it analyses (warnings, why a target matches no record) that
the reports show in their own language.

A :class:`Message` is the English text itself (a ``str``: results.json, the CSV files and the
terminal keep it word for word) that also holds its catalogue template and parameters, so a
report written in another language renders ``_(template).format(**params)`` with the numbers
written for that language (engine/foundation/locale_format.py). Plain strings render as they are.
"""

from __future__ import annotations

import numbers
import string
from typing import Any

from . import i18n
from .locale_format import localize


class _Formatter(string.Formatter):
    """``str.format`` whose numbers get the current language's separators and whose nested
    messages are rendered in it too."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Message):
            return format(value.render(), format_spec)
        if isinstance(value, numbers.Real) and not isinstance(value, bool):
            return localize(format(value, format_spec))
        return format(value, format_spec)


_FORMATTER = _Formatter()


class Message(str):
    """English text (the ``str`` value) carrying ``template`` (a catalogue msgid) and ``params``."""

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, params: dict[str, Any]) -> "Message":
        with i18n.language(i18n.ENGLISH):
            text = _FORMATTER.format(template, **params)
        self = super().__new__(cls, text)
        self.template = template
        self.params = dict(params)
        return self

    def __reduce__(self) -> tuple:
        return Message, (self.template, self.params)

    def render(self) -> str:
        """The message in the current report language (English when it has no translation)."""
        return _FORMATTER.format(i18n._(self.template), **self.params)


def message(template: str, **params: Any) -> Message:
    """``template`` (marked with ``N_``) formatted with ``params``: English as a ``str``,
    translatable when rendered."""
    return Message(template, params)


def render(text: str) -> str:
    """``text`` in the current report language when it is a :class:`Message`, else as it is."""
    return text.render() if isinstance(text, Message) else text


def error_text(error: BaseException) -> str:
    """The message of ``error``: the :class:`Message` it was raised with (so that it can be
    rendered in the reader's language), else its ``str``."""
    args = getattr(error, "args", ())
    return args[0] if len(args) == 1 and isinstance(args[0], Message) else str(error)
