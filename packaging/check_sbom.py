"""Check that the SBOM lists every Python distribution and Qt library in the built package,
found from the package itself (not from the manifest the SBOM was made from):

- every ``*.dist-info`` folder in the package, with the same version and a licence;
- the distribution of every Python module in the executable's archive and of every
  top-level file or folder of ``_internal`` (looked up in the build venv's installed files);
- every library under ``PySide6/Qt/lib``.

    python packaging/check_sbom.py dist/riskreview dist/riskreview-sbom.cdx.json
Run it with the build venv's Python. Exit 0, or 1 listing what is missing.
"""

from __future__ import annotations

import json
import re
import sys
from importlib import metadata
from pathlib import Path

from PyInstaller.archive.readers import pkg_archive_contents


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def top_level_owners() -> dict[str, set[str]]:
    """Top-level module, package or folder name -> the distributions that install it."""
    owners: dict[str, set[str]] = {}
    for dist in metadata.distributions():
        for file in dist.files or []:
            head = file.parts[0]
            if head.endswith((".dist-info", ".data")) or head in ("..", "bin"):
                continue
            name = head.split(".")[0] if head.endswith((".py", ".so", ".pyd")) else head
            owners.setdefault(name, set()).add(normalise(dist.metadata["Name"]))
    return owners


def executables(package: Path) -> list[Path]:
    """The package's executables: ``riskreview`` (Linux), or ``RiskReview`` and ``riskreview-cli``
    (Windows, with ``.exe``; macOS)."""
    names = [package.name, "RiskReview", "riskreview-cli", "RiskReview.exe", "riskreview-cli.exe"]
    found = [package / n for n in dict.fromkeys(names) if (package / n).is_file()]
    if not found:
        raise SystemExit(f"error: {package}: no executable of the package in it")
    return found


def qt_libraries(package: Path) -> list[str]:
    """File names of the Qt libraries in the package: PySide6/Qt/lib/*.so* (Linux),
    PySide6/Qt6*.dll (Windows), the library of each PySide6/Qt/lib/*.framework (macOS)."""
    pyside = package / "_internal" / "PySide6"
    names = [p.name for p in (pyside / "Qt" / "lib").glob("*.so*")] + [p.name for p in pyside.glob("Qt6*.dll")]
    names += [p.name.removesuffix(".framework") for p in (pyside / "Qt" / "lib").glob("*.framework")]
    return sorted(names)


def package_distributions(package: Path) -> dict[str, str]:
    """Distributions found in the package: name -> version ("" when only seen through its files)."""
    internal = package / "_internal"
    found = {}
    for info in internal.glob("*.dist-info"):
        name, _, version = info.name.removesuffix(".dist-info").rpartition("-")
        found[normalise(name)] = version
    owners = top_level_owners()
    names = {entry.split(".")[0] for exe in executables(package) for entry in pkg_archive_contents(str(exe))}
    names |= {p.name.split(".")[0] if p.is_file() else p.name for p in internal.iterdir()}
    for name in names:
        for dist in owners.get(name, ()):
            found.setdefault(dist, "")
    return found


def check(package: Path, sbom: dict) -> list[str]:
    listed = {normalise(c["name"]): c for c in sbom["components"] if c.get("purl", "").startswith("pkg:pypi/")}
    root = sbom.get("metadata", {}).get("component", {})
    if root:
        listed[normalise(root["name"])] = root
    problems = []
    for name, version in sorted(package_distributions(package).items()):
        component = listed.get(name)
        if component is None:
            problems.append(f"{name} {version}: in the package, not in the SBOM")
        elif version and component.get("version") != version:
            problems.append(f"{name}: {version} in the package, {component.get('version')} in the SBOM")
        elif not component.get("licenses"):
            problems.append(f"{name}: no licence in the SBOM")
    qt = {c["properties"][0]["value"].rsplit("/", 1)[-1] for c in sbom["components"]
          if c.get("bom-ref", "").startswith(("qt:", "icu:"))}
    for lib in qt_libraries(package):
        if lib not in qt:
            problems.append(f"{lib}: Qt library in the package, not in the SBOM")
    return problems


def main(argv: list[str]) -> int:
    package, sbom_path = Path(argv[0]), Path(argv[1])
    sbom = json.loads(sbom_path.read_text(encoding="utf-8"))
    problems = check(package, sbom)
    for problem in problems:
        print(f"error: {sbom_path}: {problem}", file=sys.stderr)
    if problems:
        return 1
    n = len(package_distributions(package))
    print(f"SBOM check: all {n} Python distributions and the Qt libraries in {package} are listed with "
          f"versions and licences")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
