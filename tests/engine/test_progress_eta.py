"""The ETA of progress reports (engine/foundation/progress.py): the rate since the first work
was counted, so that a stage's start-up is not extrapolated."""

import pytest

from engine.foundation import progress
from engine.foundation.progress import ProgressReporter


@pytest.fixture
def clock(monkeypatch):
    now = [100.0]
    monkeypatch.setattr(progress.time, "monotonic", lambda: now[0])
    return now


def test_eta_extrapolates_the_rate_since_the_first_count(clock):
    seen = []
    reporter = ProgressReporter("sweep", 100, seen.append)
    reporter.update(0, force=True)
    clock[0] += 10.0            # 10 s of start-up, then 10 units in the first count
    reporter.update(10)
    clock[0] += 10.0            # 20 more units in the next 10 s: 2 units/s
    reporter.update(30)
    assert [p.done for p in seen] == [0, 10, 30]
    assert seen[0].eta is None
    assert seen[1].eta == pytest.approx(10.0 * 90 / 10)     # one count only: elapsed x left / done
    assert seen[2].eta == pytest.approx(70 / 2)             # 35 s; elapsed x left / done would say 46.7 s
    assert seen[2].elapsed == pytest.approx(20.0)


def test_counts_between_reports_still_set_the_start_of_the_rate(clock):
    seen = []
    reporter = ProgressReporter("sweep", 100, seen.append, max_rate=0.2)   # a report at most every 5 s
    reporter.update(0, force=True)
    clock[0] += 4.0
    reporter.update(5)          # not reported (within the rate limit) but the rate starts here
    clock[0] += 0.5
    reporter.update(8)          # not reported either
    clock[0] += 4.5
    reporter.update(50)
    assert [p.done for p in seen] == [0, 50]
    assert seen[1].eta == pytest.approx(5.0 * 50 / 45)


def test_no_eta_when_nothing_is_done(clock):
    seen = []
    reporter = ProgressReporter("histograms", 3, seen.append)
    clock[0] += 2.0
    reporter.update(0, force=True)
    assert seen[0].eta is None and seen[0].fraction == 0.0


def test_the_work_known_to_follow_is_added_to_the_eta(clock):
    seen = []
    reporter = ProgressReporter("sweep", 100, seen.append, then=7.0)
    clock[0] += 10.0
    reporter.update(10, force=True)
    clock[0] += 10.0
    reporter.update(30, force=True)
    assert seen[0].eta == pytest.approx(10.0 * 90 / 10 + 7.0)
    assert seen[1].eta == pytest.approx(70 / 2 + 7.0)


def test_the_sweeps_eta_includes_the_rest_of_the_assessment(monkeypatch, tmp_path):
    # the histograms, targets and summaries after the sweep, priced as the run plan prices them
    import pandas as pd

    from engine.analysis.config import AnalysisConfig, DataSource, Roles
    from engine.assessment import run
    from engine.sweep import runner

    path = tmp_path / "small.csv"
    pd.DataFrame({"a": [1, 2, 2, 3], "b": [1, 1, 2, 2], "s": [0, 1, 0, 1]}).to_csv(path, index=False)
    seen = {}
    real = runner.run_sweep

    def spy(*args, **kwargs):
        seen.update(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(run, "run_sweep", spy)
    run.run_assessment(AnalysisConfig(data=DataSource(str(path)), roles=Roles(("a", "b"), ("s",)), jobs=1))
    assert seen["then"] == pytest.approx(run.OTHER_SECONDS_PER_ROW * 4)


def test_no_eta_from_less_than_a_hundredth_of_the_work(clock):
    """Whole units: one subset of 2,047 after another said 2,922 s at 3 s of a 17 s run."""
    seen = []
    reporter = ProgressReporter("sweep", 2047, seen.append)
    reporter.update(0, force=True)
    clock[0] += 1.5
    reporter.update(1, force=True)      # the first count
    clock[0] += 1.5
    reporter.update(2, force=True)      # one unit more: too little for a rate
    assert [p.eta for p in seen] == [None, None, None]
    clock[0] += 1.0
    reporter.update(25, force=True)     # 24 units since the first count (over 1%): the rate
    assert seen[-1].eta == pytest.approx(2.5 * (2047 - 25) / 24)
