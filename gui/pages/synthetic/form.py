"""The Analysis tab of the synthetic-data page: its sections, the analysis they describe
(:class:`SyntheticConfig`), and what the run still needs."""

from __future__ import annotations

from dataclasses import replace
from typing import Optional, Sequence

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QWidget

from engine.api import DataSource
from engine.api import InputError
from engine.api import list_columns
from engine.api import error_text, render
from engine.api import SyntheticConfig

from ..common import SideBySide, banner, page_layout
from .attack_settings import AttacksBox, SettingsBox, ShadowBox
from .columns_box import ColumnsBox
from .files_box import FILES, FilesBox
from ...i18n import translate
from ...option_spin import kept_whole, show_value, show_whole


class SyntheticForm(QWidget):
    """Files, the attacker's columns, attacks and settings; ``changed`` on every edit and
    ``readFailed`` (title, message) when the real file cannot be read."""

    changed = Signal()
    readFailed = Signal(str, str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._listed_path: Optional[str] = None
        self.opened: Optional[SyntheticConfig] = None  # the analysis opened; the form edits it
        layout = page_layout(self)
        self.columns = columns = SideBySide()   # stacked when narrow: see SyntheticPage
        left, right = columns.sides
        layout.addLayout(columns, 1)
        self.files = FilesBox()
        left.addWidget(self.files)
        self.attacker = ColumnsBox()
        left.addWidget(self.attacker, 1)
        self.attacks = AttacksBox()
        right.addWidget(self.attacks)
        self.settings = SettingsBox()
        right.addWidget(self.settings)
        self.shadow_box = ShadowBox()
        right.addWidget(self.shadow_box)
        right.addStretch(1)
        self.problem = banner("", "banner")
        layout.addWidget(self.problem)
        self.files.fileChosen.connect(self.set_file)
        self.files.fileEdited.connect(self._on_file_edited)
        for section in (self.attacker, self.attacks, self.settings, self.shadow_box):
            section.changed.connect(self.changed)

    # --- files and columns --------------------------------------------------------------------
    @Slot(str, str)
    def _on_file_edited(self, role: str, path: str) -> None:
        if role == "real" and path != self._listed_path:
            self.set_file("real", path)
        else:
            self.changed.emit()

    @Slot(str, str)
    def set_file(self, role: str, path: str, source: Optional[DataSource] = None) -> bool:
        """Put ``path`` in the ``role`` field; for the real file, list its columns (an unreadable
        file is reported and empties the column list). False when it could not be read."""
        path = str(path).strip()
        self.files.set_path(role, path, source)
        if role != "real":
            self.changed.emit()
            return True
        return self._list_columns(path)

    def _list_columns(self, path: str, keep: Sequence[str] = (), sensitive: Optional[str] = None) -> bool:
        self._listed_path = path
        columns: list[str] = []
        ok = True
        if path:
            try:
                columns = list_columns(self.files.source("real"))
            except InputError as exc:
                self.readFailed.emit(translate("synthetic.form", "Could not read the real file"),
                                     render(error_text(exc)))
                ok = False
        self.attacker.show_columns(columns, keep, sensitive)
        return ok

    # --- the analysis ---------------------------------------------------------------------------
    def _has_control(self) -> bool:
        return bool(self.files.path("control"))

    def _has_sensitive(self) -> bool:
        return self.attacker.sensitive_column() is not None

    def chosen_attacks(self) -> tuple[str, ...]:
        """The ticked attacks that can run: membership ones need a control file, attribute ones
        a sensitive column."""
        return self.attacks.chosen(self._has_control(), self._has_sensitive())

    def build_config(self) -> SyntheticConfig:
        """The analysis the form describes; InputError in the page's own words when incomplete."""
        real, synthetic = self.files.source("real"), self.files.source("synthetic")
        if real is None:
            raise InputError(translate("synthetic.form", "choose the real file"))
        if synthetic is None:
            raise InputError(translate("synthetic.form", "choose the synthetic file"))
        qids = self.attacker.checked_qids()
        if not qids:
            raise InputError(translate("synthetic.form", "tick at least one quasi-identifier"))
        attacks = self.chosen_attacks()
        if not attacks:
            raise InputError(
                translate("synthetic.form", "tick at least one attack that can run with these files and columns")
            )
        s, shadow = self.settings, self.shadow_box
        base = self.opened or SyntheticConfig(real=real, synthetic=synthetic)
        if set(attacks) == set(base.attacks):
            attacks = base.attacks  # in the order the analysis gave them
        config = replace(base, real=real, synthetic=synthetic, control=self.files.source("control"), qids=qids,
                         sensitive=self.attacker.sensitive_column(), attacks=attacks,
                         distance=s.distance.currentData(),
                         radius=s.radius.value() or None, criterion=s.chosen_criterion(),
                         targets=kept_whole(s.targets, base.targets), seed=kept_whole(s.seed, base.seed),
                         jobs=kept_whole(s.jobs, base.jobs),
                         generator=shadow.generator.currentData(), shadow_datasets=shadow.shadow.value(),
                         show_targets=s.show_targets.isChecked())
        config.validate()
        return config

    def apply_config(self, config: SyntheticConfig) -> bool:
        """Fill the form from ``config``; False when the real file could not be read."""
        self.opened = config
        self.files.set_sources({role: getattr(config, role) for role in FILES})
        ok = self._list_columns(config.real.path, keep=config.qids, sensitive=config.sensitive)
        self.attacker.set_qids(config.qids)
        self.attacks.set_chosen(config.attacks)
        s = self.settings
        s.distance.setCurrentIndex(max(0, s.distance.findData(config.distance)))
        show_value(s.radius, config.radius or 0.0)
        s.set_criterion(config.criterion)
        show_whole(s.targets, config.targets)
        show_whole(s.seed, config.seed)
        show_whole(s.jobs, config.jobs)
        self.shadow_box.generator.setCurrentIndex(max(0, self.shadow_box.generator.findData(config.generator)))
        self.shadow_box.shadow.setValue(config.shadow_datasets)
        s.show_targets.setChecked(config.show_targets)
        return ok

    def update_state(self) -> bool:
        """Enable what can be used, explain what cannot; True when the analysis can run."""
        has_control = self._has_control()
        self.attacks.allow(has_control, self._has_sensitive())
        self.files.control_hint.setVisible(not has_control)
        groundhog = self.attacks.attack_boxes["groundhog"]
        self.shadow_box.allow(groundhog.isChecked() and groundhog.isEnabled())
        try:
            self.build_config()
        except InputError as exc:
            self.problem.setText(translate("synthetic.form", "Before running: {0}.").format(render(error_text(exc))))
            self.problem.show()
            return False
        self.problem.hide()
        return True
