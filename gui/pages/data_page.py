"""Page 1, Data: the loaded file, its column profiles with a role per column, the direct-
identifier warning, and a fast view of the rows (pick a row as an individual target)."""

from __future__ import annotations

from typing import Optional
from xml.sax.saxutils import escape

from PySide6.QtCore import QPoint, Qt, Signal, Slot
from PySide6.QtWidgets import (QAbstractItemView, QHBoxLayout, QHeaderView, QLabel, QMenu, QPushButton,
                               QSplitter, QStackedWidget, QTableView, QToolButton, QVBoxLayout, QWidget)

from engine.api import Target
from engine.api import format_label
from engine.api import WeightHint, weight_hints

from ..models.profile_model import ROLE_COLUMN, ColumnRolesModel, identifier_warning
from ..models.table_model import EncodedTableModel
from ..resources import icon
from ..session import Session
from ..widgets.role_delegate import RoleDelegate
from .common import banner, hint, page_layout, title
from ..i18n import translate
from ..text import ROLE_KEYS, ROLE_LABELS, ROLE_TIPS, SINGLE_ROLES, count, pct

BULK_BUTTONS = ("quasi_identifiers", "sensitive", "ignored")  # one button each; every role in the menu


def weight_reason(hint: WeightHint) -> str:
    """Why a column looks like a sampling weight, for the sample question."""
    if hint.by_name and hint.by_values:
        return translate("data_page", "its name and its values")
    return translate("data_page", "its name") if hint.by_name else translate("data_page", "its values")


class DataPage(QWidget):
    """Columns and roles on top, the rows below."""

    openRequested = Signal()
    importOptionsRequested = Signal()

    def __init__(self, session: Session, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.stack = QStackedWidget()
        outer.addWidget(self.stack)
        self.stack.addWidget(self._empty_state())
        self.stack.addWidget(self._content())
        session.dataChanged.connect(self._on_data)
        session.rolesChanged.connect(self._on_roles)
        self._on_data()

    def _empty_state(self) -> QWidget:
        widget = QWidget()
        layout = page_layout(widget)
        layout.addWidget(title(translate("data_page", "1 · Data")))
        layout.addWidget(
            hint(
                translate(
                    "data_page",
                    "No data yet. Open a data file (Ctrl+O), drop one on the window, or "
                    "start with the census example from the Start page.",
                )
            )
        )
        button = QPushButton(icon("open"), translate("data_page", "Open a data file..."))
        button.clicked.connect(self.openRequested)
        row = QHBoxLayout()
        row.addWidget(button)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addStretch(1)
        return widget

    def _content(self) -> QWidget:
        widget = QWidget()
        layout = page_layout(widget)
        head = QHBoxLayout()
        head.addWidget(title(translate("data_page", "1 · Data")))
        self.file_label = QLabel("")
        self.file_label.setObjectName("fileLabel")
        head.addWidget(self.file_label, 1)
        options = QPushButton(translate("data_page", "Import options..."))
        options.setToolTip(translate("data_page", "Change the delimiter, encoding or sheet used to read the file."))
        options.clicked.connect(self.importOptionsRequested)
        head.addWidget(options)
        layout.addLayout(head)
        self.identifier_banner = banner()
        layout.addWidget(self.identifier_banner)
        layout.addWidget(self._weight_suggestion())
        self.role_summary = hint("")
        layout.addWidget(self.role_summary)

        splitter = QSplitter(Qt.Orientation.Vertical)
        self.roles_model = ColumnRolesModel(self.session, self)
        self.roles_view = QTableView()
        self.roles_view.setObjectName("rolesView")
        self.roles_view.setModel(self.roles_model)
        self.roles_view.setItemDelegateForColumn(ROLE_COLUMN, RoleDelegate(self.roles_view))
        self.roles_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.roles_view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.roles_view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.roles_view.customContextMenuRequested.connect(self._roles_menu)
        self.roles_view.verticalHeader().setVisible(False)
        self.roles_view.setWordWrap(False)
        self.roles_view.verticalHeader().setDefaultSectionSize(30)
        header = self.roles_view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(5, QHeaderView.ResizeMode.Stretch)
        roles_part = QWidget()
        roles_layout = QVBoxLayout(roles_part)
        roles_layout.setContentsMargins(0, 0, 0, 0)
        roles_layout.addLayout(self._bulk_bar())
        roles_layout.addWidget(self.roles_view, 1)
        splitter.addWidget(roles_part)
        self.roles_view.selectionModel().selectionChanged.connect(self._show_bulk)
        self._show_bulk()

        rows = QWidget()
        rows_layout = QVBoxLayout(rows)
        rows_layout.setContentsMargins(0, 6, 0, 0)
        bar = QHBoxLayout()
        bar.addWidget(QLabel(translate("data_page", "<b>Rows</b>")))
        bar.addWidget(
            hint(
                translate(
                    "data_page",
                    "Click a column header to sort. Select a row and press the button to "
                    "attack that person as an individual target.",
                )
            ),
            1,
        )
        self.target_button = QPushButton(icon("attacks"), translate("data_page", "Use selected row as a target"))
        self.target_button.setToolTip(
            translate(
                "data_page", "Adds an individual target whose known values are this row's quasi-identifier values."
            )
        )
        self.target_button.clicked.connect(self.add_selected_row_as_target)
        bar.addWidget(self.target_button)
        rows_layout.addLayout(bar)
        self.target_feedback = hint("")
        self.target_feedback.hide()
        rows_layout.addWidget(self.target_feedback)
        self.table_model = EncodedTableModel(parent=self)
        self.table_view = QTableView()
        self.table_view.setObjectName("dataView")
        self.table_view.setModel(self.table_model)
        self.table_view.setSortingEnabled(False)
        self.table_view.horizontalHeader().setSortIndicatorShown(True)
        self.table_view.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.table_view.horizontalHeader().setSectionsClickable(True)
        self.table_view.horizontalHeader().sectionClicked.connect(self._on_sort)
        self.table_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table_view.setAlternatingRowColors(True)
        vertical = self.table_view.verticalHeader()
        vertical.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vertical.setDefaultSectionSize(24)
        self.table_view.horizontalHeader().setResizeContentsPrecision(200)
        rows_layout.addWidget(self.table_view, 1)
        splitter.addWidget(rows)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        layout.addWidget(splitter, 1)
        return widget

    def _bulk_bar(self) -> QHBoxLayout:
        """Buttons that give every selected column one role (Ctrl- or Shift-click to select several)."""
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        self.bulk_label = QLabel(translate("data_page", "Selected columns:"))
        bar.addWidget(self.bulk_label)
        self.bulk_buttons: dict[str, QPushButton] = {}
        for role in BULK_BUTTONS:
            button = QPushButton(ROLE_LABELS[role])
            button.setObjectName(f"bulk_{role}")
            button.setToolTip(translate("data_page", "Give the selected columns this role: {tip}").format(
                tip=ROLE_TIPS[role]))
            button.clicked.connect(lambda _=False, role=role: self.set_selected_role(role))
            bar.addWidget(button)
            self.bulk_buttons[role] = button
        self.bulk_more = QToolButton()
        self.bulk_more.setText(translate("data_page", "Other role"))
        self.bulk_more.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.bulk_more.setMenu(self._role_menu(self, [r for r in ROLE_KEYS if r not in BULK_BUTTONS]))
        bar.addWidget(self.bulk_more)
        bar.addWidget(hint(translate("data_page", "Ctrl+click or Shift+click rows to select several; "
                                                  "right-click for every role.")), 1)
        return bar

    def _role_menu(self, parent: QWidget, roles) -> QMenu:
        menu = QMenu(parent)
        for role in roles:
            action = menu.addAction(ROLE_LABELS[role])
            action.setData(role)
            action.setToolTip(ROLE_TIPS[role])
            action.triggered.connect(lambda _=False, role=role: self.set_selected_role(role))
        return menu

    @Slot(QPoint)
    def _roles_menu(self, position: QPoint) -> None:
        if not self.selected_columns():
            return
        self.context_menu = self._role_menu(self, ROLE_KEYS)
        self.context_menu.popup(self.roles_view.viewport().mapToGlobal(position))

    def selected_columns(self) -> list[str]:
        """The columns whose rows are selected in the roles table, in the file's order."""
        model = self.roles_view.selectionModel()
        rows = sorted({i.row() for i in model.selectedRows()}) if model is not None else []
        return [self.roles_model.profile(r).name for r in rows]

    def set_selected_role(self, role: str) -> None:
        """Give the selected columns ``role`` in one step (a single role, such as the sampling
        weight, only when one column is selected)."""
        columns = self.selected_columns()
        if columns and (role not in SINGLE_ROLES or len(columns) == 1):
            self.session.set_roles(columns, role)

    def _show_bulk(self) -> None:
        selected = len(self.selected_columns())
        for button in list(self.bulk_buttons.values()) + [self.bulk_more]:
            button.setEnabled(selected > 0)
        for action in self.bulk_more.menu().actions():
            action.setEnabled(action.data() not in SINGLE_ROLES or selected == 1)

    def _weight_suggestion(self) -> QWidget:
        """A notice with a button when a column looks like a sampling weight (never applied
        without the analyst's click)."""
        self.weight_box = QWidget()
        self.weight_box.setObjectName("weightSuggestion")
        row = QHBoxLayout(self.weight_box)
        row.setContentsMargins(0, 0, 0, 0)
        self.weight_note = banner("", "notice")
        row.addWidget(self.weight_note, 1)
        self.weight_button = QPushButton(translate("data_page", "Use as the sampling weight"))
        self.weight_button.setToolTip(
            translate(
                "data_page",
                "Gives the suggested column the Sampling weight role: the file "
                "is then treated as a sample of a larger population.",
            )
        )
        self.weight_button.clicked.connect(self.accept_weight_suggestion)
        row.addWidget(self.weight_button)
        self.weight_box.hide()
        self._hints: list[WeightHint] = []
        return self.weight_box

    # --- session updates ----------------------------------------------------------------
    @Slot()
    def _on_data(self) -> None:
        table = self.session.table
        self.stack.setCurrentIndex(0 if table is None else 1)
        self.table_model.set_table(table)
        self.table_view.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self._feedback("")
        if table is None:
            return
        self.file_label.setText(
            translate("data_page", "<b>{name}</b> — {format}, {rows} rows, {columns} columns").format(
                name=table.name,
                format=translate("dialogs.import_dialog", format_label(self.session.file_format)),
                rows=count(table.n_rows),
                columns=count(len(table.columns) + len(table.nested)),
            )
        )
        self.file_label.setToolTip(table.path)
        for row in range(self.roles_model.rowCount()):
            if not self.roles_model.profile(row).unsupported:  # a nested column can have no role
                self.roles_view.openPersistentEditor(self.roles_model.index(row, ROLE_COLUMN))
        self._show_bulk()
        self.table_view.resizeColumnsToContents()
        self._hints = weight_hints(table)
        self._on_roles()

    @Slot()
    def _on_roles(self) -> None:
        counts = []
        words = {
            "quasi_identifiers": translate("data_page", "quasi-identifiers"),
            "numeric_qids": translate("data_page", "numeric quasi-identifiers"),
            "sensitive": translate("data_page", "sensitive"),
            "identifiers": translate("data_page", "identifiers (excluded)"),
            "linkage_keys": translate("data_page", "linkage keys"),
        }
        one = {
            "quasi_identifiers": translate("data_page", "quasi-identifier"),
            "numeric_qids": translate("data_page", "numeric quasi-identifier"),
            "sensitive": translate("data_page", "sensitive"),
            "identifiers": translate("data_page", "identifier (excluded)"),
            "linkage_keys": translate("data_page", "linkage key"),
        }
        for role, word in words.items():
            names = self.session.columns_with(role)
            if names:
                counts.append(f"{count(len(names))} {one[role] if len(names) == 1 else word}")
        for role, word in (
            ("weight", translate("data_page", "sampling weight")),
            ("household", translate("data_page", "household id")),
        ):
            column = self.session.single_role(role)
            if column:
                counts.append(f"{word}: {column}")
        text = " · ".join(counts) if counts else translate("data_page", "No roles chosen yet.")
        if not self.session.qids:
            text += translate(
                "data_page",
                "  Set at least one column to <b>Quasi-identifier</b> (what an attacker could "
                "know), and the columns to protect to <b>Sensitive</b>.",
            )
        self.role_summary.setText(text)
        self._show_identifier_warning()
        self._show_weight_suggestion()
        for row in range(self.roles_model.rowCount()):
            editor = self.roles_view.indexWidget(self.roles_model.index(row, ROLE_COLUMN))
            if editor is not None:
                self.roles_view.itemDelegateForColumn(ROLE_COLUMN).setEditorData(
                    editor, self.roles_model.index(row, ROLE_COLUMN))

    def _show_identifier_warning(self) -> None:
        """Columns whose values are almost all different, unless made the weight or household id
        (survey weights are often all different without identifying anyone)."""
        design = {self.session.single_role("weight"), self.session.single_role("household")}
        flagged = [p for p in self.session.profiles if p.looks_like_identifier and p.name not in design]
        if flagged:
            lines = [f"<b>{p.name}</b>: {identifier_warning(p)}" for p in flagged]
            self.identifier_banner.setText("<br>".join(lines))
        self.identifier_banner.setVisible(bool(flagged))

    def suggested_weight(self) -> Optional[WeightHint]:
        """The column offered as the sampling weight (None: none looks like one, or a weight
        is already chosen)."""
        if self.session.single_role("weight") or self.session.table is None:
            return None
        return self._hints[0] if self._hints else None

    def _show_weight_suggestion(self) -> None:
        suggestion = self.suggested_weight()
        self.weight_box.setVisible(suggestion is not None)
        if suggestion is None:
            return
        others = [h.column for h in self._hints[1:]]
        also = translate("data_page", " ({names} also could be.)").format(names=", ".join(others)) if others else ""
        self.weight_note.setText(
            translate(
                "data_page",
                "<b>Is this file a sample?</b> Column <b>{column}</b> looks like a sampling "
                "weight by {reason} ({share} of its values above 1, {distinct} different values).{also} "
                "If it is, make it the sampling weight: the risk is then estimated for the population "
                "the sample stands for.",
            ).format(
                column=escape(suggestion.column),
                reason=weight_reason(suggestion),
                share=pct(suggestion.above_one, 0),
                distinct=count(suggestion.distinct),
                also=escape(also),
            )
        )
        self.weight_button.setText(
            translate("data_page", "Use {column} as the sampling weight").format(column=suggestion.column)
        )

    @Slot()
    def accept_weight_suggestion(self) -> None:
        suggestion = self.suggested_weight()
        if suggestion is not None:
            self.set_role(suggestion.column, "weight")

    @Slot(int)
    def _on_sort(self, column: int) -> None:
        header = self.table_view.horizontalHeader()
        self.table_model.sort(column, header.sortIndicatorOrder())

    def _feedback(self, text: str) -> None:
        self.target_feedback.setText(text)
        self.target_feedback.setVisible(bool(text))

    # --- roles and targets -----------------------------------------------------------------
    def set_role(self, column: str, role: str) -> bool:
        """Set a column's role through the model (as the combo does)."""
        for row in range(self.roles_model.rowCount()):
            if self.roles_model.profile(row).name == column:
                return self.roles_model.setData(self.roles_model.index(row, ROLE_COLUMN), role)
        return False

    def selected_row(self) -> Optional[int]:
        rows = self.table_view.selectionModel().selectedRows() if self.table_view.selectionModel() else []
        return rows[0].row() if rows else None

    def target_for_row(self, view_row: int) -> Target:
        """The target whose known values are this row's quasi-identifier values."""
        names = list(self.table_model.table.columns)
        values = tuple((q, self.table_model.cell_text(view_row, names.index(q))) for q in self.session.qids)
        return Target(values)

    @Slot()
    def add_selected_row_as_target(self) -> None:
        row = self.selected_row()
        if row is None:
            self._feedback(translate("data_page", "Select a row first (click its row number)."))
            return
        if not self.session.qids:
            self._feedback(
                translate(
                    "data_page",
                    "Choose the quasi-identifiers first: the target is what the attacker knows about this row.",
                )
            )
            return
        target = self.target_for_row(row)
        self.session.add_target(target)
        self._feedback(
            translate(
                "data_page",
                "Added target (file row {row}): {target}. It is attacked when "
                "Individual targets is ticked on the Attacks page.",
            ).format(row=count(self.table_model.source_row(row) + 1), target=target.label())
        )
