"""The Sample file tab's SUDA chart (gui/widgets/sample_view.py) at the sizes the tab gives it in
a 1280x800 and a 1440x900 window: drawn by the real canvas (its label wrapping included), no two
tick labels of an axis overlap and no title, axis label or tick label leaves the chart."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from gui.widgets.sample_view import SudaChart

from ..report.test_sample_figures import BANDS, CONTRIBUTIONS, assert_fits


@pytest.mark.parametrize("width, height", [(478, 277), (502, 277), (570, 265), (595, 265)])
def test_suda_chart_fits_the_tab(qtbot, width, height):
    chart = SudaChart()
    qtbot.addWidget(chart)
    chart.resize(width, height)
    chart.show()
    qtbot.waitExposed(chart)
    chart.show_sample(SimpleNamespace(suda=SimpleNamespace(dis_bands=BANDS, contributions=CONTRIBUTIONS)))
    chart.draw()
    assert chart.figure.bbox.width == pytest.approx(width, abs=1)
    assert_fits(chart.figure)
