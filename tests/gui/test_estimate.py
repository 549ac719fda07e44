"""gui/estimate.py: the window's run-time estimate follows the engine's plan and measured
throughput (engine.sweep.runner), and a measured run's rate is its exact inverse."""

import pytest

from engine.api import sweep_plan
from engine.sweep import runner, segments
from engine.workers import cap_jobs
from gui.estimate import OTHER_SECONDS_PER_ROW, estimate_seconds, measured_rate

WALK, SEGMENT = runner.WALK_ROW_SUBSETS_PER_SECOND, runner.SEGMENT_ROW_SUBSETS_PER_SECOND


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_example_and_300k_rows_are_walked_in_this_process(jobs):
    for rows, subsets in ((20_000, 1_023), (300_000, 255)):
        expected = rows * subsets / WALK + OTHER_SECONDS_PER_ROW * rows
        assert estimate_seconds(rows, subsets, jobs) == pytest.approx(expected, rel=1e-12)
        assert sweep_plan(rows, subsets, jobs).processes == 1
    assert estimate_seconds(20_000, 1_023, 2) < 0.5          # the example, measured at ~0.3 s in the window


def test_a_million_rows_load_the_kernels_and_use_workers_when_they_pay():
    rows = 1_000_000
    small = rows * 255 / SEGMENT + runner.KERNEL_LOAD_SECONDS + OTHER_SECONDS_PER_ROW * rows
    assert rows * 255 >= segments.MIN_ROW_SUBSETS
    assert estimate_seconds(rows, 255, 2) == pytest.approx(small, rel=1e-12)       # no pool: it would not pay
    work = rows * 2_047 / SEGMENT
    plan = sweep_plan(rows, 2_047, 2)
    if cap_jobs(2) == 2:
        assert plan.processes == 2 and runner.pool_pays(rows * 2_047, 2, True)
        start = runner.KERNEL_LOAD_SECONDS + runner.WORKER_START_SECONDS
        assert estimate_seconds(rows, 2_047, 2) == pytest.approx(start + work / 2 + OTHER_SECONDS_PER_ROW * rows)
    assert estimate_seconds(rows, 2_047, 1) == pytest.approx(runner.KERNEL_LOAD_SECONDS + work
                                                             + OTHER_SECONDS_PER_ROW * rows)


def test_privacy_models_always_walk():
    plan = sweep_plan(2_000_000, 1_023, 1, models=True)
    assert not plan.compiled and plan.row_subsets_per_second == WALK and plan.start_seconds == 0.0


@pytest.mark.parametrize("rows, subsets, jobs", [(20_000, 1_023, 2), (300_000, 255, 1), (1_000_000, 2_047, 2)])
def test_a_measured_rate_reproduces_its_run(rows, subsets, jobs):
    for seconds in (0.9, 4.0, 30.0):
        rate = measured_rate(rows, subsets, jobs, seconds)
        if rate is None:                                   # shorter than the plan's fixed costs
            assert seconds <= estimate_seconds(rows, subsets, jobs, rate=1e-300)
            continue
        assert estimate_seconds(rows, subsets, jobs, rate) == pytest.approx(seconds, rel=1e-12)
    assert measured_rate(10, 10, 1, 1.0) is None
