"""matplotlib figures of the report (thesis sec. 4.2), embedded in the PDF as vector drawings.

Figures are drawn with the object-oriented API (never pyplot), written as SVG with a fixed
hash salt (identical bytes on every machine) and text as text in the bundled DejaVu Sans,
and converted by svglib into reportlab drawings.
"""

from __future__ import annotations

import io
from typing import Optional, Sequence

import matplotlib
from matplotlib.figure import Figure
from reportlab.graphics.shapes import Drawing
from svglib.fonts import register_font
from svglib.svglib import svg2rlg

from ..foundation.i18n import _, ngettext
from ..outcome.results import RiskHistogram
from ..foundation.locale_format import localize, number, percent
from .ticks import localize_ticks, log_epsilon_axis

RC = {"svg.fonttype": "none", "svg.hashsalt": "riskreview", "font.family": "DejaVu Sans",
      "font.size": 8, "axes.titlesize": 8, "axes.labelsize": 8}
DOT = "#1f5f99"
PRIOR = "#c0392b"
RASTER_ABOVE = 300  # dots drawn as one embedded 300-dpi image beyond this many subsets


def map_fonts(regular: str, bold: str) -> None:
    """Let svglib draw matplotlib's "DejaVu Sans" text with the reportlab fonts registered
    under ``regular`` and ``bold``."""
    for weight, name in (("normal", regular), ("bold", bold)):
        register_font("DejaVu Sans", weight=weight, rlgFontName=name)


def to_drawing(figure: Figure, width: float) -> Drawing:
    """Render ``figure`` as a reportlab Drawing scaled to ``width`` points (tick labels in the
    report's language)."""
    localize_ticks(figure)
    buffer = io.BytesIO()
    with matplotlib.rc_context(RC):
        figure.savefig(buffer, format="svg", dpi=300, metadata={"Date": None, "Creator": None})
    buffer.seek(0)
    drawing = svg2rlg(buffer)
    scale = width / drawing.width
    drawing.scale(scale, scale)
    drawing.width, drawing.height = width, drawing.height * scale
    return drawing


def _jitter(i: int) -> float:
    return ((i * 7919) % 11 - 5) * 0.03


def scatter_by_size(sizes: Sequence[int], det: Sequence[float], prob: Sequence[float],
                    prior_det: float, prior_prob: float, title: str) -> Figure:
    """One dot per subset: x = subset size, y = success; dashed line = prior."""
    with matplotlib.rc_context(RC):
        figure = Figure(figsize=(7.0, 2.6))
        axes = figure.subplots(1, 2, sharey=True)
        for ax, values, prior, label in ((axes[0], det, prior_det, _("deterministic")),
                                         (axes[1], prob, prior_prob, _("probabilistic"))):
            xs = [s + _jitter(i) for i, s in enumerate(sizes)]
            ax.scatter(xs, [100 * v for v in values], s=6, color=DOT, alpha=0.55, linewidths=0,
                       rasterized=len(xs) > RASTER_ABOVE)
            ax.axhline(100 * prior, color=PRIOR, linestyle="--", linewidth=1,
                       label=_("prior {share}").format(share=number(100 * prior, ".3g") + "%"))
            ax.set_title(f"{title}: {label}")
            ax.set_xlabel(_("number of QIDs known"))
            ax.set_xticks(sorted(set(sizes)))
            ax.set_ylim(-2, 102)
            ax.grid(axis="y", alpha=0.3)
            ax.legend(loc="best", frameon=False)   # clear of the dots where there is room
        axes[0].set_ylabel(_("success (% of records)"))
        figure.subplots_adjust(left=0.08, right=0.98, bottom=0.17, top=0.9, wspace=0.08)
    return figure


def histogram_grid(histograms: Sequence[RiskHistogram], title: str) -> Figure:
    """Worst-case histograms: records by per-record risk, one panel per subset size (log scale)."""
    count = len(histograms)
    with matplotlib.rc_context(RC):
        figure = Figure(figsize=(7.0, 2.1))
        axes = figure.subplots(1, count, squeeze=False, sharey=True)[0]
        for index, (ax, h) in enumerate(zip(axes, histograms)):
            widths = [b - a for a, b in zip(h.edges[:-1], h.edges[1:])]
            ax.bar(h.edges[:-1], h.counts, width=widths, align="edge", color=DOT,
                   edgecolor="white", linewidth=0.3)
            ax.set_yscale("log")
            ax.set_ylim(0.7, max(max(x.counts) for x in histograms) * 2)
            ax.set_xlim(0, 1)
            ax.set_xticks([0, 0.5, 1], ["0", localize("0.5"), "1"])
            ticks = ax.get_xticklabels()   # 0 and 1 inside the panel: apart from the neighbours' 1 and 0
            ticks[0].set_horizontalalignment("left")
            ticks[-1].set_horizontalalignment("right")
            ax.set_title(ngettext("{count} QID (mean {mean})", "{count} QIDs (mean {mean})", len(h.qids)).format(
                count=len(h.qids), mean=percent(h.mean)))
            ax.set_xlabel(_("risk per record"))
            if index == 0:
                ax.set_ylabel(_("records"))
        figure.suptitle(title, fontsize=9)
        figure.subplots_adjust(left=0.08, right=0.98, bottom=0.22, top=0.78, wspace=0.12)
    return figure


def over_time_bars(labels: Sequence[str], series: dict[str, Sequence[float]], title: str) -> Figure:
    """Grouped bars: success with the focal release alone, then each later release added."""
    with matplotlib.rc_context(RC):
        figure = Figure(figsize=(7.0, 3.1))
        ax = figure.subplots()
        width = 0.8 / max(len(series), 1)
        palette = ["#1f5f99", "#7fb3e0", "#c0392b", "#e6a09a", "#2e7d32", "#a5d6a7"]
        for index, (name, values) in enumerate(series.items()):
            xs = [i + (index - (len(series) - 1) / 2) * width for i in range(len(labels))]
            bars = ax.bar(xs, [100 * v for v in values], width=width * 0.95, label=name,
                          color=palette[index % len(palette)])
            ax.bar_label(bars, labels=[number(100 * v, ".1f") for v in values], fontsize=6, padding=1)
        ax.set_xticks(range(len(labels)), [_("up to {release}").format(release=label) for label in labels])
        ax.set_ylabel(_("success (% of records)"))
        ax.set_ylim(0, 110)
        ax.set_title(title)
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.1), frameon=False, fontsize=7,
                  ncols=min(len(series), 2))   # below the bars: their value labels reach the top
        ax.grid(axis="y", alpha=0.3)
        figure.subplots_adjust(left=0.09, right=0.98, bottom=0.3, top=0.91)
    return figure


PALETTE = ["#1f5f99", "#c0392b", "#2e7d32", "#8e44ad", "#d35400", "#16a085", "#7f8c8d"]


def roc_curves(curves: Sequence[tuple[str, Sequence[float], Sequence[float]]], title: str) -> Figure:
    """ROC curves (label, false-positive rates, true-positive rates) on linear and log FPR axes;
    the diagonal is an attacker who guesses."""
    with matplotlib.rc_context(RC):
        figure = Figure(figsize=(7.0, 2.9))
        axes = figure.subplots(1, 2)
        for ax, log in ((axes[0], False), (axes[1], True)):
            for index, (label, fpr, tpr) in enumerate(curves):
                ax.plot(fpr, tpr, color=PALETTE[index % len(PALETTE)], linewidth=1.2, label=label)
            if log:
                ax.set_xscale("log")
                ax.set_xlim(1e-3, 1)
                ax.set_ylim(1e-3, 1.02)
                ax.set_yscale("log")
                grid = [1e-3, 1e-2, 1e-1, 1]
                ax.plot(grid, grid, color="grey", linestyle=":", linewidth=0.8)
                ax.set_title(_("log scale (low false-positive rates)"))
            else:
                ax.plot([0, 1], [0, 1], color="grey", linestyle=":", linewidth=0.8, label=_("random guess"))
                ax.set_xlim(0, 1)
                ax.set_ylim(0, 1.02)
                ax.set_title(title)
                ax.legend(loc="lower right", frameon=False, fontsize=6.5)
            ax.set_xlabel(_("false-positive rate"))
            ax.set_ylabel(_("true-positive rate"))
            ax.grid(alpha=0.3)
        figure.subplots_adjust(left=0.08, right=0.98, bottom=0.16, top=0.9, wspace=0.28)
    return figure


def rate_bars(labels: Sequence[str], main: Sequence[float], control: Sequence[Optional[float]],
              baseline: Sequence[Optional[float]], title: str) -> Figure:
    """Success of each attack on the real records next to its success on control records (and
    the baseline a guess reaches)."""
    with matplotlib.rc_context(RC):
        figure = Figure(figsize=(7.0, 2.5))
        ax = figure.subplots()
        xs = range(len(labels))
        ax.bar([x - 0.2 for x in xs], [100 * v for v in main], width=0.38, color=PALETTE[0],
               label=_("real records (members)"))
        ax.bar([x + 0.2 for x in xs], [100 * (v or 0) for v in control], width=0.38, color="#7fb3e0",
               label=_("control records"))
        for x, b in zip(xs, baseline):
            if b is not None:
                ax.plot([x - 0.42, x + 0.42], [100 * b] * 2, color=PRIOR, linestyle="--", linewidth=1)
        ax.plot([], [], color=PRIOR, linestyle="--", linewidth=1, label=_("baseline (guess)"))
        ax.set_xticks(list(xs), labels)
        ax.set_ylabel(_("success (%)"))
        ax.set_ylim(0, 105)
        ax.set_title(title)
        figure.legend(loc="lower center", frameon=False, fontsize=6.5, ncols=3)
        ax.grid(axis="y", alpha=0.3)
        figure.subplots_adjust(left=0.08, right=0.98, bottom=0.22, top=0.9)
    return figure


def tradeoff(series: Sequence[tuple[str, Sequence[float], Sequence[float], Sequence[float]]]) -> Figure:
    """Privacy loss and utility against epsilon (log axis), one line per (scenario, mechanism):
    (label, epsilons, privacy losses, utilities); and utility against privacy loss."""
    with matplotlib.rc_context(RC):
        figure = Figure(figsize=(7.0, 2.8))
        axes = figure.subplots(1, 3)
        for index, (label, eps, loss, utility) in enumerate(series):
            colour = PALETTE[(index // 2) % len(PALETTE)]
            style = "-" if index % 2 == 0 else "--"
            axes[0].plot(eps, loss, style, color=colour, linewidth=1.2, label=label)
            axes[1].plot(eps, utility, style, color=colour, linewidth=1.2)
            axes[2].plot(loss, utility, style, color=colour, linewidth=1.2, marker=".", markersize=3)
        for ax, ylabel, title in ((axes[0], _("privacy loss (x prior)"), _("Privacy loss")),
                                  (axes[1], _("utility (posterior vuln.)"), _("Utility"))):
            log_epsilon_axis(ax)
            ax.set_xlabel("epsilon")
            ax.set_ylabel(ylabel)
            ax.set_title(title)
            ax.grid(alpha=0.3)
        axes[2].set_xlabel(_("privacy loss (x prior)"))
        axes[2].set_ylabel(_("utility"))
        axes[2].set_title(_("Trade-off"))
        axes[2].grid(alpha=0.3)
        figure.legend(loc="lower center", ncols=min(len(series), 4), frameon=False, fontsize=6.5)
        figure.subplots_adjust(left=0.085, right=0.975, bottom=0.32, top=0.9, wspace=0.45)
    return figure


def delta_curves(series: Sequence[tuple[str, Sequence[float], Sequence[float], Sequence[float]]]) -> Figure:
    """(epsilon, delta) curves of a thresholded count for the active and the passive attacker:
    (label, epsilons, active deltas, passive deltas); delta on a log axis down to the smallest
    positive delta (a delta of 0 is drawn at the bottom edge)."""
    positive = [d for _, _, active, passive in series for d in list(active) + list(passive) if d > 0]
    floor = max(min(positive) / 10, 1e-300) if positive else 1e-12
    with matplotlib.rc_context(RC):
        figure = Figure(figsize=(7.0, 2.8))
        ax = figure.subplots()
        for index, (label, eps, active, passive) in enumerate(series):
            prefix = f"{label}: " if label else ""
            ax.plot(eps, [max(d, floor) for d in active], "-", color=PALETTE[(2 * index) % len(PALETTE)],
                    linewidth=1.3, marker=".", label=prefix + _("active attacker (APKDP)"))
            ax.plot(eps, [max(d, floor) for d in passive], "--", color=PALETTE[(2 * index + 1) % len(PALETTE)],
                    linewidth=1.3, marker=".",
                    label=prefix + _("passive attacker (PPKDP)"))
        ax.set_yscale("log")
        ax.set_ylim(floor, 2)
        ax.set_xlabel("epsilon")
        ax.set_ylabel("delta")
        ax.set_title(_("Thresholded count: delta against epsilon"))
        ax.grid(alpha=0.3)
        figure.legend(loc="lower center", ncols=2, frameon=False, fontsize=7)
        figure.subplots_adjust(left=0.09, right=0.98, bottom=0.26, top=0.9)
    return figure
