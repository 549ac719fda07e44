"""Gather the third-party licences of everything the packaged app ships into one folder.

For each runtime distribution (the project's dependencies and theirs): its licence files
from the installed metadata and a line in THIRD-PARTY.txt (name, version, licence). Qt and
PySide6 are used under the LGPL v3: their notice says how the obligations are met.

    python packaging/collect_licenses.py OUT_DIR
"""

from __future__ import annotations

import importlib.metadata as metadata
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LICENCE_FILE = re.compile(r"(LICEN[CS]E|COPYING|NOTICE|AUTHORS)", re.IGNORECASE)

# where PySide6's wheel puts the Qt libraries on the platform the package is built on
QT_FOLDER = {"win32": "PySide6", "darwin": "PySide6/Qt/lib, one framework each"}.get(sys.platform, "PySide6/Qt/lib")
QT_NOTICE = """RiskReview uses Qt {qt} through PySide6 {pyside} (The Qt Company; Qt for Python),
licensed under the GNU Lesser General Public License version 3 (LGPL-3.0-only), whose
text is in LGPL-3.0.txt and GPL-3.0.txt in this folder.

- Qt and PySide6 are linked dynamically: their shared libraries sit unchanged in the
  application folder ({qt_folder}) and can be replaced by a user-supplied compatible
  build of the same version.
- Their source code is available from The Qt Company (https://download.qt.io, the
  qt-everywhere-src-{qt} archive) and from the PySide6 source distribution of version
  {pyside}; on request we provide a copy of that source for three years.
- No Qt module is modified. The Qt modules shipped are QtCore, QtGui, QtWidgets and QtSvg
  with the libraries and platform plugins they need; riskreview-sbom.cdx.json, next to the
  package, lists every Qt library and plugin in it.
"""


def _requirements(name: str) -> list[str]:
    try:
        requires = metadata.requires(name) or []
    except metadata.PackageNotFoundError:
        return []
    out = []
    for requirement in requires:
        if "extra ==" in requirement:
            continue
        out.append(re.split(r"[ ;<>=!~\[(]", requirement, maxsplit=1)[0])
    return out


def runtime_distributions(root: str = "riskreview") -> list[metadata.Distribution]:
    """The project's runtime dependency closure (test extras excluded)."""
    seen: dict[str, metadata.Distribution] = {}
    todo = _requirements(root)
    while todo:
        name = todo.pop()
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        key = dist.metadata["Name"].lower()
        if key in seen:
            continue
        seen[key] = dist
        todo.extend(_requirements(dist.metadata["Name"]))
    return sorted(seen.values(), key=lambda d: d.metadata["Name"].lower())


def _licence_text(dist: metadata.Distribution) -> str:
    expression = dist.metadata.get("License-Expression")
    if expression:
        return expression
    text = (dist.metadata.get("License") or "").strip().splitlines()
    if text and len(text[0]) < 80:
        return text[0]
    classifiers = [c.split("::")[-1].strip() for c in dist.metadata.get_all("Classifier") or []
                   if c.startswith("License ::")]
    return ", ".join(classifiers) or "see the files in this folder"


def collect(out: Path) -> list[str]:
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    lines = ["Third-party software shipped with RiskReview", ""]
    for dist in runtime_distributions():
        name, version = dist.metadata["Name"], dist.version
        folder = out / name
        folder.mkdir()
        for file in dist.files or []:
            if LICENCE_FILE.search(file.name) and file.suffix in ("", ".txt", ".md", ".rst", ".python"):
                shutil.copy(file.locate(), folder / file.name)
        lines.append(f"{name} {version}: {_licence_text(dist)}")
    fonts = ROOT / "resources" / "fonts" / "LICENSE_DEJAVU"
    (out / "DejaVu-fonts").mkdir()
    shutil.copy(fonts, out / "DejaVu-fonts" / "LICENSE_DEJAVU")
    lines.append("DejaVu fonts (resources/fonts): Bitstream Vera / DejaVu licence")
    qt = metadata.version("PySide6-Essentials")
    (out / "Qt-LGPL-NOTICE.txt").write_text(QT_NOTICE.format(qt=qt, pyside=qt, qt_folder=QT_FOLDER), encoding="utf-8")
    for text, source in (("LGPL-3.0.txt", "/usr/share/common-licenses/LGPL-3"),
                         ("GPL-3.0.txt", "/usr/share/common-licenses/GPL-3")):
        if Path(source).exists():
            shutil.copy(source, out / text)
    lines += ["", "Qt / PySide6: see Qt-LGPL-NOTICE.txt, LGPL-3.0.txt and GPL-3.0.txt."]
    (out / "THIRD-PARTY.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return lines


if __name__ == "__main__":
    for line in collect(Path(sys.argv[1])):
        print(line)
