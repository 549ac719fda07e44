"""The entry point of a synthetic-data assessment: config in, :class:`SyntheticAssessment` out.

Targets: ``config.targets`` members drawn at random from the real file and as many
non-members from the control set (fewer when a file is smaller, with a warning), seeded by
``config.seed``. Membership thresholds are trained on a stratified half of the targets and
measured on the other half. Attribute attacks are scored on the member targets (main) and the
non-member targets (control). CAP runs over every real and control record.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Callable, Optional

import numpy as np

from .. import __version__
from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..foundation.messages import message
from ..foundation.progress import CancelToken, Progress, ProgressCallback, ProgressReporter
from . import closest, neighbourhood
from .cap import cap_scores
from .config import DISTANCE_NAMES, MEMBERSHIP_ATTACKS, SyntheticConfig
from .data import ROLE_FILES, AttackData, load_attack_data
from .distances import DistanceSpace
from .metrics import evaluate_attribute, evaluate_membership, split_halves
from .neighbours import Search, run_searches
from .results import AttackEvaluation, SyntheticAssessment

GROUNDHOG_TARGETS = 10
SHADOW_SIZE = 500           # rows of each shadow dataset, at most half the population
MIN_SHADOW_SIZE = 20


@dataclass(frozen=True)
class Targets:
    """The attacked records: ``rows`` (members first, then non-members) of the real and
    control files, ``labels`` (1 = member), and the training half of each class."""

    members: np.ndarray        # row numbers in the real file (0-based)
    nonmembers: np.ndarray     # row numbers in the control file (0-based)
    records: np.ndarray
    labels: np.ndarray
    train: np.ndarray


def draw_targets(data: AttackData, wanted: int, rng: np.random.Generator) -> tuple[Targets, list[str]]:
    """``wanted`` members from the real file and ``wanted`` non-members from the control set."""
    warnings = []
    n_real = len(data.real)
    if n_real < wanted:
        warnings.append(message(N_("the real file has {count:,} records, fewer than the {wanted:,} targets asked "
                                   "for: all of them are targets"), count=n_real, wanted=wanted))
    members = rng.choice(n_real, size=min(wanted, n_real), replace=False)
    nonmembers = np.zeros(0, dtype=np.int64)
    records = data.real[members]
    if data.control is not None:
        n_control = len(data.control)
        if n_control < wanted:
            warnings.append(message(N_("the control file has {count:,} records, fewer than the {wanted:,} "
                                       "non-member targets asked for: all of them are targets"),
                                    count=n_control, wanted=wanted))
        nonmembers = rng.choice(n_control, size=min(wanted, n_control), replace=False)
        records = np.vstack([records, data.control[nonmembers]])
    labels = np.r_[np.ones(len(members), dtype=bool), np.zeros(len(nonmembers), dtype=bool)]
    return Targets(members, nonmembers, records, labels, split_halves(labels)), warnings


class _Stages:
    """Progress of the named stages, in units of targets scored."""

    def __init__(self, callback: Optional[ProgressCallback]) -> None:
        self.callback = callback

    def reporter(self, stage: str, total: int) -> Callable[[int], None]:
        reporter = ProgressReporter(stage, total, self.callback)
        return lambda done: reporter.update(done, force=done in (0, total))


def run_synthetic_assessment(config: SyntheticConfig, *, on_progress: Optional[ProgressCallback] = None,
                             cancel: Optional[CancelToken] = None) -> SyntheticAssessment:
    """Read the three files, run the configured attacks and evaluate them."""
    config.validate()
    cancel = cancel or CancelToken()
    stages = _Stages(on_progress)
    timings: dict[str, float] = {}
    start = time.monotonic()
    if on_progress:
        on_progress(Progress("loading", 0, 1, 0.0, None))
    data, datasets = load_attack_data(config, cancel)
    timings["load"] = time.monotonic() - start
    rng = np.random.default_rng(config.seed)
    targets, warnings = draw_targets(data, config.targets, rng)
    warnings += data.disjoint_columns()
    if any(a in MEMBERSHIP_ATTACKS for a in config.attacks):
        for name, count in (("real", len(targets.members)), ("control", len(targets.nonmembers))):
            if count < 2:
                raise InputError(message(N_("{file}: membership attacks need at least 2 records in {role} (it has "
                                            "{count})"), file=datasets[name].name,
                                         role=message(ROLE_FILES[name]), count=count))
    evaluations: dict[str, AttackEvaluation] = {}
    radius = None
    start = time.monotonic()
    distance_attacks = [a for a in config.attacks if a in ("closest-mia", "closest-aia", "neighbourhood-mia",
                                                          "neighbourhood-aia")]
    if distance_attacks:
        radius = _distance_attacks(config, data, targets, evaluations, stages, cancel, warnings)
        timings["distances"] = time.monotonic() - start
    if "cap" in config.attacks:
        start = time.monotonic()
        report = stages.reporter("cap", len(data.real))
        report(0)
        evaluations["cap"] = _cap(config, data, warnings)
        report(len(data.real))
        timings["cap"] = time.monotonic() - start
    if "groundhog" in config.attacks:
        start = time.monotonic()
        evaluations["groundhog"] = _groundhog(config, data, targets, stages, cancel)
        timings["groundhog"] = time.monotonic() - start
    cancel.raise_if_cancelled()
    return SyntheticAssessment(config=config, datasets=datasets,
                               attacks=tuple(evaluations[a] for a in config.attacks if a in evaluations),
                               radius=radius, warnings=tuple(warnings), timings=timings,
                               engine_version=__version__)


def _distance_attacks(config: SyntheticConfig, data: AttackData, targets: Targets,
                      evaluations: dict[str, AttackEvaluation], stages: _Stages, cancel: CancelToken,
                      warnings: list[str]) -> Optional[float]:
    """Closest-distance and local-neighbourhood attacks; returns the radius used (if any)."""
    space = DistanceSpace.from_data(data, config.distance)
    attacks = set(config.attacks)
    everything = tuple(range(len(data.columns)))
    qids = data.qid_indices
    s = data.sensitive_index
    points = {"full": space.embed(data.synthetic, everything)}
    records = {"full": space.embed(targets.records, everything)}
    candidates = np.zeros(0)
    wants_aia = bool(attacks & {"closest-aia", "neighbourhood-aia"})
    if wants_aia:
        candidates = closest.candidate_values(data.synthetic[:, s])
        records["qids"] = space.embed(targets.records, qids)
        for u, value in enumerate(candidates):
            points[f"value{u}"] = space.embed(data.synthetic[closest.same_value(data.synthetic[:, s], value)], qids)
    full_scale, qid_scale = space.scale(everything), space.scale(qids)
    integral = space.integral
    neighbourhoods = attacks & {"neighbourhood-mia", "neighbourhood-aia"}
    nearest = []
    if "closest-mia" in attacks or (neighbourhoods and config.radius is None):
        nearest.append(Search("full", "full", "nearest", scale=full_scale, integral=integral))
    if "closest-aia" in attacks:
        nearest += [Search(f"value{u}", "qids", "nearest", scale=qid_scale, integral=integral)
                    for u in range(len(candidates))]
    found = _search(points, records, nearest, space, config, stages, "nearest", cancel)
    nearest_full = found.get(("full", "nearest"))
    radius = None
    if neighbourhoods:
        radius = config.radius if config.radius is not None else neighbourhood.default_radius(nearest_full)
        counts = []
        if "neighbourhood-mia" in attacks:
            counts.append(Search("full", "full", "count", radius=radius, scale=full_scale))
        if "neighbourhood-aia" in attacks:
            counts += [Search(f"value{u}", "qids", "count", radius=radius, scale=qid_scale)
                       for u in range(len(candidates))]
        found.update(_search(points, records, counts, space, config, stages, "neighbourhood", cancel))
    show = config.show_targets
    if "closest-mia" in attacks:
        scores = closest.closest_mia_scores(nearest_full)
        evaluations["closest-mia"] = evaluate_membership(
            "closest-mia", scores, targets.labels, targets.train, config.criterion, targets.members, show,
            notes=message(N_("score = minus the {distance} distance to the nearest synthetic record"),
                          distance=message(DISTANCE_NAMES[config.distance])), identical=closest.identical(nearest_full))
    if "neighbourhood-mia" in attacks:
        scores = neighbourhood.neighbourhood_mia_scores(found[("full", "count")], len(data.synthetic))
        evaluations["neighbourhood-mia"] = evaluate_membership(
            "neighbourhood-mia", scores, targets.labels, targets.train, config.criterion, targets.members, show,
            notes=message(N_("score = share of the synthetic records within {distance} distance {radius:g}"),
                          distance=message(DISTANCE_NAMES[config.distance]), radius=radius))
    if wants_aia:
        truth = closest.value_index(targets.records[:, s], candidates)
        baseline = float((truth[targets.labels] == 0).mean())
        absent = int((truth[targets.labels] < 0).sum())
        note = (message(N_("; {count:,} member targets hold a value the synthetic file lacks"), count=absent)
                if absent else "")
        if "closest-aia" in attacks:
            partial = np.column_stack([found[(f"value{u}", "nearest")] for u in range(len(candidates))])
            distances = closest.closest_aia_distances(space, partial, candidates, s)
            guess = closest.nearest_values(distances)
            confidence = closest.closeness_shares(distances)[np.arange(len(guess)), guess]
            evaluations["closest-aia"] = _attribute("closest-aia", guess == truth, targets, baseline, config,
                                                    confidence,
                                                    message(N_("guess = the value whose completion is nearest to a "
                                                               "synthetic record (ties: the more common value); "
                                                               "confidence = (1/d) / sum of 1/d over the values; "
                                                               "baseline = the most common synthetic value{note}"),
                                                            note=note))
        if "neighbourhood-aia" in attacks:
            counts = np.column_stack([found[(f"value{u}", "count")] for u in range(len(candidates))])
            shares = neighbourhood.neighbourhood_aia_scores(counts)
            guess = closest.best_values(counts)
            empty = int((counts.sum(axis=1) == 0).sum())
            evaluations["neighbourhood-aia"] = _attribute(
                "neighbourhood-aia", guess == truth, targets, baseline, config, shares[np.arange(len(guess)), guess],
                message(N_("guess = the most common value among the synthetic records within QID distance {radius:g}; "
                           "{empty:,} of {count:,} targets had none (guessed the most common synthetic value){note}"),
                        radius=radius, empty=empty, count=len(guess), note=note))
    return radius


def _search(points, records, searches, space, config, stages, stage, cancel) -> dict[tuple[str, str], np.ndarray]:
    if not searches:
        return {}
    total = sum(len(records[s.targets]) for s in searches)
    results = run_searches(points, records, searches, space.metric, jobs=config.jobs, cancel=cancel,
                           progress=stages.reporter(stage, total))
    return {(s.points, s.kind): r for s, r in zip(searches, results)}


def _attribute(attack: str, correct: np.ndarray, targets: Targets, baseline: float, config: SyntheticConfig,
               confidence: np.ndarray, notes: str) -> AttackEvaluation:
    members = targets.labels
    control = correct[~members] if len(targets.nonmembers) else None
    return evaluate_attribute(attack, correct[members], control, baseline, targets.members,
                              confidence[members], config.show_targets, notes)


def _cap(config: SyntheticConfig, data: AttackData, warnings: list[str]) -> AttackEvaluation:
    scores = cap_scores(data)
    matched = scores.real_matched
    if not matched.any():
        warnings.append(message(N_("cap: no real record matches a synthetic record on all of {columns}, so CAP is "
                                   "0 for every record and says nothing about the risk; try fewer or coarser key "
                                   "columns"), columns=", ".join(repr(data.columns[i]) for i in data.qid_indices)))
    mean_matched = float(scores.real[matched].mean()) if matched.any() else float("nan")
    notes = message(N_("keys: {keys}; {matched:,} of {count:,} real records match a synthetic record (unmatched score "
                       "0); mean CAP over matched records {mean:.4f}; baseline = mean share of each record's value in "
                       "the real file"), keys=", ".join(repr(data.columns[i]) for i in data.qid_indices),
                    matched=int(matched.sum()), count=len(matched), mean=mean_matched)
    rows = np.arange(len(data.real))
    evaluation = evaluate_attribute("cap", scores.real, scores.control, scores.baseline, rows, None,
                                    config.show_targets, notes)
    return evaluation


def _groundhog(config: SyntheticConfig, data: AttackData, targets: Targets, stages: _Stages,
               cancel: CancelToken) -> AttackEvaluation:
    from .groundhog import groundhog_attack

    population = data.control if data.control is not None else data.real
    shadow_size = min(SHADOW_SIZE, len(population) // 2)
    if shadow_size < MIN_SHADOW_SIZE:
        source = "control" if data.control is not None else "real"
        raise InputError(message(N_("groundhog: {role} has {count:,} records; shadow modelling needs at least "
                                    "{least} to draw shadow datasets from"), role=message(ROLE_FILES[source]),
                                 count=len(population), least=2 * MIN_SHADOW_SIZE))
    chosen = targets.members[:min(config.targets, GROUNDHOG_TARGETS)]
    reporter = stages.reporter("groundhog", len(chosen))
    result = groundhog_attack(population, data.kinds, data.real[chosen], generator=config.generator,
                              shadow_datasets=config.shadow_datasets, shadow_size=shadow_size, seed=config.seed,
                              jobs=config.jobs, cancel=cancel, progress=lambda done, total: reporter(done))
    labels = np.asarray(result.labels).astype(bool)
    per_target = len(labels) // max(len(chosen), 1)
    # stratified halves inside each target's test datasets: train on one, measure on the other
    train = np.zeros(len(labels), dtype=bool)
    for t in range(len(chosen)):
        block = slice(t * per_target, (t + 1) * per_target)
        train[block] = split_halves(labels[block])
    evaluation = evaluate_membership("groundhog", result.scores, labels, train, config.criterion, None, False,
                                     notes=message(N_("shadow modelling with the {generator} generator, {datasets} "
                                                      "shadow datasets of {size:,} rows per target, {targets} targets; "
                                                      "per-target AUC {low:.3f} to {high:.3f}"),
                                                   generator=config.generator, datasets=config.shadow_datasets,
                                                   size=shadow_size, targets=len(chosen),
                                                   low=min(result.per_target_auc), high=max(result.per_target_auc)))
    if config.show_targets:
        at_risk = tuple(sorted(((int(row) + 1, float(a)) for row, a in zip(chosen, result.per_target_auc)),
                               key=lambda pair: -pair[1]))
        evaluation = replace(evaluation, at_risk=at_risk)
    return evaluation

