"""Risk against information loss, one point per scenario, the original marked
(docs/methods.md, "Scenarios"). Drawn with matplotlib's object API; used by the report and
the window's Scenarios page."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Sequence

import matplotlib
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from ..foundation.i18n import _
from .figures import PRIOR, RC
from ..foundation.locale_format import number
from ..outcome.results import Assessment
from ..outcome.verdict import verdict
from ..remediation.scenarios import any_sample, expected_share, risk_summary

READY = "#1e7b34"
NOT_READY = "#b03a2e"
ORIGINAL = "#333333"
PICKED = "#f2a01e"
LABEL_POINTS = 7           # font size of the points' labels
LABEL_OFFSET = (5.0, 4.0)  # a label's offset from its point, in points


@dataclass(frozen=True)
class RiskLossPoint:
    """One released version: its label, the share of the QIDs' information lost (0 for the
    original), the worst unique share and worst mean re-identification probability, ready or not;
    with a sampling weight, the worst expected re-identifications as a share of the records; with
    numeric quasi-identifiers, the share of records linked to themselves by distance-based record
    linkage and IL1s per value (docs/methods.md, "Numeric keys"; 0 for the original)."""

    label: str
    loss: float
    unique_share: Optional[float]
    reid_prob: Optional[float]
    ready: bool
    original: bool = False
    recommended: bool = False
    expected_share: Optional[float] = None
    linkage_risk: Optional[float] = None
    il1s: Optional[float] = None


def risk_loss_points(assessment: Assessment, order: list[int], recommended: Optional[int]) -> list[RiskLossPoint]:
    """The original, then the scenarios in ``order`` (numbered 1, 2, ... in that order); when the
    original or a scenario is a sample file, each with its expected re-identifications
    (:func:`~engine.remediation.scenarios.expected_share`)."""
    original = verdict(assessment, assessment.config.report.thresholds)
    risk = risk_summary(assessment)
    weighted = any_sample(assessment)
    points = [RiskLossPoint("original", 0.0, risk["worst_unique_share"], risk["worst_reid_prob"], original.ready,
                            original=True, expected_share=expected_share(risk) if weighted else None,
                            **numeric_coordinates(assessment.numeric, original=True))]
    for i in order:
        s = assessment.scenarios[i]
        r = s.risk()
        points.append(RiskLossPoint(s.scenario.name, s.loss.share_lost or 0.0, r["worst_unique_share"],
                                    r["worst_reid_prob"], s.ready, recommended=i == recommended,
                                    expected_share=expected_share(r) if weighted else None,
                                    **(numeric_coordinates(s.numeric) if assessment.numeric is not None else {})))
    return points


def risk_loss_figure(points: Sequence[RiskLossPoint], unique_limit: Optional[float] = None,
                     reid_limit: Optional[float] = None, width: float = 7.0, height: float = 2.8,
                     figure: Optional[Figure] = None, expected_limit: Optional[float] = None) -> Figure:
    """Two panels (records unique; mean re-identification probability) against the share of
    information lost, in percent; the thresholds dashed; each point labelled with its number
    (0 = the original); green when the verdict is ready, red when not; the recommended ringed.
    With a sampling weight (points with ``expected_share``) the panels are the measure the
    verdict uses, expected re-identifications (limit ``expected_limit``), and records unique
    in the sample (no limit: not the verdict's measure). With numeric quasi-identifiers (points
    with ``linkage_risk``) a third panel: records linked to themselves against IL1s per value
    (no threshold: these figures do not change the verdict)."""
    numeric = any(p.linkage_risk is not None for p in points)
    with matplotlib.rc_context(RC):
        if figure is None:
            figure = Figure(figsize=(width * (1.5 if numeric else 1.0), height))
        axes = figure.subplots(1, 3 if numeric else 2)
        panels = ((axes[0], "unique_share", unique_limit, _("records unique (certain re-identification)")),
                  (axes[1], "reid_prob", reid_limit, _("mean re-identification probability")))
        if any(p.expected_share is not None for p in points):
            panels = ((axes[0], "expected_share", expected_limit, _("expected re-identifications (% of records)")),
                      (axes[1], "unique_share", None, _("records unique in the sample")))
        top = max([100 * (getattr(p, m) or 0) for p in points for _, m, _, _ in panels] + [1.0])
        right = max([100 * p.loss for p in points] + [1.0])
        named = []
        for ax, measure, limit, title in panels:
            named.append((ax, _plot_points(ax, [(p, 100 * p.loss, 100 * getattr(p, measure))
                                                if getattr(p, measure) is not None else None for p in points])))
            if limit is not None:
                ax.axhline(100 * limit, color=PRIOR, linestyle="--", linewidth=1,
                           label=_("threshold {share}").format(share=number(100 * limit, ".3g") + "%"))
                ax.legend(loc="best", frameon=False)   # clear of the points and their labels
            ax.set_title(title)
            ax.set_xlabel(_("information lost (% of the QIDs' entropy)"))
            ax.set_xlim(-0.04 * right, 1.12 * right)
            ax.set_ylim(-0.04 * top, 1.12 * top)
            ax.grid(alpha=0.3)
        if numeric:
            named.append((axes[2], _numeric_panel(axes[2], points)))
        axes[0].set_ylabel(_("risk (%)"))
        if figure.get_layout_engine() is None:
            figure.subplots_adjust(left=0.08, right=0.98, bottom=0.17, top=0.9, wspace=0.18)
        for ax, places in named:
            _label_points(ax, places)
    return figure


def _plot_points(ax, placed: Sequence[Optional[tuple[RiskLossPoint, float, float]]]
                 ) -> list[tuple[float, float, str]]:
    """Each point (``None``: not shown) as a marker; returns each shown point's place and
    label, "original" or its position, for :func:`_label_points`."""
    named = []
    for position, entry in enumerate(placed):
        if entry is None:
            continue
        p, x, y = entry
        if p.recommended:
            ax.scatter([x], [y], s=150, facecolors="none", edgecolors=PICKED, linewidths=2, zorder=2)
        ax.scatter([x], [y], s=46 if p.original else 30, marker="s" if p.original else "o",
                   color=ORIGINAL if p.original else (READY if p.ready else NOT_READY), zorder=3)
        named.append((x, y, _("original") if p.original else str(position)))
    return named


def _label_points(ax, named: Sequence[tuple[float, float, str]]) -> None:
    """Label the points of :func:`_plot_points` once the panel's limits and place are set.
    Points whose labels would overlap share one label ("original, 1, 3", in the points'
    order) at the highest of them: a label's box is estimated from its length in characters
    at the panel's size."""
    if not named:
        return
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    box = ax.get_position()
    width, height = ax.figure.get_size_inches() * 72 * (box.width, box.height)

    def at(x: float, y: float) -> tuple[float, float]:
        return (x - x0) / ((x1 - x0) or 1.0) * width, (y - y0) / ((y1 - y0) or 1.0) * height

    groups = [[entry] for entry in named]       # entries keep their order in ``named``

    def anchor(group: list) -> tuple[float, float, str]:
        return max(group, key=lambda e: (e[1], -e[0]))

    def rect(group: list) -> tuple[float, float, float, float]:
        x, y = at(*anchor(group)[:2])
        text = ", ".join(e[2] for e in group)
        left, bottom = x + LABEL_OFFSET[0], y + LABEL_OFFSET[1]
        return left, bottom, left + 0.62 * LABEL_POINTS * len(text) + 2, bottom + 1.25 * LABEL_POINTS + 2

    def overlap(a, b) -> bool:
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    def overlapping() -> Optional[tuple[int, int]]:
        return next(((i, j) for i in range(len(groups)) for j in range(i + 1, len(groups))
                     if overlap(rect(groups[i]), rect(groups[j]))), None)

    while (pair := overlapping()) is not None:
        i, j = pair
        groups[i] = sorted(groups[i] + groups.pop(j), key=named.index)
    for group in groups:
        x, y, _name = anchor(group)
        ax.annotate(", ".join(e[2] for e in group), (x, y), xytext=LABEL_OFFSET, textcoords="offset points",
                    fontsize=LABEL_POINTS, color=ORIGINAL)


def numeric_coordinates(numeric: Any, original: bool = False) -> dict[str, Optional[float]]:
    """The numeric panel's ``linkage_risk`` and ``il1s`` of a point from its
    :class:`~engine.remediation.numeric_risk.NumericRisk` (the original loses nothing: IL1s 0);
    none without numeric keys."""
    if numeric is None or numeric.linkage_risk is None:
        return {}
    il1s = 0.0 if original else (numeric.utility.il1s_mean if numeric.utility is not None else None)
    return {"linkage_risk": numeric.linkage_risk, "il1s": il1s}


def _numeric_panel(ax, points: Sequence[RiskLossPoint]) -> list[tuple[float, float, str]]:
    """Records linked to themselves (%) against IL1s per value, numbered as the other panels;
    returns the points' places and labels."""
    top = max([100 * (p.linkage_risk or 0) for p in points] + [1.0])
    right = max([p.il1s or 0 for p in points] + [0.01])
    named = _plot_points(ax, [(p, p.il1s or 0.0, 100 * p.linkage_risk) if p.linkage_risk is not None else None
                              for p in points])
    ax.set_title(_("numeric keys: records linked to themselves"))
    ax.set_xlabel(_("information lost on the numeric keys (IL1s per value)"))
    ax.set_xlim(-0.04 * right, 1.12 * right)
    ax.set_ylim(-0.04 * top, 1.12 * top)
    ax.xaxis.set_major_locator(MaxNLocator(nbins=4))
    ax.grid(alpha=0.3)
    return named


__all__ = ["RiskLossPoint", "numeric_coordinates", "risk_loss_figure"]
