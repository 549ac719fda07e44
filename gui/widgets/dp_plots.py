"""Plots of a differential-privacy release analysis: privacy loss and utility against epsilon,
utility against privacy loss (the trade-off), and the (epsilon, delta) curves of a thresholded
count for a passive and an active attacker. They only draw the engine's numbers."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional, Sequence

import numpy as np
from matplotlib.lines import Line2D
from PySide6.QtCore import QT_TRANSLATE_NOOP

from engine.api import CountingPoint, ThresholdPoint
from engine.api import log_epsilon_axis

from .canvas import PRIOR_COLOR, TEXT_SIZE, TOP_COLOR, PlotCanvas
from ..i18n import current_language, translate, translate_plural
from ..text import Translated, count, local_digits, pct, query_label

# One colour per counting query (colour-blind friendly, Okabe & Ito), one line style per mechanism.
SCENARIO_COLORS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#b8860b")
MECHANISM_STYLES = {"oblivious": "-", "local": "--"}
MECHANISM_WORDS = Translated(
    "widgets.dp_plots",
    {
        "oblivious": QT_TRANSLATE_NOOP("widgets.dp_plots", "oblivious (central)"),
        "local": QT_TRANSLATE_NOOP("widgets.dp_plots", "local"),
    },
)
ACTIVE_COLOR = PRIOR_COLOR
PASSIVE_COLOR = TOP_COLOR
HOVER_PIXELS = 9.0
LEGEND_ROW_LETTERS = 60  # what a legend row holds below the plots at the page's usual width
MIN_WIDTH = 280          # the noisy-counts page fits its form and these plots side by side at 1024 px


def scenario_color(index: int) -> str:
    return SCENARIO_COLORS[index % len(SCENARIO_COLORS)]


def number(value: float, digits: int = 4) -> str:
    """A value for a label: significant digits, 'n/a' when undefined."""
    if value is None or not math.isfinite(value):
        return pct(None)
    return local_digits(f"{value:.{digits}g}")


def mechanism_word(name: str) -> str:
    """A mechanism's name in the window's language."""
    return MECHANISM_WORDS.get(name, name)


@dataclass
class _Series:
    """The points of one drawn line, in data coordinates, with one hover text per point."""

    ax: object
    x: np.ndarray
    y: np.ndarray
    texts: list[str]


class _HoverCanvas(PlotCanvas):
    """A canvas whose lines answer the mouse: the nearest point within a few pixels."""

    def __init__(self, parent=None, width: float = 8.0, height: float = 4.0) -> None:
        super().__init__(parent, width=width, height=height)
        self.setMinimumWidth(MIN_WIDTH)
        self.series: list[_Series] = []

    def _clear(self) -> None:
        self.reset()
        self.series = []

    def _empty(self, message: str) -> None:
        self._clear()
        self.show_empty(message)

    def _register(self, ax, x: Sequence[float], y: Sequence[float], texts: list[str]) -> None:
        self.series.append(_Series(ax, np.asarray(x, dtype=float), np.asarray(y, dtype=float), texts))
        self.annotation(ax)

    def nearest(self, ax, px: float, py: float) -> Optional[tuple[tuple[float, float], str]]:
        """The point of ``ax`` nearest to the pixel (px, py), when within a few pixels."""
        best, best_distance = None, HOVER_PIXELS
        for series in self.series:
            if series.ax is not ax:
                continue
            shown = np.isfinite(series.x) & np.isfinite(series.y)
            if ax.get_yscale() == "log":
                shown &= series.y > 0
            if not shown.any():
                continue
            index = np.flatnonzero(shown)
            pixels = ax.transData.transform(np.column_stack([series.x[index], series.y[index]]))
            distance = np.hypot(pixels[:, 0] - px, pixels[:, 1] - py)
            i = int(np.argmin(distance))
            if distance[i] <= best_distance:
                best_distance = float(distance[i])
                j = int(index[i])
                best = ((float(series.x[j]), float(series.y[j])), series.texts[j])
        return best

    def hover_text(self, ax, event):
        return self.nearest(ax, event.x, event.y)


def _series_by_scenario(
    points: Sequence[CountingPoint],
) -> tuple[list[str], dict[tuple[str, str], list[CountingPoint]]]:
    scenarios: list[str] = []  # the engine's labels, the series' keys
    series: dict[tuple[str, str], list[CountingPoint]] = {}
    for point in points:
        if point.scenario not in scenarios:
            scenarios.append(point.scenario)
        series.setdefault((point.scenario, point.mechanism), []).append(point)
    for members in series.values():
        members.sort(key=lambda p: p.epsilon)
    return scenarios, series


def point_text(point: CountingPoint) -> str:
    """The hover text of one counting point."""
    return translate(
        "widgets.dp_plots",
        "{scenario}\n{mechanism}, ε = {epsilon}\nprivacy loss ×{loss} ({prior}% → {posterior}%)\n"
        "utility {utility} (count prior {count_prior})",
    ).format(
        scenario=query_label(point.sensitive, point.useful, point.predicate),
        mechanism=mechanism_word(point.mechanism),
        epsilon=number(point.epsilon),
        loss=number(point.privacy_loss),
        prior=number(100 * point.prior_vulnerability, 3),
        posterior=number(100 * point.posterior_vulnerability, 3),
        utility=number(point.utility),
        count_prior=number(point.count_prior_vulnerability),
    )


def loss_limits(values: Sequence[float]) -> tuple[float, float]:
    """Axis limits for privacy losses: always include 1 (nothing learnt) and never zoom into
    rounding noise (a range narrower than 0.01 is widened)."""
    finite = [v for v in values if v is not None and math.isfinite(v)]
    low, high = min(finite + [1.0]), max(finite + [1.0])
    pad = max(0.06 * (high - low), 0.005)
    return low - pad, high + pad


def _plain_numbers(ax, axis: str = "y") -> None:
    """No '1e-13+1' offset labels: show the values themselves."""
    ax.ticklabel_format(axis=axis, useOffset=False, style="plain")


def _legend(figure, points: Sequence[CountingPoint], scenarios: list[str], mechanisms: list[str]) -> None:
    first = {p.scenario: p for p in reversed(points)}
    labels = [query_label(first[s].sensitive, first[s].useful, first[s].predicate) for s in scenarios]
    handles = [Line2D([], [], color=scenario_color(i), lw=2.2, label=label) for i, label in enumerate(labels)]
    handles += [Line2D([], [], color="#555555", lw=1.6, ls=MECHANISM_STYLES.get(m, ":"),
                       label=MECHANISM_WORDS.get(m, m)) for m in mechanisms]
    columns = 2 if len(handles) > 3 else len(handles)
    widest = sorted(len(handle.get_label()) for handle in handles)
    while columns > 1 and sum(widest[-columns:]) > LEGEND_ROW_LETTERS:  # longer (translated) labels: fewer columns
        columns -= 1
    figure.legend(handles=handles, loc="outside lower center", fontsize=TEXT_SIZE - 0.5, ncol=columns, frameon=False)


class CountingCurves(_HoverCanvas):
    """Two panels over a log epsilon axis: privacy loss (left) and utility (right)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent, width=9.0, height=4.4)
        self.axes: dict[str, object] = {}
        self.show_points([])

    def show_points(self, points: Sequence[CountingPoint]) -> None:
        if not points:
            self.axes = {}
            self._empty(translate("widgets.dp_plots", "No counting-query results yet: add a query and press Run."))
            return
        self._clear()
        scenarios, series = _series_by_scenario(points)
        mechanisms = list(dict.fromkeys(p.mechanism for p in points))
        loss_ax = self.figure.add_subplot(1, 2, 1)
        utility_ax = self.figure.add_subplot(1, 2, 2)
        self.axes = {"privacy_loss": loss_ax, "utility": utility_ax}
        for (scenario, mechanism), members in series.items():
            color = scenario_color(scenarios.index(scenario))
            style = MECHANISM_STYLES.get(mechanism, ":")
            eps = [p.epsilon for p in members]
            texts = [point_text(p) for p in members]
            for measure, ax in self.axes.items():
                values = [getattr(p, measure) for p in members]
                ax.plot(eps, values, color=color, ls=style, lw=1.8, marker="o", ms=3.2)
                self._register(ax, eps, values, texts)
        loss_ax.axhline(1.0, color="#888888", lw=0.9, ls=":", zorder=1)
        loss_ax.set_title(translate("widgets.dp_plots", "Privacy loss"), fontsize=TEXT_SIZE + 1)
        loss_ax.set_ylabel(translate("widgets.dp_plots", "× prior chance of guessing the secret"), fontsize=TEXT_SIZE)
        loss_ax.set_ylim(*loss_limits([p.privacy_loss for p in points]))
        _plain_numbers(loss_ax)
        utility_ax.set_title(translate("widgets.dp_plots", "Utility"), fontsize=TEXT_SIZE + 1)
        utility_ax.set_ylabel(translate("widgets.dp_plots", "chance the real count is guessed"), fontsize=TEXT_SIZE)
        utility_ax.set_ylim(-0.02, 1.02)
        for ax in self.axes.values():
            log_epsilon_axis(ax, current_language())
            ax.set_xlabel(translate("widgets.dp_plots", "ε (log scale)"), fontsize=TEXT_SIZE)
            ax.tick_params(labelsize=TEXT_SIZE)
            ax.grid(True, which="major", color="#e3e3e3")
        _legend(self.figure, points, scenarios, mechanisms)
        self.draw_idle()


class TradeoffPlot(_HoverCanvas):
    """Utility against privacy loss: one line per (query, mechanism), a dot per epsilon."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent, width=8.0, height=4.4)
        self.ax = None
        self.show_points([])

    def show_points(self, points: Sequence[CountingPoint]) -> None:
        if not points:
            self.ax = None
            self._empty(translate("widgets.dp_plots", "No counting-query results yet: add a query and press Run."))
            return
        self._clear()
        scenarios, series = _series_by_scenario(points)
        mechanisms = list(dict.fromkeys(p.mechanism for p in points))
        ax = self.figure.add_subplot(1, 1, 1)
        self.ax = ax
        for (scenario, mechanism), members in series.items():
            loss = [p.privacy_loss for p in members]
            utility = [p.utility for p in members]
            ax.plot(loss, utility, color=scenario_color(scenarios.index(scenario)),
                    ls=MECHANISM_STYLES.get(mechanism, ":"), lw=1.6, marker="o", ms=3.5)
            self._register(ax, loss, utility, [point_text(p) for p in members])
        ax.axvline(1.0, color="#888888", lw=0.9, ls=":", zorder=1)
        ax.set_title(
            translate("widgets.dp_plots", "Utility against privacy loss (ε grows along each line)"),
            fontsize=TEXT_SIZE + 1,
        )
        ax.set_xlabel(
            translate("widgets.dp_plots", "privacy loss (× prior chance of guessing the secret; 1 = nothing learnt)"),
            fontsize=TEXT_SIZE,
        )
        ax.set_ylabel(translate("widgets.dp_plots", "utility (chance the real count is guessed)"), fontsize=TEXT_SIZE)
        ax.set_xlim(*loss_limits([p.privacy_loss for p in points]))
        _plain_numbers(ax, "both")
        ax.tick_params(labelsize=TEXT_SIZE)
        ax.grid(True, color="#e3e3e3")
        _legend(self.figure, points, scenarios, mechanisms)
        self.draw_idle()


def positive(values: Sequence[float]) -> tuple[np.ndarray, int]:
    """Values for a log axis (zero/undefined -> NaN, not drawn) and how many were dropped."""
    array = np.asarray(values, dtype=float)
    bad = ~(np.isfinite(array) & (array > 0))
    return np.where(bad, np.nan, array), int(bad.sum())


class ThresholdPlot(_HoverCanvas):
    """delta against epsilon of the active (APKDP) and passive (PPKDP) attacker, log axes."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent, width=8.0, height=4.0)
        self.ax = None
        self.show_points([])

    def show_points(self, points: Sequence[ThresholdPoint]) -> None:
        if not points:
            self.ax = None
            self._empty(
                translate(
                    "widgets.dp_plots",
                    'No thresholded-count results yet: tick "Include the thresholded count" and press Run.',
                )
            )
            return
        self._clear()
        points = sorted(points, key=lambda p: p.epsilon)
        eps = [p.epsilon for p in points]
        ax = self.figure.add_subplot(1, 1, 1)
        self.ax = ax
        texts = [
            translate(
                "widgets.dp_plots",
                "ε = {epsilon}\nactive δ = {active} (worst case: {worst} known yes-votes)\n" "passive δ = {passive}",
            ).format(
                epsilon=number(p.epsilon),
                active=number(p.delta_active, 3),
                worst=count(p.worst_known_yes),
                passive=number(p.delta_passive, 3),
            )
            for p in points
        ]
        dropped = 0
        for attribute, color, label in (
            ("delta_active", ACTIVE_COLOR, translate("widgets.dp_plots", "active attacker (APKDP: worst known votes)")),
            (
                "delta_passive",
                PASSIVE_COLOR,
                translate("widgets.dp_plots", "passive attacker (PPKDP: average over known votes)"),
            ),
        ):
            values, zeros = positive([getattr(p, attribute) for p in points])
            dropped += zeros
            ax.plot(eps, values, color=color, lw=2.0, marker="o", ms=3.5, label=label)
            self._register(ax, eps, values, texts)
        log_epsilon_axis(ax, current_language())
        drawn = positive([p.delta_active for p in points] + [p.delta_passive for p in points])[0]
        if np.isfinite(drawn).any():
            ax.set_yscale("log")
            ax.set_ylim(top=min(2.0, 10 * np.nanmax(drawn)))  # delta is a probability: never above 1
        ax.set_title(
            translate("widgets.dp_plots", "δ of the (ε, δ) guarantee for the target's vote"), fontsize=TEXT_SIZE + 1
        )
        ax.set_xlabel(translate("widgets.dp_plots", "ε (log scale)"), fontsize=TEXT_SIZE)
        ax.set_ylabel(translate("widgets.dp_plots", "δ (log scale)"), fontsize=TEXT_SIZE)
        ax.tick_params(labelsize=TEXT_SIZE)
        ax.grid(True, which="major", color="#e3e3e3")
        ax.legend(fontsize=TEXT_SIZE - 0.5, loc="center right")
        if dropped:
            ax.text(
                0.01,
                0.01,
                translate_plural(
                    "widgets.dp_plots",
                    QT_TRANSLATE_NOOP("widgets.dp_plots", "{dropped} point with δ = 0 is not drawn (log axis)"),
                    QT_TRANSLATE_NOOP("widgets.dp_plots", "{dropped} points with δ = 0 are not drawn (log axis)"),
                    dropped).format(dropped=dropped),
                fontsize=TEXT_SIZE - 1,
                color="#555555",
                transform=ax.transAxes,
                va="bottom",
            )
        self.draw_idle()
