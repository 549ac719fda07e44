"""The scenario comparison table of a weighted (sample-file) analysis: the expected
re-identifications column, as in the report's table and scenarios.csv."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pandas as pd
import pytest

from engine.api import run_assessment
from engine.analysis.config import AnalysisConfig, DataSource, Roles
from engine.remediation.transforms import Drop, Scenario
from engine.outcome.verdict import worst_expected
from gui.pages.scenarios.compare_view import CompareTable
from gui.text import pct

SCENARIOS = (Scenario("drop town", (Drop("town"),)), Scenario("drop age and town", (Drop("age"), Drop("town"))))


@pytest.fixture
def weighted(tmp_path):
    rng = np.random.default_rng(11)
    n = 300
    frame = pd.DataFrame({"sex": rng.choice(["F", "M"], n), "age": rng.integers(18, 30, n),
                          "town": rng.choice(list("ABCDEF"), n), "disease": rng.choice(["flu", "none"], n),
                          "wgt": rng.uniform(2.0, 30.0, n)})
    data = tmp_path / "survey.csv"
    frame.to_csv(data, index=False)
    config = AnalysisConfig(data=DataSource(str(data)),
                            roles=Roles(("sex", "age", "town"), ("disease",), weight="wgt"), scenarios=SCENARIOS)
    return run_assessment(config)


def headers(table: CompareTable) -> list[str]:
    return [table.horizontalHeaderItem(j).text() for j in range(table.columnCount())]


def test_weighted_analysis_shows_the_expected_reidentifications(qtbot, weighted):
    table = CompareTable()
    qtbot.addWidget(table)
    thresholds = weighted.config.report.thresholds
    table.show_assessment(weighted, thresholds)
    assert headers(table)[:5] == ["#", "scenario", "verdict", "expected re-id.", "unique in the sample"]
    original_share = worst_expected(weighted.sample_risk)[2]
    assert 0 < original_share < 1
    assert table.cell_text(0, "expected re-id.") == pct(original_share)
    for row, result in enumerate(weighted.scenarios, start=1):
        share = result.risk()["worst_expected_reid_share"]
        assert share == pytest.approx(worst_expected(result.assessment.sample_risk)[2], rel=1e-12)
        # dropping columns keeps the records, so the worst key can only lose expected re-identifications
        assert 0 < share <= original_share
        assert table.cell_text(row, "expected re-id.") == pct(share)
        assert table.cell_text(row, "scenario").startswith(result.scenario.name)
    assert table.horizontalHeaderItem(3).toolTip().startswith("Expected re-identifications")
    assert table.cell_text(2, "age: lost") == "left out · 100%"


def test_unweighted_analysis_has_no_expected_column(qtbot, weighted):
    config = weighted.config
    unweighted = run_assessment(replace(config, roles=replace(config.roles, weight=None)))
    table = CompareTable()
    qtbot.addWidget(table)
    table.show_assessment(unweighted, config.report.thresholds)
    assert "expected re-id." not in headers(table)
    assert headers(table)[:4] == ["#", "scenario", "verdict", "unique"]
    assert table.cell_text(1, "unique") == pct(unweighted.scenarios[0].risk()["worst_unique_share"])


def test_a_level_that_makes_every_value_one_reads_suppressed():
    from types import SimpleNamespace

    from gui.pages.scenarios.compare_view import column_loss_text

    loss = SimpleNamespace(dropped=(), levels={"year": 3, "age": 1}, cells_suppressed={},
                           entropy={"year": 2.0, "age": 1.0}, entropy_max={"year": 2.0, "age": 2.0})
    assert column_loss_text(loss, "year") == "suppressed (level 3) · 100.0%"
    assert column_loss_text(loss, "age") == "level 1 · 50.0%"


def _labels(plot) -> list[str]:
    """The point labels of the first panel (not the hidden hover note)."""
    return sorted(text.get_text() for text in plot.figure.axes[0].texts if text.get_text())


def _resized(qtbot, plot, width: int, before: list[str]) -> list[str]:
    plot.resize(width, 320)
    qtbot.waitUntil(lambda: not plot._relabel.isActive() and _labels(plot) != before, timeout=5000)
    return _labels(plot)


def test_risk_loss_labels_are_merged_again_when_the_plot_is_resized(qtbot):
    """Points close together share a label on a narrow plot; widened, each has its own, and
    narrowed again they share it again (the labels follow the canvas' size)."""
    from engine.api import RiskLossPoint, Thresholds
    from gui.pages.scenarios.compare_view import RiskLossPlot

    plot = RiskLossPlot()
    qtbot.addWidget(plot)
    plot.resize(420, 320)
    plot.show()
    qtbot.waitExposed(plot)
    points = [RiskLossPoint("original", 0.0, 0.30, 0.40, False, original=True),
              RiskLossPoint("a", 0.01, 0.30, 0.40, False), RiskLossPoint("b", 0.02, 0.30, 0.40, True),
              RiskLossPoint("c", 0.10, 0.05, 0.10, True)]
    plot.show_points(points, Thresholds())
    narrow = _labels(plot)
    assert narrow == ["3", "original, 1, 2"]
    wide = _resized(qtbot, plot, 1800, narrow)
    assert wide == ["1", "2", "3", "original"]
    assert _resized(qtbot, plot, 420, wide) == narrow
