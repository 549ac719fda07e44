"""The verdict a suggestion would get: the suggestion made a scenario (a recode per QID above
level 0, then record suppression of the records in groups smaller than k, as the window turns
it into one), the attacks run on its data and judged by the analysis's thresholds
(engine/outcome/verdict.py; docs/methods.md, "Suggested release")."""

from __future__ import annotations

from typing import Callable, Optional, Sequence

from ..analysis.config import AnalysisConfig, DataSource, ReportOptions, Roles, SubsetFamily, Thresholds
from ..io.encode import EncodedTable
from ..foundation.progress import CancelToken, ProgressCallback
from ..outcome.results import Assessment
from ..outcome.verdict import Verdict, verdict
from .suggest import Suggestion
from .transforms import HierarchySpec, Recode, RecordSuppression, Scenario, apply_scenario


def suggestion_scenario(suggestion: Suggestion, specs: dict[str, HierarchySpec], name: str) -> Optional[Scenario]:
    """The suggestion's best levels as a scenario (None when no combination meets the target):
    a recode per QID above level 0, then record suppression when records are suppressed (the
    suggestion blanks their QIDs; removing them keeps the attacks from treating them as one group)."""
    best = suggestion.best
    if best is None:
        return None
    steps: list = [Recode(q, level, specs[q]) for q, level in zip(suggestion.qids, best.levels) if level > 0]
    if best.suppressed_records:
        steps.append(RecordSuppression(suggestion.target.k, suggestion.target.max_suppression))
    return Scenario(name, tuple(steps))


def scenario_assessment(table: EncodedTable, source: DataSource, qids: Sequence[str], sensitive: Sequence[str],
                        scenario: Scenario, limits: Thresholds, *, assess: Callable[..., Assessment],
                        on_progress: Optional[ProgressCallback] = None,
                        cancel: Optional[CancelToken] = None) -> Assessment:
    """The attacks on ``scenario``'s data: the full set of ``qids`` and certain inference of
    ``sensitive``, by ``assess`` (:func:`engine.assessment.run.run_assessment`) on the transformed ``table``
    (read from ``source``), with ``limits`` as the analysis's thresholds. Every measure the
    verdict judges grows as QIDs are added (a finer partition), so the full set is the worst
    subset and sweeping the others would not change the verdict (docs/methods.md, "Verdict");
    a lattice of 20 QIDs would have a million of them."""
    transformed = apply_scenario(table, qids, scenario, cancel)
    kept = tuple(q for q in qids if q not in transformed.dropped)
    config = AnalysisConfig(data=source, roles=Roles(quasi_identifiers=kept, sensitive=tuple(sensitive)),
                            subsets=SubsetFamily("exact"), report=ReportOptions(thresholds=limits), jobs=1)
    return assess(config, table=transformed.table, on_progress=on_progress, cancel=cancel)


def scenario_verdict(table: EncodedTable, source: DataSource, qids: Sequence[str], sensitive: Sequence[str],
                     scenario: Scenario, limits: Thresholds, *, assess: Callable[..., Assessment],
                     on_progress: Optional[ProgressCallback] = None,
                     cancel: Optional[CancelToken] = None) -> Verdict:
    """The verdict of ``scenario``'s data (:func:`scenario_assessment`) under ``limits``."""
    return verdict(scenario_assessment(table, source, qids, sensitive, scenario, limits, assess=assess,
                                       on_progress=on_progress, cancel=cancel), limits)
