"""gui/estimate.py: the window's run-time estimate follows the engine's plan and measured
throughput (engine.sweep.runner), and a measured run's rate is its exact inverse."""

import pytest

from engine.api import sweep_plan
from engine.sweep import runner, segments
from engine.foundation.workers import cap_jobs
from engine.assessment import run_plan
from engine.analysis.config import AnalysisConfig, DataSource, Linkage, Release, Roles, SubsetFamily
from engine.assessment.run_plan import plan_assessment, plan_suggest, sweep_seconds
from engine.analysis.sample_options import SampleOptions
from engine.analysis.scenario_steps import Drop, HierarchySpec, LocalSuppression, Recode, Scenario
from gui.estimate import OTHER_SECONDS_PER_ROW, estimate_seconds, measured_rate

WALK, SEGMENT = runner.WALK_ROW_SUBSETS_PER_SECOND, runner.SEGMENT_ROW_SUBSETS_PER_SECOND


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_example_and_300k_rows_are_walked_in_this_process(jobs):
    for rows, subsets in ((20_000, 1_023), (300_000, 255)):
        expected = rows * subsets / WALK + OTHER_SECONDS_PER_ROW * rows
        assert estimate_seconds(rows, subsets, jobs) == pytest.approx(expected, rel=1e-12)
        assert sweep_plan(rows, subsets, jobs).workers == 1
    assert estimate_seconds(20_000, 1_023, 2) < 0.5          # the example, measured at ~0.3 s in the window


def test_a_million_rows_load_the_kernels_and_sweep_on_threads():
    """The segment sweep: the kernels' load, then the work shared by ``jobs`` threads (nothing
    to start, so they always share it)."""
    rows = 1_000_000
    assert rows * 255 >= segments.MIN_ROW_SUBSETS
    work = rows * 255 / SEGMENT
    if cap_jobs(2) == 2:
        assert sweep_plan(rows, 255, 2).workers == 2
        assert estimate_seconds(rows, 255, 2) == pytest.approx(runner.KERNEL_LOAD_SECONDS + work / 2
                                                               + OTHER_SECONDS_PER_ROW * rows, rel=1e-12)
    work = rows * 2_047 / SEGMENT
    plan = sweep_plan(rows, 2_047, 2)
    assert plan.compiled and plan.start_seconds == runner.KERNEL_LOAD_SECONDS
    assert plan.workers == cap_jobs(2)
    assert estimate_seconds(rows, 2_047, 2) == pytest.approx(runner.KERNEL_LOAD_SECONDS + work / plan.workers
                                                             + OTHER_SECONDS_PER_ROW * rows)
    assert estimate_seconds(rows, 2_047, 1) == pytest.approx(runner.KERNEL_LOAD_SECONDS + work
                                                             + OTHER_SECONDS_PER_ROW * rows)


def test_privacy_models_always_walk():
    plan = sweep_plan(2_000_000, 1_023, 1, models=True)
    assert not plan.compiled and plan.row_subsets_per_second == WALK and plan.start_seconds == 0.0


@pytest.mark.parametrize("rows, subsets, jobs", [(20_000, 1_023, 2), (300_000, 255, 1), (1_000_000, 2_047, 2)])
def test_a_measured_rate_reproduces_its_run(rows, subsets, jobs):
    reference = estimate_seconds(rows, subsets, jobs)
    for seconds in (0.9, 4.0, 30.0):
        rate = measured_rate(rows, subsets, jobs, seconds)
        if rate is None:                                   # shorter than the plan's fixed costs
            assert seconds <= estimate_seconds(rows, subsets, jobs, rate=1e-300)
            continue
        again = estimate_seconds(rows, subsets, jobs, rate)
        if reference / 10 < seconds < reference * 10:      # the learned rate counts within 10x
            assert again == pytest.approx(seconds, rel=1e-12)
        else:
            assert again == pytest.approx(estimate_seconds(rows, subsets, jobs, rate=1 / plan_rate(rows, subsets, jobs)
                                                           * (10 if seconds > reference else 0.1)), rel=1e-12)
    assert measured_rate(10, 10, 1, 1.0) is None


def plan_rate(rows, subsets, jobs):
    return sweep_plan(rows, subsets, jobs).row_subsets_per_second


def test_a_short_sweep_teaches_no_rate_and_a_wild_one_is_bounded():
    """The old estimate learnt from the whole run's time: a 3 s SUDA run over one subset of 20,000
    rows taught 1.5e-4 s per row-subset, and the example then read "about 51 min"."""
    assert measured_rate(20_000, 1, 1, 3.0) is None                 # 20,000 row-subsets: too short to time
    reference = estimate_seconds(20_000, 1_023, 1)
    assert estimate_seconds(20_000, 1_023, 1, rate=1.5e-4) <= 10 * reference + OTHER_SECONDS_PER_ROW * 20_000


def _config(**kwargs):
    roles = Roles(tuple(f"q{i}" for i in range(10)), ())
    return AnalysisConfig(data=DataSource("x.csv"), roles=roles, **kwargs)


def test_the_plan_prices_sample_measures_and_suda():
    """The window said "under 1 s" for an 11 s SUDA run: SUDA was not in the estimate."""
    rows = 1_000_000
    config = _config(subsets=SubsetFamily("exact"), sample=SampleOptions(suda=True, suda_max_size=3))
    plan = plan_assessment(config, rows)
    assert [p.name for p in plan.parts] == ["sweep", "sample", "suda"] and not plan.is_range
    assert plan.parts[0].high == pytest.approx(sweep_seconds(rows, 1, 1))
    assert plan.parts[1].high == pytest.approx(run_plan.SAMPLE_SECONDS + run_plan.KEY_SECONDS_PER_ROW * rows * 21)
    suda_subsets = 10 + 45 + 120                                  # every subset of at most 3 of 10
    assert plan.parts[2].high == pytest.approx(run_plan.SUDA_WALK_FACTOR * sweep_seconds(rows, suda_subsets, 1,
                                                                                           models=True))
    assert plan.high > 5 * estimate_seconds(rows, 1, 1)          # this run: 2.2-2.3 s, the plan 1.95 s
    assert [p.name for p in plan_assessment(_config(), rows).parts] == ["sweep"]


def test_the_plan_prices_each_scenario_by_the_subsets_it_sweeps_again():
    """A scenario that only drops or recodes columns keeps the original's results for every
    subset without a recoded column (engine.remediation.scenarios): the plan priced a full
    sweep for each, 3.8 s for a run of 1.3 s on the census example at 100,000 rows."""
    band = HierarchySpec("intervals", params=(("widths", (5.0,)),))
    scenarios = (Scenario("drop", (Drop("q0"),)), Scenario("keep"),
                 Scenario("drop and band", (Drop("q0"), Recode("q1", 1, band))),
                 Scenario("suppress", (LocalSuppression(2),)))
    plan = plan_assessment(_config(scenarios=scenarios), 20_000)
    assert [p.name for p in plan.parts] == ["sweep"] + ["scenario"] * 4
    extra = run_plan.SCENARIO_SECONDS_PER_ROW * 20_000
    assert plan.parts[1].high == pytest.approx(sweep_seconds(20_000, 1, 1) + extra)      # its full key only
    assert plan.parts[2].high == pytest.approx(sweep_seconds(20_000, 1, 1) + extra)
    # 256 of the 511 subsets over the 9 kept QIDs hold q1: above a quarter, the whole family
    assert plan.parts[3].high == pytest.approx(sweep_seconds(20_000, 511, 1) + extra)
    assert plan.parts[4].high == pytest.approx(sweep_seconds(20_000, 1_023, 1) + extra)   # records change
    # subsets of at most 2 of 10 (55): the 10 holding q4, and the full key of the 10 QIDs
    pairs = _config(subsets=SubsetFamily("max-size", max_size=2),
                    scenarios=(Scenario("band", (Recode("q4", 1, band),)),))
    assert plan_assessment(pairs, 20_000).parts[1].high == pytest.approx(sweep_seconds(20_000, 11, 1) + extra)


def test_the_plan_of_linked_releases_counts_a_plain_qid_once_per_release():
    releases = tuple(Release(DataSource(f"r{i}.csv"), str(2015 + i)) for i in range(2))
    config = AnalysisConfig(data=DataSource("x.csv"), roles=Roles(("a", "b", "c@2014", "d"), ()),
                            subsets=SubsetFamily("max-size", max_size=2),
                            linkage=Linkage(key="id", focal_label="2014", releases=releases))
    plan = plan_assessment(config, 50_000)
    labelled = 3 * 3 + 1                                          # a, b, d in every release; c@2014 once
    assert [p.name for p in plan.parts] == ["sweep", "linked"]
    assert plan.parts[0].high == pytest.approx(sweep_seconds(50_000, 4 + 6, 1))
    assert plan.parts[1].high == pytest.approx(sweep_seconds(50_000, labelled + labelled * (labelled - 1) // 2, 1)
                                               + run_plan.LINK_SECONDS_PER_ROW * 50_000 * 2)


def test_a_suggestion_is_a_range_capped_by_its_time_limit():
    plan = plan_suggest(30_000, [4, 3, 2, 1])
    node = run_plan.NODE_SECONDS_PER_ROW * 30_000 + 1e-4
    assert plan.is_range and plan.low == pytest.approx((2 + 2 + 1 + 1) * node) and plan.high == pytest.approx(24 * node)
    assert plan_suggest(30_000, [4, 3, 2, 1], thresholds=True).low == pytest.approx(24 * node)
    capped = plan_suggest(10_000_000, [10] * 6, max_seconds=60)
    assert capped.high == 60 and capped.low < 60


def test_a_range_reads_as_a_range():
    from gui.text import duration_range

    assert duration_range(1.34, 3.32) == "1–3 s"
    assert duration_range(0.4, 3.32) == "up to 3 s"
    assert duration_range(0.2, 0.9) == "under 1 s"
    assert duration_range(2.6, 2.9) == "3 s"
    assert duration_range(100, 300) == "1 min 40 s to 5 min 00 s"
