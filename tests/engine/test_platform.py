"""engine/foundation/platform.py: every POSIX- or Linux-only call behind one function with a fallback, and
nothing else calling them; Windows path forms; outputs another program holds open."""

from __future__ import annotations

import mmap
import ntpath
import os
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from engine.foundation import atomic, platform
from engine.foundation.atomic import staged
from engine.foundation.errors import InputError
from engine.foundation.paths import portable_path, same_file, without_long_prefix

ROOT = Path(__file__).resolve().parents[2]

# a POSIX- or Linux-only call, a /proc reading or a test of the system, as written in code
FORBIDDEN = re.compile(
    r"os\.(fchmod|fchown|sysconf|killpg|getpgid|setpgid|setsid|fork|sched_getaffinity|getuid|umask)\b"
    r"|signal\.SIG(HUP|KILL|QUIT|USR1|USR2|ALRM|CHLD|BREAK)\b|os\.kill\(|/proc/|sys\.platform|os\.name\b"
    r"|^\s*import resource\b|\bresource\.getrusage|\bctypes\b|\bmallopt\(|get_all_start_methods")


def test_nothing_outside_the_platform_module_calls_posix_only_functions():
    found = []
    for path in sorted([*(ROOT / "engine").rglob("*.py"), *(ROOT / "gui").rglob("*.py")]):
        if path == ROOT / "engine" / "foundation" / "platform.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if FORBIDDEN.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []


def test_the_pattern_finds_what_it_should():
    for line in ("os.fchmod(fd, 0o644)", "os.kill(pid, 0)", "x = -signal.SIGHUP", "open('/proc/self/statm')",
                 "if sys.platform == 'win32':", "import resource", "len(os.sched_getaffinity(0))"):
        assert FORBIDDEN.search(line), line
    for line in ("from .resources import icon", "signal.SIGINT", "signal.SIGTERM", "os.environ['x']"):
        assert not FORBIDDEN.search(line), line


# -- memory, CPUs, processes -------------------------------------------------------------------
def test_free_memory_is_psutils_figure_and_falls_back(monkeypatch):
    psutil = pytest.importorskip("psutil")
    free = platform.available_memory()
    assert free is not None and 0 < free <= psutil.virtual_memory().total
    monkeypatch.setitem(sys.modules, "psutil", None)              # psutil missing
    if hasattr(os, "sysconf") and not platform.simulated():
        assert platform.available_memory() == os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    monkeypatch.setenv(platform.SIMULATION_VARIABLE, "1")          # ... and no sysconf: nothing known
    assert platform.available_memory() is None


def test_a_read_is_not_refused_when_free_memory_is_unknown(monkeypatch, tmp_path):
    from engine.analysis.config import DataSource
    from engine.io import memory

    data = tmp_path / "d.csv"
    data.write_text("a,b\n" + "1,2\n" * 1000, encoding="utf-8")
    memory.ensure_memory(DataSource(str(data)), "csv", ["a", "b"], ["a"], available=lambda: None)
    with pytest.raises(InputError, match="d.csv: reading 1 column"):
        memory.ensure_memory(DataSource(str(data)), "csv", ["a", "b"], ["a"], available=lambda: 100)


def test_process_memory_is_this_process_resident_size():
    psutil = pytest.importorskip("psutil")
    before = platform.process_memory()
    block = mmap.mmap(-1, 64 << 20)    # fresh pages (a bytearray may reuse resident heap freed earlier)
    for page in range(0, len(block), mmap.PAGESIZE):
        block[page] = 1                 # touch every page
    after = platform.process_memory()
    assert before is not None and after is not None
    assert after - before >= 48 << 20
    assert abs(after - psutil.Process().memory_info().rss) < 16 << 20


def test_cpus_from_the_affinity_mask_psutil_or_the_count(monkeypatch):
    if hasattr(os, "sched_getaffinity") and not hasattr(os, "process_cpu_count"):
        assert platform.available_cpus() == len(os.sched_getaffinity(0))
    monkeypatch.setenv(platform.SIMULATION_VARIABLE, "1")          # as on Windows
    psutil = pytest.importorskip("psutil")
    if hasattr(psutil.Process(), "cpu_affinity") and not hasattr(os, "process_cpu_count"):
        assert platform.available_cpus() == len(psutil.Process().cpu_affinity())
    monkeypatch.setitem(sys.modules, "psutil", None)
    if not hasattr(os, "process_cpu_count"):
        assert platform.available_cpus() == os.cpu_count()


def test_liveness_of_this_process_and_of_one_that_ended(monkeypatch):
    assert platform.process_alive(os.getpid())
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait(60)
    assert not platform.process_alive(child.pid)
    monkeypatch.setitem(sys.modules, "psutil", None)               # cannot tell: alive
    assert platform.process_alive(child.pid)


def test_spawn_only_in_the_test_mode(monkeypatch):
    from engine.foundation import workers

    monkeypatch.setenv(platform.SIMULATION_VARIABLE, "1")
    assert platform.start_methods() == ["spawn"] and workers.start_method() == "spawn"
    assert platform.set_malloc_thresholds(1 << 20, 1 << 20) is False
    monkeypatch.setenv(platform.SIMULATION_VARIABLE, "0")
    assert set(platform.start_methods()) <= {"fork", "spawn", "forkserver"}


def test_stop_signals_and_the_exit_codes_they_give(monkeypatch):
    signals = platform.stop_signals()
    assert signal.SIGINT in signals and signal.SIGTERM in signals
    assert (getattr(signal, "SIGHUP", None) in signals) == hasattr(signal, "SIGHUP")
    codes = platform.stopped_exit_codes()
    assert -signal.SIGTERM in codes and -signal.SIGINT in codes and 1 not in codes
    assert platform.STATUS_CONTROL_C_EXIT not in codes or platform.system() == "windows"
    monkeypatch.setattr(platform, "system", lambda: "windows")
    assert platform.STATUS_CONTROL_C_EXIT in platform.stopped_exit_codes()


def test_a_closing_console_cancels_and_waits_for_the_clean_stop():
    cancelled, events = threading.Event(), []
    handler = platform.ConsoleCloseHandler(lambda event: events.append(event) or cancelled.set(), wait=60)
    assert handler(0) is False and handler(1) is False     # Ctrl-C, Ctrl-Break: the signal handlers' own
    assert not cancelled.is_set()
    answers = []
    thread = threading.Thread(target=lambda: answers.append(handler(platform.CTRL_CLOSE_EVENT)))
    thread.start()
    assert cancelled.wait(60)
    thread.join(0.3)
    assert thread.is_alive() and answers == []             # held until the run has stopped
    handler.finished()
    thread.join(60)
    assert answers == [True] and events == [platform.CTRL_CLOSE_EVENT]
    assert platform.on_console_close(handler)() is None or platform.system() == "windows"


def test_cache_folders_of_each_system(tmp_path):
    home = tmp_path / "home"
    assert platform.user_cache_base("windows", {"LOCALAPPDATA": r"C:\Users\ana\AppData\Local"}, home) == \
        Path(r"C:\Users\ana\AppData\Local")
    assert platform.user_cache_base("windows", {}, home) == home / "AppData" / "Local"
    assert platform.user_cache_base("macos", {"XDG_CACHE_HOME": "/x"}, home) == home / "Library" / "Caches"
    assert platform.user_cache_base("linux", {"XDG_CACHE_HOME": "/x"}, home) == Path("/x")
    assert platform.user_cache_base("linux", {}, home) == home / ".cache"


def test_no_display_only_on_x11_or_wayland_systems_without_one(monkeypatch):
    monkeypatch.setattr(platform, "system", lambda: "linux")
    assert platform.lacks_display({})
    assert not platform.lacks_display({"DISPLAY": ":0"})
    assert not platform.lacks_display({"WAYLAND_DISPLAY": "wayland-0"})
    for name in ("windows", "macos"):
        monkeypatch.setattr(platform, "system", lambda name=name: name)
        assert not platform.lacks_display({})


def test_a_library_that_loads_and_one_that_does_not(tmp_path):
    assert platform.library_load_error(Path(sys.executable)) is not None  # a program, not a library
    bad = tmp_path / "libbroken.so"
    bad.write_bytes(b"not an ELF file")
    assert str(bad) in platform.library_load_error(bad)
    if platform.system() == "linux":  # a name the loader finds on its search path
        assert platform.library_load_error(Path("libc.so.6")) is None


# -- new files ------------------------------------------------------------------------------------
def test_new_files_have_random_names_and_never_reuse_one(tmp_path):
    made = [platform.create_new_file(tmp_path, ".a.", ".tmp", private) for private in (False, True) * 20]
    for fd, _ in made:
        os.close(fd)
    names = [path.name for _, path in made]
    assert len(set(names)) == 40 and all(n.startswith(".a.") and n.endswith(".tmp") for n in names)


# -- Windows paths ---------------------------------------------------------------------------------
@pytest.mark.parametrize("path, folder, stored", [
    (r"C:\Data\Survey\x.csv", r"c:\data\survey", "x.csv"),                       # letter case ignored
    (r"C:\Data\Survey\d\x.csv", "C:\\Data\\Survey\\", "d/x.csv"),
    (r"D:\x.csv", r"C:\Data", r"D:\x.csv"),                                      # another drive
    (r"\\server\share\proj\d\x.csv", r"\\server\share\proj", "d/x.csv"),        # UNC share
    (r"\\other\share\proj\x.csv", r"\\server\share\proj", r"\\other\share\proj\x.csv"),
    (r"\\?\C:\very\long\x.csv", r"C:\very", "long/x.csv"),                     # long-path form
    (r"C:\very\long\x.csv", r"\\?\C:\very", "long/x.csv"),
    (r"\\?\UNC\server\share\a\x.csv", r"\\server\share", "a/x.csv"),
    (r"C:\Data\x.csv", r"C:\Data\Survey", r"C:\Data\x.csv"),                    # the folder's parent
])
def test_windows_paths_in_analysis_files(path, folder, stored):
    assert portable_path(path, folder, ntpath) == stored


def test_long_prefix_is_windows_only():
    assert without_long_prefix(r"\\?\C:\x", ntpath) == r"C:\x"
    assert without_long_prefix(r"\\?\unc\srv\s\x", ntpath) == r"\\srv\s\x"
    assert without_long_prefix(r"\\?\C:\x") == (r"C:\x" if os.path is ntpath else r"\\?\C:\x")


def test_same_file_through_another_name(tmp_path):
    (tmp_path / "d").mkdir()
    data = tmp_path / "d" / "x.csv"
    data.write_text("a\n")
    assert same_file(tmp_path / "d" / ".." / "d" / "x.csv", data)
    if hasattr(os, "symlink"):
        try:
            os.symlink(data, tmp_path / "link.csv")
        except OSError:
            pass
        else:
            assert same_file(tmp_path / "link.csv", data)
    assert not same_file(tmp_path / "d" / "y.csv", data)
    assert same_file(tmp_path / "new.csv", tmp_path / "d" / ".." / "new.csv")   # neither exists yet


# -- outputs held open by another program ----------------------------------------------------------
def _previous_set(folder: Path) -> dict[str, bytes]:
    for name in ("a.csv", "b.csv", "report.pdf"):
        (folder / name).write_bytes(f"old {name}".encode())
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def test_a_held_file_is_named_and_the_whole_previous_set_stays(tmp_path, monkeypatch):
    before = _previous_set(tmp_path)
    held = tmp_path / "report.pdf"
    monkeypatch.setattr(atomic, "held_open", lambda path: Path(path) == held)
    with pytest.raises(InputError) as error:
        with staged() as files:
            files.claim(tmp_path, ["a.csv", "b.csv", "report.pdf", "c.csv"])
            for name in ("a.csv", "b.csv", "report.pdf", "c.csv"):
                with files.text(tmp_path / name) as handle:
                    handle.write(f"new {name}")
    assert str(error.value) == f"{held}: is open in another program; close it and run again (no output was changed)"
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before     # no temporary file either


def test_the_command_line_says_which_output_is_held_open(tmp_path, monkeypatch, capsys):
    from engine.commands.cli import main

    from ..conftest import EXAMPLES

    out = tmp_path / "out"
    argv = ["assess", str(EXAMPLES / "example12.csv"), "--qid", "age", "gender", "occupation", "--quiet",
            "--out", str(out), "--pdf", str(tmp_path / "report.pdf")]
    assert main(argv) == 0
    before = {p: p.read_bytes() for p in [*out.iterdir(), tmp_path / "report.pdf"]}
    capsys.readouterr()
    monkeypatch.setattr(atomic, "held_open", lambda path: Path(path).name == "report.pdf")
    assert main([*argv[:3], "gender", "--quiet", "--out", str(out), "--pdf", str(tmp_path / "report.pdf")]) == 2
    err = capsys.readouterr().err
    assert err == (f"error: {tmp_path / 'report.pdf'}: is open in another program; close it and run again "
                   "(no output was changed)\n")
    assert {p: p.read_bytes() for p in [*out.iterdir(), tmp_path / "report.pdf"]} == before


def test_a_file_opened_after_the_check_is_named(tmp_path, monkeypatch):
    real = os.replace

    def replace(source, target):
        if Path(target).name == "b.csv":
            raise PermissionError(13, "Permission denied")
        real(source, target)

    monkeypatch.setattr(atomic.os, "replace", replace)
    with pytest.raises(InputError, match=re.escape(f"{tmp_path / 'b.csv'}: cannot write (Permission denied)")):
        with staged() as files:
            for name in ("a.csv", "b.csv"):
                with files.text(tmp_path / name) as handle:
                    handle.write(name)
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_nothing_is_held_open_on_posix(tmp_path):
    path = tmp_path / "x.pdf"
    path.write_bytes(b"%PDF")
    with open(path, "rb"):
        assert platform.held_open(path) is (platform.system() == "windows" and platform.held_open(path))


# -- the portability test mode ----------------------------------------------------------------------
def _what_a_worker_has(_: int) -> list:
    import multiprocessing

    return [hasattr(os, "fchmod"), hasattr(os, "sysconf"), hasattr(signal, "SIGHUP"),
            multiprocessing.get_start_method(allow_none=True), platform.simulated()]


@pytest.mark.skipif(not platform.simulated(), reason="the portability test mode (RISKREVIEW_PORTABILITY_TEST=1)")
def test_the_mode_reaches_this_process_its_subprocesses_and_workers():
    from engine.foundation.workers import WorkerPool

    from ..conftest import python_path

    assert not hasattr(os, "fchmod") and not hasattr(os, "sysconf") and not hasattr(signal, "SIGHUP")
    with pytest.raises(ImportError):
        import resource  # noqa: F401
    found = {}
    with WorkerPool("test", "the example") as pool:
        pool.run(_what_a_worker_has, [(0,)], jobs=1, on_result=found.__setitem__)
        assert pool._ctx.get_start_method() == "spawn"
    assert found[0] == [False, False, False, "spawn", True]
    probe = ("import os, signal, engine.foundation.workers as w; "
             "print(hasattr(os, 'fchmod'), hasattr(os, 'getpgid'), hasattr(signal, 'SIGHUP'), w.start_method())")
    out = subprocess.run([sys.executable, "-c", probe], env=dict(os.environ, PYTHONPATH=python_path()),
                         capture_output=True, text=True, timeout=120)
    assert out.stdout.split() == ["False", "False", "False", "spawn"], out.stderr


# -- the Windows calls, against a stand-in for kernel32 ---------------------------------------------
class _Function:
    """A foreign function: callable, with argtypes and restype to set."""

    def __init__(self, body):
        self.body = body

    def __call__(self, *args):
        return self.body(*args)


class _Kernel32:
    """kernel32 as the held-open check and the console handler use it: CreateFileW fails with
    ``error`` (or opens), SetConsoleCtrlHandler records its routines."""

    def __init__(self, error=None):
        self.error, self.closed, self.routines = error, [], []
        self.CreateFileW = _Function(self._create)
        self.CloseHandle = _Function(self.closed.append)
        self.SetConsoleCtrlHandler = _Function(self._set)

    def _create(self, path, access, share, security, disposition, flags, template):
        self.asked = (path, access, share, disposition)
        return 18446744073709551615 if self.error is not None else 1234

    def _set(self, routine, add):
        self.routines.append((routine, bool(add)))
        return 1


@pytest.fixture
def kernel32(monkeypatch):
    import ctypes

    made = {}

    def windll(name, use_last_error=False):
        assert name == "kernel32" and use_last_error
        return made["kernel32"]

    monkeypatch.setattr(ctypes, "WinDLL", windll, raising=False)
    monkeypatch.setattr(ctypes, "get_last_error", lambda: made["kernel32"].error, raising=False)
    monkeypatch.setattr(ctypes, "WINFUNCTYPE", ctypes.CFUNCTYPE, raising=False)
    monkeypatch.setattr(platform, "system", lambda: "windows")
    return made


@pytest.mark.parametrize("error, held", [(32, True), (33, True), (2, False), (5, False), (None, False)],
                         ids=["sharing", "lock", "missing", "denied", "opens"])
def test_held_open_asks_windows_for_the_right_to_delete(kernel32, error, held):
    kernel32["kernel32"] = fake = _Kernel32(error)
    assert platform.held_open(Path("C:/out/report.pdf")) is held
    path, access, share, disposition = fake.asked
    assert access == 0x00010000 and share == 0x7 and disposition == 3       # DELETE, share all, OPEN_EXISTING
    assert fake.closed == ([] if error is not None else [1234])


def test_the_console_handler_is_registered_and_removed(kernel32):
    kernel32["kernel32"] = fake = _Kernel32()
    cancelled = threading.Event()
    handler = platform.ConsoleCloseHandler(lambda event: cancelled.set(), wait=0.01)
    remove = platform.on_console_close(handler)
    assert [add for _, add in fake.routines] == [True]
    remove()
    assert [add for _, add in fake.routines] == [True, False]
    assert fake.routines[0][0].value == fake.routines[1][0].value     # the same routine, removed
    import ctypes

    routine = ctypes.CFUNCTYPE(ctypes.c_long, ctypes.c_ulong)(fake.routines[0][0].value)
    assert routine(0) == 0 and not cancelled.is_set()                  # Ctrl-C: the signal handler's
    assert routine(platform.CTRL_LOGOFF_EVENT) == 1 and cancelled.is_set()
