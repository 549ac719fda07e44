"""The one command-line runner (engine/commands/runner.py) on a stand-in analysis: what it
writes, prints and returns, whatever stops the run."""

import argparse
import io
from pathlib import Path

import pytest

import engine.commands.runner as runner
from engine.foundation import platform
from engine.commands.cli_options import TerminalProgress
from engine.analysis.config import AnalysisConfig, DataSource, Roles
from engine.foundation.errors import Cancelled, EngineFailure, InputError
from engine.foundation.progress import CancelToken, Progress


class Stand:
    """An analysis writing ``names`` into ``folder``; ``fail`` raised by run() or, with
    ``fail_writing``, while its outputs are staged."""

    config = AnalysisConfig(data=DataSource("d.csv"), roles=Roles(("age",)))

    def __init__(self, folder, names=("a.txt", "b.txt"), fail=None, fail_writing=False):
        self.folder, self.names, self.fail, self.fail_writing = Path(folder), names, fail, fail_writing
        self.progress = None

    def run(self, on_progress, cancel):
        self.progress = on_progress
        if on_progress is not None:
            on_progress(Progress("sweep", 1, 2, 0.5, 0.5))
        if self.fail and not self.fail_writing:
            raise self.fail
        return 41

    def warnings(self, result):
        return ["one thing", "another"]

    def write(self, result, files, cancel):
        self.folder.mkdir(exist_ok=True)
        paths = []
        for name in self.names:
            with files.text(self.folder / name) as handle:
                handle.write(str(result + 1))
            paths.append(self.folder / name)
            if self.fail_writing:
                raise self.fail
        return paths

    def summary(self, result, paths):
        return [f"result {result}", runner.wrote_line(paths)]


def _args(**given):
    values = {"out": None, "pdf": None, "save_config": None, "quiet": False}
    return argparse.Namespace(**(values | given))


def test_run_writes_every_output_and_prints_the_summary(tmp_path, capsys):
    out = tmp_path / "out"
    assert runner.run(Stand(out), _args(out=str(out))) == 0
    captured = capsys.readouterr()
    assert captured.out == f"result 41\nwrote 2 files: {out}\n"
    assert captured.err == "warning: one thing\nwarning: another\n"
    assert [p.read_text() for p in sorted(out.iterdir())] == ["42", "42"]


def test_save_config_writes_the_analysis_file_and_runs_nothing(tmp_path, capsys):
    stand = Stand(tmp_path / "out", fail=AssertionError("ran"))
    assert runner.run(stand, _args(save_config=str(tmp_path / "a.toml"))) == 0
    assert AnalysisConfig.from_toml(tmp_path / "a.toml").roles == Stand.config.roles
    assert capsys.readouterr().out == f"wrote {tmp_path / 'a.toml'}\n"


@pytest.mark.parametrize("options, words", [
    ({}, "--out DIR and/or --pdf FILE"),
    ({"csv": None}, "--out DIR, --pdf FILE and/or --csv DIR"),
])
def test_no_output_named_is_an_input_error_listing_the_options(tmp_path, options, words):
    with pytest.raises(InputError, match=f"^say where to write results: {words}$"):
        runner.run(Stand(tmp_path), _args(**options))


def test_a_failure_while_writing_leaves_no_output(tmp_path):
    out = tmp_path / "out"
    with pytest.raises(EngineFailure):
        runner.run(Stand(out, fail=EngineFailure("worker died"), fail_writing=True), _args(out=str(out)))
    assert list(out.iterdir()) == []


def test_the_progress_bar_shows_on_a_terminal_only_and_is_closed(tmp_path, monkeypatch):
    shown = io.StringIO()
    monkeypatch.setattr(runner, "TerminalProgress", lambda: TerminalProgress(shown))
    monkeypatch.setattr("sys.stderr.isatty", lambda: True, raising=False)
    stand = Stand(tmp_path / "out", fail=Cancelled("stop"))
    with pytest.raises(Cancelled):
        runner.run(stand, _args(out=str(tmp_path / "out")))
    assert shown.getvalue() == "\rsweep    [###############...............] 1/2  elapsed 0s  eta 0s  \n"
    quiet = Stand(tmp_path / "out")
    runner.run(quiet, _args(out=str(tmp_path / "out"), quiet=True))
    assert quiet.progress is None


@pytest.mark.parametrize("error, code, line", [
    (InputError("d.csv: no column 'age'"), 2, "error: d.csv: no column 'age'\n"),
    (EngineFailure("a worker process was killed"), 1, "error: a worker process was killed\n"),
    (Cancelled("cancelled by the user"), 130, "\ninterrupted\n"),
    (KeyboardInterrupt(), 130, "\ninterrupted\n"),
])
def test_execute_maps_what_stopped_the_run_to_the_exit_code(tmp_path, capsys, error, code, line):
    def command(args, cancel):
        assert isinstance(cancel, CancelToken)
        raise error

    assert runner.execute(command, _args()) == code
    assert capsys.readouterr().err == line


def test_execute_checks_the_outputs_before_the_command(tmp_path, capsys):
    def command(args, cancel):
        raise AssertionError("the command ran before the outputs were checked")

    args = _args(out=str(tmp_path / "missing" / "out"))
    assert runner.execute(command, args) == 2
    assert capsys.readouterr().err.startswith(f"error: --out {tmp_path / 'missing' / 'out'}: cannot create")


@pytest.mark.parametrize("event, code", [(platform.CTRL_CLOSE_EVENT, 129), (platform.CTRL_LOGOFF_EVENT, 143),
                                         (platform.CTRL_SHUTDOWN_EVENT, 143)], ids=["close", "logoff", "shutdown"])
def test_a_closed_console_cancels_the_run_and_holds_the_process_until_it_stopped(monkeypatch, capsys, event, code):
    """Windows' console handler (closed console, logoff, shutdown): the run is cancelled like
    a signal would, and the handler returns (letting Windows end the process) only once the
    run has stopped."""
    import threading

    handlers = []
    monkeypatch.setattr(runner.platform, "on_console_close", lambda handler: handlers.append(handler) or (lambda: None))
    answers, held, threads = [], [], []

    def command(args, cancel):
        assert len(handlers) == 1
        threads.append(threading.Thread(target=lambda: answers.append(handlers[0](event))))
        threads[0].start()
        assert _cancelled_within(cancel, 60)
        threads[0].join(0.3)
        held.append(threads[0].is_alive())      # still held while the run stops
        cancel.raise_if_cancelled()

    assert runner.execute(command, _args()) == code       # closed: hung up (SIGHUP); logoff: SIGTERM
    assert capsys.readouterr().err == "\nterminated\n"
    threads[0].join(60)
    assert held == [True] and answers == [True]


def _cancelled_within(cancel: CancelToken, seconds: float) -> bool:
    import time

    deadline = time.monotonic() + seconds
    while not cancel.cancelled and time.monotonic() < deadline:
        time.sleep(0.01)
    return cancel.cancelled
