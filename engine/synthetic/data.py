"""The attacker's columns of the real, synthetic and control files as one numeric layout.

A column is numeric when all three files hold numbers for it that float64 keeps exactly (a
file where the column is entirely missing does not count against that; ids beyond 2**53 are
not numeric, see :mod:`engine.io.numbers`); otherwise it is categorical and compared as
text (-0.0 as 0.0, NaN as missing), with ONE dictionary shared by the three files (codes in sorted text order, a missing
value as its own last code, labelled :data:`MISSING_LABEL`). Numeric missing values are NaN.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..io.encode import file_sha256
from ..io.formats import read_columns
from ..io.numbers import canonical_floats, exact_in_float64
from ..foundation.messages import message
from ..foundation.progress import CancelToken
from ..outcome.results import DatasetInfo
from .config import SyntheticConfig

MISSING_LABEL = "(missing)"


@dataclass(frozen=True)
class AttackData:
    """The three files over the attacker's columns (``qids + (sensitive,)``).

    Rows are float64: a categorical column holds its integer code, a numeric column its value
    (NaN = missing). ``categories[c][code]`` is the text of a code; ``ranges[c]`` is max - min
    of a numeric column over the three files (1.0 when that is 0 or undefined).
    """

    columns: tuple[str, ...]
    kinds: tuple[str, ...]
    real: np.ndarray
    synthetic: np.ndarray
    control: Optional[np.ndarray]
    categories: dict[str, tuple[str, ...]]
    ranges: dict[str, float]
    sensitive_index: Optional[int]

    @property
    def qid_indices(self) -> tuple[int, ...]:
        return tuple(i for i in range(len(self.columns)) if i != self.sensitive_index)

    def tables(self) -> list[np.ndarray]:
        return [t for t in (self.real, self.synthetic, self.control) if t is not None]

    def minimum(self, column: int) -> float:
        """The smallest value of a numeric column over the three files (0.0 if none)."""
        values = np.concatenate([t[:, column] for t in self.tables()])
        values = values[~np.isnan(values)]
        return float(values.min()) if len(values) else 0.0

    def disjoint_columns(self) -> list[str]:
        """Warnings for columns where the synthetic (or control) file shares nothing with the
        real file: no common value (categorical) or no overlap of the value ranges (numeric),
        ignoring missing values. Every record then differs in that column, which usually means
        another coding (``M``/``F`` against ``1``/``2``, birth years against ages): the attacks
        understate the risk, or with the control file, overstate the residual risk."""
        effects = {"synthetic": message(N_("the attacks understate the risk")),
                   "control": message(N_("the control records look safer than they are (the residual risk is "
                                         "overstated)"))}
        roles = {"synthetic": message(N_("synthetic")), "control": message(N_("control"))}
        out = []
        for j, name in enumerate(self.columns):
            real = self._present(self.real[:, j], j)
            for role, table in (("synthetic", self.synthetic), ("control", self.control)):
                other = self._present(table[:, j], j) if table is not None else np.zeros(0)
                if not len(real) or not len(other):
                    continue
                if self.kinds[j] == "categorical":
                    if np.intersect1d(real, other).size:
                        continue
                    show = lambda codes: ", ".join(repr(self.categories[name][int(c)])  # noqa: E731
                                                   for c in np.unique(codes)[:3])
                    out.append(message(N_("column {name!r}: no value of the {role} file occurs in the real file "
                                          "(real {real}, ...; {role} {other}, ...), so every record differs there "
                                          "and {effect}; check that the files use the same coding"),
                                       name=name, role=roles[role], real=show(real), other=show(other),
                                       effect=effects[role]))
                elif real.max() < other.min() or other.max() < real.min():
                    out.append(message(N_("column {name!r}: the {role} values ({low:g} to {high:g}) do not overlap "
                                          "the real ones ({real_low:g} to {real_high:g}), so every record differs "
                                          "there and {effect}; check that the files use the same units"),
                                       name=name, role=roles[role], low=other.min(), high=other.max(),
                                       real_low=real.min(), real_high=real.max(), effect=effects[role]))
        return out

    def _present(self, values: np.ndarray, column: int) -> np.ndarray:
        """The non-missing values of one column (categorical: codes other than the missing one)."""
        values = values[~np.isnan(values)]
        if self.kinds[column] == "categorical":
            labels = self.categories[self.columns[column]]
            values = values[values != (len(labels) - 1 if labels and labels[-1] == MISSING_LABEL else len(labels))]
        return values


def _is_numeric(column: pa.ChunkedArray) -> bool:
    kind = column.type
    return (pa.types.is_integer(kind) or pa.types.is_floating(kind) or pa.types.is_decimal(kind)) \
        and exact_in_float64(column)


#: The three files of a synthetic-data analysis, as a message names them.
ROLE_FILES = {"real": N_("the real file"), "synthetic": N_("the synthetic file"), "control": N_("the control file")}


def _as_text(column: pa.ChunkedArray, name: str, path: str) -> pa.ChunkedArray:
    try:
        return pc.cast(canonical_floats(column), pa.string())
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
        raise InputError(message(N_("{file}: column {column!r} of type {type} cannot be compared as text"),
                                 file=Path(path).name, column=name, type=str(column.type))) from None


def encode_tables(tables: list[pa.Table], columns: tuple[str, ...], paths: list[str]
                  ) -> tuple[list[np.ndarray], tuple[str, ...], dict[str, tuple[str, ...]], dict[str, float]]:
    """Encode the same columns of several tables with shared dictionaries.

    Returns the float64 matrices, the kind of each column, the categories of the categorical
    columns and the ranges of the numeric ones.

    >>> a = pa.table({"x": [1, 5], "c": ["b", "a"]}); b = pa.table({"x": [3, None], "c": ["c", None]})
    >>> mats, kinds, cats, ranges = encode_tables([a, b], ("x", "c"), ["a.csv", "b.csv"])
    >>> kinds, cats["c"], ranges["x"]
    (('numeric', 'categorical'), ('a', 'b', 'c', '(missing)'), 4.0)
    >>> mats[1].tolist()
    [[3.0, 2.0], [nan, 3.0]]
    """
    out = [np.empty((t.num_rows, len(columns)), dtype=np.float64) for t in tables]
    kinds, categories, ranges = [], {}, {}
    for j, name in enumerate(columns):
        parts = [t[name] for t in tables]
        numeric = all(_is_numeric(p) or pa.types.is_null(p.type) for p in parts) and \
            any(_is_numeric(p) for p in parts)
        if numeric:
            kinds.append("numeric")
            low, high = np.inf, -np.inf
            for matrix, part in zip(out, parts):
                values = pc.cast(part, pa.float64()).to_numpy(zero_copy_only=False)
                matrix[:, j] = values
                present = values[~np.isnan(values)]
                if len(present):
                    low, high = min(low, present.min()), max(high, present.max())
            span = float(high - low) if high > low else 1.0
            ranges[name] = span
            continue
        kinds.append("categorical")
        texts = [_as_text(p, name, path) for p, path in zip(parts, paths)]
        values = sorted(set().union(*(set(pc.unique(t).drop_null().to_pylist()) for t in texts)))
        has_missing = any(t.null_count for t in texts)
        labels = tuple(values) + ((MISSING_LABEL,) if has_missing else ())
        dictionary = pa.array(values, type=pa.string())
        for matrix, text in zip(out, texts):
            codes = pc.index_in(text, value_set=dictionary).to_numpy(zero_copy_only=False)
            matrix[:, j] = np.where(np.isnan(codes.astype(np.float64)), len(values), codes)
        categories[name] = labels
    return out, tuple(kinds), categories, ranges


def load_attack_data(config: SyntheticConfig, cancel: Optional[CancelToken] = None
                     ) -> tuple[AttackData, dict[str, DatasetInfo]]:
    """Read the attacker's columns from the real, synthetic and (if given) control files."""
    columns = config.columns
    sources = {"real": config.real, "synthetic": config.synthetic}
    if config.control is not None:
        sources["control"] = config.control
    tables, infos = [], {}
    for role, source in sources.items():
        table = read_columns(source, list(columns), cancel)
        if table.num_rows == 0:
            raise InputError(message(N_("{file}: {role} holds no records"), file=Path(source.path).name,
                                     role=message(ROLE_FILES[role])))
        tables.append(table)
        infos[role] = DatasetInfo(Path(source.path).name, file_sha256(source.path), table.num_rows, columns)
        if cancel is not None:
            cancel.raise_if_cancelled()
    matrices, kinds, categories, ranges = encode_tables(tables, columns, [s.path for s in sources.values()])
    data = AttackData(columns=columns, kinds=kinds, real=matrices[0], synthetic=matrices[1],
                      control=matrices[2] if config.control is not None else None,
                      categories=categories, ranges=ranges,
                      sensitive_index=len(columns) - 1 if config.sensitive else None)
    return data, infos
