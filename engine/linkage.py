"""Linked releases (DESIGN.md, "Attacks across releases"; Nunes 2021, ch. 5).

The focal release D1 is left-joined with each later release on a persistent key, in order.
Records only in later releases are dropped; a focal record absent from a later release gets
a missing value there, an ordinary value for the partition. QIDs are labelled per release
(``age@2019``); the sensitive attribute comes from the focal release. The join works on
Arrow key arrays and integer codes: ``index_in`` maps each focal key to its row in the later
release, and the release's codes are gathered through that map.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Sequence

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from .config import AnalysisConfig, DataSource, split_label
from .errors import InputError
from .io.encode import (EncodedColumn, EncodedTable, encode_arrow_table, encode_column, file_sha256,
                        smallest_uint)
from .io.formats import list_columns, read_columns
from .progress import CancelToken
from .results import LinkedRelease


def labelled(column: str, label: str) -> str:
    return f"{column}@{label}"


@dataclass(frozen=True)
class LinkedData:
    """The focal table (plain names), the aggregate (labelled QIDs, focal sensitive values),
    the labelled QIDs in order with their release label, and what each release contributed."""

    focal: EncodedTable
    aggregate: EncodedTable
    qids: tuple[tuple[str, str], ...]   # (labelled name, release label)
    releases: tuple[LinkedRelease, ...]


def resolve_qids(names: Sequence[str], labels: Sequence[str], columns: dict[str, list[str]],
                 files: dict[str, str]) -> list[tuple[str, str, str]]:
    """(labelled name, label, column) per QID: a labelled name picks one release; a plain
    name is taken from every release that has the column (thesis Example 20)."""
    out: list[tuple[str, str, str]] = []
    for name in names:
        column, label = split_label(name, tuple(labels))
        if label is not None:
            if column not in columns[label]:
                raise InputError(f"{files[label]}: no column {column!r} for the QID {name!r}")
            picks = [label]
        else:
            picks = [lab for lab in labels if column in columns[lab]]
            if not picks:
                raise InputError(f"QID {name!r}: no release has a column of that name "
                                 f"({', '.join(files[lab] for lab in labels)})")
        for lab in picks:
            entry = (labelled(column, lab), lab, column)
            if entry not in out:
                out.append(entry)
    return out


def resolve_target_column(name: str, focal_label: str, labels: Sequence[str], columns: dict[str, list[str]],
                          files: dict[str, str]) -> tuple[str, str, str]:
    """A target's column: a labelled name picks its release; a plain name is the focal column."""
    column, label = split_label(name, tuple(labels))
    label = label or focal_label
    if column not in columns[label]:
        raise InputError(f"{files[label]}: target column {column!r} does not exist")
    return labelled(column, label), label, column


def _keyed(source: DataSource, key: str, columns: Sequence[str], duplicates: str) -> tuple[pa.Table, int]:
    """Read ``key`` and ``columns``; refuse missing keys; refuse or drop duplicate keys."""
    name = Path(source.path).name
    wanted = list(dict.fromkeys([key] + list(columns)))
    table = read_columns(source, wanted)
    keys = table.column(key)
    if keys.null_count:
        raise InputError(f"{name}: linkage key {key!r} is missing in {keys.null_count:,} row(s); "
                         f"every record needs its key to be linked")
    distinct = pc.unique(keys)
    dropped = 0
    if len(distinct) < len(keys):
        if duplicates != "first":
            counts = pc.value_counts(keys)
            repeated = counts.filter(pc.greater(counts.field("counts"), 1))
            example = repeated.field("values")[0].as_py()
            raise InputError(f"{name}: linkage key {key!r} has {len(keys) - len(distinct):,} duplicate "
                             f"value(s), e.g. {example!r}; fix the file or keep each key's first record")
        codes = pc.index_in(keys, value_set=distinct).to_numpy(zero_copy_only=False)
        first = np.sort(np.unique(codes, return_index=True)[1])
        dropped = len(keys) - len(first)
        table = table.take(pa.array(first))
    return table, dropped


def _common_keys(focal: pa.ChunkedArray, other: pa.ChunkedArray) -> tuple[pa.ChunkedArray, pa.ChunkedArray]:
    if focal.type == other.type:
        return focal, other
    if pa.types.is_integer(focal.type) and pa.types.is_integer(other.type):
        return focal.cast(pa.int64()), other.cast(pa.int64())
    return focal.cast(pa.string()), other.cast(pa.string())


def _joined_column(name: str, column: EncodedColumn, rows: np.ndarray) -> EncodedColumn:
    """The release's column seen from the focal records: ``rows[i]`` is the release row of
    focal record i, -1 when absent (then the value is missing)."""
    labels, missing = column.labels, column.missing_code
    absent = rows < 0
    if absent.any() and missing is None:
        labels = pa.concat_arrays([labels, pa.nulls(1, labels.type)])
        missing = len(labels) - 1
    codes = column.codes[np.where(absent, 0, rows)] if len(column.codes) else np.zeros(len(rows), np.int64)
    codes = np.where(absent, missing if missing is not None else 0, codes)
    return EncodedColumn(name=name, codes=codes.astype(smallest_uint(len(labels))), labels=labels,
                         missing_code=missing, kind=column.kind)


def load_linked(config: AnalysisConfig, cancel: Optional[CancelToken] = None) -> LinkedData:
    """Read the focal and later releases and build the aggregate table."""
    cancel = cancel or CancelToken()
    link = config.linkage
    sources = {link.focal_label: config.data, **{r.label: r.data for r in link.releases}}
    keys = {link.focal_label: link.key, **{r.label: r.key or link.key for r in link.releases}}
    files = {label: Path(s.path).name for label, s in sources.items()}
    columns = {label: list_columns(s) for label, s in sources.items()}
    for label, key in keys.items():
        if key not in columns[label]:
            raise InputError(f"{files[label]}: no linkage key column {key!r} "
                             f"(columns: {', '.join(map(repr, columns[label][:12]))})")
    qids = resolve_qids(config.roles.quasi_identifiers, link.labels, columns, files)
    target_cols = [resolve_target_column(c, link.focal_label, link.labels, columns, files)
                   for t in config.targets for c in t.columns]

    focal_needed = [c for _, lab, c in qids + target_cols if lab == link.focal_label]
    focal_needed += [s for s in config.roles.sensitive]
    focal_arrow, focal_dropped = _keyed(config.data, link.key, focal_needed, link.duplicates)
    if focal_arrow.num_rows == 0:
        raise InputError(f"{files[link.focal_label]}: no data rows")
    focal_path = config.data.path
    focal = encode_arrow_table(focal_arrow, name=files[link.focal_label], path=focal_path,
                               sha256=file_sha256(focal_path), skip=(link.key,) if link.key not in focal_needed else ())
    focal_keys = focal_arrow.column(link.key)
    aggregate: dict[str, EncodedColumn] = {}
    for name, label, column in qids + target_cols:
        if label == link.focal_label and name not in aggregate:
            aggregate[name] = _relabel(focal[column], name)
    releases = [LinkedRelease(label=link.focal_label, name=files[link.focal_label],
                              sha256=focal.sha256, rows=focal.n_rows + focal_dropped, key=link.key,
                              linked=focal.n_rows, duplicates_dropped=focal_dropped)]
    for release in link.releases:
        cancel.raise_if_cancelled()
        label = release.label
        needed = list(dict.fromkeys(c for _, lab, c in qids + target_cols if lab == label))
        arrow, dropped = _keyed(release.data, keys[label], needed, link.duplicates)
        left, right = _common_keys(focal_keys, arrow.column(keys[label]))
        rows = pc.fill_null(pc.index_in(left, value_set=right), -1).to_numpy().astype(np.int64)
        for column in needed:
            encoded = encode_column(column, arrow.column(column))
            aggregate[labelled(column, label)] = _joined_column(labelled(column, label), encoded, rows)
        releases.append(LinkedRelease(label=label, name=files[label], sha256=file_sha256(release.data.path),
                                      rows=arrow.num_rows + dropped, key=keys[label],
                                      linked=int((rows >= 0).sum()), duplicates_dropped=dropped))
    for s in config.roles.sensitive:
        aggregate[s] = focal[s]
    table = EncodedTable(name=focal.name, path=focal.path, sha256=focal.sha256, n_rows=focal.n_rows,
                         columns=aggregate, warnings=focal.warnings)
    return LinkedData(focal=focal, aggregate=table, qids=tuple((n, lab) for n, lab, _ in qids),
                      releases=tuple(releases))


def _relabel(column: EncodedColumn, name: str) -> EncodedColumn:
    return EncodedColumn(name=name, codes=column.codes, labels=column.labels,
                         missing_code=column.missing_code, kind=column.kind)
