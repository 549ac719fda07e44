"""Counts of QID subsets kept between runs of one window (docs/methods.md, "QID-subset sweep").

A subset's count vector depends only on the codes of its QID columns and of the sensitive
columns (CRS and CAS counts are whole numbers, the same whichever walk computed them). A
:class:`SweepMemo` therefore keeps each vector under the content of the columns it was
computed from (a BLAKE2 digest of their codes), so a re-run with other thresholds, targets
or report options sweeps nothing, and a run with a QID added or removed sweeps only the
subsets it has not seen. With privacy models the levels are floating-point sums whose order
follows the walk, so the memo answers only when every subset is known and otherwise sweeps
the whole family again: the numbers are always those of a fresh run.

The memo is used only where :func:`remembering` has made it active (the window's runs,
:mod:`engine.assessment.session_cache`); the command line sweeps every subset each time.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Callable, Iterator, Optional

import numpy as np

from .lattice import ExplicitFamily, Family
from .runner import SweepCounts
from .walker import SweepData

MAX_SUBSETS = 1 << 16      # larger families are swept without the memo
MAX_VECTORS = 1 << 16      # vectors kept in all, about 25 MB (oldest groups dropped first)

_ACTIVE: ContextVar[Optional["SweepMemo"]] = ContextVar("riskreview_sweep_memo", default=None)


def column_digest(codes: np.ndarray, cardinality: int) -> bytes:
    """A digest of one column's codes (values, dtype and cardinality)."""
    digest = hashlib.blake2b(digest_size=16)
    digest.update(f"{codes.dtype.str}:{len(codes)}:{int(cardinality)}".encode())
    digest.update(memoryview(np.ascontiguousarray(codes)).cast("B"))
    return digest.digest()


def family_subsets(family: Family) -> list[tuple[int, ...]]:
    """Every subset the family reports (QID numbers, ascending), in walk order."""
    found: list[tuple[int, ...]] = []
    stack: list[tuple[int, ...]] = [()]
    while stack:
        prefix = stack.pop()
        if prefix and family.reported(prefix):
            found.append(prefix)
        stack.extend(prefix + (c,) for c in reversed(family.children(prefix)))
    return found


class SweepMemo:
    """Count vectors by (sensitive columns, QID columns) content; thread-safe."""

    def __init__(self, max_vectors: int = MAX_VECTORS) -> None:
        self.max_vectors = max_vectors
        self._groups: OrderedDict[tuple, dict[frozenset[bytes], np.ndarray]] = OrderedDict()
        self._lock = threading.Lock()
        self.swept = 0   # subsets swept through the memo so far (the rest were known)

    def __len__(self) -> int:
        return sum(len(g) for g in self._groups.values())

    def clear(self) -> None:
        with self._lock:
            self._groups.clear()

    def sweep(self, data: SweepData, family: Family,
              run: Callable[[Family], SweepCounts]) -> SweepCounts:
        """The counts of every subset of ``family``: the known ones from the memo, the others
        from ``run`` on a family of just those (all of them with privacy models)."""
        if data.unique_rows is not None or family.total > MAX_SUBSETS:
            return run(family)
        qid_keys = [column_digest(c, k) for c, k in zip(data.qid_codes, data.qid_cards)]
        group_key = (data.n_rows, data.width, data.models, data.model_l,
                     tuple(column_digest(c, k) for c, k in zip(data.sensitive_codes, data.sensitive_cards)))
        subsets = family_subsets(family)
        keys = {s: frozenset(qid_keys[i] for i in s) for s in subsets}
        with self._lock:
            group = self._groups.get(group_key, {})
            known = {s: group[keys[s]] for s in subsets if keys[s] in group}
        missing = [s for s in subsets if s not in known]
        if missing and data.models:
            missing, known = subsets, {}
        if missing:
            fresh = run(family if len(missing) == len(subsets) else ExplicitFamily(len(data.qid_codes), missing))
            with self._lock:
                self.swept += len(fresh.subsets)
            found = dict(zip(fresh.subsets, fresh.counts))
            self._store(group_key, {keys[s]: found[s] for s in missing})
            known.update((s, found[s]) for s in missing)
        ordered = sorted(subsets, key=lambda s: (len(s), s))
        counts = np.array([known[s] for s in ordered], dtype=np.float64).reshape(len(ordered), data.width)
        return SweepCounts(ordered, counts)

    def _store(self, group_key: tuple, vectors: dict[frozenset[bytes], np.ndarray]) -> None:
        with self._lock:
            group = self._groups.setdefault(group_key, {})
            group.update((k, np.array(v, dtype=np.float64)) for k, v in vectors.items())
            self._groups.move_to_end(group_key)
            while len(self._groups) > 1 and len(self) > self.max_vectors:
                self._groups.popitem(last=False)
            if len(self) > self.max_vectors:
                group.clear()


@contextmanager
def remembering(memo: SweepMemo) -> Iterator[SweepMemo]:
    """Make ``memo`` answer the sweeps run in this context (this thread)."""
    token = _ACTIVE.set(memo)
    try:
        yield memo
    finally:
        _ACTIVE.reset(token)


def sweep_counts(data: SweepData, family: Family, run: Callable[[Family], SweepCounts]) -> SweepCounts:
    """``run(family)``, through the active memo when there is one."""
    memo = _ACTIVE.get()
    return run(family) if memo is None else memo.sweep(data, family, run)
