"""The attack choices and settings of the synthetic-data page: which attacks, distance,
radius, threshold criterion, targets, seed, workers, and Groundhog's shadow modelling."""

from __future__ import annotations

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QGroupBox, QHBoxLayout,
                               QSpinBox, QVBoxLayout)

from engine.api import (ATTACKS, ATTRIBUTE_ATTACKS, DEFAULT_ATTACKS, DISTANCES, MEMBERSHIP_ATTACKS, SHADOW_GENERATORS,
                        Criterion, SyntheticConfig)
from engine.api import available_cpus

from ..common import hint
from ...i18n import translate
from ...option_spin import fit_spin, option_value, show_value
from .labels import (ATTACK_LABELS, ATTACK_TIPS, CRITERIA, CRITERION_DEFAULTS, DISTANCE_LABELS, GENERATOR_LABELS,
                     criterion_label)


def can_run(name: str, has_control: bool, has_sensitive: bool) -> bool:
    """Membership attacks need a control file, attribute attacks a sensitive column."""
    return ((has_control or name not in MEMBERSHIP_ATTACKS)
            and (has_sensitive or name not in ATTRIBUTE_ATTACKS))


class AttacksBox(QGroupBox):
    """One tick box per attack, and a note on those the files and columns rule out."""

    changed = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(translate("synthetic.attack_settings", "Attacks"), parent)
        layout = QVBoxLayout(self)
        self.attack_boxes: dict[str, QCheckBox] = {}
        for name in ATTACKS:
            check = QCheckBox(ATTACK_LABELS[name])
            check.setObjectName(f"attack-{name}")
            check.setToolTip(ATTACK_TIPS[name])
            check.setChecked(name in DEFAULT_ATTACKS)
            check.toggled.connect(self._on_toggled)
            layout.addWidget(check)
            self.attack_boxes[name] = check
        self.attacks_note = hint("")
        layout.addWidget(self.attacks_note)

    @Slot()
    def _on_toggled(self) -> None:
        self.changed.emit()

    def chosen(self, has_control: bool, has_sensitive: bool) -> tuple[str, ...]:
        """The ticked attacks that can run."""
        return tuple(name for name, box in self.attack_boxes.items() if box.isChecked()
                     and can_run(name, has_control, has_sensitive))

    def set_chosen(self, attacks: tuple[str, ...]) -> None:
        """Tick exactly ``attacks``, without a ``changed`` per box."""
        for name, box in self.attack_boxes.items():
            box.blockSignals(True)
            box.setChecked(name in attacks)
            box.blockSignals(False)

    def allow(self, has_control: bool, has_sensitive: bool) -> None:
        """Enable the attacks that can run; say why the others cannot."""
        for name, box in self.attack_boxes.items():
            box.setEnabled(can_run(name, has_control, has_sensitive))
        notes = []
        if not has_control:
            notes.append(translate("synthetic.attack_settings", "Membership attacks need a control file."))
        if not has_sensitive:
            notes.append(translate("synthetic.attack_settings", "Attribute attacks need a sensitive attribute."))
        self.attacks_note.setText(" ".join(notes))
        self.attacks_note.setVisible(bool(notes))


class SettingsBox(QGroupBox):
    """Distance, neighbourhood radius, threshold criterion, targets, seed and workers."""

    changed = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(translate("synthetic.attack_settings", "Settings"), parent)
        form = QFormLayout(self)
        self.distance = QComboBox()
        self.distance.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.distance.setMinimumContentsLength(24)  # long labels (and translations) must not squeeze the page
        for name in DISTANCES:
            self.distance.addItem(DISTANCE_LABELS.get(name, name), name)
        self.distance.setCurrentIndex(self.distance.findData("mixed"))
        self.distance.setToolTip(
            translate("synthetic.attack_settings", "How far apart two records are, over the attacker's columns.")
        )
        form.addRow(translate("synthetic.attack_settings", "Distance:"), self.distance)
        self.radius = QDoubleSpinBox()
        self.radius.setDecimals(3)
        fit_spin(self.radius, SyntheticConfig, "radius")
        self.radius.setSingleStep(0.1)
        self.radius.setSpecialValueText(translate("synthetic.attack_settings", "0 (chosen from the data)"))
        self.radius.setToolTip(
            translate(
                "synthetic.attack_settings",
                "Radius of the local-neighbourhood attacks. 0: chosen from the data "
                "(the typical distance from a target to its nearest synthetic record).",
            )
        )
        form.addRow(translate("synthetic.attack_settings", "Neighbourhood radius:"), self.radius)
        criterion_row = QHBoxLayout()
        self.criterion = QComboBox()
        for kind, label in CRITERIA:
            self.criterion.addItem(criterion_label(label), kind)
        self.criterion.setToolTip(
            translate(
                "synthetic.attack_settings",
                "How the membership attacks choose the score above which they say " "'member', on half of the targets.",
            )
        )
        self.criterion.currentIndexChanged.connect(self._on_criterion)
        self.criterion_value = QDoubleSpinBox()
        self.criterion_value.setDecimals(4)
        criterion_row.addWidget(self.criterion, 1)
        criterion_row.addWidget(self.criterion_value)
        form.addRow(translate("synthetic.attack_settings", "Threshold by:"), criterion_row)
        self.targets = QSpinBox()
        fit_spin(self.targets, SyntheticConfig, "targets")
        self.targets.setValue(500)
        self.targets.setGroupSeparatorShown(True)
        self.targets.setToolTip(
            translate(
                "synthetic.attack_settings",
                "Members drawn from the real file, and as many non-members from the "
                "control file (fewer when a file is smaller).",
            )
        )
        form.addRow(translate("synthetic.attack_settings", "Targets per class:"), self.targets)
        self.seed = QSpinBox()
        fit_spin(self.seed, SyntheticConfig, "seed")
        self.seed.setToolTip(
            translate(
                "synthetic.attack_settings", "The same seed draws the same targets: the run can be repeated exactly."
            )
        )
        form.addRow(translate("synthetic.attack_settings", "Seed:"), self.seed)
        self.jobs = QSpinBox()
        fit_spin(self.jobs, SyntheticConfig, "jobs", high=available_cpus())
        self.jobs.setToolTip(
            translate("synthetic.attack_settings", "Nearest-neighbour searches run on this many worker processes.")
        )
        form.addRow(translate("synthetic.attack_settings", "Worker processes:"), self.jobs)
        self.show_targets = QCheckBox(translate("synthetic.attack_settings", "Show the targets most at risk"))
        self.show_targets.setObjectName("showTargets")
        self.show_targets.setToolTip(
            translate(
                "synthetic.attack_settings",
                "List the row numbers (never the values) of the real records the "
                "attacks single out most. Off by default: never in the default "
                "report.",
            )
        )
        form.addRow(self.show_targets)
        for widget in (self.distance, self.criterion):
            widget.currentIndexChanged.connect(self._on_changed)
        for spin in (self.radius, self.criterion_value, self.targets, self.seed, self.jobs):
            spin.valueChanged.connect(self._on_changed)
        self._on_criterion()

    @Slot()
    def _on_changed(self) -> None:
        self.changed.emit()

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
        tips = {
            "tp": translate("synthetic.attack_settings", "Lowest share of members the attack must flag (0 to 1)."),
            "fp": translate(
                "synthetic.attack_settings", "Highest share of non-members the attack may flag by mistake (0 to 1)."
            ),
            "threshold": translate("synthetic.attack_settings", "The score above which the attack says 'member'."),
        }
        spin.setToolTip(tips.get(kind, ""))

    def chosen_criterion(self) -> Criterion:
        kind = self.criterion.currentData()
        return Criterion() if kind == "accuracy" else Criterion(kind, option_value(self.criterion_value))

    def set_criterion(self, criterion: Criterion) -> None:
        self.criterion.setCurrentIndex(max(0, self.criterion.findData(criterion.kind)))
        if criterion.value is not None:
            show_value(self.criterion_value, criterion.value)


class ShadowBox(QGroupBox):
    """Groundhog's stand-in generator and its number of shadow datasets (kept even)."""

    changed = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(translate("synthetic.attack_settings", "Shadow modelling (Groundhog)"), parent)
        form = QFormLayout(self)
        self.generator = QComboBox()
        for name in SHADOW_GENERATORS:
            self.generator.addItem(GENERATOR_LABELS.get(name, name), name)
        self.generator.setToolTip(
            translate("synthetic.attack_settings", "The stand-in generator that makes the shadow synthetic files.")
        )
        form.addRow(translate("synthetic.attack_settings", "Generator:"), self.generator)
        self.shadow = QSpinBox()
        fit_spin(self.shadow, SyntheticConfig, "shadow_datasets")
        self.shadow.setValue(40)
        self.shadow.setToolTip(
            translate(
                "synthetic.attack_settings",
                "Shadow datasets per target (an even number: half with the target, half without).",
            )
        )
        self.shadow.valueChanged.connect(self._on_shadow)
        form.addRow(translate("synthetic.attack_settings", "Shadow datasets:"), self.shadow)

    @Slot(int)
    def _on_shadow(self, value: int) -> None:
        """Half the shadow datasets hold the target, half do not: an odd count goes up by one."""
        if value % 2:
            self.shadow.setValue(value + 1)
            return
        self.changed.emit()

    def allow(self, groundhog: bool) -> None:
        """The settings only matter when Groundhog runs."""
        self.generator.setEnabled(groundhog)
        self.shadow.setEnabled(groundhog)
