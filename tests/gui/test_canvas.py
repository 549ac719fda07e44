"""Plots drawn while their window goes away: a queued redraw dies with its canvas, and a canvas
deleted while its figure renders is left alone (no 'Internal C++ object already deleted')."""

from __future__ import annotations

import pytest
import shiboken6
from PySide6.QtWidgets import QApplication, QWidget

from gui.widgets.dp_plots import ThresholdPlot, TradeoffPlot


def test_a_queued_redraw_does_not_outlive_its_canvas(qtbot):
    parent = QWidget()
    plot = TradeoffPlot(parent)
    parent.show()
    qtbot.waitExposed(parent)
    drawn = []
    plot.figure.canvas.mpl_connect("draw_event", lambda event: drawn.append(1))
    plot.draw_idle()
    qtbot.waitUntil(lambda: bool(drawn), timeout=5000)   # the timer draws a live canvas
    plot.draw_idle()
    assert plot._draw_timer.isActive()
    timer = plot._draw_timer
    shiboken6.delete(parent)
    assert not shiboken6.isValid(plot) and not shiboken6.isValid(timer)
    QApplication.processEvents()   # nothing left to fire


def test_a_canvas_deleted_while_rendering_is_left_alone(qtbot):
    parent = QWidget()
    plot = ThresholdPlot(parent)
    parent.show()
    qtbot.waitExposed(parent)
    render = plot.figure.draw

    def render_then_lose_the_window(renderer):
        render(renderer)
        shiboken6.delete(parent)   # as when the closed window is collected during the draw

    plot.figure.draw = render_then_lose_the_window
    plot.draw()
    assert not shiboken6.isValid(plot)


def test_other_runtime_errors_still_raise(qtbot):
    parent = QWidget()
    plot = TradeoffPlot(parent)
    qtbot.addWidget(parent)

    def broken(renderer):
        raise RuntimeError("a real drawing bug")

    plot.figure.draw = broken
    try:
        plot.draw()
    except RuntimeError as exc:
        assert str(exc) == "a real drawing bug"
    else:
        raise AssertionError("the error was swallowed")


def _legend_canvas(qtbot, columns: int):
    from matplotlib.lines import Line2D

    from gui.widgets.canvas import PlotCanvas

    plot = PlotCanvas()
    qtbot.addWidget(plot)
    plot.show()
    qtbot.waitExposed(plot)
    plot.figure.add_subplot(1, 1, 1).plot([0, 1], [0, 1])
    labels = ["count school_type ∈ {Private, Public, Federal}; secret bolsa_familia",
              "count birth_year ∈ {2010, 2011, 2012}; secret school_type", "oblivious (central)"]
    handles = [Line2D([], [], label=label) for label in labels]
    plot.figure.legend(handles=handles, loc="outside lower center", ncol=columns, frameon=False)
    return plot, labels


def _shown(plot, width: int):
    plot.resize(width, 400)
    QApplication.processEvents()       # the figure takes the canvas' new size
    plot.draw()
    renderer = plot.get_renderer()
    legend = plot.figure.legends[0]
    return legend.get_window_extent(renderer), [text.get_text() for text in legend.get_texts()]


@pytest.mark.parametrize("columns", [1, 2])
def test_a_legend_wider_than_its_canvas_wraps_its_labels_and_unwraps_when_there_is_room(qtbot, columns):
    plot, labels = _legend_canvas(qtbot, columns)
    box, texts = _shown(plot, 1600)
    assert texts == labels and box.width < plot.figure.bbox.width
    box, texts = _shown(plot, 300 * columns)
    assert 0 <= box.x0 and box.x1 <= plot.figure.bbox.width        # whole: neither side cut off
    assert [text.replace("\n", " ") for text in texts] == labels   # the same words, on more lines
    assert "\n" in texts[0] and texts[2] == labels[2]              # a short label stays on one line
    box, texts = _shown(plot, 1600)
    assert texts == labels
