"""Subset families as prefix trees, and their split into tasks for worker processes.

QIDs are numbered 0..k-1 in walk order. A subset is the tuple of its numbers, ascending,
and is reached from its parent (the tuple without its last number), so every subset is
computed by one refinement of an already-computed partition.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from math import comb
from typing import Iterable, Sequence


class Family(ABC):
    """A set of non-empty subsets, seen as a prefix tree rooted at the empty subset."""

    k: int

    @abstractmethod
    def reported(self, prefix: tuple[int, ...]) -> bool:
        """Whether ``prefix`` is one of the family's subsets (not just a way to reach them)."""

    @abstractmethod
    def children(self, prefix: tuple[int, ...]) -> Sequence[int]:
        """The QID numbers that extend ``prefix`` towards the family's subsets."""

    @abstractmethod
    def subtree_size(self, prefix: tuple[int, ...]) -> int:
        """Number of reported subsets in the subtree at ``prefix``, the prefix included."""

    @property
    def total(self) -> int:
        return self.subtree_size(())


@dataclass(frozen=True)
class UpToFamily(Family):
    """Every non-empty subset of at most ``max_size`` of the ``k`` QIDs."""

    k: int
    max_size: int

    def reported(self, prefix: tuple[int, ...]) -> bool:
        return 0 < len(prefix) <= self.max_size

    def children(self, prefix: tuple[int, ...]) -> Sequence[int]:
        if len(prefix) >= self.max_size:
            return ()
        start = prefix[-1] + 1 if prefix else 0
        return range(start, self.k)

    def subtree_size(self, prefix: tuple[int, ...]) -> int:
        free = self.k - (prefix[-1] + 1 if prefix else 0)
        depth = self.max_size - len(prefix)
        size = sum(comb(free, t) for t in range(0, max(depth, -1) + 1))
        return size - (0 if prefix else 1)


class ExplicitFamily(Family):
    """A given list of subsets (each a tuple of QID numbers); intermediate prefixes are walked
    but not reported."""

    def __init__(self, k: int, subsets: Iterable[Sequence[int]]) -> None:
        self.k = k
        self._reported = frozenset(tuple(sorted(s)) for s in subsets if len(s))
        children: dict[tuple[int, ...], set[int]] = {}
        for subset in self._reported:
            for depth in range(len(subset)):
                children.setdefault(subset[:depth], set()).add(subset[depth])
        self._children = {p: tuple(sorted(c)) for p, c in children.items()}
        self._sizes: dict[tuple[int, ...], int] = {}

    def __getstate__(self):
        return {"k": self.k, "subsets": sorted(self._reported)}

    def __setstate__(self, state):
        self.__init__(state["k"], state["subsets"])

    def reported(self, prefix: tuple[int, ...]) -> bool:
        return prefix in self._reported

    def children(self, prefix: tuple[int, ...]) -> Sequence[int]:
        return self._children.get(prefix, ())

    def subtree_size(self, prefix: tuple[int, ...]) -> int:
        if prefix not in self._sizes:
            own = 1 if prefix in self._reported else 0
            self._sizes[prefix] = own + sum(self.subtree_size(prefix + (c,)) for c in self.children(prefix))
        return self._sizes[prefix]


@dataclass(frozen=True, order=True)
class Task:
    """Walk the subtree at ``prefix`` (``descend``) or compute only ``prefix`` itself."""

    prefix: tuple[int, ...]
    descend: bool


def task_size(family: Family, task: Task) -> int:
    if task.descend:
        return family.subtree_size(task.prefix)
    return 1 if family.reported(task.prefix) else 0


def plan_tasks(family: Family, workers: int, per_worker: int = 8) -> list[Task]:
    """Split the tree into tasks, largest first, until there are ``workers * per_worker`` of
    them or the largest holds at most a quarter of one worker's share."""
    tasks = [Task((), True)]
    target = max(1, workers * per_worker)
    limit = max(1, family.total // (4 * max(workers, 1)))
    while len(tasks) < target:
        tasks.sort(key=lambda t: -task_size(family, t))
        largest = tasks[0]
        if not largest.descend or task_size(family, largest) <= limit:
            break
        children = family.children(largest.prefix)
        if not children:
            break
        tasks.pop(0)
        if family.reported(largest.prefix):
            tasks.append(Task(largest.prefix, False))
        tasks.extend(Task(largest.prefix + (c,), True) for c in children)
    tasks = [t for t in tasks if task_size(family, t) > 0]
    tasks.sort(key=lambda t: (-task_size(family, t), t.prefix))
    return tasks


