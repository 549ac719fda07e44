"""The list of counting queries on the differential-privacy page, each with a Remove button."""

from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QPushButton, QTableWidget, QTableWidgetItem

from engine.api import DPScenario
from ...i18n import translate
from ...text import query_label


def _cell(text: str) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    if text:
        item.setToolTip(text)
    return item


class ScenarioTable(QTableWidget):
    """Query and domain order per row; ``removeRequested`` (row) from a Remove button."""

    removeRequested = Signal(int)

    def __init__(self, parent=None) -> None:
        super().__init__(0, 3, parent)
        self.setObjectName("dpScenarios")
        self.setHorizontalHeaderLabels(
            [translate("dp.scenario_table", "Query"), translate("dp.scenario_table", "Domain order"), ""]
        )
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.verticalHeader().setVisible(False)
        self.setWordWrap(True)
        header = self.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.setMinimumHeight(90)
        self.setMaximumHeight(150)

    def show_scenarios(self, scenarios: Sequence[DPScenario]) -> None:
        self.setRowCount(len(scenarios))
        for row, scenario in enumerate(scenarios):
            self.setItem(row, 0, _cell(query_label(scenario.sensitive, scenario.useful, scenario.predicate)))
            self.setItem(row, 1, _cell(", ".join(scenario.useful_order) if scenario.useful_order
                                         else translate("dp.scenario_table", "default")))
            remove = QPushButton(translate("dp.scenario_table", "Remove"))
            remove.setToolTip(translate("dp.scenario_table", "Remove this query"))
            remove.clicked.connect(lambda _=False, r=row: self.removeRequested.emit(r))
            self.setCellWidget(row, 2, remove)
        self.resizeRowsToContents()
