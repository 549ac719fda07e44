r"""The noise mechanisms of a counting query (Nunes 2021, ch. 6).

*Oblivious* (central): the truncated geometric mechanism adds geometric noise to the true
count and clamps the result to the output range (Def. 29; Ghosh, Roughgarden & Sundararajan
2012). With :math:`\alpha = e^{-\varepsilon}` and outputs :math:`0..n`,

.. math::

    P(z \mid r) = \begin{cases}
      \frac{\alpha^{r}}{1+\alpha} & z = 0\\
      \frac{1-\alpha}{1+\alpha}\,\alpha^{|z-r|} & 0 < z < n\\
      \frac{\alpha^{n-r}}{1+\alpha} & z = n.
    \end{cases}

*Local*: every record's useful value is perturbed on its own by the same mechanism over the
ordered domain of the attribute; the reported count is the number of perturbed values in
the predicate set. Record :math:`i` is counted with probability :math:`p_{v_i}` (value
:math:`v`'s chance of being reported inside the set), so the count is Poisson-binomial
(eq. 6.11); records sharing a value give a Binomial(:math:`n_v, p_v`), and the count's
distribution is the convolution of one binomial per value.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
from scipy import signal, special, stats


def geometric_alpha(epsilon: float) -> float:
    r""":math:`\alpha = e^{-\varepsilon}` of the epsilon-DP truncated geometric mechanism.

    >>> round(geometric_alpha(np.log(2)), 12)
    0.5
    """
    if not epsilon > 0:
        raise ValueError(f"epsilon must be > 0 (got {epsilon})")
    return float(np.exp(-epsilon))


def truncated_geometric_matrix(n: int, alpha: float) -> np.ndarray:
    r"""The channel matrix of the truncated geometric mechanism on :math:`\{0..n\}` (Def. 29).

    Rows are true counts :math:`r = 0..n`, columns outputs :math:`z = 0..n` (Table 6.3 for
    :math:`\alpha = 1/2, n = 5`); every row sums to 1.

    >>> truncated_geometric_matrix(1, 0.5).round(4).tolist()
    [[0.6667, 0.3333], [0.3333, 0.6667]]
    """
    return np.vstack([truncated_geometric_row(r, n, alpha) for r in range(n + 1)])


def truncated_geometric_row(true_count: int, n: int, alpha: float) -> np.ndarray:
    r"""One row :math:`P(\cdot \mid r)` of the truncated geometric channel over :math:`\{0..n\}`.

    >>> (truncated_geometric_row(0, 5, 0.5) * 48).round(6).tolist()
    [32.0, 8.0, 4.0, 2.0, 1.0, 1.0]
    """
    if not 0 <= true_count <= n:
        raise ValueError(f"true count {true_count} outside 0..{n}")
    if n == 0:
        return np.ones(1)
    z = np.arange(n + 1)
    row = (1.0 - alpha) / (1.0 + alpha) * alpha ** np.abs(z - true_count).astype(float)
    row[0] = alpha ** true_count / (1.0 + alpha)
    row[n] = alpha ** (n - true_count) / (1.0 + alpha)
    return row


def local_inside_probabilities(inside: np.ndarray, alpha: float) -> np.ndarray:
    r"""For each position :math:`v` of an ordered domain, the probability that the truncated
    geometric mechanism over the domain reports a value inside the predicate set.

    .. math::

        p_v = \sum_{z \in q} P(z \mid v)
            = \tfrac{1-\alpha}{1+\alpha} K_v + [0 \in q]\tfrac{\alpha^{v+1}}{1+\alpha}
              + [n \in q]\tfrac{\alpha^{n-v+1}}{1+\alpha},
        \qquad K_v = \sum_{z \in q} \alpha^{|z-v|},

    :math:`K` by two first-order recursions (a forward and a backward pass), so the cost is
    linear in the domain size instead of quadratic (the matrix is never built).

    >>> local_inside_probabilities(np.array([False, True, False]), 0.5).round(4).tolist()
    [0.1667, 0.3333, 0.1667]
    """
    mask = np.asarray(inside, dtype=float)
    d = len(mask)
    if d == 0:
        return np.zeros(0)
    if d == 1:
        return mask.copy()
    n = d - 1
    forward = signal.lfilter([1.0], [1.0, -alpha], mask)                  # sum_{z<=v} m_z a^(v-z)
    backward = signal.lfilter([1.0], [1.0, -alpha], mask[::-1])[::-1]     # sum_{z>=v} m_z a^(z-v)
    kernel = forward + backward - mask
    v = np.arange(d, dtype=float)
    inside_p = ((1.0 - alpha) / (1.0 + alpha) * kernel
                + mask[0] * alpha ** (v + 1) / (1.0 + alpha)
                + mask[n] * alpha ** (n - v + 1) / (1.0 + alpha))
    return np.clip(inside_p, 0.0, 1.0)


DIRECT_CONVOLUTION_WORK = 1 << 22


def _convolve(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    if len(a) * len(b) <= DIRECT_CONVOLUTION_WORK:
        return np.convolve(a, b)
    return signal.fftconvolve(a, b)


def convolve_distributions(pmfs: Sequence[np.ndarray]) -> np.ndarray:
    """The distribution of a sum of independent counts, given each count's pmf over 0, 1, ...

    Pairwise (balanced-tree) convolution: direct (exact to rounding, all terms non-negative)
    while a step costs at most ``DIRECT_CONVOLUTION_WORK`` multiplications, else by FFT, whose
    round-off (about 1e-16 of the peak per entry) is clipped at 0.

    >>> convolve_distributions([np.array([0.5, 0.5]), np.array([0.5, 0.5])]).tolist()
    [0.25, 0.5, 0.25]
    """
    parts = [np.asarray(p, dtype=float) for p in pmfs]
    if not parts:
        return np.ones(1)
    while len(parts) > 1:
        merged = [_convolve(parts[i], parts[i + 1]) for i in range(0, len(parts) - 1, 2)]
        if len(parts) % 2:
            merged.append(parts[-1])
        parts = merged
    return np.clip(parts[0], 0.0, None)


TINY_PROBABILITY = 1e-250


def binomial_pmf(n: int, p: float) -> np.ndarray:
    r"""pmf of Binomial(:math:`n, p`) over :math:`0..n`; see :func:`binomial_pmfs`.

    >>> binomial_pmf(2, 0.5).round(15).tolist()
    [0.25, 0.5, 0.25]
    """
    return binomial_pmfs(np.array([n]), np.array([p]))[0]


def binomial_pmfs(sizes: np.ndarray, probabilities: np.ndarray) -> list[np.ndarray]:
    r"""pmfs of Binomial(:math:`n_v, p_v`) over :math:`0..n_v`, for every :math:`v` at once.

    ``scipy.stats.binom.pmf`` in one vectorised call, except for :math:`p` below 1e-250, where
    it can fail (subnormal :math:`p`, which the local mechanism produces,
    :math:`p_v \propto \alpha^v`): there the log-space formula
    :math:`\log\binom{n}{j} + j\log p + (n-j)\log(1-p)` is used; :math:`p \in \{0, 1\}` is
    exact. Each pmf is scaled to sum to 1: for tiny :math:`p` scipy's mass is short by up to
    about 1e-14, and over many values the shortfall would push a posterior vulnerability
    below the prior.

    >>> [pmf.round(15).tolist() for pmf in binomial_pmfs(np.array([1, 2]), np.array([0.0, 0.5]))]
    [[1.0, 0.0], [0.25, 0.5, 0.25]]
    """
    sizes = np.asarray(sizes, dtype=np.int64)
    probabilities = np.clip(np.asarray(probabilities, dtype=float), 0.0, 1.0)
    if np.any(sizes < 0):
        raise ValueError("binomial sizes must be >= 0")
    if len(sizes) == 0:
        return []
    lengths = sizes + 1
    n = np.repeat(sizes, lengths).astype(float)
    p = np.repeat(probabilities, lengths)
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    j = (np.arange(int(lengths.sum())) - np.repeat(starts, lengths)).astype(float)
    pmf = np.zeros(len(j))
    ordinary = (p >= TINY_PROBABILITY) & (p < 1.0)
    pmf[ordinary] = stats.binom.pmf(j[ordinary], n[ordinary], p[ordinary])
    tiny = (p > 0.0) & (p < TINY_PROBABILITY)
    if tiny.any():
        jt, nt, pt = j[tiny], n[tiny], p[tiny]
        pmf[tiny] = np.exp(special.gammaln(nt + 1.0) - special.gammaln(jt + 1.0) - special.gammaln(nt - jt + 1.0)
                           + jt * np.log(pt) + (nt - jt) * np.log1p(-pt))
    pmf[(p <= 0.0) & (j == 0)] = 1.0
    pmf[(p >= 1.0) & (j == n)] = 1.0
    pmf /= np.repeat(np.add.reduceat(pmf, starts), lengths)
    return np.split(pmf, np.cumsum(lengths)[:-1])


def binomial_sum_distribution(sizes: np.ndarray, probabilities: np.ndarray) -> np.ndarray:
    r"""Distribution over :math:`0..\sum n_v` of :math:`\sum_v \mathrm{Bin}(n_v, p_v)`, the
    Poisson-binomial count of eq. 6.11 with records grouped by value.

    >>> binomial_sum_distribution(np.array([1, 2]), np.array([0.5, 0.5])).round(12).tolist()
    [0.125, 0.375, 0.375, 0.125]
    """
    sizes = np.asarray(sizes, dtype=np.int64)
    used = sizes > 0
    total = convolve_distributions(binomial_pmfs(sizes[used], np.asarray(probabilities, dtype=float)[used]))
    expected = int(sizes.sum()) + 1
    if len(total) < expected:
        total = np.pad(total, (0, expected - len(total)))
    return total[:expected]


def local_count_distribution(value_sizes: np.ndarray, inside: np.ndarray, alpha: float) -> np.ndarray:
    r"""Distribution of the locally perturbed count of a table (eq. 6.11).

    ``value_sizes[v]`` records have the value at position :math:`v` of the ordered domain;
    ``inside[v]`` says whether that value satisfies the predicate. Returns
    :math:`P(\text{count} = c)` for :math:`c = 0..n`.

    >>> local_count_distribution(np.array([1, 1]), np.array([True, False]), 0.5).round(4).tolist()
    [0.2222, 0.5556, 0.2222]
    """
    return binomial_sum_distribution(value_sizes, local_inside_probabilities(inside, alpha))
