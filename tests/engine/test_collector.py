"""engine/foundation/collector.py: the collector is off inside a run, back on after the last of
nested or concurrent runs, and left off when it was off before."""

import gc
import threading

import pytest

from engine.foundation.collector import collector_paused


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    (gc.enable if was else gc.disable)()


def test_nested_runs_share_one_pause(collector_on):
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()          # the outer run still goes
    assert gc.isenabled()


def test_the_last_of_overlapping_runs_on_threads_lifts_the_pause(collector_on):
    first_in, second_in, first_out = threading.Event(), threading.Event(), threading.Event()
    seen = {}

    def first():
        with collector_paused():
            first_in.set()
            second_in.wait(5)
        first_out.set()

    def second():
        first_in.wait(5)
        with collector_paused():
            second_in.set()
            first_out.wait(5)
            seen["after the first ended"] = gc.isenabled()
        seen["after both"] = gc.isenabled()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert seen == {"after the first ended": False, "after both": True}


def test_a_failing_run_lifts_the_pause_and_an_off_collector_stays_off(collector_on):
    with pytest.raises(ValueError):
        with collector_paused():
            raise ValueError("bad file")
    assert gc.isenabled()
    gc.disable()
    with collector_paused():
        pass
    assert not gc.isenabled()


class _Node:
    pass


def test_what_a_run_allocated_joins_the_oldest_generation_and_its_cycles_are_still_freed(collector_on):
    """At the end of the pause, the run's objects move to the oldest generation (nothing is
    walked then), so the first young collection does not walk them; a full one frees the
    cycles the run left."""
    import weakref

    gc.collect()
    with collector_paused():
        kept = [[i] for i in range(20_000)]
        node = _Node()
        node.itself = node
        probe = weakref.ref(node)
        del node
        young = gc.get_count()[0]
    assert young >= 20_000                     # counted young while paused
    assert gc.get_count()[0] < 1_000           # not young any more
    gc.collect(0)
    assert probe() is not None                 # a young collection does not look at them
    gc.collect()
    assert probe() is None                     # a full one frees the run's cycles
    assert len(kept) == 20_000


def test_with_the_collector_off_before_the_run_its_objects_still_leave_the_young_generation():
    """The window keeps automatic collection off (gui/collection.py collects on its GUI thread):
    after a run the collector stays off, and its first young collection there does not walk
    everything the run allocated."""
    was = gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            kept = [[i] for i in range(20_000)]
            assert gc.get_count()[0] >= 20_000
        assert not gc.isenabled()
        assert gc.get_count()[0] < 1_000
        assert len(kept) == 20_000
    finally:
        (gc.enable if was else gc.disable)()
