"""``riskreview --install-desktop`` / ``--uninstall-desktop``: the Linux desktop entry (menu item)
and icon for the current user, following the freedesktop.org specifications:
``$XDG_DATA_HOME/applications/riskreview.desktop`` and
``$XDG_DATA_HOME/icons/hicolor/scalable/apps/riskreview.svg`` (``XDG_DATA_HOME`` defaults to
``~/.local/share``). Files are written atomically; nothing outside those two paths is touched."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Optional, Sequence

from engine.api import platform

APP_ID = "riskreview"


def data_home() -> Path:
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if os.path.isabs(value) else Path.home() / ".local" / "share"


def entry_paths(home: Optional[Path] = None) -> tuple[Path, Path]:
    home = home or data_home()
    return (home / "applications" / f"{APP_ID}.desktop",
            home / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg")


def launch_command() -> list[str]:
    """How the menu starts the window: the packaged executable, else the installed
    ``riskreview`` command, else this Python with ``-m gui``."""
    if getattr(sys, "frozen", False):
        return [str(Path(sys.executable).resolve())]
    installed = Path(sys.executable).with_name("riskreview")
    if installed.is_file():
        return [str(installed)]
    found = shutil.which("riskreview")
    return [str(Path(found).resolve())] if found else [str(Path(sys.executable).resolve()), "-m", "gui"]


def _exec_argument(arg: str) -> str:
    """Quote one Exec argument (Desktop Entry Specification, "The Exec key")."""
    arg = arg.replace("%", "%%")  # a literal percent sign (field codes start with %)
    if arg and not any(c in arg for c in ' \t\n"\'\\><~|&;$*?#()`'):
        return arg
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in arg)
    # the key's value is itself a string: backslashes are escaped once more
    return '"' + escaped.replace("\\", "\\\\") + '"'


def desktop_entry(command: Sequence[str], icon: Path) -> str:
    exec_line = " ".join(_exec_argument(a) for a in [*command, "gui"]) + " %f"
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.5",
        "Name=RiskReview",
        "GenericName=Disclosure-risk review",
        "Comment=Re-identification and attribute-inference risk of microdata before release",
        f"Exec={exec_line}",
        f"TryExec={command[0]}" if len(command) == 1 else "",
        f"Icon={icon}",
        "Terminal=false",
        "Categories=Office;Science;DataVisualization;",
        "Keywords=disclosure;anonymisation;microdata;privacy;statistics;",
        "StartupWMClass=riskreview",
        "",
    ]).replace("\n\n", "\n")


def install(home: Optional[Path] = None, command: Optional[Sequence[str]] = None) -> tuple[Path, Path]:
    """Write the icon and the desktop entry; returns their paths. OSError names the file."""
    from engine.api import atomic_file, atomic_text

    from .resources import resource_dir

    entry, icon = entry_paths(home)
    for folder in (entry.parent, icon.parent):
        folder.mkdir(parents=True, exist_ok=True)
    with atomic_file(icon) as tmp:
        shutil.copyfile(resource_dir() / "icons" / "app.svg", tmp)
    with atomic_text(entry, newline="\n") as out:
        out.write(desktop_entry(command or launch_command(), icon))
    _refresh(entry.parent)
    return entry, icon


def uninstall(home: Optional[Path] = None) -> list[Path]:
    removed = []
    for path in entry_paths(home):
        if path.exists():
            path.unlink()
            removed.append(path)
    if removed:
        _refresh(removed[0].parent)
    return removed


def _refresh(applications: Path) -> None:
    """Let the menu notice at once where the desktop provides the tool (optional)."""
    tool = shutil.which("update-desktop-database")
    if tool:
        subprocess.run([tool, str(applications)], capture_output=True, timeout=30, check=False)


def main(action: str) -> int:
    if not platform.has_desktop_menu():
        print(f"error: {action} is for Linux desktops (on Windows, create a shortcut to riskreview.exe)",
              file=sys.stderr)
        return 2
    try:
        if action == "--install-desktop":
            for path in install():
                print(f"wrote {path}")
        else:
            removed = uninstall()
            print("\n".join(f"removed {p}" for p in removed) or "no desktop entry was installed")
    except Exception as exc:  # InputError from the atomic writer or an OSError: one line
        name = getattr(exc, "filename", None)
        print(f"error: {name + ': ' if name else ''}{getattr(exc, 'strerror', None) or exc}", file=sys.stderr)
        return 2
    return 0
