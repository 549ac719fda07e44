"""The About box: version, what the program does, and the licences of what it ships."""

from __future__ import annotations

import platform
from importlib import metadata
from typing import Optional

from PySide6.QtWidgets import QMessageBox, QWidget

from engine import __version__

from ..resources import icon
from ..i18n import translate

LICENCE = "Apache-2.0"
LICENCE_NAME = "Apache License, Version 2.0"

THIRD_PARTY = (
    ("Qt 6 / PySide6", "LGPL-3.0"),
    ("matplotlib", "Matplotlib licence (PSF-based, BSD-compatible)"),
    ("NumPy", "BSD-3-Clause"),
    ("pandas", "BSD-3-Clause"),
    ("Apache Arrow (pyarrow)", "Apache-2.0"),
    ("SciPy", "BSD-3-Clause"),
    ("scikit-learn", "BSD-3-Clause"),
    ("Numba / llvmlite", "BSD-2-Clause (LLVM: Apache-2.0 with LLVM exception)"),
    ("ReportLab", "BSD-3-Clause"),
    ("svglib", "LGPL-3.0-or-later"),
    ("pyreadstat / ReadStat", "Apache-2.0 / MIT"),
    ("openpyxl", "MIT"),
    ("tomli-w", "MIT"),
    ("DejaVu fonts", "Bitstream Vera / DejaVu licence"),
    ("Icons", "drawn for RiskReview (resources/icons)"),
)


def _version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "?"


def about_text() -> str:
    import PySide6
    from PySide6.QtCore import qVersion

    rows = "".join(f"<tr><td>{name}</td><td>&nbsp;&nbsp;{lic}</td></tr>" for name, lic in THIRD_PARTY)
    intro = translate("dialogs.about", "Disclosure-risk review of microdata before release: re-identification "
                      "and attribute-inference attacks over every subset of the quasi-identifiers (Nunes 2021). "
                      "Everything runs on this computer; nothing is sent anywhere.")
    licence = translate("dialogs.about", "RiskReview is licensed under the {name} ({licence}); the full text is "
                        "in LICENSE, and every bundled component's licence in the licenses folder of the package "
                        "(THIRD-PARTY.txt lists them with their versions).").format(name=LICENCE_NAME, licence=LICENCE)
    third = translate("dialogs.about", "Third-party licences")
    return (f"<h3>RiskReview {__version__}</h3><p>{intro}</p><p>{licence}<br>"
            f"Python {platform.python_version()}, Qt {qVersion()}, PySide6 {PySide6.__version__}, "
            f"matplotlib {_version('matplotlib')}, pyarrow {_version('pyarrow')}.</p>"
            f"<p><b>{third}</b></p><table>{rows}</table>")


def show_about(parent: Optional[QWidget]) -> QMessageBox:
    box = QMessageBox(parent)
    box.setObjectName("aboutBox")
    box.setWindowTitle(translate("dialogs.about", "About RiskReview"))
    box.setIconPixmap(icon("app").pixmap(64, 64))
    box.setText(about_text())
    box.setStandardButtons(QMessageBox.StandardButton.Close)
    box.open()
    return box
