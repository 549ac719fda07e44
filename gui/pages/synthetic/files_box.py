"""The file pickers of the synthetic-data page: the real, synthetic and control files."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

from PySide6.QtCore import QT_TRANSLATE_NOOP, Signal
from PySide6.QtWidgets import QFileDialog, QFormLayout, QGroupBox, QHBoxLayout, QLineEdit, QPushButton

from engine.api import DataSource

from ...resources import icon
from ..common import hint
from ...i18n import translate
from ...text import data_filter

FILES = ("real", "synthetic", "control")
TEXTS = {
    "real": (
        QT_TRANSLATE_NOOP("synthetic.files_box", "Real file:"),
        QT_TRANSLATE_NOOP("synthetic.files_box", "The confidential file the synthetic file was made from."),
    ),
    "synthetic": (
        QT_TRANSLATE_NOOP("synthetic.files_box", "Synthetic file:"),
        QT_TRANSLATE_NOOP("synthetic.files_box", "The synthetic file to be released."),
    ),
    "control": (
        QT_TRANSLATE_NOOP("synthetic.files_box", "Control file (optional):"),
        QT_TRANSLATE_NOOP(
            "synthetic.files_box",
            "Real records of the same population that were NOT used to make the synthetic file.",
        ),
    ),
}


class FilesBox(QGroupBox):
    """One path field and Browse button per file; remembers the import options of an
    opened analysis for as long as its path stays in the field."""

    fileChosen = Signal(str, str)
    """(role, path) picked with Browse."""
    fileEdited = Signal(str, str)
    """(role, path) typed in a field, on leaving it."""

    def __init__(self, parent=None) -> None:
        super().__init__(translate("synthetic.files_box", "Files"), parent)
        self._sources: dict[str, DataSource] = {}
        form = QFormLayout(self)
        self.edits: dict[str, QLineEdit] = {}
        for role in FILES:
            label, tip = (translate("synthetic.files_box", text) for text in TEXTS[role])
            edit = QLineEdit()
            edit.setObjectName(f"{role}File")
            edit.setPlaceholderText(translate("synthetic.files_box", "optional") if role == "control"
                                    else translate("synthetic.files_box", "required"))
            edit.setToolTip(tip)
            browse = QPushButton(icon("open"), translate("synthetic.files_box", "Browse..."))
            browse.clicked.connect(lambda _=False, r=role: self._ask_file(r))
            edit.editingFinished.connect(lambda r=role: self.fileEdited.emit(r, self.path(r)))
            row = QHBoxLayout()
            row.addWidget(edit, 1)
            row.addWidget(browse)
            form.addRow(label, row)
            self.edits[role] = edit
        self.control_hint = hint(
            translate(
                "synthetic.files_box",
                "Without a control file, the membership attacks and the residual risk "
                "cannot be measured: there is nothing to compare the real records with. "
                "The attribute attacks still run, against their baselines.",
            )
        )
        form.addRow(self.control_hint)

    def _ask_file(self, role: str) -> None:
        start = self.path(role) or self.path("real")
        path, _ = QFileDialog.getOpenFileName(
            self,
            translate("synthetic.files_box", TEXTS[role][0]).rstrip(":"),
            str(Path(start).parent) if start else "",
            data_filter(),
        )
        if path:
            self.fileChosen.emit(role, path)

    def path(self, role: str) -> str:
        return self.edits[role].text().strip()

    def set_path(self, role: str, path: str, source: Optional[DataSource] = None) -> None:
        """Show ``path``; ``source`` (its import options) is kept while the path stays."""
        self.edits[role].setText(path)
        if source is not None:
            self._sources[role] = source

    def set_sources(self, sources: dict[str, Optional[DataSource]]) -> None:
        """Show the files of an opened analysis, with their import options."""
        self._sources = {role: source for role, source in sources.items() if source is not None}
        for role in FILES:
            source = sources.get(role)
            self.edits[role].setText(source.path if source is not None else "")

    def source(self, role: str) -> Optional[DataSource]:
        """The role's data source: the typed path, with the import options of an opened analysis
        when the path is still the same."""
        path = self.path(role)
        if not path:
            return None
        known = self._sources.get(role)
        return known if known is not None and known.path == path else DataSource(path)
