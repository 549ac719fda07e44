"""Before the window starts: can Qt's platform plugin be loaded on this system?

On Linux under X11, Qt's ``xcb`` plugin links to about twenty system libraries (libxcb-*,
libxkbcommon-x11, ...). When one is missing Qt stops with a misleading "could not load the Qt
platform plugin" message. Here the plugin is opened with the system's loader first
(:func:`engine.foundation.platform.library_load_error`), which names the first library it cannot find; the
window's start-up reports that library (and the Debian package that holds it) in one line
instead (README, "Installing").
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Optional

from PySide6.QtCore import QT_TRANSLATE_NOOP, QLibraryInfo

from engine.api import platform

# the libraries the xcb plugin and its Qt library load, and their Debian/Ubuntu packages
DEBIAN_PACKAGES = {
    "libX11-xcb.so.1": "libx11-xcb1",
    "libX11.so.6": "libx11-6",
    "libxcb.so.1": "libxcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb-glx.so.0": "libxcb-glx0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libGL.so.1": "libgl1",
    "libEGL.so.1": "libegl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libdbus-1.so.3": "libdbus-1-3",
}
MISSING_LIBRARY = QT_TRANSLATE_NOOP("platform_check",
                                    "RiskReview cannot open its window: the system library {library} is missing{package}.")
DEBIAN_HINT = QT_TRANSLATE_NOOP("platform_check", " (Debian/Ubuntu package {package}; install it as root)")
_NOT_FOUND = re.compile(r"([^\s:/]+\.so[.\d]*): cannot open shared object file")


def platform_plugin() -> Optional[str]:
    """The platform plugin Qt will load when it is xcb (None: another one, or not Linux).

    Qt uses ``QT_QPA_PLATFORM`` when set; otherwise, on Linux, xcb when an X display is given and
    the session is not a Wayland one."""
    if platform.system() != "linux":
        return None
    chosen = os.environ.get("QT_QPA_PLATFORM", "").split(":")[0].split(";")[0].strip()
    if chosen:
        return "xcb" if chosen == "xcb" else None
    if os.environ.get("WAYLAND_DISPLAY") and os.environ.get("XDG_SESSION_TYPE") == "wayland":
        return None
    return "xcb" if os.environ.get("DISPLAY") else None


def xcb_plugin_path() -> Path:
    folder = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath))
    return folder / "platforms" / "libqxcb.so"


def missing_library_in(loader_message: str) -> Optional[str]:
    """The library named by the system loader's error (``libfoo.so.1: cannot open shared object
    file``), None when the message names none."""
    found = _NOT_FOUND.search(loader_message)
    return found.group(1) if found else None


def missing_library(plugin: Optional[Path] = None) -> Optional[str]:
    """The first system library the xcb plugin cannot load (None: it loads, or is not there)."""
    plugin = plugin or xcb_plugin_path()
    if not plugin.is_file():
        return None
    error = platform.library_load_error(plugin)
    return None if error is None else missing_library_in(error) or error


def problem_text(library: str, translate=None) -> str:
    """The one line that names the missing library (and its Debian package when known), in the
    window's language when ``translate(context, text)`` is given."""
    say = translate or (lambda _context, text: text)
    package = DEBIAN_PACKAGES.get(library)
    hint = say("platform_check", DEBIAN_HINT).format(package=package) if package else ""
    return say("platform_check", MISSING_LIBRARY).format(library=library, package=hint)


def check_platform(translate=None) -> Optional[str]:
    """The start-up problem to report instead of Qt's plugin error, None when the window can open."""
    if platform_plugin() != "xcb":
        return None
    library = missing_library()
    return problem_text(library, translate) if library else None


__all__ = ["check_platform", "missing_library", "missing_library_in", "problem_text", "DEBIAN_PACKAGES"]
