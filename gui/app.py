"""Start-up of the desktop application: the QApplication, fonts, style, the main window."""

from __future__ import annotations

import os
import signal
import socket
import sys
from pathlib import Path
from typing import Optional, Sequence

from engine.api import platform
from engine.api import keep_freed_memory


def _matplotlib_cache() -> None:
    """Keep matplotlib's font cache in a per-user folder (a frozen build would use a new
    temporary folder at every start and rebuild the cache each time)."""
    if "MPLCONFIGDIR" not in os.environ and getattr(sys, "frozen", False):
        folder = platform.user_cache_base() / "riskreview" / "matplotlib"
        folder.mkdir(parents=True, exist_ok=True)
        os.environ["MPLCONFIGDIR"] = str(folder)


def prepare_application(app, settings=None) -> None:
    """Fonts from resources/fonts, the bundled style sheet, names used by QSettings, the language
    (Preferences, else the system's; gui/i18n.py)."""
    from .i18n import chosen_language, install
    from .resources import register_fonts, style_sheet

    from . import collection

    collection.install(app)
    app.setOrganizationName("RiskReview")
    app.setApplicationName("RiskReview")
    install(app, chosen_language(settings))
    register_fonts()
    if not app.property("riskreview_styled"):
        app.setStyleSheet(style_sheet())
        app.setProperty("riskreview_styled", True)


def build_window(data_file: Optional[str] = None, settings=None, recovery_folder=None):
    """The main window; with ``data_file`` (a data file or a .toml analysis) opened in it, and its
    analysis autosaved in ``recovery_folder`` while edited (None: not autosaved; gui/recovery.py)."""
    from PySide6.QtWidgets import QApplication

    from .main_window import MainWindow

    _matplotlib_cache()
    app = QApplication.instance()
    if app is not None:
        prepare_application(app, settings)
    window = MainWindow(settings, recovery_folder)
    add_preferences_menu(window)
    if data_file:
        path = str(Path(data_file).expanduser().resolve())
        if path.lower().endswith(".toml"):
            window.flow.open_analysis(path)
        else:
            window.flow.open_data_file(path, ask=False)
    return window


STOP_SIGNALS = platform.stop_signals()


def close_on_signals(app, window) -> None:
    """SIGTERM (a logout, ``kill``), SIGINT (Ctrl-C in the terminal) and SIGHUP close the window
    as the user would: its jobs are cancelled and waited for, so their worker processes and
    temporary files go too; the event loop then ends with 128 + the signal number.

    Qt's loop runs no Python code on its own, so a signal reaches it through a socket:
    :func:`signal.set_wakeup_fd` writes the signal number there and a ``QSocketNotifier``
    wakes the loop (the Python-level handlers only keep the default action away)."""
    from PySide6.QtCore import QSocketNotifier, QTimer

    reader, writer = socket.socketpair()
    reader.setblocking(False)
    writer.setblocking(False)
    signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    for number in STOP_SIGNALS:
        signal.signal(number, lambda *_: None)
    notifier = QSocketNotifier(reader.fileno(), QSocketNotifier.Type.Read, app)
    received: list[int] = []

    def on_signal() -> None:
        try:
            data = reader.recv(64)
        except OSError:
            return
        numbers = [n for n in data if n in STOP_SIGNALS]
        if numbers and not received:
            received.append(numbers[0])
            QTimer.singleShot(0, stop)

    def stop() -> None:
        window.closing_on_signal = True
        window.close()
        app.exit(128 + received[0])

    notifier.activated.connect(on_signal)
    app._stop_signals = (reader, writer, notifier)  # kept alive as long as the application


def close_on_session_end(app, window) -> None:
    """Logging off or shutting down closes the window as the user would (its runs cancelled and
    waited for) when the session manager asks the application to save its data: on Windows the
    process is ended right after, with no signal (a windowed program has no console)."""
    app.commitDataRequest.connect(lambda _manager: window.close())


def add_preferences_menu(window) -> None:
    """Edit > Preferences... (the language; gui/dialogs/preferences.py)."""
    from PySide6.QtGui import QAction, QKeySequence

    from .dialogs.preferences import show_preferences
    from .i18n import translate

    menu = window.edit_menu
    menu.addSeparator()
    action = QAction(translate("app", "&Preferences..."), window)
    action.setObjectName("preferencesAction")
    action.setShortcut(QKeySequence.StandardKey.Preferences)
    action.triggered.connect(lambda: show_preferences(window.settings, window))
    menu.addAction(action)


def run(argv: Sequence[str]) -> int:
    """``riskreview`` / ``riskreview gui [FILE]``: show the window until it is closed (or a
    stop signal closes it, see :func:`close_on_signals`)."""
    from PySide6.QtWidgets import QApplication

    from .i18n import chosen_language, translator_for
    from .platform_check import check_platform

    problem = check_platform(translator_for(chosen_language()))
    if problem:
        print(problem, file=sys.stderr)
        return 1
    keep_freed_memory()
    app = QApplication.instance() or QApplication([sys.argv[0]])
    prepare_application(app)
    from PySide6.QtCore import QTimer

    from .recovery import default_folder

    window = build_window(argv[0] if argv else None, recovery_folder=default_folder())
    close_on_signals(app, window)
    close_on_session_end(app, window)
    window.show()
    if not argv:
        QTimer.singleShot(0, window.offer_recovery)
    return app.exec()
