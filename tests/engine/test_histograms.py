"""Worst-case histograms (engine/attacks/histograms.py) against per-record risks binned by numpy, on
both code paths: chained numpy partitions and chained compiled partitions with the (size, top)
tally (large tables, or kernels already loaded; each forced here), and the two paths against
each other on random tables."""

import os
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from engine.attacks import histograms
from engine.attacks.histograms import BINS, per_record_risk, worst_case_histograms
from engine.outcome.results import InferenceRisk, ReidentificationRisk

from .helpers import table_from_frame

ROOT = Path(__file__).resolve().parents[2]


def _run_fresh(code: str, **env: str) -> None:
    """Run ``code`` in a fresh Python process (nothing loaded yet), with ``env`` added to the
    environment; it must succeed."""
    done = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=str(ROOT), **env),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr


def _frame(rows: int, seed: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    big = rng.integers(0, 300, rows)
    return pd.DataFrame({
        "q_big": big,                                   # many small blocks, some of 300+ rows below
        "q_town": big // 40,                            # a function of q_big
        "q_day": rng.integers(1, 32, rows),
        "q_sex": rng.choice(["F", "M"], rows),
        "q_const": np.zeros(rows, dtype=int),           # one block of every row
        "s_rare": rng.choice(["no", "yes"], rows, p=[0.95, 0.05]),
        "s_grade": rng.integers(0, 5, rows),
    })


def _rows(qid_sets, sensitive):
    """Result rows that make each QID set the top subset of its size."""
    reid = [ReidentificationRisk(qids=q, n=1, blocks=1, singletons=0, prior_prob=0.0, posterior_prob=1.0,
                                 prior_det=0.0, posterior_det=0.0) for q in qid_sets]
    inference = [InferenceRisk(qids=q, sensitive=s, n=1, expected_correct=1, records_certain=0, prior_prob=0.0,
                               posterior_prob=1.0, prior_det=0.0, posterior_det=0.0)
                 for s in sensitive for q in qid_sets]
    return reid, inference


@pytest.mark.parametrize("drop", [0.0, 0.2, 2.0])     # single-row blocks dropped whenever there are any / never
@pytest.mark.parametrize("compiled", [False, True])
@pytest.mark.parametrize("seed", [1, 2])
def test_histograms_equal_per_record_risks_binned(monkeypatch, compiled, seed, drop):
    frame = _frame(6000, seed)
    if seed == 2:
        frame = frame.iloc[:400]                       # blocks of every size, up to the whole table
    table = table_from_frame(frame)
    monkeypatch.setattr(histograms, "compiled_pays", lambda n: compiled)
    monkeypatch.setattr(histograms, "DROP_SINGLES_SHARE", drop)
    if compiled:
        monkeypatch.setattr(histograms, "SMALL_BLOCK", 3)   # most blocks go the "large block" way too
    qid_sets = [("q_const",), ("q_big", "q_const"), ("q_big", "q_const", "q_town"),
                ("q_big", "q_const", "q_day", "q_town"), ("q_big", "q_const", "q_day", "q_sex", "q_town")]
    sensitive = [table["s_rare"], table["s_grade"]]
    reid, inference = _rows(qid_sets, [s.name for s in sensitive])
    made = worst_case_histograms(table.columns, reid, inference, sensitive, table.n_rows)
    assert len(made) == 3 * len(qid_sets)
    for h in made:
        risk = per_record_risk(table.columns, h.qids, sensitive, table.n_rows)[h.measure]
        expected = _exact_bins(risk, table.n_rows)
        assert h.counts == tuple(int(c) for c in expected), (h.qids, h.measure)
        assert sum(h.counts) == table.n_rows
        assert h.mean == pytest.approx(float(risk.mean()), rel=1e-12)


def _exact_bins(risk: np.ndarray, rows: int) -> np.ndarray:
    """Records per bin [j/BINS, (j+1)/BINS), the risk taken as the fraction top/size it is."""
    from fractions import Fraction

    bins = [min(int(Fraction(float(r)).limit_denominator(rows) * BINS), BINS - 1) for r in risk]
    return np.bincount(bins, minlength=BINS)


@pytest.mark.parametrize("compiled", [False, True])
def test_a_risk_on_a_bin_edge_goes_to_the_bin_above(monkeypatch, compiled):
    """3/5 and 7/10 sit on edges that i * 0.05 puts 1e-16 too high (0.6000000000000001)."""
    monkeypatch.setattr(histograms, "compiled_pays", lambda n: compiled)
    frame = pd.DataFrame({"q": ["A"] * 5 + ["B"] * 10, "s": list("xxxyy") + list("xxxxxxxyyy")})
    table = table_from_frame(frame)
    reid, inference = _rows([("q",)], ["s"])
    h_reid, h_s = worst_case_histograms(table.columns, reid, inference, [table["s"]], 15)
    assert {i: c for i, c in enumerate(h_s.counts) if c} == {12: 5, 14: 10}     # 0.6-0.65, 0.7-0.75
    assert {i: c for i, c in enumerate(h_reid.counts) if c} == {2: 10, 4: 5}    # 1/10, 1/5 on edges too
    assert h_s.edges[12] == 0.6 and h_s.edges[3] == 0.15


@pytest.mark.parametrize("compiled", [False, True])
def test_reidentification_histogram_of_a_hand_table(monkeypatch, compiled):
    monkeypatch.setattr(histograms, "compiled_pays", lambda n: compiled)
    frame = pd.DataFrame({"a": [1, 1, 1, 2, 2, 3], "s": ["x", "x", "y", "y", "y", "x"]})
    table = table_from_frame(frame)
    reid, inference = _rows([("a",)], ["s"])
    h_reid, h_s = worst_case_histograms(table.columns, reid, inference, [table["s"]], 6)
    # blocks {1,1,1}: risk 1/3 for 3 records; {2,2}: 1/2 for 2; {3}: 1 for 1
    bins = {i: c for i, c in enumerate(h_reid.counts) if c}
    assert bins == {6: 3, 10: 2, 19: 1}
    assert h_reid.mean == pytest.approx(3 / 6)          # blocks / records
    # inference: block 1 -> 2/3 (x twice), block 2 -> 1 (y, y), block 3 -> 1
    assert {i: c for i, c in enumerate(h_s.counts) if c} == {13: 3, 19: 3}
    assert h_s.mean == pytest.approx((2 + 2 + 1) / 6)


@pytest.mark.parametrize("seed", range(6))
def test_both_paths_give_the_same_histograms_on_random_tables(monkeypatch, seed):
    rng = np.random.default_rng(seed)
    monkeypatch.setattr(histograms, "DROP_SINGLES_SHARE", float(rng.choice([0.0, 0.2, 0.6])))
    rows = int(rng.integers(1, 3000))
    frame = pd.DataFrame({f"q{i}": rng.integers(0, int(rng.choice([1, 2, 7, 60, 900])), rows) for i in range(5)})
    frame["s"] = rng.integers(0, int(rng.choice([1, 2, 5])), rows)
    table = table_from_frame(frame)
    names = [f"q{i}" for i in rng.permutation(5)]
    nested = [tuple(sorted(names[:k])) for k in range(1, 6)]
    scattered = [tuple(sorted(rng.choice(names, k, replace=False))) for k in range(1, 6)]
    reid, _ = _rows(nested, [])
    _, inference = _rows(scattered, ["s"])
    made = {}
    for compiled in (False, True):
        monkeypatch.setattr(histograms, "compiled_pays", lambda n: compiled)
        made[compiled] = worst_case_histograms(table.columns, reid, inference, [table["s"]], rows)
    assert [(h.qids, h.measure, h.counts) for h in made[False]] == [(h.qids, h.measure, h.counts) for h in made[True]]
    assert [h.mean for h in made[False]] == pytest.approx([h.mean for h in made[True]], rel=1e-12)


@pytest.mark.parametrize("compiled", [False, True])
def test_a_partition_drops_rows_alone_in_it_and_its_refinements_keep_them_dropped(monkeypatch, compiled):
    """Rows alone in a block stay alone in every refinement: a partition whose single-row
    blocks hold at least DROP_SINGLES_SHARE of its rows keeps only the other rows (``rows``)
    and counts the dropped ones; refined further, it has the blocks of the full partition."""
    frame = _frame(3000, 5)
    table = table_from_frame(frame)
    monkeypatch.setattr(histograms, "DROP_SINGLES_SHARE", 0.2)
    parts = histograms._Partitions(table.columns, table.n_rows, compiled)
    small = parts.of(("q_big",))
    assert small.rows is None and small.dropped == 0          # 300 codes: no row alone
    day = parts.of(("q_big", "q_day"))
    full = pd.Series(0, index=frame.index).groupby([frame.q_big, frame.q_day]).transform("size")
    assert day.dropped == int((full == 1).sum()) > 0.2 * table.n_rows
    assert np.array_equal(day.rows, np.flatnonzero(full.to_numpy() > 1))
    finest = parts.of(("q_big", "q_day", "q_sex"))
    sizes = pd.Series(0, index=frame.index).groupby([frame.q_big, frame.q_day, frame.q_sex]).transform("size")
    kept = finest.rows
    assert finest.dropped == int((sizes == 1).sum()) and np.all(sizes.to_numpy()[kept] > 1)
    # the kept rows' blocks are the full partition's: same ids exactly where the keys are equal
    expected = frame.groupby(["q_big", "q_day", "q_sex"]).ngroup().to_numpy()[kept]
    assert finest.n_ids == len(np.unique(expected))
    assert np.array_equal(pd.factorize(finest.ids)[0], pd.factorize(expected)[0])


def _cheap_and_wide(rows: int = 5000) -> pd.DataFrame:
    """``a`` x ``b`` leaves most rows alone (they are dropped); ``c``, ``d`` and ``e`` are narrow."""
    rng = np.random.default_rng(3)
    return pd.DataFrame({"a": rng.integers(0, 50, rows), "b": rng.integers(0, 400, rows),
                         "c": rng.integers(0, 3, rows), "d": rng.integers(0, 2, rows),
                         "e": rng.integers(0, 2, rows)})


@pytest.mark.parametrize("compiled", [False, True])
def test_a_partition_refines_the_kept_base_of_fewest_rows_times_passes(monkeypatch, compiled):
    """(a, b) keeps a few rows in play, (a, c, d) all of them: (a, b, c, d) is refined from
    (a, b), though (a, c, d) shares more of its columns; the partition equals pandas' groups."""
    monkeypatch.setattr(histograms, "DROP_SINGLES_SHARE", 0.2)
    frame = _cheap_and_wide()
    table = table_from_frame(frame)
    parts = histograms._Partitions(table.columns, table.n_rows, compiled)
    ab, acd = parts.of(("a", "b")), parts.of(("a", "c", "d"))
    assert acd.rows is None and len(ab.rows) < 0.5 * table.n_rows
    wanted, base = parts.take([("a", "b", "c", "d")])
    assert base is ab and not parts.take([])
    made = parts.make(wanted, base)
    sizes = frame.groupby(["a", "b", "c", "d"]).a.transform("size").to_numpy()
    assert made.dropped == int((sizes == 1).sum())
    expected = frame.groupby(["a", "b", "c", "d"]).ngroup().to_numpy()[made.rows]
    assert np.array_equal(pd.factorize(made.ids)[0], pd.factorize(expected)[0])
    # only (a, c, d) contains (a, c, d, e): it is the base, not the table from scratch
    assert parts.take([("a", "c", "d", "e")])[1] is acd


def test_a_subset_waits_for_a_base_being_made_and_others_go_first():
    """While (a, b) is being made, (a, b, c) is not taken ((x,) is, after it in the queue); a
    thread asking for (a, b, c) alone waits, then refines it from (a, b)."""
    frame = _cheap_and_wide()
    frame["x"] = frame.a % 7
    table = table_from_frame(frame)
    parts = histograms._Partitions(table.columns, table.n_rows, compiled=False)
    taken = parts.take([("a", "b")])
    queue = [("a", "b", "c"), ("x",)]
    assert parts.take(queue)[0] == ("x",) and queue == [("a", "b", "c")]
    got = []
    waiting = threading.Thread(target=lambda: got.append(parts.take(queue)))
    waiting.start()
    ab = parts.make(*taken)
    waiting.join(timeout=60)
    assert not waiting.is_alive() and got[0][0] == ("a", "b", "c") and got[0][1] is ab and queue == []


def test_a_thread_waiting_for_a_base_takes_nothing_once_the_work_stops():
    table = table_from_frame(_cheap_and_wide())
    parts = histograms._Partitions(table.columns, table.n_rows, compiled=False)
    parts.take([("a",)])                                   # being made, never finished
    got = []
    waiting = threading.Thread(target=lambda: got.append(parts.take([("a", "b")])))
    waiting.start()
    parts.stop()
    waiting.join(timeout=60)
    assert not waiting.is_alive() and got == [None]


@pytest.mark.parametrize("compiled", [False, True])
def test_kept_partitions_stay_within_their_bytes_dropping_the_most_rows_first(compiled):
    table = table_from_frame(_cheap_and_wide())
    n = table.n_rows
    full = histograms._bytes(histograms._Partitions(table.columns, n, compiled).of(("c",)))
    parts = histograms._Partitions(table.columns, n, compiled, keep_bytes=2 * full)
    for qids in [("c",), ("d",), ("a", "b"), ("e",), ("a", "b", "c")]:
        parts.of(qids)
        assert sum(histograms._bytes(m) for m in parts.made) <= 2 * full
    # the full partitions of (c,) and (d,) went first; the last made and the small ones stay
    assert {m.qids for m in parts.made} == {frozenset("ab"), frozenset("e"), frozenset("abc")}
    parts = histograms._Partitions(table.columns, n, compiled, keep_bytes=1)
    parts.of(("c",))
    parts.of(("d",))
    assert [m.qids for m in parts.made] == [frozenset("d")]      # the last one made stays


@pytest.mark.parametrize("compiled", [False, True])
def test_a_failing_partition_stops_every_thread_and_raises(monkeypatch, compiled):
    """A partition that fails (here: cancelled) ends the histograms with its error, the other
    thread stopping instead of waiting for the base that will never be made."""
    monkeypatch.setattr(histograms, "compiled_pays", lambda n: compiled)
    monkeypatch.setattr(histograms, "TALLY_THREADS", 2)
    table = table_from_frame(_cheap_and_wide())
    refined = histograms._Partitions._refined

    def failing(self, qids, base, cancel):
        if qids == ("a", "b"):
            raise RuntimeError("cancelled at (a, b)")
        return refined(self, qids, base, cancel)

    monkeypatch.setattr(histograms._Partitions, "_refined", failing)
    qid_sets = [("c",), ("a", "b"), ("a", "b", "c"), ("a", "b", "c", "d")]
    reid, _ = _rows(qid_sets, [])
    outcome = []

    def run():
        try:
            worst_case_histograms(table.columns, reid, [], [], table.n_rows)
        except RuntimeError as error:
            outcome.append(str(error))

    runner = threading.Thread(target=run)
    runner.start()
    runner.join(timeout=120)
    assert not runner.is_alive() and outcome == ["cancelled at (a, b)"]


def test_the_compiled_path_from_its_row_threshold_or_once_the_kernels_are_loaded():
    code = ("import sys\n"
            "from engine.attacks.histograms import COMPILED_MIN_ROWS, compiled_pays\n"
            "assert not compiled_pays(0) and not compiled_pays(COMPILED_MIN_ROWS - 1)\n"
            "assert compiled_pays(COMPILED_MIN_ROWS) and not compiled_pays(2 ** 31)\n"
            "assert 'numba' not in sys.modules\n"
            "import numpy as np\n"
            "from engine.sweep import block_kernels\n"
            "ids, n_ids = block_kernels.refine_ids(np.zeros(5, np.int32), 1, np.arange(5, dtype=np.uint8), 5)\n"
            "assert not compiled_pays(1000)\n"
            "block_kernels.risk_tally(ids, n_ids, ids, 1, 255)\n"
            "assert not compiled_pays(1000)\n"                 # the dropping of single rows too
            "block_kernels.drop_singles(ids, n_ids, np.empty(0, np.int32), 0)\n"
            "assert compiled_pays(1000) and not compiled_pays(0)\n")
    _run_fresh(code, RISKREVIEW_NUMBA_CACHE="0")


def test_the_compiled_path_once_the_refinement_is_loaded_and_the_tally_cached(tmp_path):
    """After a sweep in this process (the refinement loaded), the histograms take the compiled
    path if numba's cache holds the tally and the dropping of single rows (loading them is
    cheap), not if they would compile."""
    code = ("import sys, numpy as np\n"
            "from engine.attacks.histograms import compiled_pays\n"
            "from engine.sweep import block_kernels\n"
            "assert block_kernels.CACHE\n"
            "ids, n_ids = block_kernels.refine_ids(np.zeros(5, np.int32), 1, np.arange(5, dtype=np.uint8), 5)\n"
            "assert compiled_pays(1000) == (sys.argv[1] == 'cached')\n"
            "block_kernels.risk_tally(ids, n_ids, ids, 1, 255)\n"
            "block_kernels.drop_singles(ids, n_ids, np.empty(0, np.int32), 0)\n"
            "assert compiled_pays(1000)\n")
    cache = dict(NUMBA_CACHE_DIR=str(tmp_path), RISKREVIEW_NUMBA_CACHE="1")
    for state in ("empty", "cached"):
        done = subprocess.run([sys.executable, "-c", code, state], capture_output=True, text=True, timeout=300,
                              env=dict(os.environ, PYTHONPATH=str(ROOT), **cache))
        assert done.returncode == 0, done.stderr


def test_large_numpy_partitions_need_no_pandas():
    """Above HASH_MIN_ROWS rows the numpy path sorts unless pandas is loaded: same histograms."""
    code = ("import json, sys\n"
            "import numpy as np, pyarrow as pa\n"
            "from engine.io.arrow_lookup import skip_pandas_lookup\n"
            "skip_pandas_lookup()\n"
            "from engine.attacks import histograms; from engine.sweep import partition\n"
            "from engine.io.encode import encode_column\n"
            "from engine.outcome.results import ReidentificationRisk\n"
            "rng = np.random.default_rng(4)\n"
            "n = partition.HASH_MIN_ROWS + 5000\n"
            "columns = {f'q{i}': encode_column(f'q{i}', pa.array(rng.integers(0, c, n)))\n"
            "           for i, c in enumerate((3000, 2000, 40))}\n"
            "qids = [('q0',), ('q0', 'q1'), ('q0', 'q1', 'q2')]\n"
            "rows = [ReidentificationRisk(qids=q, n=1, blocks=1, singletons=0, prior_prob=0.0, posterior_prob=1.0,\n"
            "                             prior_det=0.0, posterior_det=0.0) for q in qids]\n"
            "made = histograms.worst_case_histograms(columns, rows, [], [], n)\n"
            "assert 'pandas' not in sys.modules\n"
            "import pandas\n"
            "again = histograms.worst_case_histograms(columns, rows, [], [], n)\n"
            "assert [(h.counts, h.mean) for h in made] == [(h.counts, h.mean) for h in again]\n"
            "assert made[-1].counts != made[0].counts\n")
    _run_fresh(code)


@pytest.mark.slow
def test_kernels_load_while_the_workers_sweep():
    """With worker processes, this process loads the histograms' kernels once they report
    subsets done (engine.assessment.run._LoadWhileWaiting), for every code type of the columns, and passes every
    report on; then the histograms take the compiled path."""
    code = ("import numpy as np, pyarrow as pa\n"
            "from engine.assessment.run import _LoadWhileWaiting\n"
            "from engine.attacks.histograms import compiled_pays\n"
            "from engine.io.encode import encode_column\n"
            "from engine.foundation.progress import Progress\n"
            "columns = [encode_column('a', pa.array([1, 2, 3])), encode_column('b', pa.array(np.arange(70000)))]\n"
            "assert {c.codes.dtype for c in columns} == {np.dtype(np.uint8), np.dtype(np.uint32)}\n"
            "seen = []\n"
            "loader = _LoadWhileWaiting(columns, seen.append)\n"
            "loader(Progress('sweep', 0, 10, 0.1, None))\n"
            "assert loader.thread is None and not compiled_pays(1000)\n"
            "loader(Progress('sweep', 3, 10, 0.5, 1.0))\n"
            "loader.join()\n"
            "assert compiled_pays(1000) and [p.done for p in seen] == [0, 3]\n"
            "from engine.sweep import block_kernels\n"
            "types = {str(sig[2]) for sig in block_kernels.refine_ids.signatures}\n"
            "assert {'array(uint8, 1d, C)', 'array(uint32, 1d, C)', 'array(int32, 1d, C)'} <= types, types\n")
    _run_fresh(code)
