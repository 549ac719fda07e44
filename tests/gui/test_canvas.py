"""Plots drawn while their window goes away: a queued redraw dies with its canvas, and a canvas
deleted while its figure renders is left alone (no 'Internal C++ object already deleted')."""

from __future__ import annotations

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
