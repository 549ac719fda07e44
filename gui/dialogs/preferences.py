"""Preferences: the language of the window and of the reports (kept in QSettings; applied at the
next start, when every page is built in the new language)."""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QVBoxLayout, QWidget

from engine.i18n import LANGUAGES

from ..i18n import SETTINGS_KEY, chosen_language, current_language, translate


class PreferencesDialog(QDialog):
    """Choose the language: automatic (the system's) or one of :data:`engine.i18n.LANGUAGES`."""

    def __init__(self, settings: QSettings, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setObjectName("preferencesDialog")
        self.setWindowTitle(translate("dialogs.preferences", "Preferences"))
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.language = QComboBox()
        self.language.setObjectName("languageCombo")
        self.language.addItem(translate("dialogs.preferences", "Automatic (system language)"), "")
        for code, name in LANGUAGES.items():
            self.language.addItem(name, code)
        stored = str(settings.value(SETTINGS_KEY, "") or "")
        self.language.setCurrentIndex(max(0, self.language.findData(stored)))
        self.language.setToolTip(translate("dialogs.preferences",
                                           "Language of the window and of the PDF reports. An analysis file's "
                                           "[report] language, when set, decides its report's language."))
        form.addRow(translate("dialogs.preferences", "Language:"), self.language)
        layout.addLayout(form)
        self.note = QLabel(translate("dialogs.preferences", "A new language takes effect when RiskReview is "
                                                            "started again."))
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def accept(self) -> None:
        """Store the choice ("" = automatic)."""
        self.settings.setValue(SETTINGS_KEY, self.language.currentData() or "")
        self.settings.sync()
        super().accept()

    def needs_restart(self) -> bool:
        """Whether the stored choice differs from the language the window runs in."""
        return chosen_language(self.settings) != current_language()


def show_preferences(settings: QSettings, parent: Optional[QWidget] = None) -> PreferencesDialog:
    dialog = PreferencesDialog(settings, parent)
    dialog.open()
    return dialog
