"""The search of a listed lattice for a monotone target (docs/methods.md, "Suggested release").

For lattices of at most :data:`engine.remediation.suggest.LISTED_NODES` nodes, the nodes are listed once (their levels,
their loss bounds, what is known of them) and the search runs in two phases:

1. Nodes by increasing loss bound (then height, then lattice order): each node of unknown
   status is decided by binary search on an upward chain of unknown nodes, every evaluation
   tagging the cone above a node that meets (it meets too) or below one that fails; a node
   known to meet is evaluated for its loss. The phase ends once ``keep`` nodes meeting the
   target are known (the best and the runners-up).
2. Only nodes whose loss bound is at most the ``keep``-th least loss found can still enter
   the result. Among them, nodes known to meet are evaluated by increasing bound; otherwise
   the highest node of unknown status is evaluated (the one with the least bound among
   equals), so that a failure decides as many of them as possible. The search ends when
   every such node is decided and every one that meets was evaluated.

Used when the loss can exceed its bound (entropy with suppression, discernibility). When
no record can be suppressed the loss of a node that meets is its bound, known without the
data, and :meth:`ListedSearch.run_by_bound` takes the nodes in the order of the result; the
height metric with suppression allowed is searched by height (:meth:`ListedSearch.run_by_height`).
"""

from __future__ import annotations

import heapq
import math
import time
from typing import Callable, Optional

import numpy as np

from ..foundation.progress import ProgressReporter
from .suggest_kernels import tag_cone

REPORT_GAP = 0.1
"""Seconds between two counts of the nodes decided for the progress bar."""


class ListedSearch:
    """The state of the search of a listed lattice (see the module docstring).

    ``search`` is the :class:`engine.remediation.suggest._Search` holding the best nodes and
    the clock; ``evaluate(node)`` returns the node's evaluation."""

    def __init__(self, search, evaluate: Callable, reporter: ProgressReporter) -> None:
        self.search = search
        self.evaluate_node = evaluate
        self.reporter = reporter
        heights = np.asarray(search.heights, dtype=np.int64)
        self.heights = heights
        self.total = int(np.prod(heights))
        self.levels = np.ascontiguousarray(
            np.stack(np.unravel_index(np.arange(self.total), tuple(heights)), axis=1).astype(np.int16))
        self.strides = np.array([math.prod(search.heights[i + 1:]) for i in range(len(heights))], dtype=np.int64)
        bound = np.zeros(self.total)
        for column in range(len(heights)):
            parts = np.array([search.lattice.bound_part(column, level) for level in range(heights[column])])
            bound += parts[self.levels[:, column]]
        self.bound = bound
        self.height = self.levels.sum(1, dtype=np.int64)
        self.status = np.zeros(self.total, dtype=np.int8)
        self.evaluated = np.zeros(self.total, dtype=bool)
        self.fresh = np.empty(self.total, dtype=np.int64)
        self.waiting: list[tuple[float, int]] = []  # (bound, number) of nodes known to meet, not evaluated
        self.last_report = time.monotonic()

    def worst(self) -> float:
        return self.search.worst() if self.search.full() else math.inf

    def evaluate(self, number: int) -> Optional[bool]:
        """Evaluate a node and tag its cone; None when the time ran out first."""
        if self.search.out_of_time():
            return None
        node = tuple(int(v) for v in self.levels[number])
        result = self.evaluate_node(node)
        search = self.search
        search.checked += 1
        self.evaluated[number] = True
        if result.meets:
            search.offer(node, result)
        count = tag_cone(self.levels, self.levels[number], self.status, result.meets, 1 if result.meets else -1,
                         self.fresh)
        self.status[number] = 1 if result.meets else -1
        if result.meets and count:
            fresh = self.fresh[:count]
            worst = self.worst()
            for index in fresh[self.bound[fresh] <= worst]:
                if index != number:
                    heapq.heappush(self.waiting, (float(self.bound[index]), int(index)))
        self.report()
        return bool(result.meets)

    def report(self, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self.last_report < REPORT_GAP:
            return
        self.last_report = now
        self.reporter.update(self.decided(), force=force)

    def decided(self) -> int:
        """Nodes met, failed or ruled out by the loss bound: all but those that can still enter
        the result and are not known yet or not evaluated yet."""
        open_ = (self.status == 0) | ((self.status == 1) & ~self.evaluated)
        return self.total - int(np.count_nonzero(open_ & (self.bound <= self.worst())))

    def decide(self, number: int, by_bound: bool = False, upper: bool = False) -> Optional[bool]:
        """Decide an unknown node: binary search on an upward chain of unknown nodes from it.
        The chain takes the first QID whose raised level is unknown and the search the lower
        middle; ``by_bound``: the chain takes the unknown node above with the least loss bound
        (the nodes next in bound order). ``upper`` (for bounds that differ from node to node,
        as entropy's): the search takes the upper middle (a failure high on the chain decides
        more nodes) and, once ``keep`` nodes meeting the target are known, the chain rises no
        further above the ``keep``-th least loss than the node lies below it (a node found to
        meet that high teaches nothing the result needs)."""
        path = [number]
        current = self.levels[number].astype(np.int64)
        at = number
        ceiling = math.inf
        if upper and self.search.full():
            ceiling = 2 * self.worst() - self.bound[number]
        while True:
            step = -1
            for column in range(len(current)):
                if current[column] + 1 < self.heights[column] and self.status[at + self.strides[column]] == 0:
                    if self.bound[at + self.strides[column]] > ceiling:
                        continue
                    if step < 0 or (by_bound and self.bound[at + self.strides[column]]
                                    < self.bound[at + self.strides[step]]):
                        step = column
                    if not by_bound:
                        break
            if step < 0:
                break
            current[step] += 1
            at += int(self.strides[step])
            path.append(at)
        lo, hi = 0, len(path) - 1
        while lo <= hi:
            mid = (lo + hi + 1) // 2 if upper else (lo + hi) // 2
            known = int(self.status[path[mid]])
            if known == 0:
                meets = self.evaluate(path[mid])
                if meets is None:
                    return None
                known = 1 if meets else -1
            if known == 1:
                hi = mid - 1
            else:
                lo = mid + 1
        return bool(self.status[number] == 1)

    def run_by_height(self) -> bool:
        """For a loss equal to its bound: the nodes by height, then in lattice order, each
        unknown one decided by a chain, each one meeting evaluated, those whose bound (made
        non-decreasing in each level) passes the ``keep``-th least loss passed over; the
        nodes decided are those of :func:`engine.remediation.suggest._search_by_height`.
        Returns whether the time ran out."""
        search = self.search
        monotone = np.zeros(self.total)
        for column, parts in enumerate(search.bounds()):
            monotone += np.asarray(parts)[self.levels[:, column]]
        for number in np.lexsort((np.arange(self.total), self.height)):
            if search.full() and monotone[number] > search.worst():
                continue
            number = int(number)
            if self.status[number] == 0 and self.decide(number) is None:
                return True
            if self.status[number] == 1 and not self.evaluated[number] and self.evaluate(number) is None:
                return True
        return False

    def run_by_bound(self, known: Callable, upper: bool) -> bool:
        """For a loss equal to its bound and known without the data for a node that meets
        (``known(node)``: no record is ever suppressed): the nodes by (bound, height, lattice
        order), which is the order of the result, each unknown one decided by
        :meth:`decide` ``by_bound`` (and ``upper``); a node that meets enters the result
        unevaluated. The
        search ends when the next node ranks after the ``keep``-th found. Returns whether the
        time ran out."""
        search = self.search
        status = self.status
        for number in np.lexsort((np.arange(self.total), self.height, self.bound)).tolist():
            if status[number] == -1:
                continue  # known to fail: ranks nowhere
            node = tuple(self.levels[number].tolist())
            if search.full() and (float(self.bound[number]), int(self.height[number]), node) > search.best[-1][0]:
                return False
            if self.status[number] == 0 and self.decide(number, by_bound=True, upper=upper) is None:
                return True
            if self.status[number] == 1 and not self.evaluated[number]:
                search.offer(node, known(node))
                self.evaluated[number] = True
        return False

    def run(self) -> bool:
        """Both phases; returns whether the time ran out."""
        search = self.search
        order = np.lexsort((np.arange(self.total), self.height, self.bound))
        for number in order:
            if search.full():
                break
            number = int(number)
            if self.status[number] == 0 and self.decide(number) is None:
                return True
            if self.status[number] == 1 and not self.evaluated[number]:
                if self.evaluate(number) is None:
                    return True
        if not search.full():
            return False  # every node was decided and every one meeting evaluated
        order = np.lexsort((np.arange(self.total), self.bound, -self.height))
        place = 0
        while True:
            worst = self.worst()
            if self.waiting:
                bound, number = heapq.heappop(self.waiting)
                if bound > worst:
                    self.waiting.clear()
                elif not self.evaluated[number] and self.evaluate(number) is None:
                    return True
                continue
            while place < self.total and (self.status[order[place]] != 0 or self.bound[order[place]] > worst):
                place += 1
            if place == self.total:
                return False
            number = int(order[place])
            if self.evaluate(number) is None:
                return True
