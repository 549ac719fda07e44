"""The application window (a first placeholder: the full flow comes with the desktop issue)."""

from __future__ import annotations

import sys
from typing import Sequence

from engine import __version__


def build_window(data_file: str | None = None):
    from PySide6.QtWidgets import QLabel, QMainWindow

    window = QMainWindow()
    window.setWindowTitle(f"RiskReview {__version__}")
    text = "RiskReview: disclosure-risk review of microdata.\n\nUse 'riskreview assess' for now."
    if data_file:
        text += f"\n\nFile: {data_file}"
    label = QLabel(text)
    label.setMargin(24)
    window.setCentralWidget(label)
    window.resize(800, 500)
    return window


def run(argv: Sequence[str]) -> int:
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0]])
    window = build_window(argv[0] if argv else None)
    window.show()
    return app.exec()
