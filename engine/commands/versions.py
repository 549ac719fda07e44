"""``riskreview --version``: the program's version, then the Python and main libraries it runs
with, read from the installed metadata (nothing is imported, so it stays fast; Qt is never
loaded by the engine)."""

from __future__ import annotations

import argparse
import platform
import sys
from typing import Any, Optional, Sequence

from .. import __version__

# (shown name, distribution)
LIBRARIES = (
    ("numpy", "numpy"), ("pandas", "pandas"), ("pyarrow", "pyarrow"), ("PySide6", "PySide6-Essentials"),
    ("matplotlib", "matplotlib"), ("reportlab", "reportlab"), ("numba", "numba"), ("llvmlite", "llvmlite"),
    ("scikit-learn", "scikit-learn"), ("scipy", "scipy"), ("pyreadstat", "pyreadstat"), ("openpyxl", "openpyxl"),
)


def library_version(distribution: str) -> Optional[str]:
    from importlib import metadata   # only for --version: a command's start does without it

    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None


def version_text() -> str:
    """``riskreview X.Y.Z`` on the first line, then one ``name version`` line per library."""
    lines = [f"riskreview {__version__}", f"Python {platform.python_version()}"]
    for shown, distribution in LIBRARIES:
        version = library_version(distribution) or "not installed"
        if shown == "PySide6" and version[0].isdigit():
            # a PySide6 release bundles the Qt release of its first three numbers
            version += f" (Qt {'.'.join(version.split('.')[:3])})"
        lines.append(f"{shown} {version}")
    return "\n".join(lines)


class VersionAction(argparse.Action):
    """``--version``: print :func:`version_text` and exit 0 (argparse's own action would
    build the text on every start)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: Any = argparse.SUPPRESS, help: str = "print the versions and exit") -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: Optional[str] = None) -> None:
        sys.stdout.write(version_text() + "\n")
        parser.exit()
