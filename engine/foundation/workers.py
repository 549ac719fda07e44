"""Worker processes: the one pool every parallel part of the engine runs on.

A :class:`WorkerPool` stages the arrays the workers read as ``.npy`` files in a temporary
folder (``riskreview-<name>-*``, memory-mapped by every worker, so the page cache holds one
copy whatever the number of workers), starts at most ``min(jobs, CPUs, tasks)`` processes
with ``forkserver`` (``spawn`` where unavailable; never fork, the window runs Qt), hands each
idle worker one task at a time and collects the results. (spawn is also the fallback when
the forkserver cannot start, e.g. a TMPDIR too long for its socket's path.)

Nothing a worker can die (or freeze) in the middle of can block the parent. Each worker has
two pipes of its own (tasks in, results out) that carry only messages of a few bytes (a task
number, "done", "failed"), which a pipe writes whole or not at all; the function, the tasks
and the initializer's arguments are one file in the folder, read by each worker at start,
and each result or error is a file the worker writes before saying "done". The shared state
is lock-free (a stop flag the parent writes, one progress slot per worker that only that
worker writes). So a worker killed or stopped at any moment leaves no lock held, no queue or
message half-written: the parent sees its pipe close or its process end, stops the others
and raises :class:`~engine.foundation.errors.EngineFailure`. Cancel (the :class:`~engine.foundation.progress.CancelToken`,
which Ctrl-C and SIGTERM set on the command line) and every error end the same way: the
workers are terminated (then killed if they linger), joined, and the folder removed, so no
process and no temporary file outlives the pool. A worker whose parent has died stops at its
next check of :func:`stopped` or its next read of the pipe. The files are the engine's own
intermediate results, in a folder only this user can read, never user data.

The workers can be started before the run's tasks are known (:meth:`WorkerPool.start`, with
a prelude such as loading a model), so their start overlaps the parent's own
preparation; :meth:`WorkerPool.run` then hands them the run. :attr:`WorkerPool.timeline`
records when each worker was ready and ran each task.

Inside a worker, :func:`stopped`, :func:`credit` and :func:`load` reach the pool's state.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import pickle
import shutil
import signal
import tempfile
import threading
import time
import traceback
from collections import deque
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any, Callable, Iterator, NoReturn, Optional, Sequence

import numpy as np

from . import platform
from .allocator import keep_freed_memory
from .errors import Cancelled, EngineFailure
from .i18n import N_
from .messages import message
from .progress import CancelToken

POLL_SECONDS = 0.1
JOIN_SECONDS = 2.0          # a worker asked to end gets this long before it is terminated
KILL_SECONDS = 2.0          # ... and a terminated one this long before SIGKILL
PARENT_CHECK_SECONDS = 0.5  # how often a worker's stop check also looks for its parent


def available_cpus() -> int:
    """CPUs this process may run on (:func:`engine.foundation.platform.available_cpus`)."""
    return platform.available_cpus()


def cap_jobs(jobs: int) -> int:
    """``jobs`` limited to :func:`available_cpus` (and at least 1): more workers than CPUs
    only share them, each with its own copy of the work's memory."""
    return max(1, min(int(jobs), available_cpus()))


def jobs_note(jobs: int) -> Optional[str]:
    """The one-line note to show when ``jobs`` is above the CPU count, else None."""
    cpus = available_cpus()
    if jobs <= cpus:
        return None
    return f"note: {jobs} jobs asked for, this machine has {cpus} CPU{'s' if cpus != 1 else ''}; using {cpus}"


def start_method() -> str:
    """``forkserver`` where the platform has it, else ``spawn``; never fork (Qt is not fork-safe)."""
    return "forkserver" if "forkserver" in platform.start_methods() else "spawn"


def _context():
    """The multiprocessing context: forkserver, started here if need be; spawn where there is
    none or it cannot start (its socket path must fit AF_UNIX's ~107 bytes, so a long TMPDIR
    defeats it)."""
    if start_method() == "forkserver":
        from multiprocessing import forkserver

        try:
            with _ctrl_c_ignored():
                forkserver.ensure_running()
            return mp.get_context("forkserver")
        except OSError:
            pass
    return mp.get_context("spawn")


@contextmanager
def _ctrl_c_ignored() -> Iterator[None]:
    """Ctrl-C ignored while processes are started: an ignored signal stays ignored across fork
    and exec, so the forkserver (and every worker forked from it) or a spawned worker is born
    ignoring it. The parent handles Ctrl-C and stops the workers; a worker still importing its
    modules when Ctrl-C reaches the whole process group would otherwise die with a traceback
    on the terminal. Only the main thread may change signal handlers; elsewhere (the window's
    job threads) this does nothing."""
    previous = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or previous is None:
        yield
        return
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@dataclass
class _Worker:
    process: Any
    tasks: Connection               # parent -> worker: a run's folder name, task numbers, None to end
    results: Connection             # worker -> parent: ("done", task) / ("failed", task)
    task: Optional[int] = None      # the task it is running, None when idle


@dataclass(frozen=True)
class Span:
    """One task on one worker: ``time.monotonic()`` (one clock for all processes on Linux)
    when the parent started the worker, when the worker's own code began (its imports done),
    when its prelude and the run's initializer were done, and when the task began and ended;
    ``cpu`` is the task's CPU seconds in the worker (user and system)."""

    task: int
    worker: int
    launched: float
    entered: float
    prepared: float
    ready: float
    started: float
    ended: float
    cpu: float


class WorkerPool:
    """A temporary folder of staged arrays plus, in :meth:`run`, the worker processes.

    Use as a context manager: leaving it (normally, on cancel or on any error) ends every
    worker and removes the folder.

    >>> with WorkerPool("doc", "the example") as pool:              # doctest: +SKIP
    ...     pool.save("codes", np.arange(10))
    ...     pool.run(task_function, [(0, 5), (5, 10)], jobs=2, on_result=keep)
    """

    def __init__(self, name: str, what: str) -> None:  # what: a catalogue text (N_)
        self.name = name
        self.what = what
        self.folder: Optional[Path] = None
        self._workers: list[_Worker] = []
        self._runs = 0
        self._ctx: Any = None
        self._stop: Any = None
        self._slots: Any = None
        self._launched: list[float] = []
        self._starter: Optional[threading.Thread] = None
        self._start_error: Optional[BaseException] = None
        self._closing = False
        self.timeline: list[Span] = []

    def __enter__(self) -> "WorkerPool":
        self.folder = Path(tempfile.mkdtemp(prefix=f"riskreview-{self.name}-"))
        return self

    def __exit__(self, *exc: Any) -> None:
        try:
            self._stop_workers()
        finally:
            if self.folder is not None:
                shutil.rmtree(self.folder, ignore_errors=True)

    def save(self, name: str, array: np.ndarray) -> None:
        """Stage ``array`` for the workers; they read it with :func:`load` ``(name)``."""
        assert self.folder is not None, "WorkerPool.save outside its with block"
        np.save(self.folder / f"{name}.npy", np.ascontiguousarray(array), allow_pickle=False)

    def start(self, jobs: int, prelude: Optional[Callable[..., Any]] = None, preludeargs: tuple = ()) -> int:
        """Start ``min(jobs, CPUs)`` workers, each calling ``prelude(*preludeargs)`` once (e.g.
        loading a model), while this process goes on; the next :meth:`run` uses them. Returns
        the number of workers. With the forkserver the workers are started from a thread (a
        worker cannot be forked until the forkserver has imported its modules). A prelude's
        error is raised by :meth:`run`."""
        assert self.folder is not None, "WorkerPool.start outside its with block"
        assert not self._workers and self._starter is None, "WorkerPool.start: workers already started"
        with open(self.folder / "prelude.pickle", "wb") as file:
            pickle.dump((prelude, tuple(preludeargs)), file, protocol=pickle.HIGHEST_PROTOCOL)
        self._ctx = _context()
        count = cap_jobs(jobs)
        if self._ctx.get_start_method() != "forkserver":    # spawn: Ctrl-C is ignored in this thread only
            self._start_workers(count, None)
            return count
        self._prepare_shared(count)
        self._starter = threading.Thread(target=self._start_from_thread, args=(count,), daemon=True,
                                         name=f"riskreview-{self.name}-start")
        self._starter.start()
        return count

    def _start_from_thread(self, count: int) -> None:
        try:
            for index in range(count):
                if self._closing:
                    return
                self._start_worker(self._ctx, index, None)
                if self._closing:       # the pool ended while this one was being started
                    self._stop_workers()
                    return
        except BaseException as exc:
            self._start_error = exc

    def _started(self, cancel: CancelToken) -> None:
        """Wait for the workers :meth:`start` is starting; raise what stopped it."""
        if self._starter is None:
            return
        while self._starter.is_alive():
            self._starter.join(POLL_SECONDS)
            cancel.raise_if_cancelled()
        self._starter = None
        if self._start_error is not None:
            if isinstance(self._start_error, EngineFailure):   # the forkserver was signalled, as we may be
                time.sleep(0.2)
                cancel.raise_if_cancelled()
            raise self._start_error

    def run(self, function: Callable[..., Any], tasks: Sequence[tuple], *, jobs: int,
            on_result: Callable[[int, Any], Any], cancel: Optional[CancelToken] = None,
            initializer: Optional[Callable[..., None]] = None, initargs: tuple = (),
            on_progress: Optional[Callable[[float], None]] = None) -> None:
        """Run ``function(*tasks[i])`` for every task on the workers, in task order as workers
        free up; ``on_result(i, result)`` is called in this process as each one returns.

        ``initializer(*initargs)`` prepares each worker once. ``on_progress`` gets, about
        ten times a second, the sum of what the workers passed to :func:`credit`. Raises
        :class:`Cancelled` when ``cancel`` is set, :class:`EngineFailure` when a worker
        process ends unexpectedly, and re-raises an exception raised by ``function``.
        Workers already started by :meth:`start` are used (``jobs`` is then theirs); the run
        ends them.
        """
        cancel = cancel or CancelToken()
        assert self.folder is not None, "WorkerPool.run outside its with block"
        if not tasks:
            return
        cancel.raise_if_cancelled()
        self._runs += 1
        work = self.folder / f"run{self._runs}"
        work.mkdir()
        with open(work / "setup.pickle", "wb") as file:
            pickle.dump((function, [tuple(t) for t in tasks], initializer, tuple(initargs)), file,
                        protocol=pickle.HIGHEST_PROTOCOL)
        try:
            self._started(cancel)
            if not self._workers:
                self._start_workers(min(cap_jobs(jobs), len(tasks)), cancel)
            for index in range(len(self._slots)):
                self._slots[index] = 0.0
            for worker in self._workers:
                self._send(worker, work.name)
            queue = deque(range(len(tasks)))
            for worker in self._workers:
                self._dispatch(worker, queue)
            while any(w.task is not None for w in self._workers):
                ready = wait([w.results for w in self._workers] + [w.process.sentinel for w in self._workers],
                             timeout=POLL_SECONDS)
                for worker in self._workers:
                    if worker.results in ready:
                        number, result = self._receive(worker, work, cancel)
                        worker.task = None
                        on_result(number, result)
                        self._dispatch(worker, queue)
                for worker in self._workers:
                    if worker.process.sentinel in ready and not worker.results.poll():
                        self._lost(worker, cancel)
                cancel.raise_if_cancelled()
                if on_progress is not None:
                    on_progress(float(sum(self._slots)))
            self._finish(cancel)
        except BaseException:
            if self._stop is not None:
                self._stop.value = 1
            raise

    # -- the parent's side ------------------------------------------------------------------
    def _prepare_shared(self, count: int) -> None:
        self._ctx = self._ctx or _context()
        self._stop = self._ctx.RawValue("b", 0)
        self._slots = self._ctx.RawArray("d", count)

    def _start_workers(self, count: int, cancel: Optional[CancelToken]) -> None:
        self._prepare_shared(count)
        for index in range(count):
            self._start_worker(self._ctx, index, cancel)

    def _start_worker(self, ctx: Any, index: int, cancel: Optional[CancelToken]) -> None:
        task_out, task_in = ctx.Pipe(duplex=False)          # (reader, writer)
        result_out, result_in = ctx.Pipe(duplex=False)
        process = ctx.Process(target=_worker_main, name=f"riskreview-{self.name}-{index}", daemon=True,
                              args=(task_out, result_in, index, str(self.folder), self._stop, self._slots,
                                    os.getpid()))
        self._launched.append(time.monotonic())
        try:
            # forkserver children inherit the server's ignored Ctrl-C; spawned ones need it here
            with _ctrl_c_ignored() if ctx.get_start_method() == "spawn" else nullcontext():
                process.start()
        except (OSError, EOFError) as exc:  # it died while reading its start-up data, or the server did
            task_in.close()
            result_out.close()
            self._failed(f"while starting: {exc.strerror if isinstance(exc, OSError) else exc}", cancel, True)
        finally:
            task_out.close()
            result_in.close()
        self._workers.append(_Worker(process, task_in, result_out))

    def _dispatch(self, worker: _Worker, queue: deque) -> None:
        if not queue:
            return
        worker.task = queue.popleft()
        self._send(worker, worker.task)

    @staticmethod
    def _send(worker: _Worker, message: Any) -> None:
        try:
            worker.tasks.send(message)
        except OSError:         # the worker is gone: its sentinel says so at the next wait
            pass

    def _receive(self, worker: _Worker, work: Path, cancel: CancelToken) -> tuple[int, Any]:
        """The task number and result a worker announces (its file read and removed)."""
        try:
            kind, number = worker.results.recv()
        except (EOFError, OSError):
            self._lost(worker, cancel)
        path = work / (f"result{number}.pickle" if kind == "done" else f"error{number}.pickle")
        try:
            with open(path, "rb") as file:
                payload = pickle.load(file)
            path.unlink()
        except Exception as exc:
            raise EngineFailure(message(N_("a worker's result during {what} could not be read: {error}"),
                                        what=message(self.what), error=str(exc))) from None
        if kind != "done":
            error, remote = payload
            error.__cause__ = _RemoteTraceback(remote)
            raise error
        result, stamps = payload
        index = self._workers.index(worker)
        self.timeline.append(Span(number, index, self._launched[index], *stamps))
        return number, result

    def _lost(self, worker: _Worker, cancel: Optional[CancelToken]) -> NoReturn:
        """A worker ended on its own: stop everything."""
        worker.process.join(0.2)
        code = worker.process.exitcode
        how = message(N_("exit status {code}"), code=code) if code is not None and code >= 0 else (
            message(N_("signal {number}"), number=-code) if code is not None else message(N_("its pipe closed")))
        self._failed(how, cancel, code == 1 or code in platform.stopped_exit_codes())

    def _failed(self, how: str, cancel: Optional[CancelToken], signalled: bool) -> NoReturn:
        """Raise the failure of a worker; when this process is being stopped too (Ctrl-C or a
        logout signals every process of the session) it is a cancel instead."""
        if cancel is not None:
            if signalled:
                time.sleep(0.2)     # our own handler runs meanwhile if the signal was for us too
            cancel.raise_if_cancelled()
        raise EngineFailure(message(N_("a worker process ended unexpectedly during {what} (killed, or out of "
                                       "memory; {how})"), what=message(self.what), how=how))

    def _finish(self, cancel: CancelToken) -> None:
        """Normal end: every worker is asked to end; one that ended otherwise is a failure."""
        for worker in self._workers:
            try:
                worker.tasks.send(None)
            except OSError:
                pass
        deadline = time.monotonic() + JOIN_SECONDS
        for worker in self._workers:
            worker.process.join(max(0.0, deadline - time.monotonic()))
        for worker in self._workers:
            code = worker.process.exitcode
            if code is not None and code != 0:
                self._lost(worker, cancel)
        self._stop_workers()

    def _stop_workers(self) -> None:
        """Terminate every worker still running (SIGTERM, then SIGKILL), join, close pipes."""
        if self._starter is not None and self._starter is not threading.current_thread():
            self._closing = True            # a worker it starts from now on is ended by that thread
            self._starter.join(JOIN_SECONDS)  # the forkserver forks once it has imported its modules
            if not self._starter.is_alive():
                self._starter = None
        workers, self._workers, self._launched = self._workers, [], []
        if not workers:
            return
        for worker in workers:
            if worker.process.exitcode is None:
                _signal(worker.process, "terminate")
        deadline = time.monotonic() + KILL_SECONDS
        for worker in workers:
            worker.process.join(max(0.0, deadline - time.monotonic()))
        for worker in workers:
            if worker.process.exitcode is None:
                _signal(worker.process, "kill")     # also ends a stopped (SIGSTOP) worker
                worker.process.join(KILL_SECONDS)
        for worker in workers:
            worker.tasks.close()
            worker.results.close()
            try:
                worker.process.close()
            except ValueError:  # still running after SIGKILL: leave it to the OS
                pass


def _signal(process: Any, how: str) -> None:
    try:
        getattr(process, how)()
    except (OSError, ValueError, AttributeError):
        pass


class _RemoteTraceback(Exception):
    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text

    def __str__(self) -> str:
        return f"\n'''\n{self.text}'''"


# -- the worker's side ----------------------------------------------------------------------
_STATE: dict[str, Any] = {}


def _worker_main(tasks: Connection, results: Connection, index: int, folder: str, stop: Any,
                 slots: Any, parent: int) -> None:
    """A worker's life: run the pool's prelude, then take messages from the pipe until told to
    end (``None``), the pipe closes, or a write fails (the parent is gone): a run's folder name
    (read its set-up, call its initializer), or the number of a task of that run. Results and
    errors are written as files in the run's folder before their few-byte announcement; a
    prelude's error is reported in the first run."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    keep_freed_memory()                            # as the parent: arrays reused, not mapped afresh
    entered = time.monotonic()
    _STATE.clear()
    _STATE.update(index=index, folder=Path(folder), stop=stop, slots=slots, parent=parent,
                  checked=entered, orphan=False)
    failure: Optional[BaseException] = None
    try:
        prelude_file = Path(folder) / "prelude.pickle"
        if prelude_file.exists():
            with open(prelude_file, "rb") as file:
                prelude, preludeargs = pickle.load(file)
            if prelude is not None:
                prelude(*preludeargs)
    except BaseException as exc:
        failure = exc
    prepared = time.monotonic()
    try:
        while True:
            message = tasks.recv()
            if message is None:
                return
            if isinstance(message, str):
                where = Path(folder) / message
                try:
                    if failure is not None:
                        raise failure
                    with open(where / "setup.pickle", "rb") as file:
                        function, arguments, initializer, initargs = pickle.load(file)
                    if initializer is not None:
                        initializer(*initargs)
                except BaseException as exc:
                    _report_error(results, where, index, exc)
                    return
                ready = time.monotonic()
                continue
            started, cpu = time.monotonic(), time.process_time()
            try:
                result = function(*arguments[message])
            except BaseException as exc:
                _report_error(results, where, index, exc)
                continue
            stamps = (entered, prepared, ready, started, time.monotonic(), time.process_time() - cpu)
            with open(where / f"result{message}.pickle", "wb") as file:
                pickle.dump((result, stamps), file, protocol=pickle.HIGHEST_PROTOCOL)
            results.send(("done", message))
    except (EOFError, OSError):
        return


def _report_error(results: Connection, where: Path, index: int, exc: BaseException) -> None:
    remote = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    try:
        payload = pickle.dumps((exc, remote), protocol=pickle.HIGHEST_PROTOCOL)
        pickle.loads(payload)
    except Exception:   # the exception does not pickle (or unpickle): send its text
        payload = pickle.dumps((EngineFailure(f"{type(exc).__name__}: {exc}"), remote))
    (where / f"error{index}.pickle").write_bytes(payload)
    results.send(("failed", index))


def stopped() -> bool:
    """In a worker: True once the parent asked the workers to stop (cancel, error, a dead
    worker) or the parent process is gone. Cheap enough to call before every subset."""
    if _STATE["stop"].value:
        return True
    now = time.monotonic()
    if now - _STATE["checked"] > PARENT_CHECK_SECONDS:
        _STATE["checked"] = now
        if not platform.process_alive(_STATE["parent"]):
            _STATE["orphan"] = True
    return _STATE["orphan"]


def raise_if_stopped() -> None:
    """In a worker: raise :class:`Cancelled` when :func:`stopped`."""
    if stopped():
        raise Cancelled("cancelled by the user")


def credit(amount: float) -> None:
    """In a worker: add ``amount`` to this worker's progress (read by the parent)."""
    _STATE["slots"][_STATE["index"]] += amount


def load(name: str) -> np.ndarray:
    """In a worker: the array staged as ``name``, memory-mapped read-only."""
    return np.load(_STATE["folder"] / f"{name}.npy", mmap_mode="r", allow_pickle=False)


def staged(name: str) -> bool:
    """In a worker: whether an array was staged as ``name``."""
    return (_STATE["folder"] / f"{name}.npy").exists()
