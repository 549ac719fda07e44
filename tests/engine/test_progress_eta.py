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
