r"""Thresholded counts under partial knowledge: passive vs active attackers
(Desfontaines, Mohammadi, Krahmer & Basin 2019, "Differential privacy with partial knowledge";
Desfontaines 2020 thesis, sec. 3.1.3, Example 7).

Model: ``voters`` people (the target and :math:`n-1` others) vote yes independently with
probability :math:`p`. The attacker knows :math:`k` of the others' votes, :math:`b` of them
yes; the :math:`m = n-1-k` other votes are unknown, :math:`U \sim \mathrm{Bin}(m, p)`. The
mechanism releases the exact count :math:`x + b + U` when it is at least :math:`T`, else a
single "nothing released" outcome :math:`\bot` (:math:`T = 0`: a plain count). For target vote
:math:`x \in \{0, 1\}`, :math:`P_x` is the output distribution, and

.. math::

    \delta_b(\varepsilon) = \max\big(H_\varepsilon(P_0 \| P_1), H_\varepsilon(P_1 \| P_0)\big),
    \qquad H_\varepsilon(P \| Q) = \sum_o \max(0, P(o) - e^\varepsilon Q(o))

(the hockey-stick divergence). An active attacker chooses the known votes (APKDP):
:math:`\delta = \max_b \delta_b`; a passive one only observes them (PPKDP):
:math:`\delta = E_{b \sim \mathrm{Bin}(k, p)}\,\delta_b`.

Computation: with :math:`t = x + U` the count's offset from :math:`b`, the released outcomes
are :math:`t \ge T - b`, where :math:`P_0(t) = u_t` and :math:`P_1(t) = u_{t-1}`
(:math:`u` the pmf of :math:`U`); the hinge terms depend on :math:`t` only, so one suffix sum
per epsilon serves every :math:`b`, and the :math:`\bot` term is
:math:`P_0(\bot) = F_U(T-b-1)`, :math:`P_1(\bot) = F_U(T-b-2)`. Outside the float64 support
of :math:`u` (about 80 standard deviations around the mean) every term is an exact zero, so
:math:`u` is computed and used there only (:func:`support_pmf`); the cost is :math:`O(s + k)`
per epsilon for a support of :math:`s` values, whatever :math:`m`.
"""

from __future__ import annotations

from typing import Callable, Optional

import numpy as np

from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..foundation.messages import message
from ..foundation.progress import CancelToken
from .config import ThresholdConfig
from .mechanisms import binomial_pmf
from .results import ThresholdPoint


def hockey_stick(p: np.ndarray, q: np.ndarray, epsilon: float) -> float:
    r"""Hockey-stick divergence :math:`H_\varepsilon(P \| Q) = \sum_o \max(0, P(o) - e^\varepsilon Q(o))`,
    the smallest :math:`\delta` with :math:`P(S) \le e^\varepsilon Q(S) + \delta` for every event :math:`S`.

    >>> hockey_stick(np.array([1.0, 0.0]), np.array([0.5, 0.5]), 0.0)
    0.5
    """
    return float(np.maximum(0.0, np.asarray(p, float) - np.exp(epsilon) * np.asarray(q, float)).sum())


def unknown_votes_pmf(voters: int, known: int, p: float) -> np.ndarray:
    r"""pmf of :math:`U \sim \mathrm{Bin}(n-1-k, p)`, the yes-votes the attacker does not know."""
    return binomial_pmf(voters - 1 - known, p)


def output_distributions(voters: int, threshold: int, known: int, p: float,
                         known_yes: int) -> tuple[np.ndarray, np.ndarray]:
    r"""The output distributions :math:`(P_0, P_1)` for target vote 0 and 1, given :math:`b`
    known yes-votes: index 0 is :math:`\bot` (nothing released), index :math:`1 + c` the
    released count :math:`c = 0..n`."""
    u = unknown_votes_pmf(voters, known, p)
    out = []
    for vote in (0, 1):
        counts = np.zeros(voters + 1)
        counts[known_yes + vote: known_yes + vote + len(u)] = u
        released = np.arange(voters + 1) >= threshold
        out.append(np.concatenate([[counts[~released].sum()], np.where(released, counts, 0.0)]))
    return out[0], out[1]


def delta_by_known_yes(voters: int, threshold: int, known: int, p: float, epsilon: float) -> np.ndarray:
    r""":math:`\delta_b(\varepsilon)` for :math:`b = 0..k` known yes-votes (vectorised over :math:`b`).

    >>> delta_by_known_yes(3, 0, 2, 0.5, 1.0).round(6).tolist()   # nothing unknown: count = x + b
    [1.0, 1.0, 1.0]
    """
    return _deltas(unknown_votes_pmf(voters, known, p), threshold, known, epsilon)


def _deltas(u: np.ndarray, threshold: int, known: int, epsilon: float) -> np.ndarray:
    r""":math:`\delta_b(\varepsilon)`, :math:`b = 0..k`, from the pmf :math:`u` of the unknown votes."""
    m = len(u) - 1
    factor = np.exp(epsilon)
    p0 = np.append(u, 0.0)           # P_0(t) = u_t,     t = 0..m+1
    p1 = np.insert(u, 0, 0.0)        # P_1(t) = u_{t-1}
    hinge01 = np.maximum(0.0, p0 - factor * p1)
    hinge10 = np.maximum(0.0, p1 - factor * p0)
    suffix01 = np.append(np.cumsum(hinge01[::-1])[::-1], 0.0)   # sum over t >= t0, t0 = 0..m+2
    suffix10 = np.append(np.cumsum(hinge10[::-1])[::-1], 0.0)
    b = np.arange(known + 1)
    first_released = np.clip(threshold - b, 0, m + 2)
    cdf = np.concatenate([[0.0], np.minimum(np.cumsum(u), 1.0)])   # cdf[x + 1] = F_U(x), x = -1..m
    none0 = cdf[np.clip(threshold - b, 0, m + 1)]                 # F_U(T - b - 1)
    none1 = cdf[np.clip(threshold - b - 1, 0, m + 1)]             # F_U(T - b - 2)
    delta01 = suffix01[first_released] + np.maximum(0.0, none0 - factor * none1)
    delta10 = suffix10[first_released] + np.maximum(0.0, none1 - factor * none0)
    return np.maximum(delta01, delta10)


def active_delta(deltas: np.ndarray) -> tuple[float, int]:
    r"""APKDP: :math:`\max_b \delta_b` and the maximising :math:`b` (the attacker plants the votes)."""
    worst = int(np.argmax(deltas))
    return float(deltas[worst]), worst


def passive_delta(deltas: np.ndarray, known: int, p: float, cancel: Optional[CancelToken] = None) -> float:
    r"""PPKDP: :math:`\sum_b \mathrm{Bin}(b; k, p)\,\delta_b` (the attacker only observes the votes)."""
    offset, weights = support_pmf(known, p, cancel)
    return float(np.dot(weights, deltas[offset: offset + len(weights)]))


PMF_CHUNK = 1 << 20


def support_pmf(n: int, p: float, cancel: Optional[CancelToken] = None) -> tuple[int, np.ndarray]:
    r"""``(offset, u)``: the pmf of :math:`\mathrm{Bin}(n, p)` over its float64 support,
    :math:`u_i = P(X = \text{offset} + i)`, every value outside it an exact zero.

    Small :math:`n`: :func:`binomial_pmf` (trailing zeros dropped). Large :math:`n`: computed in
    chunks of :data:`PMF_CHUNK` outwards from the mode until the pmf (unimodal) underflows to
    zero on each side, ``cancel`` checked between chunks, then scaled to sum to 1 as
    :func:`binomial_pmf` does; the cost follows the support (about 80 standard deviations),
    not :math:`n`, so a signal stops any size at once.

    >>> offset, u = support_pmf(10**8, 0.5)
    >>> offset > 0 and len(u) < 10**6 and bool(abs(u.sum() - 1) < 1e-12)
    True
    """
    if n < PMF_CHUNK or p <= 0.0 or p >= 1.0:
        return 0, np.trim_zeros(binomial_pmf(n, p), "b")
    from scipy import stats

    def chunk(start: int, stop: int) -> np.ndarray:
        if cancel is not None:
            cancel.raise_if_cancelled()
        return stats.binom.pmf(np.arange(start, stop, dtype=float), n, p)

    mode = min(int((n + 1) * p), n)
    low, high = mode, min(mode + PMF_CHUNK, n + 1)
    pieces = [chunk(low, high)]
    while high <= n and pieces[-1][-1] > 0.0:
        pieces.append(chunk(high, min(high + PMF_CHUNK, n + 1)))
        high = min(high + PMF_CHUNK, n + 1)
    while low > 0 and pieces[0][0] > 0.0:
        pieces.insert(0, chunk(max(low - PMF_CHUNK, 0), low))
        low = max(low - PMF_CHUNK, 0)
    u = np.concatenate(pieces)
    nonzero = np.flatnonzero(u)
    if len(nonzero) == 0:   # scipy underflowed everywhere (p below about 1e-250): the exact route
        return 0, np.trim_zeros(binomial_pmf(n, p), "b")
    u = u[nonzero[0]: nonzero[-1] + 1]
    return low + int(nonzero[0]), u / u.sum()


BYTES_PER_VOTER = 96  # peak of the pmf (scipy's temporaries) and of the suffix sums, measured ~75


def threshold_memory(config: ThresholdConfig) -> int:
    """Estimated peak bytes of :func:`threshold_points`: arrays over the voters and known votes."""
    return BYTES_PER_VOTER * (int(config.voters) + int(config.known))


def ensure_threshold_memory(config: ThresholdConfig, available: Optional[Callable[[], Optional[int]]] = None) -> None:
    """Refuse, before any work, a thresholded count whose arrays would not fit in the free memory."""
    from ..io.memory import USABLE_SHARE, available_memory

    free = (available or available_memory)()
    needed = threshold_memory(config)
    if free is not None and needed > USABLE_SHARE * free:
        fits = max(int(USABLE_SHARE * free / BYTES_PER_VOTER) - int(config.known), 0)
        raise InputError(message(N_("--voters {voters:,}: the thresholded count needs about {needed:,.1f} GB of memory "
                                    "but only {free:.1f} GB is free (about {fits:,} voters fit)"),
                                 voters=config.voters, needed=needed / 2**30, free=free / 2**30, fits=fits))


def threshold_points(config: ThresholdConfig, cancel: Optional[CancelToken] = None,
                     on_point: Optional[Callable[[int], None]] = None) -> tuple[ThresholdPoint, ...]:
    """The (eps, delta_active, delta_passive) curve of a thresholded count, one point per epsilon;
    ``on_point(i)`` after the i-th point. The unknown votes' pmf is computed once for all epsilons."""
    if cancel is not None:
        cancel.raise_if_cancelled()
    # exact zeros far from the mean change no sum (the cdf is 0 before the support, 1 after it):
    # u holds the support only and, with t counted from its offset, the released outcomes are
    # t >= T - offset - b
    offset, u = support_pmf(config.voters - 1 - config.known, config.p, cancel)
    points = []
    for number, epsilon in enumerate(config.epsilons, start=1):
        if cancel is not None:
            cancel.raise_if_cancelled()
        deltas = _deltas(u, config.threshold - offset, config.known, epsilon)
        active, worst = active_delta(deltas)
        points.append(ThresholdPoint(epsilon=float(epsilon), delta_active=active,
                                     delta_passive=passive_delta(deltas, config.known, config.p, cancel),
                                     worst_known_yes=worst))
        if on_point is not None:
            on_point(number)
    return tuple(points)
