"""The one runner of every ``riskreview`` subcommand.

A subcommand turns its options into a config and an :class:`Analysis`; :func:`run` does the
rest the same way for all of them: ``--save-config`` writes the analysis file, the progress
bar runs on stderr (not with ``--quiet`` or off a terminal), warnings go to stderr, every
output of the run is staged and appears together or not at all, and the summary goes to
stdout. :func:`execute` maps what stopped a run to its exit code: 0 success; 2 bad input or
usage (one ``error: ...`` line naming the file, column, option or value); 1 an engine failure
(e.g. a worker process killed); 130 interrupted (Ctrl-C), 143 terminated (SIGTERM), 129 hung
up (SIGHUP; on Windows the console window closed), 149 Ctrl-Break (Windows), each after a
clean stop; a logoff or shutdown is 143 on Windows too. When the reader of the output stops
early (``riskreview profile FILE | head -1``) the command ends without a word, 141 (1 on
Windows): :func:`output_closed`.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from pathlib import Path
from typing import Any, Callable, Iterable, Optional, Protocol, Sequence

from .cli_options import TerminalProgress, check_output_options, note_jobs
from ..api import Cancelled, EngineFailure, InputError
from ..api import CancelToken, ProgressCallback
from ..api import StagedFiles, staged, write_analysis_file
from ..api import platform
from ..api import check_command

OUTPUT_WORDS = (("out", "--out DIR"), ("pdf", "--pdf FILE"), ("csv", "--csv DIR"))


class Analysis(Protocol):
    """One analysis as the command line runs it. ``config`` is what ``--save-config`` writes
    (and its ``jobs``, when it has them, are noted when above the CPU count)."""

    config: Any

    def run(self, on_progress: Optional[ProgressCallback], cancel: Optional[CancelToken]) -> Any:
        """Load the data and compute the result."""

    def warnings(self, result: Any) -> Sequence[str]:
        """Warnings for stderr, one line each."""

    def write(self, result: Any, files: StagedFiles, cancel: Optional[CancelToken]) -> list[Path]:
        """Stage every output file in ``files``; return their paths."""

    def summary(self, result: Any, paths: Sequence[Path]) -> list[str]:
        """The lines printed on stdout once the outputs are written."""


def run(analysis: Analysis, args: argparse.Namespace, cancel: Optional[CancelToken] = None) -> int:
    """Run ``analysis`` as the options ``args`` say (``--save-config``, ``--out``/``--pdf``/
    ``--csv``, ``--quiet``); returns 0, raises InputError/Cancelled/EngineFailure. Before any
    work, no output may be an input or another output's file (:mod:`engine.report.output_guard`)."""
    check_command(args, analysis.config, getattr(analysis, "inputs", ()))
    save = getattr(args, "save_config", None)
    if save:
        write_analysis_file(analysis.config, Path(save))
        print(f"wrote {save}")
        return 0
    options = [(name, words) for name, words in OUTPUT_WORDS if hasattr(args, name)]
    if not any(getattr(args, name) for name, _ in options):
        words = [w for _, w in options]
        listed = words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and/or {words[-1]}"
        raise InputError(f"say where to write results: {listed}")
    jobs = getattr(analysis.config, "jobs", None)
    if jobs is not None:
        note_jobs(jobs)
    progress = TerminalProgress() if not getattr(args, "quiet", False) and sys.stderr.isatty() else None
    try:
        result = analysis.run(progress, cancel)
    finally:
        if progress:
            progress.close()
    for warning in analysis.warnings(result):
        print(f"warning: {warning}", file=sys.stderr)
    with staged(cancel) as files:  # every output of the run appears together, or none does
        paths = analysis.write(result, files, cancel)
    for warning in getattr(analysis, "written_warnings", ()):  # e.g. exported text a spreadsheet would run
        print(f"warning: {warning}", file=sys.stderr)
    for line in analysis.summary(result, paths):
        print(line)
    return 0


def wrote_line(paths: Iterable[Path]) -> str:
    """The last line of a run: how many files were written, into which folders."""
    paths = list(paths)
    return f"wrote {len(paths)} files: {', '.join(sorted({str(Path(p).parent) for p in paths}))}"


Command = Callable[[argparse.Namespace, Optional[CancelToken]], int]


def execute(command: Command, args: argparse.Namespace) -> int:
    """Run one subcommand with Ctrl-C, SIGTERM and SIGHUP turned into a clean cancel, after
    checking that every output its options name can be written; returns the exit code."""
    interrupted = _InterruptFlag()
    try:
        with interrupted:
            check_output_options(args)
            return command(args, interrupted.token)
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except (KeyboardInterrupt, Cancelled):
        return interrupted.report()
    except EngineFailure as exc:
        if interrupted.seen:  # e.g. a logout's SIGTERM reached the workers before this process
            return interrupted.report()
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except Exception:
        if interrupted.seen:  # a library turned the KeyboardInterrupt into its own error
            return interrupted.report()
        raise


def output_closed() -> int:
    """After a BrokenPipeError on stdout: send what is left to the null device, so that the
    interpreter's last flush at exit has nowhere to fail, and return the exit code."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, sys.stdout.fileno())
        finally:
            os.close(null)
    except (OSError, ValueError, AttributeError):  # stdout without a file descriptor (e.g. replaced)
        pass
    return platform.pipe_closed_exit_code()


#: the exit code's "signal" for Windows' console events: a closed console is a hang-up (as
#: SIGHUP on POSIX), a logoff or shutdown a termination (SIGTERM)
HANG_UP = 1
CONSOLE_SIGNALS = {platform.CTRL_CLOSE_EVENT: HANG_UP, platform.CTRL_LOGOFF_EVENT: int(signal.SIGTERM),
                   platform.CTRL_SHUTDOWN_EVENT: int(signal.SIGTERM)}


class _InterruptFlag:
    """Ctrl-C (SIGINT), SIGTERM (a logout, ``kill``), SIGHUP (the terminal closed, POSIX),
    Ctrl-Break (SIGBREAK) and a closed console, logoff or shutdown (Windows' console handler,
    :class:`engine.foundation.platform.ConsoleCloseHandler`) cancel the run through its CancelToken: the
    engine stops at its next check, its worker processes and temporary files are removed, and
    no exception is injected into library code (e.g. numba compiling); a second signal
    interrupts at once. The exit code is 128 + the signal number (130, 143, 129, 149; a closed
    console 129, a logoff or shutdown 143)."""

    SIGNALS = platform.stop_signals()

    def __init__(self) -> None:
        self.signal: Optional[int] = None
        self.token = CancelToken()
        self._previous: dict[int, object] = {}
        self.console = platform.ConsoleCloseHandler(self._console_closed)
        self._remove_console: Callable[[], None] = lambda: None

    @property
    def seen(self) -> bool:
        return self.signal is not None

    def report(self) -> int:
        """Say how the run was stopped (one line) and return its exit code."""
        number = self.signal if self.signal is not None else platform.interrupt_signal()
        print("\nterminated" if number != platform.interrupt_signal() else "\ninterrupted", file=sys.stderr)
        return 128 + int(number)

    def _console_closed(self, event: int) -> None:
        """From the console handler's thread: cancel as a signal would (but never raise)."""
        if not self.seen:
            self.signal = CONSOLE_SIGNALS.get(event, int(signal.SIGTERM))
        self.token.cancel()

    def _handle(self, signum, frame) -> None:
        if self.seen:
            raise KeyboardInterrupt
        self.signal = signum
        self.token.cancel()

    def __enter__(self) -> "_InterruptFlag":
        if threading.current_thread() is threading.main_thread():
            for number in self.SIGNALS:
                self._previous[number] = signal.signal(number, self._handle)
            self._remove_console = platform.on_console_close(self.console)
        return self

    def __exit__(self, *exc) -> None:
        self.console.finished()  # the run has stopped: a closing console may end the process
        self._remove_console()
        for number, previous in self._previous.items():
            if previous is not None:
                signal.signal(number, previous)
