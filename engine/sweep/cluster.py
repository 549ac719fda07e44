"""Run a sweep on an existing Dask cluster (docs/methods.md, "QID-subset sweep";
docs/cluster.md, "Running on a Dask cluster").

The only network connection RiskReview ever opens: to the scheduler address the analyst
gives (``tcp://HOST:PORT`` or, recommended, ``tls://HOST:PORT`` with the agency's
certificates). The integer codes are scattered once to every worker; each task walks one
subtree of the QID-subset lattice (:func:`engine.sweep.walker.walk`) and returns its counts,
so the results equal a local run's. Progress counts finished subsets, a cancel cancels the
tasks not yet finished and raises a stop event the running walks check; a lost worker's task
is retried on another worker (Dask's own rescheduling) and, when it cannot finish, the run
fails with one line. Nothing is written to disk by the tasks; the scattered codes are released
when the run ends. Dask is an optional dependency (``pip install riskreview[cluster]``).
"""

from __future__ import annotations

import logging
import time
import uuid
from dataclasses import dataclass
from typing import Any, Callable, Optional
from urllib.parse import urlsplit

import numpy as np

from ..analysis.config import ClusterOptions as ClusterSettings
from ..foundation.allocator import keep_freed_memory
from ..foundation.errors import EngineFailure, InputError
from ..foundation.i18n import N_
from ..foundation.input_files import CERTIFICATE_FILE, CERTIFICATE_LIMIT, read_bounded
from ..foundation.messages import message
from ..foundation.progress import CancelToken, ProgressReporter
from . import segments
from .lattice import Family, Task, plan_tasks
from .walker import SweepData, walk

CONNECT_SECONDS = 20
NO_WORKER_SECONDS = 60
STOP_CHECK_SECONDS = 0.5
TASKS_PER_THREAD = 4     # the planners' workers per thread: x their 8 tasks each, about 32 tasks per thread
POLL_SECONDS = 0.1
RESUBMITS = 3


def _security(settings: ClusterSettings) -> Any:
    """Dask's TLS settings for a ``tls://`` address (checked by ``settings.check()`` and
    :func:`check_certificates`)."""
    from distributed.security import Security

    if urlsplit(settings.address).scheme != "tls":
        return None
    check_certificates(settings)
    return Security(tls_ca_file=settings.tls_ca, tls_client_cert=settings.tls_cert,
                    tls_client_key=settings.tls_key, require_encryption=True)


def _certificate_error(path: str, what: str, **params: Any) -> InputError:
    return InputError(message(N_("cluster certificate file {path!r}: {problem}"), path=path,
                              problem=message(what, **params)))


def _not_after(path: str) -> Optional[float]:
    """When the PEM certificate in ``path`` expires (seconds since the epoch); None when the
    interpreter cannot say. Raises ssl.SSLError when the file holds no certificate."""
    import ssl

    decode = getattr(getattr(ssl, "_ssl", None), "_test_decode_cert", None)
    if decode is None:
        return None
    return ssl.cert_time_to_seconds(decode(path)["notAfter"])


def check_certificates(settings: ClusterSettings) -> "ssl.SSLContext":
    """Read the CA, certificate and key files of a ``tls://`` address before anything is
    sent: each must exist and be what it says (a PEM certificate, a key matching the
    certificate), the certificates not expired. Returns the client's TLS context; a fault
    is an :class:`InputError` naming the file and what is wrong with it."""
    import ssl

    for path in (settings.tls_ca, settings.tls_cert, settings.tls_key):
        if read_bounded(path, CERTIFICATE_FILE, CERTIFICATE_LIMIT) is None:
            raise InputError(message(N_("cluster certificate file {path!r} does not exist"), path=path))
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False  # as Dask: the CA vouches for the scheduler, not its host name
    for path in (settings.tls_ca, settings.tls_cert):
        try:
            expires = _not_after(path)
        except (ssl.SSLError, OSError, KeyError, ValueError):
            raise _certificate_error(path, N_("not a PEM certificate")) from None
        if expires is not None and expires < time.time():
            raise _certificate_error(path, N_("the certificate expired on {date}"),
                                     date=time.strftime("%Y-%m-%d", time.gmtime(expires)))
    try:
        context.load_verify_locations(cafile=settings.tls_ca)
    except ssl.SSLError:
        raise _certificate_error(settings.tls_ca, N_("not a PEM certificate")) from None
    try:
        context.load_cert_chain(settings.tls_cert, settings.tls_key)
    except ssl.SSLError as exc:
        if "KEY_VALUES_MISMATCH" in str(exc):
            raise _certificate_error(settings.tls_key, N_("not the private key of the certificate {cert!r}"),
                                     cert=settings.tls_cert) from None
        raise _certificate_error(settings.tls_key, N_("not a PEM private key")) from None
    return context


def _reach(settings: ClusterSettings) -> None:
    """Open one connection to the scheduler and close it (with ``tls://``, after the TLS
    handshake), so that a refused connection or a certificate the scheduler's side does not
    accept fails at once with one line, before Dask's connection retries; nothing is sent."""
    import socket
    import ssl

    parts = urlsplit(settings.address)
    context = check_certificates(settings) if parts.scheme == "tls" else None
    try:
        connection = socket.create_connection((parts.hostname, parts.port), timeout=CONNECT_SECONDS)
    except ConnectionRefusedError:
        raise InputError(message(N_("cluster {address}: cannot connect: connection refused (no scheduler "
                                    "listens there)"),
                                 address=settings.address)) from None
    except OSError as exc:
        raise InputError(message(N_("cluster {address}: cannot connect ({error})"), address=settings.address,
                                 error=str(exc) or type(exc).__name__)) from None
    try:
        if context is not None:
            try:
                context.wrap_socket(connection, server_hostname=parts.hostname).close()
            except ssl.SSLCertVerificationError as exc:
                reason = exc.verify_message or str(exc)
                if "expired" in reason:
                    raise InputError(message(N_("cluster {address}: the scheduler's certificate has expired"),
                                             address=settings.address)) from None
                raise InputError(message(N_("cluster {address}: the scheduler's certificate is not signed by the "
                                            "CA in {path!r} ({reason})"), address=settings.address,
                                         path=settings.tls_ca, reason=reason)) from None
            except (ssl.SSLError, OSError) as exc:
                raise InputError(message(N_("cluster {address}: the TLS handshake failed ({error}); check that the "
                                            "scheduler accepts the certificate {path!r}"),
                                         address=settings.address, error=str(exc) or type(exc).__name__,
                                         path=settings.tls_cert)) from None
    finally:
        connection.close()


def connect(settings: ClusterSettings) -> Any:
    """A Dask client connected to the scheduler at ``settings.address``."""
    settings.check()
    try:
        from distributed import Client
    except ImportError:
        raise InputError(message(N_("running on a cluster needs Dask: pip install 'riskreview[cluster]'"))) from None
    security = _security(settings)
    _reach(settings)
    # the run reports a lost scheduler in its own line; Dask's client would log it again
    logging.getLogger("distributed.client").setLevel(logging.CRITICAL)
    try:
        return Client(settings.address, security=security, timeout=CONNECT_SECONDS,
                      set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise InputError(message(N_("cluster {address}: cannot connect ({error})"), address=settings.address,
                                 error=str(exc))) from None


def _stopper(stop_name: str) -> Callable[[], bool]:
    """On a worker: whether the run's stop event is set, asked at most twice a second."""
    from distributed import Event

    stop = Event(stop_name)
    last = [time.monotonic(), False]

    def should_stop() -> bool:
        now = time.monotonic()
        if now - last[0] >= STOP_CHECK_SECONDS:
            last[0], last[1] = now, stop.is_set()
        return bool(last[1])

    return should_stop


def _data(meta: dict, qids: list, sensitive: list) -> SweepData:
    return SweepData(qid_codes=qids, qid_cards=meta["qid_cards"], sensitive_codes=sensitive,
                     sensitive_cards=meta["sensitive_cards"], n_rows=meta["n_rows"],
                     distributions=meta["distributions"], model_l=meta["model_l"])


def _walk_task(meta: dict, qids: list, sensitive: list, family: Family, task: Task,
               stop_name: str) -> dict[tuple[int, ...], np.ndarray]:
    """One lattice subtree by the refinement walk, on a worker."""
    keep_freed_memory()
    out: dict[tuple[int, ...], np.ndarray] = {}
    walk(_data(meta, qids, sensitive), family, task, lambda prefix, counts: out.__setitem__(prefix, counts),
         _stopper(stop_name))
    return out


def _segment_task(meta: dict, qids: list, sensitive: list, tree: segments.Tree, shell: segments.Subtree,
                  rows: np.ndarray, weights: Optional[np.ndarray], task: segments.SegmentTask,
                  tuning: segments.Tuning, stop_name: str) -> Optional[segments.TaskResult]:
    """Segments of one subtree by the compiled segment sweep, on a worker."""
    keep_freed_memory()
    data = _data(meta, qids, sensitive)
    subtree = segments.Subtree(shell.dim, shell.node, rows, weights, shell.bounds, shell.columns)
    return segments.run_task(data, tree, subtree, task, data.width, _stopper(stop_name), lambda amount: None,
                             tuning)


def _meta(data: SweepData) -> dict:
    return {"qid_cards": list(data.qid_cards), "sensitive_cards": list(data.sensitive_cards),
            "n_rows": data.n_rows, "distributions": data.distributions, "model_l": data.model_l}


@dataclass(frozen=True)
class _Shared:
    """In a task's arguments: the ``index``-th array copied to the workers."""

    index: int


@dataclass(frozen=True)
class _Spec:
    """A task to run: a function and its arguments, arrays named by :class:`_Shared`."""

    function: Callable
    args: tuple


class _Lost(Exception):
    """A task or its data was lost with a worker; the unfinished tasks are submitted again."""


class _Run:
    """One sweep on the cluster: the client, the run's stop event, what it copied to the
    workers and submitted (all released at the end)."""

    def __init__(self, client: Any, settings: ClusterSettings, cancel: CancelToken) -> None:
        from distributed import Event

        self.client, self.settings, self.cancel = client, settings, cancel
        self.stop_name = f"riskreview-stop-{uuid.uuid4().hex}"
        self.stop = Event(self.stop_name, client=client)
        self.held: list = []

    @property
    def threads(self) -> int:
        """Threads of all workers: tasks are planned per thread. Threads of one worker process
        share its one copy of the codes; the segment sweep's kernels release the GIL, so they
        run side by side (docs/cluster.md)."""
        workers = self.client.scheduler_info().get("workers", {})
        return max(1, sum(int(w.get("nthreads") or 1) for w in workers.values()))

    def _scatter(self, arrays: list) -> list:
        futures = self.client.scatter([np.ascontiguousarray(a) for a in arrays], broadcast=True)
        self.held += list(futures)
        return list(futures)

    def _submit(self, spec: _Spec, shared: list) -> Any:
        def resolve(value: Any) -> Any:
            if isinstance(value, _Shared):
                return shared[value.index]
            if isinstance(value, list):
                return [resolve(v) for v in value]
            return value

        future = self.client.submit(spec.function, *[resolve(a) for a in spec.args], self.stop_name, pure=False)
        self.held.append(future)
        return future

    def run(self, arrays: list, specs: list[_Spec], collect: Callable[[int, Any], None],
            report: Callable[[], None]) -> None:
        """Copy ``arrays`` to every worker, run every spec and hand ``collect(i, result)`` each
        result. Work lost with a worker (its task or data) is submitted again, with fresh
        copies, up to :data:`RESUBMITS` times."""
        from distributed.client import ClosedClientError
        from distributed.comm import CommClosedError

        remaining = set(range(len(specs)))
        for attempt in range(RESUBMITS + 1):
            try:
                shared = self._scatter(arrays)
                futures = {self._submit(specs[i], shared): i for i in sorted(remaining)}
                self._drive(futures, remaining, collect, report)
                return
            except ClosedClientError:
                raise self._scheduler_lost() from None
            except (_Lost, CommClosedError, OSError) as exc:
                if not self._connected():
                    raise self._scheduler_lost() from None
                self.client.cancel(self.held)
                self.held = []
                if attempt == RESUBMITS:
                    raise EngineFailure(message(N_("cluster {address}: workers were lost {times} times; the sweep "
                                                   "cannot finish ({error})"), address=self.settings.address,
                                                times=RESUBMITS + 1, error=str(exc))) from None
                time.sleep(1.0)

    def _drive(self, futures: dict, remaining: set, collect: Callable[[int, Any], None],
               report: Callable[[], None]) -> None:
        from distributed.client import FutureCancelledError
        from distributed.comm import CommClosedError

        idle_since: Optional[float] = None
        pending = set(futures)
        while pending:
            finished = {future for future in pending if future.done()}
            pending -= finished
            if not finished:
                time.sleep(POLL_SECONDS)
            for future in finished:
                try:
                    result = future.result()
                except (FutureCancelledError, CommClosedError) as exc:
                    raise _Lost(str(exc).splitlines()[0] if str(exc) else type(exc).__name__) from None
                except Exception as exc:  # the task's own error, e.g. KilledWorker
                    first = str(exc).splitlines()[0] if str(exc) else ""
                    raise EngineFailure(message(N_("a sweep task failed on the cluster: {error}"),
                                                error=f"{type(exc).__name__}: {first}")) from None
                collect(futures[future], result)
                remaining.discard(futures[future])
            report()
            if self.cancel.cancelled:
                self.stop.set()
                self.cancel.raise_if_cancelled()
            if self.client.status in ("closing", "closed"):
                raise self._scheduler_lost()
            if not self.client.scheduler_info().get("workers"):
                idle_since = idle_since or time.monotonic()
                if time.monotonic() - idle_since > NO_WORKER_SECONDS:
                    raise EngineFailure(message(N_("cluster {address}: no worker for {seconds} s; the sweep cannot "
                                                   "finish"), address=self.settings.address,
                                                seconds=NO_WORKER_SECONDS))
            else:
                idle_since = None

    def _connected(self) -> bool:
        """Whether the client is (or, within :data:`CONNECT_SECONDS`, is again) connected to
        the scheduler."""
        deadline = time.monotonic() + CONNECT_SECONDS
        while self.client.status != "running":
            if self.client.status in ("closing", "closed") or time.monotonic() > deadline:
                return False
            self.cancel.raise_if_cancelled()
            time.sleep(POLL_SECONDS)
        return True

    def _scheduler_lost(self) -> EngineFailure:
        return EngineFailure(message(N_("cluster {address}: the connection to the scheduler was lost during the "
                                        "run; the sweep cannot finish"), address=self.settings.address))

    def close(self) -> None:
        """Release what the run holds on the cluster; a scheduler already gone is not an error."""
        try:
            if self.client.status == "running":
                self.client.cancel(self.held)
        except Exception:  # the scheduler went away meanwhile: nothing is held any more
            pass
        finally:
            try:
                self.client.close()
            except Exception:
                pass


def run_on_cluster(data: SweepData, family: Family, settings: ClusterSettings,
                   reporter: ProgressReporter, cancel: CancelToken,
                   client_factory: Callable[[ClusterSettings], Any] = connect
                   ) -> dict[tuple[int, ...], np.ndarray]:
    """Evaluate every subset of ``family`` on the cluster with the engine a local run would
    use (segment sweep or refinement walk); the same counts as a local run."""
    run = _Run(client_factory(settings), settings, cancel)
    try:
        if segments.use_segments(data, family):
            return _run_segments(run, data, family, reporter)
        return _run_walk(run, data, family, reporter)
    except BaseException:
        try:
            run.stop.set()
        except Exception:  # the scheduler is gone: no task is left to stop
            pass
        raise
    finally:
        run.close()


def _shared_codes(data: SweepData) -> tuple[list, list, list]:
    """The arrays every task reads (QID codes, then sensitive codes) and their placeholders."""
    arrays = list(data.qid_codes) + list(data.sensitive_codes)
    k = len(data.qid_codes)
    return arrays, [_Shared(i) for i in range(k)], [_Shared(i) for i in range(k, len(arrays))]


def _run_walk(run: _Run, data: SweepData, family: Family,
              reporter: ProgressReporter) -> dict[tuple[int, ...], np.ndarray]:
    arrays, qids, sensitive = _shared_codes(data)
    tasks = plan_tasks(family, run.threads * TASKS_PER_THREAD)
    specs = [_Spec(_walk_task, (_meta(data), qids, sensitive, family, task)) for task in tasks]
    results: dict[tuple[int, ...], np.ndarray] = {}
    run.run(arrays, specs, lambda i, result: results.update(result), lambda: reporter.update(len(results)))
    return results


def _run_segments(run: _Run, data: SweepData, family: Family,
                  reporter: ProgressReporter) -> dict[tuple[int, ...], np.ndarray]:
    inner, inner_family, order = segments.reorder(data, family)
    tree, subtrees = segments.prepare(inner, inner_family, lambda: run.cancel.cancelled)
    run.cancel.raise_if_cancelled()
    tasks = segments.plan_segment_tasks(subtrees, tree, run.threads * TASKS_PER_THREAD)
    arrays, qids, sensitive = _shared_codes(inner)
    by_dim = {}
    for s in subtrees:
        rows = _Shared(len(arrays))
        arrays.append(s.rows)
        weights = None
        if s.weights is not None:
            weights = _Shared(len(arrays))
            arrays.append(s.weights)
        by_dim[s.dim] = (segments.Subtree(s.dim, s.node, None, None, s.bounds, s.columns), rows, weights)
    tuning, meta = segments.Tuning.current(), _meta(inner)
    specs = [_Spec(_segment_task, (meta, qids, sensitive, tree, *by_dim[task.dim], task, tuning)) for task in tasks]
    total = segments.TaskResult(len(tree.prefixes), inner.width)
    whole, done = sum(t.estimate for t in tasks) or 1.0, [0.0]

    def collect(i: int, result: Optional[segments.TaskResult]) -> None:
        if result is not None:
            total.add(result)
        done[0] += tasks[i].estimate

    run.run(arrays, specs, collect, lambda: reporter.update(min(family.total, int(family.total * done[0] / whole))))
    counts = segments.finish(tree, total, len(inner.sensitive_codes))
    return {tuple(sorted(order[i] for i in prefix)): vector for prefix, vector in counts.items()}
