"""Run a sweep on an existing Dask cluster (docs/methods.md, "QID-subset sweep"; README,
"Running on a Dask cluster").

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

import time
from pathlib import Path
import uuid
from typing import Any, Callable, Optional
from urllib.parse import urlsplit

import numpy as np

from ..config import ClusterOptions as ClusterSettings
from ..errors import EngineFailure, InputError
from ..progress import CancelToken, ProgressReporter
from .lattice import Family, Task, plan_tasks
from .walker import SweepData, walk

CONNECT_SECONDS = 20
NO_WORKER_SECONDS = 60
STOP_CHECK_SECONDS = 0.5
TASKS_PER_WORKER = 4
POLL_SECONDS = 0.1


def _security(settings: ClusterSettings) -> Any:
    """Dask's TLS settings for a ``tls://`` address (checked by ``settings.check()``)."""
    from distributed.security import Security

    if urlsplit(settings.address).scheme != "tls":
        return None
    for path in (settings.tls_ca, settings.tls_cert, settings.tls_key):
        if not Path(path).is_file():
            raise InputError(f"cluster certificate file {path!r} does not exist")
    return Security(tls_ca_file=settings.tls_ca, tls_client_cert=settings.tls_cert,
                    tls_client_key=settings.tls_key, require_encryption=True)


def connect(settings: ClusterSettings) -> Any:
    """A Dask client connected to the scheduler at ``settings.address``."""
    settings.check()
    try:
        from distributed import Client
    except ImportError:
        raise InputError("running on a cluster needs Dask: pip install 'riskreview[cluster]'") from None
    security = _security(settings)
    try:
        return Client(settings.address, security=security, timeout=CONNECT_SECONDS,
                      set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise InputError(f"cluster {settings.address}: cannot connect ({exc})") from None


def _task(meta: dict, qids: list, sensitive: list, family: Family, task: Task,
          stop_name: str) -> dict[tuple[int, ...], np.ndarray]:
    """One lattice subtree on a worker; checks the run's stop event twice a second."""
    from distributed import Event

    data = SweepData(qid_codes=qids, qid_cards=meta["qid_cards"], sensitive_codes=sensitive,
                     sensitive_cards=meta["sensitive_cards"], n_rows=meta["n_rows"],
                     distributions=meta["distributions"], model_l=meta["model_l"])
    stop = Event(stop_name)
    last = [time.monotonic(), False]

    def should_stop() -> bool:
        now = time.monotonic()
        if now - last[0] >= STOP_CHECK_SECONDS:
            last[0], last[1] = now, stop.is_set()
        return bool(last[1])

    out: dict[tuple[int, ...], np.ndarray] = {}
    walk(data, family, task, lambda prefix, counts: out.__setitem__(prefix, counts), should_stop)
    return out


def run_on_cluster(data: SweepData, family: Family, settings: ClusterSettings,
                   reporter: ProgressReporter, cancel: CancelToken,
                   client_factory: Callable[[ClusterSettings], Any] = connect
                   ) -> dict[tuple[int, ...], np.ndarray]:
    """Evaluate every subset of ``family`` on the cluster; same counts as a local run."""
    from distributed import Event
    from distributed.client import FutureCancelledError

    client = client_factory(settings)
    stop_name = f"riskreview-stop-{uuid.uuid4().hex}"
    stop = Event(stop_name, client=client)
    futures: set = set()
    scattered: list = []
    try:
        workers = len(client.scheduler_info().get("workers", {}))
        tasks = plan_tasks(family, max(1, workers) * TASKS_PER_WORKER)
        meta = {"qid_cards": list(data.qid_cards), "sensitive_cards": list(data.sensitive_cards),
                "n_rows": data.n_rows, "distributions": data.distributions, "model_l": data.model_l}
        qids = client.scatter([np.ascontiguousarray(c) for c in data.qid_codes], broadcast=True)
        sensitive = client.scatter([np.ascontiguousarray(c) for c in data.sensitive_codes], broadcast=True)
        scattered = list(qids) + list(sensitive)
        futures = {client.submit(_task, meta, qids, sensitive, family, task, stop_name, pure=False)
                   for task in tasks}
        results: dict[tuple[int, ...], np.ndarray] = {}
        idle_since: Optional[float] = None
        pending = set(futures)
        while pending:
            finished = {future for future in pending if future.done()}
            pending -= finished
            if not finished:
                time.sleep(POLL_SECONDS)
            for future in finished:
                try:
                    results.update(future.result())
                except FutureCancelledError:
                    raise EngineFailure("the cluster cancelled a sweep task (a worker was lost "
                                        "more often than the scheduler allows)") from None
                except Exception as exc:  # a task's error, e.g. KilledWorker
                    raise EngineFailure(f"a sweep task failed on the cluster: {type(exc).__name__}: "
                                        f"{str(exc).splitlines()[0] if str(exc) else ''}") from None
            reporter.update(len(results))
            if cancel.cancelled:
                stop.set()
                cancel.raise_if_cancelled()
            if not client.scheduler_info().get("workers"):
                idle_since = idle_since or time.monotonic()
                if time.monotonic() - idle_since > NO_WORKER_SECONDS:
                    raise EngineFailure(f"cluster {settings.address}: no worker for "
                                        f"{NO_WORKER_SECONDS} s; the sweep cannot finish")
            else:
                idle_since = None
        return results
    except BaseException:
        stop.set()
        raise
    finally:
        try:
            client.cancel(list(futures) + scattered)
        finally:
            client.close()


def scheduler_workers(settings: ClusterSettings) -> int:
    """Number of workers the scheduler has now (for the window's run settings)."""
    client = connect(settings)
    try:
        return len(client.scheduler_info().get("workers", {}))
    finally:
        client.close()
