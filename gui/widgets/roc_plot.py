"""ROC curves of the membership attacks on a synthetic file: true-positive rate against
false-positive rate, on a linear panel and on a panel with a logarithmic FPR axis (where the
low-FPR region that matters for a confident attacker is visible). The diagonal is guessing."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional, Sequence

import numpy as np

from .canvas import PRIOR_COLOR, TEXT_SIZE, PlotCanvas
from ..i18n import translate
from ..text import local_digits

COLORS = ("#24446e", "#e07b1a", "#2e8b57", "#8e44ad", "#b03a2e", "#4a78b5")
HOVER_PIXELS = 8.0
MIN_LOG_FPR = 1e-4
MIN_HEIGHT = 230   # the results' table, these curves and their hint fit a 1280x800 window without scrolling


@dataclass(frozen=True)
class Curve:
    """One attack's curve as drawn: its label, the points, and its AUC (None: unknown)."""

    label: str
    fpr: tuple[float, ...]
    tpr: tuple[float, ...]
    auc: Optional[float] = None


def log_floor(curves: Sequence[Curve]) -> float:
    """The left end of the log-FPR axis: the power of ten at or below the smallest positive
    FPR of any curve, no lower than 1e-4 and no higher than 1e-3 (the TPR-at-0.1%-FPR point)."""
    positive = [f for c in curves for f in c.fpr if f > 0]
    if not positive:
        return 1e-3
    floor = 10.0 ** math.floor(math.log10(min(positive)))
    return min(1e-3, max(MIN_LOG_FPR, floor))


def log_segments(fpr: np.ndarray, tpr: np.ndarray, floor: float, steps: int = 120
                 ) -> tuple[np.ndarray, np.ndarray]:
    """The curve's straight segments as seen on a log-FPR axis from ``floor`` to 1.

    A segment between two ROC points (tied scores, or a threshold between them) is straight on
    a linear axis and bends on a log axis: it is sampled at ``steps`` log-spaced FPRs (the TPR
    interpolated linearly), and the curve's own points are kept, so vertical steps stay vertical.
    """
    grid = np.logspace(math.log10(floor), 0.0, steps)
    order = np.argsort(fpr, kind="stable")
    x, y = fpr[order], tpr[order]
    sampled = np.interp(grid, x, y)
    keep = x >= floor
    xs = np.concatenate([x[keep], grid])
    ys = np.concatenate([y[keep], sampled])
    ranked = np.lexsort((ys, xs))
    return xs[ranked], ys[ranked]


class RocPlot(PlotCanvas):
    """Two panels (linear FPR, log FPR); hovering a curve shows the attack and the point."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent, width=9.0, height=3.8)
        self.setMinimumHeight(MIN_HEIGHT)
        self.curves: list[Curve] = []
        self.axes: dict[str, object] = {}
        self._points: dict[object, list[tuple[Curve, np.ndarray, np.ndarray]]] = {}
        self.show_curves([])

    def show_curves(self, curves: Sequence[Curve], empty_text: str = "") -> None:
        """Draw ``curves``; with none, an explanatory text (``empty_text``) instead."""
        self.reset()
        self.curves = list(curves)
        self.axes, self._points = {}, {}
        if not self.curves:
            self.show_empty(
                empty_text or translate("widgets.roc_plot", "No membership attack was run: no ROC curve to show.")
            )
            return
        floor = log_floor(self.curves)
        for index, (name, log) in enumerate((("linear", False), ("log", True))):
            ax = self.figure.add_subplot(1, 2, index + 1)
            if log:
                ax.set_xscale("log")
                grid = np.logspace(math.log10(floor), 0, 60)
                ax.plot(
                    grid,
                    grid,
                    linestyle="--",
                    color=PRIOR_COLOR,
                    linewidth=1.1,
                    label=translate("widgets.roc_plot", "guessing"),
                )
                ax.set_xlim(floor, 1.0)
                ax.set_title(
                    translate("widgets.roc_plot", "Low false-positive rates (log scale)"), fontsize=TEXT_SIZE + 1
                )
            else:
                ax.plot(
                    [0, 1],
                    [0, 1],
                    linestyle="--",
                    color=PRIOR_COLOR,
                    linewidth=1.1,
                    label=translate("widgets.roc_plot", "guessing"),
                )
                ax.set_xlim(0.0, 1.0)
                ax.set_title(translate("widgets.roc_plot", "ROC of the membership attacks"), fontsize=TEXT_SIZE + 1)
            self._points[ax] = []
            for number, curve in enumerate(self.curves):
                fpr = np.asarray(curve.fpr, dtype=float)
                tpr = np.asarray(curve.tpr, dtype=float)
                drawn_x, drawn_y = log_segments(fpr, tpr, floor) if log else (fpr, tpr)
                if log:
                    keep = fpr > 0  # FPR 0 has no place on a log axis
                    fpr, tpr = fpr[keep], tpr[keep]
                label = (
                    curve.label
                    if curve.auc is None
                    else translate("widgets.roc_plot", "{0} (AUC {1})").format(
                        curve.label, local_digits(format(curve.auc, ".3f"))
                    )
                )
                ax.plot(drawn_x, drawn_y, color=COLORS[number % len(COLORS)], linewidth=1.6,
                        label=label if not log else None, zorder=3)
                self._points[ax].append((curve, fpr, tpr))
            ax.set_ylim(0.0, 1.0)
            ax.set_xlabel(
                translate("widgets.roc_plot", "False-positive rate (non-members flagged)"), fontsize=TEXT_SIZE
            )
            ax.set_ylabel(translate("widgets.roc_plot", "True-positive rate (members flagged)"), fontsize=TEXT_SIZE)
            ax.tick_params(labelsize=TEXT_SIZE)
            ax.grid(True, color="#e3e3e3", zorder=0)
            self.axes[name] = ax
            self.annotation(ax)
        # one legend under both panels, clear of the curves (inside a small panel it covered them)
        handles, labels = self.axes["linear"].get_legend_handles_labels()
        self.figure.legend(handles, labels, loc="outside lower center", ncol=min(len(handles), 3),
                           fontsize=TEXT_SIZE - 1, frameon=False)
        self.draw_idle()

    def nearest(self, ax, x_pixel: float, y_pixel: float) -> Optional[tuple[Curve, float, float]]:
        """The curve point of ``ax`` nearest to the display position, within a few pixels."""
        best: Optional[tuple[float, Curve, float, float]] = None
        for curve, fpr, tpr in self._points.get(ax, ()):
            if not len(fpr):
                continue
            shown = ax.transData.transform(np.column_stack([fpr, tpr]))
            distance = np.hypot(shown[:, 0] - x_pixel, shown[:, 1] - y_pixel)
            distance[~np.isfinite(distance)] = np.inf
            i = int(np.argmin(distance))
            if distance[i] <= HOVER_PIXELS and (best is None or distance[i] < best[0]):
                best = (float(distance[i]), curve, float(fpr[i]), float(tpr[i]))
        return None if best is None else best[1:]

    def hover_text(self, ax, event):
        hit = self.nearest(ax, event.x, event.y)
        if hit is None:
            return None
        curve, fpr, tpr = hit
        return (fpr, tpr), translate("widgets.roc_plot", "{0}\nFPR {1}, TPR {2}").format(
            curve.label, _rate(fpr), _rate(tpr)
        )


def _rate(value: float) -> str:
    share = 100.0 * value
    return local_digits(f"{share:.2g}%" if 0 < share < 1 else f"{share:.1f}%")
