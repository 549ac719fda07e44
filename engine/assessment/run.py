"""The one entry point shared by the command line and the GUI: config in, Assessment out."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from dataclasses import dataclass, replace
from typing import Optional

from .. import __version__
from ..attacks import model_checks
from ..attacks.collective import collective_risks, single_subset
from ..analysis.config import AnalysisConfig, SubsetFamily, Target, column_problems, split_label
from ..foundation.collector import collector_paused
from ..foundation.errors import InputError
from ..attacks.histograms import load_compiled, worst_case_histograms
from ..foundation.i18n import N_
from ..attacks.individual import target_risk
from ..io.encode import EncodedColumn, EncodedTable
from ..io.formats import detect_format, list_columns
from ..io.memory import estimate_bytes
from ..io.loader import load_table
from ..foundation.messages import message
from ..foundation.progress import CancelToken, Progress, ProgressCallback
from ..attacks.linkage import LinkedData, labelled, load_linked
from ..outcome.results import (Assessment, DatasetInfo, InferenceRisk, Longitudinal, ModelShortfall, OverTimeStep,
                              PrivacyModelLevels, ReidentificationRisk, RiskHistogram, TargetRisk)
from ..sweep.lattice import ExplicitFamily, Family, UpToFamily
from ..sweep.memo import sweep_counts
from ..sweep import runner, segments
from ..sweep.runner import run_sweep
from ..sweep.walker import SweepData
from ..analysis.validation import raise_first
from ..foundation.workers import cap_jobs

# CPU seconds per record of an assessment besides the sweep (worst-case histograms, targets,
# summaries; benchmarks/estimate.py): the run plan prices it, and the sweep's ETA includes it.
# 48.2M census-like rows take about 5 s here and 8-10 s on a machine half as fast: 6.3 s is
# within 25% of the whole run's remaining time on both (docs/performance.md, "Progress and ETA").
OTHER_SECONDS_PER_ROW = 1.3e-7


def walk_order(columns: list[EncodedColumn]) -> list[int]:
    """QID positions in walk order: highest cardinality first, so singletons appear early and
    are pruned from the rows carried down the lattice."""
    return sorted(range(len(columns)), key=lambda i: (-columns[i].cardinality, i))


def build_family(family: SubsetFamily, qids: tuple[str, ...], order: list[int]) -> Family:
    """The subset family over walk numbers (walk number j is QID ``qids[order[j]]``)."""
    k = len(qids)
    if family.kind == "all":
        return UpToFamily(k, k)
    if family.kind == "max-size":
        return UpToFamily(k, min(int(family.max_size or k), k))
    if family.kind == "exact":
        return ExplicitFamily(k, [tuple(range(k))])
    walk_number = {qids[i]: j for j, i in enumerate(order)}
    return ExplicitFamily(k, [tuple(walk_number[c] for c in subset) for subset in family.subsets])


@dataclass(frozen=True)
class SweepPlan:
    """How a sweep of ``rows x subsets`` runs: the compiled segment sweep on ``workers`` threads
    of this process, or the refinement walk in this process or on ``workers`` worker processes,
    at the engine's measured row-subsets per second of one of them
    (:data:`engine.sweep.runner.WALK_ROW_SUBSETS_PER_SECOND`, ``SEGMENT_...``), after
    ``start_seconds`` (loading the compiled kernels, starting worker processes)."""

    compiled: bool
    workers: int
    row_subsets_per_second: float
    start_seconds: float


def sweep_plan(rows: int, subsets: int, jobs: int, models: bool = False) -> SweepPlan:
    """The plan :func:`engine.sweep.runner.run_sweep` follows for such a sweep (the same
    choices: :func:`engine.sweep.segments.use_segments`, :func:`engine.sweep.runner.pool_pays`)."""
    work = float(rows) * subsets
    jobs = cap_jobs(jobs)
    if segments.use_segments(_Shape(rows, models), _Shape(rows, models, subsets)):
        return SweepPlan(True, jobs if subsets >= 2 else 1, runner.SEGMENT_ROW_SUBSETS_PER_SECOND,
                         runner.KERNEL_LOAD_SECONDS)
    pays = subsets >= 2 and runner.pool_pays(work, jobs)
    return SweepPlan(False, jobs if pays else 1, runner.WALK_ROW_SUBSETS_PER_SECOND,
                     runner.WORKER_START_SECONDS if pays else 0.0)


@dataclass(frozen=True)
class _Shape:
    """What :func:`engine.sweep.segments.use_segments` reads of the data and the family."""

    n_rows: int
    models: bool
    total: int = 0


def _sensitive_warnings(table: EncodedTable, sensitive: tuple[str, ...]) -> list[str]:
    warnings = []
    for name in sensitive:
        column = table[name]
        if column.cardinality == 1 and column.missing_code is None:
            warnings.append(message(N_("{file}: sensitive attribute {name!r} has one value ({value!r}) in every "
                                       "row; it is known without any QID"),
                                    file=table.name, name=name, value=column.label_text(0)))
    return warnings


def _target_warnings(targets: tuple[TargetRisk, ...]) -> list[str]:
    """A target naming a value its column never holds matches no one, which may be a typo or
    another coding rather than a person absent from the file: say so."""
    return [message(N_("target {name!r} matches no record: {reason}"), name=t.label, reason=t.reason) for t in targets
            if not t.matched and t.reason.startswith("value ")]


@dataclass(frozen=True)
class _Swept:
    """What one sweep over one table produced."""

    reidentification: tuple[ReidentificationRisk, ...]
    inference: tuple[InferenceRisk, ...]
    histograms: tuple[RiskHistogram, ...]
    models: tuple[PrivacyModelLevels, ...]
    shortfalls: tuple[ModelShortfall, ...]


class _LoadWhileWaiting:
    """A progress callback that, at the first subsets the sweep's threads or worker processes
    report done (this thread then only waits for them), loads the histograms' compiled kernels
    on a thread (:func:`engine.attacks.histograms.load_compiled`), and passes every report on."""

    def __init__(self, columns: list[EncodedColumn], on_progress: Optional[ProgressCallback]) -> None:
        self.columns, self.on_progress = columns, on_progress
        self.thread: Optional[threading.Thread] = None

    def __call__(self, progress: Progress) -> None:
        if self.thread is None and progress.done > 0:
            self.thread = threading.Thread(target=self._load, daemon=True)
            self.thread.start()
        if self.on_progress is not None:
            self.on_progress(progress)

    def _load(self) -> None:
        _quietly(lambda: load_compiled(self.columns))   # else the numpy path: the same numbers

    def join(self) -> None:
        if self.thread is not None:
            self.thread.join()


def _sweep_table(table: EncodedTable, qids: tuple[str, ...], family_spec: SubsetFamily,
                 config: AnalysisConfig, stage: str, on_progress: Optional[ProgressCallback],
                 cancel: CancelToken) -> _Swept:
    """Sweep the subsets of ``qids`` on ``table``: CRS/CAS, histograms and privacy models."""
    qid_columns = [table[q] for q in qids]
    sensitive = [table[s] for s in config.roles.sensitive]
    order = walk_order(qid_columns)
    family = build_family(family_spec, qids, order)
    dists = model_checks.distributions(sensitive) if config.models.enabled and sensitive else None
    data = SweepData(
        qid_codes=[qid_columns[i].codes for i in order],
        qid_cards=[qid_columns[i].cardinality for i in order],
        sensitive_codes=[c.codes for c in sensitive],
        sensitive_cards=[c.cardinality for c in sensitive],
        n_rows=table.n_rows,
        distributions=dists,
        model_l=config.models.l,
    )
    cancel.raise_if_cancelled()
    loader = None
    if sweep_plan(table.n_rows, family.total, config.jobs, dists is not None).workers > 1:
        loader = _LoadWhileWaiting(qid_columns + sensitive, on_progress)
    counts = sweep_counts(data, family, lambda part: run_sweep(data, part, jobs=config.jobs,
                                                               on_progress=loader or on_progress,
                                                               cancel=cancel, stage=stage, cluster=config.cluster,
                                                               then=OTHER_SECONDS_PER_ROW * table.n_rows))
    reid_rows, inference_rows = collective_risks(counts, order, qids, sensitive, table.n_rows)
    if loader is not None:
        loader.join()
    cancel.raise_if_cancelled()
    histograms = worst_case_histograms(table.columns, reid_rows, inference_rows, sensitive, table.n_rows,
                                      cancel, on_progress)
    models, shortfalls = (), ()
    if dists is not None:
        models = tuple(model_checks.model_rows(counts, data, order, qids, sensitive, config.models))
        shortfalls = tuple(model_checks.shortfalls(table.columns, qids, sensitive, dists, config.models,
                                                   table.n_rows))
    return _Swept(tuple(reid_rows), tuple(inference_rows), tuple(histograms), models, shortfalls)


def _set_up_numba_early(config: AnalysisConfig) -> None:
    """When the sweep will be the compiled segment sweep (the plan for the file's estimated
    rows), set numba up and load its kernels on a thread while the file is read
    (:func:`engine.sweep.segments.set_up_numba`)."""
    if config.cluster.enabled:
        return
    qids = config.roles.quasi_identifiers
    subsets = build_family(config.subsets, qids, list(range(len(qids)))).total
    if subsets < 2:   # a sample file's key: the file need not be looked at
        return
    try:
        rows, _ = estimate_bytes(config.data, detect_format(config.data), list_columns(config.data),
                                 config.needed_columns())
    except Exception:  # noqa: BLE001 - the read that follows names what is wrong with the file
        return
    if sweep_plan(rows, subsets, config.jobs, config.models.enabled).compiled:
        threading.Thread(target=_quietly, args=(segments.set_up_numba,), daemon=True).start()


def _quietly(action) -> None:
    try:
        action()
    except Exception:  # noqa: BLE001 - only a head start: the same work is done when needed
        pass


def run_assessment(config: AnalysisConfig, *, table: Optional[EncodedTable] = None,
                   on_progress: Optional[ProgressCallback] = None,
                   cancel: Optional[CancelToken] = None) -> Assessment:
    """Load the data (unless ``table`` is given), sweep the QID subsets and attack targets;
    with linked releases, also the aggregate of the releases (:mod:`engine.attacks.linkage`).
    Python's cyclic collector is paused meanwhile (:mod:`engine.foundation.collector`)."""
    with collector_paused():
        return _run_assessment(config, table, on_progress, cancel)


def _run_assessment(config: AnalysisConfig, table: Optional[EncodedTable],
                    on_progress: Optional[ProgressCallback], cancel: Optional[CancelToken]) -> Assessment:
    config.validate()
    cancel = cancel or CancelToken()
    if any(s.exported is not None and not s.exported.status for s in config.scenarios):
        from ..remediation.export import verify_exports   # a recorded export is checked, never taken as fact

        config = replace(config, scenarios=verify_exports(config.scenarios))
    if config.linkage.enabled:
        return _run_linked(config, on_progress, cancel)
    timings: dict[str, float] = {}
    start = time.monotonic()
    if table is None:
        if on_progress:
            on_progress(Progress("loading", 0, 1, 0.0, None))
        check_columns(config)
        _set_up_numba_early(config)
        table = load_table(config.data, config.needed_columns(), cancel)
    timings["load"] = time.monotonic() - start
    roles = config.roles
    missing = [c for c in config.needed_columns() if c not in table.columns]
    if missing:
        raise InputError(message(N_("{file}: column {column!r} was not loaded"), file=table.name, column=missing[0]))
    start = time.monotonic()
    swept = _sweep_table(table, roles.quasi_identifiers, config.subsets, config, "sweep", on_progress, cancel)
    sensitive = [table[s] for s in roles.sensitive]
    targets = tuple(target_risk(t, table.columns, sensitive, table.n_rows, table.name) for t in config.targets)
    timings["sweep"] = time.monotonic() - start
    sample = None
    if config.sample_requested:
        from ..sample.measures import sample_risk

        start = time.monotonic()
        sample = sample_risk(table, config, swept.reidentification, on_progress, cancel)
        timings["sample"] = time.monotonic() - start
    assessment = Assessment(
        dataset=DatasetInfo(table.name, table.sha256, table.n_rows, tuple(config.needed_columns())),
        config=config, reidentification=swept.reidentification, inference=swept.inference, targets=targets,
        histograms=swept.histograms, privacy_models=swept.models, model_shortfalls=swept.shortfalls,
        sample_risk=sample,
        warnings=tuple(table.warnings) + tuple(_sensitive_warnings(table, roles.sensitive))
        + tuple(_target_warnings(targets)) + (sample.warnings if sample is not None else ()) + _cluster_notes(config),
        timings=timings, engine_version=__version__)
    if roles.numeric_qids:
        from ..remediation.numeric_risk import original_numeric

        start = time.monotonic()
        assessment = replace(assessment, numeric=original_numeric(table, roles.numeric_qids, roles.quasi_identifiers,
                                                                  config.interval_radius))
        timings["numeric_keys"] = time.monotonic() - start
    if config.scenarios:
        from ..remediation.scenarios import with_scenarios

        assessment = with_scenarios(assessment, table, on_progress, cancel, assess=run_assessment)
    return assessment


def check_columns(config: AnalysisConfig) -> None:
    """Raise the first column of the config that the data file lacks, as a ConfigProblem
    naming the field (:func:`engine.analysis.config.column_problems`); reads the header only."""
    name = Path(config.data.path).name
    focal = config.linkage.focal_label
    raise_first(column_problems(config, {focal: list_columns(config.data)}, {focal: name}))


def _cluster_notes(config: AnalysisConfig) -> tuple[str, ...]:
    """Where the sweep ran, when not on this machine, and the address's warnings."""
    if not config.cluster.enabled:
        return ()
    return ((message(N_("the sweep ran on the Dask cluster at {address}"), address=config.cluster.address),)
            + tuple(config.cluster.check()))


def _focal_family(family: SubsetFamily, focal_names: dict[str, str]) -> Optional[SubsetFamily]:
    """The family restricted to the focal release's QIDs (plain names); None if it is empty."""
    if family.kind != "list":
        return family
    subsets = tuple(tuple(focal_names[c] for c in subset) for subset in family.subsets
                    if all(c in focal_names for c in subset))
    return SubsetFamily("list", subsets=subsets) if subsets else None


def _run_linked(config: AnalysisConfig, on_progress: Optional[ProgressCallback],
                cancel: CancelToken) -> Assessment:
    timings: dict[str, float] = {}
    start = time.monotonic()
    if on_progress:
        on_progress(Progress("loading", 0, 1, 0.0, None))
    linked = load_linked(config, cancel)
    timings["load"] = time.monotonic() - start
    assessment = assess_linked(config, linked, on_progress, cancel, timings)
    if config.scenarios:
        from ..remediation.linked import with_linked_scenarios

        assessment = with_linked_scenarios(assessment, linked, on_progress, cancel, assess=assess_linked)
    return assessment


def assess_linked(config: AnalysisConfig, linked: LinkedData, on_progress: Optional[ProgressCallback],
                  cancel: CancelToken, timings: Optional[dict[str, float]] = None) -> Assessment:
    """The attacks on loaded linked releases: the focal release's sweep, the aggregate's sweep,
    targets and risk over time."""
    timings = {} if timings is None else timings
    start = time.monotonic()
    link = config.linkage
    labelled_qids = tuple(name for name, _ in linked.qids)
    focal_names = {name: name.rsplit("@", 1)[0] for name, label in linked.qids if label == link.focal_label}
    empty = _Swept((), (), (), (), ())
    focal_family = _focal_family(config.subsets, focal_names)
    focal_qids = tuple(focal_names.values())
    swept_focal = (_sweep_table(linked.focal, focal_qids, focal_family, config, "sweep", on_progress, cancel)
                   if focal_qids and focal_family else empty)
    aggregate = linked.aggregate
    family = config.subsets
    if family.kind == "list":
        family = SubsetFamily("list", subsets=tuple(
            tuple(name for c in subset for name in _expand(c, linked.qids, link)) for subset in family.subsets))
    swept = _sweep_table(aggregate, labelled_qids, family, config, "linked sweep", on_progress, cancel)
    sensitive = [aggregate[s] for s in config.roles.sensitive]
    targets = tuple(target_risk(_labelled_target(t, link), aggregate.columns, sensitive, aggregate.n_rows,
                                aggregate.name) for t in config.targets)
    steps = over_time(aggregate, linked.qids, link.labels, sensitive)
    timings["sweep"] = time.monotonic() - start
    longitudinal = Longitudinal(releases=linked.releases, qids=labelled_qids,
                                reidentification=swept.reidentification, inference=swept.inference,
                                over_time=tuple(steps), targets=targets, histograms=swept.histograms,
                                warnings=linked.warnings)
    focal = linked.focal
    return Assessment(
        dataset=DatasetInfo(focal.name, focal.sha256, focal.n_rows, tuple(focal.columns)),
        config=config, reidentification=swept_focal.reidentification, inference=swept_focal.inference,
        histograms=swept_focal.histograms, privacy_models=swept.models, model_shortfalls=swept.shortfalls,
        longitudinal=longitudinal,
        warnings=tuple(focal.warnings) + linked.warnings + tuple(_sensitive_warnings(focal, config.roles.sensitive))
        + tuple(_target_warnings(targets)) + _cluster_notes(config),
        timings=timings, engine_version=__version__)


def _expand(name: str, qids: tuple[tuple[str, str], ...], link) -> list[str]:
    """A listed subset's name: a labelled QID as it is, a plain one from every release."""
    column, label = split_label(name, link.labels)
    if label is not None:
        return [name]
    return [q for q, _ in qids if q.rsplit("@", 1)[0] == column]


def _labelled_target(target: Target, link) -> Target:
    values = []
    for column, value in target.values:
        name, label = split_label(column, link.labels)
        values.append((labelled(name, label or link.focal_label), value))
    return Target(tuple(values))


def over_time(table: EncodedTable, qids: tuple[tuple[str, str], ...], labels: tuple[str, ...],
              sensitive: list[EncodedColumn]) -> list[OverTimeStep]:
    """Risk for all QIDs of the focal release, then with each later release added in turn."""
    steps = []
    for upto in range(len(labels)):
        names = tuple(name for name, label in qids if label in labels[: upto + 1])
        if not names:
            continue
        reid, inference = single_subset(table.columns, names, sensitive, table.n_rows)
        steps.append(OverTimeStep(labels[upto], reid, tuple(inference)))
    return steps
