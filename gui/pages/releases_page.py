"""Page 2, Releases (optional): later releases of the same survey and their linkage key.

The files, their keys and labels go into the analysis (``[linkage]``): the run joins the
focal release with the later ones on the key (CRL/CAL) and shows the risk over time.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Optional

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal, Slot
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QFileDialog, QGroupBox, QHBoxLayout,
                               QHeaderView, QLabel, QLineEdit, QPushButton, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from engine.api import DataSource
from engine.api import InputError
from engine.api import list_columns
from engine.api import error_text, render

from ..resources import icon
from ..session import Release, Session
from ..text import pct
from .common import banner, hint, page_layout, title
from ..i18n import translate, translate_plural
from ..text import data_filter, local_digits

NO_KEY = QT_TRANSLATE_NOOP("releases_page", "(choose the linkage key)")


class ReleasesPage(QWidget):
    """Focal release's linkage key, and a list of later releases with theirs."""

    errorRaised = Signal(str, str)

    def __init__(self, session: Session, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        layout = page_layout(self)
        layout.addWidget(title(translate("releases_page", "2 · Releases (optional)")))
        layout.addWidget(
            hint(
                translate(
                    "releases_page",
                    "For a survey released several times (e.g. every year), an attacker "
                    "can link a person's records across releases through a persistent "
                    "ID and learn more than from one release.",
                )
            )
        )

        focal = QGroupBox(translate("releases_page", "Focal release (the loaded file)"))
        focal_layout = QHBoxLayout(focal)
        self.focal_label = QLabel(translate("releases_page", "No data loaded."))
        focal_layout.addWidget(self.focal_label, 1)
        focal_layout.addWidget(QLabel(translate("releases_page", "Linkage key:")))
        self.focal_key = QComboBox()
        self.focal_key.setMinimumWidth(220)
        self.focal_key.setToolTip(
            translate(
                "releases_page", "The persistent ID of a person in the focal release; its role becomes Linkage key."
            )
        )
        self.focal_key.activated.connect(self._on_focal_key)
        focal_layout.addWidget(self.focal_key)
        focal_layout.addWidget(QLabel(translate("releases_page", "Label:")))
        self.focal_label_edit = QLineEdit("1")
        self.focal_label_edit.setObjectName("focalLabel")
        self.focal_label_edit.setMaximumWidth(90)
        self.focal_label_edit.setToolTip(translate("releases_page", "Names this release in the results (e.g. a year): "
                                         "occupation@1 is occupation in this release."))
        self.focal_label_edit.editingFinished.connect(
            lambda: self.session.set_focal_label(self.focal_label_edit.text()))
        focal_layout.addWidget(self.focal_label_edit)
        layout.addWidget(focal)

        later = QGroupBox(translate("releases_page", "Later releases"))
        later_layout = QVBoxLayout(later)
        self.table = QTableWidget(0, 4)
        self.table.setObjectName("releasesTable")
        self.table.setHorizontalHeaderLabels(
            [
                translate("releases_page", "File"),
                translate("releases_page", "Columns"),
                translate("releases_page", "Linkage key in this release"),
                translate("releases_page", "Label"),
            ]
        )
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setDefaultSectionSize(32)
        self.table.horizontalHeader().setDefaultAlignment(Qt.AlignmentFlag.AlignLeft)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        later_layout.addWidget(self.table)
        buttons = QHBoxLayout()
        add = QPushButton(icon("open"), translate("releases_page", "Add a later release..."))
        add.clicked.connect(self._ask_release)
        self.remove = QPushButton(translate("releases_page", "Remove"))
        self.remove.clicked.connect(self._remove_selected)
        buttons.addWidget(add)
        buttons.addWidget(self.remove)
        buttons.addStretch(1)
        buttons.addWidget(QLabel(translate("releases_page", "Duplicate keys in a release:")))
        self.duplicates = QComboBox()
        self.duplicates.setObjectName("duplicates")
        self.duplicates.addItem(translate("releases_page", "stop with an error"), "error")
        self.duplicates.addItem(translate("releases_page", "keep each key's first record"), "first")
        self.duplicates.setToolTip(translate("releases_page", "A person's key should appear once per release."))
        self.duplicates.activated.connect(
            lambda i: self.session.set_duplicates(self.duplicates.itemData(i)))
        buttons.addWidget(self.duplicates)
        later_layout.addLayout(buttons)
        layout.addWidget(later, 1)
        self.status = hint("")
        layout.addWidget(self.status)
        self.matches = hint("")
        self.matches.setObjectName("matchRates")
        layout.addWidget(self.matches)
        self.match_warning = banner()
        layout.addWidget(self.match_warning)
        session.dataChanged.connect(self._refresh)
        session.rolesChanged.connect(self._refresh)
        session.releasesChanged.connect(self._refresh)
        session.resultChanged.connect(self._show_matches)
        session.releasesChanged.connect(self._show_matches)
        self._refresh()
        self._show_matches()

    # --- actions ----------------------------------------------------------------------------
    @Slot()
    def _ask_release(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, translate("releases_page", "Add a later release"), "", data_filter()
        )
        if path:
            self.add_release_file(path)

    def add_release_file(self, path: str) -> Optional[Release]:
        """Read the release's column names (header only) and add it; errors are reported."""
        try:
            columns = list_columns(DataSource(path))
        except InputError as exc:
            self.errorRaised.emit(translate("releases_page", "Could not add the release"), render(error_text(exc)))
            return None
        focal_keys = self.session.columns_with("linkage_keys")
        key = next((k for k in focal_keys if k in columns), None)
        release = Release(path=path, columns=columns, linkage_key=key)
        self.session.add_release(release)
        return release

    @Slot()
    def _remove_selected(self) -> None:
        rows = sorted({i.row() for i in self.table.selectedIndexes()}, reverse=True)
        for row in rows:
            self.session.remove_release(row)

    @Slot(int)
    def _on_focal_key(self, position: int) -> None:
        column = self.focal_key.itemData(position)
        for old in self.session.columns_with("linkage_keys"):
            if old != column:
                self.session.set_role(old, "ignored")
        if column:
            self.session.set_role(column, "linkage_keys")

    @Slot(int)
    def _on_release_key(self, position: int) -> None:
        combo = self.sender()
        if isinstance(combo, QComboBox):
            row = int(combo.property("release_row"))
            self.session.set_release_key(row, combo.itemData(position))

    @Slot()
    def _on_release_label(self) -> None:
        edit = self.sender()
        if isinstance(edit, QLineEdit):
            row = int(edit.property("release_row"))
            if edit.text().strip() != self.session.releases[row].label:
                self.session.set_release_label(row, edit.text())

    # --- display ----------------------------------------------------------------------------
    @Slot()
    def _show_matches(self) -> None:
        """The last run's match rate of each later release, and its warnings, while the
        releases listed are still the ones that run linked."""
        result = self.session.result
        linked = result.assessment.longitudinal if result is not None else None
        names = [Path(r.path).name for r in self.session.releases]
        current = linked is not None and [r.name for r in linked.releases[1:]] == names
        later = linked.releases[1:] if current else ()
        self.matches.setText(
            translate("releases_page", "Last run: ")
            + "; ".join(
                translate("releases_page", "{0} matched {1} of {2} focal records ({3})").format(
                    r.name,
                    local_digits(format(r.linked, ",")),
                    local_digits(format(r.focal_records, ",")),
                    pct(r.match_rate),
                )
                for r in later
            )
            + "."
            if later
            else ""
        )
        self.matches.setVisible(bool(later))
        warnings = linked.warnings if current else ()
        self.match_warning.setText(
            "<br>".join(translate("releases_page", "Warning: {0}").format(escape(render(w), quote=False)) for w in warnings)
        )
        self.match_warning.setVisible(bool(warnings))

    @Slot()
    def _refresh(self) -> None:
        session = self.session
        self.focal_key.blockSignals(True)
        self.focal_key.clear()
        self.focal_key.addItem(translate("releases_page", NO_KEY), None)
        for column in session.columns:
            self.focal_key.addItem(column, column)
        keys = session.columns_with("linkage_keys")
        self.focal_key.setCurrentIndex(max(0, self.focal_key.findData(keys[0])) if keys else 0)
        self.focal_key.blockSignals(False)
        self.focal_key.setEnabled(session.table is not None)
        if session.table is not None:
            self.focal_label.setText(
                translate("releases_page", "{0}: {1} rows").format(
                    session.table.name, local_digits(format(session.table.n_rows, ","))
                )
            )
        else:
            self.focal_label.setText(
                translate("releases_page", "No data loaded: open the focal release on the Data page first.")
            )
        self.table.setRowCount(len(session.releases))
        for row, release in enumerate(session.releases):
            item = QTableWidgetItem(Path(release.path).name)
            item.setToolTip(release.path)
            self.table.setItem(row, 0, item)
            self.table.setItem(row, 1, QTableWidgetItem(f"{len(release.columns)}"))
            combo = QComboBox()
            combo.addItem(translate("releases_page", NO_KEY), None)
            for column in release.columns:
                combo.addItem(column, column)
            combo.setCurrentIndex(max(0, combo.findData(release.linkage_key)))
            combo.setProperty("release_row", row)
            combo.activated.connect(self._on_release_key)
            self.table.setCellWidget(row, 2, combo)
            label = QLineEdit(release.label)
            label.setPlaceholderText(session.release_label(row))
            label.setToolTip(
                translate("releases_page", "Names this release in the results (e.g. a year); empty: its position.")
            )
            label.setProperty("release_row", row)
            label.editingFinished.connect(self._on_release_label)
            self.table.setCellWidget(row, 3, label)
        self.remove.setEnabled(bool(session.releases))
        if not self.focal_label_edit.hasFocus():
            self.focal_label_edit.setText(session.focal_label)
        self.duplicates.setCurrentIndex(max(0, self.duplicates.findData(session.duplicates)))
        missing = [Path(r.path).name for r in session.releases if not r.linkage_key]
        if not session.releases:
            self.status.setText(translate("releases_page", "No later release added."))
        elif missing:
            self.status.setText(
                translate("releases_page", "Choose the linkage key of: {0}.").format(", ".join(missing))
            )
        else:
            number = len(session.releases)
            self.status.setText(translate_plural(
                "releases_page",
                QT_TRANSLATE_NOOP("releases_page", "{0} later release with its linkage key: the run links it to the "
                                  "focal release (see Results, Over time)."),
                QT_TRANSLATE_NOOP("releases_page", "{0} later releases with their linkage key: the run links them to "
                                  "the focal release (see Results, Over time)."),
                number).format(number))
        if session.releases and not session.focal_key:
            self.status.setText(translate("releases_page", "Choose the focal release's linkage key above."))
