"""The engine's plan of how long a run takes, part by part (docs/methods.md, "Run-time estimate").

Each part is the work the engine will do, priced at throughputs measured by
``benchmarks/estimate.py`` on the benchmarks' cases:

- sweep: rows x subsets at the sweep's plan (:func:`engine.api.sweep_plan`: the refinement
  walk or the compiled segments, in one process or on workers), plus the rest of an
  assessment (worst-case histograms, targets, summaries) at ``OTHER_SECONDS_PER_ROW``;
- sample measures: ``SAMPLE_SECONDS`` (population-uniqueness fits, summaries) plus one key
  partition of the rows for the full key and two per QID (the subsets with the most expected
  re-identifications), ``KEY_SECONDS_PER_ROW`` each;
- SUDA: a refinement walk over every subset of at most M key variables, carrying bit masks
  (``SUDA_WALK_FACTOR`` times a plain walk);
- linked releases: the focal release's sweep and the aggregate's sweep over the labelled QIDs
  (a plain QID counts once per release), each later release read and joined at
  ``LINK_SECONDS_PER_ROW``; rows of a later release are taken as the focal release's;
- scenarios: each scenario's assessment over the QIDs it keeps (only the subsets it sweeps
  again when it drops or recodes columns and nothing else: :func:`engine.remediation.scenarios.planned_sweep`),
  plus its transformation, re-encoding and loss measures at ``SCENARIO_SECONDS_PER_ROW``;
- suggest: a range, from one evaluation per level of each QID (the binary searches) to every
  node of the lattice (or the time limit), ``NODE_SECONDS_PER_ROW`` per row each.

A sweep on several threads or worker processes is a range: from every one on a CPU of its own
(the plan's start + work / workers) to all of them sharing one CPU's worth with the machine's
other work (each worker process's start, this process loading the histograms' kernels while it
waits, and the whole work at one process's throughput). The aggregate of linked releases is a range too: its
keys join several releases and are mostly unique after a few QIDs, where the refinement walk
runs up to ``AGGREGATE_SPEEDUP`` times faster than on the census example.

``rate`` (seconds per row-subset of one process, measured by the window on its last sweep)
replaces the sweep's reference throughput when given.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Sequence

from .run import OTHER_SECONDS_PER_ROW, build_family, sweep_plan
from ..sweep.runner import WORKER_START_SECONDS
from ..analysis.config import AnalysisConfig, SubsetFamily
from ..analysis.scenario_steps import Drop
from ..remediation.scenarios import planned_sweep

if TYPE_CHECKING:
    from ..remediation.suggest import SuggestConfig

SAMPLE_SECONDS = 0.05
KEY_SECONDS_PER_ROW = 2e-8
SUDA_WALK_FACTOR = 0.5
LINK_SECONDS_PER_ROW = 5e-7
AGGREGATE_SPEEDUP = 3.0
NODE_SECONDS_PER_ROW = 1e-7
SCENARIO_SECONDS_PER_ROW = 5e-7
LEARNED_RATE_RANGE = 10.0  # a measured rate is kept within this factor of the reference


@dataclass(frozen=True)
class PlanPart:
    """One part of a run: ``name`` (sweep, sample, suda, linked, scenario, suggest) and its
    seconds, or a range [low, high]."""

    name: str
    low: float
    high: float


@dataclass(frozen=True)
class RunPlan:
    """The parts of one run; ``low`` = ``high`` when every part has one figure."""

    parts: tuple[PlanPart, ...]

    @property
    def low(self) -> float:
        return sum(p.low for p in self.parts)

    @property
    def high(self) -> float:
        return sum(p.high for p in self.parts)

    @property
    def is_range(self) -> bool:
        return self.high > self.low * 1.0001


def family_size(family: SubsetFamily, qids: Sequence[str]) -> int:
    """Subsets of ``family`` over ``qids`` (0 when the family does not fit them)."""
    qids = tuple(qids)
    if not qids:
        return 0
    try:
        return build_family(family, qids, list(range(len(qids)))).total
    except (KeyError, ValueError):
        return 0


def _reference(plan, rate: Optional[float]) -> float:
    """Seconds per row-subset of one process: the plan's throughput, or ``rate`` within
    ``LEARNED_RATE_RANGE`` of it."""
    reference = 1.0 / plan.row_subsets_per_second
    if not rate or rate <= 0:
        return reference
    return min(max(rate, reference / LEARNED_RATE_RANGE), reference * LEARNED_RATE_RANGE)


def sweep_seconds(rows: int, subsets: int, jobs: int, models: bool = False, rate: Optional[float] = None) -> float:
    """start + rows x subsets x (seconds per row-subset) / workers + the rest of the assessment
    (the low end of :func:`sweep_range`)."""
    return sweep_range(rows, subsets, jobs, models, rate)[0]


def sweep_range(rows: int, subsets: int, jobs: int, models: bool = False,
                rate: Optional[float] = None) -> tuple[float, float]:
    """(low, high) seconds of a sweep. With one worker both are start + W + rest, with
    W = rows x subsets x (seconds per row-subset); on P workers the low end is
    start + W / P + rest and the high end start + W + rest, plus (P - 1) x (worker start)
    when the workers are processes (the refinement walk's)."""
    if rows <= 0 or subsets <= 0:
        return 0.0, 0.0
    plan = sweep_plan(rows, subsets, jobs, models)
    work = _reference(plan, rate) * rows * subsets
    rest = OTHER_SECONDS_PER_ROW * rows
    low = plan.start_seconds + work / plan.workers + rest
    if plan.workers == 1:
        return low, low
    starts = 0.0 if plan.compiled else (plan.workers - 1) * WORKER_START_SECONDS
    return low, plan.start_seconds + starts + work + rest


def _part(name: str, bounds: tuple[float, float], extra: float = 0.0) -> PlanPart:
    return PlanPart(name, bounds[0] + extra, bounds[1] + extra)


def _sample_parts(config: AnalysisConfig, rows: int, qids: Sequence[str]) -> list[PlanPart]:
    if not config.sample_requested:
        return []
    k = len(qids)
    sample = SAMPLE_SECONDS + KEY_SECONDS_PER_ROW * rows * (2 * k + 1)
    parts = [PlanPart("sample", sample, sample)]
    if config.sample.suda and k:
        size = k if config.sample.suda_max_size is None else min(config.sample.suda_max_size, k)
        subsets = family_size(SubsetFamily("max-size", max_size=size), qids)
        low, high = sweep_range(rows, subsets, config.jobs, models=True)
        parts.append(PlanPart("suda", SUDA_WALK_FACTOR * low, SUDA_WALK_FACTOR * high))
    return parts


def _assessment_parts(config: AnalysisConfig, rows: int, qids: Sequence[str], rate: Optional[float],
                      name: str = "sweep", subsets: Optional[int] = None) -> list[PlanPart]:
    """The sweep (of ``subsets`` subsets when given, else of the family over ``qids``) and sample parts."""
    count = family_size(config.subsets, qids) if subsets is None else subsets
    sweep = sweep_range(rows, count, config.jobs, config.models.enabled, rate)
    return [_part(name, sweep)] + _sample_parts(config, rows, qids)


def _labelled_count(config: AnalysisConfig) -> int:
    labels = config.linkage.labels
    return sum(1 if any(q.endswith("@" + label) for label in labels) else len(labels)
               for q in config.roles.quasi_identifiers)


def plan_assessment(config: AnalysisConfig, rows: int, rate: Optional[float] = None) -> RunPlan:
    """The plan of ``run_assessment(config)`` on a file of ``rows`` records."""
    qids = tuple(config.roles.quasi_identifiers)
    if config.linkage.enabled:
        later = len(config.linkage.releases)
        labelled = tuple(f"q{i}" for i in range(_labelled_count(config)))
        focal = sweep_range(rows, family_size(config.subsets, qids), config.jobs, rate=rate)
        low, high = sweep_range(rows, family_size(config.subsets, labelled), config.jobs, rate=rate)
        link = LINK_SECONDS_PER_ROW * rows * later
        parts = [_part("sweep", focal), _part("linked", (low / AGGREGATE_SPEEDUP, high), link)]
    else:
        parts = _assessment_parts(config, rows, qids, rate)
    for scenario in config.scenarios:
        dropped = {step.column for step in scenario.steps if isinstance(step, Drop)}
        keys = qids if config.subsets.kind == "list" else tuple(q for q in qids if q not in dropped)
        reused = planned_sweep(scenario, config.subsets, qids)
        own = _assessment_parts(config, rows, keys, rate, subsets=reused)
        extra = SCENARIO_SECONDS_PER_ROW * rows
        parts.append(PlanPart("scenario", sum(p.low for p in own) + extra, sum(p.high for p in own) + extra))
    return RunPlan(tuple(parts))


def plan_suggest(rows: int, heights: Sequence[int], max_seconds: Optional[float] = None,
                 thresholds: bool = False) -> RunPlan:
    """A range for a suggestion over QIDs with ``heights`` levels each: at least one binary
    search per QID (log2 of its height, at least 1), at most every node of the lattice (every
    node when the thresholds make the search non-monotone), each node a pass over ``rows``;
    the high end is capped by ``max_seconds``."""
    node = NODE_SECONDS_PER_ROW * max(rows, 1) + 1e-4
    nodes = math.prod(max(h, 1) for h in heights) if heights else 1
    fewest = max(1, sum(max(1, math.ceil(math.log2(max(h, 2)))) for h in heights))
    low = (nodes if thresholds else min(fewest, nodes)) * node
    high = nodes * node
    if max_seconds:
        low, high = min(low, max_seconds), min(high, max_seconds)
    return RunPlan((PlanPart("suggest", low, high),))


def plan_suggestion(config: "SuggestConfig", rows: int) -> RunPlan:
    """:func:`plan_suggest` for a :class:`engine.remediation.suggest.SuggestConfig`."""
    levels = {name: hierarchy.levels for name, hierarchy in config.hierarchies}
    return plan_suggest(rows, [levels.get(q, 1) for q in config.qids], config.max_seconds,
                        config.target.has_thresholds)
