"""Where the bundled resources are (icons, style sheet, fonts, examples), and loaders."""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path


def resource_dir() -> Path:
    """The ``resources`` folder: next to the packages, or inside a PyInstaller bundle."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "resources"
    return Path(__file__).resolve().parents[1] / "resources"


def example_data() -> Path:
    return resource_dir() / "examples" / "census_example.csv"


def example_analysis() -> Path:
    return resource_dir() / "examples" / "census_demo.toml"


@lru_cache(maxsize=None)
def icon(name: str):
    """A bundled SVG icon by name (``resources/icons/NAME.svg``)."""
    from PySide6.QtGui import QIcon

    path = resource_dir() / "icons" / f"{name}.svg"
    return QIcon(str(path)) if path.exists() else QIcon()


def style_sheet() -> str:
    path = resource_dir() / "style" / "app.qss"
    return path.read_text(encoding="utf-8") if path.exists() else ""


def register_fonts() -> list[str]:
    """Register every font in ``resources/fonts`` (none ship yet: system fonts are used)."""
    from PySide6.QtGui import QFontDatabase

    families: list[str] = []
    folder = resource_dir() / "fonts"
    if folder.is_dir():
        for path in sorted(folder.iterdir()):
            if path.suffix.lower() in (".ttf", ".otf"):
                font_id = QFontDatabase.addApplicationFont(str(path))
                if font_id >= 0:
                    families.extend(QFontDatabase.applicationFontFamilies(font_id))
    return families
