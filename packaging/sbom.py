"""Narrow the build venv's CycloneDX SBOM to what the package holds and add what CycloneDX
does not see: the Qt libraries and plugins PySide6 bundles, and the Python runtime.

    python packaging/sbom.py ENVIRONMENT.cdx.json build/bundle-manifest.json OUT.cdx.json

ENVIRONMENT.cdx.json is ``cyclonedx-py environment`` of the build venv; the manifest is written
by packaging/riskreview.spec (the distributions with a file in the package, the Qt libraries
and plugins). Every bundled distribution must be in the environment SBOM; one without a
licence there gets the licence of its installed metadata (as in licenses/THIRD-PARTY.txt).
"""

from __future__ import annotations

import json
import platform
import re
import sys
from importlib import metadata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from collect_licenses import _licence_text  # noqa: E402

QT_LICENCE = [{"license": {"id": "LGPL-3.0-only"}}]


def normalise(name: str) -> str:
    """PEP 503 name: lower case, runs of -_. become one -."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _qt_component(file: str, qt_version: str, kind: str) -> dict:
    name = Path(file).name
    if name.startswith("libicu"):  # ICU, bundled by PySide6 for Qt's text handling
        stem, _, major = name.partition(".so.")
        return {"type": "library", "bom-ref": f"icu:{name}", "name": stem.removeprefix("lib"),
                "version": major, "supplier": {"name": "Unicode, Inc."},
                "licenses": [{"license": {"name": "Unicode License (ICU)"}}],
                "properties": [{"name": "riskreview:package-path", "value": file}]}
    # libQt6Core.so.6 (Linux), Qt6Core.dll (Windows), QtCore (a macOS framework's library)
    stem = re.sub(r"(\.so(\.\d+)*|\.dll|\.dylib)$", "", name).removeprefix("lib")
    return {"type": "library", "bom-ref": f"qt:{kind}:{stem}", "name": stem, "version": qt_version,
            "group": "Qt", "supplier": {"name": "The Qt Company"}, "licenses": QT_LICENCE,
            "purl": f"pkg:generic/qt/{stem}@{qt_version}",
            "properties": [{"name": "riskreview:package-path", "value": file},
                           {"name": "riskreview:qt-kind", "value": kind}]}


def narrow(bom: dict, manifest: dict) -> dict:
    bundled = {normalise(d["name"]): d["version"] for d in manifest["distributions"]}
    root = bom.get("metadata", {}).get("component", {})
    kept, refs, found = [], set(), set()
    for component in bom.get("components", []):
        key = normalise(component["name"])
        if key not in bundled or key == normalise(root.get("name", "")):
            continue
        if component.get("version") != bundled[key]:
            raise SystemExit(f"error: {component['name']}: {component.get('version')} in the build venv, "
                             f"{bundled[key]} in the package")
        if not component.get("licenses"):
            component["licenses"] = [{"expression": _licence_text(metadata.distribution(component["name"]))}]
        kept.append(component)
        refs.add(component["bom-ref"])
        found.add(key)
    missing = sorted(set(bundled) - found - {normalise(root.get("name", ""))})
    if missing:
        raise SystemExit(f"error: not in the environment SBOM: {', '.join(missing)}")
    if root:
        root["licenses"] = [{"license": {"id": "Apache-2.0"}}]
        refs.add(root.get("bom-ref"))

    qt_version = ".".join(metadata.version("PySide6-Essentials").split(".")[:3])
    extra = [_qt_component(f, qt_version, "library") for f in manifest["qt_libraries"]]
    extra += [_qt_component(f, qt_version, "plugin") for f in manifest["qt_plugins"]]
    extra.append({"type": "application", "bom-ref": "cpython", "name": "CPython",
                  "version": platform.python_version(), "supplier": {"name": "Python Software Foundation"},
                  "licenses": [{"license": {"id": "PSF-2.0"}}],
                  "purl": f"pkg:generic/python/cpython@{platform.python_version()}"})
    bom["components"] = sorted(kept, key=lambda c: normalise(c["name"])) + extra
    dependencies = []
    for dep in bom.get("dependencies", []):
        if dep["ref"] in refs:
            dependencies.append({**dep, "dependsOn": [r for r in dep.get("dependsOn", []) if r in refs]})
    bom["dependencies"] = dependencies
    return bom


def main(argv: list[str]) -> int:
    environment, manifest_path, out = map(Path, argv)
    bom = narrow(json.loads(environment.read_text(encoding="utf-8")),
                 json.loads(manifest_path.read_text(encoding="utf-8")))
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text(json.dumps(bom, indent=2) + "\n", encoding="utf-8")
    tmp.replace(out)
    python = sum(1 for c in bom["components"] if c.get("purl", "").startswith("pkg:pypi/"))
    print(f"SBOM: {out} ({python} Python distributions, {len(bom['components']) - python} other components)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
