"""A scenario's transformed data written to a file, only on the analyst's request
(docs/methods.md, "Scenarios"): every loaded column except the direct identifiers and the
dropped QIDs, the scenario's steps applied, recoded values as their category text, suppressed
values empty; written atomically, with the SHA-256 of the source and of the file recorded."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Optional, Sequence

from ..errors import InputError
from ..io.encode import EncodedTable, file_sha256
from ..progress import CancelToken
from ..report.atomic import atomic_file, check_output_dir
from .command import WRITE_FORMATS, write_table
from .scenarios import transformed_arrow
from .transforms import Export, Scenario, apply_scenario


def export_scenario(table: EncodedTable, qids: Sequence[str], scenario: Scenario, path: str | Path,
                    leave_out: Sequence[str] = (), cancel: Optional[CancelToken] = None) -> Scenario:
    """Write ``scenario`` applied to ``table`` (without the columns ``leave_out``) to ``path``
    (.csv or .parquet); returns the scenario with its :class:`Export` record."""
    path = Path(path)
    fmt = WRITE_FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise InputError(f"{path}: use a .csv or .parquet file name for the transformed data")
    if table.path and path.resolve() == Path(table.path).resolve():
        raise InputError(f"{path}: would overwrite the input file")
    check_output_dir(path.parent)
    kept = {name: column for name, column in table.columns.items() if name not in set(leave_out)}
    transformed = apply_scenario(replace(table, columns=kept), qids, scenario, cancel)
    data = transformed_arrow(transformed)
    with atomic_file(path, cancel) as tmp:
        write_table(data, tmp, fmt)
    return replace(scenario, exported=Export(str(path), table.sha256, file_sha256(path)))
