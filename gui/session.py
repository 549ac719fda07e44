"""The analysis being prepared in the window: the loaded data, roles, attacks, targets,
later releases and the last result. Pages read and change it; it builds the same
:class:`~engine.config.AnalysisConfig` the command line uses."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional

from PySide6.QtCore import QObject, Signal

from engine.api import build_family
from engine.config import (AnalysisConfig, DataSource, Linkage, PrivacyModelOptions, Release as LinkedRelease,
                           Roles, SubsetFamily, Target)
from engine.errors import InputError
from engine.io.encode import EncodedTable
from engine.io.profile import ColumnProfile
from engine.results import Assessment
from engine.sample.options import SampleOptions

from .text import ROLE_KEYS, SINGLE_ROLES

DEFAULT_JOBS = 2


@dataclass
class Release:
    """A later release of the same survey, linked to the focal one by a persistent key."""

    path: str
    columns: list[str]
    linkage_key: Optional[str] = None
    label: str = ""  # empty: "2", "3", ... by position
    source: Optional[DataSource] = None  # how to read it (None: the path with defaults)


@dataclass
class AttackChoice:
    """Which attacks the analyst asked for (GUI-side; the config records what was run)."""

    reidentification: bool = True
    inference: bool = True
    collective: bool = True
    individual: bool = True


@dataclass
class Result:
    """A finished run: the assessment and the attack choice it was run with."""

    assessment: Assessment
    attacks: AttackChoice
    seconds: float = 0.0


class Session(QObject):
    """The window's state; every change emits a signal the pages listen to."""

    dataChanged = Signal()
    rolesChanged = Signal()
    attacksChanged = Signal()
    targetsChanged = Signal()
    releasesChanged = Signal()
    resultChanged = Signal()
    scenariosChanged = Signal()

    def __init__(self, parent: Optional[QObject] = None) -> None:
        super().__init__(parent)
        self.source: Optional[DataSource] = None
        self.table: Optional[EncodedTable] = None
        self.profiles: tuple[ColumnProfile, ...] = ()
        self.file_format = ""
        self.roles: dict[str, str] = {}
        self.family = SubsetFamily()
        self.targets: list[Target] = []
        self.attacks = AttackChoice()
        self.jobs = DEFAULT_JOBS
        self.releases: list[Release] = []
        self.focal_label = "1"
        self.duplicates = "error"
        self.models = PrivacyModelOptions()
        self.sample = SampleOptions()
        self.result: Optional[Result] = None
        self.analysis_path: Optional[str] = None
        self.scenarios: list = []  # engine.remediation.transforms.Scenario, in the analysis's order

    # --- data and roles -------------------------------------------------------------------
    @property
    def columns(self) -> list[str]:
        return [p.name for p in self.profiles]

    def set_data(self, source: DataSource, table: EncodedTable, profiles: tuple[ColumnProfile, ...],
                 file_format: str) -> None:
        """A newly loaded file: direct identifiers are flagged, everything else is ignored."""
        self.source, self.table, self.profiles, self.file_format = source, table, profiles, file_format
        self.roles = {p.name: "identifiers" if p.looks_like_identifier else "ignored" for p in profiles}
        self.family = SubsetFamily()
        self.targets = []
        self.scenarios = []
        self.result = None
        self.dataChanged.emit()
        self.rolesChanged.emit()
        self.targetsChanged.emit()
        self.resultChanged.emit()

    def set_role(self, column: str, role: str) -> None:
        if role not in ROLE_KEYS or column not in self.roles or self.roles[column] == role:
            return
        if role in SINGLE_ROLES:
            for other in self.columns_with(role):
                self.roles[other] = "ignored"
        self.roles[column] = role
        if self.family.kind == "list":
            qids = set(self.columns_with("quasi_identifiers"))
            kept = tuple(s for s in self.family.subsets if set(s) <= qids)
            self.family = replace(self.family, subsets=kept)
        self.rolesChanged.emit()

    def columns_with(self, role: str) -> tuple[str, ...]:
        return tuple(c for c in self.columns if self.roles.get(c) == role)

    @property
    def qids(self) -> tuple[str, ...]:
        return self.columns_with("quasi_identifiers")

    @property
    def sensitive(self) -> tuple[str, ...]:
        return self.columns_with("sensitive")

    def single_role(self, role: str) -> Optional[str]:
        """The column with the weight or household role (None: none chosen)."""
        names = self.columns_with(role)
        return names[0] if names else None

    # --- attacks ----------------------------------------------------------------------------
    def set_family(self, family: SubsetFamily) -> None:
        self.family = family
        self.attacksChanged.emit()

    def set_attacks(self, attacks: AttackChoice) -> None:
        self.attacks = attacks
        self.attacksChanged.emit()

    def set_models(self, models: PrivacyModelOptions) -> None:
        if models != self.models:
            self.models = models
            self.attacksChanged.emit()

    def set_sample(self, sample: SampleOptions) -> None:
        """The options of the sample-file measures (thresholds, SUDA, sampling fraction)."""
        if sample != self.sample:
            self.sample = sample
            self.attacksChanged.emit()

    def set_jobs(self, jobs: int) -> None:
        self.jobs = max(1, int(jobs))
        self.attacksChanged.emit()

    def add_target(self, target: Target) -> None:
        if target not in self.targets:
            self.targets.append(target)
            self.targetsChanged.emit()

    def remove_target(self, index: int) -> None:
        if 0 <= index < len(self.targets):
            del self.targets[index]
            self.targetsChanged.emit()

    # --- releases ---------------------------------------------------------------------------
    def add_release(self, release: Release) -> None:
        self.releases.append(release)
        self.releasesChanged.emit()

    def remove_release(self, index: int) -> None:
        if 0 <= index < len(self.releases):
            del self.releases[index]
            self.releasesChanged.emit()

    def set_release_key(self, index: int, key: Optional[str]) -> None:
        if 0 <= index < len(self.releases):
            self.releases[index].linkage_key = key
            self.releasesChanged.emit()

    def set_release_label(self, index: int, label: str) -> None:
        if 0 <= index < len(self.releases):
            self.releases[index].label = label.strip()
            self.releasesChanged.emit()

    def set_focal_label(self, label: str) -> None:
        self.focal_label = label.strip() or "1"
        self.releasesChanged.emit()

    def set_duplicates(self, duplicates: str) -> None:
        self.duplicates = duplicates
        self.releasesChanged.emit()

    def release_label(self, index: int) -> str:
        """The label of later release ``index``: the one typed, else "2", "3", ..."""
        release = self.releases[index]
        return release.label or str(index + 2)

    @property
    def focal_key(self) -> str:
        keys = self.columns_with("linkage_keys")
        return keys[0] if keys else ""

    def linkage(self) -> Linkage:
        """The later releases as the engine's :class:`~engine.config.Linkage` (empty: none)."""
        if not self.releases:
            return Linkage()
        focal_key = self.focal_key
        releases = []
        for index, release in enumerate(self.releases):
            key = release.linkage_key
            if key is None and focal_key in release.columns:
                key = focal_key
            source = release.source or DataSource(release.path)
            releases.append(LinkedRelease(data=source, label=self.release_label(index),
                                          key=None if key == focal_key else key))
        return Linkage(key=focal_key, focal_label=self.focal_label, releases=tuple(releases),
                       duplicates=self.duplicates)

    def _check_linkage(self) -> None:
        if not self.releases:
            return
        if not self.focal_key:
            raise InputError("later releases are listed but the focal release has no linkage key: "
                             "on the Releases page, choose the focal release's linkage key")
        for release in self.releases:
            if release.linkage_key is None and self.focal_key not in release.columns:
                name = release.path.replace("\\", "/").rsplit("/", 1)[-1]
                raise InputError(f"{name}: choose its linkage key on the Releases page")

    # --- the config -------------------------------------------------------------------------
    def run_family(self) -> SubsetFamily:
        """The family the run uses: only the full QID set when the collective attack is off."""
        return self.family if self.attacks.collective else SubsetFamily(kind="exact")

    def build_config(self) -> AnalysisConfig:
        """The analysis config for what is on screen; raises InputError when incomplete."""
        if self.source is None or self.table is None:
            raise InputError("no data loaded: open a data file first")
        draft = self.config_for_saving()
        sensitive, targets = draft.roles.sensitive, draft.targets
        if not self.qids:
            raise InputError("no quasi-identifier chosen: on the Data page, set the role of at "
                             "least one column to Quasi-identifier")
        if not (self.attacks.reidentification or self.attacks.inference):
            raise InputError("no attack chosen: tick re-identification or attribute inference")
        if self.attacks.inference and not self.attacks.reidentification and not sensitive:
            raise InputError("attribute inference needs a sensitive column: set one on the Data page")
        if not (self.attacks.collective or self.attacks.individual):
            raise InputError("choose the collective attack, individual targets, or both")
        if self.attacks.individual and not self.attacks.collective and not targets:
            raise InputError("individual targets are chosen but none is given: add a target")
        self._check_linkage()
        draft.validate()
        return draft

    def config_for_saving(self) -> AnalysisConfig:
        """The config as it stands, even when not complete enough to run (roles so far)."""
        if self.source is None:
            raise InputError("no data loaded: open a data file first")
        sensitive = self.sensitive if self.attacks.inference else ()
        ignored = tuple(c for c in self.columns if self.roles.get(c) == "ignored"
                        or (self.roles.get(c) == "sensitive" and not self.attacks.inference))
        roles = Roles(quasi_identifiers=self.qids, sensitive=sensitive,
                      identifiers=self.columns_with("identifiers"),
                      linkage_keys=self.columns_with("linkage_keys"), ignored=ignored,
                      weight=self.single_role("weight"), household=self.single_role("household"))
        return AnalysisConfig(data=self.source, roles=roles, subsets=self.run_family(),
                              targets=tuple(self.targets) if self.attacks.individual else (),
                              jobs=self.jobs, models=self.models, linkage=self.linkage(),
                              sample=self.sample, scenarios=tuple(self.scenarios))

    def subset_count(self) -> int:
        """Number of QID subsets the run evaluates (0 when the family is not valid)."""
        qids = self.qids
        family = self.run_family()
        if not qids:
            return 0
        try:
            return build_family(family, qids, list(range(len(qids)))).total
        except (KeyError, ValueError, InputError):
            return 0

    def apply_config(self, config: AnalysisConfig) -> list[str]:
        """Take roles, family, targets and jobs from an analysis file (after its data loaded).

        Returns the problems found (e.g. a column the file does not have)."""
        problems = []
        known = set(self.columns)
        roles = {c: "ignored" for c in self.columns}
        for role in ROLE_KEYS:
            value = getattr(config.roles, role)
            for column in ((value,) if isinstance(value, str) else value or ()):
                if column in known:
                    roles[column] = role
                else:
                    problems.append(f"column {column!r} ({role.replace('_', ' ')}) is not in the file")
        self.roles = roles
        self.family = config.subsets
        self.targets = list(config.targets)
        self.jobs = max(1, config.jobs) if config.jobs else DEFAULT_JOBS
        self.attacks = AttackChoice(reidentification=True, inference=bool(config.roles.sensitive),
                                    collective=True, individual=bool(config.targets))
        self.models = config.models
        self.sample = config.sample
        problems += self._apply_linkage(config.linkage)
        self.scenarios = list(config.scenarios)
        self.rolesChanged.emit()
        self.attacksChanged.emit()
        self.targetsChanged.emit()
        self.scenariosChanged.emit()
        return problems

    def _apply_linkage(self, linkage: Linkage) -> list[str]:
        """Later releases from an analysis file (their column names read from the header)."""
        from engine.io.formats import list_columns

        problems = []
        self.releases = []
        self.focal_label = linkage.focal_label or "1"
        self.duplicates = linkage.duplicates
        if linkage.key and linkage.key in self.roles and linkage.releases:
            for column, role in list(self.roles.items()):
                if role == "linkage_keys" and column != linkage.key:
                    self.roles[column] = "ignored"
            self.roles[linkage.key] = "linkage_keys"
        elif linkage.key and linkage.releases:
            problems.append(f"linkage key {linkage.key!r} is not in the file")
        for release in linkage.releases:
            try:
                columns = list_columns(release.data)
            except InputError as exc:
                problems.append(str(exc))
                continue
            self.releases.append(Release(path=release.data.path, columns=columns,
                                         linkage_key=release.key or linkage.key or None,
                                         label=release.label, source=release.data))
        self.releasesChanged.emit()
        return problems

    # --- scenarios ----------------------------------------------------------------------------
    def set_scenarios(self, scenarios) -> None:
        """The analysis's scenarios (what they change; a run is needed for their results)."""
        self.scenarios = list(scenarios)
        self.scenariosChanged.emit()

    def mark_scenario(self, name: str, **changes) -> None:
        """Change a scenario's marks (``recommended``, ``exported``), which do not change its
        results, here and in the last result; ``recommended=True`` clears it on the others."""
        def marked(scenario):
            if scenario.name == name:
                return replace(scenario, **changes)
            if changes.get("recommended"):
                return replace(scenario, recommended=False)
            return scenario

        self.scenarios = [marked(s) for s in self.scenarios]
        if self.result is not None and self.result.assessment.scenarios:
            a = self.result.assessment
            results = tuple(replace(r, scenario=marked(r.scenario)) for r in a.scenarios)
            config = replace(a.config, scenarios=tuple(marked(s) for s in a.config.scenarios))
            self.result = replace(self.result, assessment=replace(a, config=config, scenarios=results))
            self.resultChanged.emit()
        self.scenariosChanged.emit()

    def set_result(self, result: Optional[Result]) -> None:
        self.result = result
        self.resultChanged.emit()

    def memory_bytes(self) -> int:
        """Bytes held by the loaded columns (codes and labels)."""
        if self.table is None:
            return 0
        return sum(c.codes.nbytes + c.labels.nbytes for c in self.table.columns.values())


__all__ = ["Session", "Release", "AttackChoice", "Result", "DEFAULT_JOBS"]
