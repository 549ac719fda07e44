r"""Shadow modelling: the Groundhog membership attack on a synthetic-data generator.

Stadler, Oprisanu & Troncoso (2022), "Synthetic data - anonymisation groundhog day", USENIX
Security, sec. 4. The attacker knows the generator (its algorithm and settings), a reference
population drawn from the same distribution as the real data, and one target record; it
wants to tell from a synthetic release whether the target was in the data the generator was
trained on. The privacy game, per target:

1. Shadow datasets: ``shadow_datasets`` tables of ``shadow_size`` rows drawn without
   replacement from the population *without the target* (every row equal to the target is
   removed, missing matching missing). They come in pairs: a table :math:`D` (label 0) and
   :math:`D` with one random row replaced by the target (label 1).
2. Each shadow table trains a fresh generator, which samples a synthetic table of the same
   size; its feature vector (:func:`engine.synthetic.features.dataset_features`) is one
   training example.
3. A random forest (scikit-learn ``RandomForestClassifier``, 100 trees, ``n_jobs=1``, seeded)
   learns :math:`P(\text{target in} \mid \text{features})`.
4. ``test_datasets`` fresh tables (again in pairs) go through the generator the same way; the
   classifier's ``predict_proba`` of each is its score, and the area under the ROC curve of
   the scores against the true labels measures the target's exposure: 0.5 = the synthetic
   data says nothing about the target's membership, 1 = membership is always visible.

Randomness: one :class:`numpy.random.SeedSequence` from ``seed``, spawned into one child per
target, so a target's scores depend only on ``seed`` and the target's position, whatever the
number of worker processes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional, Sequence

import numpy as np

from ..foundation import workers
from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..foundation.progress import CancelToken
from ..foundation.workers import WorkerPool, cap_jobs
from .features import FeatureLayout, dataset_features
from .generators import check_table, make_generator

TREES = 100


@dataclass(frozen=True)
class GroundhogResult:
    """Scores of the test synthetic datasets of every target, target after target.

    ``scores[i]`` is the classifier's probability that the target was in the table that
    trained the generator of test dataset ``i`` (higher = "target was in"); ``labels[i]`` is
    the truth (1 = it was in). Target ``t`` owns the ``test_datasets`` entries starting at
    ``t * test_datasets``. ``per_target_auc[t]`` is the ROC AUC of target ``t``'s scores.
    """

    scores: np.ndarray
    labels: np.ndarray
    per_target_auc: tuple[float, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"scores": self.scores.tolist(), "labels": self.labels.astype(int).tolist(),
                "per_target_auc": list(self.per_target_auc)}


@dataclass(frozen=True)
class _Game:
    """The parameters shared by every target's game."""

    kinds: tuple[str, ...]
    layout: FeatureLayout
    generator: str
    shadow_datasets: int
    shadow_size: int
    test_datasets: int


def groundhog_attack(population: np.ndarray, kinds: Sequence[str], targets: np.ndarray, *,
                     generator: str = "marginals", shadow_datasets: int = 40, shadow_size: int = 500,
                     test_datasets: int = 20, seed: int = 0, jobs: int = 1,
                     cancel: Optional[CancelToken] = None,
                     progress: Optional[Callable[[int, int], None]] = None) -> GroundhogResult:
    """Play the Groundhog game for each row of ``targets`` (see the module docstring).

    Parameters
    ----------
    population : (N, d) float64 array
        The attacker's reference data (categorical columns as codes, NaN = missing numeric).
    kinds : sequence of ``"numeric"`` / ``"categorical"``, one per column.
    targets : (m, d) array, or one record as a (d,) array.
    generator : name in :data:`engine.synthetic.generators.GENERATORS`.
    shadow_datasets, test_datasets : training / test synthetic datasets per target, half of
        them (in pairs) with the target.
    shadow_size : rows of every shadow table and of its synthetic table.
    seed : seeds everything; the same seed gives identical scores with any ``jobs``.
    jobs : worker processes (at most the CPU count); targets are distributed among them.
    cancel : checked between shadow datasets; raises :class:`~engine.foundation.errors.Cancelled`.
    progress : called with (targets done, targets in all).

    Raises
    ------
    InputError
        For bad input, naming the parameter.
    """
    game, population, targets = _validate(population, kinds, targets, generator, shadow_datasets,
                                          shadow_size, test_datasets, jobs)
    cancel = cancel or CancelToken()
    jobs = cap_jobs(jobs)
    children = np.random.SeedSequence(seed).spawn(len(targets))
    for t, target in enumerate(targets):
        available = len(population) - int(_equal_rows(population, target).sum())
        if available < shadow_size:
            raise InputError(f"shadow_size: {shadow_size} is larger than the population without target {t} "
                             f"({available} rows)")
    total = len(targets)
    if progress is not None:
        progress(0, total)
    if jobs <= 1 or total < 2:
        results = []
        for t, target in enumerate(targets):
            results.append(_play_target(population, game, target, children[t], cancel.raise_if_cancelled))
            if progress is not None:
                progress(t + 1, total)
    else:
        results = _run_pool(population, game, targets, children, jobs, cancel, progress)
    scores = np.concatenate([r[0] for r in results])
    labels = np.concatenate([r[1] for r in results])
    from sklearn.metrics import roc_auc_score

    aucs = tuple(float(roc_auc_score(y, s)) for s, y in results)
    return GroundhogResult(scores, labels, aucs)


def _validate(population, kinds, targets, generator, shadow_datasets, shadow_size, test_datasets,
              jobs) -> tuple[_Game, np.ndarray, np.ndarray]:
    kinds = tuple(kinds)
    population = check_table(population, kinds, "population")
    targets = np.asarray(targets, dtype=np.float64)
    if targets.ndim == 1:
        targets = targets.reshape(1, -1)
    if targets.ndim == 2 and targets.shape[0] == 0:
        raise InputError("targets: no target record given")
    targets = check_table(targets, kinds, "targets")
    make_generator(generator)
    for label, value, least in (("shadow_datasets", shadow_datasets, 4), ("test_datasets", test_datasets, 2),
                                ("shadow_size", shadow_size, 2), ("jobs", jobs, 1)):
        if not isinstance(value, (int, np.integer)) or isinstance(value, bool) or value < least:
            raise InputError(f"{label}: must be a whole number of at least {least}, got {value!r}")
    if shadow_size > len(population):
        raise InputError(f"shadow_size: {shadow_size} is larger than the population ({len(population)} rows)")
    layout = FeatureLayout.from_tables(kinds, population, targets)
    game = _Game(kinds, layout, generator, int(shadow_datasets), int(shadow_size), int(test_datasets))
    return game, population, targets


def _equal_rows(table: np.ndarray, record: np.ndarray) -> np.ndarray:
    """Rows of ``table`` equal to ``record`` in every column, NaN equal to NaN."""
    same = (table == record) | (np.isnan(table) & np.isnan(record))
    return same.all(axis=1)


def _play_target(population: np.ndarray, game: _Game, target: np.ndarray, seeds: np.random.SeedSequence,
                 check: Callable[[], None]) -> tuple[np.ndarray, np.ndarray]:
    """One target's game: (scores, labels) of its test datasets."""
    from sklearn.ensemble import RandomForestClassifier

    data_seed, forest_seed = seeds.spawn(2)
    rng = np.random.default_rng(data_seed)
    reference = population[~_equal_rows(population, target)]
    x_train, y_train = _synthetic_features(reference, target, game, game.shadow_datasets, rng, check)
    x_test, y_test = _synthetic_features(reference, target, game, game.test_datasets, rng, check)
    forest = RandomForestClassifier(n_estimators=TREES, n_jobs=1,
                                    random_state=int(forest_seed.generate_state(1)[0]))
    forest.fit(x_train, y_train)
    scores = forest.predict_proba(x_test)[:, list(forest.classes_).index(1)]
    return scores, y_test


def _synthetic_features(reference: np.ndarray, target: np.ndarray, game: _Game, count: int,
                        rng: np.random.Generator, check: Callable[[], None]) -> tuple[np.ndarray, np.ndarray]:
    """Features and labels of ``count`` synthetic datasets: pairs (D without, D with the target)."""
    features = np.empty((count, game.layout.size))
    labels = np.zeros(count, dtype=np.int64)
    base = reference[:0]
    for i in range(count):
        check()
        if i % 2 == 0:
            base = reference[rng.choice(len(reference), size=game.shadow_size, replace=False)]
            train = base
        else:
            train = base.copy()
            train[rng.integers(game.shadow_size)] = target
            labels[i] = 1
        model = make_generator(game.generator).fit(train, game.kinds)
        features[i] = dataset_features(model.sample(game.shadow_size, rng), game.layout)
    return features, labels


# -- worker processes ---------------------------------------------------------------------------

def _worker_target(game: _Game, target: np.ndarray, seeds: np.random.SeedSequence):
    return _play_target(np.asarray(workers.load("population")), game, target, seeds, workers.raise_if_stopped)


def _run_pool(population: np.ndarray, game: _Game, targets: np.ndarray, children: list,
              jobs: int, cancel: CancelToken,
              progress: Optional[Callable[[int, int], None]]) -> list[tuple[np.ndarray, np.ndarray]]:
    """Targets on an :class:`engine.foundation.workers.WorkerPool`; the population goes to the workers as
    one memory-mapped ``.npy`` file."""
    results: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    def collect(t: int, result: tuple[np.ndarray, np.ndarray]) -> None:
        results[t] = result
        if progress is not None:
            progress(len(results), len(targets))

    with WorkerPool("groundhog", N_("the Groundhog attack")) as pool:
        pool.save("population", population)
        pool.run(_worker_target, [(game, target, children[t]) for t, target in enumerate(targets)],
                 jobs=jobs, cancel=cancel, on_result=collect)
    return [results[t] for t in range(len(targets))]
