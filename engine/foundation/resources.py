"""Where the bundled resources (fonts, examples, icons) live, from source or a frozen build."""

from __future__ import annotations

import sys
from pathlib import Path


def resource_path(*parts: str) -> Path:
    """Path of a file under resources/ (inside the PyInstaller bundle when frozen)."""
    base = Path(getattr(sys, "_MEIPASS", Path(__file__).resolve().parents[2]))
    return base.joinpath("resources", *parts)
