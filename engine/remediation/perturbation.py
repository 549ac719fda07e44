"""Perturbative scenario steps on the encoded table (docs/methods.md, "Perturbative steps"):
PRAM on categorical quasi-identifiers, microaggregation, noise, rank swapping and rounding on
numeric ones. The methods themselves are in :mod:`engine.perturb`, imported when a step runs
(they load compiled kernels)."""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..io.encode import EncodedColumn, encode_column, first_non_number
from ..io.numbers import label_numbers
from ..foundation.messages import message
from ..analysis.scenario_steps import Microaggregate, Noise, Pram, RankSwap, Transform

NOT_A_NUMBER = N_("{file}: numeric quasi-identifier {column!r} has {value!r} in row {row}; it needs numbers")
NOT_NUMERIC = N_("column {column!r} is not numeric (its values are {kind}); a numeric quasi-identifier needs numbers")


def numeric_values(column: EncodedColumn, file: str = "") -> np.ndarray:
    """A numeric column's values as float64, NaN where missing; a text column whose values are
    all numbers written otherwise than plainly (``007``, ``2.50``) gives their numbers
    (:func:`engine.io.numbers.label_numbers`); else an error naming the first value that is not
    a number and its row (and ``file``)."""
    numbers = label_numbers(column.labels) if column.kind in ("integer", "float", "text") else None
    if numbers is None:
        found = first_non_number(column) if column.kind == "text" else None
        if found is not None:
            raise InputError(message(NOT_A_NUMBER, file=file or column.name, column=column.name, value=found[1],
                                     row=found[0]))
        raise InputError(message(NOT_NUMERIC, column=column.name, kind=column.kind))
    values = numbers.take(pa.array(column.codes))
    return values.to_numpy(zero_copy_only=False).astype(float)


def numbers_column(name: str, values: np.ndarray) -> EncodedColumn:
    return encode_column(name, pa.array(values, pa.float64(), from_pandas=True))


def apply_numeric(columns: dict[str, EncodedColumn], step: Transform) -> None:
    """Apply a numeric step to ``columns`` in place (its columns are replaced)."""
    from ..perturb.mdav import microaggregate
    from ..perturb.noise import add_noise
    from ..perturb.rank_swap import rank_swap
    from ..perturb.rounding import round_to_base

    x = np.column_stack([numeric_values(columns[c]) for c in step.columns])
    if isinstance(step, Microaggregate):
        out = microaggregate(x, step.k).values
    elif isinstance(step, Noise):
        out = add_noise(x, step.percent, step.correlated, step.seed)
    elif isinstance(step, RankSwap):
        out = rank_swap(x, step.percent, step.seed)
    else:
        out = round_to_base(x, step.base)
    for j, name in enumerate(step.columns):
        columns[name] = numbers_column(name, out[:, j])


def apply_pram(columns: dict[str, EncodedColumn], step: Pram) -> tuple:
    """PRAM each of the step's columns in place, one seed stream for the step; the matrices
    (:class:`engine.perturb.pram.PramMatrix`)."""
    from ..perturb.pram import PramMatrix, pram_column

    rng = np.random.default_rng(step.seed)
    matrices = []
    for name in step.columns:
        column = columns[name]
        known = [c for c in range(column.cardinality) if c != column.missing_code]
        code_of = np.full(column.cardinality, -1, np.int64)
        code_of[known] = np.arange(len(known))
        codes = code_of[column.codes]
        released, matrix = pram_column(codes, len(known), step.pd, step.alpha, rng)
        back = np.array(known + [column.missing_code if column.missing_code is not None else 0], np.int64)
        new_codes = back[np.where(released < 0, len(known), released)]
        values = column.labels.take(pa.array(new_codes))
        columns[name] = encode_column(name, values)
        categories = tuple(column.label_text(c) for c in known)
        counts = tuple(int(v) for v in np.bincount(codes[codes >= 0], minlength=len(known)))
        matrices.append(PramMatrix(name, categories, counts, matrix))
    return tuple(matrices)
