"""Small builders shared by engine tests."""

from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Iterator, Sequence

import numpy as np
import pandas as pd
import pyarrow as pa

from engine.analysis.config import AnalysisConfig, DataSource, Roles, SubsetFamily, Target
from engine.io.encode import EncodedTable, encode_arrow_table
from engine.sweep.runner import THREAD_PREFIX


def sweep_threads() -> list[threading.Thread]:
    """The segment sweep's threads still alive (engine.sweep.runner.THREAD_PREFIX)."""
    return [t for t in threading.enumerate() if t.name.startswith(THREAD_PREFIX)]


def table_from_frame(frame: pd.DataFrame, name: str = "frame") -> EncodedTable:
    return encode_arrow_table(pa.Table.from_pandas(frame, preserve_index=False), name=name)


def config_for(qids: Sequence[str], sensitive: Sequence[str] = (), path: str = "memory.csv",
               subsets: str = "all", targets: Sequence[str] = (), jobs: int = 1) -> AnalysisConfig:
    return AnalysisConfig(
        data=DataSource(path),
        roles=Roles(quasi_identifiers=tuple(qids), sensitive=tuple(sensitive)),
        subsets=SubsetFamily.parse(subsets),
        targets=tuple(Target.parse(t) for t in targets),
        jobs=jobs,
    )


def by_qids(rows, *qids: str, sensitive: str | None = None):
    for row in rows:
        if row.qids == tuple(qids) and (sensitive is None or row.sensitive == sensitive):
            return row
    raise KeyError(qids)


@contextmanager
def loopback_cluster(workers: int, threads: int = 1) -> Iterator:
    """A Dask scheduler in this process and ``workers`` worker processes of ``threads`` threads
    on 127.0.0.1 (sockets allowed while it runs, as the suite otherwise blocks them)."""
    import warnings

    import distributed
    import pytest_socket

    pytest_socket.enable_socket()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # "setting dashboard is discouraged": we want none
        local = distributed.LocalCluster(n_workers=workers, threads_per_worker=threads, processes=True, host="127.0.0.1",
                                         dashboard_address=None, dashboard=False, protocol="tcp")
    try:
        yield local
    finally:
        local.close()
        pytest_socket.disable_socket(allow_unix_socket=True)


def page_faults_of_reused_arrays() -> tuple[str, int]:
    """In a worker process: its MALLOC_TRIM_THRESHOLD_ and the minor page faults of 20 arrays of
    4 MB allocated and freed in turn (about 1,000 each when every one is mapped afresh; Linux)."""
    import os
    import resource

    np.ones(1 << 19)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(20):
        np.ones(1 << 19)
    return os.environ.get("MALLOC_TRIM_THRESHOLD_", ""), resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before
