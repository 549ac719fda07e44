"""The entry point of a differential-privacy release analysis shared by the command line and
the GUI: :class:`DPConfig` in, :class:`DPAssessment` out."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Optional

from .. import __version__
from ..analysis.config import DataSource
from ..io.encode import EncodedTable
from ..io.loader import load_table
from ..foundation.progress import CancelToken, Progress, ProgressCallback, ProgressReporter
from ..outcome.results import DatasetInfo
from .config import DPConfig
from .counting import counting_point, default_useful_order, prepare_counting, scenario_warnings
from .results import CountingPoint, DPAssessment, ThresholdPoint
from .threshold import ensure_threshold_memory, threshold_points

STAGE = "dp"


def run_dp_analysis(config: DPConfig, table: Optional[EncodedTable] = None, *,
                    on_progress: Optional[ProgressCallback] = None,
                    cancel: Optional[CancelToken] = None) -> DPAssessment:
    """Evaluate every (scenario, mechanism, epsilon) point and the thresholded-count curve.

    The table is loaded from ``config.data`` unless given. Progress counts points (one per
    scenario, mechanism and epsilon, plus one per threshold epsilon); the cancel token is
    checked between points.
    """
    config.validate()
    if config.threshold is not None:
        ensure_threshold_memory(config.threshold)
    cancel = cancel or CancelToken()
    timings: dict[str, float] = {}
    warnings: list[str] = []
    dataset = None
    counting: list[CountingPoint] = []
    threshold: tuple[ThresholdPoint, ...] = ()
    threshold_eps = len(config.threshold.epsilons) if config.threshold is not None else 0
    total = len(config.scenarios) * len(config.mechanisms) * len(config.epsilons) + threshold_eps
    if config.scenarios:
        start = time.monotonic()
        if table is None:
            if on_progress:
                on_progress(Progress("loading", 0, 1, 0.0, None))
            table = load_table(config.data, config.needed_columns(), cancel)
        timings["load"] = time.monotonic() - start
        dataset = DatasetInfo(table.name, table.sha256, table.n_rows, tuple(config.needed_columns()))
        warnings.extend(table.warnings)
    reporter = ProgressReporter(STAGE, total, on_progress)
    done = 0
    reporter.update(0, force=True)
    start = time.monotonic()
    for number, scenario in enumerate(config.scenarios, start=1):
        cancel.raise_if_cancelled()
        inputs = prepare_counting(table, scenario, f"scenarios[{number}].")
        warnings.extend(scenario_warnings(table.name, inputs))
        for mechanism in config.mechanisms:
            for epsilon in config.epsilons:
                cancel.raise_if_cancelled()
                counting.append(counting_point(inputs, mechanism, epsilon))
                done += 1
                reporter.update(done)
    if config.scenarios:
        timings["counting"] = time.monotonic() - start
    if config.threshold is not None:
        start = time.monotonic()
        cancel.raise_if_cancelled()
        reporter.update(done, force=True)  # the unknown votes' pmf comes first: long for many voters
        base = done
        threshold = threshold_points(config.threshold, cancel, lambda number: reporter.update(base + number))
        done += threshold_eps
        timings["threshold"] = time.monotonic() - start
    reporter.update(done, force=True)
    return DPAssessment(config=config, dataset=dataset, dp=tuple(counting), threshold=threshold,
                        warnings=tuple(dict.fromkeys(warnings)), timings=timings, engine_version=__version__)


@dataclass(frozen=True)
class UsefulValues:
    """The values of a useful attribute in domain order (at most ``limit`` of them), whether
    each is the missing value, and how many values the column has."""

    values: tuple[str, ...]
    missing: tuple[bool, ...]
    cardinality: int


def useful_values(source: DataSource, column: str, cancel: Optional[CancelToken] = None,
                  limit: int = 2000) -> UsefulValues:
    """Read one column and list its values in the order the analysis uses
    (docs/methods.md, "Differential privacy")."""
    encoded = load_table(source, [column], cancel)[column]
    order = [int(code) for code in default_useful_order(encoded)[:limit]]
    return UsefulValues(values=tuple(encoded.label_text(code) for code in order),
                        missing=tuple(code == encoded.missing_code for code in order),
                        cardinality=encoded.cardinality)
