"""The thresholded-count form of the differential-privacy page: voters, threshold, known votes,
the chance of a yes-vote and the epsilons (Desfontaines et al. 2019)."""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import QT_TRANSLATE_NOOP, Slot
from PySide6.QtGui import QDoubleValidator
from PySide6.QtWidgets import (QCheckBox, QGridLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit, QPushButton,
                               QSpinBox, QVBoxLayout)

from engine.api import ThresholdConfig
from engine.api import InputError

from ...widgets.epsilon_editor import EpsilonEditor
from ..common import hint
from ...i18n import translate
from ...option_spin import fit_spin
from ...text import exact_text, local_digits, parse_number


class ThresholdBox(QGroupBox):
    """A thresholded count, included in the analysis only when its box is ticked."""

    def __init__(self, parent=None) -> None:
        super().__init__(translate("dp.threshold_form", "Thresholded count: passive against active attackers"), parent)
        layout = QVBoxLayout(self)
        self.include_threshold = QCheckBox(translate("dp.threshold_form", "Include the thresholded count"))
        self.include_threshold.setObjectName("dpIncludeThreshold")
        self.include_threshold.toggled.connect(self._on_include_threshold)
        layout.addWidget(self.include_threshold)
        layout.addWidget(
            hint(
                translate(
                    "dp.threshold_form",
                    "A count released only when it reaches the threshold. Each voter votes yes with "
                    "probability p; the attacker knows some of the other votes and wants the target's.",
                )
            )
        )
        grid = QGridLayout()
        self.voters = QSpinBox()
        fit_spin(self.voters, ThresholdConfig, "voters")
        self.voters.setGroupSeparatorShown(True)
        self.threshold = QSpinBox()
        fit_spin(self.threshold, ThresholdConfig, "threshold")
        self.threshold.setGroupSeparatorShown(True)
        self.threshold.setToolTip(translate("dp.threshold_form", "0 = no threshold (a plain count)."))
        self.known = QSpinBox()
        fit_spin(self.known, ThresholdConfig, "known")
        self.known.setGroupSeparatorShown(True)
        self.known.setToolTip(translate("dp.threshold_form", "How many of the other voters' votes the attacker knows."))
        self.p = QLineEdit()
        self.p.setValidator(QDoubleValidator(0.0, 1.0, 12))
        self.p.setToolTip(translate("dp.threshold_form", "The probability that a voter votes yes (e.g. 0.001)."))
        labels = (
            QT_TRANSLATE_NOOP("dp.threshold_form", "Voters:"),
            QT_TRANSLATE_NOOP("dp.threshold_form", "Threshold:"),
            QT_TRANSLATE_NOOP("dp.threshold_form", "Known votes:"),
            QT_TRANSLATE_NOOP("dp.threshold_form", "p (yes):"),
        )
        for row, (label, widget) in enumerate(zip(labels, (self.voters, self.threshold, self.known, self.p))):
            grid.addWidget(QLabel(translate("dp.threshold_form", label)), row, 0)
            grid.addWidget(widget, row, 1)
        grid.setColumnStretch(1, 1)
        layout.addLayout(grid)
        self.threshold_epsilons = EpsilonEditor("thresholded-count epsilons")
        layout.addWidget(self.threshold_epsilons)
        example_row = QHBoxLayout()
        self.example_button = QPushButton(translate("dp.threshold_form", "Desfontaines' example"))
        self.example_button.setObjectName("dpExample")
        self.example_button.setToolTip(
            translate(
                "dp.threshold_form",
                "1,000 voters, threshold 100, 100 known votes, a small p: negligible δ "
                "for a passive attacker, a large one for an active attacker.",
            )
        )
        self.example_button.clicked.connect(self.fill_desfontaines_example)
        example_row.addWidget(self.example_button)
        example_row.addStretch(1)
        layout.addLayout(example_row)
        self._threshold_fields = (self.voters, self.threshold, self.known, self.p, self.threshold_epsilons)
        self.set_threshold(ThresholdConfig.desfontaines_example(), include=False)

    @Slot()
    def fill_desfontaines_example(self) -> None:
        self.set_threshold(ThresholdConfig.desfontaines_example(), include=True)

    def set_threshold(self, config: Optional[ThresholdConfig], include: bool = True) -> None:
        if config is not None:
            self.voters.setValue(int(config.voters))
            self.threshold.setValue(int(config.threshold))
            self.known.setValue(int(config.known))
            self.p.setText(local_digits(exact_text(config.p)))
            self.threshold_epsilons.set_epsilons(config.epsilons)
        self.include_threshold.setChecked(include and config is not None)
        self._on_include_threshold()

    @Slot()
    def _on_include_threshold(self) -> None:
        for widget in self._threshold_fields:
            widget.setEnabled(self.include_threshold.isChecked())

    def threshold_config(self) -> Optional[ThresholdConfig]:
        if not self.include_threshold.isChecked():
            return None
        try:
            p = parse_number(self.p.text().strip())
        except ValueError:
            raise InputError(translate("dp.threshold_form", "thresholded count: p {0!r} is not a number").format(
                self.p.text())) from None
        return ThresholdConfig(voters=self.voters.value(), threshold=self.threshold.value(),
                               known=self.known.value(), p=p, epsilons=self.threshold_epsilons.epsilons())
