"""The synthetic-data page's run bar: targets done per attack stage, and that stage's ETA."""

from __future__ import annotations

from PySide6.QtCore import Slot

from engine.progress import Progress

from ...text import count, duration
from ...widgets.run_bar import RunBar
from .labels import STAGE_LABELS
from ...i18n import translate


class SyntheticRunBar(RunBar):
    """The run bar, counting the targets of each attack stage (and its ETA)."""

    @Slot(object)
    def update_progress(self, progress: Progress) -> None:
        self._last = progress
        label = STAGE_LABELS.get(progress.stage, progress.stage.replace("-", " ").capitalize())
        if progress.total:
            self.bar.setRange(0, progress.total)
            self.bar.setValue(min(progress.done, progress.total))
            self.bar.setFormat(f"{count(progress.done)} / {count(progress.total)}")
        else:
            self.bar.setRange(0, 0)
        self.title.setText(label)
        self._refresh()

    @Slot()
    def _refresh(self) -> None:
        text = translate("synthetic.run_bar", "elapsed {0}").format(duration(self.elapsed))
        last = self._last
        if last is not None and last.total:
            if last.done >= last.total:
                text += " · finishing this step"
            elif last.eta is not None:
                text += translate("synthetic.run_bar", " · this step: about {0} left").format(duration(last.eta))
        self.detail.setText(text)
