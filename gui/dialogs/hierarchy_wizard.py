"""The hierarchy wizard: a whole multi-level hierarchy for one quasi-identifier (intervals of
growing widths, dates, codes masked from the right, ordered merges, or the column's template),
a preview of every level with its groups and records, Save (ARX CSV) and Load.

The hierarchies are built by :mod:`engine.remediation.hierarchy_builder`; the window only
turns the form into its parameters. :func:`make_all_hierarchies` writes the template of every
quasi-identifier into a folder ("Make hierarchies for all QIDs" of the Suggest tab)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional, Sequence

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal, Slot
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QDialog, QFileDialog, QFormLayout,
                               QHBoxLayout, QHeaderView, QLabel, QLineEdit, QMessageBox, QPlainTextEdit, QPushButton,
                               QSpinBox, QSplitter, QStackedWidget, QTableWidget, QTableWidgetItem, QVBoxLayout,
                               QWidget)

from engine.api import InputError
from engine.api import EncodedTable
from engine.api import error_text, render
from engine.api import Hierarchy, level_tables, read_hierarchy
from engine.api import (DATE_STEPS, BuildSpec, build_for, column_template, file_name, preview, spec, template_files,
                        write_hierarchy)
from ..i18n import translate, translate_plural
from ..text import count, hierarchy_filter, number_items, parse_number

CONTEXT = "dialogs.hierarchy_wizard"
KINDS = (
    ("template", QT_TRANSLATE_NOOP("dialogs.hierarchy_wizard", "template for the column")),
    ("intervals", QT_TRANSLATE_NOOP("dialogs.hierarchy_wizard", "intervals of growing widths")),
    ("dates", QT_TRANSLATE_NOOP("dialogs.hierarchy_wizard", "dates to month, year, decade")),
    ("masking", QT_TRANSLATE_NOOP("dialogs.hierarchy_wizard", "codes masked from the right")),
    ("ordered", QT_TRANSLATE_NOOP("dialogs.hierarchy_wizard", "ordered categories merged")),
    ("suppress", QT_TRANSLATE_NOOP("dialogs.hierarchy_wizard", "suppression only (*)")),
)
STEP_LABELS = {
    "month": QT_TRANSLATE_NOOP("dialogs.hierarchy_wizard", "month"),
    "year": QT_TRANSLATE_NOOP("dialogs.hierarchy_wizard", "year"),
    "decade": QT_TRANSLATE_NOOP("dialogs.hierarchy_wizard", "decade"),
}
SHOWN_GROUPS = 6
SHOWN_ROWS = 500


def characters(number: int) -> str:
    """'1 character', '2 characters' in the window's language and plural rule."""
    return translate_plural(CONTEXT, QT_TRANSLATE_NOOP("dialogs.hierarchy_wizard", "{0} character"),
                            QT_TRANSLATE_NOOP("dialogs.hierarchy_wizard", "{0} characters"), number).format(count(number))


def describe(what: BuildSpec) -> str:
    """What a build spec makes, in the window's language (the template's choice)."""
    if what.kind == "intervals":
        widths = what.get("widths") or ()
        if widths:
            return translate("dialogs.hierarchy_wizard", "intervals of widths {0}, then *").format(
                ", ".join(f"{w:g}" for w in widths))
        return translate("dialogs.hierarchy_wizard", "intervals of width {0}, doubled per level, then *").format(
            f"{what.get('width'):g}")
    if what.kind == "dates":
        steps = ", ".join(translate(CONTEXT, STEP_LABELS[s]) for s in what.get("steps", DATE_STEPS))
        return translate("dialogs.hierarchy_wizard", "dates to {0}, then *").format(steps)
    if what.kind == "masking":
        padded = translate("dialogs.hierarchy_wizard", " (zero-padded to the longest code)") if what.get("pad") else ""
        return translate("dialogs.hierarchy_wizard",
                         "codes masked from the right, {0} per level{1}, then *").format(
            characters(what.get("step", 1)), padded)
    if what.kind == "ordered":
        return translate("dialogs.hierarchy_wizard", "adjacent categories merged {0} at a time, then *").format(
            what.get("fanout", 2))
    return translate("dialogs.hierarchy_wizard", "every value to * (suppression only)")


class HierarchyWizard(QDialog):
    """Build, preview, save and load a hierarchy per quasi-identifier; ``saved`` holds the file
    written (or loaded) for each QID, and ``hierarchySaved(qid, path)`` announces each."""

    hierarchySaved = Signal(str, str)

    def __init__(self, table: EncodedTable, qids: Sequence[str], qid: Optional[str] = None, folder: str = "",
                 parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("dialogs.hierarchy_wizard", "Hierarchy wizard"))
        self.table = table
        self.folder = folder
        self.hierarchy: Optional[Hierarchy] = None
        self.saved: dict[str, str] = {}
        self.loaded_from: Optional[str] = None
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.qid = QComboBox()
        self.qid.addItems(list(qids))
        if qid in qids:
            self.qid.setCurrentText(qid)
        self.kind = QComboBox()
        for key, label in KINDS:
            self.kind.addItem(translate(CONTEXT, label), key)
        form.addRow(translate("dialogs.hierarchy_wizard", "Quasi-identifier"), self.qid)
        form.addRow(translate("dialogs.hierarchy_wizard", "Kind"), self.kind)
        self.params = QStackedWidget()
        self.template_note = QLabel("")
        self.template_note.setWordWrap(True)
        self.widths = QLineEdit("5")
        self.widths.setToolTip(translate("dialogs.hierarchy_wizard",
                                         "One width: doubled at each level until one interval holds every value. "
                                         "Several widths (5, 10, 20): one level each, each a multiple of the one "
                                         "before."))
        self.date_steps = {s: QCheckBox(translate(CONTEXT, STEP_LABELS[s])) for s in DATE_STEPS}
        dates = QWidget()
        dates_row = QHBoxLayout(dates)
        dates_row.setContentsMargins(0, 0, 0, 0)
        for box in self.date_steps.values():
            box.setChecked(True)
            dates_row.addWidget(box)
        dates_row.addStretch(1)
        masking = QWidget()
        masking_form = QFormLayout(masking)
        masking_form.setContentsMargins(0, 0, 0, 0)
        self.mask_step = QSpinBox()
        self.mask_step.setRange(1, 20)
        self.mask_pad = QCheckBox(translate("dialogs.hierarchy_wizard",
                                            "pad with zeros on the left to the longest code first"))
        masking_form.addRow(translate("dialogs.hierarchy_wizard", "Characters masked per level"), self.mask_step)
        masking_form.addRow(self.mask_pad)
        ordered = QWidget()
        ordered_form = QFormLayout(ordered)
        ordered_form.setContentsMargins(0, 0, 0, 0)
        self.order = QPlainTextEdit()
        self.order.setPlaceholderText(translate("dialogs.hierarchy_wizard",
                                                "the categories in their order, one a line"))
        self.order.setMaximumHeight(110)
        self.fanout = QSpinBox()
        self.fanout.setRange(2, 100)
        ordered_form.addRow(translate("dialogs.hierarchy_wizard", "Order (one a line)"), self.order)
        ordered_form.addRow(translate("dialogs.hierarchy_wizard", "Groups merged per level"), self.fanout)
        self.suppress_note = QLabel(translate("dialogs.hierarchy_wizard",
                                              "Level 1 replaces every value by * (the column is suppressed)."))
        self.suppress_note.setWordWrap(True)
        intervals = QWidget()
        intervals_form = QFormLayout(intervals)
        intervals_form.setContentsMargins(0, 0, 0, 0)
        intervals_form.addRow(translate("dialogs.hierarchy_wizard", "Widths"), self.widths)
        for widget in (self.template_note, intervals, dates, masking, ordered, self.suppress_note):
            self.params.addWidget(widget)
        form.addRow(translate("dialogs.hierarchy_wizard", "Parameters"), self.params)
        layout.addLayout(form)
        self.summary = QLabel("")
        self.summary.setWordWrap(True)
        self.summary.setObjectName("priors")
        layout.addWidget(self.summary)
        splitter = QSplitter(Qt.Orientation.Vertical)
        self.levels = QTableWidget(0, 5)
        self.levels.setHorizontalHeaderLabels([translate("dialogs.hierarchy_wizard", "level"),
                                               translate("dialogs.hierarchy_wizard", "groups"),
                                               translate("dialogs.hierarchy_wizard", "smallest group"),
                                               translate("dialogs.hierarchy_wizard", "largest group"),
                                               translate("dialogs.hierarchy_wizard", "commonest groups (records)")])
        self.rows = QTableWidget(0, 0)
        for table_widget in (self.levels, self.rows):
            table_widget.verticalHeader().setVisible(False)
            table_widget.verticalHeader().setDefaultSectionSize(22)
            table_widget.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
            splitter.addWidget(table_widget)
        self.levels.horizontalHeader().setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        layout.addWidget(splitter, 1)
        buttons = QHBoxLayout()
        self.load_button = QPushButton(translate("dialogs.hierarchy_wizard", "Load..."))
        self.load_button.setToolTip(translate("dialogs.hierarchy_wizard",
                                              "Open an ARX hierarchy file for this quasi-identifier and preview it."))
        self.save_button = QPushButton(translate("dialogs.hierarchy_wizard", "Save..."))
        self.save_button.setObjectName("primary")
        self.save_button.setToolTip(translate("dialogs.hierarchy_wizard",
                                              "Write the hierarchy as an ARX CSV file and use it for this "
                                              "quasi-identifier."))
        self.close_button = QPushButton(translate("dialogs.hierarchy_wizard", "Close"))
        buttons.addWidget(self.load_button)
        buttons.addStretch(1)
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.close_button)
        layout.addLayout(buttons)
        self.qid.currentIndexChanged.connect(self._on_qid)
        self.kind.currentIndexChanged.connect(self._on_kind)
        self.widths.editingFinished.connect(self._on_params)
        for box in self.date_steps.values():
            box.toggled.connect(self._on_params)
        self.mask_step.valueChanged.connect(self._on_params)
        self.mask_pad.toggled.connect(self._on_params)
        self.order.textChanged.connect(self._on_params)
        self.fanout.valueChanged.connect(self._on_params)
        self.load_button.clicked.connect(self._ask_load)
        self.save_button.clicked.connect(self._ask_save)
        self.close_button.clicked.connect(self.accept)
        self.resize(900, 640)
        self._on_kind()
        self._on_qid()

    # --- the form ---------------------------------------------------------------------------------
    def current_qid(self) -> str:
        return self.qid.currentText()

    def set_kind(self, key: str) -> None:
        self.kind.setCurrentIndex([k for k, _ in KINDS].index(key))

    @Slot()
    def _on_qid(self) -> None:
        """A new column: its values as the default order, the template's parameters as defaults."""
        name = self.current_qid()
        if not name:
            return
        column = self.table[name]
        values = [column.label_text(c) for c in range(column.cardinality) if c != column.missing_code]
        self.order.blockSignals(True)
        self.order.setPlainText("\n".join(values))
        self.order.blockSignals(False)
        chosen = column_template(column)
        if chosen.kind == "intervals":
            self.widths.setText(f"{chosen.get('width'):g}")
        if chosen.kind == "masking":
            self.mask_pad.setChecked(bool(chosen.get("pad")))
        self.loaded_from = None
        self.refresh()

    @Slot()
    def _on_kind(self) -> None:
        self.params.setCurrentIndex(self.kind.currentIndex())
        self.params.setFixedHeight(self.params.currentWidget().sizeHint().height())
        self.loaded_from = None
        self.refresh()

    @Slot()
    def _on_params(self) -> None:
        """A parameter edited: build from the form again (a loaded file is left)."""
        self.loaded_from = None
        self.refresh()

    def build_spec(self) -> BuildSpec:
        """The form's parameters as the engine's build spec (the template: the column's)."""
        kind = self.kind.currentData()
        column = self.table[self.current_qid()]
        if kind == "template":
            return column_template(column)
        if kind == "intervals":
            try:
                widths = [parse_number(p) for p in number_items(self.widths.text())]
            except ValueError:
                raise InputError(translate("dialogs.hierarchy_wizard",
                                           "interval widths: {0!r} is not a list of numbers").format(
                    self.widths.text())) from None
            if not widths:
                raise InputError(translate("dialogs.hierarchy_wizard", "interval widths: give at least one width"))
            return spec("intervals", width=widths[0]) if len(widths) == 1 else spec("intervals", widths=widths)
        if kind == "dates":
            return spec("dates", steps=tuple(s for s, box in self.date_steps.items() if box.isChecked()))
        if kind == "masking":
            return spec("masking", step=self.mask_step.value(), pad=self.mask_pad.isChecked())
        if kind == "ordered":
            order = [line.strip() for line in self.order.toPlainText().splitlines() if line.strip()]
            return spec("ordered", order=order, fanout=self.fanout.value())
        return spec("suppress")

    # --- preview --------------------------------------------------------------------------------
    @Slot()
    def refresh(self) -> None:
        """Build the hierarchy from the form (or keep the loaded one) and preview every level."""
        name = self.current_qid()
        self.levels.setRowCount(0)
        self.rows.setRowCount(0)
        if not name:
            self.hierarchy = None
            self.summary.setText(translate("dialogs.hierarchy_wizard",
                                           "Choose a quasi-identifier on the Data page first."))
            self.save_button.setEnabled(False)
            return
        column = self.table[name]
        try:
            if self.loaded_from is None:
                what = self.build_spec()
                self.template_note.setText(translate("dialogs.hierarchy_wizard", "For {0}: {1}.").format(
                    name, describe(column_template(column))))
                self.hierarchy = build_for(column, what)
            levels = preview(self.hierarchy, column)
        except InputError as exc:
            self.hierarchy = None
            self.summary.setText(translate("dialogs.hierarchy_wizard", "Cannot build: {0}").format(
                render(error_text(exc))))
            self.save_button.setEnabled(False)
            return
        self.save_button.setEnabled(True)
        source = (translate("dialogs.hierarchy_wizard", "loaded from {0}").format(self.loaded_from)
                  if self.loaded_from is not None
                  else describe(self.build_spec()))
        self.summary.setText(translate("dialogs.hierarchy_wizard",
                                       "{0}: {1} levels above the original values ({2}).").format(
            name, self.hierarchy.top, source))
        self._show_levels(levels)
        self._show_rows()

    def _show_levels(self, levels) -> None:
        self.levels.setRowCount(len(levels))
        for row, level in enumerate(levels):
            groups = ", ".join(
                "{0} ({1})".format(label if label is not None
                                   else translate("dialogs.hierarchy_wizard", "(missing)"), count(n))
                for label, n in level.counts[:SHOWN_GROUPS])
            if level.groups > SHOWN_GROUPS:
                groups += ", " + translate("dialogs.hierarchy_wizard", "{0} more").format(
                    count(level.groups - SHOWN_GROUPS))
            texts = [str(level.level), count(level.groups), count(level.smallest), count(level.largest), groups]
            for column, text in enumerate(texts):
                item = QTableWidgetItem(text)
                if column < 4:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.levels.setItem(row, column, item)
        self.levels.resizeColumnsToContents()
        self.levels.horizontalHeader().setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)

    def _show_rows(self) -> None:
        h = self.hierarchy
        self.rows.setColumnCount(h.levels)
        self.rows.setHorizontalHeaderLabels([translate("dialogs.hierarchy_wizard", "original value")]
                                            + [translate("dialogs.hierarchy_wizard", "level {0}").format(i)
                                               for i in range(1, h.levels)])
        shown = h.rows[:SHOWN_ROWS]
        self.rows.setRowCount(len(shown))
        for r, values in enumerate(shown):
            for c, text in enumerate(values):
                self.rows.setItem(r, c, QTableWidgetItem(text))
        self.rows.resizeColumnsToContents()

    # --- files ----------------------------------------------------------------------------------
    def default_path(self) -> str:
        return str(Path(self.folder or ".") / file_name(self.current_qid()))

    def save_to(self, path: str) -> str:
        """Write the hierarchy shown to ``path`` (ARX CSV) and record it for the QID."""
        if self.hierarchy is None:
            raise InputError(translate("dialogs.hierarchy_wizard", "nothing to save: the hierarchy could not be built"))
        written = str(write_hierarchy(self.hierarchy, path))
        self._remember(written)
        return written

    def load_from(self, path: str) -> None:
        """Read an ARX file for the QID (every value of the column must have a line) and preview it."""
        name = self.current_qid()
        hierarchy = read_hierarchy(path, name)
        level_tables(hierarchy, self.table[name])
        self.hierarchy, self.loaded_from = hierarchy, path
        self.refresh()
        self._remember(path)

    def _remember(self, path: str) -> None:
        self.saved[self.current_qid()] = path
        self.hierarchySaved.emit(self.current_qid(), path)

    @Slot()
    def _ask_save(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, translate("dialogs.hierarchy_wizard", "Save the hierarchy of {0}").format(self.current_qid()),
            self.default_path(), hierarchy_filter())
        if path:
            self._try(lambda: self.save_to(path), translate("dialogs.hierarchy_wizard", "The hierarchy was not saved"))

    @Slot()
    def _ask_load(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, translate("dialogs.hierarchy_wizard", "A hierarchy file for {0}").format(self.current_qid()),
            self.folder, hierarchy_filter())
        if path:
            self._try(lambda: self.load_from(path),
                      translate("dialogs.hierarchy_wizard", "The hierarchy was not loaded"))

    def _try(self, action, title: str) -> None:
        try:
            action()
        except (InputError, OSError) as exc:
            QMessageBox.warning(self, title, render(error_text(exc)))


def make_all_hierarchies(parent: QWidget, table: EncodedTable, qids: Sequence[str], folder: str
                         ) -> dict[str, str]:
    """Ask for the folder (``folder`` proposed), confirm replacing files, write the template
    hierarchy of every QID there; returns the file of each QID (empty when cancelled or failed)."""
    if not qids:
        return {}
    chosen = QFileDialog.getExistingDirectory(
        parent, translate("dialogs.hierarchy_wizard", "A folder for the hierarchies"), folder)
    if not chosen:
        return {}
    existing = [file_name(q) for q in qids if (Path(chosen) / file_name(q)).exists()]
    if existing:
        answer = QMessageBox.question(parent, translate("dialogs.hierarchy_wizard", "Replace the hierarchy files?"),
                                      translate("dialogs.hierarchy_wizard", "Already in {0}: {1}. Replace?")
                                      .format(chosen, ", ".join(existing)))
        if answer != QMessageBox.StandardButton.Yes:
            return {}
    return write_all(parent, table, qids, chosen)


def write_all(parent: Optional[QWidget], table: EncodedTable, qids: Sequence[str], folder: str) -> dict[str, str]:
    """The template hierarchy of every QID written into ``folder``; an error is one message box."""
    try:
        return {q: str(p) for q, p in template_files([table[q] for q in qids], folder).items()}
    except (InputError, OSError) as exc:
        QMessageBox.warning(parent, translate("dialogs.hierarchy_wizard", "The hierarchies were not made"),
                            render(error_text(exc)))
        return {}
