"""Everything that differs between Linux, macOS and Windows, each behind one function with a
fallback, so that no other module calls a POSIX- or Linux-only function, reads ``/proc`` or
tests ``sys.platform`` (docs/development.md, "Windows and macOS").

Test mode: with the environment variable :data:`SIMULATION_VARIABLE` set to ``1`` (only the
test suite sets it, see docs/development.md, "Windows and macOS") the functions take the path they take
where the POSIX calls are missing (Windows): workers are spawned, the CPU count, free memory
and process liveness come from psutil, and glibc's allocator is left alone.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import secrets
import signal
import sys
import threading
from pathlib import Path
from typing import Callable, Mapping, Optional

SIMULATION_VARIABLE = "RISKREVIEW_PORTABILITY_TEST"

#: Windows console control events (wincon.h) that end the process once the handler returns
CTRL_CLOSE_EVENT, CTRL_LOGOFF_EVENT, CTRL_SHUTDOWN_EVENT = 2, 5, 6
#: how long the console handler keeps a closing console's process alive for a clean stop
#: (Windows ends it after 5 s for a closed console)
CONSOLE_CLOSE_SECONDS = 4.5
#: the exit status of a Windows process ended by a console control event (STATUS_CONTROL_C_EXIT)
STATUS_CONTROL_C_EXIT = 0xC000013A


def system() -> str:
    """``"windows"``, ``"macos"`` or ``"linux"`` (any other POSIX system counts as Linux)."""
    if sys.platform == "win32":
        return "windows"
    return "macos" if sys.platform == "darwin" else "linux"


def simulated() -> bool:
    """Whether the test mode that simulates a system without POSIX calls is on."""
    return os.environ.get(SIMULATION_VARIABLE) == "1"


# -- files -----------------------------------------------------------------------------------
def create_new_file(folder: Path, prefix: str, suffix: str, private: bool) -> tuple[int, Path]:
    """A new empty file in ``folder`` with a random name, opened for writing: ``(fd, path)``.

    Its permissions are those of any new file: on POSIX ``0o666`` less the umask, or with
    ``private`` ``0o600`` less the umask (readable by its owner only, whatever the umask); the
    kernel applies the umask, so it is never read. On Windows the mode only sets the read-only
    flag (never set here); the file gets the access list its folder passes on, which in the
    user's own folders lets only the user (and administrators) read it."""
    flags = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
             | getattr(os, "O_NOINHERIT", 0) | getattr(os, "O_CLOEXEC", 0))
    mode = 0o600 if private else 0o666
    for _ in range(100):
        path = Path(folder) / f"{prefix}{secrets.token_hex(6)}{suffix}"
        try:
            return os.open(path, flags, mode), path
        except FileExistsError:
            continue
    raise FileExistsError(f"{folder}: no free temporary name")


def held_open(path: Path) -> bool:
    """Whether another program holds ``path`` open so that it cannot be replaced or removed
    (Windows: opened without sharing deletion, e.g. by a PDF viewer or a spreadsheet). Never
    on POSIX, where a file can always be replaced."""
    if system() != "windows":
        return False
    return _windows_held_open(path)  # pragma: no cover - Windows only


def _windows_held_open(path: Path) -> bool:  # pragma: no cover - Windows only
    """Ask for the right to delete ``path`` (CreateFileW with DELETE access, sharing everything):
    a sharing violation means another handle does not allow it, so a rename over it would fail."""
    import ctypes
    from ctypes import wintypes

    kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
    create = kernel32.CreateFileW
    create.argtypes = [wintypes.LPCWSTR, wintypes.DWORD, wintypes.DWORD, ctypes.c_void_p, wintypes.DWORD,
                       wintypes.DWORD, wintypes.HANDLE]
    create.restype = wintypes.HANDLE
    delete, share_all, open_existing, backup_semantics = 0x00010000, 0x7, 3, 0x02000000
    handle = create(str(path), delete, share_all, None, open_existing, backup_semantics, None)
    if handle in (None, wintypes.HANDLE(-1).value):
        return ctypes.get_last_error() in (32, 33)      # ERROR_SHARING_VIOLATION, ERROR_LOCK_VIOLATION
    kernel32.CloseHandle.argtypes = [wintypes.HANDLE]
    kernel32.CloseHandle(handle)
    return False


def user_cache_base(name: Optional[str] = None, environ: Optional[Mapping[str, str]] = None,
                    home: Optional[Path] = None) -> Path:
    """The per-user cache folder of system ``name`` (default: this one): ``%LOCALAPPDATA%`` on
    Windows, ``~/Library/Caches`` on macOS, else ``$XDG_CACHE_HOME`` or ``~/.cache``."""
    name = name or system()
    environ = os.environ if environ is None else environ
    home = Path.home() if home is None else home
    if name == "windows":
        return Path(environ.get("LOCALAPPDATA") or home / "AppData" / "Local")
    if name == "macos":
        return home / "Library" / "Caches"
    return Path(environ.get("XDG_CACHE_HOME") or home / ".cache")


def lacks_display(environ: Optional[Mapping[str, str]] = None) -> bool:
    """Whether a window cannot be shown: an X11/Wayland system with neither ``DISPLAY`` nor
    ``WAYLAND_DISPLAY`` (a server, CI). Windows and macOS always have their own Qt platform."""
    environ = os.environ if environ is None else environ
    return (system() == "linux" and not environ.get("DISPLAY")
            and not environ.get("WAYLAND_DISPLAY"))


def library_load_error(path: Path) -> Optional[str]:
    """The system loader's message when the shared library ``path`` (with everything it links
    to) cannot be loaded, None when it loads."""
    import ctypes

    try:
        ctypes.CDLL(str(path))
    except OSError as error:
        return str(error)
    return None


def has_desktop_menu() -> bool:
    """Whether the desktop's application menu takes freedesktop.org entries (Linux)."""
    return system() == "linux"


# -- memory ----------------------------------------------------------------------------------
def available_memory() -> Optional[int]:
    """Bytes the system can still give this process (psutil: MemAvailable on Linux, the
    available physical memory on Windows and macOS); None where it cannot be read."""
    try:
        import psutil

        return int(psutil.virtual_memory().available)
    except Exception:  # psutil missing or the system's figure unreadable
        pass
    sysconf = None if simulated() else getattr(os, "sysconf", None)
    try:
        return int(sysconf("SC_AVPHYS_PAGES") * sysconf("SC_PAGE_SIZE")) if sysconf else None
    except (OSError, ValueError):
        return None


def process_memory() -> Optional[int]:
    """Resident memory of this process in bytes (psutil); None where it cannot be read."""
    try:
        import psutil

        return int(psutil.Process().memory_info().rss)
    except Exception:
        return None


def set_malloc_thresholds(mmap_threshold: int, trim_threshold: int) -> bool:
    """Set glibc's ``M_MMAP_THRESHOLD`` and ``M_TRIM_THRESHOLD`` (``mallopt``); whether both were
    set. Nothing happens with another C library (macOS, Windows, musl) or in the test mode."""
    if system() != "linux" or simulated():
        return False
    import ctypes

    try:
        mallopt = ctypes.CDLL("libc.so.6").mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    m_trim_threshold, m_mmap_threshold = -1, -3  # malloc.h
    return bool(mallopt(m_mmap_threshold, mmap_threshold)) and bool(mallopt(m_trim_threshold, trim_threshold))


# -- processes -------------------------------------------------------------------------------
def available_cpus() -> int:
    """CPUs this process may run on: ``os.process_cpu_count`` (Python 3.13), else the
    scheduler's affinity mask (Linux), else psutil's (Windows), else ``os.cpu_count``; at least 1."""
    counter = getattr(os, "process_cpu_count", None)
    affinity = None if simulated() else getattr(os, "sched_getaffinity", None)
    count = None
    if counter is not None:
        count = counter()
    elif affinity is not None:
        count = len(affinity(0))
    else:
        try:
            import psutil

            count = len(psutil.Process().cpu_affinity())
        except Exception:  # macOS has no affinity; psutil may be missing
            count = None
    return max(1, count or os.cpu_count() or 1)


def start_methods() -> list[str]:
    """The multiprocessing start methods to choose from (only ``spawn`` on Windows and in the
    test mode)."""
    return ["spawn"] if simulated() else mp.get_all_start_methods()


def process_alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (psutil: a handle on Windows, where ``os.kill(pid, 0)``
    would send a Ctrl-C to the console, signal 0 on POSIX). True when it cannot be told."""
    try:
        import psutil

        return bool(psutil.pid_exists(pid))
    except Exception:
        return True


def stop_signals() -> tuple[int, ...]:
    """The signals that stop a run cleanly: SIGINT (Ctrl-C), SIGTERM (a logout, ``kill``),
    SIGHUP (the terminal closed, POSIX) and SIGBREAK (Ctrl-Break, Windows), where they exist."""
    return tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK")
                 if hasattr(signal, name))


def stopped_exit_codes() -> frozenset[int]:
    """Exit codes of a child process ended by one of :func:`stop_signals` (negative signal
    numbers) or, on Windows, by a console control event (STATUS_CONTROL_C_EXIT)."""
    codes = {-number for number in stop_signals()}
    if system() == "windows":
        codes.add(STATUS_CONTROL_C_EXIT)
    return frozenset(codes)


def pipe_closed_exit_code() -> int:
    """The exit code of a command whose reader closed its output early (``| head``): 128 +
    SIGPIPE (141) where the signal exists, as a shell reports a process that signal ended;
    else (Windows) 1."""
    number = getattr(signal, "SIGPIPE", None)
    return 128 + int(number) if number is not None else 1


def interrupt_signal() -> int:
    """The number of SIGINT (Ctrl-C), the same everywhere."""
    return int(signal.SIGINT)


class ConsoleCloseHandler:
    """What a Windows console process does when its console is closed, the user logs off or the
    system shuts down: ``cancel(event)`` the run, then wait (at most :data:`CONSOLE_CLOSE_SECONDS`)
    until :meth:`finished` is called, as Windows ends the process when the handler returns.
    Other events (Ctrl-C, Ctrl-Break) are left to the signal handlers."""

    EVENTS = (CTRL_CLOSE_EVENT, CTRL_LOGOFF_EVENT, CTRL_SHUTDOWN_EVENT)

    def __init__(self, cancel: Callable[[int], None], wait: float = CONSOLE_CLOSE_SECONDS) -> None:
        self._cancel = cancel
        self._wait = wait
        self._done = threading.Event()

    def __call__(self, event: int) -> bool:
        if event not in self.EVENTS:
            return False
        self._cancel(event)
        self._done.wait(self._wait)
        return True

    def finished(self) -> None:
        self._done.set()


_CONSOLE_HANDLERS: list = []    # registered callbacks, kept alive while registered


def on_console_close(handler: ConsoleCloseHandler) -> Callable[[], None]:
    """Register ``handler`` for the console's close, logoff and shutdown events (Windows:
    ``SetConsoleCtrlHandler``); returns the function that unregisters it. Nothing elsewhere:
    POSIX delivers SIGHUP and SIGTERM (see :func:`stop_signals`)."""
    if system() != "windows":
        return lambda: None
    return _windows_console_handler(handler)  # pragma: no cover - Windows only


def _windows_console_handler(handler: ConsoleCloseHandler) -> Callable[[], None]:  # pragma: no cover
    import ctypes
    from ctypes import wintypes

    kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
    routine = ctypes.WINFUNCTYPE(wintypes.BOOL, wintypes.DWORD)(lambda event: bool(handler(event)))
    kernel32.SetConsoleCtrlHandler.argtypes = [ctypes.c_void_p, wintypes.BOOL]
    if not kernel32.SetConsoleCtrlHandler(ctypes.cast(routine, ctypes.c_void_p), True):
        return lambda: None
    _CONSOLE_HANDLERS.append(routine)

    def remove() -> None:
        kernel32.SetConsoleCtrlHandler(ctypes.cast(routine, ctypes.c_void_p), False)
        if routine in _CONSOLE_HANDLERS:
            _CONSOLE_HANDLERS.remove(routine)

    return remove
