"""Worst-case histograms: people by per-record risk for the top subset of chosen sizes
(docs/methods.md, "Per-record risk and worst-case histograms")."""

from __future__ import annotations

import math
import textwrap
from typing import Sequence

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP

from engine.api import RiskHistogram

from ..text import count, pct, qid_text

from .canvas import POINT_COLOR, PRIOR_COLOR, TEXT_SIZE, PlotCanvas
from ..i18n import translate, translate_plural
from ..text import local_digits


def histogram_title(qids: tuple[str, ...], all_qids: tuple[str, ...], width: int) -> str:
    """A title of at most two lines naming the subset (shortened with an ellipsis)."""
    size = len(qids)
    if all_qids and set(qids) == set(all_qids):
        return translate_plural("widgets.histograms", QT_TRANSLATE_NOOP("widgets.histograms", "The only quasi-identifier"),
                                QT_TRANSLATE_NOOP("widgets.histograms", "All {0} quasi-identifiers"), size).format(size)
    lines = textwrap.wrap(
        translate("widgets.histograms", "{0}: {1}").format(
            translate_plural("widgets.histograms", QT_TRANSLATE_NOOP("widgets.histograms", "{0} quasi-identifier"),
                             QT_TRANSLATE_NOOP("widgets.histograms", "{0} quasi-identifiers"), size).format(size),
            qid_text(qids)
        ),
        width,
    )
    if len(lines) > 2:
        lines = lines[:2]
        lines[1] = lines[1][: width - 1].rstrip(" +") + "…"
    return "\n".join(lines)


class HistogramGrid(PlotCanvas):
    """Small multiples, one histogram per chosen subset size; hover shows a bar's count."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent, width=9.0, height=4.6)
        self.histograms: list[RiskHistogram] = []
        self.bars: dict[object, tuple[RiskHistogram, object]] = {}
        self.show_histograms([])

    def show_histograms(self, histograms: Sequence[RiskHistogram], risk_word: str = "risk",
                        log: bool = False, all_qids: tuple[str, ...] = ()) -> None:
        self.reset()
        self.histograms = list(histograms)
        self.bars = {}
        if not self.histograms:
            self.show_empty(translate("widgets.histograms", "No histogram to show: run the attacks, then tick a size."))
            return
        n = len(self.histograms)
        ncols = 2 if n in (2, 4) else min(3, n)
        nrows = math.ceil(n / ncols)
        for i, h in enumerate(self.histograms):
            ax = self.figure.add_subplot(nrows, ncols, i + 1)
            edges = np.asarray(h.edges)
            bars = ax.bar(edges[:-1], h.counts, width=np.diff(edges), align="edge",
                          color=POINT_COLOR, edgecolor="white", linewidth=0.5)
            ax.axvline(h.mean, color=PRIOR_COLOR, linestyle="--", linewidth=1.2,
                       label=translate("widgets.histograms", "mean {0}").format(pct(h.mean)))
            ax.set_title(histogram_title(h.qids, all_qids, 60 if ncols == 2 else 44),
                         fontsize=TEXT_SIZE - 0.5)
            if log:
                ax.set_yscale("symlog", linthresh=1)
                ax.set_ylim(0, max(max(h.counts), 1) * 3)
            ax.set_xlim(0, 1)
            ax.set_xlabel(translate("widgets.histograms", "Per-person {0}").format(risk_word), fontsize=TEXT_SIZE - 1)
            ax.set_ylabel(translate("widgets.histograms", "People"), fontsize=TEXT_SIZE - 1)
            ax.tick_params(labelsize=TEXT_SIZE - 1)
            ax.legend(loc="upper center", fontsize=TEXT_SIZE - 1.5, frameon=True)
            ax.grid(True, axis="y", color="#e3e3e3")
            ax.set_axisbelow(True)
            self.bars[ax] = (h, bars)
            self.annotation(ax)
        self.draw_idle()

    def hover_text(self, ax, event):
        entry = self.bars.get(ax)
        if entry is None:
            return None
        h, bars = entry
        for i, bar in enumerate(bars):
            if bar.contains(event)[0]:
                low, high = h.edges[i], h.edges[i + 1]
                return ((low + high) / 2, bar.get_height()), translate(
                    "widgets.histograms", "risk {0}-{1}: {2} people"
                ).format(local_digits(format(low, ".2f")), local_digits(format(high, ".2f")), count(h.counts[i]))
        return None
