"""The forkserver is started before the file is read only when the sweep's plan will use worker
processes with the compiled kernels (engine.assessment.run._prestart_workers)."""

import pytest

import engine.assessment.run as api
from engine.analysis.config import AnalysisConfig, ClusterOptions, DataSource, Roles
from engine.sweep import runner
from engine.foundation.workers import available_cpus

QIDS = tuple(f"q{i}" for i in range(11))


@pytest.mark.parametrize("rows, jobs, cluster, started", [
    (48_000_000, 2, None, True),            # census scale on two processes
    (1_000_000, 2, None, True),             # 1M x 2,047 subsets: workers pay
    (1_000_000, 1, None, False),            # one process: no workers
    (20_000, 2, None, False),               # the example: the walk in this process
    (48_000_000, 2, "tcp://127.0.0.1:8786", False),  # a cluster sweeps instead
])
def test_forkserver_started_early_only_when_workers_will_sweep(monkeypatch, tmp_path, rows, jobs, cluster, started):
    if started and available_cpus() < 2:
        pytest.skip("one CPU: never more than one process")
    path = tmp_path / "t.csv"
    path.write_text(",".join(QIDS) + ",s\n" + ",".join("1" * len(QIDS)) + ",a\n", encoding="utf-8")
    calls = []
    monkeypatch.setattr(api, "estimate_bytes", lambda *args: (rows, 0))
    monkeypatch.setattr(api, "prestart", calls.append)
    options = ClusterOptions(address=cluster) if cluster else ClusterOptions()
    config = AnalysisConfig(data=DataSource(str(path)), roles=Roles(QIDS, ("s",)), jobs=jobs, cluster=options)
    api._prestart_workers(config)
    assert calls == ([runner.SEGMENT_PRELOAD] if started else [])


def test_one_subset_starts_nothing_and_reads_nothing(monkeypatch, tmp_path):
    """A sample file's key (``--subsets exact``) is one subset: no worker will sweep it, so with
    two processes the run does what it does with one (the file is not even looked at)."""
    from engine.analysis.config import SubsetFamily

    path = tmp_path / "t.csv"
    path.write_text(",".join(QIDS) + ",s\n" + ",".join("1" * len(QIDS)) + ",a\n", encoding="utf-8")
    looked, calls = [], []
    monkeypatch.setattr(api, "estimate_bytes", lambda *args: looked.append(args) or (48_000_000, 0))
    monkeypatch.setattr(api, "prestart", calls.append)
    config = AnalysisConfig(data=DataSource(str(path)), roles=Roles(QIDS, ("s",)), jobs=2,
                            subsets=SubsetFamily.parse("exact"))
    api._prestart_workers(config)
    assert looked == [] and calls == []


def test_a_damaged_file_is_left_to_the_read_to_report(tmp_path):
    """With two processes, a Parquet file that is not one still gets the reader's one line."""
    from engine.foundation.errors import InputError

    path = tmp_path / "broken.parquet"
    path.write_bytes(b"PAR1 this is not a parquet file")
    config = AnalysisConfig(data=DataSource(str(path)), roles=Roles(QIDS, ("s",)), jobs=2)
    api._prestart_workers(config)                          # no error of its own
    with pytest.raises(InputError, match="broken.parquet"):
        api.run_assessment(config)


def test_numba_is_set_up_on_a_thread_with_the_forkserver(monkeypatch, tmp_path):
    """The same plan also starts a thread that imports numba and loads one kernel, so that
    this process's own preparation finds them ready."""
    import threading

    from engine.sweep import segments

    if available_cpus() < 2:
        pytest.skip("one CPU: never more than one process")
    ran = threading.Event()
    monkeypatch.setattr(api, "estimate_bytes", lambda *args: (48_000_000, 0))
    monkeypatch.setattr(api, "prestart", lambda preload: None)
    monkeypatch.setattr(segments, "set_up_numba", ran.set)
    path = tmp_path / "t.csv"
    path.write_text(",".join(QIDS) + ",s\n" + ",".join("1" * len(QIDS)) + ",a\n", encoding="utf-8")
    api._prestart_workers(AnalysisConfig(data=DataSource(str(path)), roles=Roles(QIDS, ("s",)), jobs=2))
    assert ran.wait(30)
    monkeypatch.undo()
    from engine.sweep import block_kernels

    segments.set_up_numba()
    assert block_kernels.counting_order.signatures
