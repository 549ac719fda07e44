"""Linked releases (docs/methods.md, "Linked releases"; Nunes 2021, ch. 5).

The focal release D1 is left-joined with each later release on a persistent key, in order.
Records only in later releases are dropped; a focal record absent from a later release gets
a missing value there, an ordinary value for the partition. QIDs are labelled per release
(``age@2019``); the sensitive attribute comes from the focal release. The join works on
Arrow key arrays and integer codes: ``index_in`` maps each focal key to its row in the later
release, and the release's codes are gathered through that map.

Keys are compared as normalised text, whatever type each file gave them, so that one
person's id matches across formats (docs/methods.md, "Linked releases"): an integer is its
decimal digits; a whole floating-point number below 2**53 is that integer (``7.0`` is ``7``);
text is trimmed, and text made only of digits loses its leading zeros (``" 007"`` is ``7``,
as an all-digit CSV column already reads); any other value is its text as written
(case-sensitive). Two keys of one file that become equal are duplicates. The match rate of
a later release is the share of focal records whose key it holds; a rate below
:data:`LOW_MATCH_RATE`, and above all a rate of 0, is reported as a warning with examples
of the keys on both sides, since unmatched records only add missing values and the release
then seems to add no risk.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Sequence

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ..analysis.config import AnalysisConfig, DataSource, column_problems, split_label
from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..io.encode import (EncodedColumn, EncodedTable, encode_arrow_table, encode_column, file_sha256, is_nested,
                         nested_column_error, smallest_uint)
from ..io.formats import list_columns, read_columns
from ..foundation.messages import message
from ..foundation.progress import CancelToken
from ..outcome.results import LOW_MATCH_RATE, LinkedRelease
from ..analysis.validation import raise_first


KEY_EXAMPLES = 3


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
    warnings: tuple[str, ...] = ()
    matched: tuple[np.ndarray, ...] = ()  # per later release: whether each focal record's key occurs in it


def resolve_qids(names: Sequence[str], labels: Sequence[str],
                 columns: dict[str, list[str]]) -> list[tuple[str, str, str]]:
    """(labelled name, label, column) per QID: a labelled name picks one release; a plain
    name is taken from every release that has the column (thesis Example 20). The columns
    exist (checked first by :func:`engine.analysis.config.column_problems`)."""
    out: list[tuple[str, str, str]] = []
    for name in names:
        column, label = split_label(name, tuple(labels))
        picks = [label] if label is not None else [lab for lab in labels if column in columns[lab]]
        for lab in picks:
            entry = (labelled(column, lab), lab, column)
            if entry not in out:
                out.append(entry)
    return out


def resolve_target_column(name: str, focal_label: str, labels: Sequence[str]) -> tuple[str, str, str]:
    """A target's column: a labelled name picks its release; a plain name is the focal column
    (it exists: checked first by :func:`engine.analysis.config.column_problems`)."""
    column, label = split_label(name, tuple(labels))
    label = label or focal_label
    return labelled(column, label), label, column


def normalised_keys(keys: pa.ChunkedArray) -> pa.ChunkedArray:
    """Keys as the text they are compared by (module docstring).

    >>> normalised_keys(pa.chunked_array([[" 007", "A01", "0"]])).to_pylist()
    ['7', 'A01', '0']
    >>> normalised_keys(pa.chunked_array([[7.0, 2.5, -0.0]])).to_pylist()
    ['7', '2.5', '0']
    """
    if pa.types.is_dictionary(keys.type):
        keys = keys.cast(keys.type.value_type)
    if pa.types.is_integer(keys.type):
        return keys.cast(pa.string())
    if pa.types.is_floating(keys.type):
        keys = keys.cast(pa.float64())
        whole = pc.fill_null(pc.and_(pc.equal(pc.trunc(keys), keys), pc.less(pc.abs(keys), 2.0 ** 53)), False)
        integers = pc.if_else(whole, keys, 0.0).cast(pa.int64()).cast(pa.string())
        return pc.if_else(whole, integers, keys.cast(pa.string()))
    text = pc.utf8_trim_whitespace(keys.cast(pa.string()))
    digits = pc.match_substring_regex(text, r"^[0-9]+$")
    return pc.if_else(digits, pc.replace_substring_regex(text, r"^0+([0-9])", r"\1"), text)


def _own_keys(keys: pa.ChunkedArray) -> pa.ChunkedArray:
    """A file's keys for its duplicate check: integers as they are (their text is unique
    anyway, and integers compare faster), anything else normalised."""
    return keys if pa.types.is_integer(keys.type) else normalised_keys(keys)


def comparable_keys(focal: pa.ChunkedArray, other: pa.ChunkedArray) -> tuple[pa.ChunkedArray, pa.ChunkedArray]:
    """Two files' keys in one type: int64 when both are integers, else normalised text."""
    if pa.types.is_integer(focal.type) and pa.types.is_integer(other.type):
        return focal.cast(pa.int64()), other.cast(pa.int64())
    return normalised_keys(focal), normalised_keys(other)


def _keyed(source: DataSource, key: str, columns: Sequence[str],
           duplicates: str) -> tuple[pa.Table, pa.ChunkedArray, int]:
    """Read ``key`` and ``columns``; refuse missing keys; refuse or drop duplicate keys
    (compared normalised). Returns the table, its keys (:func:`_own_keys`) and the rows dropped."""
    name = Path(source.path).name
    wanted = list(dict.fromkeys([key] + list(columns)))
    table = read_columns(source, wanted)
    raw = table.column(key)
    if raw.null_count:
        raise InputError(message(N_("{file}: linkage key {key!r} is missing in {count:,} row(s); every record needs "
                                    "its key to be linked"), file=name, key=key, count=raw.null_count))
    keys = _own_keys(raw)
    distinct = pc.unique(keys)
    dropped = 0
    if len(distinct) < len(keys):
        if duplicates != "first":
            counts = pc.value_counts(keys)
            repeated = counts.filter(pc.greater(counts.field("counts"), 1))
            example = repeated.field("values")[0].as_py()
            text = (N_("{file}: linkage key {key!r} has {count:,} duplicate value(s), e.g. {example!r}; fix the "
                       "file or keep each key's first record") if len(pc.unique(raw)) < len(raw) else
                    N_("{file}: linkage key {key!r} has {count:,} duplicate value(s) once compared as text without "
                       "spaces and leading zeros, e.g. {example!r}; fix the file or keep each key's first record"))
            raise InputError(message(text, file=name, key=key, count=len(keys) - len(distinct), example=example))
        codes = pc.index_in(keys, value_set=distinct).to_numpy(zero_copy_only=False)
        first = pa.array(np.sort(np.unique(codes, return_index=True)[1]))
        dropped = len(keys) - len(first)
        table, keys = table.take(first), keys.take(first)
    return table, keys, dropped


def match_warnings(release: LinkedRelease, focal_name: str, focal_keys: pa.ChunkedArray,
                   keys: pa.ChunkedArray) -> list[str]:
    """Warnings for a later release: duplicate keys dropped, and a match rate below
    :data:`LOW_MATCH_RATE` (with examples of unmatched focal keys and of the release's keys)."""
    out = []
    if release.duplicates_dropped:
        out.append(message(N_("release {label} ({file}): {count:,} record(s) with a repeated linkage key {key!r} "
                              "dropped (each key's first record kept)"),
                           label=release.label, file=release.name, count=release.duplicates_dropped, key=release.key))
    if release.match_rate >= LOW_MATCH_RATE:
        return out
    unmatched = focal_keys.filter(pc.invert(pc.is_in(focal_keys, value_set=keys)))
    examples = message(N_("focal keys such as {focal_keys} ({focal_file}) against {keys} ({file}); keys are "
                          "compared as text without spaces and leading zeros"),
                       focal_keys=_examples(unmatched), focal_file=focal_name, keys=_examples(keys), file=release.name)
    if release.linked == 0:
        out.append(message(N_("release {label} ({file}): no record of the focal release matched on the linkage "
                              "key {key!r}, so this release adds only missing values and its risk is not "
                              "measured: {examples}"),
                           label=release.label, file=release.name, key=release.key, examples=examples))
    else:
        out.append(message(N_("release {label} ({file}): only {linked:,} of {focal:,} focal records ({rate:.1%}) "
                              "matched on the linkage key {key!r}, below {low:.0%}, so the linked risk may be "
                              "understated: {examples}"),
                           label=release.label, file=release.name, linked=release.linked,
                           focal=release.focal_records, rate=release.match_rate, key=release.key,
                           low=LOW_MATCH_RATE, examples=examples))
    return out


def _examples(keys: pa.ChunkedArray) -> str:
    """The first few distinct keys as the text they are compared by."""
    values = normalised_keys(pc.unique(keys)[:KEY_EXAMPLES]).to_pylist() if len(keys) else []
    return ", ".join(repr(v) for v in values) if values else "none"


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


def load_linked(config: AnalysisConfig, cancel: Optional[CancelToken] = None,
                focal_columns: Sequence[str] = ()) -> LinkedData:
    """Read the focal and later releases and build the aggregate table; ``focal_columns``: more
    columns of the focal release to read into ``focal`` (to export it)."""
    cancel = cancel or CancelToken()
    link = config.linkage
    sources = {link.focal_label: config.data, **{r.label: r.data for r in link.releases}}
    keys = {link.focal_label: link.key, **{r.label: r.key or link.key for r in link.releases}}
    files = {label: Path(s.path).name for label, s in sources.items()}
    columns = {label: list_columns(s) for label, s in sources.items()}
    raise_first(column_problems(config, columns, files))
    qids = resolve_qids(config.roles.quasi_identifiers, link.labels, columns)
    target_cols = [resolve_target_column(c, link.focal_label, link.labels)
                   for t in config.targets for c in t.columns]

    focal_needed = [c for _, lab, c in qids + target_cols if lab == link.focal_label]
    focal_needed += [s for s in config.roles.sensitive] + list(focal_columns)
    focal_arrow, focal_keys, focal_dropped = _keyed(config.data, link.key, focal_needed, link.duplicates)
    if focal_arrow.num_rows == 0:
        raise InputError(message(N_("{file}: no data rows"), file=files[link.focal_label]))
    focal_path = config.data.path
    focal = encode_arrow_table(focal_arrow, name=files[link.focal_label], path=focal_path,
                               sha256=file_sha256(focal_path), skip=(link.key,) if link.key not in focal_needed else ())
    aggregate: dict[str, EncodedColumn] = {}
    matched: list[np.ndarray] = []
    for name, label, column in qids + target_cols:
        if label == link.focal_label and name not in aggregate:
            aggregate[name] = relabel(focal[column], name)
    releases = [LinkedRelease(label=link.focal_label, name=files[link.focal_label],
                              sha256=focal.sha256, rows=focal.n_rows + focal_dropped, key=link.key,
                              linked=focal.n_rows, duplicates_dropped=focal_dropped,
                              focal_records=focal.n_rows)]
    warnings = []
    if focal_dropped:
        warnings.append(message(N_("release {label} ({file}, focal): {count:,} record(s) with a repeated linkage "
                                   "key {key!r} dropped (each key's first record kept)"),
                                label=link.focal_label, file=files[link.focal_label], count=focal_dropped,
                                key=link.key))
    for release in link.releases:
        cancel.raise_if_cancelled()
        label = release.label
        needed = list(dict.fromkeys(c for _, lab, c in qids + target_cols if lab == label))
        arrow, release_keys, dropped = _keyed(release.data, keys[label], needed, link.duplicates)
        left, right = comparable_keys(focal_keys, release_keys)
        rows = pc.fill_null(pc.index_in(left, value_set=right), -1).to_numpy().astype(np.int64)
        matched.append(rows >= 0)
        for column in needed:
            if is_nested(arrow.column(column).type):
                raise nested_column_error(Path(release.data.path).name, column, arrow.column(column).type)
            encoded = encode_column(column, arrow.column(column))
            aggregate[labelled(column, label)] = _joined_column(labelled(column, label), encoded, rows)
        releases.append(LinkedRelease(label=label, name=files[label], sha256=file_sha256(release.data.path),
                                      rows=arrow.num_rows + dropped, key=keys[label],
                                      linked=int((rows >= 0).sum()), duplicates_dropped=dropped,
                                      focal_records=focal.n_rows))
        warnings += match_warnings(releases[-1], files[link.focal_label], left, right)
    for s in config.roles.sensitive:
        aggregate[s] = focal[s]
    table = EncodedTable(name=focal.name, path=focal.path, sha256=focal.sha256, n_rows=focal.n_rows,
                         columns=aggregate, warnings=focal.warnings)
    return LinkedData(focal=focal, aggregate=table, qids=tuple((n, lab) for n, lab, _ in qids),
                      releases=tuple(releases), warnings=tuple(warnings), matched=tuple(matched))


def relabel(column: EncodedColumn, name: str) -> EncodedColumn:
    """The column under another name (same codes and values)."""
    return EncodedColumn(name=name, codes=column.codes, labels=column.labels,
                         missing_code=column.missing_code, kind=column.kind)
