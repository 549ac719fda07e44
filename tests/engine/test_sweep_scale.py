"""The segment sweep (engine/sweep/segments.py, the compiled kernels) against a plain pandas
groupby and the refinement walk, on every code path: collapsed or raw rows (weights), with
and without dependencies, tiny and large work sizes (Python-level splits), blocks collapsed
in the kernel or not, reordered or not, 1 and 2 threads; and the census generator."""

import gc
import multiprocessing
import threading
import types
from dataclasses import replace
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.assessment.run import run_assessment, walk_order
from engine.analysis.config import DataSource
from engine.foundation.errors import Cancelled
from engine.foundation.progress import CancelToken
from engine.io import load_table
from engine.sweep import runner, segments
from engine.sweep.lattice import ExplicitFamily, Task, UpToFamily
from engine.sweep.walker import SweepData, walk

from .helpers import config_for, sweep_threads, table_from_frame
from .test_properties import reference

ROOT = Path(__file__).resolve().parents[2]
SMALL_WORK = segments.Tuning(batch_work=1, split_work=1, split_rows=1, collapse_keys=1 << 16)
NO_COLLAPSE = segments.Tuning(batch_work=1 << 23, split_work=1 << 25, split_rows=1 << 12, collapse_keys=0)
# no child counted in one pass (rows grouped, then each group scanned), and a mix: only
# children with few groups and sensitive values are counted in one pass
NO_TALLY = segments.Tuning(batch_work=1 << 23, split_work=1 << 25, split_rows=1 << 12, collapse_keys=1 << 16,
                           tally_keys=0, tally_groups=1)
FEW_TALLIES = segments.Tuning(batch_work=1, split_work=1, split_rows=1, collapse_keys=1 << 16,
                              tally_keys=24, tally_groups=3, tally_pairs=6)
NO_PAIRS = segments.Tuning(batch_work=1 << 23, split_work=1 << 25, split_rows=1 << 12, collapse_keys=0,
                           tally_pairs=0)
# a group's sensitive counters per value read whole, or noted one by one, instead of one per
# combination of values
PER_VALUE = segments.Tuning(batch_work=1 << 23, split_work=1 << 25, split_rows=1 << 12, collapse_keys=1 << 16,
                            tally_joint=False)
NOTED = segments.Tuning(batch_work=1 << 23, split_work=1 << 25, split_rows=1 << 12, collapse_keys=1 << 16,
                        tally_dense=0)
# blocks of 7 to 128 rows walked by grouping (no row sets), or only those of up to 9 rows by row sets
NO_SETS = segments.Tuning(batch_work=1 << 23, split_work=1 << 25, split_rows=1 << 12, collapse_keys=1 << 16,
                          bits_rows=0)
FEW_SETS = segments.Tuning(batch_work=1, split_work=1, split_rows=1, collapse_keys=0, bits_rows=9)
KNOBS = [
    dict(),
    dict(tuning=SMALL_WORK),
    dict(tuning=NO_COLLAPSE),
    dict(reorder=True),
    dict(reorder=True, tuning=SMALL_WORK, workers=3),
    dict(chain_share=2.0, collapse_share=2.0),          # every subtree on collapsed rows
    dict(chain_share=0.0, collapse_share=0.0),          # every subtree on raw rows
    dict(use_dependencies=False),
    dict(use_dependencies=False, tuning=SMALL_WORK, workers=2, chain_share=2.0, collapse_share=2.0),
    dict(tuning=NO_TALLY),
    dict(tuning=FEW_TALLIES, reorder=True),
    dict(tuning=NO_PAIRS),
    dict(tuning=NOTED),
    dict(tuning=PER_VALUE),
    dict(tuning=NOTED, reorder=True, workers=2),
    dict(tuning=NO_SETS),
    dict(tuning=FEW_SETS, reorder=True),
    dict(workers=16),                                   # big segments cut into pieces across tasks
    dict(workers=64, tuning=SMALL_WORK, reorder=True),
]


def refinement_walk(data: SweepData, family) -> dict:
    out = {}
    walk(data, family, Task((), True), lambda p, c: out.__setitem__(p, c.tolist()))
    return out


def segment_sweep(data: SweepData, family, reorder=False, workers=1, tuning=None, **prepare) -> dict:
    back = None
    if reorder:
        data, family, back = segments.reorder(data, family)
    tree, subtrees = segments.prepare(data, family, **prepare)
    total = segments.TaskResult(len(tree.prefixes), data.width)
    by_dim = {s.dim: s for s in subtrees}
    seen = set()
    for task in segments.plan_segment_tasks(subtrees, tree, workers):
        assert (task.dim, task.lo, task.path, task.kids) not in seen
        seen.add((task.dim, task.lo, task.path, task.kids))
        credits = []
        total.add(segments.run_task(data, tree, by_dim[task.dim], task, data.width, lambda: False,
                                    credits.append, tuning))
        # progress: the work credited adds up to the task's estimate, whatever the splits
        assert sum(credits) == pytest.approx(task.estimate, rel=1e-12)
    counts = segments.finish(tree, total, len(data.sensitive_codes))
    if back is not None:
        counts = {tuple(sorted(back[i] for i in p)): v for p, v in counts.items()}
    return {p: v.tolist() for p, v in counts.items()}


@st.composite
def sweep_data(draw):
    """Random codes with duplicates, near-constant and dependent columns, a high-cardinality
    column now and then, 1 or 2 sensitive attributes of small cardinality."""
    n = draw(st.integers(1, 300))
    k = draw(st.integers(1, 5))
    seed = draw(st.integers(0, 2 ** 32 - 1))
    rng = np.random.default_rng(seed)
    cards, codes = [], []
    for j in range(k):
        shape = draw(st.sampled_from(["small", "big", "constant-ish", "dependent"]))
        if shape == "big":
            card = draw(st.integers(100, 70_000))
            column = rng.integers(0, card, n)
        elif shape == "constant-ish":
            card = draw(st.integers(1, 5))
            column = np.where(rng.random(n) < 0.95, 0, rng.integers(0, card, n))
        elif shape == "dependent" and codes:
            card = draw(st.integers(1, 4))
            column = codes[0] % card
        else:
            card = draw(st.integers(1, 8))
            column = rng.integers(0, card, n)
        # compact codes, as the encoder makes them
        _, column = np.unique(column, return_inverse=True)
        card = max(1, int(column.max()) + 1) if n else 1
        cards.append(card)
        codes.append(column.astype(np.uint8 if card <= 256 else np.uint16 if card <= 65536 else np.uint32))
    n_sens = draw(st.integers(1, 2))
    s_cards = [draw(st.integers(1, 5)) for _ in range(n_sens)]
    s_codes = [np.unique(rng.integers(0, c, n), return_inverse=True)[1].astype(np.uint8) for c in s_cards]
    s_cards = [max(1, int(c.max()) + 1) for c in s_codes]
    order = sorted(range(k), key=lambda i: -cards[i])
    data = SweepData([codes[i] for i in order], [cards[i] for i in order], s_codes, s_cards, n)
    if draw(st.booleans()):
        family = UpToFamily(k, draw(st.integers(1, k)))
    else:
        subsets = draw(st.lists(st.lists(st.integers(0, k - 1), min_size=1, max_size=k, unique=True),
                                min_size=1, max_size=6))
        family = ExplicitFamily(k, subsets)
    return data, family


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sweep_data())
@pytest.mark.slow
def test_segment_sweep_matches_the_refinement_walk_on_every_path(case):
    data, family = case
    expected = refinement_walk(data, family)
    assert len(expected) == family.total
    for knobs in KNOBS:
        assert segment_sweep(data, family, **knobs) == expected, knobs


def test_a_segment_task_leaves_no_cycle_that_keeps_its_arrays():
    """A run pauses the collector: a task whose walk functions referred to one another kept its
    arrays (as large as its rows) alive until the run ended (48M rows: 3.5 GB more by the
    sweep's end)."""
    rng = np.random.default_rng(7)
    codes = [rng.integers(0, card, 2000).astype(np.uint8) for card in (40, 12, 6, 3)]
    data = SweepData(codes, [40, 12, 6, 3], [rng.integers(0, 3, 2000).astype(np.uint8)], [3], 2000)
    tree, subtrees = segments.prepare(data, UpToFamily(4, 4))
    by_dim = {s.dim: s for s in subtrees}
    tasks = segments.plan_segment_tasks(subtrees, tree, 2)

    def run_all() -> None:
        for task in tasks:
            segments.run_task(data, tree, by_dim[task.dim], task, data.width, lambda: False, lambda _: None)

    run_all()               # kernels compiled or loaded first: numba's own garbage is not the walk's
    gc.collect()
    gc.disable()
    try:
        run_all()
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        kept = [o.__name__ for o in gc.garbage
                if isinstance(o, types.FunctionType) and o.__code__.co_filename == segments.__file__]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert len(tasks) > 1 and kept == []


def _frame(rows: int, seed: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    school = rng.integers(0, 300, rows)
    return pd.DataFrame({
        "q_school": school,
        "q_town": school // 10,                                  # a function of the school
        "q_day": rng.integers(1, 29, rows),
        "q_sex": rng.integers(0, 2, rows),
        "q_country": np.where(rng.random(rows) < 0.97, 76, rng.integers(0, 50, rows)),
        "q_year": pd.array(np.where(rng.random(rows) < 0.05, None, rng.integers(2000, 2010, rows)),
                           dtype="Int64"),
        "s_rare": np.where(rng.random(rows) < 0.03, "yes", "no"),
        "s_grade": rng.integers(0, 4, rows),
    })


@pytest.fixture
def segment_path(monkeypatch):
    """Every sweep takes the segment path, with tiny work sizes (splits in every task)."""
    monkeypatch.setattr(segments, "MIN_ROW_SUBSETS", 0)
    monkeypatch.setattr(segments, "BATCH_WORK", 64)
    monkeypatch.setattr(segments, "SPLIT_WORK", 256)
    monkeypatch.setattr(segments, "SPLIT_ROWS", 16)


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.slow
def test_api_on_the_segment_path_matches_pandas(segment_path, jobs):
    frame = _frame(3000, seed=jobs)
    qids = [c for c in frame.columns if c.startswith("q")]
    sensitive = [c for c in frame.columns if c.startswith("s")]
    run = run_assessment(config_for(qids, sensitive, jobs=jobs), table=table_from_frame(frame))
    assert len(run.reidentification) == 2 ** len(qids) - 1
    for r in run.reidentification:
        blocks, singles, _, _ = reference(frame, list(r.qids), sensitive[0])
        assert (r.blocks, r.singletons) == (blocks, singles), r.qids
    for i in run.inference:
        _, _, expected, constant = reference(frame, list(i.qids), i.sensitive)
        assert (i.expected_correct, i.records_certain) == (expected, constant), (i.qids, i.sensitive)


def _qids_and_table(seed: int):
    frame = _frame(3000, seed=seed)
    return [c for c in frame.columns if c.startswith("q")], table_from_frame(frame)


def test_the_segment_sweep_runs_its_tasks_on_threads_of_this_process(segment_path, monkeypatch):
    """jobs=2: the tasks run on two threads of this process (no worker process), whose kernels
    release the GIL; the counts equal one thread's."""
    qids, table = _qids_and_table(8)
    ran_on = []
    run_task = segments.run_task

    def recorded(*args, **kwargs):
        ran_on.append(threading.current_thread().name)
        return run_task(*args, **kwargs)

    monkeypatch.setattr(segments, "run_task", recorded)
    monkeypatch.setattr(runner, "_run_pool", lambda *a, **k: pytest.fail("no worker process for the segment sweep"))
    seen: dict[int, list] = {1: [], 2: []}
    two = run_assessment(config_for(qids, ["s_rare", "s_grade"], jobs=2), table=table, on_progress=seen[2].append)
    assert len(set(ran_on)) == 2 and all(name.startswith(runner.THREAD_PREFIX) for name in ran_on)
    assert multiprocessing.active_children() == [] and sweep_threads() == []
    ran_on.clear()
    one = run_assessment(config_for(qids, ["s_rare", "s_grade"], jobs=1), table=table, on_progress=seen[1].append)
    assert set(ran_on) == {threading.main_thread().name}
    for reports in seen.values():       # the work done, in subsets, counting up to all of them
        sweep = [(p.done, p.total) for p in reports if p.stage == "sweep"]
        assert sweep[-1] == (2 ** len(qids) - 1,) * 2 and sweep == sorted(sweep)
    assert (two.reidentification, two.inference, two.histograms) == (one.reidentification, one.inference,
                                                                     one.histograms)
    from engine.sweep import kernels

    assert all(kernel.targetoptions.get("nogil") for kernel in (kernels.process, kernels.group_blocks, kernels.pack))


def test_a_cancel_during_the_threaded_sweep_stops_every_thread(segment_path, monkeypatch):
    """Cancelled at the first work credited: Cancelled, no sweep thread left, tasks not yet
    begun never run; the next run is whole."""
    qids, table = _qids_and_table(5)
    token = CancelToken()
    begun = []
    run_task = segments.run_task

    def cancelling(data, tree, subtree, task, width, stopped, credit, *rest):
        begun.append(task)

        def credit_then_cancel(amount):
            credit(amount)
            token.cancel()

        return run_task(data, tree, subtree, task, width, stopped, credit_then_cancel, *rest)

    monkeypatch.setattr(segments, "run_task", cancelling)
    with pytest.raises(Cancelled):
        run_assessment(config_for(qids, ["s_rare"], jobs=2), table=table, cancel=token)
    assert sweep_threads() == []
    planned = segments.plan_segment_tasks
    counted = []
    monkeypatch.setattr(segments, "plan_segment_tasks", lambda *a: counted.append(planned(*a)) or counted[-1])
    monkeypatch.setattr(segments, "run_task", run_task)
    run = run_assessment(config_for(qids, ["s_rare"], jobs=2), table=table)   # the next run is whole
    assert len(run.reidentification) == 2 ** len(qids) - 1
    assert 1 <= len(begun) <= 4 < len(counted[0])


def test_an_error_in_one_sweep_thread_stops_the_other_and_reaches_the_caller(segment_path, monkeypatch):
    qids, table = _qids_and_table(6)
    begun = []
    run_task = segments.run_task

    def counted(*args, **kwargs):
        begun.append(1)
        return run_task(*args, **kwargs)

    monkeypatch.setattr(segments, "run_task", counted)
    run_assessment(config_for(qids, ["s_rare"], jobs=2), table=table)
    every = len(begun)
    begun.clear()

    def failing(*args, **kwargs):
        begun.append(1)
        if len(begun) == 3:
            raise MemoryError("no room for the task's rows")
        return run_task(*args, **kwargs)

    monkeypatch.setattr(segments, "run_task", failing)
    with pytest.raises(MemoryError, match="no room for the task's rows"):
        run_assessment(config_for(qids, ["s_rare"], jobs=2), table=table)
    # the other thread begins at most the tasks it took before the stop (a few, more on a busy machine)
    assert every >= 20 and sweep_threads() == [] and len(begun) <= every // 2, (every, len(begun))


def test_segment_path_equals_refinement_path_through_the_api(monkeypatch):
    frame = _frame(4000, seed=11)
    qids = [c for c in frame.columns if c.startswith("q")]
    table = table_from_frame(frame)
    config = config_for(qids, ["s_rare", "s_grade"], subsets="max-size:4")
    monkeypatch.setattr(segments, "MIN_ROW_SUBSETS", 10 ** 18)
    plain = run_assessment(config, table=table)
    monkeypatch.setattr(segments, "MIN_ROW_SUBSETS", 0)
    fast = run_assessment(replace(config, jobs=2), table=table)
    assert fast.reidentification == plain.reidentification
    assert fast.inference == plain.inference
    assert fast.histograms == plain.histograms


def test_dependencies_are_found_from_the_data():
    frame = _frame(2000, seed=3)
    table = table_from_frame(frame)
    qids = ["q_school", "q_town", "q_day", "q_sex"]
    columns = [table[q] for q in qids]
    order = walk_order(columns)
    data = SweepData([columns[i].codes for i in order], [columns[i].cardinality for i in order],
                     [table["s_rare"].codes], [table["s_rare"].cardinality], table.n_rows)
    found = segments.dependencies(data)
    names = [qids[i] for i in order]
    assert {(names[d], names[c]) for c, ds in found.items() for d in ds} == {("q_school", "q_town")}
    tree = segments.Tree.of(UpToFamily(4, 4), found)
    # every subset holding both school and town copies the one without town: 4 of 15
    assert int((tree.alias != np.arange(len(tree.prefixes))).sum()) == 4
    assert int(tree.subtree[0]) == 15


def test_the_segment_path_serves_large_sweeps_only_and_never_privacy_models():
    data = SweepData([np.zeros(10, np.uint8)], [1], [], [], 10)
    assert not segments.use_segments(data, UpToFamily(1, 1))
    rows = segments.MIN_ROW_SUBSETS // 3
    codes = [np.zeros(1, np.uint8)] * 2              # only the row count matters here
    assert not segments.use_segments(SweepData(codes, [1, 1], [], [], rows - 1), UpToFamily(2, 2))
    big = SweepData(codes, [1, 1], [], [], rows)
    assert segments.use_segments(big, UpToFamily(2, 2))
    assert not segments.use_segments(replace(big, distributions=[]), UpToFamily(1, 1))


def test_worker_processes_only_when_the_work_pays_for_their_start():
    start = runner.WORKER_START_SECONDS
    walk_break_even = start * runner.WALK_ROW_SUBSETS_PER_SECOND / (1 - 1 / 2)   # row-subsets
    assert not runner.pool_pays(1e12, 1)
    assert not runner.pool_pays(0.99 * walk_break_even, 2)
    assert runner.pool_pays(1.01 * walk_break_even, 2)
    # four workers share the same work more finely: they pay off sooner
    assert runner.pool_pays(0.8 * walk_break_even, 4)


def test_small_work_with_two_jobs_starts_no_worker(monkeypatch):
    frame = _frame(300, seed=5)
    qids = [c for c in frame.columns if c.startswith("q")]
    started = []
    monkeypatch.setattr(runner, "_run_pool", lambda *a, **k: started.append(1))
    run = run_assessment(config_for(qids, ["s_rare"], jobs=2), table=table_from_frame(frame))
    assert started == [] and len(run.reidentification) == 2 ** len(qids) - 1


def test_warm_up_compiles_every_kernel():
    assert segments.warm_up() >= 0.0


# --- the census generator -----------------------------------------------------------------
def _generator():
    import importlib.util

    spec = importlib.util.spec_from_file_location("census_generator", ROOT / "benchmarks/census_generator.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_census_generator_is_seeded_chunked_and_census_shaped(tmp_path):
    gen = _generator()
    one = gen.write(tmp_path / "a.parquet", 30_000, seed=5, chunk_rows=7_000)
    two = gen.write(tmp_path / "b.parquet", 30_000, seed=5, chunk_rows=7_000)
    assert pq.ParquetFile(one).metadata.num_row_groups == 5
    a, b = pq.read_table(one), pq.read_table(two)
    assert a.equals(b)
    frame = a.to_pandas()
    assert list(frame.columns) == gen.QIDS + gen.SENSITIVE
    assert frame["birth_month"].between(1, 12).all() and frame["birth_day"].between(1, 31).all()
    assert frame["sex"].nunique() == 2 and frame["race"].nunique() == 6
    assert set(frame["school_type"]) == {1, 2, 3, 4} and set(frame["nationality"]) == {1, 2, 3}
    assert 50 <= frame["birth_year"].nunique() <= 100
    assert frame["birth_year"].between(1999, 2018).mean() > 0.95
    assert (frame["country_of_birth"] == gen.BRAZIL).mean() > 0.99
    # schools nest in the residence municipality; birth is residence for most, missing abroad
    assert frame.groupby("school")["municipality_residence"].nunique().max() == 1
    assert frame.groupby("school")["school_type"].nunique().max() == 1
    assert 0.85 < (frame["municipality_birth"] == frame["municipality_residence"]).mean() < 0.92
    assert frame["municipality_birth"].isna().equals(frame["nationality"] != 1)
    assert frame["municipality_residence"].nunique() > 2_000 and frame["school"].nunique() > 15_000
    assert 0.005 < frame["special_needs"].mean() < 0.03 and 0.01 < frame["bolsa_familia"].mean() < 0.08


@pytest.mark.slow
def test_census_sweep_through_the_product_path_matches_pandas(tmp_path, segment_path):
    gen = _generator()
    path = gen.write(tmp_path / "census.parquet", 20_000, seed=1)
    qids = ["birth_year", "sex", "country_of_birth", "municipality_birth", "municipality_residence",
            "school", "school_type"]
    table = load_table(DataSource(str(path)), qids + gen.SENSITIVE)
    run = run_assessment(replace(config_for(qids, gen.SENSITIVE, jobs=2), data=DataSource(str(path))),
                         table=table)
    frame = pd.read_parquet(path)
    assert len(run.reidentification) == 127
    by_qids = {r.qids: r for r in run.reidentification}
    inference = {(i.qids, i.sensitive): i for i in run.inference}
    for names in [("school",), ("birth_year", "school"), ("municipality_residence", "school"),
                  ("birth_year", "sex", "municipality_birth", "school_type"), tuple(qids)]:
        for s in gen.SENSITIVE:
            blocks, singles, expected, constant = reference(frame, list(names), s)
            assert (by_qids[names].blocks, by_qids[names].singletons) == (blocks, singles)
            assert (inference[(names, s)].expected_correct, inference[(names, s)].records_certain) == \
                (expected, constant)


def _canonical(ids: np.ndarray) -> np.ndarray:
    """Block ids renumbered by first appearance (a partition's labels do not matter)."""
    _, first, inverse = np.unique(ids, return_index=True, return_inverse=True)
    rank = np.empty(len(first), np.int64)
    rank[np.argsort(first)] = np.arange(len(first))
    return rank[inverse]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.integers(1, 2000),
       st.lists(st.sampled_from([1, 2, 3, 7, 31, 300, 70_000]), min_size=1, max_size=6))
def test_linear_partition_equals_the_hashed_one(seed, n, cards):
    from engine.sweep import partition as partition_module

    rng = np.random.default_rng(seed)
    columns = [(rng.integers(0, c, n).astype(np.uint8 if c <= 256 else np.uint32), c) for c in cards]
    saved = partition_module.LINEAR_MIN_ROWS, partition_module.COMBINED_CODES
    try:
        partition_module.LINEAR_MIN_ROWS = 10 ** 12
        ids, n_blocks, sizes = partition_module.partition(columns, n)
        for combined in (1, 64, 1 << 22):
            partition_module.LINEAR_MIN_ROWS, partition_module.COMBINED_CODES = 0, combined
            fast_ids, fast_blocks, fast_sizes = partition_module.partition(columns, n)
            assert fast_blocks == n_blocks
            assert np.array_equal(_canonical(fast_ids), _canonical(ids))
            assert np.array_equal(fast_sizes, np.bincount(fast_ids, minlength=fast_blocks))
    finally:
        partition_module.LINEAR_MIN_ROWS, partition_module.COMBINED_CODES = saved


def test_the_special_uniques_walk_starts_workers_from_its_own_estimate(monkeypatch):
    codes = [np.zeros(1, np.uint8)] * 7                  # only the sizes matter here
    survey = SweepData(codes, [1] * 7, [], [], 1_000_000, unique_rows=np.zeros(19_053, np.int64))
    census = SweepData(codes[:4], [1] * 4, [], [], 1_000_000, unique_rows=np.zeros(999_788, np.int64))
    seven, eleven_up_to_4 = UpToFamily(7, 7), UpToFamily(11, 4)
    # 1M x 127 subsets with few candidates: 127M/180M + 2.4M/110M = 0.73 s, less than a worker's start saves
    assert runner.walk_row_subsets(survey, seven) == pytest.approx(
        (127e6 / 180e6 + 19_053 * 127 / 110e6) * runner.WALK_ROW_SUBSETS_PER_SECOND)
    assert not runner.pool_pays(runner.walk_row_subsets(survey, seven), 2)
    # 1M x 561 subsets, every record a candidate: 8.2 s, the second process pays
    assert runner.pool_pays(runner.walk_row_subsets(census, eleven_up_to_4), 2)
    # without candidates the walk's estimate is rows x subsets, as before
    assert runner.walk_row_subsets(replace(survey, unique_rows=None), seven) == 127e6
    started = []
    monkeypatch.setattr(runner, "_run_pool", lambda *a, **k: started.append(1))
    monkeypatch.setattr(runner, "_run_here", lambda *a, **k: {})
    runner.run_sweep(survey, seven, jobs=2)
    assert started == []


def _five_qids() -> tuple[segments.Tree, list[segments.Subtree]]:
    """The prepared tree and subtrees of 20,000 random rows on 5 QIDs of 300 to 3 codes."""
    rng = np.random.default_rng(1)
    n, cards = 20_000, [300, 50, 20, 5, 3]
    data = SweepData([rng.integers(0, c, n).astype(np.uint16) for c in cards], cards,
                     [rng.integers(0, 2, n).astype(np.uint8)], [2], n)
    return segments.prepare(data, UpToFamily(5, 5))


def test_tasks_take_turns_across_subtrees_then_the_small_ones_largest_first():
    tree, subtrees = _five_qids()
    tasks = segments.plan_segment_tasks(subtrees, tree, 2, 16)
    share = sum(t.estimate for t in tasks) / 32
    full = [t for t in tasks if t.estimate >= share / 2]
    assert tasks[:len(full)] == full and len({t.dim for t in full}) == 2      # two subtrees are cut into pieces
    for dim in {t.dim for t in full}:
        mine = [i for i, t in enumerate(full) if t.dim == dim]
        pieces = [full[i] for i in mine]
        assert [t.lo for t in pieces] == sorted(t.lo for t in pieces)        # each subtree in order ...
        # ... and spread over the run: no stretch of a quarter of the full tasks without a piece of it
        assert max(np.diff([0] + mine + [len(full)])) <= len(full) // 4
    rest = [t.estimate for t in tasks[len(full):]]
    assert rest == sorted(rest, reverse=True) and rest
    covered = sorted((t.dim, t.lo, t.hi) for t in tasks)
    for s in subtrees:
        edges = [(lo, hi) for d, lo, hi in covered if d == s.dim]
        assert edges[0][0] == 0 and edges[-1][1] == len(s.bounds) - 1
        assert all(a[1] == b[0] for a, b in zip(edges, edges[1:]))


def test_no_task_is_worth_much_more_than_task_work(monkeypatch):
    """On large tables the share per task is capped (segments.TASK_WORK), so the last tasks are
    short and the workers end together: here the cap is 1/200 of the work."""
    tree, subtrees = _five_qids()
    uncapped = segments.plan_segment_tasks(subtrees, tree, 2, 16)
    total = sum(t.estimate for t in uncapped)
    monkeypatch.setattr(segments, "TASK_WORK", total / 200)
    tasks = segments.plan_segment_tasks(subtrees, tree, 2, 16)
    assert len(uncapped) < 40 and len(tasks) >= 150
    assert max(t.estimate for t in tasks) <= 2 * segments.TASK_WORK
    assert sum(t.estimate for t in tasks) == pytest.approx(total, rel=1e-12)


def test_a_segment_too_big_for_one_task_is_cut_into_pieces_below_it():
    """85% of the rows share one code of the first QID: that segment alone is several tasks'
    share; its pieces cover every subset below it exactly once and count what one task does."""
    rng = np.random.default_rng(3)
    n, cards = 20_000, [40, 30, 20, 10, 6, 4]
    codes = [rng.integers(0, c, n).astype(np.uint16) for c in cards]
    codes[0][rng.random(n) < 0.85] = 7
    data = SweepData(codes, cards, [rng.integers(0, 3, n).astype(np.uint8)], [3], n)
    tree, subtrees = segments.prepare(data, UpToFamily(6, 6))
    by_dim = {s.dim: s for s in subtrees}
    tasks = segments.plan_segment_tasks(subtrees, tree, 2, 8)
    share = sum(t.estimate for t in tasks) / 16
    pieces = [t for t in tasks if t.path or t.kids is not None]
    assert pieces and {(t.dim, t.lo, t.hi) for t in pieces} == {(0, 7, 8)}
    assert max(len(t.path) for t in pieces) >= 2 and all(t.estimate <= share for t in pieces)
    segment = by_dim[0].bounds[8] - by_dim[0].bounds[7]
    assert sum(t.estimate for t in pieces) == pytest.approx(segment * tree.walk_size[by_dim[0].node])

    def subtree(node):
        return [node] + [v for ci in tree.children(node) for v in subtree(int(tree.child_node[ci]))]

    covered = []
    for t in pieces:
        node = int(tree.child_node[t.path[-1]]) if t.path else by_dim[0].node
        assert all(tree.parent[tree.child_node[ci]] == tree.child_node[prev]
                   for prev, ci in zip(t.path, t.path[1:]))
        if t.kids is None:
            covered += subtree(node)
        else:
            covered += [node] * t.own + [v for ci in range(*t.kids) for v in subtree(int(tree.child_node[ci]))]
    assert sorted(covered) == sorted(subtree(by_dim[0].node))

    def counts(plan):
        total = segments.TaskResult(len(tree.prefixes), data.width)
        for task in plan:
            credits = []
            total.add(segments.run_task(data, tree, by_dim[task.dim], task, data.width, lambda: False,
                                        credits.append))
            assert sum(credits) == pytest.approx(task.estimate, rel=1e-12)
        return {p: v.tolist() for p, v in segments.finish(tree, total, 1).items()}

    assert counts(tasks) == counts(segments.plan_segment_tasks(subtrees, tree, 1))


@pytest.mark.parametrize("block", [7, 40, 63, 64, 65, 100, 127, 128, 129])
@pytest.mark.parametrize("weighted", [False, True])
def test_row_sets_walk_blocks_at_and_around_64_and_128_rows(block, weighted):
    """One block of ``block`` rows on the first QID (the rest spread thin), walked below by row
    sets of one word up to 64 rows, of two words up to 128 and by grouping above (or by one-word
    sets up to 64 rows only, or by grouping only); with weights (collapsed rows) or not, every
    subset's counts equal the refinement walk's."""
    rng = np.random.default_rng(block)
    n = block + 30
    first = np.r_[np.zeros(block, np.int64), np.arange(1, 31)]
    # the last QID keeps the key space below the first above the block, so it is walked as it is
    codes = [first, rng.integers(0, 3, n), rng.integers(0, 2, n), rng.integers(0, 5, n), np.zeros(n, np.int64),
             rng.integers(0, 40, n)]
    if weighted:   # duplicated rows, so that the sweep works on collapsed, weighted rows
        codes = [np.r_[c, c[:block]] for c in codes]
        n += block
    codes = [np.unique(c, return_inverse=True)[1].astype(np.uint8) for c in codes]
    cards = [int(c.max()) + 1 for c in codes]
    sensitive = [rng.integers(0, 3, n).astype(np.uint8)]
    sensitive[0][:block // 2] = 0              # some classes constant, some not
    data = SweepData(codes, cards, [np.unique(sensitive[0], return_inverse=True)[1].astype(np.uint8)],
                     [int(sensitive[0].max()) + 1], n)
    family = UpToFamily(6, 6)
    expected = refinement_walk(data, family)
    one_word = segments.Tuning(batch_work=1 << 23, split_work=1 << 25, split_rows=1 << 12, collapse_keys=1 << 16,
                               bits_rows=64)
    for knobs in (dict(), dict(tuning=NO_SETS), dict(tuning=one_word), dict(chain_share=2.0, collapse_share=2.0)):
        assert segment_sweep(data, family, **knobs) == expected, knobs
