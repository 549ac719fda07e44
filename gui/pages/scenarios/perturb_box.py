"""The form of a perturbative step (microaggregation, noise, rank swapping, rounding of numeric
quasi-identifiers; PRAM of categorical ones) and its before/after histogram preview.

The form only turns what is chosen into the step's TOML table; the engine's
:func:`~engine.analysis.scenario_steps.parse_step` checks it and
:func:`~engine.remediation.step_preview.preview_step` applies it to the loaded data (a sample of
a large file) and counts the values before and after, on a worker thread."""

from __future__ import annotations

from typing import Any, Optional, Sequence

from matplotlib.ticker import MaxNLocator
from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QHBoxLayout, QLabel, QListWidget,
                               QListWidgetItem, QSpinBox, QVBoxLayout, QWidget)

from engine.api import InputError
from engine.api import EncodedTable
from engine.api import error_text, render
from engine.api import ColumnChange, StepPreview, preview_step
from engine.api import Microaggregate, Noise, Pram, RankSwap, Round, Transform, parse_step
from engine.api import STEP_BOUNDS

from ...i18n import translate
from ...jobs import JobRunner
from ...option_spin import fit_bounds, kept_whole, option_value, show_value, show_whole
from ...text import count as count_text
from ...widgets.canvas import POINT_COLOR, TEXT_SIZE, PlotCanvas

PERTURB_OPS = ("microaggregate", "noise", "rank_swap", "pram", "round")
NOTES = {
    "microaggregate": QT_TRANSLATE_NOOP(
        "scenarios.perturb_box",
        "Each value is replaced by the mean of a group of at least k records close on the chosen columns "
        "(multivariate MDAV, as sdcMicro's microaggregation)."),
    "noise": QT_TRANSLATE_NOOP(
        "scenarios.perturb_box",
        "Random noise is added: its standard deviation is the percentage of each column's; correlated noise "
        "has the columns' covariance, so their correlations are kept (as sdcMicro's addNoise)."),
    "rank_swap": QT_TRANSLATE_NOOP(
        "scenarios.perturb_box",
        "Values are swapped between records whose ranks differ by at most the percentage of the records."),
    "pram": QT_TRANSLATE_NOOP(
        "scenarios.perturb_box",
        "Categories are changed at random (invariant PRAM, as sdcMicro's pram): each kept with probability at "
        "least pd, mixed with the identity by alpha; the expected count of each category stays the same."),
    "round": QT_TRANSLATE_NOOP("scenarios.perturb_box", "Values are rounded to the nearest multiple of the base."),
}
BEFORE_COLOR = "#b8b8b8"
PREVIEW_DELAY_MS = 300
SHUTDOWN_MS = 120000


def _spin(op: str, key: str, value: float, decimals: int, step: float, suffix: str = "") -> QDoubleSpinBox:
    """A number box for the step value ``key`` of ``op``, its range from ``STEP_BOUNDS``."""
    spin = QDoubleSpinBox()
    spin.setDecimals(decimals)
    fit_bounds(spin, STEP_BOUNDS[(op, key)])
    spin.setSingleStep(step)
    spin.setValue(value)
    spin.setSuffix(suffix)
    return spin


class PreviewPlot(PlotCanvas):
    """One column before (grey bars) and after the step (blue): a histogram of a numeric column on
    the engine's bins, or the counts per category."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent, width=4.6, height=2.3)
        self.setMinimumSize(200, 170)   # fits the step form's column at 1024 px
        self.change: Optional[ColumnChange] = None
        self.show_empty("")

    def drawn_counts(self) -> tuple[list[int], list[int]]:
        """(before, after) as drawn: the heights of the bars (tests read them off the figure)."""
        if not self.figure.axes:
            return [], []
        ax = self.figure.axes[0]
        before = [int(round(p.get_height())) for p in ax.containers[0].patches]
        if self.change is not None and self.change.numeric:
            after = [int(round(v)) for v in ax.patches[-1].get_data().values]
        else:
            after = [int(round(p.get_height())) for p in ax.containers[1].patches]
        return before, after

    def show_change(self, change: Optional[ColumnChange]) -> None:
        self.reset()
        self.change = change
        if change is None:
            self.show_empty("")
            return
        ax = self.figure.add_subplot(111)
        before_label = translate("scenarios.perturb_box", "before")
        after_label = translate("scenarios.perturb_box", "after")
        if change.numeric:
            edges = change.edges
            widths = [b - a for a, b in zip(edges, edges[1:])]
            bars = ax.bar(edges[:-1], change.before, width=widths, align="edge", color=BEFORE_COLOR,
                          label=before_label)
            line = ax.stairs(change.after, edges, color=POINT_COLOR, linewidth=1.6, label=after_label)
            handles = [bars, line]
            ax.set_xlabel(change.column, fontsize=TEXT_SIZE)
            ax.xaxis.set_major_locator(MaxNLocator(nbins=4))
        else:
            labels = [translate("scenarios.perturb_box", "(missing)") if c is None else c for c in change.categories]
            before, after = list(change.before), list(change.after)
            if change.others_before or change.others_after:
                labels.append(translate("scenarios.perturb_box", "(others)"))
                before.append(change.others_before)
                after.append(change.others_after)
            x = range(len(labels))
            handles = [ax.bar([i - 0.2 for i in x], before, width=0.4, color=BEFORE_COLOR, label=before_label),
                       ax.bar([i + 0.2 for i in x], after, width=0.4, color=POINT_COLOR, label=after_label)]
            ax.set_xticks(list(x))
            ax.set_xticklabels(labels, rotation=30 if len(labels) > 4 else 0, ha="right" if len(labels) > 4
                               else "center", fontsize=TEXT_SIZE - 1)
        ax.set_ylabel(translate("scenarios.perturb_box", "records"), fontsize=TEXT_SIZE)
        ax.tick_params(labelsize=TEXT_SIZE - 1)
        ax.legend(handles=handles, fontsize=TEXT_SIZE - 1, frameon=False, ncol=2, loc="lower right",
                  bbox_to_anchor=(1.0, 1.0), borderaxespad=0.0)   # above the plot, clear of the bars
        ax.grid(axis="y", alpha=0.3)
        self.draw_idle()


class PerturbBox(QWidget):
    """The columns, the parameters of one perturbative step, and the preview."""

    changed = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.op = "microaggregate"
        self.table: Optional[EncodedTable] = None
        self.numeric: tuple[str, ...] = ()
        self.categorical: tuple[str, ...] = ()
        self.preview: Optional[StepPreview] = None
        self._stale = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.form = QFormLayout()
        self.columns = QListWidget()
        self.columns.setMaximumHeight(62)
        self.columns.setToolTip(translate("scenarios.perturb_box", "Tick the columns the step changes."))
        self.form.addRow(translate("scenarios.perturb_box", "Columns"), self.columns)
        self.k = QSpinBox()
        fit_bounds(self.k, STEP_BOUNDS[("microaggregate", "k")])
        self.k.setValue(3)
        self.method = QComboBox()
        self.method.addItem(translate("scenarios.perturb_box", "MDAV (maximum distance to average vector)"), "mdav")
        self.noise = _spin("noise", "percent", 10.0, 2, 1.0, translate("scenarios.perturb_box", " % of the sd"))
        self.correlated = QCheckBox(translate("scenarios.perturb_box", "correlated (two or more columns)"))
        self.swap = _spin("rank_swap", "percent", 5.0, 2, 1.0, translate("scenarios.perturb_box", " % of the ranks"))
        self.pd = _spin("pram", "pd", 0.8, 2, 0.05)
        self.pd.setToolTip(translate(
            "scenarios.perturb_box", "Lowest probability that a category is kept (each category's is drawn between pd "
            "and 1)."))
        self.alpha = _spin("pram", "alpha", 0.5, 2, 0.05)
        self.alpha.setToolTip(translate("scenarios.perturb_box",
                                        "Weight of the change: 0 keeps every value, 1 uses the drawn matrix as is."))
        self.base = _spin("round", "base", 1.0, 3, 1.0)
        self.seed = QSpinBox()
        fit_bounds(self.seed, STEP_BOUNDS[("noise", "seed")])   # every seeded step's; up to what a box holds
        self.loaded_seed = 0   # the seed of the step being edited (kept when beyond the box)
        self.seed.setToolTip(translate("scenarios.perturb_box", "The same seed gives the same released values."))
        self.form.addRow("k", self.k)
        self.form.addRow(translate("scenarios.perturb_box", "Method"), self.method)
        self.form.addRow(translate("scenarios.perturb_box", "Noise"), self.noise)
        self.form.addRow("", self.correlated)
        self.form.addRow(translate("scenarios.perturb_box", "Swap within"), self.swap)
        self.form.addRow(translate("scenarios.perturb_box", "Kept at least (pd)"), self.pd)
        self.form.addRow(translate("scenarios.perturb_box", "Mixed by (alpha)"), self.alpha)
        self.form.addRow(translate("scenarios.perturb_box", "Multiples of"), self.base)
        self.form.addRow(translate("scenarios.perturb_box", "Seed"), self.seed)
        layout.addLayout(self.form)
        self.note = QLabel("")
        self.note.setWordWrap(True)
        self.note.setObjectName("hint")
        layout.addWidget(self.note)
        self.summary = QLabel("")
        self.summary.setWordWrap(True)
        self.summary.setObjectName("priors")
        layout.addWidget(self.summary)
        row = QHBoxLayout()
        self.shown_label = QLabel(translate("scenarios.perturb_box", "Preview of"))
        self.shown = QComboBox()
        row.addWidget(self.shown_label)
        row.addWidget(self.shown, 1)
        layout.addLayout(row)
        self.plot = PreviewPlot()
        layout.addWidget(self.plot, 1)
        self.job = JobRunner("step-preview", self)
        self.job.finished.connect(self._on_preview)
        self.job.failed.connect(lambda error: self._show_failure(render(error.message)))
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(PREVIEW_DELAY_MS)
        self.timer.timeout.connect(self.refresh)
        self.columns.itemChanged.connect(lambda _item: self.timer.start())
        for spin in (self.k, self.seed):
            spin.valueChanged.connect(lambda _v: self.timer.start())
        for spin in (self.noise, self.swap, self.pd, self.alpha, self.base):
            spin.valueChanged.connect(lambda _v: self.timer.start())
        self.correlated.toggled.connect(lambda _v: self.timer.start())
        self.shown.currentIndexChanged.connect(self._show_column)
        self.set_op(self.op)

    # --- the form ------------------------------------------------------------------------------
    def set_columns(self, table: Optional[EncodedTable], qids: Sequence[str], numeric_qids: Sequence[str]) -> None:
        """The columns offered: the numeric QIDs to the numeric steps, the (categorical) QIDs to PRAM."""
        self.table = table
        self.numeric, self.categorical = tuple(numeric_qids), tuple(qids)
        self._fill_columns()

    def _offered(self) -> tuple[str, ...]:
        return self.categorical if self.op == "pram" else self.numeric

    def _fill_columns(self, ticked: Optional[Sequence[str]] = None) -> None:
        keep = set(self.chosen() if ticked is None else ticked)
        self.columns.blockSignals(True)
        self.columns.clear()
        for name in self._offered():
            item = QListWidgetItem(name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if name in keep else Qt.CheckState.Unchecked)
            self.columns.addItem(item)
        self.columns.blockSignals(False)
        self.timer.start()

    def set_op(self, op: str) -> None:
        """Show the parameters of ``op`` (one of :data:`PERTURB_OPS`)."""
        numeric_before = self.op != "pram"
        self.op = op
        rows = {"microaggregate": (self.k, self.method), "noise": (self.noise, self.correlated, self.seed),
                "rank_swap": (self.swap, self.seed), "pram": (self.pd, self.alpha, self.seed), "round": (self.base,)}
        for widget in (self.k, self.method, self.noise, self.correlated, self.swap, self.pd, self.alpha, self.base,
                       self.seed):
            self.form.setRowVisible(widget, widget in rows[op])
        self.note.setText(translate("scenarios.perturb_box", NOTES[op]))
        self._fill_columns(None if numeric_before == (op != "pram") else ())
        self.timer.start()

    def chosen(self) -> list[str]:
        return [self.columns.item(i).text() for i in range(self.columns.count())
                if self.columns.item(i).checkState() == Qt.CheckState.Checked]

    def tick(self, columns: Sequence[str]) -> None:
        """Tick exactly ``columns`` (those offered)."""
        self._fill_columns(columns)

    def step_table(self) -> dict[str, Any]:
        """The step as its ``[[scenario]]`` TOML table."""
        columns = self.chosen()
        if self.op == "microaggregate":
            return {"op": "microaggregate", "columns": columns, "k": self.k.value(),
                    "method": self.method.currentData()}
        seed = kept_whole(self.seed, self.loaded_seed)
        if self.op == "noise":
            return {"op": "noise", "columns": columns, "percent": option_value(self.noise),
                    "correlated": self.correlated.isChecked(), "seed": seed}
        if self.op == "rank_swap":
            return {"op": "rank_swap", "columns": columns, "percent": option_value(self.swap), "seed": seed}
        if self.op == "pram":
            return {"op": "pram", "columns": columns, "pd": option_value(self.pd), "alpha": option_value(self.alpha),
                    "seed": seed}
        return {"op": "round", "columns": columns, "base": option_value(self.base)}

    def step(self) -> Transform:
        """The step, checked by the engine; a one-line error when it is not complete."""
        if not self.chosen():
            raise InputError(self._no_columns())
        return parse_step(self.step_table(), translate("scenarios.perturb_box", "the new step"))

    def load(self, step: Transform) -> None:
        """Fill the form with ``step``'s values (to edit it): shown with the decimals they need,
        and a seed beyond what the box holds kept as the step has it."""
        if isinstance(step, Microaggregate):
            self.k.setValue(step.k)
        elif isinstance(step, Noise):
            show_value(self.noise, step.percent)
            self.correlated.setChecked(step.correlated)
        elif isinstance(step, RankSwap):
            show_value(self.swap, step.percent)
        elif isinstance(step, Pram):
            show_value(self.pd, step.pd)
            show_value(self.alpha, step.alpha)
        elif isinstance(step, Round):
            show_value(self.base, step.base)
        if isinstance(step, (Noise, RankSwap, Pram)):
            self.loaded_seed = step.seed
            show_whole(self.seed, step.seed)
        self.tick(step.columns)

    def _no_columns(self) -> str:
        if not self._offered():
            if self.op == "pram":
                return translate("scenarios.perturb_box", "Choose quasi-identifiers on the Data page first.")
            return translate("scenarios.perturb_box",
                             "Give numeric columns the role Numeric QID on the Data page first.")
        return translate("scenarios.perturb_box", "Tick at least one column.")

    # --- the preview ---------------------------------------------------------------------------
    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._stale:
            self.timer.start()

    @Slot()
    def refresh(self) -> None:
        """Preview the step on a worker thread (a newer preview supersedes a running one); while
        the form is hidden, when it is next shown."""
        self.timer.stop()
        self.preview = None
        self._stale = not self.isVisible()
        if self._stale:
            return
        if self.table is None:
            self._show_failure(translate("scenarios.perturb_box", "Open a data file first."))
            return
        try:
            step = self.step()
        except InputError as exc:
            self._show_failure(render(error_text(exc)))
            return
        missing = [c for c in step.columns if c not in self.table.columns]
        if missing:
            self._show_failure(translate("scenarios.perturb_box", "{0}: not in the loaded data").format(missing[0]))
            return
        table = self.table
        self.summary.setText(translate("scenarios.perturb_box", "Previewing... (the first preview of a method "
                                       "prepares it, which can take some seconds)"))
        self.job.submit(lambda progress, cancel: (step, preview_step(table, step)))

    def _show_failure(self, text: str) -> None:
        self.summary.setText(translate("scenarios.perturb_box", "Cannot preview: {0}").format(text))
        self.shown.blockSignals(True)
        self.shown.clear()
        self.shown.blockSignals(False)
        self.plot.show_change(None)
        self.changed.emit()

    @Slot(object)
    def _on_preview(self, result) -> None:
        step, preview = result
        self.preview = preview
        changed = sum(c.changed for c in preview.columns)
        if preview.sampled:
            text = translate("scenarios.perturb_box", "On a random sample of {0} of the {1} records: {2} values "
                             "changed. The run applies the step to every record.").format(
                count_text(preview.records), count_text(preview.total), count_text(changed))
        else:
            text = translate("scenarios.perturb_box", "On all {0} records: {1} values changed.").format(
                count_text(preview.records), count_text(changed))
        self.summary.setText(text)
        current = self.shown.currentText()
        self.shown.blockSignals(True)
        self.shown.clear()
        self.shown.addItems([c.column for c in preview.columns])
        if current in step.columns:
            self.shown.setCurrentText(current)
        self.shown.blockSignals(False)
        for widget in (self.shown_label, self.shown):   # the choice only when the step changes several columns
            widget.setVisible(len(preview.columns) > 1)
        self._show_column()
        self.changed.emit()

    @Slot()
    def _show_column(self) -> None:
        if self.preview is None:
            self.plot.show_change(None)
            return
        index = max(0, self.shown.currentIndex())
        self.plot.show_change(self.preview.columns[index] if index < len(self.preview.columns) else None)

    def shutdown(self) -> bool:
        """Stop previewing (the window closes): a preview inside a compiled kernel, or compiling
        it, cannot stop midway; it is waited for (seconds)."""
        self.timer.stop()
        return self.job.shutdown(SHUTDOWN_MS)
