"""Screenshots of the real window for the user guide (docs/user-guide/images/<language>/*.png).

    python docs/screenshots.py                      # both languages, starts Xvfb on :95
    python docs/screenshots.py --lang pt_BR --display :99

For each language a fresh process starts the window on Qt's ``xcb`` platform under Xvfb (the
display is started here unless ``--no-xvfb`` says one is already running), with settings kept in a
temporary file (the user's own settings are never read or written), opens the bundled example
analysis (resources/examples/census_demo.toml), runs its assessment, walks the pages and saves
each at 1280x800. The PNGs are reduced to a 64-colour palette with Pillow (a tenth of the size,
the text stays sharp).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
IMAGES = ROOT / "docs" / "user-guide" / "images"
LANGUAGES = ("en", "pt_BR")
SIZE = (1280, 800)

# (file name, page index in the navigation list, tab of the results page or None)
SHOTS = (
    ("start", 0, None),
    ("data", 1, None),
    ("releases", 2, None),
    ("attacks", 3, None),
    ("results", 4, 0),
    ("results-scatter", 4, 1),
    ("results-histograms", 4, 2),
    ("results-targets", 4, 3),
    ("scenarios", 5, None),
    ("synthetic", 6, None),
    ("noisy-counts", 7, None),
)


def start_xvfb(display: str) -> subprocess.Popen:
    """Xvfb on ``display`` with one 24-bit screen of :data:`SIZE`; waits for its socket."""
    process = subprocess.Popen(["Xvfb", display, "-screen", "0", f"{SIZE[0]}x{SIZE[1]}x24", "-nolisten", "tcp"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    socket = Path("/tmp/.X11-unix") / f"X{display.lstrip(':')}"
    for _ in range(100):
        if socket.exists():
            return process
        if process.poll() is not None:
            raise SystemExit(f"error: Xvfb could not start on {display} (is the display in use?)")
        time.sleep(0.1)
    process.terminate()
    raise SystemExit(f"error: Xvfb did not open {display} within 10 s")


def wait_until(app, condition, timeout: float) -> bool:
    """Run the event loop until ``condition()`` holds or ``timeout`` seconds pass."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        app.processEvents()
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def settle(app, seconds: float = 0.4) -> None:
    wait_until(app, lambda: False, seconds)


def optimise(path: Path) -> None:
    """Reduce ``path`` to a 256-colour palette PNG (Pillow), when Pillow is installed."""
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as image:
        reduced = image.convert("RGB").quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    reduced.save(path, optimize=True)


def shoot(language: str, out: Path) -> int:
    """The child process: the window in ``language``, every page of :data:`SHOTS` saved into ``out``."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from gui.app import build_window, prepare_application

    out.mkdir(parents=True, exist_ok=True)
    folder = tempfile.TemporaryDirectory(prefix="riskreview-shots-")
    settings = QSettings(str(Path(folder.name) / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("language", language)
    app = QApplication([sys.argv[0]])
    prepare_application(app, settings)
    window = build_window(settings=settings)
    window.resize(*SIZE)
    window.show()
    settle(app, 1.0)
    window.open_example(run_now=True)
    if not wait_until(app, lambda: window.session.result is not None, 180):
        print("error: the example's assessment did not finish within 180 s", file=sys.stderr)
        return 1
    wait_until(app, lambda: not window.flow.controller.busy, 60)
    settle(app, 1.5)
    for name, page, tab in SHOTS:
        window.show_page(page)
        if tab is not None:
            window.results_page.tabs.setCurrentIndex(tab)
        settle(app)
        path = out / f"{name}.png"
        if not window.grab().save(str(path)):
            print(f"error: could not write {path}", file=sys.stderr)
            return 1
        optimise(path)
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB")
    window.close()
    settle(app, 0.5)
    folder.cleanup()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Screenshots of the window for docs/user-guide.")
    parser.add_argument("--lang", nargs="+", choices=LANGUAGES, default=list(LANGUAGES), help="languages to shoot")
    parser.add_argument("--display", default=":95", help="X display to start Xvfb on (default :95)")
    parser.add_argument("--no-xvfb", action="store_true", help="use the X server already on --display")
    parser.add_argument("--out", type=Path, default=IMAGES, help="folder of the per-language image folders")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return shoot(args.child, args.out / args.child)
    xvfb = None if args.no_xvfb else start_xvfb(args.display)
    try:
        env = dict(os.environ, DISPLAY=args.display, QT_QPA_PLATFORM="xcb",
                   PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
        for language in args.lang:
            env["RISKREVIEW_LANGUAGE"] = language
            code = subprocess.call([sys.executable, __file__, "--child", language, "--out", str(args.out)], env=env)
            if code:
                return code
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
