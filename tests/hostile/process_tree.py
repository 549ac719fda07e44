"""Running ``riskreview`` in a subprocess and watching its processes through ``/proc``.

Every process the command starts (the forkserver, the resource tracker, the workers) inherits
one environment variable with a value unique to the run, so whatever outlives the command is
found by that tag, even after it has been re-parented to init.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Callable, Optional

import pytest

from ..conftest import python_path

ROOT = Path(__file__).resolve().parents[2]
PROC = Path("/proc")
TAG = "RISKREVIEW_TEST_RUN"

if not (PROC / "self" / "environ").exists():
    pytest.skip("these tests read /proc (Linux)", allow_module_level=True)


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:         # the process ended meanwhile, or is not ours
        return b""


def tagged(tag: str) -> list[int]:
    """Live (not zombie) processes whose environment holds ``TAG=tag``."""
    needle = f"{TAG}={tag}".encode()
    found = []
    for entry in PROC.iterdir():
        if entry.name.isdigit() and needle in _read(entry / "environ").split(b"\0"):
            if state(int(entry.name)) not in ("Z", "X", ""):
                found.append(int(entry.name))
    return found


def state(pid: int) -> str:
    """The one-letter state of ``pid`` ('' when it is gone)."""
    stat = _read(PROC / str(pid) / "stat").decode(errors="replace")
    return stat.rsplit(")", 1)[1].split()[0] if ")" in stat else ""


def parent(pid: int) -> int:
    stat = _read(PROC / str(pid) / "stat").decode(errors="replace")
    return int(stat.rsplit(")", 1)[1].split()[1]) if ")" in stat else -1


def command_line(pid: int) -> str:
    return _read(PROC / str(pid) / "cmdline").replace(b"\0", b" ").decode(errors="replace")


def wait_for(condition: Callable[[], object], timeout: float, step: float = 0.05) -> object:
    """``condition()`` once it is truthy, else its last (falsy) value after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(step)


def catches(pid: int, number: int) -> bool:
    """Whether ``pid`` has a handler for signal ``number`` (``SigCgt`` in /proc/PID/status)."""
    for line in _read(PROC / str(pid) / "status").decode(errors="replace").splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) >> (number - 1) & 1)
    return False


class Run:
    """``python -m gui ARGS`` (the ``riskreview`` command; ``python -c SCRIPT ARGS`` with
    ``script``) with its own TMPDIR and tag."""

    def __init__(self, args: list[str], script: Optional[str] = None, tmp: Optional[Path] = None) -> None:
        self.tag = uuid.uuid4().hex
        # short by default: the forkserver's socket path lives there and must fit AF_UNIX
        self.tmp = tmp or Path(tempfile.mkdtemp(prefix="rr-", dir="/tmp" if Path("/tmp").is_dir() else None))
        self.tmp.mkdir(parents=True, exist_ok=True)
        env = dict(os.environ, TMPDIR=str(self.tmp), PYTHONPATH=python_path(), QT_QPA_PLATFORM="offscreen")
        env[TAG] = self.tag
        command = [sys.executable, "-c", script] if script else [sys.executable, "-m", "gui"]
        self.started = time.monotonic()
        self.proc = subprocess.Popen([*command, *args], cwd=ROOT, env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.out = self.err = ""

    def workers(self) -> list[int]:
        """The worker processes: children of the forkserver (or, with spawn, of the command)
        other than the forkserver and the resource tracker. A child of the command that still
        has the command's own command line is a fork about to become the forkserver or the
        resource tracker (between fork and exec), not a worker; nor is a child running another
        program (numpy runs ``lscpu`` once when the kernels are first called): workers run
        multiprocessing's code."""
        mine = [p for p in tagged(self.tag) if p != self.proc.pid]
        helpers = {p for p in mine if "multiprocessing.forkserver" in command_line(p) and parent(p) == self.proc.pid
                   or "multiprocessing.resource_tracker" in command_line(p)}
        return sorted(p for p in mine if p not in helpers and parent(p) in helpers | {self.proc.pid}
                      and "multiprocessing" in command_line(p))

    def wait_for_workers(self, count: int = 1, timeout: float = 120) -> list[int]:
        """The worker pids once ``count`` of them run (fails if the command ends first)."""
        found = wait_for(lambda: self.proc.poll() is not None or len(self.workers()) >= count and self.workers(),
                         timeout)
        assert isinstance(found, list), f"no {count} worker processes within {timeout}s; stderr: {self.finish(5)[1]}"
        return found

    def finish(self, timeout: float) -> tuple[Optional[int], str]:
        """Wait at most ``timeout`` seconds for the command; the exit code and stderr (progress
        bar lines dropped). A command still running is killed and reported as None."""
        try:
            self.out, err = self.proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill_everything()
            self.out, err = self.proc.communicate()
            return None, err
        lines = [line.split("\r")[-1] for line in err.splitlines()]
        self.err = "\n".join(line for line in lines if line.strip())
        return self.proc.returncode, self.err

    def leftovers(self, timeout: float = 10) -> list[str]:
        """Processes of the run still alive after ``timeout`` seconds (their command lines)."""
        alive = wait_for(lambda: not tagged(self.tag), timeout) or tagged(self.tag)
        return [] if alive is True else [f"{p}: {command_line(p)[:120]}" for p in alive]

    def temp_files(self) -> list[str]:
        return sorted(p.name for p in self.tmp.iterdir())

    def close(self) -> None:
        """End whatever still runs and remove the temporary folder."""
        if self.proc.poll() is None:
            self.kill_everything()
            self.proc.communicate()
        shutil.rmtree(self.tmp, ignore_errors=True)

    def kill_everything(self) -> None:
        for pid in tagged(self.tag):
            try:
                os.kill(pid, 9)
            except OSError:
                pass


@pytest.fixture
def start():
    """``start(args, script=None, tmp=None)`` -> a :class:`Run`, closed after the test."""
    runs: list[Run] = []

    def begin(args: list[str], script: Optional[str] = None, tmp: Optional[Path] = None) -> Run:
        runs.append(Run(args, script, tmp))
        return runs[-1]

    yield begin
    for run in runs:
        run.close()
