"""Synthetic data: does a synthetic release leak the real records?

The analyst gives the real file, the synthetic file made from it and (usually) a control file
of real records not used to make it; chooses the attacker's columns and the attacks of the
PrivE/tapas library; runs :func:`engine.synthetic.api.run_synthetic_assessment` on a worker
thread; and reads a verdict, one row per attack, the ROC curves of the membership attacks,
the warnings and (only when asked for) the targets most at risk. The page has its own file
pickers, Run/Cancel, Open/Save analysis and exports, so it works on its own.
"""

from __future__ import annotations

import os
import time
from dataclasses import replace
from pathlib import Path
from typing import Optional, Sequence

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QDoubleSpinBox, QFileDialog,
                               QFormLayout, QGroupBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit,
                               QListWidget, QListWidgetItem, QPushButton, QSpinBox, QSplitter,
                               QTableWidget, QTableWidgetItem, QTabWidget, QVBoxLayout, QWidget)

from engine.config import DataSource, ReportOptions
from engine.errors import InputError
from engine.io.formats import FORMATS, list_columns
from engine.progress import Progress
from engine.synthetic.config import (ATTACKS, ATTRIBUTE_ATTACKS, DEFAULT_ATTACKS, DISTANCES,
                                     MEMBERSHIP_ATTACKS, SHADOW_GENERATORS, Criterion, SyntheticConfig)

from ..dialogs.errors import show_error, show_info
from ..jobs import JobError, JobRunner
from ..resources import icon
from ..text import duration, pct
from ..widgets.roc_plot import Curve, RocPlot
from ..widgets.run_bar import RunBar
from .common import banner, hint, page_layout, scrolling, title

DATA_FILTER = ("Data files (" + " ".join(f"*{ext}" for ext in sorted(FORMATS)) + ");;All files (*)")
ANALYSIS_FILTER = "RiskReview analysis (*.toml)"
NO_SENSITIVE = "(none)"
FILES = ("real", "synthetic", "control")

ATTACK_LABELS = {
    "closest-mia": "Closest-distance membership",
    "closest-aia": "Closest-distance attribute inference",
    "neighbourhood-mia": "Local-neighbourhood membership",
    "neighbourhood-aia": "Local-neighbourhood attribute inference",
    "cap": "Correct attribution probability (CAP)",
    "groundhog": "Shadow modelling (Groundhog)",
}
ATTACK_TIPS = {
    "closest-mia": "Was this person's real record used to make the synthetic file? The attack says "
                   "yes when a synthetic record lies very close to the person's record (an exact "
                   "copy is the closest there is).",
    "closest-aia": "Knowing a person's quasi-identifiers, guess their sensitive value: the value "
                   "that brings the person's record closest to some synthetic record.",
    "neighbourhood-mia": "Was this person's record used? The attack says yes when many synthetic "
                         "records lie within the radius around the person's record.",
    "neighbourhood-aia": "Guess a person's sensitive value as the one most common among the "
                         "synthetic records within the radius around their quasi-identifiers.",
    "cap": "Correct attribution probability (Elliot 2015): among the synthetic records that match a "
           "person on the quasi-identifiers, the share that holds the person's sensitive value.",
    "groundhog": "Shadow modelling (Stadler et al. 2022): many stand-in synthetic files are made with "
                 "and without a target by a simple generator, and a classifier learns to tell them "
                 "apart. It measures whether such a generator leaks, not this one file. Slow.",
}
DISTANCE_LABELS = {
    "mixed": "mixed: numbers scaled by their range, categories by mismatch",
    "hamming": "Hamming: number of columns that differ",
    "l1": "L1: sum of absolute differences",
    "l2": "L2: straight-line (Euclidean) distance",
}
CRITERIA = (("accuracy", "highest accuracy"), ("tp", "true-positive rate at least"),
            ("fp", "false-positive rate at most"), ("threshold", "fixed threshold"))
CRITERION_DEFAULTS = {"tp": 0.5, "fp": 0.01, "threshold": -0.5}
GENERATOR_LABELS = {"marginals": "independent marginals", "copy-perturb": "copy and perturb"}
STAGE_LABELS = {"loading": "Reading the three files", "nearest": "Nearest synthetic records",
                "neighbourhood": "Synthetic records in the neighbourhood",
                "cap": "Correct attribution probability", "groundhog": "Shadow modelling (Groundhog)"}

COLUMNS = (
    ("Attack", "The attack (point at a row for its notes, threshold and criterion)."),
    ("Kind", "Membership: was the person's real record used to make the synthetic file? "
             "Attribute: the attacker guesses the person's sensitive value."),
    ("Targets", "People attacked: members drawn from the real file and non-members from the control "
                "file (membership), or real records (attribute)."),
    ("Accuracy", "Share of right answers on the targets kept aside to measure the attack (at the "
                 "threshold trained on the other half)."),
    ("AUC", "Area under the ROC curve: 0.5 is guessing, 1 is always right."),
    ("Advantage", "True-positive rate minus false-positive rate at the trained threshold: 0 is no "
                  "better than guessing, 1 is a perfect attack."),
    ("TPR at\nFPR 0.1%", "Share of members found when at most 0.1% of non-members are flagged by "
                       "mistake: a confident attacker's success."),
    ("TPR at\nFPR 1%", "Share of members found when at most 1% of non-members are flagged by mistake."),
    ("TPR at\nFPR 10%", "Share of members found when at most 10% of non-members are flagged by mistake."),
    ("Baseline", "Attribute attacks: the share of the most common sensitive value (guessing it for "
                 "everyone)."),
    ("Residual risk\n[95% interval]", "(main - control) / (1 - control): what the synthetic file reveals about "
                               "the real records beyond what it teaches about people in general. An "
                               "interval above 0 is a leak."),
)
FPR_KEYS = ("0.001", "0.01", "0.1")


def attack_label(name: str) -> str:
    return ATTACK_LABELS.get(name, name)


def number(value: Optional[float], digits: int = 3, signed: bool = False) -> str:
    if value is None:
        return "n/a"
    return f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"


def residual_text(evaluation) -> str:
    """``0.123 [0.050, 0.190]``, or n/a when no control set measured it."""
    if evaluation.residual_risk is None:
        return "n/a"
    if evaluation.ci_low is None or evaluation.ci_high is None:
        return number(evaluation.residual_risk)
    return f"{evaluation.residual_risk:.3f} [{evaluation.ci_low:.3f}, {evaluation.ci_high:.3f}]"


def attack_row(evaluation) -> list[tuple[str, Optional[float]]]:
    """The table row of one :class:`AttackEvaluation`: (text, value) per column."""
    e = evaluation
    tpr = e.tpr_at_fpr or {}
    return [(attack_label(e.attack), None), (e.kind, None), (f"{e.targets:,}", float(e.targets)),
            (pct(e.accuracy), e.accuracy), (number(e.auc), e.auc), (number(e.advantage, signed=True), e.advantage),
            *((pct(tpr.get(key)), tpr.get(key)) for key in FPR_KEYS),
            (pct(e.baseline), e.baseline), (residual_text(e), e.residual_risk)]


def relative_source(source: Optional[DataSource], folder: Path) -> Optional[DataSource]:
    """``source`` with its path relative to ``folder`` when the file lies inside it."""
    if source is None:
        return None
    try:
        relative = os.path.relpath(Path(source.path), folder)
    except ValueError:  # another drive on Windows
        return source
    return source if relative.startswith("..") else replace(source, path=relative)


class SyntheticRunBar(RunBar):
    """The run bar, counting the targets of each attack stage (and its ETA)."""

    @Slot(object)
    def update_progress(self, progress: Progress) -> None:
        self._last = progress
        label = STAGE_LABELS.get(progress.stage, progress.stage.replace("-", " ").capitalize())
        if progress.total:
            self.bar.setRange(0, progress.total)
            self.bar.setValue(min(progress.done, progress.total))
            self.bar.setFormat(f"{progress.done:,} / {progress.total:,}")
        else:
            self.bar.setRange(0, 0)
        self.title.setText(label)
        self._refresh()

    @Slot()
    def _refresh(self) -> None:
        text = f"elapsed {duration(self.elapsed)}"
        last = self._last
        if last is not None and last.total:
            if last.done >= last.total:
                text += " · finishing this step"
            elif last.eta is not None:
                text += f" · this step: about {duration(last.eta)} left"
        self.detail.setText(text)


class SyntheticPage(QWidget):
    """Attacks on a synthetic file against the real records (form, run, results, exports)."""

    statusMessage = Signal(str)
    resultChanged = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.assessment = None
        self.last_error = None
        self._sources: dict[str, DataSource] = {}
        self._listed_path: Optional[str] = None
        self._report = ReportOptions()
        self._run_started = 0.0
        self._run_seconds = 0.0
        self.runner = JobRunner("synthetic-run", self)
        self.exporter = JobRunner("synthetic-export", self)
        self.runner.progress.connect(self._on_progress)
        self.runner.finished.connect(self._on_run_finished)
        self.runner.failed.connect(self._on_run_failed)
        self.runner.cancelled.connect(self._on_run_cancelled)
        self.runner.busyChanged.connect(self._on_busy)
        self.exporter.finished.connect(self._on_exported)
        self.exporter.failed.connect(self._on_export_failed)
        self.exporter.busyChanged.connect(self._on_busy)

        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        head = QWidget()
        head_layout = page_layout(head)
        head_layout.addWidget(title("Synthetic data: does it leak the real records?"))
        head_layout.addLayout(self._command_row())
        outer.addWidget(head)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(scrolling(self._setup_tab()), icon("analysis"), "Analysis")
        self.tabs.addTab(self._results_tab(), icon("results"), "Results")
        outer.addWidget(self.tabs, 1)
        self.status = hint("")
        self.status.setContentsMargins(16, 2, 16, 4)
        outer.addWidget(self.status)
        self.run_bar = SyntheticRunBar()
        self.run_bar.cancelRequested.connect(self.cancel)
        outer.addWidget(self.run_bar)
        self.statusMessage.connect(self.status.setText)
        self._show_assessment()
        self.refresh()

    # --- building -------------------------------------------------------------------------
    def _command_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.open_button = QPushButton(icon("open"), "Open analysis...")
        self.open_button.setToolTip("Read a synthetic-data analysis (.toml): the files, columns and "
                                    "attack settings.")
        self.open_button.clicked.connect(self._ask_open_analysis)
        self.save_button = QPushButton(icon("save"), "Save analysis...")
        self.save_button.setToolTip("Write the files, columns and attack settings (never the data) to "
                                    "a .toml file that the command line can run too.")
        self.save_button.clicked.connect(self._ask_save_analysis)
        self.run_button = QPushButton(icon("run"), "Run the attacks")
        self.run_button.setObjectName("primary")
        self.run_button.clicked.connect(self.run)
        self.pdf_button = QPushButton(icon("export"), "Export PDF...")
        self.pdf_button.setToolTip("The risk report for the release board.")
        self.pdf_button.clicked.connect(self._ask_export_pdf)
        self.tables_button = QPushButton(icon("table"), "Export CSV+JSON...")
        self.tables_button.setToolTip("results.json, the attack and ROC tables as CSV, and the "
                                      "analysis, into a folder.")
        self.tables_button.clicked.connect(self._ask_export_tables)
        for button in (self.open_button, self.save_button):
            row.addWidget(button)
        row.addStretch(1)
        for button in (self.pdf_button, self.tables_button, self.run_button):
            row.addWidget(button)
        return row

    def _setup_tab(self) -> QWidget:
        body = QWidget()
        layout = page_layout(body)
        columns = QHBoxLayout()
        left, right = QVBoxLayout(), QVBoxLayout()
        columns.addLayout(left, 1)
        columns.addLayout(right, 1)
        layout.addLayout(columns, 1)
        left.addWidget(self._files_box())
        left.addWidget(self._columns_box(), 1)
        right.addWidget(self._attacks_box())
        right.addWidget(self._parameters_box())
        right.addWidget(self._shadow_box())
        right.addStretch(1)
        self.problem = banner("", "banner")
        layout.addWidget(self.problem)
        return body

    def _files_box(self) -> QGroupBox:
        box = QGroupBox("Files")
        form = QFormLayout(box)
        self.edits: dict[str, QLineEdit] = {}
        texts = {"real": ("Real file:", "The confidential file the synthetic file was made from."),
                 "synthetic": ("Synthetic file:", "The synthetic file to be released."),
                 "control": ("Control file (optional):", "Real records of the same population that "
                             "were NOT used to make the synthetic file.")}
        for role in FILES:
            label, tip = texts[role]
            edit = QLineEdit()
            edit.setObjectName(f"{role}File")
            edit.setPlaceholderText("optional" if role == "control" else "required")
            edit.setToolTip(tip)
            browse = QPushButton(icon("open"), "Browse...")
            browse.setProperty("role", role)
            browse.clicked.connect(self._ask_file)
            edit.editingFinished.connect(self._on_file_edited)
            edit.setProperty("role", role)
            row = QHBoxLayout()
            row.addWidget(edit, 1)
            row.addWidget(browse)
            form.addRow(label, row)
            self.edits[role] = edit
        self.control_hint = hint("Without a control file, the membership attacks and the residual risk "
                                 "cannot be measured: there is nothing to compare the real records with. "
                                 "The attribute attacks still run, against their baselines.")
        form.addRow(self.control_hint)
        return box

    def _columns_box(self) -> QGroupBox:
        box = QGroupBox("What the attacker knows")
        layout = QVBoxLayout(box)
        layout.addWidget(hint("Quasi-identifiers: what an attacker could know about a person "
                              "(age, sex, region). The columns are those of the real file."))
        self.qid_list = QListWidget()
        self.qid_list.setObjectName("qidList")
        self.qid_list.setMinimumHeight(120)
        self.qid_list.itemChanged.connect(self._on_qids)
        layout.addWidget(self.qid_list, 1)
        row = QHBoxLayout()
        row.addWidget(QLabel("Sensitive attribute:"))
        self.sensitive = QComboBox()
        self.sensitive.setObjectName("sensitiveChoice")
        self.sensitive.setMinimumWidth(180)
        self.sensitive.setToolTip("What the attribute attacks try to learn about a person; membership "
                                  "attacks compare it too.")
        self.sensitive.addItem(NO_SENSITIVE, None)
        self.sensitive.currentIndexChanged.connect(self._on_sensitive)
        row.addWidget(self.sensitive, 1)
        layout.addLayout(row)
        return box

    def _attacks_box(self) -> QGroupBox:
        box = QGroupBox("Attacks")
        layout = QVBoxLayout(box)
        self.attack_boxes: dict[str, QCheckBox] = {}
        for name in ATTACKS:
            check = QCheckBox(ATTACK_LABELS[name])
            check.setObjectName(f"attack-{name}")
            check.setToolTip(ATTACK_TIPS[name])
            check.setChecked(name in DEFAULT_ATTACKS)
            check.toggled.connect(self.refresh)
            layout.addWidget(check)
            self.attack_boxes[name] = check
        self.attacks_note = hint("")
        layout.addWidget(self.attacks_note)
        return box

    def _parameters_box(self) -> QGroupBox:
        box = QGroupBox("Settings")
        form = QFormLayout(box)
        self.distance = QComboBox()
        for name in DISTANCES:
            self.distance.addItem(DISTANCE_LABELS.get(name, name), name)
        self.distance.setCurrentIndex(self.distance.findData("mixed"))
        self.distance.setToolTip("How far apart two records are, over the attacker's columns.")
        form.addRow("Distance:", self.distance)
        self.radius = QDoubleSpinBox()
        self.radius.setDecimals(3)
        self.radius.setRange(0.0, 1e9)
        self.radius.setSingleStep(0.1)
        self.radius.setSpecialValueText("0 (chosen from the data)")
        self.radius.setToolTip("Radius of the local-neighbourhood attacks. 0: chosen from the data "
                               "(the typical distance from a target to its nearest synthetic record).")
        form.addRow("Neighbourhood radius:", self.radius)
        criterion_row = QHBoxLayout()
        self.criterion = QComboBox()
        for kind, label in CRITERIA:
            self.criterion.addItem(label, kind)
        self.criterion.setToolTip("How the membership attacks choose the score above which they say "
                                  "'member', on half of the targets.")
        self.criterion.currentIndexChanged.connect(self._on_criterion)
        self.criterion_value = QDoubleSpinBox()
        self.criterion_value.setDecimals(4)
        criterion_row.addWidget(self.criterion, 1)
        criterion_row.addWidget(self.criterion_value)
        form.addRow("Threshold by:", criterion_row)
        self.targets = QSpinBox()
        self.targets.setRange(2, 10_000_000)
        self.targets.setValue(500)
        self.targets.setGroupSeparatorShown(True)
        self.targets.setToolTip("Members drawn from the real file, and as many non-members from the "
                                "control file (fewer when a file is smaller).")
        form.addRow("Targets per class:", self.targets)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setToolTip("The same seed draws the same targets: the run can be repeated exactly.")
        form.addRow("Seed:", self.seed)
        self.jobs = QSpinBox()
        self.jobs.setRange(1, max(2, os.cpu_count() or 2))
        self.jobs.setToolTip("Nearest-neighbour searches run on this many worker processes.")
        form.addRow("Worker processes:", self.jobs)
        self.show_targets = QCheckBox("Show the targets most at risk")
        self.show_targets.setObjectName("showTargets")
        self.show_targets.setToolTip("List the row numbers (never the values) of the real records the "
                                     "attacks single out most. Off by default: never in the default "
                                     "report.")
        form.addRow(self.show_targets)
        for widget in (self.distance, self.criterion):
            widget.currentIndexChanged.connect(self.refresh)
        for spin in (self.radius, self.criterion_value, self.targets, self.seed, self.jobs):
            spin.valueChanged.connect(self.refresh)
        self._on_criterion()
        return box

    def _shadow_box(self) -> QGroupBox:
        box = QGroupBox("Shadow modelling (Groundhog)")
        form = QFormLayout(box)
        self.generator = QComboBox()
        for name in SHADOW_GENERATORS:
            self.generator.addItem(GENERATOR_LABELS.get(name, name), name)
        self.generator.setToolTip("The stand-in generator that makes the shadow synthetic files.")
        form.addRow("Generator:", self.generator)
        self.shadow = QSpinBox()
        self.shadow.setRange(2, 10_000)
        self.shadow.setSingleStep(2)
        self.shadow.setValue(40)
        self.shadow.setToolTip("Shadow datasets per target (an even number: half with the target, half "
                               "without).")
        self.shadow.valueChanged.connect(self._on_shadow)
        form.addRow("Shadow datasets:", self.shadow)
        return box

    def _results_tab(self) -> QWidget:
        tab = QWidget()
        layout = page_layout(tab)
        self.verdict = QLabel("")
        self.verdict.setObjectName("notice")
        self.verdict.setWordWrap(True)
        layout.addWidget(self.verdict)
        self.summary = hint("")
        layout.addWidget(self.summary)
        self.warnings = banner()
        layout.addWidget(self.warnings)
        split = QSplitter(Qt.Orientation.Vertical)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("syntheticAttacks")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        for column, (text, tip) in enumerate(COLUMNS):
            item = QTableWidgetItem(text)
            item.setToolTip(tip)
            self.table.setHorizontalHeaderItem(column, item)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.table.verticalHeader().setDefaultSectionSize(24)
        split.addWidget(self.table)
        self.views = QTabWidget()
        self.roc = RocPlot()
        self.roc.setObjectName("rocPlot")
        roc_tab = QWidget()
        roc_layout = QVBoxLayout(roc_tab)
        roc_layout.setContentsMargins(0, 0, 0, 0)
        roc_layout.addWidget(self.roc, 1)
        roc_layout.addWidget(hint("Members found against non-members flagged by mistake, over every "
                                  "threshold; the dashed diagonal is guessing. Point at a curve for its "
                                  "values."))
        self.views.addTab(roc_tab, "ROC curves")
        self.at_risk_tab = QWidget()
        risk_layout = QVBoxLayout(self.at_risk_tab)
        risk_layout.addWidget(hint("Row numbers of real records (never their values) that the attacks "
                                   "single out most, highest score first. Shown because the analysis "
                                   "asked for them; never in the default report."))
        self.at_risk = QTableWidget(0, 3)
        self.at_risk.setObjectName("atRiskTable")
        self.at_risk.setHorizontalHeaderLabels(["Attack", "Row in the real file (first = 1)", "Score"])
        self.at_risk.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.at_risk.setAlternatingRowColors(True)
        self.at_risk.verticalHeader().setVisible(False)
        self.at_risk.verticalHeader().setDefaultSectionSize(24)
        self.at_risk.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.at_risk.horizontalHeader().setStretchLastSection(True)
        risk_layout.addWidget(self.at_risk, 1)
        split.addWidget(self.views)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        layout.addWidget(split, 1)
        return tab

    # --- files and columns --------------------------------------------------------------------
    @Slot()
    def _ask_file(self) -> None:
        role = self.sender().property("role")
        start = self.edits[role].text().strip() or self.edits["real"].text().strip()
        path, _ = QFileDialog.getOpenFileName(self, f"Choose the {role} file", str(Path(start).parent)
                                              if start else "", DATA_FILTER)
        if path:
            self.set_file(role, path)

    @Slot()
    def _on_file_edited(self) -> None:
        edit = self.sender()
        role = edit.property("role")
        if role == "real" and edit.text().strip() != self._listed_path:
            self.set_file("real", edit.text().strip())
        else:
            self.refresh()

    def set_file(self, role: str, path: str, source: Optional[DataSource] = None) -> bool:
        """Put ``path`` in the ``role`` field; for the real file, list its columns (an unreadable
        file shows an error dialog and empties the column list). False when it could not be read."""
        path = str(path).strip()
        self.edits[role].setText(path)
        if source is not None:
            self._sources[role] = source
        if role != "real":
            self.refresh()
            return True
        return self._list_columns(path)

    def _list_columns(self, path: str, keep: Sequence[str] = (), sensitive: Optional[str] = None) -> bool:
        self._listed_path = path
        columns: list[str] = []
        ok = True
        if path:
            try:
                columns = list_columns(self._source("real"))
            except InputError as exc:
                self.error("Could not read the real file", str(exc))
                ok = False
        chosen = set(keep) or set(self.checked_qids())
        current = sensitive if sensitive is not None else self.sensitive.currentData()
        self.qid_list.blockSignals(True)
        self.qid_list.clear()
        for name in list(columns) + [k for k in keep if k not in columns]:
            item = QListWidgetItem(name)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsSelectable)
            item.setCheckState(Qt.CheckState.Checked if name in chosen else Qt.CheckState.Unchecked)
            if name not in columns:
                item.setToolTip("Not a column of the real file.")
            self.qid_list.addItem(item)
        self.qid_list.blockSignals(False)
        self.sensitive.blockSignals(True)
        self.sensitive.clear()
        self.sensitive.addItem(NO_SENSITIVE, None)
        for name in list(columns) + ([current] if current and current not in columns else []):
            self.sensitive.addItem(name, name)
        self.sensitive.setCurrentIndex(max(0, self.sensitive.findData(current)) if current else 0)
        self.sensitive.blockSignals(False)
        self._on_sensitive()
        return ok

    def columns(self) -> list[str]:
        return [self.qid_list.item(i).text() for i in range(self.qid_list.count())]

    def checked_qids(self) -> tuple[str, ...]:
        return tuple(self.qid_list.item(i).text() for i in range(self.qid_list.count())
                     if self.qid_list.item(i).checkState() == Qt.CheckState.Checked)

    def set_qids(self, qids: Sequence[str]) -> None:
        wanted = set(qids)
        for i in range(self.qid_list.count()):
            item = self.qid_list.item(i)
            item.setCheckState(Qt.CheckState.Checked if item.text() in wanted else Qt.CheckState.Unchecked)

    def set_sensitive(self, column: Optional[str]) -> None:
        self.sensitive.setCurrentIndex(max(0, self.sensitive.findData(column)) if column else 0)

    @Slot()
    def _on_qids(self) -> None:
        self.refresh()

    @Slot()
    def _on_sensitive(self) -> None:
        """The sensitive column cannot be a quasi-identifier too: its box is unticked and locked."""
        chosen = self.sensitive.currentData()
        self.qid_list.blockSignals(True)
        for i in range(self.qid_list.count()):
            item = self.qid_list.item(i)
            flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsSelectable
            if item.text() == chosen:
                item.setCheckState(Qt.CheckState.Unchecked)
                flags = Qt.ItemFlag.ItemIsUserCheckable
            item.setFlags(flags)
        self.qid_list.blockSignals(False)
        self.refresh()

    def _source(self, role: str) -> Optional[DataSource]:
        """The role's data source: the typed path, with the import options of an opened analysis
        when the path is still the same."""
        path = self.edits[role].text().strip()
        if not path:
            return None
        known = self._sources.get(role)
        return known if known is not None and known.path == path else DataSource(path)

    @Slot(int)
    def _on_shadow(self, value: int) -> None:
        """Half the shadow datasets hold the target, half do not: an odd count goes up by one."""
        if value % 2:
            self.shadow.setValue(value + 1)
            return
        self.refresh()

    @Slot()
    def _on_criterion(self) -> None:
        kind = self.criterion.currentData()
        spin = self.criterion_value
        spin.blockSignals(True)
        if kind in ("tp", "fp"):
            spin.setRange(0.0, 1.0)
            spin.setSingleStep(0.01)
        else:
            spin.setRange(-1e9, 1e9)
            spin.setSingleStep(0.1)
        spin.setValue(CRITERION_DEFAULTS.get(kind, 0.0))
        spin.blockSignals(False)
        spin.setEnabled(kind != "accuracy")
        spin.setToolTip({"tp": "Lowest share of members the attack must flag (0 to 1).",
                         "fp": "Highest share of non-members the attack may flag by mistake (0 to 1).",
                         "threshold": "The score above which the attack says 'member'."}.get(kind, ""))

    # --- the analysis ---------------------------------------------------------------------------
    def chosen_attacks(self) -> tuple[str, ...]:
        """The ticked attacks that can run: membership ones need a control file, attribute ones
        a sensitive column."""
        has_control = bool(self.edits["control"].text().strip())
        has_sensitive = self.sensitive.currentData() is not None
        return tuple(name for name, box in self.attack_boxes.items() if box.isChecked()
                     and (has_control or name not in MEMBERSHIP_ATTACKS)
                     and (has_sensitive or name not in ATTRIBUTE_ATTACKS))

    def build_config(self) -> SyntheticConfig:
        """The analysis the form describes; InputError in the page's own words when incomplete."""
        real, synthetic = self._source("real"), self._source("synthetic")
        if real is None:
            raise InputError("choose the real file")
        if synthetic is None:
            raise InputError("choose the synthetic file")
        qids = self.checked_qids()
        if not qids:
            raise InputError("tick at least one quasi-identifier")
        attacks = self.chosen_attacks()
        if not attacks:
            raise InputError("tick at least one attack that can run with these files and columns")
        kind = self.criterion.currentData()
        criterion = Criterion() if kind == "accuracy" else Criterion(kind, float(self.criterion_value.value()))
        config = SyntheticConfig(real=real, synthetic=synthetic, control=self._source("control"), qids=qids,
                                 sensitive=self.sensitive.currentData(), attacks=attacks,
                                 distance=self.distance.currentData(),
                                 radius=self.radius.value() or None, criterion=criterion,
                                 targets=self.targets.value(), seed=self.seed.value(), jobs=self.jobs.value(),
                                 generator=self.generator.currentData(), shadow_datasets=self.shadow.value(),
                                 show_targets=self.show_targets.isChecked(), report=self._report)
        config.validate()
        return config

    def apply_config(self, config: SyntheticConfig) -> bool:
        """Fill the form from ``config``; False when the real file could not be read."""
        self._report = config.report
        self._sources = {role: getattr(config, role) for role in FILES if getattr(config, role) is not None}
        for role in FILES:
            source = getattr(config, role)
            self.edits[role].setText(source.path if source is not None else "")
        ok = self._list_columns(self._sources["real"].path, keep=config.qids, sensitive=config.sensitive)
        self.set_qids(config.qids)
        for name, box in self.attack_boxes.items():
            box.blockSignals(True)
            box.setChecked(name in config.attacks)
            box.blockSignals(False)
        self.distance.setCurrentIndex(max(0, self.distance.findData(config.distance)))
        self.radius.setValue(config.radius or 0.0)
        self.criterion.setCurrentIndex(max(0, self.criterion.findData(config.criterion.kind)))
        if config.criterion.value is not None:
            self.criterion_value.setValue(config.criterion.value)
        self.targets.setValue(config.targets)
        self.seed.setValue(config.seed)
        self.jobs.setValue(min(config.jobs, self.jobs.maximum()))
        self.generator.setCurrentIndex(max(0, self.generator.findData(config.generator)))
        self.shadow.setValue(config.shadow_datasets)
        self.show_targets.setChecked(config.show_targets)
        self.refresh()
        return ok

    @Slot()
    def _ask_open_analysis(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a synthetic-data analysis", "", ANALYSIS_FILTER)
        if path:
            self.open_analysis(path)

    def open_analysis(self, path: str) -> bool:
        try:
            config = SyntheticConfig.from_toml(path)
        except InputError as exc:
            self.error("Could not open the analysis", str(exc))
            return False
        self.apply_config(config)
        self.statusMessage.emit(f"Opened the analysis {Path(path).name}.")
        return True

    @Slot()
    def _ask_save_analysis(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save the analysis", "synthetic_analysis.toml",
                                              ANALYSIS_FILTER)
        if path:
            self.save_analysis(path if path.endswith(".toml") else path + ".toml")

    def save_analysis(self, path: str) -> bool:
        """Write the analysis (never the data) as TOML, with paths relative to its folder."""
        try:
            config = self.build_config()
        except InputError as exc:
            self.error("Nothing to save yet", str(exc))
            return False
        target = Path(path)
        config = replace(config, **{role: relative_source(getattr(config, role), target.parent)
                                    for role in FILES})
        try:
            target.write_text(config.to_toml(), encoding="utf-8")
        except OSError as exc:
            self.error("Could not save the analysis", f"{target}: {exc.strerror or exc}")
            return False
        self.statusMessage.emit(f"Saved the analysis to {target.name}.")
        return True

    # --- state ----------------------------------------------------------------------------------
    @Slot()
    def refresh(self) -> None:
        """Enable what can be used, explain what cannot, and say what the run still needs."""
        has_control = bool(self.edits["control"].text().strip())
        has_sensitive = self.sensitive.currentData() is not None
        for name, box in self.attack_boxes.items():
            box.setEnabled((has_control or name not in MEMBERSHIP_ATTACKS)
                           and (has_sensitive or name not in ATTRIBUTE_ATTACKS))
        notes = []
        if not has_control:
            notes.append("Membership attacks need a control file.")
        if not has_sensitive:
            notes.append("Attribute attacks need a sensitive attribute.")
        self.attacks_note.setText(" ".join(notes))
        self.attacks_note.setVisible(bool(notes))
        self.control_hint.setVisible(not has_control)
        groundhog = self.attack_boxes["groundhog"].isChecked() and self.attack_boxes["groundhog"].isEnabled()
        self.generator.setEnabled(groundhog)
        self.shadow.setEnabled(groundhog)
        try:
            self.build_config()
        except InputError as exc:
            self.problem.setText(f"Before running: {exc}.")
            self.problem.show()
            ready = False
        else:
            self.problem.hide()
            ready = True
        busy = self.runner.busy
        self.run_button.setEnabled(ready and not busy)
        self.open_button.setEnabled(not busy)
        has_result = self.assessment is not None
        exporting = self.exporter.busy
        self.pdf_button.setEnabled(has_result and not exporting)
        self.tables_button.setEnabled(has_result and not exporting)

    @Slot(bool)
    def _on_busy(self, _busy: bool) -> None:
        self.refresh()

    def error(self, title_text: str, message: str, details: str = ""):
        self.last_error = show_error(self, title_text, message, details)
        self.statusMessage.emit(f"{title_text}: {message}")
        return self.last_error

    # --- running --------------------------------------------------------------------------------
    @Slot()
    def run(self) -> bool:
        """Start the attacks on a worker thread (the engine uses worker processes for jobs > 1)."""
        if self.runner.busy:
            return False
        try:
            config = self.build_config()
        except InputError as exc:
            self.error("The attacks cannot run yet", str(exc))
            return False

        def work(progress, cancel):
            from engine.synthetic.api import run_synthetic_assessment

            return run_synthetic_assessment(config, on_progress=progress, cancel=cancel)

        self._run_started = time.monotonic()
        self.run_bar.begin("Attacking the synthetic file")
        self.runner.submit(work)
        self.statusMessage.emit("Running the attacks on the synthetic file...")
        return True

    @Slot()
    def cancel(self) -> None:
        if self.runner.busy:
            self.runner.cancel()
            self.statusMessage.emit("Cancelling...")

    @Slot(object)
    def _on_progress(self, progress: Progress) -> None:
        self.run_bar.update_progress(progress)

    @Slot(object)
    def _on_run_finished(self, assessment) -> None:
        self.run_bar.end()
        self._run_seconds = time.monotonic() - self._run_started
        self.assessment = assessment
        self._show_assessment()
        self.tabs.setCurrentIndex(1)
        self.statusMessage.emit(f"Finished: {len(assessment.attacks)} attack(s) in "
                                f"{duration(self._run_seconds)}.")
        self.resultChanged.emit()
        self.refresh()

    @Slot(object)
    def _on_run_failed(self, error: JobError) -> None:
        self.run_bar.end()
        self.error("The attacks could not run" if error.kind == "input" else "The run failed",
                   error.message, error.details)

    @Slot()
    def _on_run_cancelled(self) -> None:
        self.run_bar.end()
        self.statusMessage.emit("Run cancelled: nothing was kept from it.")

    # --- results --------------------------------------------------------------------------------
    def _show_assessment(self) -> None:
        a = self.assessment
        if a is None:
            self.verdict.setText("No results yet: choose the files, the columns and the attacks on the "
                                 "Analysis tab, then press Run the attacks.")
            _set_style(self.verdict, "notice")
            self.summary.setText("")
            self.warnings.hide()
            self.table.setRowCount(0)
            self.roc.show_curves([], "No results yet.")
            self._show_at_risk(False)
            return
        text, style = verdict(a)
        self.verdict.setText(text)
        _set_style(self.verdict, style)
        self.summary.setText(summary(a, self._run_seconds))
        self.warnings.setText("<br>".join(f"Warning: {_escape(w)}" for w in a.warnings))
        self.warnings.setVisible(bool(a.warnings))
        self._fill_table(a.attacks)
        curves = [Curve(attack_label(e.attack), tuple(e.roc.fpr), tuple(e.roc.tpr), e.auc)
                  for e in a.attacks if e.kind == "membership" and e.roc is not None]
        self.roc.show_curves(curves, "No membership attack was run (they need a control file): "
                                     "no ROC curve to show.")
        rows = [(attack_label(e.attack), row, score) for e in a.attacks for row, score in e.at_risk]
        self._show_at_risk(bool(a.config.show_targets))
        self.at_risk.setRowCount(len(rows))
        for r, (name, row, score) in enumerate(rows):
            for c, (text, value) in enumerate(((name, None), (f"{row:,}", row), (f"{score + 0.0:.4g}", score))):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, value)
                if c:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.at_risk.setItem(r, c, item)
        self.at_risk.resizeColumnsToContents()

    def _show_at_risk(self, shown: bool) -> None:
        """The at-risk tab exists only for an analysis that asked for it."""
        index = self.views.indexOf(self.at_risk_tab)
        if shown and index < 0:
            self.views.addTab(self.at_risk_tab, "Targets most at risk")
        elif not shown and index >= 0:
            self.views.removeTab(index)

    def _fill_table(self, attacks: Sequence) -> None:
        self.table.setRowCount(len(attacks))
        for r, evaluation in enumerate(attacks):
            tip = _row_tip(evaluation)
            for c, (text, value) in enumerate(attack_row(evaluation)):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, value)
                item.setToolTip(tip)
                if c >= 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, item)
        self.table.resizeColumnsToContents()
        self.table.resizeRowsToContents()
        rows = sum(self.table.rowHeight(r) for r in range(self.table.rowCount()))
        self.table.setMinimumHeight(min(320, self.table.horizontalHeader().sizeHint().height() + rows
                                        + 2 * self.table.frameWidth() + 2))

    def table_text(self) -> list[list[str]]:
        """The results table as shown (tests and copy)."""
        return [[self.table.item(r, c).text() for c in range(self.table.columnCount())]
                for r in range(self.table.rowCount())]

    # --- exports --------------------------------------------------------------------------------
    @Slot()
    def _ask_export_pdf(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export the PDF report", "synthetic_report.pdf",
                                              "PDF report (*.pdf)")
        if path:
            self.export_pdf(path if path.lower().endswith(".pdf") else path + ".pdf")

    @Slot()
    def _ask_export_tables(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Export CSV and JSON into a folder")
        if folder:
            self.export_tables(folder)

    def export_pdf(self, path: str) -> bool:
        """The PDF report, written by the engine's writer on a worker thread."""
        assessment = self.assessment
        if assessment is None:
            self.error("Nothing to export", "Run the attacks first.")
            return False
        try:
            from engine.report.synthetic_pdf import write_synthetic_pdf
        except ImportError as exc:
            self.last_error = show_info(self, "PDF export is unavailable",
                                        "This version of RiskReview cannot write the synthetic-data "
                                        "report. Use Export CSV+JSON for the result tables.")
            self.statusMessage.emit(f"PDF export is unavailable ({exc}).")
            return False

        def work(progress, cancel) -> str:
            try:
                write_synthetic_pdf(assessment, Path(path), cancel=cancel)
            except OSError as exc:
                raise InputError(f"{path}: cannot write the report there ({exc.strerror or exc})") from exc
            return path

        self.exporter.submit(work)
        self.statusMessage.emit(f"Writing the PDF report to {path}...")
        return True

    def export_tables(self, folder: str) -> bool:
        """results.json, the CSV tables and analysis.toml into ``folder`` (all or nothing)."""
        assessment = self.assessment
        if assessment is None:
            self.error("Nothing to export", "Run the attacks first.")
            return False
        try:
            from engine.synthetic.command import write_synthetic_results
        except ImportError as exc:
            self.last_error = show_info(self, "CSV and JSON export is unavailable",
                                        "This version of RiskReview cannot write the synthetic-data "
                                        "tables.")
            self.statusMessage.emit(f"CSV and JSON export is unavailable ({exc}).")
            return False

        def work(progress, cancel) -> str:
            try:
                write_synthetic_results(assessment, Path(folder), cancel=cancel)
            except OSError as exc:
                raise InputError(f"{folder}: cannot write the tables there ({exc.strerror or exc})") from exc
            return folder

        self.exporter.submit(work)
        self.statusMessage.emit(f"Writing CSV and JSON to {folder}...")
        return True

    @Slot(object)
    def _on_exported(self, where: str) -> None:
        self.statusMessage.emit(f"Exported to {where}.")

    @Slot(object)
    def _on_export_failed(self, error: JobError) -> None:
        self.error("Export failed", error.message, error.details)

    # --- closing --------------------------------------------------------------------------------
    def shutdown(self, timeout_ms: int = 15000) -> bool:
        """Cancel the run and any export, and wait for their threads (the window is closing)."""
        ok = self.runner.shutdown(timeout_ms)
        ok = self.exporter.shutdown(timeout_ms) and ok
        self.run_bar.end()
        return ok

    def closeEvent(self, event) -> None:
        self.shutdown()
        super().closeEvent(event)


def verdict(assessment) -> tuple[str, str]:
    """(rich text, style name) of the verdict: a leak when some attack's residual-risk interval
    lies above 0 (:func:`engine.report.synthetic_pdf.leaks`)."""
    from engine.report.synthetic_pdf import leaks

    leaking = leaks(assessment)
    if leaking:
        names = ", ".join(attack_label(a.attack) for a in leaking)
        return (f"<b>Leak detected.</b> {_escape(names)}: the synthetic file reveals something about the "
                f"real records beyond what it teaches about people in general (residual risk above 0 "
                f"with 95% confidence).", "banner")
    measured = [a for a in assessment.attacks if a.residual_risk is not None]
    if measured:
        return (f"<b>No leak detected.</b> No attack's residual risk is above 0 with 95% confidence "
                f"({len(measured)} attack(s) measured against the control file).", "notice")
    return ("<b>Leak not measured.</b> Without a control file the residual risk cannot be measured: "
            "compare each attribute attack's accuracy with its baseline.", "notice")


def summary(assessment, seconds: float = 0.0) -> str:
    parts = [f"{role.capitalize()}: {info.name} ({info.rows:,} rows)" for role, info in assessment.datasets.items()]
    if assessment.radius is not None:
        given = assessment.config.radius is not None
        parts.append(f"neighbourhood radius {assessment.radius:.4g} ({'given' if given else 'chosen from the data'})")
    parts.append(f"threshold by {assessment.config.criterion.label()}")
    if seconds:
        parts.append(f"run in {duration(seconds)}")
    return " · ".join(parts)


def _row_tip(evaluation) -> str:
    lines = [attack_label(evaluation.attack)]
    if evaluation.threshold is not None:
        lines.append(f"threshold {evaluation.threshold:.4g} (by {evaluation.criterion})")
    if evaluation.control_rate is not None:
        lines.append(f"success on real records {pct(evaluation.main_rate)}, on control records "
                     f"{pct(evaluation.control_rate)}")
    if evaluation.notes:
        lines.append(evaluation.notes)
    return "\n".join(lines)


def _set_style(label: QLabel, name: str) -> None:
    if label.objectName() != name:
        label.setObjectName(name)
        label.style().unpolish(label)
        label.style().polish(label)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
