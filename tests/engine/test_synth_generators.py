"""The offline generators of the synthetic-data attacks: what each one keeps of the training data."""

from __future__ import annotations

import numpy as np
import pytest

from engine.foundation.errors import InputError
from engine.synthetic.generators import GENERATORS, CopyPerturb, IndependentMarginals, make_generator

KINDS = ["categorical", "numeric"]


def correlated_table(n: int = 2000, seed: int = 0) -> np.ndarray:
    """A categorical code 0..2 with frequencies 0.5/0.3/0.2 and a numeric column equal to 10*code
    plus small noise (so the two columns are strongly dependent)."""
    rng = np.random.default_rng(seed)
    codes = np.repeat([0.0, 1.0, 2.0], [n // 2, 3 * n // 10, n - n // 2 - 3 * n // 10])
    rng.shuffle(codes)
    return np.column_stack([codes, 10 * codes + rng.normal(0, 0.1, n)])


def test_registry_and_unknown_name():
    assert set(GENERATORS) == {"marginals", "copy-perturb"}
    assert isinstance(make_generator("marginals"), IndependentMarginals)
    assert isinstance(make_generator("copy-perturb"), CopyPerturb)
    assert make_generator("copy-perturb") is not make_generator("copy-perturb")
    with pytest.raises(InputError, match=r"generator: unknown generator 'ctgan' \(known: copy-perturb, marginals\)"):
        make_generator("ctgan")


def test_marginals_keep_category_frequencies():
    data = correlated_table()
    out = IndependentMarginals().fit(data, KINDS).sample(50_000, np.random.default_rng(1))
    shares = np.bincount(out[:, 0].astype(int), minlength=3) / len(out)
    # binomial standard error at n=50,000 is at most 0.0023; 4 of them
    assert shares == pytest.approx([0.5, 0.3, 0.2], abs=0.01)
    assert set(np.unique(out[:, 0])) == {0.0, 1.0, 2.0}


def test_marginals_resample_training_values_and_drop_dependence():
    data = correlated_table()
    assert np.corrcoef(data.T)[0, 1] > 0.99
    out = IndependentMarginals().fit(data, KINDS).sample(20_000, np.random.default_rng(2))
    assert np.isin(out[:, 1], data[:, 1]).all()          # only training values, resampled
    # independence: correlation of independent draws is ~ N(0, 1/n); 4 standard errors
    assert abs(np.corrcoef(out.T)[0, 1]) < 4 / np.sqrt(len(out))


def test_marginals_keep_missing_share():
    data = correlated_table()
    data[::4, 1] = np.nan                                 # exactly 25% missing
    for bins in (None, 8):
        out = IndependentMarginals(bins=bins).fit(data, KINDS).sample(40_000, np.random.default_rng(3))
        assert np.isnan(out[:, 1]).mean() == pytest.approx(0.25, abs=0.01)
        assert not np.isnan(out[:, 0]).any()


def test_histogram_smoothing_draws_inside_the_bins_with_their_frequencies():
    # values 0..9 ten times each except 9 (40 times): 4 bins of width 2.25 over [0, 9]
    values = np.concatenate([np.repeat(np.arange(9.0), 10), np.full(40, 9.0)])
    data = np.column_stack([np.zeros_like(values), values])
    out = IndependentMarginals(bins=4).fit(data, KINDS).sample(40_000, np.random.default_rng(4))[:, 1]
    assert out.min() >= 0.0 and out.max() <= 9.0
    assert np.isin(out, values).mean() < 0.01             # smoothed: almost never a training value
    counts, _ = np.histogram(out, bins=4, range=(0, 9))
    # training bins: [0,2.25) holds 0,1,2 (30), [2.25,4.5) 3,4 (20), [4.5,6.75) 5,6 (20), [6.75,9] 7,8,9 (60)
    assert counts / len(out) == pytest.approx(np.array([30, 20, 20, 60]) / 130, abs=0.01)


def test_copy_perturb_without_perturbation_is_a_permutation_of_the_training_rows():
    data = correlated_table(200)
    out = CopyPerturb(perturb_prob=0.0).fit(data, KINDS).sample(200, np.random.default_rng(5))
    assert not np.array_equal(out, data)                  # shuffled
    assert np.array_equal(np.unique(out, axis=0), np.unique(data, axis=0))


def test_copy_perturb_copies_every_row_once_per_pass():
    data = np.column_stack([np.zeros(10), np.arange(10.0)])
    out = CopyPerturb(perturb_prob=0.0).fit(data, KINDS).sample(25, np.random.default_rng(6))
    counts = np.bincount(out[:, 1].astype(int), minlength=10)
    assert sorted(counts.tolist()) == [2] * 5 + [3] * 5


def test_copy_share_mixes_copies_and_marginal_draws():
    rng = np.random.default_rng(7)
    data = np.column_stack([rng.integers(0, 3, 1000).astype(float), rng.normal(size=1000)])
    out = CopyPerturb(copy_share=0.3, perturb_prob=0.0).fit(data, KINDS).sample(1000, rng)
    training_rows = {tuple(r) for r in data}
    copied = sum(tuple(r) in training_rows for r in out)
    # 300 copies; a marginal draw matches a training row only when its numeric value is drawn
    # with its own code (probability ~ 1/3 each): about 700/3 more, binomial sd ~ 12.5
    assert copied == pytest.approx(300 + 700 / 3, abs=50)


def test_copy_perturb_perturbation_rates():
    n = 20_000
    rng = np.random.default_rng(8)
    data = np.column_stack([np.repeat([0.0, 1.0], n // 2), rng.normal(5.0, 2.0, n)])
    generator = CopyPerturb(perturb_prob=0.2, noise_scale=0.5).fit(data, KINDS)
    out = generator.sample(n, np.random.default_rng(9))
    # categorical: a perturbed cell is redrawn from the marginal (50/50), so it changes with
    # probability 0.2 * 0.5; the numeric column keeps its values except 20% of cells
    assert np.bincount(out[:, 0].astype(int)) / n == pytest.approx([0.5, 0.5], abs=0.01)
    changed = ~np.isin(out[:, 1], data[:, 1])
    assert changed.mean() == pytest.approx(0.2, abs=0.01)
    # a perturbed numeric cell is a training value (variance 4) plus noise N(0, (0.5 * 2)^2)
    moved = out[changed, 1]
    assert np.mean(moved) == pytest.approx(np.mean(data[:, 1]), abs=0.1)
    assert np.var(moved) == pytest.approx(4.0 + 1.0, rel=0.1)


def test_missing_numeric_cells_stay_missing_under_perturbation():
    data = correlated_table(500)
    data[:100, 1] = np.nan
    out = CopyPerturb(perturb_prob=1.0).fit(data, KINDS).sample(500, np.random.default_rng(10))
    assert np.isnan(out[:, 1]).sum() == 100


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_same_seed_same_sample(name):
    data = correlated_table(300)
    first = make_generator(name).fit(data, KINDS).sample(300, np.random.default_rng(11))
    again = make_generator(name).fit(data, KINDS).sample(300, np.random.default_rng(11))
    other = make_generator(name).fit(data, KINDS).sample(300, np.random.default_rng(12))
    assert np.array_equal(first, again)
    assert not np.array_equal(first, other)
    assert first.shape == (300, 2)


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_bad_input(name):
    generator = make_generator(name)
    with pytest.raises(InputError, match="before fit"):
        generator.sample(5, np.random.default_rng(0))
    with pytest.raises(InputError, match="no rows"):
        generator.fit(np.empty((0, 2)), KINDS)
    with pytest.raises(InputError, match="2 column"):
        generator.fit(np.zeros((3, 2)), ["numeric"])
    with pytest.raises(InputError, match=r"kinds\[1\]: unknown column kind 'text'"):
        generator.fit(np.zeros((3, 2)), ["numeric", "text"])
    with pytest.raises(InputError, match="categorical column 0 holds 1.5 at row 2"):
        generator.fit(np.array([[0.0, 1.0], [1.0, 1.0], [1.5, 1.0]]), KINDS)
    with pytest.raises(InputError, match="categorical column 0 holds nan"):
        generator.fit(np.array([[np.nan, 1.0]]), KINDS)
    generator.fit(np.array([[0.0, 1.0]]), KINDS)
    with pytest.raises(InputError, match="n: "):
        generator.sample(-1, np.random.default_rng(0))
    assert generator.sample(0, np.random.default_rng(0)).shape == (0, 2)


def test_generator_parameters_are_checked():
    with pytest.raises(InputError, match="copy_share"):
        CopyPerturb(copy_share=1.5)
    with pytest.raises(InputError, match="perturb_prob"):
        CopyPerturb(perturb_prob=-0.1)
    with pytest.raises(InputError, match="noise_scale"):
        CopyPerturb(noise_scale=-1.0)
    with pytest.raises(InputError, match="bins"):
        IndependentMarginals(bins=0)
