"""An editor for a list of epsilons: a log-spaced range (from, to, count) or explicit values."""

from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import Slot
from PySide6.QtWidgets import (QButtonGroup, QDoubleSpinBox, QGridLayout, QHBoxLayout, QLabel, QLineEdit,
                               QRadioButton, QSpinBox, QWidget)

from engine.api import log_spaced_epsilons
from engine.api import InputError
from ..i18n import translate
from ..text import local_digits, number_items, number_list, parse_number


def parse_numbers(text: str, what: str) -> tuple[float, ...]:
    """Numbers separated as the window's language does (:func:`gui.text.number_items`); an
    InputError naming a bad item."""
    values = []
    for item in number_items(text):
        try:
            values.append(parse_number(item))
        except ValueError:
            raise InputError(translate("widgets.epsilon_editor", "{0}: {1!r} is not a number").format(what, item)) from None
    if not values:
        raise InputError(translate("widgets.epsilon_editor", "{0}: give at least one epsilon").format(what))
    return tuple(values)


class EpsilonEditor(QWidget):
    """Epsilons as a log-spaced range (from, to, count) or an explicit list."""

    def __init__(self, what: str, parent=None) -> None:
        super().__init__(parent)
        self.what = what
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        self.group = QButtonGroup(self)
        self.radio_range = QRadioButton(translate("widgets.epsilon_editor", "Log-spaced from"))
        self.radio_list = QRadioButton(translate("widgets.epsilon_editor", "These values:"))
        self.group.addButton(self.radio_range, 0)
        self.group.addButton(self.radio_list, 1)
        self.low = QDoubleSpinBox()
        self.low.setDecimals(4)
        self.low.setRange(0.0001, 1000.0)
        self.low.setValue(0.05)
        self.high = QDoubleSpinBox()
        self.high.setDecimals(4)
        self.high.setRange(0.0001, 1000.0)
        self.high.setValue(5.0)
        self.count = QSpinBox()
        self.count.setRange(1, 500)
        self.count.setValue(20)
        self.count.setSuffix(translate("widgets.epsilon_editor", " values of ε"))
        self.values = QLineEdit()
        self.values.setPlaceholderText(translate("widgets.epsilon_editor", "e.g. 0.405, 1.099, 2.303"))
        self.values.setToolTip(translate("widgets.epsilon_editor", "Epsilons separated by commas (each > 0)."))
        grid.addWidget(self.radio_range, 0, 0)
        row = QHBoxLayout()
        row.addWidget(self.low, 1)
        row.addWidget(QLabel(translate("widgets.epsilon_editor", "to")))
        row.addWidget(self.high, 1)
        grid.addLayout(row, 0, 1)
        grid.addWidget(self.count, 1, 1)
        grid.addWidget(self.radio_list, 2, 0)
        grid.addWidget(self.values, 2, 1)
        grid.setColumnStretch(1, 1)
        self.radio_range.setChecked(True)
        self.group.idToggled.connect(self._on_mode)
        self._on_mode()

    @Slot()
    def _on_mode(self) -> None:
        ranged = self.radio_range.isChecked()
        for widget in (self.low, self.high, self.count):
            widget.setEnabled(ranged)
        self.values.setEnabled(not ranged)

    def epsilons(self) -> tuple[float, ...]:
        if self.radio_range.isChecked():
            if self.low.value() > self.high.value():
                raise InputError(translate("widgets.epsilon_editor", "{0}: 'from' ({1}) is larger than 'to' ({2})").format(
                    self.what, local_digits(f"{self.low.value():g}"), local_digits(f"{self.high.value():g}")))
            return log_spaced_epsilons(self.low.value(), self.high.value(), self.count.value())
        return parse_numbers(self.values.text(), self.what)

    def set_epsilons(self, epsilons: Sequence[float]) -> None:
        """Show ``epsilons``: as a range when they are exactly a log-spaced range, else as a list."""
        epsilons = tuple(float(e) for e in epsilons)
        if not epsilons:
            return
        as_range = False
        if len(epsilons) >= 2 and 0 < epsilons[0] <= epsilons[-1]:
            try:
                as_range = log_spaced_epsilons(epsilons[0], epsilons[-1], len(epsilons)) == epsilons
            except InputError:
                as_range = False
        # the spin boxes hold 4 decimals: other ranges are shown as a list, exactly
        as_range = as_range and all(self.low.minimum() <= e <= self.low.maximum() and round(e, 4) == e
                                    for e in (epsilons[0], epsilons[-1]))
        if as_range:
            self.low.setValue(epsilons[0])
            self.high.setValue(epsilons[-1])
            self.count.setValue(len(epsilons))
            self.radio_range.setChecked(True)
        else:
            self.values.setText(number_list(epsilons))
            self.radio_list.setChecked(True)
