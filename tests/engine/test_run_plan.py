"""engine/assessment/run_plan.py: the ranges of a sweep on worker processes and of linked releases, checked
by hand on small plans, and the properties every plan keeps (no timing is measured here)."""

import pytest
from hypothesis import given, settings, strategies as st

from engine.assessment import run as assessment_run
from engine.assessment import run_plan
from engine.analysis.config import AnalysisConfig, DataSource, Linkage, Release, Roles, SubsetFamily
from engine.assessment.run_plan import plan_assessment, sweep_range, sweep_seconds
from engine.analysis.sample_options import SampleOptions
from engine.sweep import runner


@pytest.fixture
def two_cpus(monkeypatch):
    """Plans as on a machine with at least 2 CPUs, whatever this one has."""
    monkeypatch.setattr(assessment_run, "cap_jobs", lambda jobs: max(1, int(jobs)))


def test_the_100k_example_on_two_processes_is_a_range_from_parallel_to_one_cpu(two_cpus):
    """Estimated 1.30 s (1.34 s when the rest was priced at 6e-7 s a row, 1.302 s at 2e-7), measured 6.9 s on a loaded machine: the workers had no CPU to spare.
    100,000 rows x 1,023 subsets walked (not compiled): W = 1.023e8 / 75e6 = 1.364 s."""
    assert runner.WALK_ROW_SUBSETS_PER_SECOND == 75e6 and runner.WORKER_START_SECONDS == 0.6
    assert runner.KERNEL_LOAD_SECONDS == 0.7 and run_plan.OTHER_SECONDS_PER_ROW == 1.3e-7
    plan = assessment_run.sweep_plan(100_000, 1_023, 2)
    assert plan.workers == 2 and not plan.compiled
    low, high = sweep_range(100_000, 1_023, 2)
    assert low == pytest.approx(0.6 + 1.364 / 2 + 0.013)           # 1.295: each worker on its own CPU
    assert high == pytest.approx(2 * 0.6 + 1.364 + 0.013)           # 2.577: the workers share one CPU
    config = AnalysisConfig(data=DataSource("x.csv"), roles=Roles(tuple(f"q{i}" for i in range(10)), ()), jobs=2)
    whole = plan_assessment(config, 100_000)
    assert whole.is_range and (whole.low, whole.high) == pytest.approx((low, high))


def test_one_process_has_one_figure(two_cpus):
    """20,000 rows x 1,023 subsets: the pool would not pay (W (1 - 1/2) = 0.136 s < 0.6 s)."""
    low, high = sweep_range(20_000, 1_023, 2)
    assert low == high == pytest.approx(20_000 * 1_023 / 75e6 + 0.0026)     # the rest: 1.3e-7 s a row
    assert sweep_seconds(20_000, 1_023, 2) == low


def test_suda_and_scenarios_on_workers_carry_the_range(two_cpus):
    rows, roles = 1_000_000, Roles(tuple(f"q{i}" for i in range(10)), ())
    config = AnalysisConfig(data=DataSource("x.csv"), roles=roles, jobs=2, subsets=SubsetFamily("exact"),
                            sample=SampleOptions(suda=True, suda_max_size=3))
    suda = plan_assessment(config, rows).parts[2]
    low, high = sweep_range(rows, 10 + 45 + 120, 2, models=True)
    assert low < high
    assert (suda.low, suda.high) == pytest.approx((0.5 * low, 0.5 * high))   # SUDA_WALK_FACTOR, measured


def test_linked_releases_aggregate_is_a_range():
    """Two later releases of 50,000 rows, QIDs a, b, d in each and c@2014 once: 10 labelled QIDs,
    subsets of at most 2 = 10 + 45 = 55, walked at 75e6 row-subsets/s in one process."""
    releases = tuple(Release(DataSource(f"r{i}.csv"), str(2015 + i)) for i in range(2))
    config = AnalysisConfig(data=DataSource("x.csv"), roles=Roles(("a", "b", "c@2014", "d"), ()),
                            subsets=SubsetFamily("max-size", max_size=2),
                            linkage=Linkage(key="id", focal_label="2014", releases=releases))
    linked = plan_assessment(config, 50_000).parts[1]
    aggregate = 50_000 * 55 / 75e6 + 1.3e-7 * 50_000
    link = 5e-7 * 50_000 * 2
    assert linked.name == "linked"
    assert linked.high == pytest.approx(aggregate + link)
    assert linked.low == pytest.approx(aggregate / 3 + link)


@settings(max_examples=200, deadline=None)
@given(rows=st.integers(1, 5_000_000), subsets=st.integers(1, 5_000), jobs=st.integers(1, 8),
       models=st.booleans())
def test_every_sweep_range_is_ordered_and_never_below_the_plans_own_figure(rows, subsets, jobs, models):
    """low <= high; one worker gives one figure; on several the low end is below what one alone
    would take, and the high end that much (threads) or more (worker processes, only when they
    pay)."""
    low, high = sweep_range(rows, subsets, jobs, models)
    plan = assessment_run.sweep_plan(rows, subsets, jobs, models)
    assert 0 < low <= high
    if plan.workers == 1:
        assert low == high
    else:
        alone = sweep_range(rows, subsets, 1, models)[1]
        assert low < alone <= high
        assert plan.compiled or alone < high     # threads start nothing; worker processes do
