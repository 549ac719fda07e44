"""Cyclic garbage is collected on the GUI thread, never on a job's (gui/collection.py)."""

from __future__ import annotations

import gc
import threading

from engine.foundation.collector import collector_paused


def test_install_turns_automatic_collection_off_once_and_uninstall_gives_it_back(qapp):
    from gui import collection

    assert gc.isenabled()
    first = collection.install(qapp)
    assert not gc.isenabled()
    assert collection.install(qapp) is first           # one per application
    collection.uninstall(qapp)
    assert gc.isenabled()
    assert qapp.findChild(collection.GuiThreadCollector) is None


def test_the_generation_due_is_collected_by_the_thresholds(qapp):
    from gui import collection

    collector = collection.install(qapp)
    old = gc.get_threshold()
    try:
        gc.collect()
        gc.set_threshold(10, 1_000_000, 1_000_000)
        assert collector.collect() is None               # nothing allocated yet
        keep = [[] for _ in range(50)]                   # 50 tracked objects: generation 0 is due
        assert gc.get_count()[0] > 10
        assert collector.collect() == 0
        assert gc.get_count()[0] < 10
        gc.set_threshold(10, 0, 1_000_000)               # generation 1 is due once one young collection ran
        keep += [[] for _ in range(50)]
        assert collector.collect() == 1
        with collector_paused():                         # a run keeps the collector paused: nothing collected
            keep += [[] for _ in range(50)]
            assert collector.collect() is None
        assert not gc.isenabled()
        del keep
    finally:
        gc.set_threshold(*old)
        collection.uninstall(qapp)


class _Probe:
    """Records the thread that frees it."""

    def __init__(self, freed_on: list) -> None:
        self.freed_on = freed_on

    def __del__(self) -> None:
        self.freed_on.append(threading.get_ident())


def _job_drops_a_cycle(freed_on: list, kept: list) -> int:
    """On a new thread: a cycle holding a Qt object and a probe, dropped, then objects made past
    every generation's threshold (kept in ``kept``); returns the thread's id."""
    from PySide6.QtCore import QObject

    ident = []

    def job() -> None:
        ident.append(threading.get_ident())
        holder = {"probe": _Probe(freed_on), "object": QObject()}
        holder["self"] = holder                          # only the cyclic collector frees it
        del holder
        kept.extend([] for _ in range(100_000))

    thread = threading.Thread(target=job)
    thread.start()
    thread.join()
    return ident[0]


def test_cyclic_garbage_with_a_qt_object_is_freed_on_the_gui_thread(qapp, qtbot):
    """Without the window's collector the job's own thread frees the cycle (and would run the Qt
    object's destructor there); with it, the GUI thread's timer does."""
    from gui import collection

    gc.collect()
    freed_on: list = []
    kept: list = []
    job = _job_drops_a_cycle(freed_on, kept)
    assert freed_on == [job]

    collection.install(qapp)
    try:
        freed_on.clear()
        _job_drops_a_cycle(freed_on, kept)
        assert freed_on == []
        qtbot.waitUntil(lambda: freed_on != [], timeout=5000)     # the timer ticks every second
        assert freed_on == [threading.get_ident()]
    finally:
        collection.uninstall(qapp)
