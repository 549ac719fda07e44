"""Figures of the sample-file measures, drawn onto given matplotlib axes so that the report
(:func:`risk_figure`, :func:`suda_figure`) and the window draw the same pictures.

Reads :class:`~engine.outcome.sample_results.SampleRisk` parts; nothing here computes risk.
"""

from __future__ import annotations

import math
from typing import Sequence

import matplotlib
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter

from ..foundation.i18n import _
from ..outcome.sample_results import RiskBins, SudaContribution
from .figures import DOT, PRIOR, RC
from ..foundation.locale_format import integer, localize, number

THRESHOLD_COLOURS = ("#e67e22", "#c0392b", "#8e44ad", "#2c3e50", "#16a085")


def _risk_text(value: float, _position=None) -> str:
    """Tick labels of a log risk axis: 0.0001, 0.001, ..., 1 (no scientific notation; decimal
    sign of the report's language)."""
    return localize(f"{value:.6f}".rstrip("0").rstrip(".") if value < 1 else f"{value:g}")


def plotted_edges(bins: RiskBins) -> list[float]:
    """The bin edges on a log axis: a lower edge of 0 is drawn a decade below the next edge."""
    edges = list(bins.edges)
    if edges and edges[0] <= 0:
        edges[0] = (edges[1] if len(edges) > 1 and edges[1] > 0 else 1e-6) / 10
    return edges


def _left_edge(edges: Sequence[float], counts: Sequence[int], thresholds: Sequence[float]) -> float:
    """The risk axis starts at the first bin holding records (or below the smallest threshold),
    so that empty decades of tiny risks do not squeeze the bars."""
    filled = min((edges[i] for i, c in enumerate(counts) if c > 0), default=edges[0])
    lowest = min((x for x in thresholds if x > 0), default=float("inf"))
    return max([e for e in edges[:-1] if e <= filled and e < lowest], default=edges[0])


def draw_risk_bins(ax: Axes, bins: RiskBins, thresholds: Sequence[tuple[float, int]] = (),
                   label: str = "", log_counts: bool = True) -> list:
    """Records by risk on a log risk axis, with a dashed line (and its record count) at each
    threshold; ``label`` names the risk (default: individual risk). Returns the bars (for hover
    labels)."""
    edges = plotted_edges(bins)
    if not edges or not bins.counts:
        ax.set_axis_off()
        ax.text(0.5, 0.5, _("no records"), ha="center", va="center", transform=ax.transAxes)
        return []
    widths = [b - a for a, b in zip(edges[:-1], edges[1:])]
    bars = ax.bar(edges[:-1], bins.counts, width=widths, align="edge", color=DOT, edgecolor="white",
                  linewidth=0.5)
    ax.set_xscale("log")
    ax.set_xlim(_left_edge(edges, bins.counts, [x for x, _ in thresholds]), max(edges[-1], 1.0))
    ax.xaxis.set_major_formatter(FuncFormatter(_risk_text))
    top = max(max(bins.counts), 1)
    if log_counts:
        ax.set_yscale("symlog", linthresh=1)
        ax.set_ylim(0, top * 8)
    else:
        ax.set_ylim(0, top * 1.25)
    for index, (x, count) in enumerate(thresholds):
        colour = THRESHOLD_COLOURS[index % len(THRESHOLD_COLOURS)]
        ax.axvline(x, color=colour, linestyle="--", linewidth=1)
        ax.plot([], [], color=colour, linestyle="--", linewidth=1, label=f"{number(x, 'g')}: {integer(count)}")
    ax.set_xlabel(_("{risk} per record (log scale)").format(risk=label or _("individual risk")))
    ax.set_ylabel(_("records"))
    ax.grid(axis="y", alpha=0.3)
    if thresholds:
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False, fontsize="small",
                  title=_("records above"), title_fontsize="small", alignment="left")
    return list(bars)


def band_label(low: float, high: float) -> str:
    """'0' for the band of records scoring 0, else the band's ends ('0.1–0.2')."""
    if high <= 0:
        return "0"
    return f"{number(low, '.3g')}–{number(high, '.3g')}"


def record_ticks(top: int, most: int = 4) -> list[float]:
    """At most ``most`` ticks of a symlog record axis up to ``top``: 0 and every decade, or every
    second (third, ...) decade when there are more (horizontal labels that never touch)."""
    decades = max(1, math.ceil(math.log10(max(top, 1) * 8)))
    step = math.ceil(decades / (most - 1))
    return [0.0] + [10.0 ** k for k in range(0, decades, step)]


def draw_dis_bands(ax: Axes, bands: Sequence[tuple[float, float, int]]) -> list:
    """Records by DIS-SUDA score band, one horizontal bar per band (log record axis) with its
    record count on the right, lowest scores on top; the first band holds the records that are
    not special uniques (score 0, grey). The bands name themselves (no axis title: the panel's
    title says DIS-SUDA score)."""
    if not bands:
        ax.set_axis_off()
        ax.text(0.5, 0.5, _("no special uniques"), ha="center", va="center", transform=ax.transAxes)
        return []
    counts = [c for _, _, c in bands]
    colours = ["#9aa7b4" if high <= 0 else PRIOR for _, high, _ in bands]
    bars = ax.barh(range(len(bands)), counts, color=colours, height=0.7)
    ax.set_yticks(range(len(bands)), [band_label(lo, hi) for lo, hi, _ in bands])
    ax.invert_yaxis()
    ax.set_xscale("symlog", linthresh=1)
    top = max(max(counts), 1)
    ax.set_xlim(0, top * 2)
    ax.set_xticks(record_ticks(top))
    counts_axis = ax.secondary_yaxis("right")
    counts_axis.set_yticks(range(len(bands)), [integer(c) for c in counts])
    counts_axis.tick_params(length=0)
    ax.set_xlabel(_("records"))
    ax.grid(axis="x", alpha=0.3)
    return list(bars)


def draw_contributions(ax: Axes, contributions: Sequence[SudaContribution]) -> list:
    """Each key variable's share of the total SUDA score, largest on top, the share written on
    the right."""
    ordered = sorted(contributions, key=lambda c: c.share)
    if not ordered:
        ax.set_axis_off()
        return []
    bars = ax.barh(range(len(ordered)), [100 * c.share for c in ordered], color=DOT, height=0.7)
    ax.set_yticks(range(len(ordered)), [c.variable for c in ordered])
    ax.set_xlim(0, max(100 * c.share for c in ordered) * 1.05 or 1)
    shares_axis = ax.secondary_yaxis("right")
    shares_axis.set_yticks(range(len(ordered)), [number(100 * c.share, ".1f") + "%" for c in ordered])
    shares_axis.tick_params(length=0)
    ax.set_xlabel(_("share of the total SUDA score (%)"))
    ax.grid(axis="x", alpha=0.3)
    return list(bars)


def risk_figure(bins: RiskBins, thresholds: Sequence[tuple[float, int]]) -> Figure:
    """The report's individual-risk histogram with the threshold lines."""
    with matplotlib.rc_context(RC):
        figure = Figure(figsize=(7.0, 2.6))
        ax = figure.subplots()
        draw_risk_bins(ax, bins, thresholds)
        ax.set_title(_("Individual risk (Benedetti-Franconi)"))
        figure.subplots_adjust(left=0.09, right=0.82, bottom=0.18, top=0.9)
    return figure


def suda_figure(bands: Sequence[tuple[float, float, int]], contributions: Sequence[SudaContribution]) -> Figure:
    """The report's SUDA figure: DIS-SUDA score bands and each key variable's contribution, laid
    out by matplotlib's constrained layout (long variable names and titles never clipped)."""
    with matplotlib.rc_context(RC):
        rows = max(len(bands), len(contributions))
        figure = Figure(figsize=(7.0, max(2.6, 1.0 + 0.2 * rows)), layout="constrained")
        left, right = figure.subplots(1, 2, gridspec_kw={"width_ratios": [1, 1]})
        draw_dis_bands(left, bands)
        left.set_title(_("DIS-SUDA score distribution"))
        draw_contributions(right, contributions)
        right.set_title(_("Contribution of each key variable"))
        figure.get_layout_engine().set(w_pad=0.06, wspace=0.08)
    return figure
