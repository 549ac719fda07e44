"""The Dask cluster path when things go wrong: the plain-tcp warning before any data leave the
machine (and the window's question, asked once), a refused connection at once, a scheduler
lost in the middle of a run, and certificate files that are expired, from another CA or no
certificate at all. Loopback only."""

from __future__ import annotations

import os
import shutil
import socket
import ssl
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")
pytest_socket = pytest.importorskip("pytest_socket")

from engine.analysis.config import AnalysisConfig, ClusterOptions  # noqa: E402
from engine.foundation.errors import InputError  # noqa: E402
from engine.sweep import cluster as cluster_module  # noqa: E402

from ..engine.helpers import loopback_cluster  # noqa: E402
from .long_runs import assess_args, write_big_table  # noqa: E402
from .process_tree import ROOT  # noqa: E402

LOOPBACK = ["127.0.0.1", "localhost"]
pytestmark = [pytest.mark.enable_socket, pytest.mark.allow_hosts(LOOPBACK)]
ENDS_WITHIN = 120   # seconds for a run to end once its scheduler is gone (Dask retries for 20 s)


def _config(address: str, ca: str = "", cert: str = "", key: str = "") -> AnalysisConfig:
    from tests.engine.helpers import config_for

    return AnalysisConfig(**{**config_for(["q0", "q1"], ["s"]).__dict__,
                             "cluster": ClusterOptions(address, ca, cert, key)})


def _table():
    import numpy as np
    import pandas as pd

    from tests.engine.helpers import table_from_frame

    rng = np.random.default_rng(0)
    return table_from_frame(pd.DataFrame({"q0": rng.integers(0, 5, 50), "q1": rng.integers(0, 5, 50),
                                          "s": rng.integers(0, 2, 50)}))


def _unused_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _no_dask_client(*args, **kwargs):
    raise AssertionError("Dask's client was started (and would retry) although the connection was refused")


def test_a_refused_connection_fails_at_once(monkeypatch):
    from engine.api import run_assessment

    monkeypatch.setattr(distributed, "Client", _no_dask_client)
    address = f"tcp://127.0.0.1:{_unused_port()}"
    with pytest.raises(InputError) as error:
        run_assessment(_config(address), table=_table())
    assert str(error.value) == (f"cluster {address}: cannot connect: connection refused (no scheduler listens "
                                f"there)")


def test_the_plain_tcp_warning_comes_before_any_data_leave(tmp_path, capsys, monkeypatch):
    """Nothing reaches the network here: the connection itself is replaced by a stand-in
    that notes what the analyst had been told when it was attempted."""
    from engine.commands import cli

    told: list[str] = []

    def connection(*args, **kwargs):
        told.append(capsys.readouterr().err)
        raise InputError("stand-in: no network in tests")

    monkeypatch.setattr(distributed, "Client", connection)
    monkeypatch.setattr(cluster_module, "_reach", connection, raising=False)
    data = tmp_path / "data.csv"
    data.write_text("q0,q1,s\n1,2,x\n2,3,y\n3,3,x\n", encoding="utf-8")
    code = cli.main(["assess", str(data), "--qid", "q0", "q1", "--cluster", "tcp://192.0.2.10:8786",
                     "--out", str(tmp_path / "out")])
    assert code == 2 and told
    assert "warning: cluster address 'tcp://192.0.2.10:8786' is plain tcp" in told[0]
    assert not (tmp_path / "out").exists()


def test_the_window_asks_once_before_sending_to_a_plain_tcp_scheduler(qtbot, monkeypatch):
    from PySide6.QtWidgets import QMessageBox, QVBoxLayout, QWidget

    from gui.controller import AnalysisController
    from gui.widgets.run_bar import RunBar
    from tests.gui.test_controller import Squares

    class Remote:
        cluster = ClusterOptions("tcp://192.0.2.10:8786")

    class RemoteSquares(Squares):
        def config(self):
            return Remote()

        def work(self, config):
            return super().work(3)

    page = QWidget()
    QVBoxLayout(page).addWidget(run_bar := RunBar())
    qtbot.addWidget(page)
    analysis = RemoteSquares()
    analysis.release.set()
    controller = AnalysisController(analysis, "remote", page, run_bar)
    answers = [QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes]
    asked: list[str] = []

    def question(parent, title, text, *args):
        asked.append(text)
        return answers.pop(0)

    monkeypatch.setattr(QMessageBox, "question", question)
    try:
        assert controller.run() is False and not controller.busy  # "No": nothing started
        assert "tcp://192.0.2.10:8786" in asked[0] and "unencrypted" in asked[0]
        assert controller.run() is True
        qtbot.waitUntil(lambda: not controller.busy, timeout=20000)
        assert controller.run() is True  # agreed once: not asked again
        qtbot.waitUntil(lambda: not controller.busy, timeout=20000)
        assert len(asked) == 2
    finally:
        controller.shutdown()


@pytest.fixture
def local_cluster():
    with loopback_cluster(1) as local:
        yield local


@pytest.mark.slow
def test_a_scheduler_lost_during_the_run_ends_it_with_one_line(tmp_path, local_cluster):
    table = write_big_table(tmp_path / "big.parquet", rows=200_000)
    argv = [a for a in assess_args(table, tmp_path / "out", jobs=1)] + ["--cluster", local_cluster.scheduler_address]
    proc = subprocess.Popen([sys.executable, "-m", "gui", *argv], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    try:
        deadline = time.monotonic() + 120
        while not local_cluster.scheduler.tasks and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert local_cluster.scheduler.tasks, proc.communicate(timeout=5)
        local_cluster.close()
        _, err = proc.communicate(timeout=ENDS_WITHIN)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 1, err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"error: cluster {local_cluster.scheduler_address}: the connection to the scheduler was "
                          f"lost during the run")
    assert not (tmp_path / "out" / "results.json").exists()


def _openssl(*args: str, cwd) -> None:
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True, timeout=60)


def _signed(folder: Path, ca: str, name: str, days: str = "2") -> None:
    _openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", f"{name}.key", "-out", f"{name}.csr",
             "-subj", "/CN=127.0.0.1", cwd=folder)
    _openssl("x509", "-req", "-in", f"{name}.csr", "-CA", f"{ca}.pem", "-CAkey", f"{ca}.key", "-CAcreateserial",
             "-out", f"{name}.pem", "-days", days, cwd=folder)


@pytest.fixture(scope="module")
def pems(tmp_path_factory):
    """Two CAs; a node certificate of each; one expired certificate; a file that is no
    certificate."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed")
    folder = tmp_path_factory.mktemp("pems")
    for ca in ("ca", "other"):
        _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", f"{ca}.key", "-out", f"{ca}.pem",
                 "-days", "2", "-subj", f"/CN={ca} test CA", cwd=folder)
    _signed(folder, "ca", "node")
    _signed(folder, "other", "stranger")
    _signed(folder, "ca", "expired", days="0")  # valid until the second it was made
    (folder / "notes.pem").write_text("these are not the certificates you are looking for\n", encoding="utf-8")
    time.sleep(1.5)
    return folder


def _tls(pems: Path, ca="ca.pem", cert="node.pem", key="node.key", port: int = 9) -> AnalysisConfig:
    return _config(f"tls://127.0.0.1:{port}", str(pems / ca), str(pems / cert), str(pems / key))


@pytest.mark.parametrize("files, named, words", [
    ({"ca": "notes.pem"}, "notes.pem", "not a PEM certificate"),
    ({"cert": "notes.pem"}, "notes.pem", "not a PEM certificate"),
    ({"cert": "expired.pem", "key": "expired.key"}, "expired.pem", "the certificate expired on "),
    ({"key": "stranger.key"}, "stranger.key", "not the private key of the certificate"),
    ({"key": "notes.pem"}, "notes.pem", "not a PEM private key"),
])
def test_a_certificate_file_at_fault_is_named_with_what_is_wrong(pems, monkeypatch, files, named, words):
    from engine.api import run_assessment

    monkeypatch.setattr(distributed, "Client", _no_dask_client)
    with pytest.raises(InputError) as error:
        run_assessment(_tls(pems, **files), table=_table())
    text = str(error.value)
    assert text.startswith(f"cluster certificate file {str(pems / named)!r}: ") and words in text


def test_a_scheduler_certificate_from_another_ca_is_named(pems, monkeypatch):
    """A TLS server on loopback with a certificate of one CA; the client trusts another."""
    from engine.api import run_assessment

    server = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server.load_cert_chain(pems / "node.pem", pems / "node.key")
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]

    def serve() -> None:
        try:
            connection, _ = listener.accept()
            with server.wrap_socket(connection, server_side=True):
                pass
        except (OSError, ssl.SSLError):
            pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    monkeypatch.setattr(distributed, "Client", _no_dask_client)
    monkeypatch.setattr(cluster_module, "CONNECT_SECONDS", 5)
    try:
        with pytest.raises(InputError) as error:
            run_assessment(_tls(pems, ca="other.pem", cert="stranger.pem", key="stranger.key", port=port),
                           table=_table())
    finally:
        listener.close()
        thread.join(10)
    assert str(error.value).startswith(f"cluster tls://127.0.0.1:{port}: the scheduler's certificate is not signed "
                                       f"by the CA in {str(pems / 'other.pem')!r}")
