"""The status bar's notice after an export: "Saved to <path>" and an Open folder button that
shows the folder in the desktop's file manager (a local file URL, nothing goes to the network)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from ..i18n import translate


def folder_of(path: str) -> str:
    """The folder to open for a written ``path``: the path itself when it is a folder (the CSV+JSON
    tables), else the folder holding the file."""
    written = Path(path)
    return str(written if written.is_dir() else written.parent)


class SavedNotice(QWidget):
    """Hidden until an export ends; then "Saved to <path>" with an Open folder button."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.path = ""
        self.label = QLabel()
        self.open_button = QPushButton(translate("widgets.saved_notice", "Open folder"))
        self.open_button.setToolTip(translate("widgets.saved_notice", "Show the folder of the written file"))
        self.open_button.clicked.connect(self.open_folder)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 0, 8, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.open_button)
        self.hide()

    @Slot(str)
    def show_saved(self, path: str) -> None:
        self.path = path
        self.label.setText(translate("widgets.saved_notice", "Saved to {0}").format(path))
        self.label.setToolTip(path)
        self.show()

    @Slot()
    def clear(self) -> None:
        self.path = ""
        self.hide()

    @Slot()
    def open_folder(self) -> bool:
        """Open the written file's folder (QDesktopServices with a local file URL)."""
        if not self.path:
            return False
        return QDesktopServices.openUrl(QUrl.fromLocalFile(folder_of(self.path)))
