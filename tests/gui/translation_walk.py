"""Every string a person sees in a widget tree: texts, tooltips, status tips, "what's this" help,
titles, placeholders, tab and combo-box texts, list items, item-view headers, spin-box affixes,
and the actions of menus, menu bars, tool bars and buttons (texts, tooltips, status tips). Used to
compare the same page built in English and in another language, string by string."""

from __future__ import annotations

import re
from typing import Iterator

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QDialog,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QMainWindow,
    QMenu,
    QMenuBar,
    QPlainTextEdit,
    QProgressBar,
    QTabWidget,
    QTextEdit,
    QToolBar,
    QToolButton,
    QWidget,
)

def _view_strings(view: QAbstractItemView) -> Iterator[tuple[str, str]]:
    model = view.model()
    if model is None or isinstance(view, QListView):  # a list has no headers
        return
    for orientation, count, name in ((Qt.Orientation.Horizontal, model.columnCount(QModelIndex()), "column"),
                                     (Qt.Orientation.Vertical, model.rowCount(QModelIndex()), "row")):
        for section in range(count):
            for role, what in ((Qt.ItemDataRole.DisplayRole, "header"), (Qt.ItemDataRole.ToolTipRole, "header tip")):
                value = model.headerData(section, orientation, role)
                if isinstance(value, str):
                    yield f"{name} {section} {what}", value


def _action_strings(widget: QWidget) -> Iterator[tuple[str, str]]:
    for i, action in enumerate(widget.actions()):
        if action.isSeparator():
            continue
        yield f"action {i}", action.text()
        yield f"action {i} tip", action.toolTip()  # Qt's default: the text without "&"
        yield f"action {i} status tip", action.statusTip()


def widget_strings(widget: QWidget) -> Iterator[tuple[str, str]]:
    """(what, text) pairs of ``widget`` itself (not its children)."""
    if widget.toolTip():
        yield "tooltip", widget.toolTip()
    if widget.statusTip():
        yield "status tip", widget.statusTip()
    if widget.whatsThis():
        yield "what's this", widget.whatsThis()
    if isinstance(widget, (QDialog, QMainWindow)) and widget.windowTitle():
        yield "window title", widget.windowTitle()
    if isinstance(widget, (QLabel, QAbstractButton)):
        yield "text", widget.text()
    if isinstance(widget, (QLineEdit, QPlainTextEdit, QTextEdit)):
        yield "placeholder", widget.placeholderText()
    if isinstance(widget, (QMenu, QMenuBar, QToolBar)) or (isinstance(widget, QToolButton) and widget.menu()):
        yield from _action_strings(widget)
    if isinstance(widget, QListWidget):
        for i in range(widget.count()):
            yield f"item {i}", widget.item(i).text()
            yield f"item {i} tip", widget.item(i).toolTip()
    if isinstance(widget, QGroupBox):
        yield "title", widget.title()
    if isinstance(widget, QTabWidget):
        for i in range(widget.count()):
            yield f"tab {i}", widget.tabText(i)
            yield f"tab {i} tip", widget.tabToolTip(i)
    if isinstance(widget, QComboBox):
        for i in range(widget.count()):
            yield f"item {i}", widget.itemText(i)
            tip = widget.itemData(i, Qt.ItemDataRole.ToolTipRole)
            if isinstance(tip, str):
                yield f"item {i} tip", tip
    if isinstance(widget, QAbstractSpinBox):
        for what in ("prefix", "suffix", "specialValueText"):
            if hasattr(widget, what):
                yield what, getattr(widget, what)()
    if isinstance(widget, QProgressBar):
        yield "format", widget.format()
    if isinstance(widget, QAbstractItemView) and not isinstance(widget, QHeaderView):  # headers: via the view
        yield from _view_strings(widget)


def all_strings(root: QWidget) -> list[tuple[str, str]]:
    """(path, text) for every non-empty string of ``root`` and its descendants, in tree order."""
    found = []

    def walk(widget: QWidget, path: str) -> None:
        parent = widget.parentWidget()
        if isinstance(widget, QMenu) and isinstance(parent, QMenuBar) and widget.menuAction() not in parent.actions():
            return  # Qt's overflow menu of a narrow menu bar: copies of the bar's menus, as many as do not fit
        for what, text in widget_strings(widget):
            if text and text.strip():
                found.append((f"{path} [{what}]", text))
        for i, child in enumerate(c for c in widget.children() if isinstance(c, QWidget)):
            walk(child, f"{path}/{child.objectName() or type(child).__name__}#{i}")

    walk(root, type(root).__name__)
    return found


#: Strings that are the same in every language: no letters, technical names and symbols.
SAME_IN_EVERY_LANGUAGE = re.compile(
    r"^[\W\d_]*$"  # numbers, punctuation, symbols (ε, ×, %)
    r"|^(?:[εδαkptlcnbTprs]|AUC|ROC|CSV|PDF|TOML|SHA-256|CAP|Groundhog|TAPAS|PrivE|anonymeter|RiskReview"
    r"|APKDP|PPKDP|OK|%p%|epsilon|delta|[kpn] =|x\*|Apache-2\.0|Hamming|L1|L2|oblivious|local)[\W\d]*$",
    re.IGNORECASE,
)


def untranslated(english: list[tuple[str, str]], other: list[tuple[str, str]],
                 allowed: frozenset[str] = frozenset()) -> list[str]:
    """The strings of ``other`` identical to their English counterpart at the same place, apart
    from :data:`SAME_IN_EVERY_LANGUAGE` and ``allowed`` (data column names, file names)."""
    assert [p for p, _ in english] == [p for p, _ in other], "the two builds differ in structure"
    return [f"{path}: {text!r}" for (path, text), (_, translated) in zip(english, other)
            if text == translated and text not in allowed and not SAME_IN_EVERY_LANGUAGE.match(text.strip())]
