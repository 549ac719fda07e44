"""Where the window shows a config's problem: next to the control that edits its field.

The engine names a broken rule by config field (:class:`engine.analysis.validation.Problem`); here each
field maps to the page and widget that edit it and to the words the window uses for it
(:data:`CONTROLS`). :func:`mark_problem` gives that widget a red frame and the message as its
tooltip; the caller shows the message (dialog, banner, status bar).
"""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QWidget

from engine.api import render
from engine.api import Problem

from .i18n import translate

# field (or the start of a dotted field) -> (page attribute of the window, widget attribute of the
# page (dotted for a widget inside a group), the control as a message names it)
CONTROLS: dict[str, tuple[str, str, str]] = {
    "roles.quasi_identifiers": ("data_page", "roles_view",
                                QT_TRANSLATE_NOOP("problems", "the Quasi-identifier role on the Data page")),
    "roles.sensitive": ("data_page", "roles_view", QT_TRANSLATE_NOOP("problems", "Sensitive (Data page, Role column)")),
    "roles.numeric_qids": ("data_page", "roles_view",
                           QT_TRANSLATE_NOOP("problems", "Numeric QID (Data page, Role column)")),
    "roles.weight": ("data_page", "roles_view", QT_TRANSLATE_NOOP("problems", "Weight (Data page, Role column)")),
    "roles.household": ("data_page", "roles_view", QT_TRANSLATE_NOOP("problems", "Household (Data page, Role column)")),
    "roles": ("data_page", "roles_view", QT_TRANSLATE_NOOP("problems", "Role (Data page)")),
    "subsets.max_size": ("attacks_page", "max_size", QT_TRANSLATE_NOOP("problems", "Every subset of at most")),
    "subsets": ("attacks_page", "subset_list", QT_TRANSLATE_NOOP("problems", "Chosen sets")),
    "targets": ("attacks_page", "targets", QT_TRANSLATE_NOOP("problems", "Individual targets")),
    "jobs": ("attacks_page", "jobs", QT_TRANSLATE_NOOP("problems", "Worker processes")),
    "models.l": ("attacks_page", "models_l", QT_TRANSLATE_NOOP("problems", "l for recursive (c,l)-diversity")),
    "sample.sampling_fraction": ("attacks_page", "fraction", QT_TRANSLATE_NOOP("problems", "Sampling fraction")),
    "sample.risk_thresholds": ("attacks_page", "thresholds", QT_TRANSLATE_NOOP("problems", "Risk thresholds")),
    "sample.suda_max_size": ("attacks_page", "suda_max", QT_TRANSLATE_NOOP("problems", "Max MSU size")),
    "sample.dis_fraction": ("attacks_page", "dis_fraction", QT_TRANSLATE_NOOP("problems", "DIS fraction")),
    "sample": ("attacks_page", "suda", QT_TRANSLATE_NOOP("problems", "Special uniques (SUDA)")),
    "linkage.key": ("releases_page", "focal_key", QT_TRANSLATE_NOOP("problems", "Linkage key (Releases page)")),
    "linkage.focal_label": ("releases_page", "focal_label_edit",
                            QT_TRANSLATE_NOOP("problems", "Label (Releases page)")),
    "linkage.duplicates": ("releases_page", "duplicates", QT_TRANSLATE_NOOP("problems", "Duplicate keys in a release")),
    "linkage": ("releases_page", "table", QT_TRANSLATE_NOOP("problems", "Later releases (Releases page)")),
    "cluster.address": ("attacks_page", "cluster.address",
                        QT_TRANSLATE_NOOP("problems", "Dask cluster (Attacks page, Run settings)")),
    "cluster": ("attacks_page", "cluster", QT_TRANSLATE_NOOP("problems", "Dask cluster certificates (Attacks page)")),
    "scenarios": ("scenarios_page", "step_list", QT_TRANSLATE_NOOP("problems", "Steps (Scenarios page)")),
}

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
    return render(problem.message(translate("problems", entry[2]) if entry else None))


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
