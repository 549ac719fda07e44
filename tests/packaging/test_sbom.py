"""The SBOM narrowing: only bundled distributions stay, Qt libraries and plugins are added,
a bundled distribution missing from the environment SBOM or with another version is an error."""

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("sbom", ROOT / "packaging" / "sbom.py")
sbom = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sbom)


def _environment():
    def comp(name, version, licences=True):
        c = {"type": "library", "bom-ref": f"{name}=={version}", "name": name, "version": version,
             "purl": f"pkg:pypi/{name.lower()}@{version}"}
        if licences:
            c["licenses"] = [{"license": {"id": "MIT"}}]
        return c
    return {"metadata": {"component": {"bom-ref": "root", "name": "riskreview", "version": "0.1.0"}},
            "components": [comp("NumPy", "2.0.2"), comp("pyinstaller", "6.22.3"), comp("tomli_w", "1.2.0")],
            "dependencies": [{"ref": "root", "dependsOn": ["NumPy==2.0.2", "tomli_w==1.2.0"]},
                             {"ref": "pyinstaller==6.22.3", "dependsOn": ["NumPy==2.0.2"]}]}


MANIFEST = {"distributions": [{"name": "numpy", "version": "2.0.2"}, {"name": "tomli-w", "version": "1.2.0"},
                              {"name": "riskreview", "version": "0.1.0"}],
            "qt_libraries": ["libQt6Core.so.6", "libicuuc.so.73"],
            "qt_plugins": ["PySide6/Qt/plugins/platforms/libqxcb.so"]}


def test_narrow_keeps_bundled_adds_qt_and_python():
    bom = sbom.narrow(_environment(), MANIFEST)
    names = [c["name"] for c in bom["components"]]
    assert names[:2] == ["NumPy", "tomli_w"] and "pyinstaller" not in names
    assert names[2:] == ["Qt6Core", "icuuc", "qxcb", "CPython"]
    qt = bom["components"][2]
    assert qt["licenses"] == [{"license": {"id": "LGPL-3.0-only"}}] and qt["version"].count(".") == 2
    assert bom["metadata"]["component"]["licenses"] == [{"license": {"id": "Apache-2.0"}}]
    assert bom["dependencies"] == [{"ref": "root", "dependsOn": ["NumPy==2.0.2", "tomli_w==1.2.0"]}]


def test_missing_or_different_distribution_is_an_error():
    manifest = {**MANIFEST, "distributions": MANIFEST["distributions"] + [{"name": "scipy", "version": "1"}]}
    with pytest.raises(SystemExit, match="not in the environment SBOM: scipy"):
        sbom.narrow(_environment(), manifest)
    manifest = {**MANIFEST, "distributions": [{"name": "numpy", "version": "2.1.0"}]}
    with pytest.raises(SystemExit, match="NumPy: 2.0.2 in the build venv, 2.1.0 in the package"):
        sbom.narrow(_environment(), manifest)
