"""A scenario's transformed data written to a file, only on the analyst's request
(docs/methods.md, "Scenarios"): every loaded column except the direct identifiers and the
dropped QIDs, the scenario's steps applied, recoded values as their category text, suppressed
values empty; written atomically, with the SHA-256 of the source and of the file recorded."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Collection, Optional, Sequence

import pyarrow as pa
import pyarrow.compute as pc

from ..foundation.cells import FORMULA_STARTS, formula_like
from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..foundation.messages import message
from ..io.encode import EncodedTable, file_sha256
from ..foundation.progress import CancelToken
from ..foundation.atomic import StagedFiles, check_output_dir, staged
from ..foundation.paths import same_file
from ..outcome.results import Assessment
from .hierarchy import level_tables
from .scenarios import transformed_arrow
from .suggest import SuggestConfig, suppressed_records
from .transforms import Export, Scenario, apply_scenario

WRITE_FORMATS = {".csv": "csv", ".parquet": "parquet", ".pq": "parquet"}


def check_export_path(path: Path, source: Optional[str], folders: Collection[Path] = ()) -> str:
    """The format of an export file name (.csv or .parquet); an existing folder, or one of
    ``folders`` (absolute output folders the run creates, e.g. ``--out``), not the source."""
    fmt = WRITE_FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise InputError(message(N_("{path}: use a .csv or .parquet file name for the transformed data"),
                                 path=str(path)))
    if source and same_file(path, source):
        raise InputError(message(N_("{path}: would overwrite the input file"), path=str(path)))
    if Path(os.path.abspath(path.parent)) not in folders:
        check_output_dir(path.parent)
    return fmt


def export_scenario(table: EncodedTable, qids: Sequence[str], scenario: Scenario, path: str | Path,
                    leave_out: Sequence[str] = (), cancel: Optional[CancelToken] = None,
                    files: Optional[StagedFiles] = None, numeric_qids: Sequence[str] = (),
                    weight: Optional[str] = None) -> Scenario:
    """Write ``scenario`` applied to ``table`` (without the columns ``leave_out``) to ``path``
    (.csv or .parquet), staged in ``files`` or atomically on its own; returns the scenario with
    its :class:`Export` record. After PRAM, its transition matrices go beside the file
    (:func:`pram_matrix_path`), since users of a PRAMed file need them. After sampling, the
    sampling ``weight`` column holds the kept records' scaled weights."""
    path = Path(path)
    if files is None:
        with staged(cancel) as own:
            return export_scenario(table, qids, scenario, path, leave_out, cancel, own, numeric_qids, weight)
    fmt = check_export_path(path, table.path)
    kept = {name: column for name, column in table.columns.items() if name not in set(leave_out)}
    transformed = apply_scenario(replace(table, columns=kept), qids, scenario, cancel,
                                 numeric_qids=[c for c in numeric_qids if c in kept], weight=weight)
    data = transformed_arrow(transformed)
    if transformed.pram:
        with files.path(pram_matrix_path(path)) as tmp:
            write_table(pram_matrix_table(transformed.pram), tmp, "csv")
    with files.path(path, private=True) as tmp:
        write_table(data, tmp, fmt)
    return replace(scenario, exported=Export(str(path.absolute()), table.sha256, file_sha256(tmp),
                                             formula_columns=tuple(formula_columns(data))))


def pram_matrix_path(path: Path) -> Path:
    """Where an exported file's PRAM transition matrices go: ``release.csv`` -> ``release.pram.csv``."""
    return path.with_name(path.stem + ".pram.csv")


def pram_matrix_table(matrices: Sequence) -> pa.Table:
    """The transition matrices in long form: column, from, to, probability (and the count of
    records in the original category)."""
    rows: dict[str, list] = {"column": [], "from": [], "to": [], "probability": [], "original_count": []}
    for m in matrices:
        for i, source in enumerate(m.categories):
            for j, target in enumerate(m.categories):
                rows["column"].append(m.column)
                rows["from"].append(source)
                rows["to"].append(target)
                rows["probability"].append(float(m.matrix[i, j]))
                rows["original_count"].append(m.counts[i])
    return pa.table(rows)


def export_requests(texts: Sequence[str], scenarios: Sequence[Scenario], source: Optional[str],
                    folders: Collection[Path] = ()) -> dict[str, Path]:
    """``--export-scenario NAME=FILE`` options checked: {scenario name: file}; a file may go
    into one of ``folders`` (absolute), output folders the run creates."""
    names = [s.name for s in scenarios]
    wanted: dict[str, Path] = {}
    for text in texts:
        name, sep, file = text.rpartition("=")
        if not sep or not name or not file:
            raise InputError(f"--export-scenario {text!r}: expected NAME=FILE")
        if name not in names:
            raise InputError(f"--export-scenario {name!r}: no such scenario (scenarios: "
                             f"{', '.join(names) if names else 'none'})")
        if name in wanted:
            raise InputError(f"--export-scenario {name!r}: given twice")
        check_export_path(Path(file), source, folders)
        wanted[name] = Path(file)
    if len({p.resolve() for p in wanted.values()}) < len(wanted):
        raise InputError("--export-scenario: two scenarios would be written to the same file")
    return wanted


def export_scenarios(assessment: Assessment, table: EncodedTable, wanted: dict[str, Path], files: StagedFiles,
                     cancel: Optional[CancelToken] = None) -> Assessment:
    """The assessment with each scenario of ``wanted`` written (direct identifiers left out)
    and its export (file, its SHA-256 and the source's) recorded in its results and config."""
    if not wanted:
        return assessment
    roles = assessment.config.roles
    qids = roles.quasi_identifiers
    written = {name: export_scenario(table, qids, next(s for s in assessment.config.scenarios if s.name == name),
                                     path, roles.identifiers, cancel, files, roles.numeric_qids, roles.weight)
               for name, path in wanted.items()}
    return with_exports(assessment, written)


def with_exports(assessment: Assessment, written: dict[str, Scenario]) -> Assessment:
    """The assessment with the export records of the scenarios ``written`` (by name) in its
    config and its scenario results."""
    config = replace(assessment.config, scenarios=tuple(written.get(s.name, s) for s in assessment.config.scenarios))
    results = tuple(replace(r, scenario=replace(r.scenario, exported=written[r.scenario.name].exported))
                    if r.scenario.name in written else r for r in assessment.scenarios)
    return replace(assessment, config=config, scenarios=results)


def transformed_data(data: pa.Table, table: EncodedTable, config: SuggestConfig, levels: tuple[int, ...]) -> pa.Table:
    """All columns of the source with each QID at its level (level > 0: the hierarchy's text)
    and the suppressed records' QIDs missing."""
    suppressed = pa.array(suppressed_records(table, config, levels))
    for column, level in zip(config.qids, levels):
        values = data.column(column).combine_chunks()
        if level > 0:
            encoded = table[column]
            level_table = level_tables(config.hierarchy(column), encoded)[level]
            labels = pa.array(list(level_table.labels), pa.string())
            values = labels.take(pa.array(level_table.codes[encoded.codes]))
        values = pc.if_else(suppressed, pa.scalar(None, values.type), values)
        data = data.set_column(data.schema.get_field_index(column), column, values)
    return data


FORMULA_WARNING = N_("{path}: column(s) {columns} hold text a spreadsheet would run as a formula (kept exactly; "
                     "import the file as text, not by opening it)")


def formula_columns(data: pa.Table) -> list[str]:
    """The text columns of ``data`` with a value a spreadsheet would run as a formula
    (:func:`engine.foundation.cells.formula_like`); exported microdata keep such values exactly."""
    found = []
    for name in data.column_names:
        column = data.column(name)
        if pa.types.is_dictionary(column.type):
            column = pc.cast(column, column.type.value_type)
        if not (pa.types.is_string(column.type) or pa.types.is_large_string(column.type)):
            continue
        starts = [pc.starts_with(column, start) for start in FORMULA_STARTS]
        mask = starts[0]
        for more in starts[1:]:
            mask = pc.or_(mask, more)
        if any(formula_like(v) for v in pc.unique(pc.filter(column, mask)).to_pylist() if v is not None):
            found.append(name)
    return found


def formula_warnings(exports: Sequence[Export]) -> list[str]:
    """One warning per file written with formula-like text (:func:`formula_columns`)."""
    return [message(FORMULA_WARNING, path=e.path, columns=", ".join(map(repr, e.formula_columns)))
            for export in exports for e in (export, *export.releases) if e.formula_columns]


def verify_exports(scenarios: Sequence[Scenario]) -> tuple[Scenario, ...]:
    """The scenarios with each recorded export (an analysis file's ``exported``) checked against
    its file: ``status`` "verified" when the file's SHA-256 is the recorded one, "differs" when
    not, "missing" when there is no such regular file (a record is never taken as fact)."""
    def checked(e: Export) -> Export:
        path = Path(e.path)
        if not path.is_file():
            status = "missing"
        else:
            try:
                status = "verified" if e.sha256 and file_sha256(path) == e.sha256 else "differs"
            except OSError:
                status = "missing"
        return replace(e, status=status, releases=tuple(checked(r) for r in e.releases))

    return tuple(replace(s, exported=checked(s.exported)) if s.exported is not None and not s.exported.status else s
                 for s in scenarios)


def write_table(data: pa.Table, path: Path, fmt: str) -> None:
    if fmt == "parquet":
        import pyarrow.parquet as pq

        pq.write_table(data, path)
    else:
        import pyarrow.csv as pcsv

        pcsv.write_csv(data, path)
