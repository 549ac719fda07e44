"""Page 3, Attacks: which attacks, collective and/or individual targets, the QID-subset
family with its size and a run-time estimate, privacy models, and Run."""

from __future__ import annotations

from typing import Callable, Optional

from PySide6.QtCore import QT_TRANSLATE_NOOP, Slot
from PySide6.QtWidgets import (QButtonGroup, QCheckBox, QComboBox, QDoubleSpinBox, QGridLayout,
                               QGroupBox, QHBoxLayout, QLabel, QLineEdit, QListWidget, QPushButton, QRadioButton,
                               QSpinBox, QVBoxLayout, QWidget)

from engine.api import AnalysisConfig, ModelTargets, PrivacyModelOptions, SubsetFamily
from engine.api import InputError
from engine.api import error_text, render
from engine.api import MISSING_RULES, SampleOptions
from engine.api import ConfigProblem, fraction
from engine.api import available_cpus

from ..dialogs.subset_dialog import SubsetDialog
from ..dialogs.target_dialog import TargetDialog
from ..estimate import estimate_plan, estimate_seconds
from ..option_spin import fit_spin, show_value, show_whole
from ..problems import window_message
from ..session import AttackChoice, Session
from ..widgets.command_bar import assessment_commands
from ..text import MODEL_TIPS, Translated, count, duration_range, number_items, number_list, parse_number, qid_text
from ..widgets.cluster_fields import ClusterFields
from .common import SideBySide, banner, hint, page_frame
from ..i18n import translate

FAMILY_KINDS = ("all", "max-size", "exact", "list")
MISSING_WORDS = {
    "value": QT_TRANSLATE_NOOP("attacks_page", "a value of their own"),
    "wildcard": QT_TRANSLATE_NOOP("attacks_page", "match any value (sdcMicro)"),
}
MODEL_TARGETS = (
    ("k", QT_TRANSLATE_NOOP("attacks_page", "target k"), 5),
    ("l", QT_TRANSLATE_NOOP("attacks_page", "target l"), 2),
    ("alpha", QT_TRANSLATE_NOOP("attacks_page", "target alpha"), 0.5),
    ("t", QT_TRANSLATE_NOOP("attacks_page", "target t"), 0.2),
    ("beta", QT_TRANSLATE_NOOP("attacks_page", "target beta"), 1.0),
    ("delta", QT_TRANSLATE_NOOP("attacks_page", "target delta"), 1.0),
)


SIDE_ROOM = 56   # the page's margins and a vertical scroll bar beside the two columns, in pixels

PLAN_PARTS = Translated("attacks_page", {
    "sample": QT_TRANSLATE_NOOP("attacks_page", "the sample measures"),
    "suda": QT_TRANSLATE_NOOP("attacks_page", "special uniques (SUDA)"),
    "linked": QT_TRANSLATE_NOOP("attacks_page", "the linked releases"),
    "scenario": QT_TRANSLATE_NOOP("attacks_page", "the scenarios"),
})


class AttacksPage(QWidget):
    """Everything the run needs besides the data; Run is enabled when the config is valid."""

    def __init__(self, session: Session, rate: Callable[[], Optional[float]] = lambda: None,
                 parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self.rate = rate
        _outer, layout = page_frame(self, translate("attacks_page", "3 · Attacks"), scroll=True)
        head = QHBoxLayout()  # the command row: Run on the right, where every page has it
        layout.addLayout(head)
        self.columns = columns = SideBySide()
        self._sides = left, right = columns.sides
        layout.addLayout(columns, 1)
        left.addWidget(self._attack_box())
        left.addWidget(self._sample_box())
        left.addWidget(self._targets_box(), 1)
        right.addWidget(self._family_box())
        right.addWidget(self._privacy_box())
        right.addWidget(self._run_box())
        head.addWidget(self.commands, 1)
        right.addStretch(1)
        for signal in (session.dataChanged, session.rolesChanged, session.attacksChanged,
                       session.targetsChanged):
            signal.connect(self.refresh)
        self.refresh()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.columns.fit(self.width(), SIDE_ROOM)

    # --- building --------------------------------------------------------------------------
    def _attack_box(self) -> QGroupBox:
        box = QGroupBox(translate("attacks_page", "Attacks"))
        grid = QVBoxLayout(box)
        self.reid = QCheckBox(translate("attacks_page", "Re-identification: find a person's record"))
        self.reid.setToolTip(
            translate("attacks_page", "Can the attacker tell which record belongs to a person they know?")
        )
        self.inference = QCheckBox(translate("attacks_page", "Attribute inference: learn a person's sensitive value"))
        self.inference.setToolTip(
            translate(
                "attacks_page",
                "Can the attacker learn a person's sensitive value (e.g. a "
                "health condition) even without finding the exact record?",
            )
        )
        self.sensitive_note = hint("")
        self.collective = QCheckBox(translate("attacks_page", "Collective: anyone in the table"))
        self.collective.setToolTip(
            translate(
                "attacks_page",
                "Attack every person, for every subset of the quasi-identifiers the attacker may know (the sweep).",
            )
        )
        self.individual = QCheckBox(translate("attacks_page", "Individual targets: specific people"))
        self.individual.setToolTip(
            translate("attacks_page", "Attack the people listed below, whose values the attacker knows.")
        )
        for box_ in (self.reid, self.inference, self.collective, self.individual):
            box_.toggled.connect(self._on_attacks)
        grid.addWidget(self.reid)
        grid.addWidget(self.inference)
        grid.addWidget(self.sensitive_note)
        grid.addWidget(QLabel(translate("attacks_page", "<b>Who is attacked</b>")))
        grid.addWidget(self.collective)
        grid.addWidget(self.individual)
        return box

    def _targets_box(self) -> QGroupBox:
        box = QGroupBox(translate("attacks_page", "Individual targets"))
        layout = QVBoxLayout(box)
        layout.addWidget(
            hint(
                translate(
                    "attacks_page",
                    'Pick a row on the Data page ("Use selected row as a target") or '
                    "type the values the attacker knows.",
                )
            )
        )
        self.targets = QListWidget()
        self.targets.setObjectName("targetsList")
        self.targets.setMinimumHeight(90)
        layout.addWidget(self.targets, 1)
        row = QHBoxLayout()
        self.add_target = QPushButton(translate("attacks_page", "Type a target..."))
        self.add_target.clicked.connect(self._type_target)
        self.remove_target = QPushButton(translate("attacks_page", "Remove"))
        self.remove_target.clicked.connect(self._remove_target)
        row.addWidget(self.add_target)
        row.addWidget(self.remove_target)
        row.addStretch(1)
        layout.addLayout(row)
        return box

    def _family_box(self) -> QGroupBox:
        box = QGroupBox(translate("attacks_page", "Which sets of quasi-identifiers the attacker may know"))
        grid = QGridLayout(box)
        self.family_group = QButtonGroup(self)
        self.radio_all = QRadioButton(translate("attacks_page", "Every subset"))
        self.radio_max = QRadioButton(translate("attacks_page", "Every subset of at most"))
        self.radio_exact = QRadioButton(translate("attacks_page", "Only all quasi-identifiers together"))
        self.radio_list = QRadioButton(translate("attacks_page", "Chosen sets:"))
        for i, radio in enumerate((self.radio_all, self.radio_max, self.radio_exact, self.radio_list)):
            self.family_group.addButton(radio, i)
        self.max_size = QSpinBox()
        fit_spin(self.max_size, SubsetFamily, "max_size")
        self.max_size.setValue(3)
        self.max_size.setSuffix(translate("attacks_page", " QIDs"))
        self.subset_list = QListWidget()
        self.subset_list.setMaximumHeight(90)
        add_set = QPushButton(translate("attacks_page", "Add a set..."))
        add_set.clicked.connect(self._add_subset)
        remove_set = QPushButton(translate("attacks_page", "Remove"))
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
        box = QGroupBox(translate("attacks_page", "Privacy models"))
        box.setObjectName("privacyBox")
        grid = QGridLayout(box)
        self.models_enabled = QCheckBox(translate("attacks_page", "Report the privacy-model levels the data reaches"))
        self.models_enabled.setObjectName("modelsEnabled")
        self.models_enabled.setToolTip(
            translate(
                "attacks_page",
                "k-anonymity, l-diversity, t-closeness and related models: "
                "the level each subset of quasi-identifiers reaches.",
            )
        )
        self.models_enabled.toggled.connect(self._on_models)
        grid.addWidget(self.models_enabled, 0, 0, 1, 4)
        grid.addWidget(QLabel(translate("attacks_page", "l for recursive (c,l)-diversity:")), 1, 0, 1, 2)
        self.models_l = QSpinBox()
        fit_spin(self.models_l, PrivacyModelOptions, "l")
        self.models_l.setToolTip(MODEL_TIPS["c_l"])
        self.models_l.valueChanged.connect(self._on_models)
        grid.addWidget(self.models_l, 1, 2)
        self.models_hint = hint(
            translate("attacks_page", "Optional targets: count the groups (and people) that fall short.")
        )
        grid.addWidget(self.models_hint, 2, 0, 1, 4)
        self.model_targets: dict[str, tuple[QCheckBox, QSpinBox | QDoubleSpinBox]] = {}
        for index, (name, label, default) in enumerate(MODEL_TARGETS):
            check = QCheckBox(translate("attacks_page", label))
            check.setToolTip(MODEL_TIPS[name])
            if isinstance(default, float):
                spin: QSpinBox | QDoubleSpinBox = QDoubleSpinBox()
                spin.setDecimals(2)
                spin.setSingleStep(0.05)
            else:
                spin = QSpinBox()
            fit_spin(spin, ModelTargets, name)
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

    def _sample_box(self) -> QGroupBox:
        box = QGroupBox(translate("attacks_page", "Sample file (survey weights, special uniques)"))
        box.setObjectName("sampleBox")
        grid = QGridLayout(box)
        self.sample_note = hint("")
        grid.addWidget(self.sample_note, 0, 0, 1, 4)
        self.fraction_given = QCheckBox(translate("attacks_page", "Sampling fraction:"))
        self.fraction_given.setToolTip(
            translate(
                "attacks_page",
                "The sample's share of the population (n / N), for the "
                "population-uniqueness estimates. Unticked: n / sum of the weights.",
            )
        )
        self.fraction = QDoubleSpinBox()
        self.fraction.setDecimals(4)
        fit_spin(self.fraction, SampleOptions, "sampling_fraction")
        self.fraction.setSingleStep(0.01)
        self.fraction.setValue(0.01)
        grid.addWidget(self.fraction_given, 1, 0)
        grid.addWidget(self.fraction, 1, 1)
        grid.addWidget(QLabel(translate("attacks_page", "Risk thresholds:")), 2, 0)
        self.thresholds = QLineEdit()
        self.thresholds.setObjectName("riskThresholds")
        self.thresholds.setToolTip(
            translate(
                "attacks_page",
                "Individual-risk levels (between 0 and 1, separated by commas): the "
                "results count the records above each.",
            )
        )
        grid.addWidget(self.thresholds, 2, 1, 1, 3)  # a row of its own: "0,01; 0,05; 0,1; 0,2" fits
        grid.addWidget(QLabel(translate("attacks_page", "Missing values:")), 3, 0)
        self.missing = QComboBox()
        for rule in MISSING_RULES:
            self.missing.addItem(translate("attacks_page", MISSING_WORDS.get(rule, rule)), rule)
        self.missing.setEnabled(len(MISSING_RULES) > 1)
        self.missing.setToolTip(
            translate("attacks_page", "How a missing quasi-identifier value counts in the sample-file measures.")
        )
        grid.addWidget(self.missing, 3, 1, 1, 3)
        self.suda = QCheckBox(translate("attacks_page", "Special uniques (SUDA)"))
        self.suda.setObjectName("sudaEnabled")
        self.suda.setToolTip(
            translate(
                "attacks_page",
                "Find, for each record unique in the sample, its minimal sample uniques "
                "(the smallest sets of quasi-identifiers on which it is unique) and score it.",
            )
        )
        grid.addWidget(self.suda, 4, 0, 1, 4)
        grid.addWidget(QLabel(translate("attacks_page", "Max MSU size:")), 5, 0)
        self.suda_max = QSpinBox()
        fit_spin(self.suda_max, SampleOptions, "suda_max_size", special=True)
        self.suda_max.setSpecialValueText(translate("attacks_page", "all"))
        self.suda_max.setToolTip(
            translate(
                "attacks_page",
                "Largest set of quasi-identifiers searched for minimal sample uniques (all: every size).",
            )
        )
        grid.addWidget(self.suda_max, 5, 1)
        grid.addWidget(QLabel(translate("attacks_page", "DIS fraction:")), 5, 2)
        self.dis_fraction = QDoubleSpinBox()
        self.dis_fraction.setDecimals(4)
        fit_spin(self.dis_fraction, SampleOptions, "dis_fraction")
        self.dis_fraction.setSingleStep(0.01)
        self.dis_fraction.setToolTip(translate("attacks_page", "The sampling fraction used by the DIS-SUDA score."))
        grid.addWidget(self.dis_fraction, 5, 3)
        for widget in (self.fraction_given, self.suda):
            widget.toggled.connect(self._on_sample)
        for spin in (self.fraction, self.suda_max, self.dis_fraction):
            spin.valueChanged.connect(self._on_sample)
        self.missing.currentIndexChanged.connect(self._on_sample)
        self.thresholds.editingFinished.connect(self._on_sample)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        return box

    def _run_box(self) -> QGroupBox:
        box = QGroupBox(translate("attacks_page", "Run"))
        layout = QVBoxLayout(box)
        row = QHBoxLayout()
        row.addWidget(QLabel(translate("attacks_page", "Processor cores:")))
        self.jobs = QSpinBox()
        fit_spin(self.jobs, AnalysisConfig, "jobs", high=available_cpus())
        self.jobs.setToolTip(translate("attacks_page", "The sweep uses up to this many processor cores (threads "
                                                  "of this program, or worker processes)."))
        self.jobs.valueChanged.connect(self._on_jobs)
        row.addWidget(self.jobs)
        row.addStretch(1)
        self.commands = assessment_commands()
        self.run_button = self.commands.run_button
        layout.addLayout(row)
        self.cluster = ClusterFields()
        self.cluster.changed.connect(self.session.set_cluster)
        layout.addWidget(self.cluster)
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
    def _on_sample(self) -> None:
        try:
            thresholds = parse_thresholds(self.thresholds.text())
        except InputError as exc:
            self.problem.setText(translate("attacks_page", "Risk thresholds: {0}.").format(render(error_text(exc))))
            self.problem.show()
            self.run_button.setEnabled(False)
            return
        self.session.set_sample(SampleOptions(
            sampling_fraction=self.fraction.value() if self.fraction_given.isChecked() else None,
            risk_thresholds=thresholds, suda=self.suda.isChecked(),
            suda_max_size=self.suda_max.value() or None, dis_fraction=self.dis_fraction.value(),
            missing=self.missing.currentData()))
        self._show_problem()

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
            self.problem.setText(translate("attacks_page", "Choose the quasi-identifiers on the Data page first."))
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
        sample_widgets = (self.fraction_given, self.fraction, self.suda, self.suda_max, self.dis_fraction,
                          self.missing, self.thresholds)
        widgets = (self.reid, self.inference, self.collective, self.individual, self.max_size,
                   self.jobs, *self.family_group.buttons(), self.models_enabled, self.models_l,
                   *model_widgets, *sample_widgets)
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
        self.cluster.show_options(s.cluster)
        self.models_enabled.setChecked(s.models.enabled)
        self.models_l.setValue(s.models.l)
        for name, (check, spin) in self.model_targets.items():
            value = getattr(s.models.targets, name)
            check.setChecked(value is not None)
            if value is not None:
                (show_value if isinstance(spin, QDoubleSpinBox) else show_whole)(spin, value)
        self._show_sample()
        for widget in widgets:
            widget.blockSignals(False)
        sensitive = s.sensitive
        self.sensitive_note.setText(
            translate("attacks_page", "Sensitive columns: {0}.").format(", ".join(map(repr, sensitive)))
            if sensitive
            else translate("attacks_page", "No sensitive column: set one on the Data page to attack sensitive values.")
        )
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

    def _show_sample(self) -> None:
        s = self.session
        sample = s.sample
        self.fraction_given.setChecked(sample.sampling_fraction is not None)
        if sample.sampling_fraction is not None:
            show_value(self.fraction, sample.sampling_fraction)
        self.fraction.setEnabled(sample.sampling_fraction is not None)
        self.thresholds.setText(number_list(sample.risk_thresholds))
        self.suda.setChecked(sample.suda)
        self.suda_max.setMaximum(max(1, len(s.qids)))
        self.suda_max.setValue(sample.suda_max_size or 0)
        show_value(self.dis_fraction, sample.dis_fraction)
        self.suda_max.setEnabled(sample.suda)
        self.dis_fraction.setEnabled(sample.suda)
        self.missing.setCurrentIndex(max(0, self.missing.findData(sample.missing)))
        weight, household = s.single_role("weight"), s.single_role("household")
        if weight:
            text = translate("attacks_page", "Sampling weight: <b>{0}</b>").format(weight)
            text += translate("attacks_page", ", household id: <b>{0}</b>.").format(household) if household else "."
            text += translate(
                "attacks_page",
                " The individual risk, expected re-identifications and population uniques are estimated.",
            )
        else:
            text = translate(
                "attacks_page",
                "No sampling weight chosen: the file is treated as the whole population. If it is a "
                "sample, set its weight column's role to Sampling weight on the Data page.",
            )
            if household:
                text += translate("attacks_page", " Household id: <b>{0}</b>.").format(household)
        self.sample_note.setText(text)

    def _show_counts(self) -> None:
        s = self.session
        k = len(s.qids)
        subsets = s.subset_count()
        if not k:
            self.subset_count.setText(translate("attacks_page", "No quasi-identifier chosen yet."))
            self.estimate.setText("")
            return
        where = "" if s.attacks.collective else translate("attacks_page", " (collective attack off: only the full set)")
        self.subset_count.setText(
            translate("attacks_page", "<b>{count} {subsets}</b> of {k} {qids}{where}.").format(
                count=count(subsets),
                k=count(k),
                where=where,
                subsets=translate("attacks_page", "subsets") if subsets != 1 else translate("attacks_page", "subset"),
                qids=(
                    translate("attacks_page", "quasi-identifiers")
                    if k != 1
                    else translate("attacks_page", "quasi-identifier")
                ),
            )
        )
        self.show_estimate()

    def show_estimate(self) -> None:
        """The engine's plan of the run (:func:`gui.estimate.estimate_plan`), recomputed after
        every run with the rate it measured; nothing when the sweep runs on a cluster."""
        s = self.session
        subsets = s.subset_count()
        rows = s.table.n_rows if s.table is not None else 0
        if not s.qids or s.cluster.enabled:
            self.estimate.setText("")
            return
        rate = self.rate()
        try:
            plan = estimate_plan(s.build_config(), rows, rate)
        except InputError:
            plan = None
        seconds = plan.high if plan is not None else estimate_seconds(rows, subsets, s.jobs, rate)
        low = plan.low if plan is not None else seconds
        basis = (
            translate("attacks_page", "the speed of your last run")
            if rate
            else translate("attacks_page", "a reference speed measured on the example")
        )
        template = (
            translate("attacks_page", "Estimated run time: {time} (an estimate from {rows} rows x {subsets} subsets at "
                      "{basis}).")
            if seconds is not None and seconds < 1
            else translate("attacks_page", "Estimated run time: about {time} (an estimate from {rows} rows x "
                           "{subsets} subsets at {basis}).")
        )
        text = template.format(time=duration_range(low, seconds), rows=count(rows), subsets=count(subsets), basis=basis)
        extra = [] if plan is None else list(dict.fromkeys(p.name for p in plan.parts if p.name != "sweep"))
        if extra:
            text += " " + translate("attacks_page", "It includes {0}.").format(
                ", ".join(PLAN_PARTS.get(name, name) for name in extra))
        self.estimate.setText(text)

    def _show_problem(self) -> None:
        try:
            self.session.build_config()
        except InputError as exc:
            text = window_message(exc.problem) if isinstance(exc, ConfigProblem) else render(error_text(exc))
            self.problem.setText(translate("attacks_page", "Before running: {0}.").format(text))
            self.problem.show()
            self.run_button.setEnabled(False)
            return
        self.problem.hide()
        self.run_button.setEnabled(True)

    def set_running(self, running: bool, reason: str = "") -> None:
        """Enable Run unless a job runs; ``reason`` (why it cannot run now) becomes its tooltip."""
        self.run_button.setEnabled(not running and self.problem.isHidden())
        self.run_button.setToolTip(reason)


def parse_thresholds(text: str) -> tuple[float, ...]:
    """'0.01, 0.05 0.1' -> (0.01, 0.05, 0.1); each in (0, 1] (the sample options' rule), at least one."""
    values = []
    for part in number_items(text):
        try:
            value = parse_number(part)
        except ValueError:
            raise InputError(translate("attacks_page", "{0!r} is not a number").format(part)) from None
        for problem in fraction("sample.risk_thresholds", value):
            raise InputError(f"{part} {render(problem.must)}")
        values.append(value)
    if not values:
        raise InputError(translate("attacks_page", "give at least one level, e.g. 0.01, 0.05, 0.1, 0.2"))
    return tuple(sorted(set(values)))
