"""The before/after preview of one perturbative step (engine.remediation.step_preview)."""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from engine.io.encode import EncodedTable, encode_column
from engine.remediation.step_preview import apply_step, category_change, numeric_change, preview_step, sample_table
from engine.analysis.scenario_steps import Round


def _table(n: int) -> EncodedTable:
    values = np.arange(n, dtype=float)
    values[0] = np.nan
    columns = {"x": encode_column("x", pa.array(values, pa.float64(), from_pandas=True)),
               "c": encode_column("c", pa.array([f"v{i % 3}" for i in range(n)]))}
    return EncodedTable(name="t", path="t.csv", sha256="", n_rows=n, columns=columns)


def test_apply_step_changes_a_copy_only():
    table = _table(10)
    done = apply_step(table, Round(("x",), 4.0))
    assert done.columns["c"] is table.columns["c"]
    shown = done["x"].labels.take(pa.array(done["x"].codes)).to_pylist()
    assert shown == [None, 0.0, 4.0, 4.0, 4.0, 4.0, 8.0, 8.0, 8.0, 8.0]   # halves away from zero
    assert table["x"].labels.take(pa.array(table["x"].codes)).to_pylist()[1:4] == [1.0, 2.0, 3.0]


def test_a_large_file_is_previewed_on_a_bounded_sample():
    table = _table(500)
    sample = sample_table(table, 120)
    assert sample.n_rows == 120 and sample_table(table, 500) is table
    preview = preview_step(table, Round(("x",), 100.0), records=120)
    assert (preview.records, preview.total, preview.sampled) == (120, 500, True)
    change = preview.columns[0]
    assert sum(change.before) + change.missing_before == 120 == sum(change.after) + change.missing_after


def test_numeric_counts_share_the_bins_and_missing_values_are_apart():
    change = numeric_change("x", np.array([0.0, 1.0, 2.0, np.nan]), np.array([0.0, 0.0, 4.0, np.nan]), bins=4)
    assert change.edges == (0.0, 1.0, 2.0, 3.0, 4.0)
    assert change.before == (1, 1, 1, 0) and change.after == (2, 0, 0, 1)
    assert (change.missing_before, change.missing_after, change.changed) == (1, 1, 2)


def test_categories_commonest_first_and_the_rest_summed():
    change = category_change("c", ["a", "b", "b", "c", None, "b"], ["a", "a", "b", "d", None, "b"], listed=2)
    assert change.categories == ("b", "a")
    assert (change.before, change.after) == ((3, 1), (2, 2))
    assert (change.others_before, change.others_after, change.changed) == (2, 2, 2)
