"""Two small synthetic-data generators of our own, so shadow modelling runs offline.

Data representation (shared by :mod:`engine.synthetic`): a 2-D float64 array with one column
per attribute; ``kinds[j]`` is ``"numeric"`` or ``"categorical"``; a categorical column holds
integer codes ``0..m-1`` (as floats); a numeric column may hold NaN for a missing value.

- :class:`IndependentMarginals` keeps each column's marginal distribution and nothing of the
  joint one: every column is sampled on its own. It cannot reproduce a record, only values.
- :class:`CopyPerturb` copies training records and perturbs some of their cells: a
  deliberately leaky generator (a model that memorises its training data), the case where
  membership inference must succeed.

Both follow the :class:`Generator` protocol (``fit`` then ``sample``), the interface the
Groundhog attack (:mod:`engine.synthetic.groundhog`) uses for its shadow models (Stadler,
Oprisanu & Troncoso 2022, "Synthetic data - anonymisation groundhog day", USENIX Security).
"""

from __future__ import annotations

from typing import Callable, Optional, Protocol, Sequence

import numpy as np

from ..foundation.errors import InputError

KINDS = ("numeric", "categorical")


class Generator(Protocol):
    """A generator fitted on a table and sampled with a caller's random generator."""

    name: str

    def fit(self, data: np.ndarray, kinds: Sequence[str]) -> "Generator": ...

    def sample(self, n: int, rng: np.random.Generator) -> np.ndarray: ...


def check_table(data: np.ndarray, kinds: Sequence[str], what: str = "data") -> np.ndarray:
    """Return ``data`` as a 2-D float64 array after checking it against ``kinds``.

    Raises :class:`InputError` (naming ``what``) for a table that is not 2-D, has no rows, has
    a column count different from ``len(kinds)``, an unknown kind, or a categorical column
    holding anything but non-negative integer codes.
    """
    array = np.asarray(data, dtype=np.float64)
    if array.ndim != 2:
        raise InputError(f"{what}: expected a 2-D table (rows x columns), got {array.ndim} dimension(s)")
    if array.shape[0] == 0:
        raise InputError(f"{what}: the table has no rows")
    if array.shape[1] != len(kinds):
        raise InputError(f"{what}: {array.shape[1]} column(s) but {len(kinds)} kind(s) given")
    for j, kind in enumerate(kinds):
        if kind not in KINDS:
            raise InputError(f"kinds[{j}]: unknown column kind {kind!r} (expected one of {', '.join(KINDS)})")
        if kind == "categorical":
            column = array[:, j]
            bad = ~np.isfinite(column) | (column < 0) | (column != np.round(column))
            if bad.any():
                row = int(np.flatnonzero(bad)[0])
                raise InputError(f"{what}: categorical column {j} holds {float(column[row])!r} at row {row}; "
                                 f"categorical columns hold integer codes 0..m-1")
    return array


class _Marginal:
    """One column's empirical marginal, sampled independently of the other columns."""

    def __init__(self, column: np.ndarray, kind: str, bins: Optional[int]) -> None:
        self.kind = kind
        if kind == "categorical":
            counts = np.bincount(column.astype(np.int64))
            self.codes = np.flatnonzero(counts).astype(np.float64)
            self.probs = counts[counts > 0] / counts.sum()
            return
        self.values = column
        self.missing = float(np.isnan(column).mean())
        present = column[~np.isnan(column)]
        self.bins = bins if bins and present.size else None
        if self.bins:
            counts, self.edges = np.histogram(present, bins=self.bins)
            self.bin_probs = counts / counts.sum()

    def sample(self, n: int, rng: np.random.Generator) -> np.ndarray:
        if self.kind == "categorical":
            return rng.choice(self.codes, size=n, p=self.probs)
        if not self.bins:
            return self.values[rng.integers(0, self.values.size, size=n)]
        out = np.full(n, np.nan)
        present = rng.random(n) >= self.missing
        k = int(present.sum())
        which = rng.choice(self.bin_probs.size, size=k, p=self.bin_probs)
        low, high = self.edges[which], self.edges[which + 1]
        out[present] = low + (high - low) * rng.random(k)
        return out


class IndependentMarginals:
    r"""Each column sampled from its own empirical marginal; no dependence between columns.

    Categorical columns: codes drawn with their training frequencies. Numeric columns: with
    ``bins=None`` (default) training values resampled with replacement (missing values keep
    their share); with ``bins=b`` a value is drawn uniformly inside one of ``b`` equal-width
    histogram bins chosen with the bins' frequencies (missing values keep their share).

    A synthetic record is a product of marginal draws: its joint distribution is
    :math:`\prod_j \hat P_j(x_j)`, so a record's combination of values is never copied.

    >>> g = IndependentMarginals().fit(np.array([[0.0, 1.5], [1.0, 2.5], [1.0, 3.5]]),
    ...                                ["categorical", "numeric"])
    >>> g.sample(4, np.random.default_rng(0)).shape
    (4, 2)
    """

    name = "marginals"

    def __init__(self, bins: Optional[int] = None) -> None:
        if bins is not None and bins < 1:
            raise InputError(f"bins: must be at least 1, got {bins}")
        self.bins = bins
        self._marginals: list[_Marginal] = []

    def fit(self, data: np.ndarray, kinds: Sequence[str]) -> "IndependentMarginals":
        array = check_table(data, kinds)
        self._marginals = [_Marginal(array[:, j], kind, self.bins) for j, kind in enumerate(kinds)]
        return self

    def sample(self, n: int, rng: np.random.Generator) -> np.ndarray:
        _check_sample(self._marginals, n, self.name)
        out = np.empty((n, len(self._marginals)))
        for j, marginal in enumerate(self._marginals):
            out[:, j] = marginal.sample(n, rng)
        return out

    def sample_column(self, j: int, n: int, rng: np.random.Generator) -> np.ndarray:
        """``n`` draws from column ``j``'s marginal."""
        return self._marginals[j].sample(n, rng)


class CopyPerturb:
    """Copies training records and perturbs a share of their cells (a memorising generator).

    Parameters
    ----------
    copy_share : float, default 1.0
        Share of the synthetic records that are copies of training records; copies go
        through the training records in a random order without repetition (a new random
        order when one pass is used up), so with ``copy_share=1`` and ``n`` equal to the
        training size every training record appears exactly once. The other records are
        drawn from :class:`IndependentMarginals` fitted on the same data.
    perturb_prob : float, default 0.1
        Probability that a copied cell is perturbed, independently per cell. A perturbed
        categorical cell is replaced by a draw from the column's marginal; a perturbed
        numeric cell gets Gaussian noise of standard deviation ``noise_scale`` times the
        column's standard deviation (a missing value stays missing).
    noise_scale : float, default 0.1
        Noise of a perturbed numeric cell, in column standard deviations.

    With the defaults a copied record keeps all its ``d`` cells with probability
    :math:`0.9^d`, and its perturbed numeric cells stay close: the training records,
    outliers included, are visible in the output.

    >>> data = np.array([[0.0, 10.0], [1.0, 20.0], [2.0, 30.0]])
    >>> g = CopyPerturb(perturb_prob=0.0).fit(data, ["categorical", "numeric"])
    >>> sorted(g.sample(3, np.random.default_rng(1))[:, 1].tolist())
    [10.0, 20.0, 30.0]
    """

    name = "copy-perturb"

    def __init__(self, copy_share: float = 1.0, perturb_prob: float = 0.1, noise_scale: float = 0.1) -> None:
        for label, value in (("copy_share", copy_share), ("perturb_prob", perturb_prob)):
            if not 0.0 <= value <= 1.0:
                raise InputError(f"{label}: must be between 0 and 1, got {value}")
        if not noise_scale >= 0.0:
            raise InputError(f"noise_scale: must be non-negative, got {noise_scale}")
        self.copy_share = copy_share
        self.perturb_prob = perturb_prob
        self.noise_scale = noise_scale
        self._data: Optional[np.ndarray] = None
        self._kinds: tuple[str, ...] = ()
        self._marginals = IndependentMarginals()
        self._scales = np.empty(0)

    def fit(self, data: np.ndarray, kinds: Sequence[str]) -> "CopyPerturb":
        array = check_table(data, kinds)
        self._data = array.copy()
        self._kinds = tuple(kinds)
        self._marginals.fit(array, kinds)
        scales = np.zeros(array.shape[1])
        for j, kind in enumerate(self._kinds):
            present = array[:, j][~np.isnan(array[:, j])]
            if kind == "numeric" and present.size > 1:
                scales[j] = present.std()
        self._scales = scales * self.noise_scale
        return self

    def sample(self, n: int, rng: np.random.Generator) -> np.ndarray:
        _check_sample(self._data, n, self.name)
        assert self._data is not None
        rows = self._data.shape[0]
        n_copy = int(round(self.copy_share * n))
        passes = -(-n_copy // rows)
        order = np.concatenate([rng.permutation(rows) for _ in range(passes)])[:n_copy] \
            if n_copy else np.empty(0, dtype=np.int64)
        copies = self._data[order]
        mask = rng.random(copies.shape) < self.perturb_prob
        for j, kind in enumerate(self._kinds):
            hit = np.flatnonzero(mask[:, j])
            if not hit.size:
                continue
            if kind == "categorical":
                copies[hit, j] = self._marginals.sample_column(j, hit.size, rng)
            else:
                copies[hit, j] += rng.normal(0.0, 1.0, hit.size) * self._scales[j]
        fresh = self._marginals.sample(n - n_copy, rng)
        out = np.concatenate([copies, fresh]) if n_copy < n else copies
        return out[rng.permutation(n)]


def _check_sample(fitted, n: int, name: str) -> None:
    if fitted is None or (isinstance(fitted, list) and not fitted):
        raise InputError(f"generator {name!r}: sample() called before fit()")
    if n < 0:
        raise InputError(f"n: the number of synthetic records must be non-negative, got {n}")


GENERATORS: dict[str, Callable[[], Generator]] = {
    IndependentMarginals.name: IndependentMarginals,
    CopyPerturb.name: CopyPerturb,
}


def make_generator(name: str) -> Generator:
    """A fresh, unfitted generator by name (the keys of :data:`GENERATORS`).

    >>> make_generator("marginals").name
    'marginals'
    """
    try:
        factory = GENERATORS[name]
    except KeyError:
        raise InputError(f"generator: unknown generator {name!r} "
                         f"(known: {', '.join(sorted(GENERATORS))})") from None
    return factory()
