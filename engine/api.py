"""The one entry point shared by the command line and the GUI: config in, Assessment out."""

from __future__ import annotations

import time
from typing import Optional


from . import __version__, model_checks
from .collective import collective_risks
from .config import AnalysisConfig, SubsetFamily
from .errors import InputError
from .histograms import worst_case_histograms
from .individual import target_risk
from .io.encode import EncodedColumn, EncodedTable
from .io.loader import load_table
from .progress import CancelToken, Progress, ProgressCallback
from .results import Assessment, DatasetInfo
from .sweep.lattice import ExplicitFamily, Family, UpToFamily
from .sweep.runner import run_sweep
from .sweep.walker import SweepData


def walk_order(columns: list[EncodedColumn]) -> list[int]:
    """QID positions in walk order: highest cardinality first, so singletons appear early and
    are pruned from the rows carried down the lattice."""
    return sorted(range(len(columns)), key=lambda i: (-columns[i].cardinality, i))


def build_family(family: SubsetFamily, qids: tuple[str, ...], order: list[int]) -> Family:
    """The subset family over walk numbers (walk number j is QID ``qids[order[j]]``)."""
    k = len(qids)
    if family.kind == "all":
        return UpToFamily(k, k)
    if family.kind == "max-size":
        return UpToFamily(k, min(int(family.max_size or k), k))
    if family.kind == "exact":
        return ExplicitFamily(k, [tuple(range(k))])
    walk_number = {qids[i]: j for j, i in enumerate(order)}
    return ExplicitFamily(k, [tuple(walk_number[c] for c in subset) for subset in family.subsets])


def _sensitive_warnings(table: EncodedTable, sensitive: tuple[str, ...]) -> list[str]:
    warnings = []
    for name in sensitive:
        column = table[name]
        if column.cardinality == 1 and column.missing_code is None:
            warnings.append(f"{table.name}: sensitive attribute {name!r} has one value "
                            f"({column.label_text(0)!r}) in every row; it is known without any QID")
    return warnings


def run_assessment(config: AnalysisConfig, *, table: Optional[EncodedTable] = None,
                   on_progress: Optional[ProgressCallback] = None,
                   cancel: Optional[CancelToken] = None) -> Assessment:
    """Load the data (unless ``table`` is given), sweep the QID subsets and attack targets."""
    config.validate()
    cancel = cancel or CancelToken()
    timings: dict[str, float] = {}
    start = time.monotonic()
    if table is None:
        if on_progress:
            on_progress(Progress("loading", 0, 1, 0.0, None))
        table = load_table(config.data, config.needed_columns(), cancel)
    timings["load"] = time.monotonic() - start
    roles = config.roles
    missing = [c for c in config.needed_columns() if c not in table.columns]
    if missing:
        raise InputError(f"{table.name}: column {missing[0]!r} was not loaded")
    qid_columns = [table[q] for q in roles.quasi_identifiers]
    sensitive = [table[s] for s in roles.sensitive]
    order = walk_order(qid_columns)
    family = build_family(config.subsets, roles.quasi_identifiers, order)
    dists = model_checks.distributions(sensitive) if config.models.enabled and sensitive else None
    data = SweepData(
        qid_codes=[qid_columns[i].codes for i in order],
        qid_cards=[qid_columns[i].cardinality for i in order],
        sensitive_codes=[c.codes for c in sensitive],
        sensitive_cards=[c.cardinality for c in sensitive],
        n_rows=table.n_rows,
        distributions=dists,
        model_l=config.models.l,
    )
    cancel.raise_if_cancelled()
    start = time.monotonic()
    counts = run_sweep(data, family, jobs=config.jobs, on_progress=on_progress, cancel=cancel)
    timings["sweep"] = time.monotonic() - start
    start = time.monotonic()
    reid_rows, inference_rows = collective_risks(counts, order, roles.quasi_identifiers, sensitive,
                                                 table.n_rows)
    targets = tuple(target_risk(t, table.columns, sensitive, table.n_rows, table.name)
                    for t in config.targets)
    cancel.raise_if_cancelled()
    histograms = worst_case_histograms(table.columns, reid_rows, inference_rows, sensitive, table.n_rows)
    models, shortfalls = (), ()
    if dists is not None:
        models = tuple(model_checks.model_rows(counts, data, order, roles.quasi_identifiers, sensitive,
                                               config.models))
        shortfalls = tuple(model_checks.shortfalls(table.columns, roles.quasi_identifiers, sensitive, dists,
                                                   config.models, table.n_rows))
    timings["summaries"] = time.monotonic() - start
    return Assessment(
        dataset=DatasetInfo(table.name, table.sha256, table.n_rows, tuple(config.needed_columns())),
        config=config,
        reidentification=tuple(reid_rows),
        inference=tuple(inference_rows),
        targets=targets,
        histograms=tuple(histograms),
        privacy_models=models,
        model_shortfalls=shortfalls,
        warnings=tuple(table.warnings) + tuple(_sensitive_warnings(table, roles.sensitive)),
        timings=timings,
        engine_version=__version__,
    )


