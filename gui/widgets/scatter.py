"""Scatter of attack success by QID-subset size, one dot per subset, with the prior line
(deterministic and probabilistic panels; docs/methods.md, "QID-subset sweep")."""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np
from PySide6.QtCore import Signal

from engine.api import InferenceRisk
from engine.api import top_by_size

from ..models.results_models import Row, head_counts
from ..text import count, pct, qid_text
from .canvas import POINT_COLOR, PRIOR_COLOR, SELECT_COLOR, TEXT_SIZE, TOP_COLOR, PlotCanvas
from ..i18n import translate

MEASURES = ("posterior_det", "posterior_prob")


def spread(sizes: np.ndarray, values: np.ndarray, width: float = 0.32) -> np.ndarray:
    """x positions: the size, spread sideways within each size by value (a simple swarm)."""
    x = sizes.astype(float).copy()
    for size in np.unique(sizes):
        members = np.flatnonzero(sizes == size)
        if len(members) > 1:
            order = members[np.argsort(values[members], kind="stable")]
            x[order] = size + np.linspace(-width, width, len(members))
    return x


class SubsetScatter(PlotCanvas):
    """Two panels (deterministic, probabilistic); hover shows the subset, click selects it."""

    subsetSelected = Signal(object)

    def __init__(self, parent=None) -> None:
        super().__init__(parent, width=9.0, height=4.2)
        self.rows: list[Row] = []
        self.collections: dict[str, object] = {}
        self.axes: dict[str, object] = {}
        self.x: dict[str, np.ndarray] = {}
        self.y: dict[str, np.ndarray] = {}
        self.selected: Optional[tuple[str, ...]] = None
        self._markers: list = []
        self.mpl_connect("pick_event", self._on_pick)
        self.show_rows([])

    def show_rows(self, rows: Sequence[Row], heading: str = "") -> None:
        """Plot every subset of ``rows`` (one attack: re-identification or one sensitive)."""
        self.reset()
        self.rows = list(rows)
        self.collections, self.axes, self.x, self.y, self._markers = {}, {}, {}, {}, []
        self.selected = None
        if not self.rows:
            self.show_empty(translate("widgets.scatter", "No results yet: run the attacks."))
            return
        inference = isinstance(self.rows[0], InferenceRisk)
        titles = {"posterior_det": translate("widgets.scatter", "Learned for sure (deterministic)") if inference
                  else translate("widgets.scatter", "Unique: re-identified for sure (deterministic)"),
                  "posterior_prob": translate("widgets.scatter", "Guessed right (probabilistic)") if inference
                  else translate("widgets.scatter", "Re-identified (probabilistic)")}
        priors = {"posterior_det": self.rows[0].prior_det, "posterior_prob": self.rows[0].prior_prob}
        sizes = np.array([len(r.qids) for r in self.rows])
        for i, measure in enumerate(MEASURES):
            ax = self.figure.add_subplot(1, 2, i + 1)
            values = np.array([getattr(r, measure) for r in self.rows], dtype=float)
            x = spread(sizes, values)
            top = {id(row) for row in top_by_size(self.rows, measure)}
            best = np.array([id(row) in top for row in self.rows], dtype=bool)
            colors = np.where(best, TOP_COLOR, POINT_COLOR)
            collection = ax.scatter(x, values * 100.0, s=np.where(best, 34, 16), c=colors,
                                    alpha=0.75, picker=True, pickradius=4, zorder=3, linewidths=0)
            prior = priors[measure] * 100.0
            ax.axhline(prior, color=PRIOR_COLOR, linestyle="--", linewidth=1.3, zorder=2,
                       label=translate("widgets.scatter", "prior {0}").format(pct(priors[measure])))
            ax.set_title(titles[measure], fontsize=TEXT_SIZE + 1)
            ax.set_xlabel(
                translate("widgets.scatter", "Number of quasi-identifiers the attacker knows"), fontsize=TEXT_SIZE
            )
            ax.set_ylabel(translate("widgets.scatter", "Success (% of people)"), fontsize=TEXT_SIZE)
            ax.set_xticks(sorted(set(sizes.tolist())))
            ax.tick_params(labelsize=TEXT_SIZE)
            low = min(values.min() * 100.0, prior)
            high = max(values.max() * 100.0, prior)
            pad = max((high - low) * 0.08, 0.5)
            ax.set_ylim(max(low - pad, -1.0), min(high + pad, 101.0))
            ax.grid(True, axis="y", color="#e3e3e3", zorder=0)
            ax.legend(loc="lower right" if values.mean() * 100 > prior else "upper right",
                      fontsize=TEXT_SIZE - 1, frameon=True)
            self.collections[measure], self.axes[measure] = collection, ax
            self.x[measure], self.y[measure] = x, values * 100.0
            self.annotation(ax)
        if heading:
            self.figure.suptitle(heading, fontsize=TEXT_SIZE + 2)
        self.draw_idle()

    def describe(self, index: int, measure: str) -> str:
        r = self.rows[index]
        det_n, prob_n = head_counts(r)
        people = det_n if measure == "posterior_det" else prob_n
        return translate("widgets.scatter", "{0}\n{1} ({2} people)").format(
            qid_text(r.qids), pct(getattr(r, measure)), count(people)
        )

    def hover_text(self, ax, event):
        for measure, axis in self.axes.items():
            if axis is ax:
                hit, info = self.collections[measure].contains(event)
                if hit and len(info.get("ind", [])):
                    i = int(info["ind"][0])
                    return (self.x[measure][i], self.y[measure][i]), self.describe(i, measure)
        return None

    def _on_pick(self, event) -> None:
        for measure, collection in self.collections.items():
            if event.artist is collection and len(event.ind):
                self.select(self.rows[int(event.ind[0])].qids)
                self.subsetSelected.emit(self.selected)
                return

    def select(self, qids: Optional[tuple[str, ...]]) -> None:
        """Ring the dot of subset ``qids`` in both panels (None clears)."""
        for marker in self._markers:
            marker.remove()
        self._markers = []
        self.selected = qids
        if qids is None:
            self.draw_idle()
            return
        index = next((i for i, r in enumerate(self.rows) if r.qids == tuple(qids)), None)
        if index is None:
            self.draw_idle()
            return
        for measure, ax in self.axes.items():
            (marker,) = ax.plot([self.x[measure][index]], [self.y[measure][index]], "o", ms=12,
                                mfc="none", mec=SELECT_COLOR, mew=2.5, zorder=5)
            self._markers.append(marker)
        self.draw_idle()
