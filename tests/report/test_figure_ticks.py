"""Tick labels of the report's figures in the report's language: matplotlib's plain numbers get
the decimal comma and the thousands separator of pt_BR (0,5 and 20.000), English keeps 0.5 and
writes 20,000; labels a figure formats itself are left as they are."""

from __future__ import annotations

import re

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import FixedLocator, FuncFormatter, LogFormatter

from engine.foundation import i18n
from engine.report.ticks import grouped, localize_ticks

from .test_report_translations import (_story, drawn_figures, dp_assessment, linked_assessment,  # noqa: F401
                                       main_assessment, synthetic_assessment)

DECIMAL_POINT = re.compile(r"\d\.\d")
UNGROUPED = re.compile(r"(?<![\d.,])\d{4,}")


def _labels(figure: Figure) -> list[str]:
    """The tick labels of every axis of ``figure`` as last drawn."""
    FigureCanvasAgg(figure).draw()
    return [t.get_text() for ax in figure.axes for axis in (ax.xaxis, ax.yaxis)
            for t in axis.get_ticklabels(minor=False) + axis.get_ticklabels(minor=True) if t.get_text()]


def test_grouped():
    assert grouped("20000") == "20,000"
    assert grouped("−1234567.25") == "−1,234,567.25"
    assert grouped("0.00012") == "0.00012"  # digits after the point are not a thousand
    assert grouped("999") == "999"
    assert grouped("$\\mathdefault{10^{3}}$") == "$\\mathdefault{10^{3}}$"


@pytest.mark.parametrize("language, expected", [
    ("en", ["0", "5,000", "10,000", "15,000", "20,000", "0.0", "0.5", "1.0", "1.5", "2.0", "2.5"]),
    ("pt_BR", ["0", "5.000", "10.000", "15.000", "20.000", "0,0", "0,5", "1,0", "1,5", "2,0", "2,5"]),
])
def test_scalar_ticks_follow_the_language(language, expected):
    figure = Figure()
    ax = figure.subplots()
    ax.plot([0, 20000], [0, 2.5])
    ax.xaxis.set_major_locator(FixedLocator([0, 5000, 10000, 15000, 20000]))
    ax.yaxis.set_major_locator(FixedLocator([0, 0.5, 1, 1.5, 2, 2.5]))
    localize_ticks(figure, language)
    assert _labels(figure) == expected


def test_log_ticks_and_offsets_follow_the_language():
    figure = Figure()
    log, offset = figure.subplots(1, 2)
    log.set_xscale("log")
    log.set_xlim(0.3, 0.9)
    log.xaxis.set_minor_formatter(LogFormatter(labelOnlyBase=False))
    offset.plot([100.5001, 100.5002], [1, 2])  # x ticks written against an offset
    localize_ticks(figure, "pt_BR")
    labels = _labels(figure)
    assert [label for label in labels if DECIMAL_POINT.search(label)] == []
    assert "0,000100" in labels
    assert offset.xaxis.get_major_formatter().get_offset() == "+1,005e2"
    assert "3e−01" in [t.get_text() for t in log.xaxis.get_ticklabels(minor=True)]


def test_a_figure_formatting_its_own_ticks_is_left_alone():
    figure = Figure()
    ax = figure.subplots()
    ax.plot([0, 1], [0, 1])
    own = FuncFormatter(lambda value, _position: f"[{value:.1f}]")
    ax.xaxis.set_major_formatter(own)
    localize_ticks(figure, "pt_BR")
    assert ax.xaxis.get_major_formatter() is own
    assert "[0.4]" in _labels(figure)


def test_switching_back_to_english():
    figure = Figure()
    ax = figure.subplots()
    ax.plot([0, 1], [0, 1.5])
    localize_ticks(figure, "pt_BR")
    assert "0,4" in _labels(figure)
    localize_ticks(figure, "en")
    assert "0.4" in _labels(figure) and "0,4" not in _labels(figure)


@pytest.mark.parametrize("fixture", ["main_assessment", "linked_assessment", "dp_assessment",
                                     "synthetic_assessment"])
@pytest.mark.slow
def test_report_figures_have_no_decimal_point_in_portuguese(request, drawn_figures, fixture):
    """Every figure of every report, drawn in pt_BR: no tick label with a decimal point or an
    ungrouped thousand; in English the same figures do have decimal points (the check can fail)."""
    drawn: list[Figure] = drawn_figures
    assessment = request.getfixturevalue(fixture)
    labels = {}
    for language in ("en", "pt_BR"):
        drawn.clear()
        with i18n.language(language):
            _story(fixture, assessment)
            labels[language] = [label for figure in drawn for label in _labels(figure)]
    assert len(labels["pt_BR"]) == len(labels["en"]) > 0
    assert [label for label in labels["pt_BR"] if DECIMAL_POINT.search(label) or UNGROUPED.search(label)] == []
    if any(DECIMAL_POINT.search(label) for label in labels["en"]):
        assert any(re.search(r"\d,\d", label) for label in labels["pt_BR"])
