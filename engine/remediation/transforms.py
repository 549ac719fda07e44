"""Transformations of the loaded data and scenarios (docs/methods.md, "Transformations"): each
step (a frozen dataclass of :mod:`engine.analysis.scenario_steps`, where the ``[[scenario]]`` TOML form is
described) is applied, in order, to the encoded table; the input file is never touched."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping, Optional, Sequence

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..foundation.messages import message
from ..io.encode import EncodedColumn, EncodedTable, encode_column
from ..sweep.partition import partition
from ..foundation.progress import CancelToken
from .hierarchy import (Hierarchy, breaks_hierarchy, column_values, date_hierarchy, interval_hierarchy,
                        level_tables, merge_hierarchy, read_hierarchy, top_bottom_hierarchy, weighted_quantile)
from ..analysis.scenario_steps import (BUILDERS, NUMERIC_STEPS, Drop, Export, HierarchySpec,  # noqa: F401 (re-exported)
                                       LocalSuppression, Pram, Recode, RecordSuppression, Sample, Scenario, Transform,
                                       parse_scenarios, parse_step, scenarios_toml, step_dict, step_faults, with_crosstabs)
from .perturbation import apply_numeric, apply_pram


def build_hierarchy(spec: HierarchySpec, column: EncodedColumn, extra: Sequence[str] = ()) -> Hierarchy:
    """The hierarchy of ``column`` by ``spec``; a built one also covers the values ``extra`` (the
    column's values in linked releases), its quantiles still those of ``column``."""
    p = dict(spec.params)
    name = column.name
    if spec.kind == "hierarchy":
        return read_hierarchy(spec.path, name)
    values = column_values(column)
    values += [v for v in dict.fromkeys(extra) if v not in set(values)]
    if spec.kind == "intervals":
        return interval_hierarchy(name, values, p["widths"], p.get("origin", 0.0))
    if spec.kind == "breaks":
        return breaks_hierarchy(name, values, p["breaks"])
    if spec.kind == "top_bottom":
        bottom = p.get("bottom")
        top = p.get("top")
        if "bottom_quantile" in p:
            bottom = weighted_quantile(column, p["bottom_quantile"])
        if "top_quantile" in p:
            top = weighted_quantile(column, p["top_quantile"])
        return top_bottom_hierarchy(name, values, bottom, top)
    if spec.kind == "dates":
        return date_hierarchy(name, values, p["steps"])
    if spec.kind == "merge":
        return merge_hierarchy(name, values, dict(p["groups"]))
    raise InputError(message(N_("column {column!r}: unknown hierarchy kind {kind!r} (one of {kinds})"), column=name,
                             kind=spec.kind, kinds=", ".join(BUILDERS)))


def read_scenarios(path: str | Path) -> tuple[Scenario, ...]:
    """The ``[[scenario]]`` sections of a TOML file (hierarchy paths relative to its folder)."""
    from ..analysis.config import read_toml
    from ..foundation.input_files import SCENARIO_FILE

    path = Path(path)
    raw = read_toml(path, SCENARIO_FILE)
    if "scenario" not in raw:
        raise InputError(message(N_("{path}: no [[scenario]] section"), path=str(path)))
    return parse_scenarios(raw["scenario"], path.name, path.parent)


# --- applying -------------------------------------------------------------------------------

@dataclass(frozen=True)
class TransformedTable:
    """A scenario's result: the transformed columns (``table``, QIDs after drops in ``qids``),
    the original row number of every kept record, and what was changed."""

    scenario: Scenario
    table: EncodedTable
    rows: np.ndarray
    qids: tuple[str, ...]
    dropped: tuple[str, ...]
    recoded: dict[str, tuple[Hierarchy, int]]
    cells_suppressed: dict[str, int]
    records_removed: int
    records_sampled_out: int
    notes: tuple[str, ...] = field(default=())
    recodes: tuple[tuple[str, Hierarchy, int, str], ...] = ()  # (column, hierarchy, level, column kind) in step order
    pram: tuple = ()  # engine.perturb.pram.PramMatrix of each PRAMed column, in step order
    before_pram: Optional[dict[str, EncodedColumn]] = None  # the QID columns just before PRAM (the attacker's view)
    sampled: float = 1.0  # the share of the records the sampling steps kept (their product)


def _scaled(column: EncodedColumn, factor: float) -> EncodedColumn:
    """A numeric column times ``factor`` > 0 (the codes keep their order; missing stays missing;
    a text column is left for the weight check to name)."""
    if column.kind not in ("integer", "float"):
        return column
    labels = pc.multiply(pc.cast(column.labels, pa.float64(), safe=False), pa.scalar(float(factor)))
    return EncodedColumn(column.name, column.codes, labels, column.missing_code, "float")


def _blank(column: EncodedColumn, mask: np.ndarray) -> EncodedColumn:
    """The column with the values of the records in ``mask`` set to missing."""
    values = column.labels.take(pa.array(column.codes))
    values = pc.if_else(pa.array(mask), pa.scalar(None, values.type), values)
    return encode_column(column.name, values)


def _take_rows(column: EncodedColumn, keep: np.ndarray) -> EncodedColumn:
    return encode_column(column.name, column.labels.take(pa.array(column.codes[keep])))


def blocks(columns: Mapping[str, EncodedColumn], qids: Sequence[str], n_rows: int
           ) -> tuple[np.ndarray, np.ndarray]:
    """(block id of each record, block sizes) of the partition by ``qids``."""
    ids, _, sizes = partition([(columns[q].codes, columns[q].cardinality) for q in qids], n_rows)
    return ids, sizes


def local_suppression(columns: dict[str, EncodedColumn], qids: Sequence[str], n_rows: int, k: int,
                      importance: Sequence[str], cancel: Optional[CancelToken] = None) -> dict[str, int]:
    """Apply :class:`LocalSuppression` in place on ``columns``; returns the cells blanked per QID."""
    listed = [q for q in importance if q in qids]
    rest = sorted((q for q in qids if q not in listed), key=lambda q: -columns[q].cardinality)
    order = rest + listed[::-1]  # blanked first .. blanked last
    blanked = {q: 0 for q in qids}
    while True:
        if cancel is not None:
            cancel.raise_if_cancelled()
        ids, sizes = blocks(columns, qids, n_rows)
        small = sizes[ids] < k
        if not small.any():
            break
        pending = small.copy()
        changed = False
        for q in order:
            column = columns[q]
            present = column.codes != column.missing_code if column.missing_code is not None \
                else np.ones(n_rows, dtype=bool)
            chosen = pending & present
            if chosen.any():
                columns[q] = _blank(column, chosen)
                blanked[q] += int(chosen.sum())
                pending &= ~chosen
                changed = True
        if not changed:
            break
    return blanked


def record_suppression(columns: Mapping[str, EncodedColumn], qids: Sequence[str], n_rows: int, k: int,
                       max_percent: float) -> np.ndarray:
    """The records kept by :class:`RecordSuppression` (a boolean mask)."""
    ids, sizes = blocks(columns, qids, n_rows)
    limit = int(np.floor(max_percent / 100.0 * n_rows + 1e-9))
    small = np.flatnonzero(sizes < k)
    small = small[np.argsort(sizes[small], kind="stable")]
    cumulative = np.cumsum(sizes[small])
    removed = small[cumulative <= limit]
    return ~np.isin(ids, removed)


def apply_scenario(table: EncodedTable, qids: Sequence[str], scenario: Scenario,
                   cancel: Optional[CancelToken] = None,
                   copies: Optional[Mapping[str, Sequence[str]]] = None,
                   cover: Optional[Mapping[str, Sequence[str]]] = None,
                   numeric_qids: Sequence[str] = (), weight: Optional[str] = None) -> TransformedTable:
    """Apply the scenario's steps in order to a copy of ``table`` (whose columns include ``qids``).

    ``copies`` names, per QID, other columns of ``table`` holding the same variable (its
    columns in linked releases): a drop or recode of the QID applies to them too, through one
    hierarchy built on all their values; suppression looks at the blocks of ``qids`` only.
    ``cover`` gives, per QID, more values its built hierarchy covers (each value is coded on its
    own, so this changes nothing else): those of the whole linked release files, to export them.
    Numeric steps change the ``numeric_qids`` columns; PRAM steps (after every step that changes
    categorical values or records) change QID columns, and the columns just before are kept.
    Sampling keeps the people the file stands for: the kept records' sampling ``weight`` (a
    column of ``table``) is multiplied by records before / records kept (docs/methods.md,
    "Transformations")."""
    copies = copies or {}
    cover = cover or {}
    columns = dict(table.columns)
    qids = list(qids)
    rows = np.arange(table.n_rows)
    dropped: list[str] = []
    recoded: dict[str, tuple[Hierarchy, int]] = {}
    recodes: list[tuple[str, Hierarchy, int, str]] = []
    cells = {q: 0 for q in qids}
    removed = sampled_out = 0
    sampled = 1.0
    matrices: list = []
    before_pram: Optional[dict[str, EncodedColumn]] = None
    for fault in step_faults(scenario, qids, numeric_qids):
        raise InputError(fault)
    for number, step in enumerate(scenario.steps, start=1):
        if cancel is not None:
            cancel.raise_if_cancelled()
        n = len(rows)
        if isinstance(step, NUMERIC_STEPS):
            apply_numeric(columns, step)
        elif isinstance(step, Pram):
            if before_pram is None:
                before_pram = {q: columns[q] for q in qids}
            matrices += apply_pram(columns, step)
        elif isinstance(step, Drop):
            qids.remove(step.column)
            dropped.append(step.column)
            for name in (step.column, *copies.get(step.column, ())):
                del columns[name]
        elif isinstance(step, Recode):
            column = columns[step.column]
            shared = copies.get(step.column, ())
            hierarchy = build_hierarchy(step.hierarchy, column, [v for c in shared for v in column_values(columns[c])]
                                        + list(cover.get(step.column, ())))
            if step.level > hierarchy.top:
                raise InputError(message(N_("scenario {scenario!r}, step {step}: column {column!r}: level {level} is "
                                            "above the hierarchy's top level {top}"), scenario=scenario.name,
                                         step=number, column=step.column, level=step.level, top=hierarchy.top))
            if step.level > 0:
                for name in (step.column, *shared):
                    level = level_tables(hierarchy, columns[name])[step.level]
                    labels = pa.array(list(level.labels), pa.string())
                    columns[name] = encode_column(name, labels.take(pa.array(level.codes[columns[name].codes])))
            recoded[step.column] = (hierarchy, step.level)
            recodes.append((step.column, hierarchy, step.level, column.kind))
        elif isinstance(step, LocalSuppression):
            for name, count in local_suppression(columns, qids, n, step.k, step.importance, cancel).items():
                cells[name] += count
        else:
            if isinstance(step, RecordSuppression):
                keep = record_suppression(columns, qids, n, step.k, step.max_percent)
                removed += int(n - keep.sum())
            else:
                size = int(round(step.fraction * n))
                keep = np.zeros(n, dtype=bool)
                keep[np.random.default_rng(step.seed).choice(n, size=size, replace=False)] = True
                sampled_out += n - size
                if size:
                    sampled *= size / n
                    if weight is not None and weight in columns:
                        columns[weight] = _scaled(columns[weight], n / size)
            rows = rows[keep]
            columns = {name: _take_rows(column, keep) for name, column in columns.items()}
    out = EncodedTable(name=table.name, path=table.path, sha256=table.sha256, n_rows=len(rows),
                       columns=columns, warnings=table.warnings)
    return TransformedTable(scenario=scenario, table=out, rows=rows, qids=tuple(qids), dropped=tuple(dropped),
                            recoded=recoded, cells_suppressed={q: c for q, c in cells.items() if q in qids},
                            records_removed=removed, records_sampled_out=sampled_out, recodes=tuple(recodes),
                            pram=tuple(matrices), before_pram=before_pram, sampled=sampled)


