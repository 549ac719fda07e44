"""Make the executables' icons from the window's icon (resources/icons/app.svg): Qt's SVG
renderer draws it at each size, Pillow writes the files:

    packaging/windows/riskreview.ico    16, 24, 32, 48, 64, 128, 256 px (Windows Explorer, taskbar)
    packaging/macos/riskreview.icns     16 to 1024 px (Finder, Dock)

    QT_QPA_PLATFORM=offscreen python packaging/make_icons.py

The files are committed (the build does not need Qt's renderer); run this again after
changing app.svg.
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "resources" / "icons" / "app.svg"
ICO = ROOT / "packaging" / "windows" / "riskreview.ico"
ICNS = ROOT / "packaging" / "macos" / "riskreview.icns"
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)


def render(svg: Path, size: int):
    """The SVG drawn on a transparent ``size`` x ``size`` square, as a Pillow RGBA image."""
    from PIL import Image
    from PySide6.QtCore import QBuffer, QIODevice, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    QGuiApplication.instance() or QGuiApplication([sys.argv[0]])
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"error: {svg}: not a valid SVG file")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return Image.open(io.BytesIO(bytes(buffer.data()))).convert("RGBA")


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    largest = render(SVG, 1024)
    ICO.parent.mkdir(parents=True, exist_ok=True)
    ICNS.parent.mkdir(parents=True, exist_ok=True)
    # each size drawn from the vector image (sharper small icons than scaling the largest)
    frames = [render(SVG, size) for size in ICO_SIZES]
    frames[-1].save(ICO, format="ICO", sizes=[(s, s) for s in ICO_SIZES], append_images=frames[:-1])
    largest.save(ICNS, format="ICNS")
    print(f"wrote {ICO.relative_to(ROOT)} and {ICNS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
