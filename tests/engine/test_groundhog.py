"""Groundhog shadow modelling (Stadler et al. 2022) and its dataset features."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from engine.foundation.errors import Cancelled, InputError
from engine.foundation.progress import CancelToken
from engine.synthetic.features import FeatureLayout, dataset_features
from engine.synthetic.groundhog import GroundhogResult, groundhog_attack

KINDS = ["numeric", "numeric", "categorical"]
OUTLIER = np.array([2.0, -2.0, 1.0])    # ordinary values, but off the line y = x the data lie on


def population(n: int, seed: int = 0) -> np.ndarray:
    """x ~ N(0, 1), y = x + N(0, 0.05^2) and a code (x > 0) + 1 in 20% of rows: every record lies
    near the line y = x, the outlier (2, -2) is far from all of them."""
    rng = np.random.default_rng(seed)
    x = rng.normal(size=n)
    return np.column_stack([x, x + rng.normal(0, 0.05, n), (x > 0) + (rng.random(n) < 0.2)]).astype(float)


def brute_force_auc(scores: np.ndarray, labels: np.ndarray) -> float:
    """P(score of a positive > score of a negative) + half the ties, over all pairs."""
    pos, neg = scores[labels == 1], scores[labels == 0]
    wins = sum((p > q) + 0.5 * (p == q) for p in pos for q in neg)
    return wins / (len(pos) * len(neg))


# -- features ---------------------------------------------------------------------------------

def test_features_by_hand():
    data = np.array([[0.0, 1.0], [2.0, np.nan], [2.0, 3.0], [1.0, 5.0]])
    layout = FeatureLayout(("categorical", "numeric"), (4, 0))
    vector = dataset_features(data, layout)
    assert layout.size == len(vector) == len(layout.names()) == 4 + 10 + 1
    assert vector[:4].tolist() == [0.25, 0.25, 0.5, 0.0]                 # code 3 never seen
    # numeric over 1, 3, 5: missing 1/4, mean 3, std sqrt(8/3), quantiles 0/.1/.25/.5/.75/.9/1
    assert vector[4:14] == pytest.approx([0.25, 3.0, np.sqrt(8 / 3), 1.0, 1.4, 2.0, 3.0, 4.0, 4.6, 5.0])
    # correlation with the missing value replaced by the mean 3: codes centred
    # (-1.25, .75, .75, -.25), values centred (-2, 0, 0, 2): 2 / sqrt(2.75 * 8)
    assert vector[14] == pytest.approx(2 / np.sqrt(22))
    assert layout.names()[:5] == ["c0=0", "c0=1", "c0=2", "c0=3", "c1.missing"]
    assert layout.names()[-1] == "corr(c0,c1)"


def test_features_correlation_matches_numpy_and_ignores_row_order():
    rng = np.random.default_rng(1)
    data = population(300, seed=1)
    layout = FeatureLayout.from_tables(KINDS, data)
    vector = dataset_features(data, layout)
    expected = np.corrcoef(data.T)[np.triu_indices(3, k=1)]
    assert vector[-3:] == pytest.approx(expected)
    assert dataset_features(data[rng.permutation(300)], layout) == pytest.approx(vector)


def test_numeric_summaries_match_numpy_column_by_column():
    rng = np.random.default_rng(2)
    kinds = ("numeric", "categorical", "numeric", "numeric")
    layout = FeatureLayout(kinds, (0, 3, 0, 0))
    for _ in range(50):
        n = int(rng.integers(1, 40))
        data = np.column_stack([rng.normal(size=n).round(1), rng.integers(0, 3, n),
                                rng.exponential(size=n), rng.normal(size=n)])
        data[:, [0, 2, 3]] = np.where(rng.random((n, 3)) < 0.3, np.nan, data[:, [0, 2, 3]])
        vector = dataset_features(data, layout)
        starts = {0: 0, 2: 13, 3: 23}
        for j, start in starts.items():
            present = data[:, j][~np.isnan(data[:, j])]
            expected = np.zeros(10)
            expected[0] = 1 - present.size / n
            if present.size:
                expected[1:3] = present.mean(), present.std()
                expected[3:] = np.quantile(present, [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1])
            assert vector[start:start + 10] == pytest.approx(expected)
        assert vector[10:13] == pytest.approx(np.bincount(data[:, 1].astype(int), minlength=3) / n)


def test_features_constant_and_empty_columns():
    data = np.array([[1.0, np.nan, 7.0], [0.0, np.nan, 7.0], [1.0, np.nan, 7.0]])
    layout = FeatureLayout(("categorical", "numeric", "numeric"), (2, 0, 0))
    vector = dataset_features(data, layout)
    assert vector[2:12].tolist() == [1.0] + [0.0] * 9                   # all missing: share 1, stats 0
    assert vector[12:22].tolist() == [0.0, 7.0, 0.0] + [7.0] * 7
    assert vector[-3:].tolist() == [0.0, 0.0, 0.0]                       # constant columns: no correlation
    with pytest.raises(InputError, match="3 column"):
        dataset_features(data[:, :2], layout)


def test_layout_codes_cover_every_table():
    layout = FeatureLayout.from_tables(KINDS, population(50), OUTLIER.reshape(1, -1) * [1, 1, 4])
    assert layout.n_codes == (0, 0, 5)


# -- the attack -------------------------------------------------------------------------------

def test_outlier_is_exposed_by_the_copying_generator():
    result = groundhog_attack(population(3000), KINDS, OUTLIER, generator="copy-perturb",
                              shadow_datasets=20, shadow_size=200, test_datasets=40, seed=3)
    assert result.per_target_auc[0] >= 0.95
    assert result.scores[result.labels == 1].min() > result.scores[result.labels == 0].mean()


def test_outlier_is_hidden_by_independent_marginals_on_a_large_population():
    # 200 test datasets: the AUC of an uninformative score has standard deviation
    # sqrt(201 / (12 * 100 * 100)) = 0.041 around 0.5
    result = groundhog_attack(population(20_000), KINDS, OUTLIER, generator="marginals",
                              shadow_datasets=20, shadow_size=200, test_datasets=200, seed=4)
    assert result.per_target_auc[0] == pytest.approx(0.5, abs=0.15)


def test_result_layout_and_auc():
    targets = np.array([OUTLIER, [0.1, 0.12, 1.0]])
    result = groundhog_attack(population(1000), KINDS, targets, generator="copy-perturb",
                              shadow_datasets=6, shadow_size=100, test_datasets=10, seed=5)
    assert isinstance(result, GroundhogResult)
    assert result.scores.shape == result.labels.shape == (20,)
    assert result.labels.tolist() == [0, 1] * 10                          # pairs: without, with
    assert ((result.scores >= 0) & (result.scores <= 1)).all()
    for t in range(2):
        part = slice(10 * t, 10 * t + 10)
        assert result.per_target_auc[t] == pytest.approx(brute_force_auc(result.scores[part],
                                                                         result.labels[part]))
    assert result.to_dict()["labels"] == result.labels.tolist()
    assert result.to_dict()["per_target_auc"] == list(result.per_target_auc)


@pytest.mark.slow
def test_seeded_reproducible_and_progress_counts_targets():
    targets = np.array([OUTLIER, [0.5, 0.5, 1.0], [-1.0, -1.0, 0.0]])
    calls: list[tuple[int, int]] = []
    kwargs = dict(generator="copy-perturb", shadow_datasets=4, shadow_size=80, test_datasets=4)
    first = groundhog_attack(population(500), KINDS, targets, seed=6, progress=lambda d, t: calls.append((d, t)),
                             **kwargs)
    again = groundhog_attack(population(500), KINDS, targets, seed=6, **kwargs)
    other = groundhog_attack(population(500), KINDS, targets, seed=7, **kwargs)
    assert calls == [(0, 3), (1, 3), (2, 3), (3, 3)]
    assert np.array_equal(first.scores, again.scores)
    assert not np.array_equal(first.scores, other.scores)
    pooled = groundhog_attack(population(500), KINDS, targets, seed=6, jobs=2, **kwargs)
    assert np.array_equal(first.scores, pooled.scores)
    assert np.array_equal(first.labels, pooled.labels)


def test_every_copy_of_the_target_is_left_out_of_the_shadow_data():
    data = np.concatenate([population(300), np.tile(OUTLIER, (50, 1))])
    result = groundhog_attack(data, KINDS, OUTLIER, generator="copy-perturb",
                              shadow_datasets=4, shadow_size=300, test_datasets=2)
    assert len(result.scores) == 2
    with pytest.raises(InputError, match=r"shadow_size: 301 is larger than the population without target 0 "
                                         r"\(300 rows\)"):
        groundhog_attack(data, KINDS, OUTLIER, shadow_datasets=4, shadow_size=301, test_datasets=2)


def test_cancel_in_process():
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        groundhog_attack(population(500), KINDS, OUTLIER, shadow_size=100, cancel=token)
    token = CancelToken()
    with pytest.raises(Cancelled):
        groundhog_attack(population(500), KINDS, np.array([OUTLIER, OUTLIER]), shadow_size=100,
                         shadow_datasets=4, test_datasets=2, cancel=token,
                         progress=lambda done, total: done == 1 and token.cancel())


def test_cancel_on_the_pool_stops_the_queued_targets():
    token = CancelToken()
    done: list[int] = []

    def on_progress(finished: int, total: int) -> None:
        done.append(finished)
        if finished >= 1:
            token.cancel()

    timer = threading.Timer(30.0, token.cancel)    # a safety net should progress never come
    timer.start()
    try:
        with pytest.raises(Cancelled):
            groundhog_attack(population(2000), KINDS, np.tile(OUTLIER, (12, 1)), generator="copy-perturb",
                             shadow_datasets=10, shadow_size=100, test_datasets=4, jobs=2, cancel=token,
                             progress=on_progress)
    finally:
        timer.cancel()
    assert 1 <= max(done) < 12


@pytest.mark.parametrize("change, message", [
    (dict(population=np.empty((0, 3))), "population: the table has no rows"),
    (dict(population=np.zeros(3)), "population: expected a 2-D table"),
    (dict(kinds=["numeric", "numeric"]), "population: 3 column"),
    (dict(kinds=["numeric", "numeric", "ordinal"]), r"kinds\[2\]: unknown column kind"),
    (dict(targets=np.empty((0, 3))), "targets: no target record given"),
    (dict(targets=np.zeros((1, 2))), "targets: 2 column"),
    (dict(targets=np.array([0.0, 0.0, 0.5])), "targets: categorical column 2 holds 0.5"),
    (dict(generator="gan"), "generator: unknown generator 'gan'"),
    (dict(shadow_datasets=3), "shadow_datasets: must be a whole number of at least 4, got 3"),
    (dict(test_datasets=1), "test_datasets: must be a whole number of at least 2, got 1"),
    (dict(shadow_size=1), "shadow_size: must be a whole number of at least 2"),
    (dict(shadow_size=101), r"shadow_size: 101 is larger than the population \(100 rows\)"),
    (dict(jobs=0), "jobs: must be a whole number of at least 1"),
])
def test_bad_input_names_the_parameter(change, message):
    arguments = dict(population=population(100), kinds=KINDS, targets=OUTLIER)
    arguments.update(change)
    options = {k: arguments.pop(k) for k in list(arguments) if k not in ("population", "kinds", "targets")}
    with pytest.raises(InputError, match=message):
        groundhog_attack(arguments["population"], arguments["kinds"], arguments["targets"],
                         **{"shadow_size": 50, **options})
