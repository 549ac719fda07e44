"""Page 3, Attacks: which attacks, collective and/or individual targets, the QID-subset
family with its size and a run-time estimate, privacy models, and Run."""

from __future__ import annotations

from typing import Callable, Optional

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import (QButtonGroup, QCheckBox, QDoubleSpinBox, QGridLayout, QGroupBox, QHBoxLayout,
                               QLabel, QListWidget, QPushButton, QRadioButton, QSpinBox,
                               QVBoxLayout, QWidget)

from engine.config import ModelTargets, PrivacyModelOptions, SubsetFamily
from engine.errors import InputError
from engine.workers import available_cpus

from ..dialogs.subset_dialog import SubsetDialog
from ..dialogs.target_dialog import TargetDialog
from ..estimate import estimate_seconds
from ..resources import icon
from ..session import AttackChoice, Session
from ..text import MODEL_TIPS, duration, qid_text
from .common import banner, hint, page_layout, scrolling, title

FAMILY_KINDS = ("all", "max-size", "exact", "list")
MODEL_TARGETS = (("k", "target k", 5), ("l", "target l", 2), ("alpha", "target alpha", 0.5),
                 ("t", "target t", 0.2), ("beta", "target beta", 1.0), ("delta", "target delta", 1.0))


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
        box = QGroupBox("Privacy models")
        box.setObjectName("privacyBox")
        grid = QGridLayout(box)
        self.models_enabled = QCheckBox("Report the privacy-model levels the data reaches")
        self.models_enabled.setObjectName("modelsEnabled")
        self.models_enabled.setToolTip("k-anonymity, l-diversity, t-closeness and related models: "
                                       "the level each subset of quasi-identifiers reaches.")
        self.models_enabled.toggled.connect(self._on_models)
        grid.addWidget(self.models_enabled, 0, 0, 1, 4)
        grid.addWidget(QLabel("l for recursive (c,l)-diversity:"), 1, 0, 1, 2)
        self.models_l = QSpinBox()
        self.models_l.setRange(1, 100)
        self.models_l.setToolTip(MODEL_TIPS["c_l"])
        self.models_l.valueChanged.connect(self._on_models)
        grid.addWidget(self.models_l, 1, 2)
        self.models_hint = hint("Optional targets: count the groups (and people) that fall short.")
        grid.addWidget(self.models_hint, 2, 0, 1, 4)
        self.model_targets: dict[str, tuple[QCheckBox, QSpinBox | QDoubleSpinBox]] = {}
        for index, (name, label, default) in enumerate(MODEL_TARGETS):
            check = QCheckBox(label)
            check.setToolTip(MODEL_TIPS[name])
            if isinstance(default, float):
                spin: QSpinBox | QDoubleSpinBox = QDoubleSpinBox()
                spin.setDecimals(2)
                spin.setRange(0.0, 1.0 if name in ("alpha", "t") else 100.0)
                spin.setSingleStep(0.05)
            else:
                spin = QSpinBox()
                spin.setRange(1, 1000)
            spin.setValue(default)
            spin.setToolTip(MODEL_TIPS[name])
            check.toggled.connect(self._on_models)
            spin.valueChanged.connect(self._on_models)
            row, col = 3 + index // 2, (index % 2) * 2
            grid.addWidget(check, row, col)
            grid.addWidget(spin, row, col + 1)
            self.model_targets[name] = (check, spin)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        return box

    def _run_box(self) -> QGroupBox:
        box = QGroupBox("Run")
        layout = QVBoxLayout(box)
        row = QHBoxLayout()
        row.addWidget(QLabel("Worker processes:"))
        self.jobs = QSpinBox()
        self.jobs.setRange(1, available_cpus())
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
    def _on_models(self) -> None:
        values = {name: (spin.value() if check.isChecked() else None)
                  for name, (check, spin) in self.model_targets.items()}
        for name in ("k", "l"):
            if values[name] is not None:
                values[name] = int(values[name])
        self.session.set_models(PrivacyModelOptions(enabled=self.models_enabled.isChecked(),
                                                    l=self.models_l.value(),
                                                    targets=ModelTargets(**values)))

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
        model_widgets = [w for pair in self.model_targets.values() for w in pair]
        widgets = (self.reid, self.inference, self.collective, self.individual, self.max_size,
                   self.jobs, *self.family_group.buttons(), self.models_enabled, self.models_l,
                   *model_widgets)
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
        self.models_enabled.setChecked(s.models.enabled)
        self.models_l.setValue(s.models.l)
        for name, (check, spin) in self.model_targets.items():
            value = getattr(s.models.targets, name)
            check.setChecked(value is not None)
            if value is not None:
                spin.setValue(value)
        for widget in widgets:
            widget.blockSignals(False)
        sensitive = s.sensitive
        self.sensitive_note.setText(
            f"Sensitive columns: {', '.join(sensitive)}." if sensitive else
            "No sensitive column: set one on the Data page to attack sensitive values.")
        for widget in (self.models_l, self.models_hint, *model_widgets):
            widget.setEnabled(s.models.enabled)
        for name, (check, spin) in self.model_targets.items():
            spin.setEnabled(s.models.enabled and check.isChecked())
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
