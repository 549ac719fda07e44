"""The command row of every analysis page: Open and Save analysis on the left; Export PDF,
Export CSV+JSON and Run on the right. A page gives the words; the
:class:`~gui.controller.AnalysisController` wires the buttons and enables them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget

from ..i18n import translate
from ..resources import icon


@dataclass(frozen=True)
class CommandTexts:
    """The buttons' words on one page (already in the window's language); "" leaves a button out."""

    run: str
    open: str = ""
    save: str = ""
    pdf: str = ""
    tables: str = ""
    run_tip: str = ""
    open_tip: str = ""
    save_tip: str = ""
    pdf_tip: str = ""
    tables_tip: str = ""


class CommandBar(QWidget):
    """Open, Save | stretch | Export PDF, Export CSV+JSON, Run: the same places on every page."""

    def __init__(self, texts: CommandTexts, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.setObjectName("commandBar")
        self.texts = texts
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.open_button = self._button(row, "open", texts.open, texts.open_tip)
        self.save_button = self._button(row, "save", texts.save, texts.save_tip)
        row.addStretch(1)
        self.pdf_button = self._button(row, "export", texts.pdf, texts.pdf_tip)
        self.tables_button = self._button(row, "table", texts.tables, texts.tables_tip)
        self.run_button = self._button(row, "run", texts.run, texts.run_tip)
        self.run_button.setObjectName("primary")

    @staticmethod
    def _button(row: QHBoxLayout, icon_name: str, text: str, tip: str) -> QPushButton:
        button = QPushButton(icon(icon_name), text)
        if tip:
            button.setToolTip(tip)
        row.addWidget(button)
        button.setVisible(bool(text))
        return button

    def buttons(self) -> tuple[QPushButton, ...]:
        """The buttons the page shows, left to right."""
        return tuple(b for b in (self.open_button, self.save_button, self.pdf_button, self.tables_button,
                                 self.run_button) if b.text())


def assessment_commands() -> CommandBar:
    """The release assessment's command bar (the Attacks and Results pages show it)."""
    return CommandBar(CommandTexts(
        run=translate("widgets.command_bar", "Run the attacks  (Ctrl+R)"),
        pdf=translate("widgets.command_bar", "Export PDF..."),
        pdf_tip=translate("widgets.command_bar", "The risk report for the release board (Ctrl+E)."),
        tables=translate("widgets.command_bar", "Export CSV+JSON..."),
        tables_tip=translate("widgets.command_bar",
                             "results.json, the CSV tables and the analysis, into a folder (Ctrl+Shift+E).")))
