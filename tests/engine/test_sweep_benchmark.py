"""The sweep benchmark's summary of repeated runs (benchmarks/sweep.py --runs): medians and ratios."""

from benchmarks import sweep as bench


def test_span_is_the_median_and_range():
    assert bench._span([3.0, 1.0, 2.0, 10.0], 2) == "2.50s (1.00-10.00)"
    assert bench._span([0.2, 0.25, 0.3], 0, 1000, " ms") == "250 ms (200-300)"


def test_medians_ratio_is_median_baseline_over_median_wall_with_each_runs_own(capsys):
    walls = {1: [5.0, 4.0, 6.0], 2: [2.0, 2.5, 4.0]}
    baselines = [{"per_subset": 0.2, "all": 400.0}, {"per_subset": 0.25, "all": 500.0},
                 {"per_subset": 0.3, "all": 600.0}]
    bench._print_medians(walls, baselines)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "median of 3 runs, engine, 1 process(es): wall 5.00s (4.00-6.00)"
    assert lines[1] == "median of 3 runs, engine, 2 process(es): wall 2.50s (2.00-4.00)"
    assert lines[2] == "median of 3 runs, baseline: 250 ms/subset (200-300)"
    # 500 / 5 = 100x; runs: 400/5, 500/4, 600/6 -> 80-125x
    assert lines[3] == "ratio median baseline / median engine with 1 process(es): 100x (runs' own ratios 80-125x)"
    # 500 / 2.5 = 200x; runs: 400/2, 500/2.5, 600/4 -> 150-200x
    assert lines[4] == "ratio median baseline / median engine with 2 process(es): 200x (runs' own ratios 150-200x)"


def test_medians_without_a_baseline_give_the_walls_only(capsys):
    bench._print_medians({2: [1.0, 3.0]}, [])
    assert capsys.readouterr().out.splitlines() == ["median of 2 runs, engine, 2 process(es): wall 2.00s (1.00-3.00)"]
