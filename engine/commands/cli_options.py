"""Command-line pieces shared by every ``riskreview`` subcommand: the parser that reports
usage errors in one line (exit 2), the read options of a data file, the data source they
describe, the note on a capped ``--jobs``, and the one-line terminal progress bar."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Optional

from ..api import TARGET_SYNTAX, DataSource
from ..api import add_flag
from ..api import Progress
from ..api import check_output_location

OUTPUT_OPTIONS = (("out", "--out", True), ("csv", "--csv", True), ("pdf", "--pdf", False),
                  ("save_config", "--save-config", False))
from ..api import jobs_note


class Parser(argparse.ArgumentParser):
    """argparse with usage errors on one ``error: ...`` line and exit code 2."""

    def error(self, message: str) -> None:  # one line, exit 2 (argparse's contract)
        sys.stderr.write(f"error: {message} (see '{self.prog} --help')\n")
        raise SystemExit(2)


def delimiter(text: str) -> str:
    return {"tab": "\t", "\\t": "\t", "semicolon": ";", "comma": ",", "pipe": "|"}.get(text, text)


def add_read_options(parser: argparse.ArgumentParser) -> None:
    """The flags of a data file's read options (:class:`engine.analysis.config.DataSource`)."""
    add_flag(parser, DataSource, "delimiter", type=delimiter)
    for name in ("encoding", "sheet", "format"):
        add_flag(parser, DataSource, name)


def read_source(path: Optional[str], args: argparse.Namespace,
                base: Optional[DataSource] = None) -> Optional[DataSource]:
    """The file ``path`` with the read options given on the command line; an option not given
    keeps the analysis file's (``base``) when it names the same file. ``path`` None: ``base``."""
    if path is None:
        return base
    same = base is not None and base.path == path

    def pick(name: str) -> Optional[str]:
        value = getattr(args, name, None)
        return getattr(base, name) if value is None and same else value

    return DataSource(path=path, format=pick("format") or "auto", delimiter=pick("delimiter"),
                      encoding=pick("encoding"), sheet=pick("sheet"))


def check_output_options(args: argparse.Namespace) -> None:
    """Before any work: every output the options name (--out, --csv, --pdf, --save-config) can
    be written there; an InputError names the first that cannot. Nothing is created; a file
    may go into the --out or --csv folder the run will create."""
    planned = set()
    for name, option, folder in OUTPUT_OPTIONS:
        value = getattr(args, name, None)
        if not value:
            continue
        path = Path(os.path.abspath(value))
        if folder or path.parent not in planned:
            check_output_location(Path(value), option, folder)
        if folder:
            planned.add(path)


def note_jobs(jobs: int, stream=None) -> None:
    """One note on stderr when ``jobs`` (from ``--jobs`` or the analysis file) is above the
    machine's CPU count; the engine then runs on that many workers."""
    note = jobs_note(jobs)
    if note:
        print(note, file=stream or sys.stderr)


class TerminalProgress:
    """A one-line progress bar on stderr: subsets done/total, elapsed and ETA; the stages of
    :data:`NOTES` are a sentence instead."""

    NOTES = {"compiling": "compiling the sweep kernels once for this machine..."}

    def __init__(self, stream=sys.stderr) -> None:
        self.stream = stream
        self.shown = False

    def __call__(self, progress: Progress) -> None:
        if progress.stage in self.NOTES:
            self.stream.write(f"\r{self.NOTES[progress.stage]}")
            self.stream.flush()
            self.shown = True
            return
        width = 30
        filled = int(width * progress.fraction)
        eta = "?" if progress.eta is None else f"{progress.eta:.0f}s"
        self.stream.write(f"\r{progress.stage:8s} [{'#' * filled}{'.' * (width - filled)}] "
                          f"{progress.done:,}/{progress.total:,}  elapsed {progress.elapsed:.0f}s  eta {eta}  ")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
