"""Background work for the window: one :class:`EngineJob` per run, on its own ``QThread``.

The job calls an engine function with a progress callback and a cancel token, and reports
through the signals ``progress``/``finished``/``failed``/``cancelled``. A :class:`JobRunner`
lives in the GUI thread, connects those signals to its own ``@Slot`` methods (so they are
delivered on the GUI thread), drops anything from a superseded job, and re-emits the rest.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass
from typing import Any, Callable, Optional

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot

from engine.api import Cancelled, EngineFailure, InputError
from engine.api import error_text
from engine.api import CancelToken, Progress
from . import collection
from .i18n import translate

Work = Callable[[Callable[[Progress], None], CancelToken], Any]


@dataclass(frozen=True)
class JobError:
    """A failure as the user sees it: a readable message (an engine :class:`~engine.foundation.messages.Message`
    is rendered in the window's language when shown), the technical details on demand."""

    message: str
    details: str
    kind: str  # "input" (the user can fix it), "engine" or "bug"

    @classmethod
    def from_exception(cls, exc: BaseException) -> "JobError":
        details = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        if isinstance(exc, InputError):
            return cls(error_text(exc), details, "input")
        if isinstance(exc, EngineFailure):
            return cls(error_text(exc), details, "engine")
        if isinstance(exc, MemoryError):
            return cls(
                translate(
                    "jobs",
                    "Not enough memory to finish. Close other programs, or use fewer "
                    "quasi-identifiers or a smaller subset family.",
                ),
                details,
                "engine",
            )
        return cls(
            translate("jobs", "An unexpected error stopped the work ({error}).").format(
                error=f"{type(exc).__name__}: {exc}"
            ),
            details,
            "bug",
        )


class EngineJob(QObject):
    """Runs ``work(on_progress, cancel)`` once, in the thread this object was moved to."""

    progress = Signal(object)
    finished = Signal(object)
    failed = Signal(object)
    cancelled = Signal()
    done = Signal()

    def __init__(self, work: Work) -> None:
        super().__init__()
        self._work = work
        self.token = CancelToken()

    def cancel(self) -> None:
        """Thread-safe: the engine checks the token between chunks of work."""
        self.token.cancel()

    @Slot()
    def start(self) -> None:
        try:
            result = self._work(self.progress.emit, self.token)
        except Cancelled:
            self.cancelled.emit()
        except BaseException as exc:  # every failure reaches the window, nothing is swallowed
            self.failed.emit(JobError.from_exception(exc))
        else:
            if self.token.cancelled:
                self.cancelled.emit()
            else:
                self.finished.emit(result)
        finally:
            self.done.emit()


class _Relay(QObject):
    """Lives in the GUI thread and receives one job's signals there (queued connections)."""

    def __init__(self, runner: "JobRunner", job: EngineJob, thread: QThread) -> None:
        super().__init__()  # no Qt parent: Python owns it (never deleteLater'd, see _forget)
        self.runner, self.job, self.thread = runner, job, thread

    @Slot(object)
    def on_progress(self, progress: Progress) -> None:
        self.runner._deliver(self.job, "progress", progress)

    @Slot(object)
    def on_finished(self, result: Any) -> None:
        self.runner._deliver(self.job, "finished", result)

    @Slot(object)
    def on_failed(self, error: JobError) -> None:
        self.runner._deliver(self.job, "failed", error)

    @Slot()
    def on_cancelled(self) -> None:
        self.runner._deliver(self.job, "cancelled", None)

    @Slot()
    def on_thread_finished(self) -> None:
        self.runner._forget(self)


class JobRunner(QObject):
    """One background job at a time for one purpose (loading, running, exporting).

    ``submit`` supersedes (cancels) any job still running; its late signals are dropped.
    """

    started = Signal()
    progress = Signal(object)
    finished = Signal(object)
    failed = Signal(object)
    cancelled = Signal()
    busyChanged = Signal(bool)

    def __init__(self, name: str, parent: Optional[QObject] = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        collection.install()        # cyclic garbage is collected on the GUI thread, never on a job's
        self._job: Optional[EngineJob] = None
        self._relays: list[_Relay] = []
        self._ended: list[_Relay] = []

    @property
    def busy(self) -> bool:
        return self._job is not None

    @property
    def threads_alive(self) -> int:
        return sum(1 for r in self._relays if r.thread.isRunning())

    def submit(self, work: Work) -> EngineJob:
        """Start ``work`` on a new thread; a job still running is cancelled and superseded."""
        if self._job is not None:
            self._job.cancel()
        self._prune()
        job = EngineJob(work)
        thread = QThread()
        thread.setObjectName(f"{self.objectName()}-job")
        job.moveToThread(thread)
        relay = _Relay(self, job, thread)
        thread.started.connect(job.start)
        job.progress.connect(relay.on_progress)
        job.finished.connect(relay.on_finished)
        job.failed.connect(relay.on_failed)
        job.cancelled.connect(relay.on_cancelled)
        # QThread.quit is thread-safe: called directly from the worker thread, it ends the
        # thread even while the GUI thread is blocked waiting for it (window closing).
        job.done.connect(thread.quit, Qt.ConnectionType.DirectConnection)
        thread.finished.connect(relay.on_thread_finished)
        self._relays.append(relay)
        self._job = job
        thread.start()
        self.started.emit()
        self.busyChanged.emit(True)
        return job

    def cancel(self) -> None:
        if self._job is not None:
            self._job.cancel()

    def shutdown(self, timeout_ms: int = 10000) -> bool:
        """Cancel every job and wait for the threads (window closing); True when all ended."""
        ok = True
        for relay in list(self._relays):
            relay.job.cancel()
        for relay in list(self._relays):
            relay.thread.quit()
            ok = relay.thread.wait(timeout_ms) and ok
        self._job = None
        return ok

    def _deliver(self, job: Optional[EngineJob], kind: str, payload: Any) -> None:
        if job is None or job is not self._job:
            return  # a superseded (or forgotten) job: its late result is dropped
        if kind == "progress":
            self.progress.emit(payload)
            return
        self._job = None
        self.busyChanged.emit(False)
        if kind == "finished":
            self.finished.emit(payload)
        elif kind == "failed":
            self.failed.emit(payload)
        else:
            self.cancelled.emit()

    def _forget(self, relay: _Relay) -> None:
        """The job's thread has ended. Python owns the job, the thread and the relay: they are
        released later (:meth:`_prune`), outside this slot of the relay, never through
        ``deleteLater`` (deleting Python-owned objects behind PySide's back crashes)."""
        relay.thread.wait()
        if relay in self._relays:
            self._relays.remove(relay)
            self._ended.append(relay)

    def _prune(self) -> None:
        self._ended = [r for r in self._ended if r.thread.isRunning()]
