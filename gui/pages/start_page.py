"""The start screen: the bundled example, open a file or an analysis, recent files."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (QGridLayout, QGroupBox, QHBoxLayout, QLabel, QListWidget,
                               QListWidgetItem, QPushButton, QVBoxLayout, QWidget)

from ..resources import icon
from .common import hint, page_layout, title
from ..i18n import translate

class StartPage(QWidget):
    """What a new user sees first; every button has a menu/shortcut equivalent."""

    exampleRequested = Signal(bool)  # True: run it right away
    openDataRequested = Signal()
    openAnalysisRequested = Signal()
    recentRequested = Signal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        layout = page_layout(self)
        layout.addWidget(title(translate("start_page", "Welcome to RiskReview")))
        layout.addWidget(
            hint(
                translate(
                    "start_page",
                    "Check the disclosure risk of a microdata file before it is released: say which "
                    "columns an attacker could know (quasi-identifiers) and which are sensitive, run the "
                    "attacks, and read how many people could be re-identified or have their sensitive "
                    "value learned. Everything stays on this computer.",
                )
            )
        )
        example = QGroupBox(translate("start_page", "Try the bundled example"))
        grid = QGridLayout(example)
        grid.addWidget(
            QLabel(
                translate(
                    "start_page",
                    "A synthetic school census: 20,000 pupils, 10 quasi-identifiers "
                    "(birth date, sex, race, school...) and 2 sensitive columns "
                    "(special needs, family benefit). The full run takes a few seconds.",
                )
            ),
            0,
            0,
            1,
            2,
        )
        grid.itemAtPosition(0, 0).widget().setWordWrap(True)
        self.run_example = QPushButton(icon("run"), translate("start_page", "Run the census example now"))
        self.run_example.setObjectName("primary")
        self.run_example.clicked.connect(lambda: self.exampleRequested.emit(True))
        self.open_example = QPushButton(icon("table"), translate("start_page", "Open the census example"))
        self.open_example.clicked.connect(lambda: self.exampleRequested.emit(False))
        grid.addWidget(self.run_example, 1, 0)
        grid.addWidget(self.open_example, 1, 1)
        layout.addWidget(example)
        own = QGroupBox(translate("start_page", "Your own data"))
        row = QHBoxLayout(own)
        open_data = QPushButton(icon("open"), translate("start_page", "Open a data file...  (Ctrl+O)"))
        open_data.clicked.connect(self.openDataRequested)
        open_analysis = QPushButton(icon("analysis"), translate("start_page", "Open an analysis...  (Ctrl+Shift+O)"))
        open_analysis.clicked.connect(self.openAnalysisRequested)
        row.addWidget(open_data)
        row.addWidget(open_analysis)
        row.addStretch(1)
        layout.addWidget(own)
        layout.addWidget(
            hint(
                translate(
                    "start_page",
                    "Formats: CSV/TSV, Parquet, Feather, Excel .xlsx, SPSS .sav, Stata "
                    ".dta, SAS .sas7bdat/.xpt. You can also drop a file on the window.",
                )
            )
        )
        recent_box = QGroupBox(translate("start_page", "Recent files"))
        recent_layout = QVBoxLayout(recent_box)
        self.recent = QListWidget()
        self.recent.setObjectName("recentList")
        self.recent.itemActivated.connect(self._on_recent)
        self.recent.itemDoubleClicked.connect(self._on_recent)
        recent_layout.addWidget(self.recent)
        layout.addWidget(recent_box, 1)

    def set_recent(self, paths: list[str]) -> None:
        self.recent.clear()
        for path in paths:
            item = QListWidgetItem(icon("analysis" if path.endswith(".toml") else "table"),
                                   f"{Path(path).name}    —    {Path(path).parent}")
            item.setData(Qt.ItemDataRole.UserRole, path)
            item.setToolTip(path)
            self.recent.addItem(item)
        if not paths:
            self.recent.addItem(translate("start_page", "No recent files yet."))
            self.recent.item(0).setFlags(Qt.ItemFlag.NoItemFlags)

    @Slot(QListWidgetItem)
    def _on_recent(self, item: QListWidgetItem) -> None:
        path = item.data(Qt.ItemDataRole.UserRole)
        if path:
            self.recentRequested.emit(path)
