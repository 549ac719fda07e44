"""The bar under the pages while a run goes: progress (subsets done/total), elapsed, ETA
and a Cancel button."""

from __future__ import annotations

import time
from typing import Optional

from PySide6.QtCore import QT_TRANSLATE_NOOP, QTimer, Signal, Slot
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QProgressBar, QPushButton

from engine.progress import Progress

from ..resources import icon
from ..text import duration
from ..i18n import translate
from ..text import Translated, local_digits

STAGES = Translated(
    "widgets.run_bar",
    {
        "loading": QT_TRANSLATE_NOOP("widgets.run_bar", "Loading the data"),
        "sweep": QT_TRANSLATE_NOOP("widgets.run_bar", "Attacking every QID subset"),
        "histograms": QT_TRANSLATE_NOOP("widgets.run_bar", "Worst-case histograms"),
        "reading": QT_TRANSLATE_NOOP("widgets.run_bar", "Reading the file"),
        "profiling": QT_TRANSLATE_NOOP("widgets.run_bar", "Profiling columns"),
        "checking": QT_TRANSLATE_NOOP("widgets.run_bar", "Checking the file"),
        "suggest": QT_TRANSLATE_NOOP("widgets.run_bar", "Searching the levels"),
    },
)


class RunBar(QFrame):
    """Shown while a job runs; ``cancelRequested`` when the analyst presses Cancel."""

    cancelRequested = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("runBar")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 6, 12, 6)
        self.title = QLabel("")
        self.title.setMinimumWidth(220)
        self.bar = QProgressBar()
        self.bar.setMinimumWidth(300)
        self.bar.setFormat(translate("widgets.run_bar", "%p%"))
        self.detail = QLabel("")
        self.detail.setMinimumWidth(360)
        self.cancel_button = QPushButton(icon("cancel"), translate("widgets.run_bar", "Cancel"))
        self.cancel_button.setToolTip(
            translate("widgets.run_bar", "Stop the run (Esc). Nothing is kept from a cancelled run.")
        )
        self.cancel_button.clicked.connect(self._on_cancel)
        layout.addWidget(self.title)
        layout.addWidget(self.bar, 1)
        layout.addWidget(self.detail)
        layout.addWidget(self.cancel_button)
        self._start = 0.0
        self._last: Optional[Progress] = None
        self._timer = QTimer(self)
        self._timer.setInterval(500)
        self._timer.timeout.connect(self._refresh)
        self.hide()

    def begin(self, title: str, cancellable: bool = True) -> None:
        self.title.setText(title)
        self.bar.setRange(0, 0)
        self.detail.setText(translate("widgets.run_bar", "starting..."))
        self.cancel_button.setEnabled(cancellable)
        self.cancel_button.setVisible(cancellable)
        self._start = time.monotonic()
        self._last = None
        self._timer.start()
        self.show()

    def end(self) -> None:
        self._timer.stop()
        self.hide()

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self._start

    @Slot(object)
    def update_progress(self, progress: Progress) -> None:
        self._last = progress
        stage = STAGES.get(progress.stage, progress.stage)
        if progress.stage == "sweep" and progress.total:
            self.bar.setRange(0, progress.total)
            self.bar.setValue(progress.done)
            self.bar.setFormat(
                translate("widgets.run_bar", "{0} / {1} subsets").format(
                    local_digits(format(progress.done, ",")), local_digits(format(progress.total, ","))
                )
            )
            if progress.done >= progress.total:
                stage = translate("widgets.run_bar", "Summarising the results")
        elif progress.total and progress.stage in ("profiling", "histograms", "suggest"):
            self.bar.setRange(0, progress.total)
            self.bar.setValue(progress.done)
            formats = {"profiling": translate("widgets.run_bar", "{0} / {1} columns"),
                       "suggest": translate("widgets.run_bar", "{0} / {1} combinations")}
            self.bar.setFormat(formats.get(progress.stage, translate("widgets.run_bar", "{0} / {1} subsets")).format(
                local_digits(format(progress.done, ",")), local_digits(format(progress.total, ","))))
        else:
            self.bar.setRange(0, 0)
        self.title.setText(stage)
        self._refresh()

    @Slot()
    def _refresh(self) -> None:
        eta = self._last.eta if self._last is not None and self._last.stage == "sweep" else None
        text = translate("widgets.run_bar", "elapsed {0}").format(duration(self.elapsed))
        if self._last is not None and self._last.stage == "sweep":
            if self._last.done >= self._last.total:
                text += translate("widgets.run_bar", " · finishing")
            else:
                text += (
                    translate("widgets.run_bar", " · remaining about {0}").format(duration(eta))
                    if eta is not None
                    else translate("widgets.run_bar", " · remaining: measuring")
                )
        self.detail.setText(text)

    @Slot()
    def _on_cancel(self) -> None:
        self.cancel_button.setEnabled(False)
        self.detail.setText(translate("widgets.run_bar", "cancelling..."))
        self.cancelRequested.emit()
