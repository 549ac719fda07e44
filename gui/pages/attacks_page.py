"""Page 3, Attacks: which attacks, collective and/or individual targets, the QID-subset
family with its size and a run-time estimate, privacy models (coming), and Run."""

from __future__ import annotations

import os
from typing import Callable, Optional

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import (QButtonGroup, QCheckBox, QDoubleSpinBox, QGridLayout, QGroupBox, QHBoxLayout,
                               QLabel, QListWidget, QPushButton, QRadioButton, QSpinBox,
                               QVBoxLayout, QWidget)

from engine.config import SubsetFamily
from engine.errors import InputError

from ..dialogs.subset_dialog import SubsetDialog
from ..dialogs.target_dialog import TargetDialog
from ..estimate import estimate_seconds
from ..resources import icon
from ..session import AttackChoice, Session
from ..text import duration, qid_text
from .common import banner, hint, page_layout, scrolling, title

FAMILY_KINDS = ("all", "max-size", "exact", "list")
PRIVACY_MODELS = (("k-anonymity", "k", 5), ("l-diversity", "l", 2), ("t-closeness", "t", 0.2))


class AttacksPage(QWidget):
    """Everything the run needs besides the data; Run is enabled when the config is valid."""

    runRequested = Signal()

    def __init__(self, session: Session, rate: Callable[[], Optional[float]] = lambda: None,
                 parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self.rate = rate
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        body = QWidget()
        outer.addWidget(scrolling(body))
        layout = page_layout(body)
        layout.addWidget(title("3 · Attacks"))
        columns = QHBoxLayout()
        left, right = QVBoxLayout(), QVBoxLayout()
        columns.addLayout(left, 1)
        columns.addLayout(right, 1)
        layout.addLayout(columns, 1)
        left.addWidget(self._attack_box())
        left.addWidget(self._targets_box(), 1)
        right.addWidget(self._family_box())
        right.addWidget(self._privacy_box())
        right.addWidget(self._run_box())
        right.addStretch(1)
        for signal in (session.dataChanged, session.rolesChanged, session.attacksChanged,
                       session.targetsChanged):
            signal.connect(self.refresh)
        self.refresh()

    # --- building --------------------------------------------------------------------------
    def _attack_box(self) -> QGroupBox:
        box = QGroupBox("Attacks")
        grid = QVBoxLayout(box)
        self.reid = QCheckBox("Re-identification: find a person's record")
        self.reid.setToolTip("Can the attacker tell which record belongs to a person they know?")
        self.inference = QCheckBox("Attribute inference: learn a person's sensitive value")
        self.inference.setToolTip("Can the attacker learn a person's sensitive value (e.g. a "
                                  "health condition) even without finding the exact record?")
        self.sensitive_note = hint("")
        self.collective = QCheckBox("Collective: anyone in the table")
        self.collective.setToolTip("Attack every person, for every subset of the "
                                   "quasi-identifiers the attacker may know (the sweep).")
        self.individual = QCheckBox("Individual targets: specific people")
        self.individual.setToolTip("Attack the people listed below, whose values the attacker "
                                   "knows.")
        for box_ in (self.reid, self.inference, self.collective, self.individual):
            box_.toggled.connect(self._on_attacks)
        grid.addWidget(self.reid)
        grid.addWidget(self.inference)
        grid.addWidget(self.sensitive_note)
        grid.addWidget(QLabel("<b>Who is attacked</b>"))
        grid.addWidget(self.collective)
        grid.addWidget(self.individual)
        return box

    def _targets_box(self) -> QGroupBox:
        box = QGroupBox("Individual targets")
        layout = QVBoxLayout(box)
        layout.addWidget(hint("Pick a row on the Data page (\"Use selected row as a target\") or "
                              "type the values the attacker knows."))
        self.targets = QListWidget()
        self.targets.setObjectName("targetsList")
        self.targets.setMinimumHeight(90)
        layout.addWidget(self.targets, 1)
        row = QHBoxLayout()
        self.add_target = QPushButton("Type a target...")
        self.add_target.clicked.connect(self._type_target)
        self.remove_target = QPushButton("Remove")
        self.remove_target.clicked.connect(self._remove_target)
        row.addWidget(self.add_target)
        row.addWidget(self.remove_target)
        row.addStretch(1)
        layout.addLayout(row)
        return box

    def _family_box(self) -> QGroupBox:
        box = QGroupBox("Which sets of quasi-identifiers the attacker may know")
        grid = QGridLayout(box)
        self.family_group = QButtonGroup(self)
        self.radio_all = QRadioButton("Every subset")
        self.radio_max = QRadioButton("Every subset of at most")
        self.radio_exact = QRadioButton("Only all quasi-identifiers together")
        self.radio_list = QRadioButton("Chosen sets:")
        for i, radio in enumerate((self.radio_all, self.radio_max, self.radio_exact, self.radio_list)):
            self.family_group.addButton(radio, i)
        self.max_size = QSpinBox()
        self.max_size.setRange(1, 64)
        self.max_size.setValue(3)
        self.max_size.setSuffix(" QIDs")
        self.subset_list = QListWidget()
        self.subset_list.setMaximumHeight(90)
        add_set = QPushButton("Add a set...")
        add_set.clicked.connect(self._add_subset)
        remove_set = QPushButton("Remove")
        remove_set.clicked.connect(self._remove_subset)
        grid.addWidget(self.radio_all, 0, 0, 1, 2)
        grid.addWidget(self.radio_max, 1, 0)
        grid.addWidget(self.max_size, 1, 1)
        grid.addWidget(self.radio_exact, 2, 0, 1, 2)
        grid.addWidget(self.radio_list, 3, 0)
        set_buttons = QHBoxLayout()
        set_buttons.addWidget(add_set)
        set_buttons.addWidget(remove_set)
        grid.addLayout(set_buttons, 3, 1)
        grid.addWidget(self.subset_list, 4, 0, 1, 2)
        self.subset_count = QLabel("")
        self.subset_count.setObjectName("subsetCount")
        self.subset_count.setWordWrap(True)
        self.estimate = hint("")
        self.estimate.setObjectName("estimate")
        grid.addWidget(self.subset_count, 5, 0, 1, 2)
        grid.addWidget(self.estimate, 6, 0, 1, 2)
        self.family_group.idClicked.connect(self._on_family)
        self.max_size.valueChanged.connect(self._on_family)
        return box

    def _privacy_box(self) -> QGroupBox:
        box = QGroupBox("Privacy models (coming in a later version)")
        grid = QGridLayout(box)
        grid.addWidget(hint("The level of k-anonymity, l-diversity and t-closeness the data "
                            "reaches will be reported here. Not computed in this version."), 0, 0, 1, 3)
        self.privacy_boxes = []
        for row, (name, parameter, default) in enumerate(PRIVACY_MODELS, start=1):
            check = QCheckBox(name)
            spin = QDoubleSpinBox() if isinstance(default, float) else QSpinBox()
            spin.setPrefix(f"target {parameter} = ")
            if isinstance(default, float):
                spin.setRange(0.0, 1.0)
                spin.setSingleStep(0.05)
            else:
                spin.setRange(1, 1000)
            spin.setValue(default)
            check.setEnabled(False)
            spin.setEnabled(False)
            check.setToolTip("Coming in a later version: the engine does not compute privacy models yet.")
            grid.addWidget(check, row, 0)
            grid.addWidget(spin, row, 1)
            self.privacy_boxes.append((check, spin))
        return box

    def _run_box(self) -> QGroupBox:
        box = QGroupBox("Run")
        layout = QVBoxLayout(box)
        row = QHBoxLayout()
        row.addWidget(QLabel("Worker processes:"))
        self.jobs = QSpinBox()
        self.jobs.setRange(1, max(2, os.cpu_count() or 2))
        self.jobs.setToolTip("The sweep runs on this many worker processes.")
        self.jobs.valueChanged.connect(self._on_jobs)
        row.addWidget(self.jobs)
        row.addStretch(1)
        self.run_button = QPushButton(icon("run"), "Run the attacks  (Ctrl+R)")
        self.run_button.setObjectName("primary")
        self.run_button.clicked.connect(self.runRequested)
        row.addWidget(self.run_button)
        layout.addLayout(row)
        self.problem = banner("", "banner")
        layout.addWidget(self.problem)
        return box

    # --- user changes ---------------------------------------------------------------------
    @Slot()
    def _on_attacks(self) -> None:
        self.session.set_attacks(AttackChoice(self.reid.isChecked(), self.inference.isChecked(),
                                              self.collective.isChecked(), self.individual.isChecked()))

    @Slot()
    def _on_family(self) -> None:
        kind = FAMILY_KINDS[max(0, self.family_group.checkedId())]
        current = self.session.family
        if kind == "max-size":
            family = SubsetFamily(kind="max-size", max_size=self.max_size.value())
        elif kind == "list":
            family = SubsetFamily(kind="list", subsets=current.subsets if current.kind == "list" else ())
        else:
            family = SubsetFamily(kind=kind)
        if family != current:
            self.session.set_family(family)

    def set_family(self, family: SubsetFamily) -> None:
        self.session.set_family(family)

    @Slot()
    def _add_subset(self) -> None:
        dialog = SubsetDialog(self.session.qids, self)
        if dialog.exec() and dialog.subset():
            current = self.session.family.subsets if self.session.family.kind == "list" else ()
            if dialog.subset() not in current:
                self.session.set_family(SubsetFamily(kind="list", subsets=current + (dialog.subset(),)))

    @Slot()
    def _remove_subset(self) -> None:
        row = self.subset_list.currentRow()
        family = self.session.family
        if family.kind == "list" and 0 <= row < len(family.subsets):
            kept = family.subsets[:row] + family.subsets[row + 1:]
            self.session.set_family(SubsetFamily(kind="list", subsets=kept))

    @Slot()
    def _type_target(self) -> None:
        if not self.session.qids:
            self.problem.setText("Choose the quasi-identifiers on the Data page first.")
            return
        dialog = TargetDialog(self.session.qids, self.session.table, self)
        if dialog.exec():
            target = dialog.target()
            if target is not None:
                self.session.add_target(target)

    @Slot()
    def _remove_target(self) -> None:
        self.session.remove_target(self.targets.currentRow())

    @Slot(int)
    def _on_jobs(self, value: int) -> None:
        if value != self.session.jobs:
            self.session.set_jobs(value)

    # --- display ---------------------------------------------------------------------------
    @Slot()
    def refresh(self) -> None:
        s = self.session
        widgets = (self.reid, self.inference, self.collective, self.individual, self.max_size,
                   self.jobs, *self.family_group.buttons())
        for widget in widgets:
            widget.blockSignals(True)
        self.reid.setChecked(s.attacks.reidentification)
        self.inference.setChecked(s.attacks.inference)
        self.collective.setChecked(s.attacks.collective)
        self.individual.setChecked(s.attacks.individual)
        self.family_group.button(FAMILY_KINDS.index(s.family.kind)).setChecked(True)
        if s.family.kind == "max-size" and s.family.max_size:
            self.max_size.setValue(s.family.max_size)
        self.jobs.setValue(s.jobs)
        for widget in widgets:
            widget.blockSignals(False)
        sensitive = s.sensitive
        self.sensitive_note.setText(
            f"Sensitive columns: {', '.join(sensitive)}." if sensitive else
            "No sensitive column: set one on the Data page to attack sensitive values.")
        family_enabled = s.attacks.collective
        for widget in (*self.family_group.buttons(), self.max_size, self.subset_list):
            widget.setEnabled(family_enabled)
        self.max_size.blockSignals(True)
        self.max_size.setMaximum(max(1, len(s.qids)))
        if s.family.kind != "max-size":
            self.max_size.setValue(min(3, max(1, len(s.qids))))
        self.max_size.blockSignals(False)
        self.subset_list.clear()
        for subset in (s.family.subsets if s.family.kind == "list" else ()):
            self.subset_list.addItem(qid_text(subset))
        self.targets.clear()
        for target in s.targets:
            self.targets.addItem(target.label())
        self.add_target.setEnabled(bool(s.qids))
        self._show_counts()
        self._show_problem()

    def _show_counts(self) -> None:
        s = self.session
        k = len(s.qids)
        subsets = s.subset_count()
        if not k:
            self.subset_count.setText("No quasi-identifier chosen yet.")
            self.estimate.setText("")
            return
        where = "" if s.attacks.collective else " (collective attack off: only the full set)"
        self.subset_count.setText(f"<b>{subsets:,} subset{'s' if subsets != 1 else ''}</b> of "
                                  f"{k} quasi-identifier{'s' if k != 1 else ''}{where}.")
        rows = s.table.n_rows if s.table is not None else 0
        rate = self.rate()
        seconds = estimate_seconds(rows, subsets, s.jobs, rate)
        basis = "the speed of your last run" if rate else "a reference speed measured on the example"
        self.estimate.setText(f"Estimated run time: about {duration(seconds)} "
                              f"(an estimate from {rows:,} rows x {subsets:,} subsets at {basis}).")

    def _show_problem(self) -> None:
        try:
            self.session.build_config()
        except InputError as exc:
            self.problem.setText(f"Before running: {exc}.")
            self.problem.show()
            self.run_button.setEnabled(False)
            return
        self.problem.hide()
        self.run_button.setEnabled(True)

    def set_running(self, running: bool) -> None:
        self.run_button.setEnabled(not running and self.problem.isHidden())
