"""The per-record tables written column by column have the text of the line-by-line writer."""

from __future__ import annotations

import numpy as np
import pytest

from engine.foundation.atomic import staged
from engine.report import tables
from engine.report.tables import write_csv, write_number_csv


def _both(tmp_path, header, columns, blank_zero=()):
    with staged() as files:
        write_number_csv(files, tmp_path / "fast.csv", header, columns, blank_zero=blank_zero)
        rows = zip(*[c.tolist() for c in columns])
        rows = ([None if name in blank_zero and v == 0 else v for name, v in zip(header, row)] for row in rows)
        write_csv(files, tmp_path / "plain.csv", header, rows)
    return (tmp_path / "fast.csv").read_bytes(), (tmp_path / "plain.csv").read_bytes()


def test_awkward_numbers_are_written_as_the_line_by_line_writer_writes_them(tmp_path):
    floats = np.array([0.0, -0.0, 1e-05, 0.1, 1 / 3, 2.5e-300, 1e16, 123456789.125, np.inf, np.nan, 0.1, -0.0])
    counts = np.array([0, 1, -2, 2**40, 0, 7, 0, 3, 2**31, -1, 5, 0], dtype=np.int64)
    small = counts.astype(np.int16) % 9
    fast, plain = _both(tmp_path, ["row", "x", "n", "m"], [np.arange(1, 13), floats, counts, small],
                        blank_zero=("m",))
    assert fast == plain
    assert b"\r\n1,0.0,0,\r\n2,-0.0,1,1\r\n3,1e-05,-2," in fast


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_risks_in_several_blocks_of_lines(tmp_path, monkeypatch, seed):
    monkeypatch.setattr(tables, "NUMBER_CSV_LINES", 97)      # several blocks, the last one short
    rng = np.random.default_rng(seed)
    n = 1_000 + seed
    risk = rng.choice(rng.random(50) ** 6, n)                # repeated values, as risks per key
    score = np.round(rng.random(n) * 30) * (rng.random(n) < 0.3)
    fast, plain = _both(tmp_path, ["row", "risk", "msu_min_size", "score"],
                        [np.arange(1, n + 1), risk, rng.integers(0, 4, n).astype(np.int16), score],
                        blank_zero=("msu_min_size",))
    assert fast == plain
    assert fast.count(b"\r\n") == n + 1


def test_no_records_only_the_header(tmp_path):
    fast, plain = _both(tmp_path, ["row", "risk"], [np.arange(1, 1), np.zeros(0)])
    assert fast == plain == b"row,risk\r\n"
