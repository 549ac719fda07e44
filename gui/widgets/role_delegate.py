"""A combo box editor for the Role column of the column table."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt, Slot
from PySide6.QtWidgets import QComboBox, QStyledItemDelegate, QWidget

from ..text import ROLE_KEYS, ROLE_LABELS, ROLE_TIPS


class RoleDelegate(QStyledItemDelegate):
    """Shows a combo per row (open it as a persistent editor); commits on every change."""

    def createEditor(self, parent: QWidget, option, index: QModelIndex) -> QWidget:
        combo = QComboBox(parent)
        combo.setObjectName("roleCombo")
        for i, key in enumerate(ROLE_KEYS):
            combo.addItem(ROLE_LABELS[key], key)
            combo.setItemData(i, ROLE_TIPS[key], Qt.ItemDataRole.ToolTipRole)
        combo.setProperty("column_row", index.row())
        combo.currentIndexChanged.connect(self._commit)
        return combo

    def setEditorData(self, editor: QWidget, index: QModelIndex) -> None:
        key = index.data(Qt.ItemDataRole.EditRole)
        position = editor.findData(key)
        if position >= 0 and position != editor.currentIndex():
            editor.blockSignals(True)
            editor.setCurrentIndex(position)
            editor.blockSignals(False)
        editor.setToolTip(ROLE_TIPS.get(key, ""))

    def setModelData(self, editor: QWidget, model, index: QModelIndex) -> None:
        model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)

    @Slot()
    def _commit(self) -> None:
        editor = self.sender()
        if isinstance(editor, QWidget):
            self.commitData.emit(editor)
