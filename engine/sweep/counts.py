"""The count vector of one QID subset, by name (docs/methods.md, "QID-subset sweep").

Every sweep engine (refinement walk, segment kernels, cluster) fills one vector per subset:

    [blocks, singletons,
     max_sum(0), constant(0), max_sum(1), constant(1), ...,      # per sensitive attribute
     the nine model levels of attribute 0, of attribute 1, ...]  # with privacy models

``max_sum(s)`` = sum over blocks of max_v s_v(q) (the CAS expected correct guesses),
``constant(s)`` = records in blocks with one value of S (the CAS certain inferences). The
integer constants below are read by the compiled kernels too (numba freezes them).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..formulas.privacy_models import MODEL_FIELDS

BLOCKS = 0
SINGLETONS = 1
FIRST_SENSITIVE = 2          # column of max_sum(0)
PER_SENSITIVE = 2            # max_sum(s), constant(s)

# The segment kernels record single-row blocks apart, per subset: (blocks, blocks of weight 1,
# records), added to the subset and its walked descendants afterwards.
PRUNED_BLOCKS, PRUNED_SINGLETONS, PRUNED_WEIGHT = 0, 1, 2
PRUNED_WIDTH = 3


def max_sum_column(s: int) -> int:
    """Column of sensitive attribute ``s``'s sum over blocks of the largest value count."""
    return FIRST_SENSITIVE + PER_SENSITIVE * s


def constant_column(s: int) -> int:
    """Column of sensitive attribute ``s``'s records in blocks with one value."""
    return FIRST_SENSITIVE + PER_SENSITIVE * s + 1


@dataclass(frozen=True)
class CountLayout:
    """Where each count sits in a subset's vector, for ``n_sensitive`` attributes, with or
    without the privacy-model levels."""

    n_sensitive: int
    models: bool = False

    blocks: int = BLOCKS
    singletons: int = SINGLETONS

    def max_sum(self, s: int) -> int:
        return max_sum_column(s)

    def constant(self, s: int) -> int:
        return constant_column(s)

    def model_levels(self, s: int) -> slice:
        """The nine levels (``MODEL_FIELDS`` order) of sensitive attribute ``s``."""
        start = FIRST_SENSITIVE + PER_SENSITIVE * self.n_sensitive + len(MODEL_FIELDS) * s
        return slice(start, start + len(MODEL_FIELDS))

    @property
    def width(self) -> int:
        """Length of the vector."""
        per_sensitive = PER_SENSITIVE + (len(MODEL_FIELDS) if self.models else 0)
        return FIRST_SENSITIVE + per_sensitive * self.n_sensitive
