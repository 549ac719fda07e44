"""What the coarsest release of a search reaches, to say what would be feasible when no
combination of levels meets the target (docs/methods.md, "Suggested release").

Raising a level only merges blocks, so the node with every QID at its hierarchy's top level
(QIDs without a hierarchy at level 0) has the fewest, largest blocks of the whole lattice:
its smallest block is the largest k any node reaches without suppression, the records in its
blocks smaller than k are the fewest any node suppresses for k, and the largest k whose
suppression stays within the limit is the largest k any node reaches with that limit.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

import numpy as np

from ..io.encode import EncodedTable
from ..sweep.partition import partition
from .hierarchy import level_tables
from .suggest import SuggestConfig, Suggestion

KEY = "at_full_generalisation"


@dataclass(frozen=True)
class FullGeneralisation:
    """The top node's blocks: ``smallest_block`` (k reachable without suppression),
    ``to_suppress`` (records in blocks smaller than the target k), ``limit`` (records the target
    allows suppressing) and ``largest_k`` (the largest k with at most ``limit`` records suppressed)."""

    records: int
    k: int
    smallest_block: int
    to_suppress: int
    limit: int
    largest_k: int

    @property
    def to_suppress_percent(self) -> float:
        return 100.0 * self.to_suppress / self.records if self.records else 0.0

    @property
    def meets_k(self) -> bool:
        """Whether the top node meets k within the suppression limit (then only the
        thresholds can have failed)."""
        return self.to_suppress <= self.limit

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "to_suppress_percent": round(self.to_suppress_percent, 4)}


def largest_k(sizes: np.ndarray, limit: int) -> int:
    """The largest k with at most ``limit`` records in blocks smaller than k: the largest block
    size s with ``sum(sizes[sizes < s]) <= limit`` (the sizes of the blocks kept)."""
    best = 0
    for s in np.unique(sizes):
        if int(sizes[sizes < s].sum()) <= limit:
            best = int(s)
    return best


def full_generalisation(table: EncodedTable, config: SuggestConfig) -> FullGeneralisation:
    """The blocks of the QIDs at their hierarchies' top levels, against ``config.target``."""
    columns = []
    for q in config.qids:
        top = level_tables(config.hierarchy(q), table[q])[-1]
        columns.append((top.codes[table[q].codes], top.cardinality))
    _, _, sizes = partition(columns, table.n_rows)
    sizes = np.asarray(sizes, dtype=np.int64)
    sizes = sizes[sizes > 0]
    k = config.target.k
    limit = config.target.limit(table.n_rows)
    return FullGeneralisation(records=table.n_rows, k=k, smallest_block=int(sizes.min()) if sizes.size else 0,
                              to_suppress=int(sizes[sizes < k].sum()), limit=limit,
                              largest_k=largest_k(sizes, limit))


def with_full_generalisation(suggestion: Suggestion, table: EncodedTable, config: SuggestConfig) -> Suggestion:
    """``suggestion`` with the top node's facts in ``extra[KEY]`` when nothing met the target."""
    if suggestion.best is not None:
        return suggestion
    facts = full_generalisation(table, config)
    return replace(suggestion, extra={**suggestion.extra, KEY: facts.to_dict()})


def from_suggestion(suggestion: Suggestion) -> FullGeneralisation | None:
    """The facts :func:`with_full_generalisation` put in ``suggestion`` (None without them)."""
    facts = dict(suggestion.extra.get(KEY) or {})
    facts.pop("to_suppress_percent", None)
    return FullGeneralisation(**facts) if facts else None


def _records(n: int) -> str:
    return f"{n:,} record" if n == 1 else f"{n:,} records"


def summary(facts: FullGeneralisation) -> str:
    """One English sentence for the terminal: what full generalisation reaches."""
    if facts.meets_k:
        return (f"at full generalisation k={facts.k} is met with {_records(facts.to_suppress)} suppressed: the "
                f"analysis thresholds are what no combination meets")
    return (f"at full generalisation the smallest group holds {_records(facts.smallest_block)} "
            f"(k={facts.smallest_block} without suppression); k={facts.k} would need {_records(facts.to_suppress)} "
            f"suppressed ({facts.to_suppress_percent:.2f}%, the limit allows {facts.limit:,}); the largest k within "
            f"the limit is {facts.largest_k}")
