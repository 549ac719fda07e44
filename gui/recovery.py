"""Autosave of the analysis being edited, and its recovery after a crash or a kill.

While the analysis has unsaved edits it is written, a moment after the last edit, to a recovery
file in the user's application-data folder (QStandardPaths.AppDataLocation/recovery), atomically
(engine/foundation/atomic.py) and with its data paths absolute or relative to that folder. Beside it a small
JSON file names the analysis file it was opened from. Each running window holds a lock on its own
recovery file (QLockFile); a recovery file whose lock is held by no running program was left by a
window that did not close normally, and is offered back at the next start. Saving, discarding or
closing the window normally removes the recovery file.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from PySide6.QtCore import QLockFile, QObject, QStandardPaths, QTimer, Slot

from engine.api import atomic_text, write_analysis_file
from engine.api import InputError

from .session import Session

DELAY_MS = 1500  # the autosave waits this long after the last edit


def default_folder() -> Path:
    """The recovery files' folder (the QApplication's names must be set first)."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base) / "recovery"


@dataclass(frozen=True)
class Leftover:
    """A recovery file a window left behind: the analysis and the file it was opened from."""

    path: Path
    original: Optional[str]

    def discard(self) -> None:
        for file in (self.path, self.path.with_suffix(".json"), self.path.with_suffix(".lock")):
            file.unlink(missing_ok=True)


def leftovers(folder: Path) -> list[Leftover]:
    """Recovery files in ``folder`` whose window is no longer running (its lock is free)."""
    found = []
    for path in sorted(folder.glob("autosave-*.toml")) if folder.is_dir() else ():
        lock = QLockFile(str(path.with_suffix(".lock")))
        lock.setStaleLockTime(0)  # stale only when its program is gone, however old
        if not lock.tryLock(0):
            continue  # another window is editing it
        lock.unlock()
        try:
            original = json.loads(path.with_suffix(".json").read_text(encoding="utf-8")).get("analysis")
        except (OSError, ValueError, AttributeError):
            original = None
        found.append(Leftover(path, str(original) if original else None))
    return found


class Autosave(QObject):
    """Writes ``session``'s analysis to this window's recovery file while it has unsaved edits."""

    def __init__(self, session: Session, folder: Path, parent: Optional[QObject] = None) -> None:
        super().__init__(parent)
        self.session = session
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path = self.folder / f"autosave-{uuid.uuid4().hex[:12]}.toml"
        self.lock = QLockFile(str(self.path.with_suffix(".lock")))
        self.lock.setStaleLockTime(0)
        self.lock.tryLock(0)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(DELAY_MS)
        self.timer.timeout.connect(self.write_now)
        stack = session.undo_stack
        stack.indexChanged.connect(self._on_edit)
        stack.cleanChanged.connect(self._on_edit)

    @Slot()
    def _on_edit(self, *_args) -> None:
        if self.session.modified:
            self.timer.start()
        else:
            self.timer.stop()
            self.discard()

    @Slot()
    def write_now(self) -> bool:
        """Write the recovery file now (False: nothing to write, or it could not be written)."""
        self.timer.stop()
        if not self.session.modified:
            return False
        try:
            config = self.session.config_for_saving()
            with atomic_text(self.path.with_suffix(".json")) as handle:
                json.dump({"analysis": self.session.analysis_path}, handle)
            write_analysis_file(config, self.path)
        except (InputError, OSError):
            return False  # no data yet, or the folder is not writable: nothing to recover
        return True

    def discard(self) -> None:
        """Remove the recovery file (saved, discarded, or closed normally)."""
        for file in (self.path, self.path.with_suffix(".json")):
            file.unlink(missing_ok=True)

    def close(self) -> None:
        """The window closes normally: no recovery file is left."""
        self.timer.stop()
        self.discard()
        self.lock.unlock()


__all__ = ["Autosave", "Leftover", "leftovers", "default_folder"]
