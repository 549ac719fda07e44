"""EngineJob/JobRunner with fake engine functions: signals, errors, superseded results."""

from __future__ import annotations

import threading
import time

from engine.foundation.errors import Cancelled, EngineFailure, InputError
from engine.foundation.progress import Progress
from gui.jobs import EngineJob, JobError, JobRunner


def _collect(runner: JobRunner) -> dict:
    seen = {"progress": [], "finished": [], "failed": [], "cancelled": 0}
    runner.progress.connect(lambda p: seen["progress"].append(p.done))
    runner.finished.connect(lambda r: seen["finished"].append(r))
    runner.failed.connect(lambda e: seen["failed"].append(e))
    runner.cancelled.connect(lambda: seen.__setitem__("cancelled", seen["cancelled"] + 1))
    return seen


def test_job_reports_progress_and_result_on_the_gui_thread(qtbot):
    runner = JobRunner("test")
    seen = _collect(runner)
    where = []

    def work(progress, cancel):
        where.append(threading.current_thread() is threading.main_thread())
        for i in range(1, 4):
            progress(Progress("sweep", i, 3, 0.0, None))
        return "done"

    delivered_on = []
    runner.finished.connect(lambda r: delivered_on.append(threading.current_thread() is threading.main_thread()))
    runner.submit(work)
    qtbot.waitUntil(lambda: not runner.busy, timeout=5000)
    assert where == [False] and delivered_on == [True]
    assert seen["progress"] == [1, 2, 3] and seen["finished"] == ["done"]
    assert runner.shutdown(5000)


def test_errors_become_readable_messages_with_details(qtbot):
    runner = JobRunner("test")
    seen = _collect(runner)
    for exc, kind in ((InputError("data.csv: no column 'agee'; did you mean 'age'?"), "input"),
                      (EngineFailure("a worker process stopped unexpectedly"), "engine"),
                      (ZeroDivisionError("division by zero"), "bug")):
        def work(progress, cancel, exc=exc):
            raise exc
        runner.submit(work)
        qtbot.waitUntil(lambda: not runner.busy, timeout=5000)
        error = seen["failed"][-1]
        assert isinstance(error, JobError) and error.kind == kind
        assert type(exc).__name__ in error.details
    assert seen["failed"][0].message == "data.csv: no column 'agee'; did you mean 'age'?"
    assert seen["failed"][2].message.startswith("An unexpected error stopped the work (ZeroDivisionError")
    assert runner.shutdown(5000)


def test_cancel_and_superseded_job(qtbot):
    runner = JobRunner("test")
    seen = _collect(runner)
    release = threading.Event()

    def slow(progress, cancel):
        release.wait(5)
        return "old"

    def fast(progress, cancel):
        return "new"

    old = runner.submit(slow)
    runner.submit(fast)
    assert old.token.cancelled  # the superseded job was asked to stop
    qtbot.waitUntil(lambda: seen["finished"] == ["new"], timeout=5000)
    release.set()
    qtbot.wait(200)
    assert seen["finished"] == ["new"] and seen["cancelled"] == 0  # "old" was dropped

    def cancellable(progress, cancel):
        while True:
            cancel.raise_if_cancelled()
            time.sleep(0.01)

    runner.submit(cancellable)
    runner.cancel()
    qtbot.waitUntil(lambda: not runner.busy, timeout=5000)
    assert seen["cancelled"] == 1
    assert runner.shutdown(5000) and runner.threads_alive == 0


def test_engine_job_alone():
    job = EngineJob(lambda progress, cancel: 42)
    results = []
    job.finished.connect(results.append)
    job.start()  # direct call: the signals fire synchronously
    assert results == [42]
    cancelled = []
    job = EngineJob(lambda progress, cancel: (_ for _ in ()).throw(Cancelled("stop")))
    job.cancelled.connect(lambda: cancelled.append(True))
    job.start()
    assert cancelled == [True]
