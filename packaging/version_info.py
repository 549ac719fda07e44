"""The Windows version resource of each executable (Explorer's Properties > Details: product,
version, description, file name), written as PyInstaller's version file
(``VSVersionInfo(...)``, the text ``EXE(version=...)`` reads) from the project's version.

    python packaging/version_info.py 0.1.0 RiskReview.exe "RiskReview" OUT.txt
The spec calls :func:`write` for each executable; the text is the same on every platform
(only the Windows build embeds it).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

PRODUCT = "RiskReview"
COPYRIGHT = "Apache License 2.0"
LANGUAGE = "040904B0"  # U.S. English, Unicode (the string table's key)


def file_version(version: str) -> tuple[int, int, int, int]:
    """The four 16-bit numbers of a version resource from a PEP 440 version: its release
    numbers, padded with 0 or cut to four ("0.1.0" -> (0, 1, 0, 0), "1.2rc1" -> (1, 2, 0, 0))."""
    match = re.match(r"^\s*v?(\d+(?:\.\d+)*)", version)
    if match is None:
        raise ValueError(f"version {version!r}: no release number (such as 1.2.3)")
    numbers = [int(n) for n in match[1].split(".")][:4]
    if any(n > 0xFFFF for n in numbers):
        raise ValueError(f"version {version!r}: a Windows version number is at most 65535")
    return tuple(numbers + [0] * (4 - len(numbers)))  # type: ignore[return-value]


def version_text(version: str, file_name: str, description: str) -> str:
    """PyInstaller's version file for one executable."""
    numbers = file_version(version)
    strings = [("CompanyName", PRODUCT), ("FileDescription", description), ("FileVersion", version),
               ("InternalName", file_name.rsplit(".", 1)[0]), ("LegalCopyright", COPYRIGHT),
               ("OriginalFilename", file_name), ("ProductName", PRODUCT), ("ProductVersion", version)]
    table = ",\n".join(f"        StringStruct({key!r}, {value!r})" for key, value in strings)
    return (
        "VSVersionInfo(\n"
        f"  ffi=FixedFileInfo(filevers={numbers!r}, prodvers={numbers!r}, mask=0x3f, flags=0x0,\n"
        "                    OS=0x40004, fileType=0x1, subtype=0x0, date=(0, 0)),\n"
        "  kids=[\n"
        f"    StringFileInfo([StringTable({LANGUAGE!r}, [\n{table}])]),\n"
        "    VarFileInfo([VarStruct('Translation', [1033, 1200])])\n"
        "  ]\n"
        ")\n"
    )


def write(path: Path, version: str, file_name: str, description: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(version_text(version, file_name, description), encoding="utf-8")
    return path


if __name__ == "__main__":
    print(write(Path(sys.argv[4]), sys.argv[1], sys.argv[2], sys.argv[3]))
