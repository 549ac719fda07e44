"""The bar under the pages while a run goes: the stage, progress (done/total), elapsed, ETA
and a Cancel button. One widget for every analysis: a page names its own stages (``stages``)
and how their counts read (``formats``)."""

from __future__ import annotations

import time
from typing import Mapping, Optional

from PySide6.QtCore import QT_TRANSLATE_NOOP, QTimer, Signal, Slot
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QProgressBar, QPushButton

from engine.api import Progress

from ..resources import icon
from ..i18n import translate
from ..text import Translated, count, duration, local_digits

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
        "compiling": QT_TRANSLATE_NOOP("widgets.run_bar", "Compiling the sweep kernels once for this machine..."),
    },
)

BAR_LIMIT = 2**31 - 1
"""The largest value a progress bar holds (a C int)."""
BAR_STEPS = 1_000_000

#: How the counts of a stage read on the bar ({done} and {total}); other stages: "{done} / {total}".
FORMATS = Translated(
    "widgets.run_bar",
    {
        "profiling": QT_TRANSLATE_NOOP("widgets.run_bar", "{done} / {total} columns"),
        "suggest": QT_TRANSLATE_NOOP("widgets.run_bar", "{done} / {total} combinations"),
        "histograms": QT_TRANSLATE_NOOP("widgets.run_bar", "{done} / {total} subsets"),
    },
)


class RunBar(QFrame):
    """Shown while a job runs; ``cancelRequested`` when the analyst presses Cancel."""

    cancelRequested = Signal()

    def __init__(self, parent=None, stages: Optional[Mapping[str, str]] = None,
                 formats: Optional[Mapping[str, str]] = None) -> None:
        super().__init__(parent)
        self.setObjectName("runBar")
        self.stages = stages or {}
        self.formats = formats or {}
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
        self._note = ""
        self._timer = QTimer(self)
        self._timer.setInterval(500)
        self._timer.timeout.connect(self._refresh)
        self.hide()

    def begin(self, title: str, cancellable: bool = True, note: str = "") -> None:
        """Show the bar; ``note`` (e.g. where the work runs) stays beside the times."""
        self.title.setText(title)
        self.bar.setRange(0, 0)
        self._note = note
        self.detail.setText(translate("widgets.run_bar", "starting...") + (f" · {note}" if note else ""))
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

    def _fill(self, done: int, total: int) -> None:
        """Fill the bar to done / total; a total past the bar's integer range (a lattice of
        billions of nodes) is shown in millionths."""
        if total > BAR_LIMIT:
            done, total = done * BAR_STEPS // total, BAR_STEPS
        self.bar.setRange(0, total)
        self.bar.setValue(done)

    @Slot(object)
    def update_progress(self, progress: Progress) -> None:
        self._last = progress
        stage = self.stages.get(progress.stage) or STAGES.get(
            progress.stage, progress.stage.replace("-", " ").capitalize())
        if progress.stage == "sweep" and progress.total:
            self._fill(progress.done, progress.total)
            self.bar.setFormat(
                translate("widgets.run_bar", "{0} / {1} subsets").format(
                    local_digits(format(progress.done, ",")), local_digits(format(progress.total, ","))
                )
            )
            if progress.done >= progress.total:
                stage = translate("widgets.run_bar", "Summarising the results")
        elif progress.total:
            self._fill(min(progress.done, progress.total), progress.total)
            template = self.formats.get(progress.stage) or FORMATS.get(progress.stage) or "{done} / {total}"
            self.bar.setFormat(template.format(done=count(progress.done), total=count(progress.total)))
        else:
            self.bar.setRange(0, 0)
        self.title.setText(stage)
        self._refresh()

    @Slot()
    def _refresh(self) -> None:
        last = self._last
        text = translate("widgets.run_bar", "elapsed {0}").format(duration(self.elapsed))
        if last is not None and last.stage == "sweep":
            if last.done >= last.total:
                text += translate("widgets.run_bar", " · finishing")
            else:
                text += (
                    translate("widgets.run_bar", " · remaining about {0}").format(duration(last.eta))
                    if last.eta is not None
                    else translate("widgets.run_bar", " · remaining: measuring")
                )
        elif last is not None and last.total and last.done < last.total and last.eta is not None:
            text += translate("widgets.run_bar", " · remaining about {0}").format(duration(last.eta))
        if self._note:
            text += f" · {self._note}"
        self.detail.setText(text)

    @Slot()
    def _on_cancel(self) -> None:
        self.cancel_button.setEnabled(False)
        self.detail.setText(translate("widgets.run_bar", "cancelling..."))
        self.cancelRequested.emit()
