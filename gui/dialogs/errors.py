"""Error messages: a readable sentence, the technical details on demand, never a crash.

Dialogs are window-modal but opened with ``open()`` (not ``exec()``), so the event loop
keeps turning and tests can find them among the top-level widgets.
"""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from engine.api import render

ERROR_OBJECT_NAME = "errorDialog"


def show_error(parent: Optional[QWidget], title: str, message: str,
               details: str = "", icon: QMessageBox.Icon = QMessageBox.Icon.Warning) -> QMessageBox:
    """Show ``message`` (and ``details`` behind "Show Details...") without blocking; an engine
    message (:class:`engine.foundation.messages.Message`) in the window's language."""
    box = QMessageBox(parent)
    box.setObjectName(ERROR_OBJECT_NAME)
    box.setIcon(icon)
    box.setWindowTitle(title)
    box.setText(f"<b>{_escape(title)}</b>")
    box.setInformativeText(_escape(render(message)))
    box.setTextFormat(Qt.TextFormat.RichText)
    if details:
        box.setDetailedText(details)
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.setWindowModality(Qt.WindowModality.WindowModal)
    box.open()
    return box


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
