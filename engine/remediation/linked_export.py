"""A scenario's transformed linked releases written to files, only on the analyst's request
(docs/methods.md, "Scenarios").

The main release is written as the scenario's attacks see it: its records (each linkage key's
first record) less those suppressed or sampled out, its columns less the direct identifiers
and the dropped QIDs, the scenario's steps applied. Each linked release is written next to it
(``NAME_LABEL.EXT``) with all its records, its copy of a dropped QID left out and its copy of a
recoded QID coded by the same hierarchy; the linkage keys stay in every file, so that the
files link again and a fresh assessment of them gives the scenario's numbers.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Collection, Optional, Sequence

import pyarrow as pa

from ..foundation.atomic import StagedFiles, staged
from ..analysis.config import AnalysisConfig
from ..foundation.errors import InputError
from ..io.encode import encode_column, file_sha256
from ..io.formats import list_columns, read_columns
from ..attacks.linkage import labelled, load_linked
from ..foundation.progress import CancelToken
from ..outcome.results import Assessment
from .export import check_export_path, formula_columns, with_exports, write_table
from .hierarchy import column_values, level_tables
from .linked import combined_table, focal_qids
from .scenarios import transformed_arrow
from .transforms import Export, Scenario, apply_scenario


def linked_export_paths(path: str | Path, labels: Sequence[str]) -> dict[str, Path]:
    """Each linked release's file beside the main release's ``path``: ``NAME_LABEL.EXT`` (the
    label's characters other than letters, digits, '-' and '.' as '_'; a name already taken
    gets the release's position too).

    >>> {k: v.name for k, v in linked_export_paths("out/census.csv", ["2015", "wave 2", "wave_2"]).items()}
    {'2015': 'census_2015.csv', 'wave 2': 'census_wave_2.csv', 'wave_2': 'census_wave_2_3.csv'}
    """
    path = Path(path)
    out: dict[str, Path] = {}
    for number, label in enumerate(labels, start=1):
        name = f"{path.stem}_{re.sub(r'[^A-Za-z0-9.-]', '_', label)}"
        taken = {p.name for p in out.values()}
        out[label] = path.with_name(name + path.suffix if name + path.suffix not in taken
                                    else f"{name}_{number}{path.suffix}")
    return out


def check_linked_export(config: AnalysisConfig, path: Path, folders: Collection[Path] = ()) -> dict[str, Path]:
    """The linked releases' files for the main release's ``path`` (:func:`linked_export_paths`),
    checked: a .csv or .parquet name in an existing folder, no input file overwritten."""
    paths = linked_export_paths(path, [r.label for r in config.linkage.releases])
    for source in [config.data] + [r.data for r in config.linkage.releases]:
        for file in [path, *paths.values()]:
            check_export_path(file, source.path, folders)
    return paths


def check_linked_requests(config: AnalysisConfig, wanted: dict[str, Path], folders: Collection[Path] = ()
                          ) -> list[Path]:
    """``--export-scenario`` files with linked releases: every file written (each main file and
    its linked releases' files), checked (:func:`check_linked_export`) and all different."""
    everything = [file for path in wanted.values() for file in [path, *check_linked_export(config, path, folders).values()]]
    if len({p.resolve() for p in everything}) < len(everything):
        raise InputError("--export-scenario: two scenarios' linked releases would be written to the same file")
    return everything


def export_linked_scenarios(assessment: Assessment, wanted: dict[str, Path], files: StagedFiles,
                            cancel: Optional[CancelToken] = None) -> Assessment:
    """The linked assessment with each scenario of ``wanted`` written (:func:`export_linked_scenario`)
    and its export recorded in its results and config."""
    config = assessment.config
    written = {name: export_linked_scenario(config, next(s for s in config.scenarios if s.name == name), path,
                                            config.roles.identifiers, cancel, files)
               for name, path in wanted.items()}
    return with_exports(assessment, written)


def export_linked_scenario(config: AnalysisConfig, scenario: Scenario, path: str | Path,
                           leave_out: Sequence[str] = (), cancel: Optional[CancelToken] = None,
                           files: Optional[StagedFiles] = None) -> Scenario:
    """Write ``scenario`` applied to the linked releases of ``config`` (module docstring): the
    main release to ``path``, each linked release beside it, without the columns ``leave_out``
    (the linkage keys excepted); staged in ``files`` or atomically on their own. Returns the
    scenario with its :class:`Export` record (the linked releases' files in ``releases``)."""
    path = Path(path)
    if files is None:
        with staged(cancel) as own:
            return export_linked_scenario(config, scenario, path, leave_out, cancel, own)
    link = config.linkage
    paths = check_linked_export(config, path)
    keys = {link.key} | {r.key for r in link.releases if r.key}
    omitted = set(leave_out) - keys
    main_columns = [c for c in list_columns(config.data) if c not in omitted]
    linked = load_linked(config, cancel, focal_columns=main_columns)
    table, copies = combined_table(linked, config)
    releases = {r.label: read_columns(r.data, cancel=cancel) for r in link.releases}
    originals = {label: {name: encode_column(name, data.column(name)) for name in data.column_names
                         if labelled(name, label) in copies.get(name, ())} for label, data in releases.items()}
    cover = {name: [v for columns in originals.values() if name in columns for v in column_values(columns[name])]
             for name in copies}
    transformed = apply_scenario(table, focal_qids(linked, config), scenario, cancel, copies, cover)
    kept = [c for c in main_columns if c in transformed.table.columns]
    main = transformed_arrow(replace(transformed, table=replace(
        transformed.table, columns={c: transformed.table[c] for c in kept})))
    with files.path(path, private=True) as tmp:
        write_table(main, tmp, check_export_path(path, None))
        written = Export(str(path.absolute()), linked.focal.sha256, file_sha256(tmp),
                         formula_columns=tuple(formula_columns(main)))
    records = []
    for release, info in zip(link.releases, linked.releases[1:]):
        if cancel is not None:
            cancel.raise_if_cancelled()
        data = _transformed_release(releases[release.label], originals[release.label], transformed.dropped,
                                    transformed.recoded, omitted)
        file = paths[release.label]
        with files.path(file, private=True) as tmp:
            write_table(data, tmp, check_export_path(file, None))
            records.append(Export(str(file.absolute()), info.sha256, file_sha256(tmp), release.label,
                                  formula_columns=tuple(formula_columns(data))))
    return replace(scenario, exported=replace(written, releases=tuple(records)))


def _transformed_release(data: pa.Table, copies: dict, dropped: Sequence[str], recoded: dict,
                         omitted: set[str]) -> pa.Table:
    """A linked release's records with its copies of dropped QIDs left out and of recoded QIDs
    coded by the scenario's hierarchy, without the ``omitted`` columns."""
    out = {}
    for name in data.column_names:
        if name in omitted or name in copies and name in dropped:
            continue
        column = data.column(name)
        if name in copies and name in recoded and recoded[name][1] > 0:
            hierarchy, level = recoded[name]
            encoded = copies[name]
            table = level_tables(hierarchy, encoded)[level]
            column = pa.array(list(table.labels), pa.string()).take(pa.array(table.codes[encoded.codes]))
        out[name] = column
    return pa.table(out)
