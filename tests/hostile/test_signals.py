"""SIGTERM (a logout, ``kill``) is treated like Ctrl-C by every subcommand and by the window:
a clean stop with exit 143, no worker, forkserver, resource tracker or temporary folder left."""

from __future__ import annotations

import os
import signal
import textwrap
import time

import pytest

from engine.foundation.workers import available_cpus

from .long_runs import EXAMPLES, assess_args, groundhog_args, write_big_table
from .process_tree import Run, catches, start, tagged, wait_for  # noqa: F401 (start: a fixture)

two_cpus = pytest.mark.skipif(available_cpus() < 2, reason="needs two CPUs for two workers")

ENDS_WITHIN = 30      # seconds from the signal to the command's end (a loaded machine included)


@pytest.fixture(scope="module")
def big_table(tmp_path_factory):
    return write_big_table(tmp_path_factory.mktemp("data") / "big.parquet")


def _assert_clean(run: Run, out) -> None:
    assert run.leftovers() == []
    assert run.temp_files() == []
    assert not (out / "results.json").exists()


def _signal_when_handled(run: Run, number: int = signal.SIGTERM) -> None:
    """Send ``number`` once the command has installed its handler (it is then past start-up)."""
    handled = wait_for(lambda: catches(run.proc.pid, number), 60)
    assert handled, f"the command never handled signal {number}; stderr: {run.finish(5)[1]}"
    run.proc.send_signal(number)


@two_cpus
@pytest.mark.parametrize("delay", [0.0, 1.0])
@pytest.mark.slow
def test_sigterm_stops_assess_like_ctrl_c(start, tmp_path, big_table, delay):
    out = tmp_path / "out"
    run = start(assess_args(big_table, out, workers=True))
    run.wait_for_workers()
    time.sleep(delay)
    run.proc.send_signal(signal.SIGTERM)
    sent = time.monotonic()
    code, err = run.finish(ENDS_WITHIN)
    assert code == 143, err
    assert time.monotonic() - sent < ENDS_WITHIN
    assert err == "terminated"
    _assert_clean(run, out)


@two_cpus
@pytest.mark.slow
def test_sigterm_stops_the_sweep_on_threads(start, tmp_path, big_table):
    """The sweep on two threads of the command itself (no worker process) stops like Ctrl-C."""
    out = tmp_path / "out"
    run = start(assess_args(big_table, out))
    _signal_when_handled(run)
    code, err = run.finish(ENDS_WITHIN)
    assert code == 143, err
    assert err == "terminated"
    _assert_clean(run, out)


@two_cpus
@pytest.mark.slow
def test_a_logout_signals_every_process_at_once(start, tmp_path, big_table):
    """The session manager sends SIGTERM to the command, the forkserver and the workers alike."""
    out = tmp_path / "out"
    run = start(assess_args(big_table, out, workers=True))
    run.wait_for_workers(2)
    for pid in tagged(run.tag):
        os.kill(pid, signal.SIGTERM)
    code, err = run.finish(ENDS_WITHIN)
    assert code == 143, err
    assert err == "terminated"
    _assert_clean(run, out)


@two_cpus
@pytest.mark.slow
def test_ctrl_c_in_a_terminal_reaches_workers_still_starting(start, tmp_path, big_table):
    """Ctrl-C goes to the whole foreground process group, workers included, even while they
    import their modules: one line, exit 130, no traceback from a worker."""
    out = tmp_path / "out"
    run = start(assess_args(big_table, out, workers=True))
    run.wait_for_workers()
    for pid in tagged(run.tag):
        os.kill(pid, signal.SIGINT)
    code, err = run.finish(ENDS_WITHIN)
    assert code == 130, err
    assert err == "interrupted"
    _assert_clean(run, out)


@two_cpus
def test_sigterm_stops_synth_with_worker_processes(start, tmp_path):
    out = tmp_path / "out"
    run = start(groundhog_args(out))
    run.wait_for_workers()
    time.sleep(0.5)
    run.proc.send_signal(signal.SIGTERM)
    code, err = run.finish(ENDS_WITHIN)
    assert code == 143, err
    assert err == "terminated"
    _assert_clean(run, out)


@pytest.mark.parametrize("args", [
    ["dp", "--config", str(EXAMPLES / "dp_demo.toml")],
    ["dp-threshold", "--voters", "1000000", "--threshold", "100", "--known", "100", "--p", "0.001"],
], ids=["dp", "dp-threshold"])
def test_sigterm_stops_the_dp_commands(start, tmp_path, args):
    out = tmp_path / "out"
    run = start([*args, "--out", str(out)])
    _signal_when_handled(run)
    code, err = run.finish(ENDS_WITHIN)
    assert code == 143, err
    assert err == "terminated"
    _assert_clean(run, out)


WINDOW = textwrap.dedent("""
    import sys
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication
    from gui.app import build_window, close_on_signals, prepare_application

    app = QApplication([sys.argv[0]])
    prepare_application(app)
    window = build_window(settings=QSettings(sys.argv[2], QSettings.Format.IniFormat))
    window.flow.error = lambda title, message, details="": print(f"{title}: {message}", file=sys.stderr)
    window.flow.open_analysis(sys.argv[1], run_after=True)
    close_on_signals(app, window)
    window.show()
    sys.exit(app.exec())
""")


@two_cpus
@pytest.mark.slow
def test_sigterm_closes_the_window_and_its_running_sweep(start, tmp_path, big_table):
    """The window, running a sweep on two worker processes (privacy models: the walk), gets SIGTERM: it closes as if the user had
    closed it (the run cancelled and waited for) and exits with 143."""
    pytest.importorskip("PySide6.QtWidgets")
    analysis = tmp_path / "big.toml"
    analysis.write_text(textwrap.dedent(f"""
        version = 1
        [data]
        path = {str(big_table)!r}
        [roles]
        quasi_identifiers = {[f"q{i}" for i in range(11)]!r}
        sensitive = ["s"]
        [models]
        enabled = true
        [run]
        jobs = 2
    """), encoding="utf-8")
    run = start([str(analysis), str(tmp_path / "settings.ini")], script=WINDOW)
    run.wait_for_workers()
    time.sleep(0.5)
    run.proc.send_signal(signal.SIGTERM)
    code, err = run.finish(ENDS_WITHIN)
    assert code == 143, err
    assert "Traceback" not in err and "QThread" not in err, err
    assert run.leftovers() == []
    assert run.temp_files() == []
