"""A command on a CSV, Parquet or Feather file runs without pandas (engine.io.arrow_lookup) and
writes what it writes with pandas loaded; pandas stays usable afterwards."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.commands import cli
from engine.io.arrow_lookup import skip_pandas_lookup
from engine.sweep.partition import factorize

ROOT = Path(__file__).resolve().parents[2]

CSV = """id,age,sex,town,income,disease
1,34,F,NA,1200.5,flu
2,34,F,Lisbon,,none
3,51,M,Porto,980.25,flu
4,51,M,Porto,NaN,asthma
5,17,F,NA,0.1,none
6,17,,Lisbon,0.0,flu
7,88,M,Braga,1000,none
8,34,F,Lisbon,1200.5,asthma
"""

RUN = """
import json, sys
from engine.commands.cli import main
code = main(sys.argv[1:])
print(json.dumps({"code": code, "pandas": "pandas" in sys.modules}))
"""


def _numbers(folder: Path) -> dict:
    data = json.loads((folder / "results.json").read_text(encoding="utf-8"))
    data.pop("timings_seconds", None)
    return data


def _tables(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.csv"))}


def _people(folder: Path, fmt: str) -> Path:
    """:data:`CSV` as a file of ``fmt``: the same values, typed as the CSV reader types them."""
    if fmt == "csv":
        path = folder / "people.csv"
        path.write_text(CSV, encoding="utf-8")
        return path
    import pyarrow as pa
    import pyarrow.feather as feather
    import pyarrow.parquet as pq

    table = pa.table({
        "id": pa.array(range(1, 9), pa.int64()),
        "age": pa.array([34, 34, 51, 51, 17, 17, 88, 34], pa.int64()),
        "sex": pa.array(["F", "F", "M", "M", "F", None, "M", "F"]),
        "town": pa.array(["NA", "Lisbon", "Porto", "Porto", "NA", "Lisbon", "Braga", "Lisbon"]),
        "income": pa.array([1200.5, None, 980.25, float("nan"), 0.1, -0.0, 1e3, 1200.5]),
        "disease": pa.array(["flu", "none", "flu", "asthma", "none", "flu", "none", "asthma"])})
    path = folder / f"people.{fmt}"
    (pq.write_table if fmt == "parquet" else feather.write_feather)(table, path)
    return path


@pytest.mark.parametrize("fmt", ["csv", "parquet", "feather"])
def test_a_command_on_a_file_pyarrow_reads_runs_without_pandas_and_writes_the_same(tmp_path, fmt):
    data = _people(tmp_path, fmt)
    args = ["assess", str(data), "--qid", "age", "sex", "town", "income", "--sensitive", "disease",
            "--target", "age=34;town=Lisbon", "--target", "income=1000;sex=M", "--target", "town=NA",
            "--quiet"]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", RUN, *args, "--out", str(tmp_path / "fresh")], env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == {"code": 0, "pandas": False}
    import pandas  # noqa: F401  (the in-process run below has pandas loaded, as without the skip)

    assert cli.main(args + ["--out", str(tmp_path / "with_pandas")]) == 0
    assert _numbers(tmp_path / "fresh") == _numbers(tmp_path / "with_pandas")
    assert _tables(tmp_path / "fresh") == _tables(tmp_path / "with_pandas")
    targets = _numbers(tmp_path / "fresh")["targets"]
    assert [t["matched"] for t in targets] == [True, True, True]   # NA is a town here


def test_pandas_stays_usable_after_the_skip():
    code = ("import sys\n"
            "from engine.io.arrow_lookup import skip_pandas_lookup\n"
            "assert skip_pandas_lookup()\n"
            "import pyarrow as pa, pyarrow.compute as pc\n"
            "assert pc.equal(pa.array(['a']), 'a').to_pylist() == [True] and 'pandas' not in sys.modules\n"
            "import pandas as pd\n"
            "frame = pd.DataFrame({'x': [1.0, float('nan')], 't': pd.to_datetime(['2020-01-02', '2021-03-04'])})\n"
            "table = pa.Table.from_pandas(frame)\n"
            "assert str(table.schema.field('t').type) == 'timestamp[ns]'\n"
            "assert table.to_pandas().equals(frame)\n"
            "assert pa.Array.from_pandas(frame['x']).to_pylist() == [1.0, None]\n")
    done = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=str(ROOT)),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_the_skip_does_nothing_once_pandas_is_loaded():
    import pandas  # noqa: F401

    assert skip_pandas_lookup() is False


def test_factorize_numbers_the_distinct_keys_like_pandas():
    """Same partition as pandas' factorize: one id per distinct key, ids 0..b-1 (the sort path
    numbers them in key order, the hashing path by first appearance)."""
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(3)
    for n in (0, 1, 7, 500, 20_000, 140_000):
        key = rng.integers(0, max(1, n // 3), n) * 1_000_003
        ids, count = factorize(key)
        expected, uniques = pd.factorize(key, sort=False)
        assert count == len(uniques) and ids.dtype == np.int64
        assert np.array_equal(np.sort(np.unique(ids)), np.arange(count))
        key_of_id = np.zeros(count, dtype=key.dtype)
        key_of_id[ids] = key
        assert np.array_equal(key_of_id[ids], key)
