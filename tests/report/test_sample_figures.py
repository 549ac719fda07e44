"""The SUDA figure (engine/report/sample_figures.py), drawn by the report and by the window's
Sample file tab: band labels and record-axis ticks worked by hand, and, drawn with a real
renderer at the report's size, no two tick labels of an axis overlap and no text leaves the
figure (the window's chart: tests/gui/test_sample_chart_fit.py)."""

from __future__ import annotations

from itertools import combinations

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from engine.foundation import i18n
from engine.report.sample_figures import band_label, record_ticks, suda_figure
from engine.outcome.sample_results import SudaContribution

# the census example given weights (docs/screenshots.py): nine bands, the top ones empty
BANDS = ((0.0, 0.0, 17296), (0.0, 0.1, 2315), (0.1, 0.2, 355), (0.2, 0.3, 29), (0.3, 0.4, 4), (0.4, 0.5, 1),
         (0.5, 0.6, 0), (0.6, 0.7, 0), (0.7, 1.0, 0))
SHARES = (("municipality_residence", 0.861), ("birth_year", 0.82), ("race", 0.526), ("sex", 0.206),
          ("school_type", 0.172), ("nationality", 0.149))
CONTRIBUTIONS = tuple(SudaContribution(name, share * 100.0, share) for name, share in SHARES)


def test_band_labels_name_both_ends_in_the_reports_language():
    assert band_label(0.0, 0.0) == "0"
    assert band_label(0.1, 0.2) == "0.1\u20130.2"
    assert band_label(0.7, 1.0) == "0.7\u20131"
    with i18n.language("pt_BR"):
        assert band_label(0.1, 0.2) == "0,1\u20130,2"


@pytest.mark.parametrize("top, ticks", [
    (0, [0.0, 1.0]),                                # 8 records of room: one decade
    (5, [0.0, 1.0, 10.0]),                          # up to 40: two decades, each labelled
    (99, [0.0, 1.0, 10.0, 100.0]),                  # up to 792: three decades, each labelled
    (999, [0.0, 1.0, 100.0]),                       # up to 7,992: four decades, every second one
    (17296, [0.0, 1.0, 100.0, 10000.0]),            # up to 138,368: six decades, every second one
])
def test_record_ticks_keep_at_most_four_decades(top, ticks):
    assert record_ticks(top) == ticks


def every_axes(figure: Figure):
    """The figure's axes and their secondary axes (the counts and shares on the right)."""
    for ax in figure.axes:
        yield ax
        yield from ax.child_axes


def shown_labels(axis) -> list:
    """The tick labels matplotlib draws: visible, not empty, at a tick inside the axis' range."""
    low, high = sorted(axis.get_view_interval())
    return [label for location, label in zip(axis.get_ticklocs(), axis.get_ticklabels())
            if label.get_visible() and label.get_text() and low - 1e-9 <= location <= high + 1e-9]


def tick_labels(figure: Figure):
    """(axis name, [label extents]) of every axis with labelled ticks, secondary axes included."""
    renderer = figure.canvas.get_renderer()
    for ax in every_axes(figure):
        for name, axis in (("x", ax.xaxis), ("y", ax.yaxis)):
            labels = shown_labels(axis)
            if labels:
                yield f"{getattr(ax, 'title', None) and ax.title.get_text() or 'right'} {name}", [t.get_window_extent(renderer) for t in labels]


def all_texts(figure: Figure):
    renderer = figure.canvas.get_renderer()
    for ax in every_axes(figure):
        texts = [getattr(ax, "title", ax.xaxis.label), ax.xaxis.label, ax.yaxis.label, *shown_labels(ax.xaxis),
                 *shown_labels(ax.yaxis)]
        for text in texts:
            if text.get_visible() and text.get_text():
                yield text.get_text(), text.get_window_extent(renderer)


def assert_fits(figure: Figure) -> None:
    """No two tick labels of one axis overlap; every title, axis label and tick label lies
    inside the figure (``figure`` drawn already)."""
    checked = 0
    for axis, boxes in tick_labels(figure):
        for a, b in combinations(boxes, 2):
            assert not a.overlaps(b), f"{axis}: tick labels {a} and {b} overlap"
        checked += 1
    assert checked >= 6   # bands x/y, counts y, shares x/y, share values y
    page = figure.bbox
    for text, box in all_texts(figure):
        assert page.x0 - 0.5 <= box.x0 and box.x1 <= page.x1 + 0.5, f"{text!r} leaves the figure sideways"
        assert page.y0 - 0.5 <= box.y0 and box.y1 <= page.y1 + 0.5, f"{text!r} leaves the figure at the top/bottom"


@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_the_reports_suda_figure_fits(language):
    with i18n.language(language):
        figure = suda_figure(BANDS, CONTRIBUTIONS)
        FigureCanvasAgg(figure).draw()
    assert_fits(figure)


def test_each_band_and_variable_has_its_number_on_the_right():
    figure = suda_figure(BANDS, CONTRIBUTIONS)
    FigureCanvasAgg(figure).draw()
    left, right = figure.axes[:2]
    counts = [t.get_text() for t in left.child_axes[0].get_yticklabels()]
    assert counts == ["17,296", "2,315", "355", "29", "4", "1", "0", "0", "0"]
    names = [t.get_text() for t in right.get_yticklabels()]
    shares = [t.get_text() for t in right.child_axes[0].get_yticklabels()]
    assert dict(zip(names, shares)) == {name: f"{100 * share:.1f}%" for name, share in SHARES}
