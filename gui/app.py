"""Start-up of the desktop application: the QApplication, fonts, style, the main window."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Optional, Sequence


def _matplotlib_cache() -> None:
    """Keep matplotlib's font cache in a per-user folder (a frozen build would use a new
    temporary folder at every start and rebuild the cache each time)."""
    if "MPLCONFIGDIR" not in os.environ and getattr(sys, "frozen", False):
        folder = Path.home() / ".cache" / "riskreview" / "matplotlib"
        folder.mkdir(parents=True, exist_ok=True)
        os.environ["MPLCONFIGDIR"] = str(folder)


def prepare_application(app) -> None:
    """Fonts from resources/fonts, the bundled style sheet, names used by QSettings."""
    from .resources import register_fonts, style_sheet

    app.setOrganizationName("RiskReview")
    app.setApplicationName("RiskReview")
    register_fonts()
    if not app.property("riskreview_styled"):
        app.setStyleSheet(style_sheet())
        app.setProperty("riskreview_styled", True)


def build_window(data_file: Optional[str] = None, settings=None):
    """The main window; with ``data_file`` (a data file or a .toml analysis) opened in it."""
    from PySide6.QtWidgets import QApplication

    from .main_window import MainWindow

    _matplotlib_cache()
    app = QApplication.instance()
    if app is not None:
        prepare_application(app)
    window = MainWindow(settings)
    if data_file:
        path = str(Path(data_file).expanduser().resolve())
        if path.lower().endswith(".toml"):
            window.flow.open_analysis(path)
        else:
            window.flow.open_data_file(path, ask=False)
    return window


def run(argv: Sequence[str]) -> int:
    """``riskreview`` / ``riskreview gui [FILE]``: show the window until it is closed."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0]])
    prepare_application(app)
    window = build_window(argv[0] if argv else None)
    window.show()
    return app.exec()
