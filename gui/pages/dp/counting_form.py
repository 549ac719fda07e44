"""The counting-query form of the differential-privacy page: the data file, its columns and the
counted column's values (read on worker threads), the query being edited, the listed queries,
the epsilons and the mechanisms."""

from __future__ import annotations

from pathlib import Path
from typing import Optional, Sequence

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Slot
from PySide6.QtWidgets import (QComboBox, QFileDialog, QGridLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit,
                               QListWidget, QListWidgetItem, QPushButton, QVBoxLayout)

from engine.api import DataSource
from engine.api import DPScenario
from engine.api import InputError
from engine.api import list_columns
from engine.api import error_text

from ...dialogs.errors import show_error
from ...jobs import JobError, JobRunner
from ...resources import icon
from ...widgets.epsilon_editor import EpsilonEditor
from ..common import hint
from .scenario_table import ScenarioTable
from ...i18n import translate
from ...text import count, data_filter, query_label

MECHANISM_CHOICES = ((QT_TRANSLATE_NOOP("dp.counting_form", "both mechanisms"), ("oblivious", "local")),
                     (QT_TRANSLATE_NOOP("dp.counting_form", "oblivious (central) only"), ("oblivious",)),
                     (QT_TRANSLATE_NOOP("dp.counting_form", "local only"), ("local",)))
MISSING = QT_TRANSLATE_NOOP("dp.counting_form", "(missing)")
MAX_LISTED_VALUES = 2000


def split_order(text: str) -> tuple[str, ...]:
    """A comma-separated domain order; empty means the default order."""
    if not text.strip():
        return ()
    return tuple(item.strip() for item in text.split(","))


class CountingBox(QGroupBox):
    """Counting queries on a table: build them one at a time, list them, choose the epsilons."""

    def __init__(self, parent=None) -> None:
        super().__init__(translate("dp.counting_form", "Counting queries on a table"), parent)
        self._scenarios: list[DPScenario] = []
        self._source: Optional[DataSource] = None
        self._columns: list[str] = []
        self.values_column: Optional[str] = None
        self._pending_checks: tuple[str, ...] = ()
        self.columns_job = JobRunner("dp-columns", self)
        self.values_job = JobRunner("dp-values", self)
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        row.addWidget(QLabel(translate("dp.counting_form", "Data file:")))
        self.data_path = QLineEdit()
        self.data_path.setObjectName("dpDataPath")
        self.data_path.setPlaceholderText(
            translate("dp.counting_form", "a CSV, Parquet, Excel, SPSS, Stata or SAS file")
        )
        self.data_path.editingFinished.connect(self._on_path_edited)
        row.addWidget(self.data_path, 1)
        browse = QPushButton(icon("open"), translate("dp.counting_form", "Browse..."))
        browse.clicked.connect(self.browse_data)
        row.addWidget(browse)
        layout.addLayout(row)
        self.columns_note = hint("")
        layout.addWidget(self.columns_note)
        grid = QGridLayout()
        grid.addWidget(QLabel(translate("dp.counting_form", "Secret (sensitive) column:")), 0, 0)
        self.sensitive = QComboBox()
        self.sensitive.setObjectName("dpSensitive")
        self.sensitive.setToolTip(
            translate("dp.counting_form", "What the attacker wants to learn about the new record (e.g. income).")
        )
        self.sensitive.setPlaceholderText(translate("dp.counting_form", "choose a column"))
        self.sensitive.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.sensitive.setMinimumContentsLength(12)
        grid.addWidget(self.sensitive, 0, 1)
        grid.addWidget(QLabel(translate("dp.counting_form", "Counted (useful) column:")), 1, 0)
        self.useful = QComboBox()
        self.useful.setObjectName("dpUseful")
        self.useful.setToolTip(translate("dp.counting_form", "The column the published count is about."))
        self.useful.setPlaceholderText(translate("dp.counting_form", "choose a column"))
        self.useful.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.useful.setMinimumContentsLength(12)
        self.useful.currentIndexChanged.connect(self._on_useful)
        grid.addWidget(self.useful, 1, 1)
        grid.setColumnStretch(1, 1)
        layout.addLayout(grid)
        layout.addWidget(QLabel(translate("dp.counting_form", "Count the records whose counted value is one of:")))
        self.values = QListWidget()
        self.values.setObjectName("dpPredicate")
        self.values.setMinimumHeight(84)
        self.values.setMaximumHeight(120)
        self.values.setToolTip(
            translate("dp.counting_form", "Tick the values of the counted column that the query counts.")
        )
        layout.addWidget(self.values)
        self.values_note = hint(translate("dp.counting_form", "Choose the counted column to list its values."))
        layout.addWidget(self.values_note)
        order_row = QHBoxLayout()
        order_row.addWidget(QLabel(translate("dp.counting_form", "Domain order (local mechanism):")))
        self.order = QLineEdit()
        self.order.setObjectName("dpOrder")
        self.order.setPlaceholderText(translate("dp.counting_form", "default: the order listed above"))
        order_row.addWidget(self.order, 1)
        layout.addLayout(order_row)
        layout.addWidget(
            hint(
                translate(
                    "dp.counting_form",
                    "Empty: numeric order when every value is a number, else order of first appearance "
                    "(as listed above). Otherwise every value, comma separated, e.g. low, medium, high: "
                    "the local mechanism reports nearby values more often.",
                )
            )
        )
        add_row = QHBoxLayout()
        self.add_button = QPushButton(translate("dp.counting_form", "Add query"))
        self.add_button.setObjectName("dpAddQuery")
        self.add_button.clicked.connect(self.add_current_scenario)
        add_row.addWidget(self.add_button)
        add_row.addStretch(1)
        layout.addLayout(add_row)
        self.scenario_table = ScenarioTable()
        self.scenario_table.removeRequested.connect(self.remove_scenario)
        layout.addWidget(self.scenario_table)
        eps_box = QGroupBox(translate("dp.counting_form", "Epsilons"))
        eps_layout = QVBoxLayout(eps_box)
        self.epsilons = EpsilonEditor("counting epsilons")
        eps_layout.addWidget(self.epsilons)
        mech_row = QHBoxLayout()
        mech_row.addWidget(QLabel(translate("dp.counting_form", "Mechanism:")))
        self.mechanism = QComboBox()
        self.mechanism.setObjectName("dpMechanism")
        for text, value in MECHANISM_CHOICES:
            self.mechanism.addItem(translate("dp.counting_form", text), value)
        self.mechanism.setToolTip(
            translate(
                "dp.counting_form",
                "Oblivious: the curator adds truncated geometric noise to the true count. "
                "Local: every record's value is perturbed before counting.",
            )
        )
        mech_row.addWidget(self.mechanism, 1)
        eps_layout.addLayout(mech_row)
        layout.addWidget(eps_box)
        self.columns_job.finished.connect(self._on_columns)
        self.columns_job.failed.connect(self._on_columns_failed)
        self.values_job.finished.connect(self._on_values)
        self.values_job.failed.connect(self._on_values_failed)

    # --- the data file and its columns ----------------------------------------------------------
    @Slot()
    def browse_data(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            translate("dp.counting_form", "Open a data file"),
            self.data_path.text(),
            data_filter(),
        )
        if path:
            self.set_data_path(path)

    def set_data_path(self, path: str, source: Optional[DataSource] = None) -> None:
        """Use the file at ``path`` (with the read options of ``source``) and list its columns."""
        self.data_path.setText(path)
        self._source = source if source is not None else (DataSource(path) if path else None)
        self._load_columns()

    @Slot()
    def _on_path_edited(self) -> None:
        path = self.data_path.text().strip()
        if self._source is not None and path == self._source.path:
            return
        self.set_data_path(path)

    def data_source(self) -> Optional[DataSource]:
        path = self.data_path.text().strip()
        if not path:
            return None
        if self._source is not None and self._source.path == path:
            return self._source
        return DataSource(path)

    def _load_columns(self) -> None:
        source = self.data_source()
        self._columns = []
        self._fill_columns([])
        if source is None:
            self.columns_note.setText("")
            return
        self.columns_note.setText(translate("dp.counting_form", "Reading the columns..."))
        self.columns_job.submit(lambda progress, cancel: (source, list_columns(source)))

    @Slot(object)
    def _on_columns(self, result) -> None:
        source, names = result
        if source != self.data_source():
            return
        self._columns = list(names)
        self._fill_columns(self._columns)
        self.columns_note.setText(translate("dp.counting_form", "{name}: {columns} columns.").format(
            name=Path(source.path).name, columns=count(len(names))))

    @Slot(object)
    def _on_columns_failed(self, error: JobError) -> None:
        self.columns_note.setText(translate("dp.counting_form", "The file could not be read."))
        show_error(self, translate("dp.counting_form", "The data file could not be read"), error.message, error.details)

    def _fill_columns(self, names: Sequence[str]) -> None:
        for combo in (self.sensitive, self.useful):
            current = combo.currentText()
            combo.blockSignals(True)
            combo.clear()
            combo.addItems(list(names))
            combo.setCurrentIndex(combo.findText(current) if current in names else -1)
            combo.blockSignals(False)
        self._on_useful()

    # --- the counted column's values ---------------------------------------------------------------
    @Slot()
    def _on_useful(self) -> None:
        column = self.useful.currentText() if self.useful.currentIndex() >= 0 else ""
        source = self.data_source()
        if not column or source is None:
            self.values.clear()
            self.values_column = None
            self.values_note.setText(translate("dp.counting_form", "Choose the counted column to list its values."))
            return
        if column == self.values_column and self.values.count():
            return
        self.values.clear()
        self.values_column = None
        self.values_note.setText(
            translate("dp.counting_form", "Reading the values of {column}...").format(column=column)
        )

        def work(progress, cancel):
            from engine.api import useful_values

            listed = useful_values(source, column, cancel, MAX_LISTED_VALUES)
            return source, column, list(listed.values), list(listed.missing), listed.cardinality

        self.values_job.submit(work)

    @Slot(object)
    def _on_values(self, result) -> None:
        source, column, values, missing, cardinality = result
        if source != self.data_source() or column != self.useful.currentText():
            return
        self.values.clear()
        for text, is_missing in zip(values, missing):
            item = QListWidgetItem(translate("dp.counting_form", MISSING) if is_missing else text)
            item.setData(Qt.ItemDataRole.UserRole, "" if is_missing else text)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if item.data(Qt.ItemDataRole.UserRole) in self._pending_checks
                               else Qt.CheckState.Unchecked)
            self.values.addItem(item)
        self._pending_checks = ()
        self.values_column = column
        more = (
            translate("dp.counting_form", " (the first {listed} are listed)").format(listed=count(MAX_LISTED_VALUES))
            if cardinality > len(values)
            else ""
        )
        self.values_note.setText(
            translate(
                "dp.counting_form", "{column}: {distinct} distinct values{more}, in the default domain order."
            ).format(column=column, distinct=count(cardinality), more=more)
        )

    @Slot(object)
    def _on_values_failed(self, error: JobError) -> None:
        self.values_note.setText(translate("dp.counting_form", "The values could not be read."))
        show_error(
            self, translate("dp.counting_form", "The column's values could not be read"), error.message, error.details
        )

    def checked_values(self) -> tuple[str, ...]:
        return tuple(self.values.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.values.count())
                     if self.values.item(i).checkState() == Qt.CheckState.Checked)

    def set_checked_values(self, texts: Sequence[str]) -> None:
        """Tick these values (as text, "" for missing); remembered until the values are listed."""
        wanted = set(texts)
        if self.values_column != self.useful.currentText() or not self.values.count():
            self._pending_checks = tuple(texts)
            return
        for i in range(self.values.count()):
            item = self.values.item(i)
            item.setCheckState(Qt.CheckState.Checked if item.data(Qt.ItemDataRole.UserRole) in wanted
                               else Qt.CheckState.Unchecked)

    # --- the queries ------------------------------------------------------------------------------
    def editor_scenario(self) -> DPScenario:
        """The query in the editor; InputError saying what is missing."""
        if self.sensitive.currentIndex() < 0:
            raise InputError(translate("dp.counting_form", "choose the secret (sensitive) column"))
        if self.useful.currentIndex() < 0:
            raise InputError(translate("dp.counting_form", "choose the counted (useful) column"))
        predicate = self.checked_values()
        if not predicate:
            raise InputError(translate("dp.counting_form", "tick at least one value of {0!r} to count").format(
                self.useful.currentText()))
        return DPScenario(sensitive=self.sensitive.currentText(), useful=self.useful.currentText(),
                          predicate=predicate, useful_order=split_order(self.order.text()))

    def has_unadded_query(self) -> bool:
        """No query listed yet, but one filled in the editor."""
        return not self._scenarios and self.useful.currentIndex() >= 0 and bool(self.checked_values())

    @Slot()
    def add_current_scenario(self) -> bool:
        try:
            scenario = self.editor_scenario()
        except InputError as exc:
            show_error(self, translate("dp.counting_form", "The query is not complete"), error_text(exc))
            return False
        if any(s.label() == scenario.label() for s in self._scenarios):
            show_error(self, translate("dp.counting_form", "The query is already listed"),
                       query_label(scenario.sensitive, scenario.useful, scenario.predicate))
            return False
        self.set_scenarios(self._scenarios + [scenario])
        return True

    def scenarios(self) -> tuple[DPScenario, ...]:
        return tuple(self._scenarios)

    def set_scenarios(self, scenarios: Sequence[DPScenario]) -> None:
        self._scenarios = list(scenarios)
        self.scenario_table.show_scenarios(self._scenarios)

    @Slot(int)
    def remove_scenario(self, row: int) -> None:
        if 0 <= row < len(self._scenarios):
            self.set_scenarios(self._scenarios[:row] + self._scenarios[row + 1:])

    # --- epsilons and mechanisms ------------------------------------------------------------------
    def mechanisms(self) -> tuple[str, ...]:
        return self.mechanism.currentData()

    def set_mechanisms(self, mechanisms: Sequence[str]) -> None:
        for index, (_, value) in enumerate(MECHANISM_CHOICES):
            if tuple(mechanisms) == value:
                self.mechanism.setCurrentIndex(index)
