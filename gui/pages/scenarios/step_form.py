"""The form that builds one transformation: drop, recode (hierarchy file or a builder, with a
preview of the new categories and their counts), local or record suppression, sampling, and
the perturbative steps (:mod:`.perturb_box`, with a before/after histogram).

The form only turns what is typed into the TOML table of a step; the engine's
:func:`~engine.remediation.transforms.parse_step` checks it and
:func:`~engine.remediation.hierarchy.level_counts` counts the preview.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal, Slot
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QDoubleSpinBox, QFileDialog, QFormLayout,
                               QGroupBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QListWidget, QPlainTextEdit,
                               QPushButton, QSizePolicy, QSpinBox, QStackedWidget, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from engine.api import InputError
from engine.api import EncodedTable
from engine.api import error_text, render
from engine.api import Hierarchy, level_counts
from engine.api import (Drop, HierarchySpec, LocalSuppression, PERTURBATIVE_STEPS, Recode, RecordSuppression, Sample,
                        STEP_BOUNDS, Transform, build_hierarchy, parse_step, step_dict)
from ...i18n import translate, translate_plural
from ...option_spin import fit_bounds, kept_whole, option_value, show_value, show_whole
from ...text import count as count_text, hierarchy_filter, number_items, parse_number
from .perturb_box import PERTURB_OPS, PerturbBox

OPS = (
    ("drop", QT_TRANSLATE_NOOP("scenarios.step_form", "Drop a column")),
    ("recode", QT_TRANSLATE_NOOP("scenarios.step_form", "Recode a column")),
    ("local_suppression", QT_TRANSLATE_NOOP("scenarios.step_form", "Local suppression")),
    ("record_suppression", QT_TRANSLATE_NOOP("scenarios.step_form", "Record suppression")),
    ("sample", QT_TRANSLATE_NOOP("scenarios.step_form", "Sample the records")),
    ("microaggregate", QT_TRANSLATE_NOOP("scenarios.step_form", "Microaggregate numeric columns (MDAV)")),
    ("noise", QT_TRANSLATE_NOOP("scenarios.step_form", "Add noise to numeric columns")),
    ("rank_swap", QT_TRANSLATE_NOOP("scenarios.step_form", "Swap ranks of numeric columns")),
    ("round", QT_TRANSLATE_NOOP("scenarios.step_form", "Round numeric columns")),
    ("pram", QT_TRANSLATE_NOOP("scenarios.step_form", "PRAM categorical columns")),
)
BUILDER_LABELS = (
    ("hierarchy", QT_TRANSLATE_NOOP("scenarios.step_form", "a hierarchy file (ARX CSV)")),
    ("intervals", QT_TRANSLATE_NOOP("scenarios.step_form", "intervals of a width")),
    ("breaks", QT_TRANSLATE_NOOP("scenarios.step_form", "bands between cut points")),
    ("top_bottom", QT_TRANSLATE_NOOP("scenarios.step_form", "top and bottom coding")),
    ("dates", QT_TRANSLATE_NOOP("scenarios.step_form", "dates to month, year or age bands")),
    ("merge", QT_TRANSLATE_NOOP("scenarios.step_form", "merged categories")),
)
PARAM_HINTS = (
    QT_TRANSLATE_NOOP(
        "scenarios.step_form",
        "An ARX hierarchy file: one line per original value, then its generalisations level by level, "
        "separated by ';'.",
    ),
    QT_TRANSLATE_NOOP(
        "scenarios.step_form",
        "One width per level, each a multiple of the previous: 5, 10 puts level 1 in intervals of 5 and "
        "level 2 in intervals of 10.",
    ),
    QT_TRANSLATE_NOOP("scenarios.step_form", "The cut points of each level, levels separated by '|': 18, 40, 65 | 40."),
    QT_TRANSLATE_NOOP(
        "scenarios.step_form", "Values below or above are grouped into one category (empty: that side is kept)."
    ),
    QT_TRANSLATE_NOOP(
        "scenarios.step_form",
        "One step per level: month, year, or age:WIDTH@YYYY-MM-DD (age on that day in bands of WIDTH years).",
    ),
    QT_TRANSLATE_NOOP(
        "scenarios.step_form", "Level 1 merges the listed values into each group; level 2 is one category for all."
    ),
)
PREVIEW_ROWS = 200


def numbers(text: str, what: str) -> list[float]:
    """'5, 10' -> [5.0, 10.0] (in pt_BR also '2,5; 10' -> [2.5, 10.0], :func:`gui.text.number_items`);
    a one-line error naming ``what`` otherwise."""
    try:
        values = [parse_number(p) for p in number_items(text)]
    except ValueError:
        raise InputError(
            translate("scenarios.step_form", "{0}: {1!r} is not a list of numbers separated by commas").format(
                what, text
            )
        ) from None
    if not values:
        raise InputError(translate("scenarios.step_form", "{0}: give at least one number").format(what))
    return values


def form_page() -> tuple[QWidget, QFormLayout]:
    """A page of the stacked forms: its rows at the top, the space below left empty."""
    page = QWidget()
    column = QVBoxLayout(page)
    column.setContentsMargins(0, 0, 0, 0)
    form = QFormLayout()
    column.addLayout(form)
    column.addStretch(1)
    return page, form


def note(text: str) -> QLabel:
    """An explanation under a form, wrapped to the form's width."""
    label = QLabel(text)
    label.setWordWrap(True)
    return label


def whole(value: float) -> Any:
    return int(value) if float(value).is_integer() else value


class RecodeBox(QWidget):
    """Column, where the categories come from, level, and the preview table."""

    changed = Signal()
    wizardRequested = Signal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.table: Optional[EncodedTable] = None
        self.hierarchy: Optional[Hierarchy] = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        form = QFormLayout()
        self.column = QComboBox()
        self.builder = QComboBox()
        for combo in (self.column, self.builder):  # long labels (and translations) must not widen the form
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(12)
        for key, label in BUILDER_LABELS:
            self.builder.addItem(translate("scenarios.step_form", label), key)
        form.addRow(translate("scenarios.step_form", "Column"), self.column)
        form.addRow(translate("scenarios.step_form", "Categories from"), self.builder)
        self.params = QStackedWidget()
        self.path = QLineEdit()
        self.path.setPlaceholderText(
            translate("scenarios.step_form", "hierarchy file: one line per value, its generalisations separated by ';'")
        )
        browse = QPushButton(translate("scenarios.step_form", "Browse..."))
        browse.clicked.connect(self._browse)
        file_row = QWidget()
        rows = QVBoxLayout(file_row)
        rows.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        row.addWidget(self.path, 1)
        row.addWidget(browse)
        rows.addLayout(row)
        self.wizard_button = QPushButton(translate("scenarios.step_form", "Build hierarchy..."))
        self.wizard_button.setToolTip(translate("scenarios.step_form", "The hierarchy wizard: every level of a "
                                                "hierarchy for the column, previewed, saved as an ARX file."))
        self.wizard_button.clicked.connect(lambda: self.wizardRequested.emit(self.column.currentText()))
        row = QHBoxLayout()
        row.addWidget(self.wizard_button)
        row.addStretch(1)
        rows.addLayout(row)
        self.widths = QLineEdit("5, 10")
        self.widths.setToolTip(
            translate(
                "scenarios.step_form", "One width per level, e.g. 5, 10: level 1 in intervals of 5, level 2 of 10."
            )
        )
        self.breaks = QLineEdit("18, 65")
        self.breaks.setToolTip(
            translate("scenarios.step_form", "Cut points of each level, levels separated by '|': 18, 40, 65 | 40")
        )
        coding = QWidget()
        coding_form = QFormLayout(coding)
        coding_form.setContentsMargins(0, 0, 0, 0)
        self.bottom = QLineEdit()
        self.bottom.setPlaceholderText(translate("scenarios.step_form", "empty: no bottom coding"))
        self.top = QLineEdit()
        self.top.setPlaceholderText(translate("scenarios.step_form", "empty: no top coding"))
        self.quantiles = QCheckBox(
            translate("scenarios.step_form", "the values are quantiles (0 to 1), not values of the column")
        )
        coding_form.addRow(translate("scenarios.step_form", "Group values below"), self.bottom)
        coding_form.addRow(translate("scenarios.step_form", "Group values above"), self.top)
        coding_form.addRow(self.quantiles)
        self.dates = QLineEdit("month, year")
        self.dates.setToolTip(
            translate(
                "scenarios.step_form",
                "Steps, one per level: month, year, or age bands age:WIDTH@YYYY-MM-DD "
                "(age in whole years on that day, in bands of WIDTH years).",
            )
        )
        self.merge = QPlainTextEdit()
        self.merge.setPlaceholderText(
            translate("scenarios.step_form", "one group a line: new name = value, value, ...")
        )
        self.merge.setMaximumHeight(80)
        for widget in (file_row, self.widths, self.breaks, coding, self.dates, self.merge):
            self.params.addWidget(widget)
        self.params.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        form.addRow(translate("scenarios.step_form", "Parameters"), self.params)
        self.param_hint = QLabel("")
        self.param_hint.setObjectName("hint")
        self.param_hint.setWordWrap(True)
        form.addRow("", self.param_hint)
        self.level = QSpinBox()
        self.level.setRange(1, 1)
        form.addRow(translate("scenarios.step_form", "Level"), self.level)
        layout.addLayout(form)
        self.summary = QLabel("")
        self.summary.setWordWrap(True)
        self.summary.setObjectName("priors")
        layout.addWidget(self.summary)
        self.preview = QTableWidget(0, 2)
        self.preview.setHorizontalHeaderLabels(
            [translate("scenarios.step_form", "category"), translate("scenarios.step_form", "records")]
        )
        self.preview.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.preview.verticalHeader().setVisible(False)
        self.preview.verticalHeader().setDefaultSectionSize(22)
        self.preview.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        layout.addWidget(self.preview, 1)
        self.builder.currentIndexChanged.connect(self._on_builder)
        self.column.currentIndexChanged.connect(self.refresh)
        self.level.valueChanged.connect(self.refresh)
        self._on_builder()
        for edit in (self.path, self.widths, self.breaks, self.bottom, self.top, self.dates):
            edit.editingFinished.connect(self.refresh)
        self.quantiles.toggled.connect(self.refresh)
        self.merge.textChanged.connect(self.refresh)

    def set_columns(self, table: Optional[EncodedTable], qids: Sequence[str]) -> None:
        self.table = table
        current = self.column.currentText()
        self.column.blockSignals(True)
        self.column.clear()
        self.column.addItems(list(qids))
        if current in qids:
            self.column.setCurrentText(current)
        self.column.blockSignals(False)
        self.refresh()

    def use_file(self, path: str) -> None:
        """Recode by the hierarchy file ``path``."""
        self.builder.setCurrentIndex(self.builder.findData("hierarchy"))
        self.path.setText(path)
        self.refresh()

    def load(self, step: Recode) -> None:
        """Fill the builder with ``step``'s hierarchy and level."""
        spec, params = step.hierarchy, dict(step.hierarchy.params)
        self.column.setCurrentText(step.column)
        self.builder.setCurrentIndex(max(0, self.builder.findData(spec.kind)))
        if spec.kind == "hierarchy":
            self.path.setText(spec.path or "")
        elif spec.kind == "intervals":
            self.widths.setText(", ".join(f"{whole(w)}" for w in params["widths"]))
        elif spec.kind == "breaks":
            self.breaks.setText(" | ".join(", ".join(f"{whole(x)}" for x in level) for level in params["breaks"]))
        elif spec.kind == "top_bottom":
            self.quantiles.setChecked("bottom_quantile" in params or "top_quantile" in params)
            for edit, keys in ((self.bottom, ("bottom", "bottom_quantile")), (self.top, ("top", "top_quantile"))):
                value = next((params[k] for k in keys if k in params), None)
                edit.setText("" if value is None else f"{whole(value)}")
        elif spec.kind == "dates":
            self.dates.setText(", ".join(params["steps"]))
        else:
            self.merge.setPlainText("\n".join(f"{name} = {', '.join(values)}" for name, values in params["groups"]))
        self.refresh()
        self.level.setValue(step.level)

    @Slot()
    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            translate("scenarios.step_form", "A hierarchy file"),
            "",
            hierarchy_filter(),
        )
        if path:
            self.path.setText(path)
            self.refresh()

    @Slot()
    def _on_builder(self) -> None:
        index = self.builder.currentIndex()
        self.params.setCurrentIndex(index)
        self.params.setFixedHeight(self.params.currentWidget().sizeHint().height())
        self.param_hint.setText(translate("scenarios.step_form", PARAM_HINTS[index]))
        self.refresh()

    def builder_table(self) -> dict[str, Any]:
        """The recode's builder keys as in a ``[[scenario]]`` step."""
        kind = self.builder.currentData()
        if kind == "hierarchy":
            if not self.path.text().strip():
                raise InputError(translate("scenarios.step_form", "recode: choose a hierarchy file"))
            return {"hierarchy": self.path.text().strip()}
        if kind == "intervals":
            return {
                "intervals": [
                    whole(w) for w in numbers(self.widths.text(), translate("scenarios.step_form", "interval widths"))
                ]
            }
        if kind == "breaks":
            return {
                "breaks": [
                    [whole(x) for x in numbers(level, translate("scenarios.step_form", "cut points"))]
                    for level in self.breaks.text().split("|")
                ]
            }
        if kind == "top_bottom":
            keys = ("bottom_quantile", "top_quantile") if self.quantiles.isChecked() else ("bottom", "top")
            out = {key: whole(numbers(edit.text(), key.replace("_", " "))[0])
                   for key, edit in zip(keys, (self.bottom, self.top)) if edit.text().strip()}
            if not out:
                raise InputError(
                    translate(
                        "scenarios.step_form", "top and bottom coding: give a value to group below, above, or both"
                    )
                )
            return out
        if kind == "dates":
            return {"dates": [s.strip() for s in self.dates.text().split(",") if s.strip()]}
        groups: dict[str, list[str]] = {}
        for number, line in enumerate(self.merge.toPlainText().splitlines(), start=1):
            if not line.strip():
                continue
            if "=" not in line:
                raise InputError(
                    translate(
                        "scenarios.step_form", "merged categories, line {0}: write new name = value, value, ..."
                    ).format(number)
                )
            name, values = line.split("=", 1)
            groups[name.strip()] = [v.strip() for v in values.split(",") if v.strip()]
        if not groups:
            raise InputError(
                translate("scenarios.step_form", "merged categories: give at least one group (new name = value, value)")
            )
        return {"merge": groups}

    def spec(self) -> HierarchySpec:
        step = parse_step({"op": "recode", "column": self.column.currentText() or "?", "level": 1,
                           **self.builder_table()}, "recode")
        assert isinstance(step, Recode)
        return step.hierarchy

    def step_table(self) -> dict[str, Any]:
        return {"op": "recode", "column": self.column.currentText(), "level": self.level.value(),
                **self.builder_table()}

    @Slot()
    def refresh(self) -> None:
        """Build the hierarchy and show the categories at the level with their counts."""
        self.hierarchy = None
        self.preview.setRowCount(0)
        name = self.column.currentText()
        if self.table is None or not name:
            self.summary.setText(translate("scenarios.step_form", "Choose a quasi-identifier on the Data page first."))
            return
        column = self.table[name]
        try:
            self.hierarchy = build_hierarchy(self.spec(), column)
            top = self.hierarchy.top
            self.level.blockSignals(True)
            self.level.setRange(1, max(1, top))
            self.level.blockSignals(False)
            pairs = level_counts(self.hierarchy, column, min(self.level.value(), top))
        except InputError as exc:
            self.summary.setText(translate("scenarios.step_form", "Cannot preview: {0}").format(render(error_text(exc))))
            self.changed.emit()
            return
        before = column.cardinality
        more = (
            translate("scenarios.step_form", " The {0} commonest are listed.").format(PREVIEW_ROWS)
            if len(pairs) > PREVIEW_ROWS
            else ""
        )
        self.summary.setText(
            translate(
                "scenarios.step_form",
                "{name} at level {level} of {top}: {categories} categories (was {before}); the smallest "
                "holds {smallest}.{more}",
            ).format(
                name=name,
                level=self.level.value(),
                top=self.hierarchy.top,
                categories=count_text(len(pairs)),
                before=count_text(before),
                smallest=translate_plural(
                    "scenarios.step_form", QT_TRANSLATE_NOOP("scenarios.step_form", "{0} record"),
                    QT_TRANSLATE_NOOP("scenarios.step_form", "{0} records"), pairs[-1][1]).format(count_text(pairs[-1][1])),
                more=more,
            )
            if pairs
            else translate("scenarios.step_form", "{0}: no records").format(name)
        )
        shown = pairs[:PREVIEW_ROWS]
        self.preview.setRowCount(len(shown))
        for row, (label, count) in enumerate(shown):
            category = QTableWidgetItem(translate("scenarios.step_form", "(missing)") if label is None else label)
            category.setData(Qt.ItemDataRole.UserRole, label)
            self.preview.setItem(row, 0, category)
            item = QTableWidgetItem(count_text(count))
            item.setData(Qt.ItemDataRole.UserRole, count)
            item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.preview.setItem(row, 1, item)
        self.changed.emit()

    def preview_pairs(self) -> list[tuple[Optional[str], int]]:
        """What the preview table shows, as (category, records): None for the missing values."""
        return [(self.preview.item(row, 0).data(Qt.ItemDataRole.UserRole),
                 self.preview.item(row, 1).data(Qt.ItemDataRole.UserRole)) for row in range(self.preview.rowCount())]


class StepForm(QGroupBox):
    """Choose a kind of step, fill it in, press Add: ``stepAdded`` carries the transformation."""

    stepAdded = Signal(object)
    stepReplaced = Signal(object)
    failed = Signal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(translate("scenarios.step_form", "Add a step"), parent)
        layout = QVBoxLayout(self)
        self.op = QComboBox()
        for key, label in OPS:
            self.op.addItem(translate("scenarios.step_form", label), key)
        layout.addWidget(self.op)
        self.forms = QStackedWidget()
        drop, drop_form = form_page()
        self.drop_column = QComboBox()
        drop_form.addRow(translate("scenarios.step_form", "Column"), self.drop_column)
        drop_form.addRow(note(translate("scenarios.step_form", "The column is left out of the released file.")))
        self.recode = RecodeBox()
        local, local_form = form_page()
        self.local_k = QSpinBox()
        fit_bounds(self.local_k, STEP_BOUNDS[("local_suppression", "k")])
        self.local_k.setValue(3)
        self.importance = QListWidget()
        self.importance.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.importance.setToolTip(
            translate("scenarios.step_form", "Drag to reorder: the columns at the top are blanked last.")
        )
        self.importance.setMaximumHeight(160)
        local_form.addRow("k", self.local_k)
        local_form.addRow(
            translate("scenarios.step_form", "Importance\n(most important first;\ndrag to reorder)"), self.importance
        )
        local_form.addRow(note(translate(
            "scenarios.step_form",
            "In records shared by fewer than k records, the least important value is blanked, then the groups "
            "are counted again.")))
        record, record_form = form_page()
        self.record_k = QSpinBox()
        fit_bounds(self.record_k, STEP_BOUNDS[("record_suppression", "k")])
        self.record_k.setValue(3)
        self.record_limit = QDoubleSpinBox()
        fit_bounds(self.record_limit, STEP_BOUNDS[("record_suppression", "max_percent")])
        self.record_limit.setValue(5.0)
        self.record_limit.setSuffix(" %")
        record_form.addRow("k", self.record_k)
        record_form.addRow(translate("scenarios.step_form", "At most"), self.record_limit)
        record_form.addRow(note(translate(
            "scenarios.step_form", "Records of groups smaller than k are removed, smallest groups first.")))
        sample, sample_form = form_page()
        self.fraction = QDoubleSpinBox()
        fit_bounds(self.fraction, STEP_BOUNDS[("sample", "fraction")], scale=100.0)
        self.fraction.setValue(50.0)
        self.fraction.setSuffix(translate("scenarios.step_form", " % of the records"))
        self.seed = QSpinBox()
        fit_bounds(self.seed, STEP_BOUNDS[("sample", "seed")])
        self.loaded_seed = 0
        sample_form.addRow(translate("scenarios.step_form", "Keep"), self.fraction)
        sample_form.addRow(translate("scenarios.step_form", "Seed"), self.seed)
        self.perturb = PerturbBox()
        for widget in (drop, self.recode, local, record, sample, self.perturb):
            self.forms.addWidget(widget)
        layout.addWidget(self.forms, 1)
        buttons = QVBoxLayout()   # one above the other: side by side, long translations are cut
        self.add_button = QPushButton(translate("scenarios.step_form", "Add the step to the scenario"))
        self.replace_button = QPushButton(translate("scenarios.step_form", "Replace the selected step"))
        self.replace_button.setToolTip(translate(
            "scenarios.step_form", "Put this step in place of the step selected in the list (Edit > Undo undoes it)."))
        self.replace_button.setEnabled(False)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.replace_button)
        layout.addLayout(buttons)
        self.op.currentIndexChanged.connect(self._on_op)
        self.add_button.clicked.connect(self.add)
        self.replace_button.clicked.connect(self.replace)

    @Slot()
    def _on_op(self) -> None:
        op = self.op.currentData()
        if op in PERTURB_OPS:
            self.perturb.set_op(op)
            self.forms.setCurrentWidget(self.perturb)
        else:
            self.forms.setCurrentIndex(self.op.currentIndex())

    def set_columns(self, table: Optional[EncodedTable], qids: Sequence[str], numeric_qids: Sequence[str] = ()) -> None:
        """The columns offered: the QIDs (categorical) and the numeric QIDs of the Data page."""
        self.perturb.set_columns(table, qids, numeric_qids)
        current = self.drop_column.currentText()
        self.drop_column.clear()
        self.drop_column.addItems(list(qids))
        if current in qids:
            self.drop_column.setCurrentText(current)
        order = [self.importance.item(i).text() for i in range(self.importance.count())]
        self.importance.clear()
        self.importance.addItems([q for q in order if q in qids] + [q for q in qids if q not in order])
        self.recode.set_columns(table, qids)

    def choose(self, op: str) -> None:
        self.op.setCurrentIndex([key for key, _ in OPS].index(op))

    def step_table(self) -> dict[str, Any]:
        """The step as its ``[[scenario]]`` TOML table."""
        op = self.op.currentData()
        if op == "drop":
            return {"op": "drop", "column": self.drop_column.currentText()}
        if op == "recode":
            return self.recode.step_table()
        if op == "local_suppression":
            return {"op": "local_suppression", "k": self.local_k.value(),
                    "importance": [self.importance.item(i).text() for i in range(self.importance.count())]}
        if op == "record_suppression":
            return {"op": "record_suppression", "k": self.record_k.value(),
                    "max_percent": option_value(self.record_limit)}
        if op in PERTURB_OPS:
            return self.perturb.step_table()
        return {"op": "sample", "fraction": option_value(self.fraction),
                "seed": kept_whole(self.seed, self.loaded_seed)}

    def step(self) -> Transform:
        if self.op.currentData() in PERTURB_OPS:
            return self.perturb.step()
        return parse_step(self.step_table(), translate("scenarios.step_form", "the new step"))

    def load(self, step: Transform) -> None:
        """Show ``step`` in the form, its values filled in (to change it and replace it)."""
        table = step_dict(step)
        self.choose(table["op"])
        if isinstance(step, PERTURBATIVE_STEPS):
            self.perturb.load(step)
        elif isinstance(step, Drop):
            self.drop_column.setCurrentText(step.column)
        elif isinstance(step, Recode):
            self.recode.load(step)
        elif isinstance(step, LocalSuppression):
            self.local_k.setValue(step.k)
            order = [self.importance.item(i).text() for i in range(self.importance.count())]
            listed = [c for c in step.importance if c in order]
            self.importance.clear()
            self.importance.addItems(listed + [c for c in order if c not in listed])
        elif isinstance(step, RecordSuppression):
            self.record_k.setValue(step.k)
            show_value(self.record_limit, step.max_percent)
        elif isinstance(step, Sample):
            show_value(self.fraction, step.fraction)
            self.loaded_seed = step.seed   # kept when beyond what the box holds
            show_whole(self.seed, step.seed)

    def _checked(self) -> Optional[Transform]:
        try:
            return self.step()
        except InputError as exc:
            self.failed.emit(render(error_text(exc)))
            return None

    @Slot()
    def add(self) -> None:
        step = self._checked()
        if step is not None:
            self.stepAdded.emit(step)

    @Slot()
    def replace(self) -> None:
        step = self._checked()
        if step is not None:
            self.stepReplaced.emit(step)

    def shutdown(self) -> bool:
        return self.perturb.shutdown()
