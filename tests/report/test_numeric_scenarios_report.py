"""The numeric keys in the report's "What would make it ready" section: the side-by-side table
(with PRAM's true matches when a scenario applies PRAM) and the risk-against-loss figure's third
panel, records linked to themselves against IL1s per value, hold the Assessment's numbers."""

from __future__ import annotations

import re
from datetime import datetime

import numpy as np
import pandas as pd
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from pypdf import PdfReader

from engine.api import run_assessment
from engine.analysis.config import AnalysisConfig, DataSource, Roles
from engine.report.findings import pct
from engine.report.pdf import write_pdf
from engine.report.scenario_figures import RiskLossPoint, risk_loss_figure
from engine.report.scenario_figures import risk_loss_points
from engine.analysis.scenario_steps import Microaggregate, Pram, Scenario

WHEN = datetime(2026, 1, 2, 3, 4)


@pytest.fixture(scope="module")
def assessment(tmp_path_factory):
    rng = np.random.default_rng(8)
    n = 150
    frame = pd.DataFrame({"sex": rng.choice(["f", "m"], n), "region": rng.choice(["n", "s", "e", "w"], n),
                          "age": rng.integers(18, 80, n), "income": np.round(rng.lognormal(8, 0.6, n), 1),
                          "spend": np.round(rng.lognormal(7, 0.4, n), 1), "health": rng.choice(["good", "bad"], n)})
    path = tmp_path_factory.mktemp("numeric") / "survey.csv"
    frame.to_csv(path, index=False)
    config = AnalysisConfig(data=DataSource(str(path)),
                            roles=Roles(("sex", "region", "age"), ("health",), numeric_qids=("income", "spend")),
                            jobs=1, scenarios=(Scenario("mdav", (Microaggregate(("income", "spend"), 5),)),
                                               Scenario("pram", (Pram(("region", "sex"), 0.5, 1.0, 3),))))
    return run_assessment(config)


def flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


def test_the_numeric_table_and_caption_hold_the_assessments_figures(assessment, tmp_path):
    path = write_pdf(assessment, tmp_path / "report.pdf", generated_at=WHEN)
    text = flat("\n".join(page.extract_text() for page in PdfReader(str(path)).pages))
    assert flat("Numeric keys side by side") in text and flat("PRAM: true matches") in text
    assert flat("Right: the records linked to themselves by their numeric keys") in text
    for result in assessment.scenarios:
        n = result.numeric
        row = flat(f"{result.scenario.name} {pct(n.linkage_risk)} {pct(n.interval_risk)} {n.utility.il1s_mean:.3f} "
                   f"{n.outliers_linked}")
        assert row in text
    pram = assessment.scenarios[1].numeric
    assert pram.pram_columns == ("region", "sex") and pram.pram_unique_matches > 0
    assert flat(f"{pram.outliers_linked} {pct(pram.pram_right_share)}") in text


def test_the_figures_third_panel_is_linkage_against_il1s(assessment):
    points = risk_loss_points(assessment, [0, 1], None)
    assert [(p.linkage_risk, p.il1s) for p in points] == [
        (assessment.numeric.linkage_risk, 0.0)] + [(s.numeric.linkage_risk, s.numeric.utility.il1s_mean)
                                                   for s in assessment.scenarios]
    figure = risk_loss_figure(points)
    assert len(figure.axes) == 3
    panel = figure.axes[2]
    assert panel.get_title() == "numeric keys: records linked to themselves"
    drawn = [tuple(c.get_offsets()[0]) for c in panel.collections]
    assert drawn == [(p.il1s, 100 * p.linkage_risk) for p in points]
    without = risk_loss_figure([type(p)(p.label, p.loss, p.unique_share, p.reid_prob, p.ready, p.original)
                                for p in points])
    assert len(without.axes) == 2


def _drawn_labels(figure):
    """Per panel, each label's text, anchor and box on the rendered figure (Agg)."""
    FigureCanvasAgg(figure).draw()
    renderer = figure.canvas.get_renderer()
    return [[(t.get_text(), tuple(t.xy), t.get_window_extent(renderer)) for t in ax.texts] for ax in figure.axes]


def test_points_at_the_same_place_share_one_label(assessment):
    """A scenario that changes only numeric keys sits on the original in the risk panels (no QID
    information lost, same risk): one label "original, 1" there, not two drawn over each other."""
    points = risk_loss_points(assessment, [0, 1], None)
    figure = risk_loss_figure(points)
    for ax, measure in zip(figure.axes[:2], ("unique_share", "reid_prob")):
        places = {}
        for text in ax.texts:
            places.setdefault(tuple(text.xy), []).append(text.get_text())
        assert all(len(labels) == 1 for labels in places.values())
        names = sorted(name for labels in places.values() for name in labels[0].split(", "))
        assert names == sorted(["original"] + [str(i) for i in range(1, len(points))])
    first = [t.get_text().split(", ") for t in figure.axes[0].texts]
    assert any(names[:2] == ["original", "1"] for names in first)   # the MDAV scenario sits on the original


@pytest.mark.parametrize("size", [(7.0, 2.8), (10.9, 2.3)])   # the report's figure; the window's at 1280x800
@pytest.mark.parametrize("seed", range(6))
def test_labels_of_points_close_together_are_joined_and_never_overlap(size, seed):
    """Points near one another (a scenario a hair from the original, several nearly equal) share
    one label at the highest of them, in the points' order; on the rendered figure no two labels
    of a panel overlap, and every point is named exactly once per panel."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 12))
    centres = rng.uniform(0, [40, 0.9], size=(3, 2))
    at = centres[rng.integers(0, 3, n)] + rng.normal(0, [0.4, 0.01], size=(n, 2))
    at = np.clip(at, 0, None)
    points = [RiskLossPoint("original" if i == 0 else f"s{i}", 0.0 if i == 0 else at[i, 0] / 100, at[i, 1],
                            at[i, 1] * 0.8, False, original=i == 0) for i in range(n)]
    figure = risk_loss_figure(points, 0.01, 0.05, width=size[0], height=size[1])
    for ax, panel, measure in zip(figure.axes, _drawn_labels(figure), ("unique_share", "reid_prob")):
        named = [name for text, _, _ in panel for name in text.split(", ")]
        assert sorted(named) == sorted(["original"] + [str(i) for i in range(1, n)])
        for text, anchor, _ in panel:
            members = [0 if name == "original" else int(name) for name in text.split(", ")]
            assert members == sorted(members)
            places = [(100 * points[i].loss, 100 * getattr(points[i], measure)) for i in members]
            assert anchor[1] == max(y for _, y in places) and anchor in places
        boxes = [box for _, _, box in panel]
        for i in range(len(boxes)):
            for j in range(i + 1, len(boxes)):
                assert not boxes[i].overlaps(boxes[j]), (panel[i][0], panel[j][0])
    far = [RiskLossPoint("original", 0.0, 0.9, 0.9, False, original=True),
           RiskLossPoint("a", 0.2, 0.5, 0.5, False), RiskLossPoint("b", 0.4, 0.1, 0.1, False)]
    assert sorted(t.get_text() for t in risk_loss_figure(far, width=size[0], height=size[1]).axes[0].texts) == [
        "1", "2", "original"]


def test_the_report_says_how_many_records_are_alone_in_their_categorical_block(assessment, tmp_path):
    # 150 records on sex x region x age: most are alone in their block, so MDAV cannot unlink them
    mdav = assessment.scenarios[0].numeric
    keys = pd.read_csv(assessment.config.data.path)[["sex", "region", "age"]]
    alone = keys.value_counts()
    assert mdav.alone_in_block == pytest.approx((alone == 1).sum() / len(keys))
    assert 0.5 < mdav.alone_in_block <= mdav.linkage_risk
    path = write_pdf(assessment, tmp_path / "report.pdf", generated_at=WHEN)
    text = flat("\n".join(page.extract_text() for page in PdfReader(str(path)).pages))
    assert flat(f"{pct(mdav.alone_in_block)} of the records are the only released record of their block of "
                "categorical quasi-identifiers") in text


def test_no_empty_table_when_no_scenario_changes_a_categorical_column(assessment, tmp_path):
    # a scenario that only microaggregates the numeric keys loses nothing by the entropy measure
    from dataclasses import replace

    only_mdav = replace(assessment, scenarios=assessment.scenarios[:1])
    loss = only_mdav.scenarios[0].loss
    assert not loss.dropped and not any(loss.levels.values()) and not any(loss.cells_suppressed.values())
    path = write_pdf(only_mdav, tmp_path / "report.pdf", generated_at=WHEN)
    text = flat("\n".join(page.extract_text() for page in PdfReader(str(path)).pages))
    assert flat("No scenario recodes, blanks or leaves out a quasi-identifier column") in text
    assert flat("share of the column lost") not in text
