"""What the attacker knows on the synthetic-data page: quasi-identifiers and the sensitive column."""

from __future__ import annotations

from typing import Optional, Sequence

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal, Slot
from PySide6.QtWidgets import QComboBox, QGroupBox, QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QVBoxLayout

from ..common import hint
from ...i18n import translate

NO_SENSITIVE = QT_TRANSLATE_NOOP("synthetic.columns_box", "(none)")
CHECKABLE = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsSelectable


class ColumnsBox(QGroupBox):
    """Tick the quasi-identifiers, choose the sensitive column; ``changed`` on every change."""

    changed = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(translate("synthetic.columns_box", "What the attacker knows"), parent)
        layout = QVBoxLayout(self)
        layout.addWidget(
            hint(
                translate(
                    "synthetic.columns_box",
                    "Quasi-identifiers: what an attacker could know about a person "
                    "(age, sex, region). The columns are those of the real file.",
                )
            )
        )
        self.qid_list = QListWidget()
        self.qid_list.setObjectName("qidList")
        self.qid_list.setMinimumHeight(120)
        self.qid_list.itemChanged.connect(self._on_qids)
        layout.addWidget(self.qid_list, 1)
        row = QHBoxLayout()
        row.addWidget(QLabel(translate("synthetic.columns_box", "Sensitive attribute:")))
        self.sensitive = QComboBox()
        self.sensitive.setObjectName("sensitiveChoice")
        self.sensitive.setMinimumWidth(180)
        self.sensitive.setToolTip(
            translate(
                "synthetic.columns_box",
                "What the attribute attacks try to learn about a person; membership attacks compare it too.",
            )
        )
        self.sensitive.addItem(translate("synthetic.columns_box", NO_SENSITIVE), None)
        self.sensitive.currentIndexChanged.connect(self._on_sensitive)
        row.addWidget(self.sensitive, 1)
        layout.addLayout(row)

    def show_columns(self, columns: Sequence[str], keep: Sequence[str] = (),
                     sensitive: Optional[str] = None) -> None:
        """List ``columns`` (and the ``keep`` ones they lack), ticking ``keep`` or else the ticked
        ones; the sensitive choice is ``sensitive`` or else the current one."""
        chosen = set(keep) or set(self.checked_qids())
        current = sensitive if sensitive is not None else self.sensitive.currentData()
        self.qid_list.blockSignals(True)
        self.qid_list.clear()
        for name in list(columns) + [k for k in keep if k not in columns]:
            item = QListWidgetItem(name)
            item.setFlags(CHECKABLE)
            item.setCheckState(Qt.CheckState.Checked if name in chosen else Qt.CheckState.Unchecked)
            if name not in columns:
                item.setToolTip(translate("synthetic.columns_box", "Not a column of the real file."))
            self.qid_list.addItem(item)
        self.qid_list.blockSignals(False)
        self.sensitive.blockSignals(True)
        self.sensitive.clear()
        self.sensitive.addItem(translate("synthetic.columns_box", NO_SENSITIVE), None)
        for name in list(columns) + ([current] if current and current not in columns else []):
            self.sensitive.addItem(name, name)
        self.sensitive.setCurrentIndex(max(0, self.sensitive.findData(current)) if current else 0)
        self.sensitive.blockSignals(False)
        self._on_sensitive()

    def columns(self) -> list[str]:
        return [self.qid_list.item(i).text() for i in range(self.qid_list.count())]

    def checked_qids(self) -> tuple[str, ...]:
        return tuple(self.qid_list.item(i).text() for i in range(self.qid_list.count())
                     if self.qid_list.item(i).checkState() == Qt.CheckState.Checked)

    def set_qids(self, qids: Sequence[str]) -> None:
        wanted = set(qids)
        for i in range(self.qid_list.count()):
            item = self.qid_list.item(i)
            item.setCheckState(Qt.CheckState.Checked if item.text() in wanted else Qt.CheckState.Unchecked)

    def sensitive_column(self) -> Optional[str]:
        return self.sensitive.currentData()

    def set_sensitive(self, column: Optional[str]) -> None:
        self.sensitive.setCurrentIndex(max(0, self.sensitive.findData(column)) if column else 0)

    @Slot()
    def _on_qids(self) -> None:
        self.changed.emit()

    @Slot()
    def _on_sensitive(self) -> None:
        """The sensitive column cannot be a quasi-identifier too: its box is unticked and locked."""
        chosen = self.sensitive.currentData()
        self.qid_list.blockSignals(True)
        for i in range(self.qid_list.count()):
            item = self.qid_list.item(i)
            flags = CHECKABLE
            if item.text() == chosen:
                item.setCheckState(Qt.CheckState.Unchecked)
                flags = Qt.ItemFlag.ItemIsUserCheckable
            item.setFlags(flags)
        self.qid_list.blockSignals(False)
        self.changed.emit()
