"""Privacy models (Sainz-Pardo Diaz & Lopez Garcia 2022, the pycanon library; docs/methods.md,
"Privacy models"): the level a table reaches for QIDs Q and a sensitive attribute S.

Everything is computed from the partition's (block, value, count) triples sorted by block
then value, with q = a value's share in its block and p = its share in the whole table.
Per block: size |q|, alpha = max q, l = distinct values, entropy H = -sum q ln q,
recursive-(c,l) c, t (earth mover's distance to p), basic beta = max over q > p of
(q - p)/p, enhanced-beta feasibility ((q - p)/p <= -ln p for every q > p), and
delta = max over the values present in the block of |ln(q/p)|. The table's level is the
worst block's. Conventions, after pycanon except where noted:

* missing values (QID or sensitive) are values of their own (pycanon drops rows whose QID
  is missing);
* entropy l = exp(min H), a real number (pycanon truncates it to an integer);
* recursive (c,l), published form (Machanavajjhala et al. 2007): counts sorted descending
  r1 >= r2 >= ..., a block satisfies it when r1 < c (r_l + ... + r_m); c is the smallest
  integer that satisfies every block, undefined when a block has fewer than l values
  (pycanon sorts ascending);
* t: ordered distance over the sorted distinct values, |i - j| / (m - 1), for numeric
  attributes (missing sorts last); equal distance (total variation) for categorical ones;
  0 when S has one value;
* enhanced beta, published form (Cao & Karras 2012): the smallest beta with
  (q - p)/p <= min(beta, -ln p) for every q > p; undefined ("not achievable") when some
  (q - p)/p exceeds -ln p (pycanon reports min(basic beta, -ln of the rarest share));
* delta skips values absent from a block, as pycanon does. Every value of S occurs in the
  table (its codes come from the table), so p > 0 and delta is always defined.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np

from .per_record import block_risk


@dataclass(frozen=True)
class TableDistribution:
    """The whole table's distribution p of one sensitive attribute, and for each value v the
    levels of a block holding only v (used for records known to be alone in their block)."""

    p: np.ndarray
    ordered: bool
    single_t: np.ndarray
    single_beta: np.ndarray
    single_delta: np.ndarray
    single_enhanced_ok: np.ndarray

    @classmethod
    def from_counts(cls, value_counts: np.ndarray, ordered: bool) -> "TableDistribution":
        p = value_counts / value_counts.sum()
        values = np.arange(len(p))
        t = block_t(np.arange(len(p)), values, np.ones(len(p)), len(p), p, ordered)
        beta = (1 - p) / p
        return cls(p=p, ordered=ordered, single_t=t, single_beta=beta, single_delta=-np.log(p),
                   single_enhanced_ok=beta <= -np.log(p) + 1e-12)


def _starts(blocks: np.ndarray) -> np.ndarray:
    return np.flatnonzero(np.r_[True, blocks[1:] != blocks[:-1]]) if len(blocks) else np.zeros(0, int)


def block_t(blocks: np.ndarray, values: np.ndarray, q: np.ndarray, n_blocks: int, p: np.ndarray,
            ordered: bool) -> np.ndarray:
    """Per block, the earth mover's distance between its distribution q and p (Li et al. 2007).

    Ordered: (1/(m-1)) sum_i |F_q(i) - F_p(i)|, F the cumulative distributions over the sorted
    values; F_q is constant between the block's present values, so each stretch is summed in
    closed form from prefix sums of F_p. Equal distance: (1/2) sum_i |q_i - p_i|.
    """
    m = len(p)
    if m == 1:
        return np.zeros(n_blocks)
    if not ordered:
        gap = np.abs(q - p[values]) - p[values]
        return 0.5 * (np.bincount(blocks, weights=gap, minlength=n_blocks) + 1.0)
    f_p = np.cumsum(p)
    prefix = np.r_[0.0, np.cumsum(f_p)]

    def stretch(level: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
        cut = np.clip(np.searchsorted(f_p, level, side="left"), lo, hi)
        below = level * (cut - lo) - (prefix[cut] - prefix[lo])
        above = (prefix[hi] - prefix[cut]) - level * (hi - cut)
        return below + above

    starts = _starts(blocks)
    cum_q = np.cumsum(q)
    offset = np.repeat(np.r_[0.0, cum_q[starts[1:] - 1]] if len(starts) else np.zeros(0),
                       np.diff(np.r_[starts, len(blocks)]))
    level = cum_q - offset
    last = np.r_[blocks[1:] != blocks[:-1], True]
    hi = np.where(last, m, np.r_[values[1:], m])
    total = np.bincount(blocks, weights=stretch(level, values, hi), minlength=n_blocks)
    first_values = values[starts]
    total[blocks[starts]] += prefix[first_values]
    return total / (m - 1)


@dataclass(frozen=True)
class BlockLevels:
    """Per-block levels of one sensitive attribute (arrays indexed by block)."""

    sizes: np.ndarray
    block_max: np.ndarray
    alpha: np.ndarray
    distinct: np.ndarray
    entropy: np.ndarray
    c: np.ndarray          # nan where the block has fewer than l distinct values
    t: np.ndarray
    beta: np.ndarray
    enhanced_ok: np.ndarray
    delta: np.ndarray

    @classmethod
    def empty(cls) -> "BlockLevels":
        """No blocks (every record already accounted for as a singleton)."""
        nothing = np.zeros(0)
        return cls(nothing, nothing, nothing, nothing, nothing, nothing, nothing, nothing,
                   np.zeros(0, dtype=bool), nothing)


def block_levels(blocks: np.ndarray, values: np.ndarray, counts: np.ndarray, sizes: np.ndarray,
                 dist: TableDistribution, l: int) -> BlockLevels:
    """Levels of every block from the sorted (block, value, count) triples."""
    n_blocks = len(sizes)
    starts = _starts(blocks)
    q = counts / sizes[blocks]
    p = dist.p[values]
    block_max = np.maximum.reduceat(counts, starts) if len(starts) else np.zeros(0)
    distinct = np.bincount(blocks, minlength=n_blocks)
    entropy = np.bincount(blocks, weights=-q * np.log(q), minlength=n_blocks)
    if l <= 1:
        tail = sizes.astype(float)
    elif l == 2:
        tail = (sizes - block_max).astype(float)
    else:
        order = np.lexsort((-counts, blocks))
        rank = np.arange(len(blocks)) - np.repeat(starts, np.diff(np.r_[starts, len(blocks)]))
        ranked = counts[order]
        tail = np.bincount(blocks[order], weights=ranked * (rank >= l - 1), minlength=n_blocks)
    with np.errstate(divide="ignore", invalid="ignore"):
        c = np.where(distinct >= l, np.floor(block_max / tail) + 1, np.nan)
    gain = (q - p) / p
    rising = q > p
    beta = np.zeros(n_blocks)
    np.maximum.at(beta, blocks[rising], gain[rising])
    ok = np.ones(n_blocks, dtype=bool)
    bad = rising & (gain > -np.log(p) + 1e-12)
    ok[blocks[bad]] = False
    delta = np.maximum.reduceat(np.abs(np.log(q / p)), starts) if len(starts) else np.zeros(0)
    return BlockLevels(sizes=sizes, block_max=block_max, alpha=block_risk(sizes, block_max), distinct=distinct, entropy=entropy, c=c,
                       t=block_t(blocks, values, q, n_blocks, dist.p, dist.ordered), beta=beta,
                       enhanced_ok=ok, delta=delta)


@dataclass(frozen=True)
class Alone:
    """Records known to be alone in their blocks (dropped from the rows a sweep carries):
    how many, the mask of their sensitive values, the table's distribution, and the l of
    recursive (c,l)-diversity."""

    count: int = 0
    values: Optional[np.ndarray] = None
    dist: Optional[TableDistribution] = None
    l: int = 2


def k_anonymity(levels: BlockLevels, alone: Alone) -> float:
    """k = min over blocks of |q| (inf without blocks, 1 with a record alone)."""
    if alone.count:
        return 1.0
    return float(levels.sizes.min()) if len(levels.sizes) else np.inf


def alpha_level(levels: BlockLevels, alone: Alone) -> float:
    """alpha = max over blocks of max_s q(s) (1 with a record alone)."""
    if alone.count:
        return 1.0
    return float(levels.alpha.max()) if len(levels.alpha) else 0.0


def l_diversity(levels: BlockLevels, alone: Alone) -> float:
    """Distinct l = min over blocks of the number of values of S (1 with a record alone)."""
    if alone.count:
        return 1.0
    return float(levels.distinct.min()) if len(levels.distinct) else np.inf


def entropy_l_diversity(levels: BlockLevels, alone: Alone) -> float:
    """Entropy l = exp(min over blocks of -sum q ln q) (1 with a record alone)."""
    h_min = 0.0 if alone.count else (float(levels.entropy.min()) if len(levels.entropy) else np.inf)
    return float(np.exp(h_min))


def recursive_c(levels: BlockLevels, alone: Alone) -> float:
    """Smallest whole c with r1 < c (r_l + ... + r_m) in every block; nan when a block has
    fewer than l values (a record alone does when l > 1)."""
    c = float(np.max(levels.c)) if len(levels.c) and not np.isnan(levels.c).any() else (
        np.nan if len(levels.c) else 1.0)
    if alone.count:
        return np.nan if alone.l > 1 else max(c, 2.0)
    return c


def t_closeness(levels: BlockLevels, alone: Alone) -> float:
    """t = max over blocks of the earth mover's distance to the table's distribution."""
    t = float(levels.t.max()) if len(levels.t) else 0.0
    if alone.count:
        t = max(t, float(alone.dist.single_t[alone.values].max()))
    return t


def basic_beta(levels: BlockLevels, alone: Alone) -> float:
    """Basic beta = max over blocks and values with q > p of (q - p)/p."""
    beta = float(levels.beta.max()) if len(levels.beta) else 0.0
    if alone.count:
        beta = max(beta, float(alone.dist.single_beta[alone.values].max()))
    return beta


def enhanced_beta(levels: BlockLevels, alone: Alone) -> float:
    """Enhanced beta: the basic beta when (q - p)/p <= -ln p for every q > p, else nan."""
    ok = bool(levels.enhanced_ok.all())
    if alone.count:
        ok = ok and bool(alone.dist.single_enhanced_ok[alone.values].all())
    return basic_beta(levels, alone) if ok else np.nan


def delta_disclosure(levels: BlockLevels, alone: Alone) -> float:
    """delta = max over blocks and the values present in them of |ln(q/p)|."""
    delta = float(levels.delta.max()) if len(levels.delta) else 0.0
    if alone.count:
        delta = max(delta, float(alone.dist.single_delta[alone.values].max()))
    return delta


MODELS = {"k": k_anonymity, "alpha": alpha_level, "l": l_diversity, "entropy_l": entropy_l_diversity,
          "c": recursive_c, "t": t_closeness, "beta_basic": basic_beta, "beta_enhanced": enhanced_beta,
          "delta": delta_disclosure}
MODEL_FIELDS = tuple(MODELS)


def table_levels(levels: BlockLevels, pruned: int = 0, pruned_values: np.ndarray | None = None,
                 dist: TableDistribution | None = None, l: int = 2) -> np.ndarray:
    """The table's nine levels (MODEL_FIELDS order; nan where undefined), combining the blocks
    with ``pruned`` records known to be alone in their blocks, whose sensitive values are
    ``pruned_values`` (a mask over the values of S)."""
    alone = Alone(pruned, pruned_values, dist, l)
    return np.array([model(levels, alone) for model in MODELS.values()])
