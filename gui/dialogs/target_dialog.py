"""Type an individual target's quasi-identifier values (what the attacker knows)."""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import (QCompleter, QDialog, QDialogButtonBox, QFormLayout, QLabel,
                               QLineEdit, QVBoxLayout, QWidget)

from engine.api import Target
from engine.api import EncodedTable
from ..i18n import translate

MISSING_WORD = QT_TRANSLATE_NOOP("dialogs.target_dialog", "(missing)")  # typed for a missing value
COMPLETER_LIMIT = 20_000


class TargetDialog(QDialog):
    """One field per quasi-identifier; an empty field means the attacker does not know it."""

    def __init__(self, qids: tuple[str, ...], table: Optional[EncodedTable],
                 parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("dialogs.target_dialog", "Add an individual target"))
        self.setObjectName("targetDialog")
        layout = QVBoxLayout(self)
        note = QLabel(
            translate(
                "dialogs.target_dialog",
                "Type the values the attacker knows about one person. Leave a field empty when the attacker does not "
                "know it; type {0} for a missing value.",
            ).format(translate("dialogs.target_dialog", MISSING_WORD))
        )
        note.setWordWrap(True)
        layout.addWidget(note)
        form = QFormLayout()
        self.fields: dict[str, QLineEdit] = {}
        for name in qids:
            edit = QLineEdit()
            edit.setPlaceholderText(translate("dialogs.target_dialog", "not known to the attacker"))
            if table is not None and name in table.columns:
                column = table.columns[name]
                if column.cardinality <= COMPLETER_LIMIT:
                    values = [("" if v is None else str(v)) for v in column.labels.to_pylist()]
                    completer = QCompleter([v for v in values if v], edit)
                    completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
                    edit.setCompleter(completer)
            form.addRow(f"{name}:", edit)
            self.fields[name] = edit
        layout.addLayout(form)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def target(self) -> Optional[Target]:
        missing = {MISSING_WORD, translate("dialogs.target_dialog", MISSING_WORD)}  # English is understood too
        values = []
        for name, edit in self.fields.items():
            text = edit.text().strip()
            if text:
                values.append((name, "" if text in missing else text))
        return Target(tuple(values)) if values else None
