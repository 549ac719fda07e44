"""The package's checksum list (``riskreview-SHA256SUMS``, next to the one-folder package in
``dist/``): written by the build, checked by ``sha256sum -c`` and by ``riskreview --self-test``.

The list has the format of ``sha256sum``: one ``<SHA-256 hex>  <path>`` line per file, paths
relative to the folder holding the list (``riskreview/...`` for the one-folder package,
``RiskReview.app/...`` for the macOS bundle, ``riskreview-onefile`` (``.exe`` on Windows) for
the one-file executable), sorted.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import Iterable, Optional

SUMS_NAME = "riskreview-SHA256SUMS"
FOLDER_NAME = "riskreview"
ONEFILE_NAME = "riskreview-onefile"
APP_NAME = "RiskReview.app"


class IntegrityError(Exception):
    """A file of the package is missing or differs from the checksum list."""


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def package_roots(dist: Path) -> dict[str, Path]:
    """The parts of a build in ``dist`` that are present (name in the list -> where it is): the
    one-folder package or, on macOS, the bundle made from it (what is shipped there), and the
    one-file executable."""
    package = APP_NAME if (dist / APP_NAME).is_dir() else FOLDER_NAME
    names = [package, ONEFILE_NAME, ONEFILE_NAME + ".exe"]
    return {name: dist / name for name in names if (dist / name).exists()}


def package_files(dist: Path) -> list[Path]:
    """Every file of the one-folder package (or the macOS bundle) and the one-file executable,
    when present, as paths relative to ``dist``, sorted (a symbolic link to a file is listed with the
    contents it points to; links to folders are not followed)."""
    files = []
    for root in package_roots(dist).values():
        files += [p.relative_to(dist) for p in root.rglob("*") if p.is_file()] if root.is_dir() \
            else [root.relative_to(dist)]
    return sorted(files, key=lambda p: p.as_posix())


def write_sums(dist: Path, files: Optional[Iterable[Path]] = None) -> Path:
    """Write ``dist/riskreview-SHA256SUMS`` (atomically) for ``files`` (default: :func:`package_files`)."""
    from engine.api import atomic_text

    names = package_files(dist) if files is None else sorted(files, key=lambda p: p.as_posix())
    target = dist / SUMS_NAME
    with atomic_text(target, newline="\n") as out:
        for name in names:
            out.write(f"{sha256_file(dist / name)}  {name.as_posix()}\n")
    return target


def read_sums(path: Path) -> dict[str, str]:
    """Path -> SHA-256 from a ``sha256sum`` list; a malformed line raises IntegrityError."""
    sums: dict[str, str] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        digest, sep, name = line.partition("  ")
        if not sep or len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest) or not name:
            raise IntegrityError(f"{path}: line {number} is not '<sha256>  <file>'")
        sums[name.lstrip("*")] = digest
    return sums


def verify(sums: dict[str, str], locations: dict[str, Path]) -> int:
    """Check every listed file whose first path component is a key of ``locations`` (that
    component mapped to where it is on disk). Returns the number checked; the first missing
    or different file raises IntegrityError naming it."""
    checked = 0
    for name, digest in sums.items():
        head, _, rest = name.partition("/")
        if head not in locations:
            continue
        path = locations[head] / rest if rest else locations[head]
        if not path.is_file():
            raise IntegrityError(f"{name}: listed in {SUMS_NAME} but missing from the package")
        if sha256_file(path) != digest:
            raise IntegrityError(f"{name}: SHA-256 differs from {SUMS_NAME} (the file was changed or damaged)")
        checked += 1
    if checked == 0:
        raise IntegrityError(f"{SUMS_NAME} lists no file of this package ({', '.join(sorted(locations))})")
    return checked


def verify_frozen_package(executable: Optional[Path] = None) -> str:
    """Verify the running frozen package against the list next to it: the one-folder package's
    files (the folder may have been renamed), the macOS bundle holding the executable (in
    ``Contents/MacOS``), or the one-file executable itself. Returns a one-line summary; raises
    IntegrityError."""
    exe = Path(executable or sys.executable).resolve()
    internal = (exe.parent / "_internal").resolve()
    bundle = exe.parent.parent.parent if (exe.parent.name, exe.parent.parent.name) == ("MacOS", "Contents") \
        and exe.parent.parent.parent.suffix == ".app" else None
    onefile = bundle is None and Path(getattr(sys, "_MEIPASS", internal)).resolve() != internal  # unpacked to a temporary folder
    if bundle is not None:
        candidates, locations = [bundle.parent / SUMS_NAME], {APP_NAME: bundle}
    elif onefile:
        candidates, locations = [exe.parent / SUMS_NAME], {ONEFILE_NAME: exe, ONEFILE_NAME + ".exe": exe}
    else:
        candidates = [exe.parent.parent / SUMS_NAME, exe.parent / SUMS_NAME]
        locations = {FOLDER_NAME: exe.parent}
    found = next((c for c in candidates if c.is_file()), None)
    if found is None:
        raise IntegrityError(f"{SUMS_NAME} not found (looked for {' and '.join(map(str, candidates))})")
    count = verify(read_sums(found), locations)
    return f"{count} files match {found}"
