"""The differential-privacy page's run bar: (query, mechanism, epsilon) points done, and the ETA."""

from __future__ import annotations

from PySide6.QtCore import Slot

from engine.progress import Progress

from ...text import count, duration
from ...widgets.run_bar import RunBar
from ...i18n import translate


class DPRunBar(RunBar):
    """The run bar, counting (query, mechanism, epsilon) points."""

    @Slot(object)
    def update_progress(self, progress: Progress) -> None:
        if progress.stage == "dp" and progress.total:
            self._last = progress
            self.bar.setRange(0, progress.total)
            self.bar.setValue(progress.done)
            self.bar.setFormat(translate("dp.run_bar", "{done} / {total} points").format(done=count(progress.done),
                                                                               total=count(progress.total)))
            self.title.setText(translate("dp.run_bar", "Computing privacy loss and utility"))
            self._refresh()
            return
        super().update_progress(progress)

    @Slot()
    def _refresh(self) -> None:
        last = self._last
        if last is None or last.stage != "dp":
            super()._refresh()
            return
        text = translate("dp.run_bar", "elapsed {duration}").format(duration=duration(self.elapsed))
        if last.eta is not None and last.done < last.total:
            text += translate("dp.run_bar", " · remaining about {duration}").format(duration=duration(last.eta))
        self.detail.setText(text)
