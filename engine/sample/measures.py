"""All sample-file measures of one table: the design columns checked, individual and
household risk, population uniqueness, special uniques and the expected re-identifications
of the top subsets (docs/methods.md, "Sample files").

Missing values: a missing value is a value of its own on every key variable (as in the
sweep); sdcMicro's alternative, a missing value that matches any value, is not offered.
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np

from ..analysis.config import AnalysisConfig
from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..foundation.messages import message
from ..io.encode import EncodedColumn, EncodedTable, first_non_number
from ..io.numbers import float_values, label_numbers
from ..foundation.progress import CancelToken, ProgressCallback, ProgressReporter
from ..outcome.results import ReidentificationRisk
from ..outcome.selection import top_by_size
from .household import household_risk
from .individual_risk import key_risk, record_risk
from .keys import key_ids
from ..outcome.sample_results import PopulationUniqueness, RiskBins, RiskSummary, SampleRisk, SubsetExpected
from .suda import special_uniques

RISK_EDGES = (0.0, 1e-5, 1e-4, 1e-3, 0.01, 0.05, 0.1, 0.2, 0.5, 1.0)


_KIND_WORDS = {"boolean": N_("boolean"), "date/time": N_("date/time"), "text": N_("text")}


def weight_values(column: EncodedColumn, table: str) -> np.ndarray:
    """The sampling weights, one per record; a value that is not a number, a missing, zero,
    negative or infinite value is an :class:`InputError` naming the column, the value and the
    first row (1-based) holding it. A text column whose values are all numbers written otherwise
    than plainly (``010``, ``2.50``) gives their numbers (:func:`engine.io.numbers.label_numbers`)."""
    numbers = label_numbers(column.labels) if column.kind in ("integer", "float", "text") else None
    if numbers is None:
        found = first_non_number(column) if column.kind == "text" else None
        if found is not None:
            raise InputError(message(N_("{file}: weight column {column!r} has {value!r} in row {row}; sampling "
                                        "weights must be numbers"), file=table, column=column.name,
                                     value=found[1], row=found[0]))
        kind = message(_KIND_WORDS[column.kind]) if column.kind in _KIND_WORDS else column.kind
        raise InputError(message(N_("{file}: weight column {column!r} is {kind}, not a number (e.g. {example!r})"),
                                 file=table, column=column.name, kind=kind, example=column.label_text(0)))
    if column.missing_code is not None:
        row = int(np.flatnonzero(column.codes == column.missing_code)[0]) + 1
        raise InputError(message(N_("{file}: weight column {column!r} has a missing value in row {row}"), file=table,
                                 column=column.name, row=row))
    labels = float_values(numbers)   # as numpy's astype would
    bad = np.flatnonzero(~(labels > 0) | ~np.isfinite(labels))
    if bad.size:
        row = int(np.flatnonzero(np.isin(column.codes, bad))[0])
        code = int(column.codes[row])
        text = (N_("{file}: weight column {column!r} has {value} in row {row}; sampling weights must be greater "
                   "than 0") if np.isfinite(labels[code]) else
                N_("{file}: weight column {column!r} has {value} in row {row}; sampling weights must be finite "
                   "numbers"))
        raise InputError(message(text, file=table, column=column.name, value=column.label_text(code), row=row + 1))
    weights = labels[column.codes]
    with np.errstate(over="ignore"):
        total = weights.sum()
    if not np.isfinite(total):
        raise InputError(message(N_("{file}: the weights in column {column!r} sum to more than {limit:.3g}, the "
                                    "largest number held here; give them in a larger unit (e.g. thousands of "
                                    "people)"), file=table, column=column.name, limit=np.finfo(np.float64).max))
    return weights


def weight_warnings(weights: np.ndarray, column: str, table: str, fraction: Optional[float] = None) -> list[str]:
    """Warnings on weights that say a record stands for less than itself: weights below 1
    (count, first row) and, when their sum (the population estimate N) is below the n
    records, that the sampling fraction n / N, above 1, is taken as 1; with a sampling
    ``fraction`` given, that its population n / fraction is not the weights' sum (more than 1%
    apart), so that two population sizes are in use (docs/methods.md, "Sample files")."""
    out = []
    small = np.flatnonzero(weights < 1.0)
    if small.size:
        out.append(message(N_("{file}: {count:,} record(s) have a weight below 1 in column {column!r} (first in row "
                              "{row}): each record stands for at least itself in the population, so such a key's "
                              "population is taken as no smaller than its sample"), file=table, count=small.size,
                           column=column, row=int(small[0]) + 1))
    total, n = float(weights.sum()), weights.size
    if fraction is not None and abs(n / fraction - total) > 0.01 * total:
        out.append(message(N_("{file}: the sampling fraction {fraction:.6g} makes a population of {given:,.0f}, but the "
                              "weights in column {column!r} sum to {total:,.0f}: the population-uniqueness models use "
                              "the fraction, the individual risk and the expected re-identifications the weights"),
                           file=table, fraction=fraction, given=n / fraction, column=column, total=total))
    if total < n and fraction is None:
        out.append(message(N_("{file}: the weights in column {column!r} sum to {total:,.6g}, fewer than the {n:,} "
                              "records: the sampling fraction n / sum of the weights would be {fraction:.6g} and is "
                              "taken as 1 (the file as its own population)"), file=table, column=column, total=total,
                           n=n, fraction=n / total))
    return out


def household_ids(column: EncodedColumn, table: str) -> np.ndarray:
    """The household id codes; a missing id is an :class:`InputError` naming the first row."""
    if column.missing_code is not None:
        missing = np.flatnonzero(column.codes == column.missing_code)
        raise InputError(message(N_("{file}: household column {column!r} is missing in {count:,} row(s), first in "
                                    "row {row}; every record needs a household id"), file=table, column=column.name,
                                 count=missing.size, row=int(missing[0]) + 1))
    return column.codes.astype(np.int64)


def _band_records(risk: np.ndarray, records: np.ndarray, edges: np.ndarray) -> np.ndarray:
    """Records per band (edges[j-1], edges[j]] (band 0: r <= edges[0]; last: r > edges[-1])."""
    bands = np.searchsorted(edges, risk)
    return np.bincount(bands, weights=records, minlength=edges.shape[0] + 1).astype(np.int64)


def weighted_total(values: np.ndarray, records: Optional[np.ndarray] = None) -> float:
    """sum_i values_i records_i (records 1 when None), summed by numpy (pairwise), not by BLAS:
    BLAS splits the sum among its threads, so that its last digits depend on the machine's
    number of CPUs, and its idle threads then spin on the other core."""
    values = np.asarray(values, np.float64)
    return float(np.add.reduce(values if records is None else values * np.asarray(records, np.int64)))


def summarise(risk: np.ndarray, thresholds: Sequence[float], records: Optional[np.ndarray] = None) -> RiskSummary:
    """Mean, maximum, expected re-identifications (sum) and records above each threshold, of
    per-record risks, or of distinct risks held by ``records`` records each (e.g. per key)."""
    total = weighted_total(risk, records)
    records = np.ones(risk.size, np.int64) if records is None else np.asarray(records, np.int64)
    n = int(records.sum())
    edges = np.unique(np.asarray(thresholds, np.float64))
    bands = _band_records(np.asarray(risk, np.float64), records, edges) if edges.size else np.zeros(1, np.int64)
    above = {float(x): int(bands[j + 1:].sum()) for j, x in enumerate(edges)}
    return RiskSummary(mean=total / n if n else 0.0, maximum=float(risk.max()) if n else 0.0,
                       expected_reidentifications=total, expected_share=total / n if n else 0.0,
                       above_thresholds=tuple((float(x), above[float(x)]) for x in thresholds))


def risk_bins(risk: np.ndarray, records: Optional[np.ndarray] = None) -> RiskBins:
    """Records per risk band (RISK_EDGES; band i holds edges[i] < r <= edges[i+1])."""
    records = np.ones(risk.size, np.int64) if records is None else np.asarray(records, np.int64)
    bands = _band_records(np.asarray(risk, np.float64), records, np.asarray(RISK_EDGES[1:-1]))
    return RiskBins(RISK_EDGES, tuple(int(c) for c in bands))


def population_uniqueness(frequencies: np.ndarray, fraction: float, source: str) -> PopulationUniqueness:
    """Sample uniques and the population-uniqueness models' shares (:mod:`.population`).
    With fraction 1 the file is the population: its uniques are known, no model is fitted."""
    n, c1 = int(frequencies.sum()), int(np.count_nonzero(frequencies == 1))
    size = n / fraction
    if fraction >= 1.0:
        return PopulationUniqueness(c1, c1 / n, 1.0, source, float(n), None, None, None, None, c1 / n)
    from . import population as pop   # scipy's optimisers (0.3 s to import): only a sample's models need them

    hist = pop.ClassHistogram.of(frequencies)
    z, p, s = pop.zayatz(hist, fraction), pop.pitman(hist, fraction), pop.snb(hist, fraction)
    model, value = pop.dankar(fraction, z, p, s)

    def share(x: Optional[float]) -> Optional[float]:
        return None if x is None else x / size

    return PopulationUniqueness(c1, c1 / n, fraction, source, size, share(z), share(p), share(s), model, share(value))


def _key(columns: Sequence[EncodedColumn], n: int, weights: Optional[np.ndarray] = None
         ) -> tuple[np.ndarray, int, np.ndarray, Optional[np.ndarray]]:
    return key_ids([(c.codes, c.cardinality) for c in columns], n, weights)


def expected_by_size(table: EncodedTable, rows: Sequence[ReidentificationRisk], weights: Optional[np.ndarray],
                     cancel: Optional[CancelToken] = None,
                     known: Optional[dict[tuple[str, ...], tuple[np.ndarray, np.ndarray]]] = None
                     ) -> tuple[SubsetExpected, ...]:
    """Per subset size, among the top subsets of the re-identification table (most blocks
    alone and highest mean posterior), the one with the most expected re-identifications.
    ``known``: {subset: (records per key, risk per key)} already computed (the whole key's)."""
    candidates: dict[tuple[str, ...], None] = {}
    for measure in ("posterior_prob", "posterior_det"):
        for row in top_by_size(list(rows), measure, ties=False):
            candidates[row.qids] = None
    entries = []
    for qids in candidates:
        if cancel is not None:
            cancel.raise_if_cancelled()
        if known and qids in known:
            frequencies, per_key = known[qids]
        else:
            _, _, frequencies, sums = _key([table[q] for q in qids], table.n_rows, weights)
            per_key = 1.0 / frequencies if sums is None else key_risk(frequencies, sums)
        total = weighted_total(per_key, frequencies)
        entries.append(SubsetExpected(qids, total, total / table.n_rows, float(per_key.max())))
    return tuple(top_by_size(entries, "expected_reidentifications"))


def sample_risk(table: EncodedTable, config: AnalysisConfig, reid_rows: Sequence[ReidentificationRisk] = (),
                on_progress: Optional[ProgressCallback] = None,
                cancel: Optional[CancelToken] = None) -> SampleRisk:
    """The sample-file measures of ``table`` for the key = every QID (``config.roles``)."""
    cancel = cancel or CancelToken()
    roles, options = config.roles, config.sample
    n = table.n_rows
    weights = weight_values(table[roles.weight], table.name) if roles.weight else None
    warnings = [] if weights is None else weight_warnings(weights, roles.weight, table.name,
                                                          options.sampling_fraction)
    if weights is None and options.sampling_fraction is not None and options.sampling_fraction < 1:
        weights = np.full(n, 1.0 / options.sampling_fraction)   # a simple random sample's design weight
    households = household_ids(table[roles.household], table.name) if roles.household else None
    reporter = ProgressReporter("sample risk", 4, on_progress)
    reporter.update(0, force=True)
    key_columns = [table[q] for q in roles.quasi_identifiers]
    ids, n_keys, frequencies, sums = _key(key_columns, n, weights)
    risk, per_key = record_risk(ids, frequencies, sums)
    del ids
    cancel.raise_if_cancelled()
    reporter.update(1)
    house_risk = house_summary = n_households = None
    if households is not None:
        n_households = table[roles.household].cardinality
        house_risk = household_risk(risk, households, n_households)
        house_summary = summarise(house_risk, options.risk_thresholds)
    reporter.update(2)
    population = float(weights.sum()) if weights is not None else float(n)
    if options.sampling_fraction is not None:
        fraction, source = options.sampling_fraction, "given"
    elif weights is not None:
        fraction, source = min(1.0, n / population), "weights"
    else:
        fraction, source = 1.0, "population"
    uniqueness = population_uniqueness(frequencies, fraction, source)
    cancel.raise_if_cancelled()
    reporter.update(3)
    whole_key = {tuple(roles.quasi_identifiers): (frequencies, per_key)}
    by_size = expected_by_size(table, reid_rows, weights, cancel, whole_key)
    reporter.update(4, force=True)
    suda = None
    if options.suda:
        suda = special_uniques(key_columns, options.suda_max_size, options.dis_fraction, config.jobs,
                               on_progress, cancel)
    return SampleRisk(
        key=tuple(roles.quasi_identifiers), weight=roles.weight, household=roles.household, rows=n,
        population_estimate=population, missing=options.missing,
        individual=summarise(per_key, options.risk_thresholds, frequencies),
        individual_bins=risk_bins(per_key, frequencies),
        population_uniqueness=uniqueness, household_summary=house_summary, households=n_households,
        suda=None if suda is None else suda.summary, expected_by_size=by_size, individual_risk=risk,
        household_risk=house_risk, suda_records=None if suda is None else suda.records, warnings=tuple(warnings))
