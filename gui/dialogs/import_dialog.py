"""Import options (delimiter, encoding, sheet) with a live preview of the first rows."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

from PySide6.QtCore import QT_TRANSLATE_NOOP, QTimer, Slot
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QHeaderView,
                               QLabel, QTableView, QVBoxLayout, QWidget)

from engine.api import DataSource
from engine.api import InputError
from engine.api import FORMAT_NAMES, detect_format
from engine.api import preview_rows
from engine.api import error_text, render
from ..i18n import translate

DELIMITERS = [
    (QT_TRANSLATE_NOOP("dialogs.import_dialog", "Detect"), None),
    (QT_TRANSLATE_NOOP("dialogs.import_dialog", "Comma  ,"), ","),
    (QT_TRANSLATE_NOOP("dialogs.import_dialog", "Semicolon  ;"), ";"),
    (QT_TRANSLATE_NOOP("dialogs.import_dialog", "Tab"), "\t"),
    (QT_TRANSLATE_NOOP("dialogs.import_dialog", "Pipe  |"), "|"),
]
FORMAT_WORDS = (QT_TRANSLATE_NOOP("dialogs.import_dialog", "CSV/TSV text"),  # engine/io/formats.py FORMAT_NAMES
                QT_TRANSLATE_NOOP("dialogs.import_dialog", "SAS transport .xpt"))
ENCODINGS = [
    QT_TRANSLATE_NOOP("dialogs.import_dialog", "Detect"),
    "utf-8",
    "cp1252",
    "latin-1",
    "utf-16",
    "iso-8859-15",
    "cp850",
]
NEEDS_OPTIONS = ("csv", "excel", "sas7bdat", "xport")


def needs_options(path: str) -> bool:
    """Whether a file has import options worth asking about (text, Excel, SAS)."""
    try:
        return detect_format(DataSource(path)) in NEEDS_OPTIONS
    except InputError:
        return False


class ImportDialog(QDialog):
    """Choose how to read one file; the preview follows every change."""

    def __init__(self, source: DataSource, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.setObjectName("importDialog")
        self.path = source.path
        self.format = detect_format(source)
        self.setWindowTitle(translate("dialogs.import_dialog", "Import options: {0}").format(Path(self.path).name))
        self.resize(900, 560)
        layout = QVBoxLayout(self)
        intro = QLabel(
            translate(
                "dialogs.import_dialog", "<b>{0}</b> ({1}). Check that the columns below look right, then press Open."
            ).format(Path(self.path).name, translate("dialogs.import_dialog", FORMAT_NAMES[self.format]))
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.delimiter = QComboBox()
        for label, value in DELIMITERS:
            self.delimiter.addItem(translate("dialogs.import_dialog", label), value)
        self.encoding = QComboBox()
        self.encoding.setEditable(True)
        self.encoding.addItems([translate("dialogs.import_dialog", e) for e in ENCODINGS])
        self.sheet = QComboBox()
        if self.format == "csv":
            form.addRow(translate("dialogs.import_dialog", "Delimiter:"), self.delimiter)
        if self.format in ("csv", "sas7bdat", "xport"):
            form.addRow(translate("dialogs.import_dialog", "Encoding:"), self.encoding)
        if self.format == "excel":
            from engine.api import excel_sheets

            try:
                self.sheet.addItems(excel_sheets(self.path))
            except Exception as exc:  # the preview below reports the problem in words
                self.sheet.setToolTip(render(error_text(exc)))
            form.addRow(translate("dialogs.import_dialog", "Sheet:"), self.sheet)
        layout.addLayout(form)
        self._select(self.delimiter, source.delimiter)
        if source.encoding:
            self.encoding.setCurrentText(source.encoding)
        if source.sheet:
            self.sheet.setCurrentText(source.sheet)
        self.detected = QLabel("")
        self.detected.setObjectName("hint")
        self.problem = QLabel("")
        self.problem.setObjectName("problem")
        self.problem.setWordWrap(True)
        layout.addWidget(self.detected)
        layout.addWidget(self.problem)
        self.model = QStandardItemModel(self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.setAlternatingRowColors(True)
        layout.addWidget(self.table, 1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Open
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(150)
        self._timer.timeout.connect(self.refresh)
        self.delimiter.currentIndexChanged.connect(self._schedule)
        self.encoding.currentTextChanged.connect(self._schedule)
        self.sheet.currentIndexChanged.connect(self._schedule)
        self.refresh()

    @staticmethod
    def _select(combo: QComboBox, value: Optional[str]) -> None:
        position = combo.findData(value)
        if position >= 0:
            combo.setCurrentIndex(position)

    def source(self) -> DataSource:
        """The data source with the chosen options (None where "Detect")."""
        delimiter = self.delimiter.currentData() if self.format == "csv" else None
        encoding = self.encoding.currentText().strip() if self.format in ("csv", "sas7bdat", "xport") else ""
        sheet = self.sheet.currentText() if self.format == "excel" and self.sheet.count() else None
        return DataSource(
            path=self.path,
            format="auto",
            delimiter=delimiter,
            encoding=(
                None if encoding in ("", ENCODINGS[0], translate("dialogs.import_dialog", ENCODINGS[0])) else encoding
            ),
            sheet=sheet or None,
        )

    @Slot()
    def _schedule(self) -> None:
        self._timer.start()

    @Slot()
    def refresh(self) -> None:
        """Read the first rows with the current options and show them (or what went wrong)."""
        self.model.clear()
        open_button = self.buttons.button(QDialogButtonBox.StandardButton.Open)
        try:
            preview = preview_rows(self.source())
        except (InputError, LookupError, OSError, ValueError) as exc:
            self.problem.setText(render(error_text(exc)))
            self.detected.setText("")
            open_button.setEnabled(False)
            return
        self.problem.setText("")
        open_button.setEnabled(True)
        if preview.format == "csv":
            shown = {
                "\t": translate("dialogs.import_dialog", "tab"),
                ",": translate("dialogs.import_dialog", "comma"),
                ";": translate("dialogs.import_dialog", "semicolon"),
                "|": translate("dialogs.import_dialog", "pipe"),
            }.get(preview.delimiter or "", repr(preview.delimiter))
            self.detected.setText(
                translate(
                    "dialogs.import_dialog",
                    "Reading with delimiter: {0}; encoding: {1}. {2} columns; first {3} rows shown.",
                ).format(shown, preview.encoding, len(preview.columns), len(preview.rows))
            )
        else:
            self.detected.setText(
                translate("dialogs.import_dialog", "{0} columns; first {1} rows shown.").format(
                    len(preview.columns), len(preview.rows)
                )
            )
        self.model.setHorizontalHeaderLabels(preview.columns)
        for record in preview.rows:
            self.model.appendRow([QStandardItem(value) for value in record[:len(preview.columns)]])
        self.table.resizeColumnsToContents()

    @classmethod
    def ask(cls, parent: Optional[QWidget], source: DataSource) -> Optional[DataSource]:
        """Show the dialog; the chosen source, or None when cancelled."""
        dialog = cls(source, parent)
        return dialog.source() if dialog.exec() == QDialog.DialogCode.Accepted else None
