"""A matplotlib canvas embedded in Qt (``FigureCanvasQTAgg`` over a ``Figure``, no pyplot),
with a hover annotation shared by the plots and tick labels in the window's language."""

from __future__ import annotations

import math
import textwrap
from typing import Optional

from matplotlib.axes import Axes
from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
from matplotlib.figure import Figure
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QSizePolicy, QWidget
import shiboken6

from engine.api import localize_ticks

from ..i18n import current_language

TEXT_SIZE = 9
PRIOR_COLOR = "#c0392b"
POINT_COLOR = "#4a78b5"
TOP_COLOR = "#24446e"
SELECT_COLOR = "#f2a01e"


class PlotCanvas(FigureCanvasQTAgg):
    """A figure with constrained layout; subclasses draw into ``self.figure``."""

    def __init__(self, parent: Optional[QWidget] = None, width: float = 8.0, height: float = 4.0) -> None:
        self.figure = Figure(figsize=(width, height), layout="constrained")
        super().__init__(self.figure)
        self.setParent(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(320, 240)
        self._annotations: dict[Axes, object] = {}
        self._wrapped: dict[int, tuple[str, str]] = {}   # label id -> (text as given, as wrapped)
        self.mpl_connect("motion_notify_event", self._on_motion)
        self._draw_timer = QTimer(self)   # a queued draw dies with the canvas (matplotlib's outlives it)
        self._draw_timer.setSingleShot(True)
        self._draw_timer.setInterval(0)
        self._draw_timer.timeout.connect(self._draw_idle)

    def draw_idle(self) -> None:
        """Queue one redraw, as matplotlib does, on a timer owned by the canvas."""
        timer = getattr(self, "_draw_timer", None)
        if timer is None:   # still in matplotlib's constructor
            super().draw_idle()
        elif not (getattr(self, "_draw_pending", False) or getattr(self, "_is_drawing", False)):
            self._draw_pending = True
            timer.start()

    def draw(self) -> None:
        """Render the figure, every numeric tick label with the window language's separators (0,5
        and 20.000 in pt_BR); a canvas deleted while it renders (its window closed and collected
        meanwhile) is left alone."""
        localize_ticks(self.figure, current_language())
        self._unwrap_axis_labels()
        try:
            super().draw()
            for _ in range(3):   # a label or legend too long: on more lines, laid out again
                if not self.wrap_axis_labels() | self.wrap_legends():
                    break
                super().draw()
        except RuntimeError:
            if shiboken6.isValid(self):
                raise

    def _axis_labels(self):
        for ax in self.figure.axes:
            if ax.axison:
                yield ax, ax.title, True
                yield ax, ax.xaxis.label, True
                yield ax, ax.yaxis.label, False

    def _legend_texts(self):
        for legend in self.figure.legends:
            yield from legend.get_texts()

    def _unwrap_axis_labels(self) -> None:
        """Each label back on the line it was given (the canvas may have grown since it was wrapped)."""
        for label in [label for _, label, _ in self._axis_labels()] + list(self._legend_texts()):
            whole = getattr(self, "_wrapped", {}).get(id(label))
            if whole is not None and label.get_text() == whole[1]:
                label.set_text(whole[0])
        self._wrapped = {}

    def wrap_axis_labels(self) -> bool:
        """Break every title and axis label longer than its axis (a y label taller than the plot,
        as long translations are; two titles side by side) into lines that fit; True when one
        changed."""
        renderer = self.get_renderer()
        changed = False
        for ax, label, horizontal in self._axis_labels():
            text = label.get_text()
            box = ax.get_window_extent(renderer)
            room = box.width if horizontal else box.height
            if not text or "\n" in text or room <= 0:
                continue
            extent = label.get_window_extent(renderer)
            length = extent.width if horizontal else extent.height
            if length > room:
                lines = min(3, math.ceil(length / room))
                wrapped = textwrap.fill(text, width=math.ceil(len(text) / lines) + 1, break_on_hyphens=False,
                                        break_long_words=False)   # "variável-chave" kept whole
                label.set_text(wrapped)
                self._wrapped[id(label)] = (text, wrapped)
                changed = True
        return changed

    def wrap_legends(self) -> bool:
        """Fit a figure legend wider than the figure (long queries on a narrow canvas): each
        label wider than the widest less the overflow shared among the legend's columns is
        broken into lines (in letters, as many lines as that takes); True when one changed."""
        renderer = self.get_renderer()
        room = self.figure.bbox.width - 8
        changed = False
        for legend in self.figure.legends:
            texts = [text for text in legend.get_texts() if text.get_text()]
            overflow = legend.get_window_extent(renderer).width - room
            if overflow <= 0 or not texts:
                continue
            widths = [text.get_window_extent(renderer).width for text in texts]
            columns = len({round(text.get_window_extent(renderer).x0) for text in texts})
            cap = max(widths) - overflow / columns
            for text, width in zip(texts, widths):
                shown = text.get_text()
                whole = self._wrapped.get(id(text), (shown,))[0]
                if cap <= 0 or width <= cap:
                    continue
                letters = max(len(line) for line in shown.split("\n"))
                wrapped = textwrap.fill(whole, width=max(8, int(letters * cap / width)),
                                        break_on_hyphens=False, break_long_words=False)
                if wrapped != shown:
                    text.set_text(wrapped)
                    self._wrapped[id(text)] = (whole, wrapped)
                    changed = True
        return changed

    def annotation(self, ax: Axes):
        """The (hidden) hover label of ``ax``."""
        note = self._annotations.get(ax)
        if note is None:
            note = ax.annotate("", xy=(0, 0), xytext=(10, 10), textcoords="offset points",
                               fontsize=TEXT_SIZE, zorder=10,
                               bbox={"boxstyle": "round", "fc": "#ffffe8", "ec": "#888888"})
            note.set_visible(False)
            self._annotations[ax] = note
        return note

    def reset(self) -> None:
        self.figure.clear()
        self._annotations = {}

    def show_empty(self, message: str) -> None:
        """Draw ``message`` alone in the middle of the figure (nothing to plot yet)."""
        ax = self.figure.add_subplot(1, 1, 1)
        ax.set_axis_off()
        ax.text(0.5, 0.5, message, ha="center", va="center", fontsize=TEXT_SIZE + 2, color="#555555",
                transform=ax.transAxes, wrap=True)
        self.draw_idle()

    def hover_text(self, ax: Axes, event) -> Optional[tuple[tuple[float, float], str]]:
        """Subclasses: the (xy, text) to show for the mouse ``event`` over ``ax``, or None."""
        return None

    def _on_motion(self, event) -> None:
        changed = False
        for ax, note in list(self._annotations.items()):
            hit = self.hover_text(ax, event) if event.inaxes is ax else None
            if hit is None:
                if note.get_visible():
                    note.set_visible(False)
                    changed = True
                continue
            xy, text = hit
            note.xy = xy
            note.set_text(text)
            x_fraction = ax.transAxes.inverted().transform(ax.transData.transform(xy))[0]
            note.set_position((-10, 10) if x_fraction > 0.6 else (10, 10))
            note.set_horizontalalignment("right" if x_fraction > 0.6 else "left")
            note.set_visible(True)
            changed = True
        if changed:
            self.draw_idle()
