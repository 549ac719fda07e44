"""Report and verdict settings of the analysis: the verdict thresholds (with what each means),
the report's author, organisation, language and optional sections. They are the analysis file's
``[report]`` table (engine/analysis/config.py, ReportOptions; docs/methods.md, "Verdict"); OK makes them
the analysis's in one step that Edit > Undo takes back."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Optional

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox, QFormLayout,
                               QGroupBox, QLabel, QLineEdit, QVBoxLayout, QWidget)

from engine.api import OPTIONAL_SECTIONS, ReportOptions, Thresholds
from engine.api import LANGUAGES

from ..i18n import translate
from ..option_spin import fit_spin, option_value, show_value
from ..session import Session

THRESHOLD_TEXTS = {
    "unique_share": (
        QT_TRANSLATE_NOOP("dialogs.report_settings", "Unique records, at most:"),
        QT_TRANSLATE_NOOP("dialogs.report_settings", "Share of the records that are unique on the quasi-identifiers an attacker "
                              "knows (found with certainty). Above it, the verdict is \"do not release\"."),
    ),
    "reid_prob": (
        QT_TRANSLATE_NOOP("dialogs.report_settings", "Mean re-identification probability, at most:"),
        QT_TRANSLATE_NOOP("dialogs.report_settings", "Average, over the records, of 1 / the size of the record's group of "
                              "look-alikes: the chance that an attacker who picks a matching record "
                              "picks the right person."),
    ),
    "inference_certain_gain": (
        QT_TRANSLATE_NOOP("dialogs.report_settings", "Rise in certain inference, at most:"),
        QT_TRANSLATE_NOOP("dialogs.report_settings", "How much the release raises, over what is known without it, the share of "
                              "records whose sensitive value an attacker learns with certainty."),
    ),
    "expected_reid_share": (
        QT_TRANSLATE_NOOP("dialogs.report_settings", "Expected re-identifications (sample files), at most:"),
        QT_TRANSLATE_NOOP("dialogs.report_settings", "For a file with a sampling weight: the expected share of records "
                              "re-identified in the population (the sum of the individual risks / "
                              "records). It replaces the first two limits for sample files."),
    ),
}
SECTION_TEXTS = {
    "methods": QT_TRANSLATE_NOOP("dialogs.report_settings", "Methods (how each measure is computed)"),
    "appendix": QT_TRANSLATE_NOOP("dialogs.report_settings", "Appendix (the analysis file as run)"),
}


class ReportSettingsDialog(QDialog):
    """The ``[report]`` settings of ``session``'s analysis."""

    def __init__(self, session: Session, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setObjectName("reportSettingsDialog")
        self.setWindowTitle(translate("dialogs.report_settings", "Report and verdict settings"))
        self.setMinimumWidth(640)
        self.setSizeGripEnabled(True)
        self.resize(720, 580)  # room for the wrapped help texts
        report = session.report
        layout = QVBoxLayout(self)

        verdict = QGroupBox(translate("dialogs.report_settings", "Verdict thresholds"))
        verdict_form = QFormLayout(verdict)
        note = QLabel(translate("dialogs.report_settings", "The release board's limits behind the verdict of the window and the "
                                    "report. Each is a share of the records; the defaults are examples, "
                                    "not a policy."))
        note.setObjectName("hint")
        note.setWordWrap(True)
        verdict_form.addRow(note)
        self.thresholds: dict[str, QDoubleSpinBox] = {}
        for name in (f.name for f in fields(Thresholds)):
            label, tip = (translate("dialogs.report_settings", text) for text in THRESHOLD_TEXTS[name])
            spin = QDoubleSpinBox()
            spin.setObjectName(f"threshold_{name}")
            spin.setDecimals(2)
            fit_spin(spin, Thresholds, name, scale=100.0)
            spin.setSingleStep(0.5)
            spin.setSuffix(" %")
            show_value(spin, getattr(report.thresholds, name))
            spin.setToolTip(tip)
            caption = QLabel(label)
            caption.setToolTip(tip)
            help_text = QLabel(tip)
            help_text.setObjectName("hint")
            help_text.setWordWrap(True)
            verdict_form.addRow(caption, spin)
            verdict_form.addRow(help_text)
            self.thresholds[name] = spin
        layout.addWidget(verdict)

        about = QGroupBox(translate("dialogs.report_settings", "Report"))
        form = QFormLayout(about)
        self.author = QLineEdit(report.author)
        self.author.setObjectName("authorEdit")
        self.author.setToolTip(translate("dialogs.report_settings", "Shown on the report's cover as \"Prepared by\" and in the PDF's "
                                             "properties."))
        form.addRow(translate("dialogs.report_settings", "Author:"), self.author)
        self.organisation = QLineEdit(report.organisation)
        self.organisation.setObjectName("organisationEdit")
        self.organisation.setToolTip(translate("dialogs.report_settings", "The agency or unit, shown on the report's cover."))
        form.addRow(translate("dialogs.report_settings", "Organisation:"), self.organisation)
        self.language = QComboBox()
        self.language.setObjectName("reportLanguageCombo")
        self.language.addItem(translate("dialogs.report_settings", "The window's language"), "")
        for code, name in LANGUAGES.items():
            self.language.addItem(name, code)
        self.language.setCurrentIndex(max(0, self.language.findData(report.language)))
        self.language.setToolTip(translate("dialogs.report_settings", "The language of this analysis's PDF report, whatever the "
                                               "window's language."))
        form.addRow(translate("dialogs.report_settings", "Report language:"), self.language)
        self.examples = QCheckBox(translate("dialogs.report_settings", "Show the values that single out a person"))
        self.examples.setObjectName("includeExamples")
        self.examples.setChecked(report.include_examples)
        self.examples.setToolTip(translate("dialogs.report_settings", "Individual targets' known values and the values guessed about "
                                               "them. Off: the report hides them."))
        form.addRow(translate("dialogs.report_settings", "Examples:"), self.examples)
        self.sections: dict[str, QCheckBox] = {}
        for name in OPTIONAL_SECTIONS:
            box = QCheckBox(translate("dialogs.report_settings", SECTION_TEXTS[name]))
            box.setObjectName(f"section_{name}")
            box.setChecked(name in report.sections)
            self.sections[name] = box
            form.addRow(translate("dialogs.report_settings", "Sections:") if name == OPTIONAL_SECTIONS[0] else "", box)
        layout.addWidget(about)

        layout.addStretch(1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
                                   | QDialogButtonBox.StandardButton.RestoreDefaults)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).setToolTip(
            translate("dialogs.report_settings", "Put the example thresholds back"))
        buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).clicked.connect(self.restore_thresholds)
        layout.addWidget(buttons)

    def restore_thresholds(self) -> None:
        defaults = Thresholds()
        for name, spin in self.thresholds.items():
            show_value(spin, getattr(defaults, name))

    def options(self) -> ReportOptions:
        """The settings as the dialog shows them (thresholds as shares, from the percentages)."""
        limits = Thresholds(**{name: option_value(spin) for name, spin in self.thresholds.items()})
        return replace(self.session.report, author=self.author.text().strip(),
                       organisation=self.organisation.text().strip(), language=self.language.currentData() or "",
                       include_examples=self.examples.isChecked(), thresholds=limits,
                       sections=tuple(n for n in OPTIONAL_SECTIONS if self.sections[n].isChecked()))

    def accept(self) -> None:
        self.session.set_report(self.options())
        super().accept()
