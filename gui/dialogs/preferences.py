"""Preferences: the language of the window and of the reports (kept in QSettings). The pages are
built in one language, so a new one needs a restart: the dialog says so and offers to restart
RiskReview at once (after the save-changes question)."""

from __future__ import annotations

import sys
from typing import Optional

from PySide6.QtCore import QProcess, QSettings, QTimer
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QMessageBox, QVBoxLayout,
                               QWidget)

from engine.api import LANGUAGES

from ..i18n import SETTINGS_KEY, chosen_language, current_language, translate


class PreferencesDialog(QDialog):
    """Choose the language: automatic (the system's) or one of :data:`engine.foundation.i18n.LANGUAGES`."""

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
        """Store the choice ("" = automatic); a new language offers a restart."""
        self.settings.setValue(SETTINGS_KEY, self.language.currentData() or "")
        self.settings.sync()
        super().accept()
        if self.needs_restart() and self.parentWidget() is not None:
            QTimer.singleShot(0, self.offer_restart)

    def restart_box(self) -> QMessageBox:
        box = QMessageBox(QMessageBox.Icon.Question, translate("dialogs.preferences", "Restart RiskReview?"),
                          translate("dialogs.preferences", "The new language is used once RiskReview is started "
                                                           "again. Restart now?"),
                          QMessageBox.StandardButton.NoButton, self.parentWidget())
        box.setObjectName("restartDialog")
        self.restart_button = box.addButton(translate("dialogs.preferences", "Restart now"),
                                            QMessageBox.ButtonRole.AcceptRole)
        box.addButton(translate("dialogs.preferences", "Later"), QMessageBox.ButtonRole.RejectRole)
        return box

    def offer_restart(self) -> bool:
        """Ask; on "Restart now" close the window (which asks about unsaved changes) and start
        RiskReview again with the same arguments. True when a new one was started."""
        box = self.restart_box()
        box.exec()
        window = self.parentWidget().window() if self.parentWidget() is not None else None
        if box.clickedButton() is not self.restart_button or window is None or not window.close():
            return False
        program, arguments = restart_command()
        return QProcess.startDetached(program, arguments)[0]

    def needs_restart(self) -> bool:
        """Whether the stored choice differs from the language the window runs in."""
        return chosen_language(self.settings) != current_language()


def restart_command() -> tuple[str, list[str]]:
    """The program and arguments that start this RiskReview again (the package's executable,
    or this Python running the ``gui`` module)."""
    if getattr(sys, "frozen", False):
        return sys.executable, list(sys.argv[1:])
    return sys.executable, ["-m", "gui"] + list(sys.argv[1:])


def show_preferences(settings: QSettings, parent: Optional[QWidget] = None) -> PreferencesDialog:
    dialog = PreferencesDialog(settings, parent)
    dialog.open()
    return dialog
