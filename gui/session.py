"""The analysis being prepared in the window.

The analysis itself is one :class:`~engine.analysis.config.AnalysisConfig` (:attr:`Session.config`),
the same object the command line reads from an analysis file; pages change it through
:func:`dataclasses.replace`, so sections the window has no control for (``[report]``,
``[run]`` cluster, ``[[scenario]]``, ...) are kept as opened. Beside it the session holds
what is only the window's: the loaded table and its profiles, which attacks are ticked, the
later releases' column names and the last result. The run's config is derived from the
stored one (:meth:`Session.build_config`)."""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Optional

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from engine.api import build_family
from engine.api import (AnalysisConfig, ClusterOptions, DataSource, Linkage, PrivacyModelOptions,
                        Release as LinkedRelease, ReportOptions, Roles, SubsetFamily, Target, split_label)
from engine.api import InputError
from engine.api import EncodedTable
from engine.api import ColumnProfile
from engine.api import error_text, render
from engine.api import Assessment
from engine.api import SampleOptions
from engine.api import HierarchySpec

from .text import ROLE_KEYS, ROLE_LABELS, SINGLE_ROLES
from .i18n import translate

DEFAULT_JOBS = 2
LIST_ROLES = tuple(r for r in ROLE_KEYS if r not in SINGLE_ROLES)
NO_DATA = DataSource(path="")


@dataclass
class Release:
    """A later release as the Releases page shows it (a view of the config's release)."""

    path: str
    columns: list[str]
    linkage_key: Optional[str] = None  # None: not chosen yet
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
    """A finished run: the assessment (with the config it was run with) and the attack choice."""

    assessment: Assessment
    attacks: AttackChoice
    seconds: float = 0.0

    @property
    def config(self) -> AnalysisConfig:
        return self.assessment.config


@dataclass(frozen=True)
class Snapshot:
    """Everything an edit of the analysis may change: the config (with Suggest's hierarchy per
    QID), the ticked attacks and the later releases' headers (what undo and redo swap)."""

    config: AnalysisConfig
    attacks: AttackChoice
    release_columns: tuple[tuple[str, ...], ...]


# the Edit menu's "Undo <text>" for an edit of each part of the config (the first changed field)
EDIT_TEXTS = {
    "roles": QT_TRANSLATE_NOOP("session", "roles"),
    "targets": QT_TRANSLATE_NOOP("session", "targets"),
    "scenarios": QT_TRANSLATE_NOOP("session", "scenarios"),
    "report": QT_TRANSLATE_NOOP("session", "report settings"),
    "linkage": QT_TRANSLATE_NOOP("session", "releases"),
    "attacks": QT_TRANSLATE_NOOP("session", "attacks"),
    "subsets": QT_TRANSLATE_NOOP("session", "QID subsets"),
    "models": QT_TRANSLATE_NOOP("session", "privacy models"),
    "sample": QT_TRANSLATE_NOOP("session", "sample-file options"),
    "jobs": QT_TRANSLATE_NOOP("session", "processor cores"),
    "cluster": QT_TRANSLATE_NOOP("session", "cluster"),
    "suggest_hierarchies": QT_TRANSLATE_NOOP("session", "Suggest hierarchies"),
}
EDIT_ORDER = tuple(EDIT_TEXTS)
# edits typed or spun step by step: the steps of one part within MERGE_SECONDS are one undo step
MERGED = ("linkage", "subsets", "models", "sample", "jobs", "cluster")
MERGE_SECONDS = 2.0


class ConfigEdit(QUndoCommand):
    """One edit of the analysis: the snapshots before and after it (undo and redo swap them)."""

    def __init__(self, session: "Session", before: Snapshot, after: Snapshot, kind: str) -> None:
        super().__init__(translate("session", EDIT_TEXTS.get(kind, "roles")))
        self.session, self.before, self.after, self.kind = session, before, after, kind
        self.when = time.monotonic()
        self._done = True  # pushed after the change was made: the first redo does nothing

    def id(self) -> int:
        return MERGED.index(self.kind) if self.kind in MERGED else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, ConfigEdit) or other.kind != self.kind or other.when - self.when > MERGE_SECONDS:
            return False
        self.after, self.when = other.after, other.when
        return True

    def redo(self) -> None:
        if self._done:
            self._done = False
            return
        self.session.restore(self.after)

    def undo(self) -> None:
        self.session.restore(self.before)


def _same_analysis(a: AnalysisConfig, b: AnalysisConfig) -> bool:
    """Whether two configs give the same numbers (the worker count, where the sweep runs, the
    report's settings and Suggest's hierarchies do not)."""
    return replace(a, jobs=1, cluster=b.cluster, report=b.report, suggest_hierarchies=b.suggest_hierarchies) \
        == replace(b, jobs=1)


class Session(QObject):
    """The window's state; every change emits a signal the pages listen to."""

    dataChanged = Signal()
    rolesChanged = Signal()
    attacksChanged = Signal()
    targetsChanged = Signal()
    releasesChanged = Signal()
    resultChanged = Signal()
    scenariosChanged = Signal()
    reportChanged = Signal()
    suggestChanged = Signal()

    def __init__(self, parent: Optional[QObject] = None) -> None:
        super().__init__(parent)
        self.config = AnalysisConfig(data=NO_DATA, jobs=DEFAULT_JOBS)
        self.table: Optional[EncodedTable] = None
        self.profiles: tuple[ColumnProfile, ...] = ()
        self.file_format = ""
        self.attacks = AttackChoice()
        self.release_columns: list[list[str]] = []  # the header of each later release
        self.result: Optional[Result] = None
        self.analysis_path: Optional[str] = None
        self.undo_stack = QUndoStack(self)
        self._restoring = False

    def clear(self) -> None:
        """A new, empty analysis (File > New): no data, no roles, the default options."""
        self.config = AnalysisConfig(data=NO_DATA, jobs=DEFAULT_JOBS)
        self.table, self.profiles, self.file_format = None, (), ""
        self.attacks = AttackChoice()
        self.release_columns = []
        self.result = None
        self.analysis_path = None
        self.new_baseline()
        for signal in (self.dataChanged, self.rolesChanged, self.attacksChanged, self.targetsChanged,
                       self.releasesChanged, self.scenariosChanged, self.reportChanged, self.resultChanged,
                       self.suggestChanged):
            signal.emit()

    def _change(self, **changes) -> None:
        before = self.snapshot()
        self.config = replace(self.config, **changes)
        self._record(before)

    # --- edits, undo and redo ------------------------------------------------------------------
    def snapshot(self) -> Snapshot:
        return Snapshot(self.config, replace(self.attacks), tuple(tuple(c) for c in self.release_columns))

    def _record(self, before: Snapshot) -> None:
        """Put the edit from ``before`` to now on the undo stack (nothing while undoing)."""
        after = self.snapshot()
        if self._restoring or after == before:
            return
        changed = [f for f in EDIT_ORDER if f != "attacks" and getattr(before.config, f) != getattr(after.config, f)]
        kind = changed[0] if changed else "attacks"
        self.undo_stack.push(ConfigEdit(self, before, after, kind))

    def restore(self, snapshot: Snapshot) -> None:
        """Make ``snapshot`` the analysis again (undo, redo) and let every page show it."""
        self._restoring = True
        try:
            self.config = snapshot.config
            self.attacks = replace(snapshot.attacks)
            self.release_columns = [list(c) for c in snapshot.release_columns]
            self._report_to_result()
            for signal in (self.rolesChanged, self.attacksChanged, self.targetsChanged,
                           self.releasesChanged, self.scenariosChanged, self.reportChanged, self.suggestChanged):
                signal.emit()
        finally:
            self._restoring = False

    def new_baseline(self) -> None:
        """A newly opened file or analysis: no edit to undo, nothing unsaved."""
        self.undo_stack.clear()
        self.undo_stack.setClean()

    def mark_saved(self) -> None:
        """The analysis as it is now was written to its file."""
        self.undo_stack.setClean()

    @property
    def modified(self) -> bool:
        """Whether the analysis has edits not written to a file."""
        return not self.undo_stack.isClean()

    # --- data and roles -------------------------------------------------------------------
    @property
    def source(self) -> Optional[DataSource]:
        """The data file of the analysis (None: none loaded)."""
        return self.config.data if self.config.data.path else None

    @source.setter
    def source(self, source: Optional[DataSource]) -> None:
        self._change(data=source or NO_DATA)

    @property
    def columns(self) -> list[str]:
        return [p.name for p in self.profiles]

    def set_data(self, source: DataSource, table: EncodedTable, profiles: tuple[ColumnProfile, ...],
                 file_format: str) -> None:
        """A newly loaded file: direct identifiers are flagged, everything else is ignored; the
        rest of the analysis (jobs, models, releases, report, ...) is kept."""
        self.table, self.profiles, self.file_format = table, profiles, file_format
        identifiers = tuple(p.name for p in profiles if p.looks_like_identifier)
        ignored = tuple(p.name for p in profiles if not p.looks_like_identifier)
        self._change(data=source, roles=Roles(identifiers=identifiers, ignored=ignored),
                     subsets=SubsetFamily(), targets=(), scenarios=(), suggest_hierarchies=())
        self.new_baseline()
        self.result = None
        self.dataChanged.emit()
        self.rolesChanged.emit()
        self.targetsChanged.emit()
        self.scenariosChanged.emit()
        self.resultChanged.emit()
        self.suggestChanged.emit()

    @property
    def roles(self) -> dict[str, str]:
        """Each column of the loaded file and its role."""
        return {c: self.config.roles.role_of(c) for c in self.columns}

    def _with_role(self, roles: Roles, column: str, role: str) -> Roles:
        """``roles`` with ``column`` moved to ``role`` (a single role's former column is ignored)."""
        lists = {r: tuple(c for c in getattr(roles, r) if c != column) for r in LIST_ROLES}
        singles = {r: None if getattr(roles, r) == column else getattr(roles, r) for r in SINGLE_ROLES}
        if role in SINGLE_ROLES:
            if singles[role] is not None:
                lists["ignored"] = self._insert(lists["ignored"], singles[role])
            singles[role] = column
        else:
            lists[role] = self._insert(lists[role], column)
        return Roles(**lists, **singles)

    def _insert(self, names: tuple[str, ...], column: str) -> tuple[str, ...]:
        """``names`` with ``column`` added: in the file's column order when they are in it."""
        order = {c: i for i, c in enumerate(self.columns)}
        if all(n in order for n in names) and list(names) == sorted(names, key=order.__getitem__):
            return tuple(sorted(names + (column,), key=lambda c: order.get(c, len(order))))
        return names + (column,)

    def set_role(self, column: str, role: str) -> None:
        self.set_roles((column,), role)

    def set_roles(self, columns, role: str) -> None:
        """Give every column of ``columns`` the role ``role`` (one edit; a single role such as
        the weight goes to the last of them)."""
        current = self.roles
        columns = [c for c in columns if c in current and current[c] != role]
        if role not in ROLE_KEYS or not columns:
            return
        roles = self.config.roles
        for column in columns:
            roles = self._with_role(roles, column, role)
        changes: dict = {"roles": roles}
        if self.config.subsets.kind == "list":
            qids = set(roles.quasi_identifiers)
            kept = tuple(s for s in self.config.subsets.subsets if set(s) <= qids)
            changes["subsets"] = replace(self.config.subsets, subsets=kept)
        link = self.config.linkage
        if link.key not in roles.linkage_keys:
            changes["linkage"] = replace(link, key=roles.linkage_keys[0] if roles.linkage_keys else "")
        self._change(**changes)
        self.rolesChanged.emit()

    def columns_with(self, role: str) -> tuple[str, ...]:
        """The loaded file's columns with ``role``, in the config's order."""
        known = set(self.columns)
        value = getattr(self.config.roles, role)
        names = (value,) if isinstance(value, str) else value or ()
        return tuple(c for c in names if c in known)

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
    @property
    def family(self) -> SubsetFamily:
        return self.config.subsets

    @family.setter
    def family(self, family: SubsetFamily) -> None:
        self.set_family(family)

    def set_family(self, family: SubsetFamily) -> None:
        self._change(subsets=family)
        self.attacksChanged.emit()

    def set_attacks(self, attacks: AttackChoice) -> None:
        before = self.snapshot()
        self.attacks = attacks
        self._record(before)
        self.attacksChanged.emit()

    @property
    def models(self) -> PrivacyModelOptions:
        return self.config.models

    def set_models(self, models: PrivacyModelOptions) -> None:
        if models != self.config.models:
            self._change(models=models)
            self.attacksChanged.emit()

    @property
    def sample(self) -> SampleOptions:
        return self.config.sample

    def set_sample(self, sample: SampleOptions) -> None:
        """The options of the sample-file measures (thresholds, SUDA, sampling fraction)."""
        if sample != self.config.sample:
            self._change(sample=sample)
            self.attacksChanged.emit()

    @property
    def jobs(self) -> int:
        return self.config.jobs

    @jobs.setter
    def jobs(self, jobs: int) -> None:
        self.set_jobs(jobs)

    def set_jobs(self, jobs: int) -> None:
        self._change(jobs=max(1, int(jobs)))
        self.attacksChanged.emit()

    @property
    def cluster(self) -> ClusterOptions:
        """The Dask scheduler the sweep runs on (empty address: this computer)."""
        return self.config.cluster

    def set_cluster(self, cluster: ClusterOptions) -> None:
        if cluster != self.config.cluster:
            self._change(cluster=cluster)
            self.attacksChanged.emit()

    @property
    def targets(self) -> list[Target]:
        return list(self.config.targets)

    def add_target(self, target: Target) -> None:
        if target not in self.config.targets:
            self._change(targets=self.config.targets + (target,))
            self.targetsChanged.emit()

    def remove_target(self, index: int) -> None:
        targets = self.config.targets
        if 0 <= index < len(targets):
            self._change(targets=targets[:index] + targets[index + 1:])
            self.targetsChanged.emit()

    # --- releases ---------------------------------------------------------------------------
    @property
    def focal_key(self) -> str:
        """The focal release's linkage key: the config's, else the first linkage-key column."""
        keys = self.columns_with("linkage_keys")
        if self.config.linkage.key in keys:
            return self.config.linkage.key
        return keys[0] if keys else ""

    @property
    def focal_label(self) -> str:
        return self.config.linkage.focal_label

    @property
    def duplicates(self) -> str:
        return self.config.linkage.duplicates

    @property
    def releases(self) -> list[Release]:
        """The later releases as the Releases page lists them."""
        focal = self.focal_key
        out = []
        for release, columns in zip(self.config.linkage.releases, self.release_columns):
            key = release.key or (focal if focal and focal in columns else None)
            out.append(Release(path=release.data.path, columns=columns, linkage_key=key,
                               label=release.label, source=release.data))
        return out

    def _set_releases(self, releases: tuple[LinkedRelease, ...], columns: list[list[str]]) -> None:
        link = self.config.linkage
        before = self.snapshot()
        self.release_columns = columns
        self.config = replace(self.config, linkage=replace(link, key=link.key or self.focal_key, releases=releases))
        self._record(before)
        self.releasesChanged.emit()

    def add_release(self, release: Release) -> None:
        """Add a later release; its label is the one typed, else its position ("2", "3", ...)."""
        releases = self.config.linkage.releases
        key = None if release.linkage_key in (None, self.focal_key) else release.linkage_key
        linked = LinkedRelease(data=release.source or DataSource(release.path),
                               label=release.label or str(len(releases) + 2), key=key)
        self._set_releases(releases + (linked,), self.release_columns + [list(release.columns)])

    def remove_release(self, index: int) -> None:
        releases = self.config.linkage.releases
        if 0 <= index < len(releases):
            columns = self.release_columns[:index] + self.release_columns[index + 1:]
            self._set_releases(releases[:index] + releases[index + 1:], columns)

    def _replace_release(self, index: int, **changes) -> None:
        releases = list(self.config.linkage.releases)
        if 0 <= index < len(releases):
            releases[index] = replace(releases[index], **changes)
            self._set_releases(tuple(releases), self.release_columns)

    def set_release_key(self, index: int, key: Optional[str]) -> None:
        self._replace_release(index, key=None if key == self.focal_key else key)

    def set_release_label(self, index: int, label: str) -> None:
        self._replace_release(index, label=label.strip() or str(index + 2))

    def set_focal_label(self, label: str) -> None:
        self._change(linkage=replace(self.config.linkage, focal_label=label.strip() or "1"))
        self.releasesChanged.emit()

    def set_duplicates(self, duplicates: str) -> None:
        self._change(linkage=replace(self.config.linkage, duplicates=duplicates))
        self.releasesChanged.emit()

    def release_label(self, index: int) -> str:
        """The label of later release ``index``: the one typed, else "2", "3", ..."""
        return self.config.linkage.releases[index].label or str(index + 2)

    def linkage(self) -> Linkage:
        """The later releases as the engine's :class:`~engine.analysis.config.Linkage` (the config's, with
        the focal key chosen on the Data or Releases page)."""
        link = self.config.linkage
        return replace(link, key=self.focal_key) if link.releases else link

    def _check_linkage(self) -> None:
        if not self.config.linkage.releases:
            return
        if not self.focal_key:
            raise InputError(
                translate(
                    "session",
                    "later releases are listed but the focal release has no linkage key: "
                    "on the Releases page, choose the focal release's linkage key",
                )
            )
        for release in self.releases:
            if release.linkage_key is None:
                name = release.path.replace("\\", "/").rsplit("/", 1)[-1]
                raise InputError(
                    translate("session", "{name}: choose its linkage key on the Releases page").format(name=name)
                )

    # --- the config -------------------------------------------------------------------------
    def run_family(self) -> SubsetFamily:
        """The family the run uses: only the full QID set when the collective attack is off."""
        return self.family if self.attacks.collective else SubsetFamily(kind="exact")

    def build_config(self) -> AnalysisConfig:
        """The analysis config a run uses; raises InputError when incomplete."""
        if self.source is None or self.table is None:
            raise InputError(translate("session", "no data loaded: open a data file first"))
        draft = self.config_for_saving()
        sensitive, targets = draft.roles.sensitive, draft.targets
        draft.validate()  # the config's rules: a ConfigProblem names the field (gui/problems.py)
        if not (self.attacks.reidentification or self.attacks.inference):
            raise InputError(translate("session", "no attack chosen: tick re-identification or attribute inference"))
        if self.attacks.inference and not self.attacks.reidentification and not sensitive:
            raise InputError(
                translate("session", "attribute inference needs a sensitive column: set one on the Data page")
            )
        if not (self.attacks.collective or self.attacks.individual):
            raise InputError(translate("session", "choose the collective attack, individual targets, or both"))
        if self.attacks.individual and not self.attacks.collective and not targets:
            raise InputError(translate("session", "individual targets are chosen but none is given: add a target"))
        self._check_linkage()
        return draft

    def config_for_saving(self) -> AnalysisConfig:
        """The stored config with the ticked attacks applied (an unticked attack's columns or
        targets left out; Suggest's hierarchies of columns no longer QIDs left out), even when not
        complete enough to run. Opened and not changed, it is the analysis file's config."""
        if self.source is None:
            raise InputError(translate("session", "no data loaded: open a data file first"))
        config = self.config
        roles = config.roles
        if not self.attacks.inference and roles.sensitive:
            ignored = roles.ignored
            for column in roles.sensitive:
                ignored = self._insert(ignored, column)
            roles = replace(roles, sensitive=(), ignored=ignored)
        return replace(config, roles=roles, subsets=self.run_family(),
                       targets=config.targets if self.attacks.individual else (),
                       linkage=self.linkage(),
                       suggest_hierarchies=tuple((qid, spec) for qid, spec in config.suggest_hierarchies
                                                 if qid in roles.quasi_identifiers))

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
        """Make ``config`` (an analysis file's, its data loaded) the window's analysis.

        Names of columns the file does not have are dropped from the roles and reported; so is
        a later release whose header cannot be read. Nothing else is changed."""
        from engine.api import list_columns

        problems = []
        known = set(self.columns)
        labels = config.linkage.labels if config.linkage.enabled else ()
        lists: dict[str, tuple[str, ...]] = {}
        for role in LIST_ROLES:
            kept = []
            for column in getattr(config.roles, role):
                if column in known or split_label(column, labels)[1] not in (None, config.linkage.focal_label):
                    kept.append(column)
                else:
                    problems.append(
                        translate("session", "column {column!r} ({role}) is not in the file").format(
                            column=column, role=ROLE_LABELS[role].lower()
                        )
                    )
            lists[role] = tuple(kept)
        singles = {}
        for role in SINGLE_ROLES:
            column = getattr(config.roles, role)
            if column is not None and column not in known:
                problems.append(
                    translate("session", "column {column!r} ({role}) is not in the file").format(
                        column=column, role=ROLE_LABELS[role].lower()
                    )
                )
                column = None
            singles[role] = column
        roles = Roles(**lists, **singles)
        link = config.linkage
        releases, columns = [], []
        if link.releases:
            if link.key and link.key in known and link.key not in roles.linkage_keys:
                roles = self._with_role(roles, link.key, "linkage_keys")
            elif link.key and link.key not in known:
                problems.append(translate("session", "linkage key {key!r} is not in the file").format(key=link.key))
            for release in link.releases:
                try:
                    columns.append(list_columns(release.data))
                except InputError as exc:
                    problems.append(render(error_text(exc)))
                    continue
                releases.append(release)
        self.config = replace(config, roles=roles, linkage=replace(link, releases=tuple(releases)))
        self.release_columns = columns
        self.attacks = AttackChoice(reidentification=True, inference=bool(config.roles.sensitive),
                                    collective=True, individual=bool(config.targets))
        self.new_baseline()
        self.rolesChanged.emit()
        self.attacksChanged.emit()
        self.targetsChanged.emit()
        self.releasesChanged.emit()
        self.scenariosChanged.emit()
        self.reportChanged.emit()
        self.suggestChanged.emit()
        return problems

    # --- report ---------------------------------------------------------------------------------
    @property
    def report(self) -> ReportOptions:
        """The report's settings: author, organisation, verdict thresholds, language, sections."""
        return self.config.report

    def set_report(self, report: ReportOptions) -> None:
        if report != self.config.report:
            self._change(report=report)
            self._report_to_result()
            self.reportChanged.emit()

    def _report_to_result(self) -> None:
        """The report settings also become the last result's: they change the verdict and the
        report, not the numbers, so the result stays current."""
        result = self._with_report(self.result)
        if result is not self.result:
            self.result = result
            self.resultChanged.emit()

    def _with_report(self, result: Optional[Result]) -> Optional[Result]:
        """``result`` with the analysis's report settings (itself when they are already its own)."""
        a = result.assessment if result is not None else None
        if a is None or a.config.report == self.config.report:
            return result
        return replace(result, assessment=replace(a, config=replace(a.config, report=self.config.report)))

    # --- Suggest's hierarchies ---------------------------------------------------------------
    @property
    def suggest_hierarchies(self) -> tuple[tuple[str, HierarchySpec], ...]:
        """Suggest's hierarchy per QID, by QID (the config's; a column no longer a QID keeps its
        own until the analysis is saved)."""
        return self.config.suggest_hierarchies

    def set_suggest_hierarchy(self, qid: str, spec: Optional[HierarchySpec]) -> None:
        """Give ``qid`` the hierarchy ``spec`` for Suggest (None: none), as one undoable edit."""
        kept = dict(self.suggest_hierarchies)
        if spec is None:
            kept.pop(qid, None)
        else:
            kept[qid] = spec
        self.set_suggest_hierarchies(kept)

    def set_suggest_hierarchies(self, specs: dict[str, HierarchySpec]) -> None:
        """Suggest's hierarchies, QID by QID, as one undoable edit."""
        new = tuple(sorted(specs.items(), key=lambda pair: pair[0]))
        if new == self.suggest_hierarchies:
            return
        self._change(suggest_hierarchies=new)
        self.suggestChanged.emit()

    # --- scenarios ----------------------------------------------------------------------------
    @property
    def scenarios(self) -> list:
        """The analysis's scenarios (engine.remediation.transforms.Scenario), in its order."""
        return list(self.config.scenarios)

    def set_scenarios(self, scenarios) -> None:
        """The analysis's scenarios (what they change; a run is needed for their results)."""
        self._change(scenarios=tuple(scenarios))
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

        self._change(scenarios=tuple(marked(s) for s in self.config.scenarios))
        if self.result is not None and self.result.assessment.scenarios:
            a = self.result.assessment
            results = tuple(replace(r, scenario=marked(r.scenario)) for r in a.scenarios)
            config = replace(a.config, scenarios=tuple(marked(s) for s in a.config.scenarios))
            self.result = replace(self.result, assessment=replace(a, config=config, scenarios=results))
            self.resultChanged.emit()
        self.scenariosChanged.emit()

    def set_result(self, result: Optional[Result]) -> None:
        """A finished run's result; report settings edited while it ran become its own (they change
        the verdict and the report, not the numbers)."""
        self.result = self._with_report(result)
        self.resultChanged.emit()

    @property
    def result_is_stale(self) -> bool:
        """Whether the last result was run with another analysis than the one now on screen
        (roles, attacks, options, releases...: anything but the worker count)."""
        if self.result is None:
            return False
        try:
            current = self.build_config()
        except InputError:
            return True
        return not _same_analysis(self.result.config, current)

    def memory_bytes(self) -> int:
        """Bytes held by the loaded columns (codes and labels)."""
        if self.table is None:
            return 0
        return sum(c.codes.nbytes + c.labels.nbytes for c in self.table.columns.values())


__all__ = ["Session", "Release", "AttackChoice", "Result", "DEFAULT_JOBS"]
