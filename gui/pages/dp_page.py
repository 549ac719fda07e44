"""Differential privacy: what a chosen epsilon buys before noisy statistics are released.

Counting queries on a table (thesis ch. 6: privacy loss about a new record's sensitive value
and utility of the noisy count, oblivious and local mechanisms, several queries side by side)
and a thresholded count (Desfontaines et al. 2019: delta of a passive and of an active
attacker with partial knowledge). The page has its own file pickers, Run/Cancel, Open/Save
analysis and exports; every number comes from :func:`engine.dp.api.run_dp_analysis`.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Optional, Sequence

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QDoubleValidator
from PySide6.QtWidgets import (QAbstractItemView, QButtonGroup, QCheckBox, QComboBox, QDoubleSpinBox,
                               QFileDialog, QGridLayout, QGroupBox, QHBoxLayout, QHeaderView, QLabel,
                               QLineEdit, QListWidget, QListWidgetItem, QPushButton, QRadioButton,
                               QSpinBox, QSplitter, QTableWidget, QTableWidgetItem, QTabWidget,
                               QVBoxLayout, QWidget)

from engine.config import DataSource, ReportOptions
from engine.dp.config import DPConfig, DPScenario, ThresholdConfig, log_spaced_epsilons
from engine.dp.results import CountingPoint, DPAssessment, ThresholdPoint
from engine.errors import InputError
from engine.io.formats import FORMATS, list_columns
from engine.progress import Progress

from ..dialogs.errors import show_error
from ..jobs import JobError, JobRunner
from ..resources import icon
from ..text import duration
from ..widgets.dp_plots import CountingCurves, ThresholdPlot, TradeoffPlot, number
from ..widgets.run_bar import RunBar
from .common import banner, hint, page_layout, scrolling, title

DATA_FILTER = "Data files (" + " ".join(f"*{ext}" for ext in sorted(FORMATS)) + ");;All files (*)"
ANALYSIS_FILTER = "RiskReview analysis (*.toml)"
MECHANISM_CHOICES = (("both mechanisms", ("oblivious", "local")),
                     ("oblivious (central) only", ("oblivious",)),
                     ("local only", ("local",)))
MISSING = "(missing)"
MAX_LISTED_VALUES = 2000
SETUP_WIDTH = 440
TIPS = {
    "privacy_loss": "Posterior / prior chance of guessing the new record's sensitive value "
                    "(multiplicative Bayes leakage). 1 = the noisy count teaches the attacker nothing.",
    "utility": "Chance that the analyst's best guess of the real count, from the noisy count, is right.",
    "prior": "The attacker's chance of guessing the new record's sensitive value before the release "
             "(the most common value's share).",
    "posterior": "The attacker's chance of guessing it after seeing the noisy count.",
    "count_prior": "The analyst's chance of guessing the real count without the release.",
    "delta_active": "δ against an attacker who can choose (plant) the known votes: the worst number of "
                    "known yes-votes (APKDP).",
    "delta_passive": "δ against an attacker who only observes the known votes: the average over how many "
                     "of them are yes (PPKDP).",
    "worst": "The number of known yes-votes that gives the active attacker the largest δ.",
}


def parse_numbers(text: str, what: str) -> tuple[float, ...]:
    """Numbers separated by commas, semicolons or spaces; an InputError naming a bad item."""
    values = []
    for item in (t for t in re.split(r"[,;\s]+", text.strip()) if t):
        try:
            values.append(float(item))
        except ValueError:
            raise InputError(f"{what}: {item!r} is not a number") from None
    if not values:
        raise InputError(f"{what}: give at least one epsilon")
    return tuple(values)


def split_order(text: str) -> tuple[str, ...]:
    """A comma-separated domain order; empty means the default order."""
    if not text.strip():
        return ()
    return tuple(item.strip() for item in text.split(","))


class EpsilonEditor(QWidget):
    """Epsilons as a log-spaced range (from, to, count) or an explicit list."""

    def __init__(self, what: str, parent=None) -> None:
        super().__init__(parent)
        self.what = what
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        self.group = QButtonGroup(self)
        self.radio_range = QRadioButton("Log-spaced from")
        self.radio_list = QRadioButton("These values:")
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
        self.count.setSuffix(" values of ε")
        self.values = QLineEdit()
        self.values.setPlaceholderText("e.g. 0.405, 1.099, 2.303")
        self.values.setToolTip("Epsilons separated by commas (each > 0).")
        grid.addWidget(self.radio_range, 0, 0)
        row = QHBoxLayout()
        row.addWidget(self.low, 1)
        row.addWidget(QLabel("to"))
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
                raise InputError(f"{self.what}: 'from' ({self.low.value():g}) is larger than 'to' "
                                 f"({self.high.value():g})")
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
            self.values.setText(", ".join(f"{e:.6g}" for e in epsilons))
            self.radio_list.setChecked(True)


class DPRunBar(RunBar):
    """The run bar, counting (query, mechanism, epsilon) points."""

    @Slot(object)
    def update_progress(self, progress: Progress) -> None:
        if progress.stage == "dp" and progress.total:
            self._last = progress
            self.bar.setRange(0, progress.total)
            self.bar.setValue(progress.done)
            self.bar.setFormat(f"{progress.done:,} / {progress.total:,} points")
            self.title.setText("Computing privacy loss and utility")
            self._refresh()
            return
        super().update_progress(progress)

    @Slot()
    def _refresh(self) -> None:
        last = self._last
        if last is None or last.stage != "dp":
            super()._refresh()
            return
        text = f"elapsed {duration(self.elapsed)}"
        if last.eta is not None and last.done < last.total:
            text += f" · remaining about {duration(last.eta)}"
        self.detail.setText(text)


def _table(name: str, heads: Sequence[str], tips: Sequence[str]) -> QTableWidget:
    table = QTableWidget(0, len(heads))
    table.setObjectName(name)
    table.setHorizontalHeaderLabels(list(heads))
    for column, tip in enumerate(tips):
        if tip:
            table.horizontalHeaderItem(column).setToolTip(tip)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setAlternatingRowColors(True)
    table.verticalHeader().setVisible(False)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    table.verticalHeader().setDefaultSectionSize(22)
    return table


def _cell(text: str, tip: str = "", right: bool = False) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    if tip:
        item.setToolTip(tip)
    if right:
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return item


def percent(value: float, digits: int = 2) -> str:
    return "n/a" if value is None or not math.isfinite(value) else f"{100 * value:.{digits}f}%"


def fixed(value: float, digits: int = 4) -> str:
    return "n/a" if value is None or not math.isfinite(value) else f"{value:.{digits}f}"


def gap_sentence(points: Sequence[ThresholdPoint], known: int) -> str:
    """One sentence on the gap between the active and passive curves, at the epsilon nearest 1."""
    usable = [p for p in points if p.epsilon > 0]
    if not usable:
        return ""
    p = min(usable, key=lambda q: abs(math.log(q.epsilon)))
    active, passive = p.delta_active, p.delta_passive
    head = (f"At ε = {number(p.epsilon, 3)}, an attacker who only observes the {known:,} known votes (passive) "
            f"gets δ = {number(passive, 3)}; one who can choose them (active, worst case "
            f"{p.worst_known_yes:,} known yes-votes) gets δ = {number(active, 3)}. ")
    if not (math.isfinite(active) and math.isfinite(passive)):
        return head
    if active <= 0:
        return head + "Neither attacker learns anything beyond ε about the target's vote at this ε."
    if passive <= 0 or active >= 100 * passive:
        return head + ("The gap is what controlling the known votes buys: the release protects the target "
                       "against an attacker who merely knows some votes, but not against one who can plant them.")
    if active <= 2 * passive:
        return head + ("The curves are close: choosing the known votes gains the attacker little over observing "
                       "them.")
    return head + (f"Choosing the known votes multiplies the attacker's δ by about {active / passive:.3g} "
                   "over merely observing them.")


class DPPage(QWidget):
    """The differential-privacy release analysis, standalone: form, run, results, exports."""

    resultChanged = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.assessment: Optional[DPAssessment] = None
        self._scenarios: list[DPScenario] = []
        self._source: Optional[DataSource] = None
        self._report = ReportOptions()
        self._columns: list[str] = []
        self._values_column: Optional[str] = None
        self._pending_checks: tuple[str, ...] = ()
        self.columns_job = JobRunner("dp-columns", self)
        self.values_job = JobRunner("dp-values", self)
        self.run_job = JobRunner("dp-run", self)
        self.export_job = JobRunner("dp-export", self)
        self._build()
        self._connect_jobs()
        self._refresh_buttons()

    # --- building --------------------------------------------------------------------------
    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        body = QWidget()
        layout = page_layout(body)
        head = QHBoxLayout()
        head.addWidget(title("Differential privacy"))
        head.addStretch(1)
        self.open_button = QPushButton(icon("open"), "Open analysis...")
        self.open_button.setToolTip("Read a differential-privacy analysis (.toml) saved earlier.")
        self.open_button.clicked.connect(lambda: self.open_analysis())
        self.save_button = QPushButton(icon("save"), "Save analysis...")
        self.save_button.setToolTip("Write this form to a .toml file (also usable with `riskreview dp --config`).")
        self.save_button.clicked.connect(lambda: self.save_analysis())
        head.addWidget(self.open_button)
        head.addWidget(self.save_button)
        self.run_button = QPushButton(icon("run"), "Run the analysis")
        self.run_button.setObjectName("primary")
        self.run_button.setToolTip("Compute every query, mechanism and ε, and the thresholded count.")
        self.run_button.clicked.connect(self.run)
        head.addWidget(self.run_button)
        layout.addLayout(head)
        layout.addWidget(hint("Before publishing noisy statistics instead of microdata: how much does an attacker "
                              "still learn about a person's sensitive value, and how much can an analyst still "
                              "trust the count, for each ε?"))
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        setup = QWidget()
        setup_layout = QVBoxLayout(setup)
        setup_layout.setContentsMargins(0, 0, 6, 0)
        setup_layout.addWidget(self._counting_box())
        setup_layout.addWidget(self._threshold_box())
        setup_layout.addStretch(1)
        setup_area = scrolling(setup)
        setup_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        setup_area.setMinimumWidth(SETUP_WIDTH)
        self.setup = setup
        self.splitter.addWidget(setup_area)
        self.splitter.addWidget(self._results())
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([SETUP_WIDTH + 10, 640])
        layout.addWidget(self.splitter, 1)
        outer.addWidget(body, 1)
        self.run_bar = DPRunBar()
        self.run_bar.cancelRequested.connect(self.cancel)
        outer.addWidget(self.run_bar)

    def _counting_box(self) -> QGroupBox:
        box = QGroupBox("Counting queries on a table")
        layout = QVBoxLayout(box)
        row = QHBoxLayout()
        row.addWidget(QLabel("Data file:"))
        self.data_path = QLineEdit()
        self.data_path.setObjectName("dpDataPath")
        self.data_path.setPlaceholderText("a CSV, Parquet, Excel, SPSS, Stata or SAS file")
        self.data_path.editingFinished.connect(self._on_path_edited)
        row.addWidget(self.data_path, 1)
        browse = QPushButton(icon("open"), "Browse...")
        browse.clicked.connect(self.browse_data)
        row.addWidget(browse)
        layout.addLayout(row)
        self.columns_note = hint("")
        layout.addWidget(self.columns_note)
        grid = QGridLayout()
        grid.addWidget(QLabel("Secret (sensitive) column:"), 0, 0)
        self.sensitive = QComboBox()
        self.sensitive.setObjectName("dpSensitive")
        self.sensitive.setToolTip("What the attacker wants to learn about the new record (e.g. income).")
        self.sensitive.setPlaceholderText("choose a column")
        self.sensitive.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.sensitive.setMinimumContentsLength(12)
        grid.addWidget(self.sensitive, 0, 1)
        grid.addWidget(QLabel("Counted (useful) column:"), 1, 0)
        self.useful = QComboBox()
        self.useful.setObjectName("dpUseful")
        self.useful.setToolTip("The column the published count is about.")
        self.useful.setPlaceholderText("choose a column")
        self.useful.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.useful.setMinimumContentsLength(12)
        self.useful.currentIndexChanged.connect(self._on_useful)
        grid.addWidget(self.useful, 1, 1)
        grid.setColumnStretch(1, 1)
        layout.addLayout(grid)
        layout.addWidget(QLabel("Count the records whose counted value is one of:"))
        self.values = QListWidget()
        self.values.setObjectName("dpPredicate")
        self.values.setMinimumHeight(84)
        self.values.setMaximumHeight(120)
        self.values.setToolTip("Tick the values of the counted column that the query counts.")
        layout.addWidget(self.values)
        self.values_note = hint("Choose the counted column to list its values.")
        layout.addWidget(self.values_note)
        order_row = QHBoxLayout()
        order_row.addWidget(QLabel("Domain order (local mechanism):"))
        self.order = QLineEdit()
        self.order.setObjectName("dpOrder")
        self.order.setPlaceholderText("default: the order listed above")
        order_row.addWidget(self.order, 1)
        layout.addLayout(order_row)
        layout.addWidget(hint("Empty: numeric order when every value is a number, else order of first appearance "
                              "(as listed above). Otherwise every value, comma separated, e.g. low, medium, high: "
                              "the local mechanism reports nearby values more often."))
        add_row = QHBoxLayout()
        self.add_button = QPushButton("Add query")
        self.add_button.setObjectName("dpAddQuery")
        self.add_button.clicked.connect(self.add_current_scenario)
        add_row.addWidget(self.add_button)
        add_row.addStretch(1)
        layout.addLayout(add_row)
        self.scenario_table = QTableWidget(0, 3)
        self.scenario_table.setObjectName("dpScenarios")
        self.scenario_table.setHorizontalHeaderLabels(["Query", "Domain order", ""])
        self.scenario_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.scenario_table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.scenario_table.verticalHeader().setVisible(False)
        self.scenario_table.setWordWrap(True)
        header = self.scenario_table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.scenario_table.setMinimumHeight(90)
        self.scenario_table.setMaximumHeight(150)
        layout.addWidget(self.scenario_table)
        eps_box = QGroupBox("Epsilons")
        eps_layout = QVBoxLayout(eps_box)
        self.epsilons = EpsilonEditor("counting epsilons")
        eps_layout.addWidget(self.epsilons)
        mech_row = QHBoxLayout()
        mech_row.addWidget(QLabel("Mechanism:"))
        self.mechanism = QComboBox()
        self.mechanism.setObjectName("dpMechanism")
        for text, value in MECHANISM_CHOICES:
            self.mechanism.addItem(text, value)
        self.mechanism.setToolTip("Oblivious: the curator adds truncated geometric noise to the true count. "
                                  "Local: every record's value is perturbed before counting.")
        mech_row.addWidget(self.mechanism, 1)
        eps_layout.addLayout(mech_row)
        layout.addWidget(eps_box)
        return box

    def _threshold_box(self) -> QGroupBox:
        box = QGroupBox("Thresholded count: passive against active attackers")
        layout = QVBoxLayout(box)
        self.include_threshold = QCheckBox("Include the thresholded count")
        self.include_threshold.setObjectName("dpIncludeThreshold")
        self.include_threshold.toggled.connect(self._on_include_threshold)
        layout.addWidget(self.include_threshold)
        layout.addWidget(hint("A count released only when it reaches the threshold. Each voter votes yes with "
                              "probability p; the attacker knows some of the other votes and wants the target's."))
        grid = QGridLayout()
        self.voters = QSpinBox()
        self.voters.setRange(1, 100_000_000)
        self.voters.setGroupSeparatorShown(True)
        self.threshold = QSpinBox()
        self.threshold.setRange(0, 100_000_000)
        self.threshold.setGroupSeparatorShown(True)
        self.threshold.setToolTip("0 = no threshold (a plain count).")
        self.known = QSpinBox()
        self.known.setRange(0, 100_000_000)
        self.known.setGroupSeparatorShown(True)
        self.known.setToolTip("How many of the other voters' votes the attacker knows.")
        self.p = QLineEdit()
        self.p.setValidator(QDoubleValidator(0.0, 1.0, 12))
        self.p.setToolTip("The probability that a voter votes yes (e.g. 0.001).")
        for row, (label, widget) in enumerate((("Voters:", self.voters), ("Threshold:", self.threshold),
                                               ("Known votes:", self.known), ("p (yes):", self.p))):
            grid.addWidget(QLabel(label), row // 2, (row % 2) * 2)
            grid.addWidget(widget, row // 2, (row % 2) * 2 + 1)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        layout.addLayout(grid)
        self.threshold_epsilons = EpsilonEditor("thresholded-count epsilons")
        layout.addWidget(self.threshold_epsilons)
        example_row = QHBoxLayout()
        self.example_button = QPushButton("Desfontaines' example")
        self.example_button.setObjectName("dpExample")
        self.example_button.setToolTip("1,000 voters, threshold 100, 100 known votes, a small p: negligible δ "
                                       "for a passive attacker, a large one for an active attacker.")
        self.example_button.clicked.connect(self.fill_desfontaines_example)
        example_row.addWidget(self.example_button)
        example_row.addStretch(1)
        layout.addLayout(example_row)
        self._threshold_fields = (self.voters, self.threshold, self.known, self.p, self.threshold_epsilons)
        self.set_threshold(ThresholdConfig.desfontaines_example(), include=False)
        return box

    def _results(self) -> QWidget:
        widget = QWidget()
        layout = QVBoxLayout(widget)
        layout.setContentsMargins(6, 0, 0, 0)
        self.summary = QLabel("No results yet: add a counting query or include the thresholded count, then Run.")
        self.summary.setObjectName("dpSummary")
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.warnings = banner()
        self.warnings.setVisible(False)
        layout.addWidget(self.warnings)
        self.tabs = QTabWidget()
        self.curves = CountingCurves()
        self.tabs.addTab(self._tab(self.curves, "Solid lines: oblivious (central) mechanism; dashed: local. "
                                   "One colour per query. Point at a dot for its values."), "Loss && utility")
        self.tradeoff = TradeoffPlot()
        self.tabs.addTab(self._tab(self.tradeoff, "Up and to the left is better: more utility for less privacy "
                                   "loss. Each dot is one ε."), "Trade-off")
        self.points_table = _table("dpPoints", ["Query", "Mechanism", "ε", "Privacy loss", "Prior", "Posterior",
                                                "Utility", "Count prior"],
                                   ["", "", "", TIPS["privacy_loss"], TIPS["prior"], TIPS["posterior"],
                                    TIPS["utility"], TIPS["count_prior"]])
        self.tabs.addTab(self._tab(self.points_table, "Prior/posterior: the attacker's chance of guessing the new "
                                   "record's secret; privacy loss is their ratio. Utility and count prior: the "
                                   "analyst's chance of guessing the real count with and without the release."),
                         "Points")
        threshold_tab = QWidget()
        threshold_layout = QVBoxLayout(threshold_tab)
        self.gap = QLabel("")
        self.gap.setObjectName("dpGap")
        self.gap.setWordWrap(True)
        threshold_layout.addWidget(self.gap)
        self.threshold_plot = ThresholdPlot()
        threshold_layout.addWidget(self.threshold_plot, 3)
        self.threshold_table = _table("dpThresholdPoints", ["ε", "δ active", "worst known yes-votes", "δ passive"],
                                      ["", TIPS["delta_active"], TIPS["worst"], TIPS["delta_passive"]])
        self.threshold_table.setMinimumHeight(110)
        threshold_layout.addWidget(self.threshold_table, 1)
        self.tabs.addTab(threshold_tab, "Thresholded count")
        layout.addWidget(self.tabs, 1)
        export_row = QHBoxLayout()
        self.status = QLabel("")
        self.status.setObjectName("dpStatus")
        self.status.setWordWrap(True)
        export_row.addWidget(self.status, 1)
        self.pdf_button = QPushButton(icon("export"), "Export PDF...")
        self.pdf_button.clicked.connect(lambda: self.export_pdf())
        self.csv_button = QPushButton(icon("export"), "Export CSV+JSON...")
        self.csv_button.clicked.connect(lambda: self.export_csv())
        export_row.addWidget(self.pdf_button)
        export_row.addWidget(self.csv_button)
        layout.addLayout(export_row)
        return widget

    @staticmethod
    def _tab(content: QWidget, text: str) -> QWidget:
        tab = QWidget()
        layout = QVBoxLayout(tab)
        layout.addWidget(hint(text))
        layout.addWidget(content, 1)
        return tab

    def _connect_jobs(self) -> None:
        self.columns_job.finished.connect(self._on_columns)
        self.columns_job.failed.connect(self._on_columns_failed)
        self.values_job.finished.connect(self._on_values)
        self.values_job.failed.connect(self._on_values_failed)
        self.run_job.progress.connect(self.run_bar.update_progress)
        self.run_job.finished.connect(self._on_run_finished)
        self.run_job.failed.connect(self._on_run_failed)
        self.run_job.cancelled.connect(self._on_run_cancelled)
        self.export_job.finished.connect(self._on_export_finished)
        self.export_job.failed.connect(self._on_export_failed)
        self.export_job.cancelled.connect(self._on_export_cancelled)
        for runner in (self.run_job, self.export_job):
            runner.busyChanged.connect(self._on_busy)

    # --- the data file and its columns ----------------------------------------------------------
    @Slot()
    def browse_data(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a data file", self.data_path.text(), DATA_FILTER)
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
        self.columns_note.setText("Reading the columns...")
        self.columns_job.submit(lambda progress, cancel: (source, list_columns(source)))

    @Slot(object)
    def _on_columns(self, result) -> None:
        source, names = result
        if source != self.data_source():
            return
        self._columns = list(names)
        self._fill_columns(self._columns)
        self.columns_note.setText(f"{Path(source.path).name}: {len(names):,} columns.")

    @Slot(object)
    def _on_columns_failed(self, error: JobError) -> None:
        self.columns_note.setText("The file could not be read.")
        show_error(self, "The data file could not be read", error.message, error.details)

    def _fill_columns(self, names: Sequence[str]) -> None:
        for combo in (self.sensitive, self.useful):
            current = combo.currentText()
            combo.blockSignals(True)
            combo.clear()
            combo.addItems(list(names))
            combo.setCurrentIndex(combo.findText(current) if current in names else -1)
            combo.blockSignals(False)
        self._on_useful()

    @Slot()
    def _on_useful(self) -> None:
        column = self.useful.currentText() if self.useful.currentIndex() >= 0 else ""
        source = self.data_source()
        if not column or source is None:
            self.values.clear()
            self._values_column = None
            self.values_note.setText("Choose the counted column to list its values.")
            return
        if column == self._values_column and self.values.count():
            return
        self.values.clear()
        self._values_column = None
        self.values_note.setText(f"Reading the values of {column}...")

        def work(progress, cancel):
            from engine.dp.counting import default_useful_order
            from engine.io.loader import load_table

            encoded = load_table(source, [column], cancel)[column]
            order = default_useful_order(encoded)
            values = [encoded.label_text(int(code)) for code in order[:MAX_LISTED_VALUES]]
            missing = [int(code) == encoded.missing_code for code in order[:MAX_LISTED_VALUES]]
            return source, column, values, missing, encoded.cardinality

        self.values_job.submit(work)

    @Slot(object)
    def _on_values(self, result) -> None:
        source, column, values, missing, cardinality = result
        if source != self.data_source() or column != self.useful.currentText():
            return
        self.values.clear()
        for text, is_missing in zip(values, missing):
            item = QListWidgetItem(MISSING if is_missing else text)
            item.setData(Qt.ItemDataRole.UserRole, "" if is_missing else text)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if item.data(Qt.ItemDataRole.UserRole) in self._pending_checks
                               else Qt.CheckState.Unchecked)
            self.values.addItem(item)
        self._pending_checks = ()
        self._values_column = column
        more = f" (the first {MAX_LISTED_VALUES:,} are listed)" if cardinality > len(values) else ""
        self.values_note.setText(f"{column}: {cardinality:,} distinct values{more}, in the default domain order.")

    @Slot(object)
    def _on_values_failed(self, error: JobError) -> None:
        self.values_note.setText("The values could not be read.")
        show_error(self, "The column's values could not be read", error.message, error.details)

    # --- scenarios --------------------------------------------------------------------------------
    def checked_values(self) -> tuple[str, ...]:
        return tuple(self.values.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.values.count())
                     if self.values.item(i).checkState() == Qt.CheckState.Checked)

    def set_checked_values(self, texts: Sequence[str]) -> None:
        """Tick these values (as text, "" for missing); remembered until the values are listed."""
        wanted = set(texts)
        if self._values_column != self.useful.currentText() or not self.values.count():
            self._pending_checks = tuple(texts)
            return
        for i in range(self.values.count()):
            item = self.values.item(i)
            item.setCheckState(Qt.CheckState.Checked if item.data(Qt.ItemDataRole.UserRole) in wanted
                               else Qt.CheckState.Unchecked)

    def editor_scenario(self) -> DPScenario:
        """The query in the editor; InputError saying what is missing."""
        if self.sensitive.currentIndex() < 0:
            raise InputError("choose the secret (sensitive) column")
        if self.useful.currentIndex() < 0:
            raise InputError("choose the counted (useful) column")
        predicate = self.checked_values()
        if not predicate:
            raise InputError(f"tick at least one value of {self.useful.currentText()!r} to count")
        return DPScenario(sensitive=self.sensitive.currentText(), useful=self.useful.currentText(),
                          predicate=predicate, useful_order=split_order(self.order.text()))

    @Slot()
    def add_current_scenario(self) -> bool:
        try:
            scenario = self.editor_scenario()
        except InputError as exc:
            show_error(self, "The query is not complete", str(exc))
            return False
        if any(s.label() == scenario.label() for s in self._scenarios):
            show_error(self, "The query is already listed", scenario.label())
            return False
        self.set_scenarios(self._scenarios + [scenario])
        return True

    def scenarios(self) -> tuple[DPScenario, ...]:
        return tuple(self._scenarios)

    def set_scenarios(self, scenarios: Sequence[DPScenario]) -> None:
        self._scenarios = list(scenarios)
        table = self.scenario_table
        table.setRowCount(len(self._scenarios))
        for row, scenario in enumerate(self._scenarios):
            table.setItem(row, 0, _cell(scenario.label(), scenario.label()))
            order = ", ".join(scenario.useful_order) if scenario.useful_order else "default"
            table.setItem(row, 1, _cell(order, order))
            remove = QPushButton("Remove")
            remove.setToolTip("Remove this query")
            remove.clicked.connect(lambda _=False, s=scenario: self.remove_scenario(self._scenarios.index(s)))
            table.setCellWidget(row, 2, remove)
        table.resizeRowsToContents()
        self._refresh_buttons()

    def remove_scenario(self, row: int) -> None:
        if 0 <= row < len(self._scenarios):
            self.set_scenarios(self._scenarios[:row] + self._scenarios[row + 1:])

    # --- thresholded count -------------------------------------------------------------------------
    @Slot()
    def fill_desfontaines_example(self) -> None:
        self.set_threshold(ThresholdConfig.desfontaines_example(), include=True)

    def set_threshold(self, config: Optional[ThresholdConfig], include: bool = True) -> None:
        if config is not None:
            self.voters.setValue(int(config.voters))
            self.threshold.setValue(int(config.threshold))
            self.known.setValue(int(config.known))
            self.p.setText(f"{config.p:g}")
            self.threshold_epsilons.set_epsilons(config.epsilons)
        self.include_threshold.setChecked(include and config is not None)
        self._on_include_threshold()

    @Slot()
    def _on_include_threshold(self) -> None:
        for widget in self._threshold_fields:
            widget.setEnabled(self.include_threshold.isChecked())

    def threshold_config(self) -> Optional[ThresholdConfig]:
        if not self.include_threshold.isChecked():
            return None
        try:
            p = float(self.p.text().strip().replace(",", "."))
        except ValueError:
            raise InputError(f"thresholded count: p {self.p.text()!r} is not a number") from None
        return ThresholdConfig(voters=self.voters.value(), threshold=self.threshold.value(),
                               known=self.known.value(), p=p, epsilons=self.threshold_epsilons.epsilons())

    # --- the analysis as a config -----------------------------------------------------------------
    def config(self) -> DPConfig:
        """The form as a :class:`DPConfig` (InputError on unreadable numbers)."""
        scenarios = tuple(self._scenarios)
        epsilons = self.epsilons.epsilons() if scenarios else ()
        return DPConfig(data=self.data_source(), scenarios=scenarios, epsilons=epsilons,
                        mechanisms=self.mechanism.currentData(), threshold=self.threshold_config(),
                        report=self._report)

    def set_config(self, config: DPConfig) -> None:
        """Fill the form from ``config`` (an opened analysis)."""
        self._report = config.report
        self.set_scenarios(config.scenarios)
        if config.epsilons:
            self.epsilons.set_epsilons(config.epsilons)
        for index, (_, value) in enumerate(MECHANISM_CHOICES):
            if tuple(config.mechanisms) == value:
                self.mechanism.setCurrentIndex(index)
        if config.threshold is not None:
            self.set_threshold(config.threshold, include=True)
        else:
            self.include_threshold.setChecked(False)
        if config.data is not None:
            self.set_data_path(config.data.path, config.data)
        else:
            self.set_data_path("")

    def open_analysis(self, path: Optional[str] = None) -> bool:
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, "Open a differential-privacy analysis", "", ANALYSIS_FILTER)
            if not path:
                return False
        try:
            config = DPConfig.from_toml(path)
        except InputError as exc:
            show_error(self, "The analysis could not be opened", str(exc))
            return False
        self.set_config(config)
        self.status.setText(f"Opened {Path(path).name}.")
        return True

    def save_analysis(self, path: Optional[str] = None) -> bool:
        try:
            config = self.config()
            config.validate()
        except InputError as exc:
            show_error(self, "The analysis cannot be saved yet", str(exc))
            return False
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, "Save the analysis", "dp_analysis.toml", ANALYSIS_FILTER)
            if not path:
                return False
        from engine.report.atomic import atomic_text

        try:
            with atomic_text(Path(path)) as handle:
                handle.write(config.to_toml())
        except InputError as exc:
            show_error(self, "The analysis could not be saved", str(exc))
            return False
        except OSError as exc:
            show_error(self, "The analysis could not be saved", f"{path}: {exc.strerror or exc}")
            return False
        self.status.setText(f"Saved the analysis to {Path(path).name}.")
        return True

    # --- running ------------------------------------------------------------------------------
    @Slot()
    def run(self) -> bool:
        if self.run_job.busy:
            return False
        if not self._scenarios and self.useful.currentIndex() >= 0 and self.checked_values():
            if not self.add_current_scenario():  # a query filled in but not added yet: add it
                return False
        try:
            config = self.config()
            config.validate()
        except InputError as exc:
            show_error(self, "The analysis cannot run", str(exc))
            return False

        def work(progress, cancel):
            from engine.dp.api import run_dp_analysis

            return run_dp_analysis(config, on_progress=progress, cancel=cancel)

        self.status.setText("")
        self.run_bar.begin("Starting the analysis")
        self.run_job.submit(work)
        return True

    @Slot()
    def cancel(self) -> None:
        self.run_job.cancel()
        self.export_job.cancel()

    @Slot(object)
    def _on_run_finished(self, assessment: DPAssessment) -> None:
        self.run_bar.end()
        self.show_assessment(assessment)

    @Slot(object)
    def _on_run_failed(self, error: JobError) -> None:
        self.run_bar.end()
        show_error(self, "The analysis could not run", error.message, error.details)

    @Slot()
    def _on_run_cancelled(self) -> None:
        self.run_bar.end()
        self.status.setText("Cancelled: nothing was kept from that run.")

    @Slot(bool)
    def _on_busy(self, _busy: bool = False) -> None:
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        running = self.run_job.busy
        exporting = self.export_job.busy
        self.run_button.setEnabled(not running)
        self.open_button.setEnabled(not running)
        has_result = self.assessment is not None
        self.pdf_button.setEnabled(has_result and not exporting)
        self.csv_button.setEnabled(has_result and not exporting)

    # --- results ----------------------------------------------------------------------------------
    def show_assessment(self, assessment: DPAssessment) -> None:
        self.assessment = assessment
        a = assessment
        parts = []
        if a.dataset is not None:
            queries = len(a.config.scenarios)
            parts.append(f"<b>{a.dataset.name}</b>: {a.dataset.rows:,} records; {queries} "
                         f"quer{'y' if queries == 1 else 'ies'} × {len(a.config.mechanisms)} "
                         f"mechanism{'s' if len(a.config.mechanisms) != 1 else ''} × {len(a.config.epsilons)} ε.")
        if a.config.threshold is not None:
            t = a.config.threshold
            parts.append(f"Thresholded count: {t.voters:,} voters, threshold {t.threshold:,}, {t.known:,} known "
                         f"votes, p = {t.p:g}.")
        seconds = sum(a.timings.values())
        parts.append(f"Computed in {duration(seconds)}.")
        self.summary.setText(" ".join(parts))
        self.warnings.setText("<br>".join(f"Warning: {w}" for w in a.warnings))
        self.warnings.setVisible(bool(a.warnings))
        self.curves.show_points(a.dp)
        self.tradeoff.show_points(a.dp)
        self._fill_points(a.dp)
        self.threshold_plot.show_points(a.threshold)
        self._fill_threshold(a.threshold)
        known = a.config.threshold.known if a.config.threshold is not None else 0
        self.gap.setText(gap_sentence(a.threshold, known) if a.threshold else
                         "No thresholded count in this analysis.")
        if not a.dp and a.threshold:
            self.tabs.setCurrentIndex(3)
        elif a.dp and self.tabs.currentIndex() == 3 and not a.threshold:
            self.tabs.setCurrentIndex(0)
        self._refresh_buttons()
        self.resultChanged.emit()

    def _fill_points(self, points: Sequence[CountingPoint]) -> None:
        table = self.points_table
        table.setRowCount(len(points))
        for row, p in enumerate(points):
            cells = (_cell(p.scenario, p.scenario), _cell(p.mechanism),
                     _cell(f"{p.epsilon:.4g}", right=True), _cell(fixed(p.privacy_loss), right=True),
                     _cell(percent(p.prior_vulnerability), right=True),
                     _cell(percent(p.posterior_vulnerability), right=True),
                     _cell(fixed(p.utility), right=True), _cell(fixed(p.count_prior_vulnerability), right=True))
            for column, item in enumerate(cells):
                table.setItem(row, column, item)
        table.resizeColumnsToContents()
        if table.columnWidth(0) > 240:
            table.setColumnWidth(0, 240)

    def _fill_threshold(self, points: Sequence[ThresholdPoint]) -> None:
        table = self.threshold_table
        points = sorted(points, key=lambda q: q.epsilon)
        table.setRowCount(len(points))
        for row, p in enumerate(points):
            for column, text in enumerate((f"{p.epsilon:.4g}", number(p.delta_active, 4), f"{p.worst_known_yes:,}",
                                           number(p.delta_passive, 4))):
                table.setItem(row, column, _cell(text, right=True))
        table.resizeColumnsToContents()

    # --- exports --------------------------------------------------------------------------------
    def export_pdf(self, path: Optional[str] = None) -> bool:
        if self.assessment is None or self.export_job.busy:
            return False
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, "Export the PDF report", "dp_report.pdf", "PDF (*.pdf)")
            if not path:
                return False
        assessment, target = self.assessment, Path(path)

        def work(progress, cancel):
            from engine.report.dp_pdf import write_dp_pdf

            return [write_dp_pdf(assessment, target, cancel=cancel)]

        self.status.setText(f"Writing {target.name}...")
        self.export_job.submit(work)
        self._refresh_buttons()
        return True

    def export_csv(self, folder: Optional[str] = None) -> bool:
        if self.assessment is None or self.export_job.busy:
            return False
        if folder is None:
            folder = QFileDialog.getExistingDirectory(self, "Export CSV and JSON into a folder")
            if not folder:
                return False
        assessment, target = self.assessment, Path(folder)

        def work(progress, cancel):
            from engine.dp.command import write_dp_results

            return list(write_dp_results(assessment, target, cancel=cancel))

        self.status.setText(f"Writing the CSV and JSON files into {target}...")
        self.export_job.submit(work)
        self._refresh_buttons()
        return True

    @Slot(object)
    def _on_export_finished(self, paths) -> None:
        names = ", ".join(Path(p).name for p in paths)
        folder = Path(paths[0]).parent if paths else ""
        self.status.setText(f"Wrote {names} in {folder}.")

    @Slot(object)
    def _on_export_failed(self, error: JobError) -> None:
        self.status.setText("The export failed; nothing was written.")
        show_error(self, "The export failed", error.message, error.details)

    @Slot()
    def _on_export_cancelled(self) -> None:
        self.status.setText("Export cancelled; nothing was written.")

    # --- closing ------------------------------------------------------------------------------
    def shutdown(self) -> bool:
        """Cancel every job of the page and wait for its threads (window closing)."""
        ok = True
        for runner in (self.run_job, self.export_job, self.values_job, self.columns_job):
            ok = runner.shutdown() and ok
        self.run_bar.end()
        return ok
