"""Python's cyclic garbage collector runs on the GUI thread only.

Engine jobs run on their own threads (gui/jobs.py). CPython collects cyclic garbage on
whichever thread happens to allocate when a generation fills up; when that garbage holds a Qt
object (a closed dialog, a replaced table model), its C++ destructor then runs on the job's
thread, takes Qt's connection lock and waits for the interpreter lock, while the GUI thread,
destroying widgets, holds the interpreter lock and waits for Qt's: the window hangs (seen
once in a window test that exported a PDF on a job thread while the page rebuilt its tables).
So the window turns automatic collection off and collects on a timer of the GUI thread, by
CPython's own generation thresholds, except while an engine run keeps the collector paused
(engine/foundation/collector.py).
"""

from __future__ import annotations

import gc
from typing import Optional

from PySide6.QtCore import QCoreApplication, QObject, QTimer

from engine.api import collector_pause_active

INTERVAL_MS = 1000          # how often the GUI thread looks at the generations' counts


class GuiThreadCollector(QObject):
    """Collects the generations whose counts passed their thresholds (``gc.get_threshold``),
    from a timer on the thread it lives in; ``uninstall`` gives the collector back."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.was_enabled = gc.isenabled()
        gc.disable()
        self.timer = QTimer(self)
        self.timer.setInterval(INTERVAL_MS)
        self.timer.timeout.connect(self.collect)
        self.timer.start()

    def collect(self) -> Optional[int]:
        """Collect the oldest generation due (counts as CPython keeps them: objects allocated
        since the last young collection, then collections of the younger generation); returns
        it, or None when none is due or a run keeps the collector paused."""
        if collector_pause_active():
            return None
        gc.disable()                # kept off (a run that began before install turns it back on)
        counts, thresholds = gc.get_count(), gc.get_threshold()
        due = None
        for generation in range(3):
            if counts[generation] <= thresholds[generation]:
                break
            due = generation
        if due is not None:
            gc.collect(due)
        return due

    def uninstall(self) -> None:
        self.timer.stop()
        if self.was_enabled:
            gc.enable()


def install(app: Optional[QCoreApplication] = None) -> Optional[GuiThreadCollector]:
    """Move collection to the application's (GUI) thread, once per application; returns the
    collector, None without an application."""
    app = app or QCoreApplication.instance()
    if app is None:
        return None
    found = app.findChild(GuiThreadCollector)
    return found if found is not None else GuiThreadCollector(app)


def uninstall(app: Optional[QCoreApplication] = None) -> None:
    """Give automatic collection back (tests that end their window)."""
    app = app or QCoreApplication.instance()
    found = app.findChild(GuiThreadCollector) if app is not None else None
    if found is not None:
        found.uninstall()
        found.setParent(None)
        found.deleteLater()
