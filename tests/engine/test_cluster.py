"""The sweep on a Dask cluster: a scheduler and worker processes started here, on loopback only.

The cluster path must give the local path's numbers on any table, report progress, stop on
cancel, survive a killed worker, and refuse bad addresses in one line."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import warnings

import distributed
import numpy as np
import pandas as pd
import pytest
import pytest_socket
from hypothesis import HealthCheck, given, settings, strategies as st

from engine.api import run_assessment
from engine.analysis.config import AnalysisConfig, ClusterOptions, read_toml
from engine.foundation.errors import Cancelled, InputError
from engine.foundation.progress import CancelToken

from .helpers import config_for, loopback_cluster, page_faults_of_reused_arrays, table_from_frame


LOOPBACK = ["127.0.0.1", "localhost"]
pytestmark = [pytest.mark.enable_socket, pytest.mark.allow_hosts(LOOPBACK)]


@pytest.fixture(scope="module")
def cluster():
    """A scheduler in this process and two single-threaded worker processes, on 127.0.0.1."""
    with loopback_cluster(2) as local:
        yield local


def _numbers(assessment):
    reid = [(r.qids, r.blocks, r.singletons, r.posterior_prob, r.posterior_det) for r in assessment.reidentification]
    inference = [(r.qids, r.sensitive, r.expected_correct, r.records_certain) for r in assessment.inference]
    return reid, inference


def _run(frame: pd.DataFrame, qids, sensitive, cluster_address: str = "", **kwargs):
    config = config_for(qids, sensitive)
    if cluster_address:
        config = AnalysisConfig(**{**config.__dict__, "cluster": ClusterOptions(cluster_address)})
    return run_assessment(config, table=table_from_frame(frame), **kwargs)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=st.integers(1, 60), k=st.integers(1, 4), seed=st.integers(0, 10_000), missing=st.booleans())
def test_cluster_equals_local_on_random_tables(cluster, rows, k, seed, missing):
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame({f"q{i}": rng.integers(0, 1 + i * 2, rows).astype(float) for i in range(k)})
    if missing:
        frame.loc[rng.random(rows) < 0.2, "q0"] = np.nan
    frame["s"] = rng.integers(0, 3, rows)
    qids = [f"q{i}" for i in range(k)]
    local = _run(frame, qids, ["s"])
    remote = _run(frame, qids, ["s"], cluster.scheduler_address)
    assert _numbers(remote) == _numbers(local)
    assert any("Dask cluster" in w for w in remote.warnings)


def _large_frame(rows: int = 60_000, k: int = 11) -> pd.DataFrame:
    rng = np.random.default_rng(7)
    return pd.DataFrame({f"q{i}": rng.integers(0, 2 + i, rows) for i in range(k)} | {"s": rng.integers(0, 2, rows)})


def test_progress_reaches_every_subset(cluster):
    frame = _large_frame(2_000, 6)
    seen = []
    _run(frame, [f"q{i}" for i in range(6)], ["s"], cluster.scheduler_address, on_progress=seen.append)
    sweep = [p for p in seen if p.stage == "sweep"]
    assert sweep[-1].done == sweep[-1].total == 63
    assert [p.done for p in sweep] == sorted(p.done for p in sweep)


def test_cancel_stops_the_run_and_leaves_the_cluster_usable(cluster):
    frame = _large_frame()
    token = CancelToken()

    def cancel_early(progress):
        if progress.stage == "sweep" and progress.done > 0:
            token.cancel()

    start = time.monotonic()
    with pytest.raises(Cancelled):
        _run(frame, [f"q{i}" for i in range(11)], ["s"], cluster.scheduler_address, on_progress=cancel_early,
             cancel=token)
    assert time.monotonic() - start < 60   # a hang guard
    small = _large_frame(50, 3)
    assert _numbers(_run(small, ["q0", "q1", "q2"], ["s"], cluster.scheduler_address)) == \
        _numbers(_run(small, ["q0", "q1", "q2"], ["s"]))
    with distributed.Client(cluster.scheduler_address, set_as_default=False) as client:
        deadline = time.monotonic() + 30
        while client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)) and \
                time.monotonic() < deadline:
            time.sleep(0.2)
        assert client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)) == 0


def test_a_killed_worker_is_replaced_and_the_numbers_hold(cluster):
    frame = _large_frame(40_000, 10)
    qids = [f"q{i}" for i in range(10)]
    local = _run(frame, qids, ["s"])
    with distributed.Client(cluster.scheduler_address, set_as_default=False) as client:
        pids = list(client.run(os.getpid).values())
    killed = []

    def kill_one(progress):
        if progress.stage == "sweep" and progress.done > 0 and not killed:
            os.kill(pids[0], signal.SIGKILL)
            killed.append(pids[0])

    remote = _run(frame, qids, ["s"], cluster.scheduler_address, on_progress=kill_one)
    assert killed
    assert _numbers(remote) == _numbers(local)


@pytest.mark.parametrize("address, message", [
    ("http://127.0.0.1:8786",
     "cluster.address must be tls://HOST:PORT or tcp://HOST:PORT, got 'http://127.0.0.1:8786'"),
    ("tcp://127.0.0.1", "cluster.address must be tls://HOST:PORT or tcp://HOST:PORT, got 'tcp://127.0.0.1'"),
    ("tls://10.0.0.5:8786", "cluster.tls_ca must be given for a tls:// cluster address"),
])
def test_bad_addresses_are_refused_before_any_connection(address, message):
    with pytest.raises(InputError) as error:
        ClusterOptions(address).check()
    assert str(error.value) == message


def test_plain_tcp_outside_loopback_is_warned_about():
    (warning,) = ClusterOptions("tcp://192.0.2.10:8786").check()
    assert "unencrypted" in warning
    assert ClusterOptions("tcp://localhost:8786").check() == []


def test_unreachable_scheduler_is_one_clear_error(monkeypatch):
    from engine.sweep import cluster as cluster_module

    monkeypatch.setattr(cluster_module, "CONNECT_SECONDS", 2)
    frame = _large_frame(20, 2)
    with pytest.raises(InputError, match="cannot connect"):
        _run(frame, ["q0", "q1"], ["s"], "tcp://127.0.0.1:9")


def test_cluster_settings_round_trip_through_the_analysis_file(tmp_path):
    (tmp_path / "certs").mkdir()
    config = AnalysisConfig(**{**config_for(["a"]).__dict__,
                               "cluster": ClusterOptions("tls://10.1.2.3:8786", "certs/ca.pem", "certs/me.pem",
                                                         "certs/me.key")})
    path = tmp_path / "analysis.toml"
    path.write_text(config.to_toml(), encoding="utf-8")
    back = AnalysisConfig.from_toml(path)
    assert back.cluster.address == "tls://10.1.2.3:8786"
    assert back.cluster.tls_ca == str(tmp_path / "certs" / "ca.pem")
    assert AnalysisConfig.from_toml(_plain(tmp_path)).cluster == ClusterOptions()


def test_cli_saves_certificates_relative_to_the_analysis_file(tmp_path, capsys):
    """--save-config writes the PEM files as the data file: relative inside the analysis file's
    folder tree, absolute outside it; --config reads them back from any working folder."""
    from engine.commands import cli

    work = tmp_path / "work"
    (work / "certs").mkdir(parents=True)
    outside = tmp_path / "agency-ca.pem"
    data = work / "data.csv"
    data.write_text("a,s\n1,x\n2,y\n", encoding="utf-8")
    for pem in (outside, work / "certs" / "me.pem", work / "certs" / "me.key"):
        pem.write_text("-----BEGIN CERTIFICATE-----\n", encoding="utf-8")
    saved = work / "analysis.toml"
    assert cli.main(["assess", str(data), "--qid", "a", "--sensitive", "s", "--cluster", "tls://10.1.2.3:8786",
                     "--cluster-ca", str(outside), "--cluster-cert", str(work / "certs" / "me.pem"),
                     "--cluster-key", str(work / "certs" / "me.key"), "--save-config", str(saved)]) == 0
    capsys.readouterr()
    run = read_toml(saved)["run"]
    assert (run["cluster_ca"], run["cluster_cert"], run["cluster_key"]) == (str(outside), "certs/me.pem",
                                                                            "certs/me.key")
    assert read_toml(saved)["data"]["path"] == "data.csv"
    moved = tmp_path / "moved"
    shutil.copytree(work, moved)
    back = AnalysisConfig.from_toml(moved / "analysis.toml").cluster
    assert back == ClusterOptions("tls://10.1.2.3:8786", str(outside), str(moved / "certs" / "me.pem"),
                                  str(moved / "certs" / "me.key"))
    again = moved / "again.toml"   # --config then --save-config: the same text
    assert cli.main(["assess", "--config", str(moved / "analysis.toml"), "--save-config", str(again)]) == 0
    assert again.read_text(encoding="utf-8") == (moved / "analysis.toml").read_text(encoding="utf-8")


def _plain(folder):
    path = folder / "plain.toml"
    path.write_text(config_for(["a"]).to_toml(), encoding="utf-8")
    return path


def _openssl(*args: str, cwd) -> None:
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True, timeout=60)


@pytest.fixture(scope="module")
def certificates(tmp_path_factory):
    """A throw-away CA and one certificate for 127.0.0.1 signed by it (PEM files)."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed")
    folder = tmp_path_factory.mktemp("tls")
    _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem",
             "-days", "2", "-subj", "/CN=test CA", cwd=folder)
    (folder / "san.cnf").write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\n")
    _openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "node.key", "-out", "node.csr",
             "-subj", "/CN=127.0.0.1", cwd=folder)
    _openssl("x509", "-req", "-in", "node.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
             "-out", "node.pem", "-days", "2", "-extfile", "san.cnf", cwd=folder)
    return folder


def test_tls_cluster_gives_the_local_numbers(certificates):
    from distributed.security import Security

    ca, cert, key = (str(certificates / name) for name in ("ca.pem", "node.pem", "node.key"))
    security = Security(tls_ca_file=ca, tls_scheduler_cert=cert, tls_scheduler_key=key, tls_worker_cert=cert,
                        tls_worker_key=key, tls_client_cert=cert, tls_client_key=key, require_encryption=True)
    pytest_socket.enable_socket()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            local = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
                                             dashboard_address=None, dashboard=False, protocol="tls",
                                             security=security)
        with local:
            assert local.scheduler_address.startswith("tls://127.0.0.1:")
            frame = _large_frame(300, 4)
            qids = ["q0", "q1", "q2", "q3"]
            config = AnalysisConfig(**{**config_for(qids, ["s"]).__dict__,
                                       "cluster": ClusterOptions(local.scheduler_address, ca, cert, key)})
            remote = run_assessment(config, table=table_from_frame(frame))
            assert _numbers(remote) == _numbers(_run(frame, qids, ["s"]))
            assert not any("unencrypted" in w for w in remote.warnings)
            missing = AnalysisConfig(**{**config.__dict__, "cluster": ClusterOptions(
                local.scheduler_address, str(certificates / "nope.pem"), cert, key)})
            with pytest.raises(InputError, match="nope.pem"):
                run_assessment(missing, table=table_from_frame(frame))
    finally:
        pytest_socket.disable_socket(allow_unix_socket=True)


def _segments_forced(monkeypatch, name: str) -> list[tuple]:
    """Force the segment sweep on small tables; the arguments of each call of
    ``engine.sweep.segments.<name>`` are recorded in the list returned."""
    from engine.sweep import segments

    monkeypatch.setattr(segments, "MIN_ROW_SUBSETS", 1)
    calls: list[tuple] = []
    original = getattr(segments, name)
    monkeypatch.setattr(segments, name, lambda *a, **k: calls.append(a) or original(*a, **k))
    return calls


@pytest.mark.slow
def test_segment_sweep_on_the_cluster_gives_the_local_numbers(cluster, monkeypatch):
    """Large runs use the compiled segment sweep, locally and on the cluster: force it on a
    small table and compare with the refinement walk here."""
    frame = _large_frame(3_000, 6)
    qids = [f"q{i}" for i in range(6)]
    local = _run(frame, qids, ["s"])
    used = _segments_forced(monkeypatch, "prepare")
    remote = _run(frame, qids, ["s"], cluster.scheduler_address)
    assert used, "the cluster run did not take the segment sweep"
    assert _numbers(remote) == _numbers(local)


@pytest.mark.slow
def test_threads_of_one_worker_share_its_codes_and_sweep_side_by_side(monkeypatch):
    """A worker process of two threads (one copy of the codes) runs the segment sweep's tasks on
    both threads, planned per thread, and gives the local numbers."""
    import distributed

    from engine.sweep import cluster as cluster_module

    frame = _large_frame(6_000, 7)
    qids = [f"q{i}" for i in range(7)]
    local = _run(frame, qids, ["s"])
    planned = _segments_forced(monkeypatch, "plan_segment_tasks")
    with loopback_cluster(1, threads=2) as local_cluster:
        with distributed.Client(local_cluster.scheduler_address) as client:
            with distributed.get_task_stream(client=client) as stream:
                remote = _run(frame, qids, ["s"], local_cluster.scheduler_address)
            assert len(client.scheduler_info()["workers"]) == 1
    assert [workers for _, _, workers, *_ in planned] == [2 * cluster_module.TASKS_PER_THREAD]
    assert _numbers(remote) == _numbers(local)
    sweeps = [task for task in stream.data if "_segment_task" in str(task["key"])]
    assert len(sweeps) > 2
    assert len({task["worker"] for task in sweeps}) == 1 and len({task["thread"] for task in sweeps}) == 2


@pytest.mark.skipif(sys.platform != "linux", reason="glibc's allocator")
def test_worker_tasks_keep_freed_memory_despite_dasks_trim_threshold(cluster):
    """Dask's nannies start workers with MALLOC_TRIM_THRESHOLD_=65536, which maps every array
    above 128 KB afresh: the refinement walk with privacy models ran 3.4x slower on the cluster
    (docs/cluster.md). A task sets the thresholds the desktop program sets, so a worker reuses
    freed arrays."""
    import distributed

    frame = _large_frame(20_000, 6)
    _run(frame, [f"q{i}" for i in range(6)], ["s"], cluster.scheduler_address)
    with distributed.Client(cluster.scheduler_address) as client:
        probes = client.run(page_faults_of_reused_arrays)
    assert probes and all(threshold == "65536" for threshold, _ in probes.values())
    assert all(faults < 2_000 for _, faults in probes.values()), probes
