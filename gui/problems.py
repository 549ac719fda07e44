"""Where the window shows a config's problem: next to the control that edits its field.

The engine names a broken rule by config field (:class:`engine.analysis.validation.Problem`); here each
field maps to the page and widget that edit it and to the words the window uses for it
(:data:`CONTROLS`, from the option declarations of :mod:`engine.analysis.options`). :func:`mark_problem`
gives that widget a red frame and the message as its tooltip; the caller shows the message
(dialog, banner, status bar).
"""

from __future__ import annotations

from typing import Optional

from PySide6.QtWidgets import QWidget

from engine.api import AnalysisConfig
from engine.api import message, render
from engine.api import controls
from engine.api import Problem

# field -> (page attribute of the window, widget attribute of the page (dotted for a widget inside
# a group), the control as a message names it): declared with each option (engine/analysis/options.py);
# the label is translated by the engine's catalogue
CONTROLS: dict[str, tuple[str, str, str]] = controls(AnalysisConfig)

FRAME = "border: 2px solid #c0392b;"


def _entry(field: str) -> Optional[tuple[str, str, str]]:
    """The entry of ``field``, or of the longest dotted start of it that has one."""
    parts = field.split(".")
    for end in range(len(parts), 0, -1):
        entry = CONTROLS.get(".".join(parts[:end]))
        if entry:
            return entry
    return None


def control_for(window: QWidget, field: str) -> Optional[QWidget]:
    """The widget of ``window`` that edits ``field`` (None when the window has none)."""
    entry = _entry(field)
    widget = getattr(window, entry[0], None) if entry else None
    for name in entry[1].split(".") if widget is not None else ():
        widget = getattr(widget, name, None)
    return widget


def window_message(problem: Problem) -> str:
    """The problem with its field named as the window names the control, in its language."""
    entry = _entry(problem.field)
    return render(problem.message(render(message(entry[2])) if entry else None))


def mark_problem(window: QWidget, problem: Problem) -> str:
    """Frame the control of the problem's field in red with the message as its tooltip (the
    marks of an earlier problem cleared); returns the message."""
    clear_marks(window)
    message = window_message(problem)
    widget = control_for(window, problem.field)
    if widget is not None:
        widget.setProperty("problem_mark", (widget.styleSheet(), widget.toolTip()))
        widget.setStyleSheet(FRAME)
        widget.setToolTip(message)
    return message


def clear_marks(window: QWidget) -> None:
    """Give every marked control back its own style and tooltip."""
    for page, name, _ in set(CONTROLS.values()):
        widget = getattr(getattr(window, page, None), name, None)
        saved = widget.property("problem_mark") if widget is not None else None
        if saved:
            widget.setStyleSheet(saved[0])
            widget.setToolTip(saved[1])
            widget.setProperty("problem_mark", None)
