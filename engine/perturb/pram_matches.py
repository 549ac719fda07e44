"""How often a unique match on the released categorical QIDs is the true record, after PRAM
(docs/methods.md, "Risk after PRAM").

For each record the attacker holds its true QID values (after the scenario's other steps);
where exactly one released record carries those values, the match is unique, and it is right
when that record is the attacker's. Reported: the number of unique matches and the share of
them that are right (the reviewer holds both files and can tell).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class PramMatches:
    unique_matches: int
    right: int

    @property
    def right_share(self) -> float:
        return self.right / self.unique_matches if self.unique_matches else 0.0


def pram_matches(attacker_keys: np.ndarray, released_keys: np.ndarray) -> PramMatches:
    """``attacker_keys`` and ``released_keys``: integer codes of the QID combination per record
    (the same code space)."""
    a = np.asarray(attacker_keys)
    r = np.asarray(released_keys)
    values, first, counts = np.unique(r, return_index=True, return_counts=True)
    pos = np.searchsorted(values, a)
    pos = np.minimum(pos, len(values) - 1)
    found = (values[pos] == a) & (counts[pos] == 1)
    right = found & (first[pos] == np.arange(len(a)))
    return PramMatches(int(found.sum()), int(right.sum()))
