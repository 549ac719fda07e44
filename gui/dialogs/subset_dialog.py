"""Choose one QID subset for the "chosen sets" family."""

from __future__ import annotations

from typing import Optional

from PySide6.QtWidgets import QCheckBox, QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget
from ..i18n import translate


class SubsetDialog(QDialog):
    """A checkbox per quasi-identifier; the ticked ones form the subset."""

    def __init__(self, qids: tuple[str, ...], parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("dialogs.subset_dialog", "Add a set of quasi-identifiers"))
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(translate("dialogs.subset_dialog", "Tick the quasi-identifiers one attacker knows together:"))
        )
        self.boxes = [QCheckBox(name) for name in qids]
        for box in self.boxes:
            layout.addWidget(box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def subset(self) -> tuple[str, ...]:
        return tuple(box.text() for box in self.boxes if box.isChecked())
