"""The differential-privacy page's run bar: (query, mechanism, epsilon) points done, and the ETA."""

from __future__ import annotations

from PySide6.QtCore import Slot

from engine.progress import Progress

from ...text import duration
from ...widgets.run_bar import RunBar


class DPRunBar(RunBar):
    """The run bar, counting (query, mechanism, epsilon) points."""

    @Slot(object)
    def update_progress(self, progress: Progress) -> None:
        if progress.stage == "dp" and progress.total:
            self._last = progress
            self.bar.setRange(0, progress.total)
            self.bar.setValue(progress.done)
            self.bar.setFormat(f"{progress.done:,} / {progress.total:,} points")
            self.title.setText("Computing privacy loss and utility")
            self._refresh()
            return
        super().update_progress(progress)

    @Slot()
    def _refresh(self) -> None:
        last = self._last
        if last is None or last.stage != "dp":
            super()._refresh()
            return
        text = f"elapsed {duration(self.elapsed)}"
        if last.eta is not None and last.done < last.total:
            text += f" · remaining about {duration(last.eta)}"
        self.detail.setText(text)
