"""The portability test mode (docs/development.md, "Windows and macOS"): with RISKREVIEW_PORTABILITY_TEST=1,
every Python process whose path holds this folder (tests/conftest.py puts it on PYTHONPATH, so
commands run as subprocesses and spawned workers get it too) starts without the POSIX-only
functions Windows lacks, with ``spawn`` as its only multiprocessing start method and without
the ``resource`` module. Code that still calls one fails with AttributeError or ImportError."""

import os

VARIABLE = "RISKREVIEW_PORTABILITY_TEST"
REMOVED_OS = ("fchmod", "fchown", "lchown", "sysconf", "sysconf_names", "fpathconf", "killpg", "getpgid",
              "setpgid", "setsid", "getsid", "fork", "forkpty", "sched_getaffinity", "sched_setaffinity",
              "getloadavg", "nice")
REMOVED_SIGNALS = ("SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM")


def install() -> None:
    """Take the functions away (once per process) when the mode is on."""
    if os.environ.get(VARIABLE) != "1" or "riskreview_simulated" in os.__dict__:
        return
    import multiprocessing
    import signal
    import sys

    try:
        import psutil  # noqa: F401  (reads os.sysconf once, at import, as its Windows build does not)
    except ImportError:
        pass
    for name in REMOVED_OS:
        os.__dict__.pop(name, None)
    for name in REMOVED_SIGNALS:
        signal.__dict__.pop(name, None)
    sys.modules["resource"] = None          # import resource: ImportError, as on Windows
    multiprocessing.set_start_method("spawn", force=True)
    multiprocessing.get_all_start_methods = lambda: ["spawn"]
    os.riskreview_simulated = True


install()
