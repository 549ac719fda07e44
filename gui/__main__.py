"""Entry point of the ``riskreview`` command.

No arguments, or ``gui [FILE]``: open the window. ``--self-test``, ``--install-desktop`` and
``--uninstall-desktop`` (the Linux menu entry, gui/desktop.py) are handled here. Anything else goes to the engine's
command line. Qt is imported only inside :func:`run_window`, so worker processes that
re-import this module never load Qt.
"""

from __future__ import annotations

import atexit
import gc
import multiprocessing
import sys
from typing import Optional, Sequence


def quick_exit_collection() -> None:
    """At exit, after every other exit handler (they run last registered first), freeze what
    is still alive, so that the interpreter's last garbage collections skip it: after a run of
    1M rows they walked every object for 0.2-0.4 s (docs/performance.md). Files are closed
    where they are written, and objects freed by reference counting still are."""
    atexit.register(gc.freeze)


def run_window(argv: Sequence[str]) -> int:
    from .app import run

    return run(list(argv))


def windowed_arguments(argv: Sequence[str]) -> list[str]:
    """The arguments for the executable without a console (``RiskReview.exe`` on Windows, where
    nothing it prints can be seen): always the window, with the first argument that is not an
    option as the file to open (Explorer's "Open with"); the command line is ``riskreview-cli``."""
    args = list(argv[1:] if argv[:1] == ["gui"] else argv)
    files = [a for a in args if not a.startswith("-")]
    return ["gui", *files[:1]]


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command (``argv``: the arguments after the program's name; None: this process's
    command line, which then also ends sooner: see :func:`quick_exit_collection`)."""
    if argv is None:
        quick_exit_collection()
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] == "gui":
        return run_window(argv[1:])
    if argv[0] == "--self-test":
        from .selftest import run_self_test

        return run_self_test()
    if argv[0] in ("--install-desktop", "--uninstall-desktop") and len(argv) == 1:
        from .desktop import main as desktop_main

        return desktop_main(argv[0])
    from engine.commands.cli import main as cli_main

    return cli_main(argv)


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
