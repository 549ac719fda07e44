"""The differential-privacy page on its own: the form, runs on real small files against the
engine's numbers (and the thesis's Table 6.4), the thresholded count, cancel, bad inputs,
open/save analysis and the exports."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from engine.analysis.config import DataSource
from engine.dp.api import run_dp_analysis
from engine.dp.config import DPConfig, DPScenario, ThresholdConfig
from gui.pages.dp_page import DPPage, gap_sentence

from .conftest import error_boxes

EXAMPLE25 = ("id,income,gender,country\n1,low,F,BRA\n2,low,M,BRA\n3,medium,F,AUS\n4,medium,M,AUS\n"
             "5,medium,F,AUS\n6,medium,M,AUS\n7,high,F,BRA\n8,high,M,BRA\n")
THESIS_EPS = (math.log(1.5), math.log(3.0), math.log(10.0))


@pytest.fixture
def page(qtbot):
    widget = DPPage()
    qtbot.addWidget(widget)
    widget.resize(1100, 760)
    widget.show()
    yield widget
    assert widget.shutdown()
    for box in error_boxes():
        box.close()


@pytest.fixture
def example25(tmp_path):
    path = tmp_path / "example25.csv"
    path.write_text(EXAMPLE25, encoding="utf-8")
    return path


def load(qtbot, page, path) -> None:
    page.set_data_path(str(path))
    qtbot.waitUntil(lambda: page.useful.count() > 0, timeout=10000)


def choose(qtbot, page, sensitive: str, useful: str, values, order: str = "") -> None:
    page.sensitive.setCurrentText(sensitive)
    page.useful.setCurrentText(useful)
    qtbot.waitUntil(lambda: page._values_column == useful and page.values.count() > 0, timeout=10000)
    page.set_checked_values(values)
    page.order.setText(order)


def listed_values(page) -> list[str]:
    return [page.values.item(i).text() for i in range(page.values.count())]


def run_and_wait(qtbot, page, timeout: int = 30000):
    before = page.assessment
    assert page.run()
    qtbot.waitUntil(lambda: not page.run_job.busy, timeout=timeout)
    assert page.assessment is not before, "the run did not produce a result"
    return page.assessment


def table_text(table, row: int, column: int) -> str:
    return table.item(row, column).text()


def test_example25_counting_queries_show_the_engine_numbers(qtbot, page, example25):
    load(qtbot, page, example25)
    assert [page.useful.itemText(i) for i in range(page.useful.count())] == ["id", "income", "gender", "country"]
    choose(qtbot, page, "income", "income", ["medium"])
    assert listed_values(page) == ["low", "medium", "high"]  # default domain order: first appearance
    assert page.checked_values() == ("medium",)
    assert page.add_current_scenario()
    choose(qtbot, page, "income", "gender", ["F"])
    assert listed_values(page) == ["F", "M"]
    assert page.add_current_scenario()
    assert page.scenario_table.rowCount() == 2
    page.epsilons.radio_list.setChecked(True)
    page.epsilons.values.setText(", ".join(f"{e!r}" for e in THESIS_EPS))
    a = run_and_wait(qtbot, page)

    # the engine, called directly on the same config, gives the same points
    direct = run_dp_analysis(page.config())
    assert [(p.scenario, p.mechanism, p.epsilon) for p in a.dp] == \
        [(p.scenario, p.mechanism, p.epsilon) for p in direct.dp]
    assert np.allclose([p.privacy_loss for p in a.dp], [p.privacy_loss for p in direct.dp])
    assert np.allclose([p.utility for p in a.dp], [p.utility for p in direct.dp])
    # the banner shows the verdict results.json and the report carry (engine/dp/verdict.py)
    from html import escape

    from engine.dp.verdict import dp_verdict

    judged = dp_verdict(direct, direct.config.report.thresholds)
    banner = page.results.verdict
    assert banner.verdict == judged and judged.line in banner.text()
    assert len(judged.checks) == 2 and all(escape(reason) in banner.text() for reason in judged.reasons)

    # the points table shows them (thesis Table 6.4(a), oblivious then local, then 6.4(b))
    table = page.points_table
    assert table.rowCount() == len(direct.dp) == 12
    for row, point in enumerate(direct.dp):
        assert table_text(table, row, 0) == point.scenario
        assert table_text(table, row, 1) == point.mechanism
        assert table_text(table, row, 3) == f"{point.privacy_loss:.4f}"
        assert table_text(table, row, 6) == f"{point.utility:.4f}"
        assert table_text(table, row, 4) == f"{100 * point.prior_vulnerability:.2f}%"
    assert [table_text(table, r, 3) for r in range(6)] == ["1.0000", "1.1250", "1.3636", "1.0000", "1.0000", "1.0308"]
    assert [table_text(table, r, 6) for r in range(6)] == ["0.6000", "0.7500", "0.9091", "0.5124", "0.5492", "0.6561"]
    assert [table_text(table, r, 6) for r in range(9, 12)] == ["0.5280", "0.5812", "0.7221"]

    # the plots draw the same numbers: one colour per query, solid oblivious, dashed local
    lines = page.curves.axes["privacy_loss"].get_lines()
    drawn = [line for line in lines if len(line.get_xdata()) == 3]
    assert len(drawn) == 4
    assert {line.get_linestyle() for line in drawn} == {"-", "--"}
    assert len({line.get_color() for line in drawn}) == 2
    assert np.allclose(drawn[0].get_ydata(), [p.privacy_loss for p in direct.dp[:3]])
    assert np.allclose(page.curves.axes["utility"].get_lines()[0].get_ydata(), [p.utility for p in direct.dp[:3]])
    assert page.curves.axes["privacy_loss"].get_xscale() == "log"
    trade = [line for line in page.tradeoff.ax.get_lines() if len(line.get_xdata()) == 3]
    assert np.allclose(trade[0].get_xdata(), [p.privacy_loss for p in direct.dp[:3]])
    assert np.allclose(trade[0].get_ydata(), [p.utility for p in direct.dp[:3]])

    # hovering over a point names it with its values
    page.curves.draw()
    ax = page.curves.axes["privacy_loss"]
    px, py = ax.transData.transform((THESIS_EPS[1], direct.dp[1].privacy_loss))
    xy, text = page.curves.nearest(ax, px + 2, py - 2)
    assert xy == pytest.approx((THESIS_EPS[1], direct.dp[1].privacy_loss))
    assert "×1.125" in text and "oblivious" in text and "income ∈ {medium}" in text
    assert page.curves.nearest(ax, -1000.0, -1000.0) is None
    assert "example25.csv" in page.summary.text() and "8 records" in page.summary.text()
    assert page.pdf_button.isEnabled() and page.csv_button.isEnabled()
    assert error_boxes() == []

    # removing a query
    page.remove_scenario(0)
    assert page.scenarios() == (DPScenario("income", "gender", ("F",)),)


def test_domain_order_and_one_mechanism(qtbot, page, example25):
    load(qtbot, page, example25)
    choose(qtbot, page, "income", "income", ["medium"], order="high, medium, low")
    page.mechanism.setCurrentIndex(page.mechanism.findText("local only"))
    page.epsilons.low.setValue(0.5)
    page.epsilons.high.setValue(2.0)
    page.epsilons.count.setValue(3)
    assert page.run()  # the query in the editor is added when none is listed
    qtbot.waitUntil(lambda: not page.run_job.busy and page.assessment is not None, timeout=20000)
    a = page.assessment
    assert a.config.scenarios == (DPScenario("income", "income", ("medium",), ("high", "medium", "low")),)
    assert a.config.epsilons == (0.5, 1.0, 2.0)
    assert {p.mechanism for p in a.dp} == {"local"}
    direct = run_dp_analysis(DPConfig(data=DataSource(str(example25)), scenarios=a.config.scenarios,
                                      epsilons=(0.5, 1.0, 2.0), mechanisms=("local",)))
    assert [page.points_table.item(r, 3).text() for r in range(3)] == [f"{p.privacy_loss:.4f}" for p in direct.dp]


def test_missing_values_are_a_value_to_count(qtbot, page, tmp_path):
    path = tmp_path / "gaps.csv"
    path.write_text("region,sick\nnorth,yes\n,no\nsouth,no\n,yes\nnorth,no\nsouth,yes\n", encoding="utf-8")
    load(qtbot, page, path)
    choose(qtbot, page, "sick", "region", [""])
    assert listed_values(page) == ["north", "(missing)", "south"]
    assert page.checked_values() == ("",)
    assert page.add_current_scenario()
    assert page.scenario_table.item(0, 0).text() == "count region ∈ {(missing)}; secret sick"
    page.epsilons.radio_list.setChecked(True)
    page.epsilons.values.setText("1")
    a = run_and_wait(qtbot, page)
    direct = run_dp_analysis(page.config())
    assert [p.utility for p in a.dp] == pytest.approx([p.utility for p in direct.dp])
    assert page.points_table.item(0, 6).text() == f"{direct.dp[0].utility:.4f}"


def test_thresholded_count_desfontaines_example(qtbot, page):
    assert not page.include_threshold.isChecked() and not page.voters.isEnabled()
    page.example_button.click()
    example = ThresholdConfig.desfontaines_example()
    assert page.include_threshold.isChecked()
    assert page.threshold_config() == example
    a = run_and_wait(qtbot, page)
    assert a.dataset is None and a.dp == ()
    direct = run_dp_analysis(DPConfig(threshold=example))
    assert len(a.threshold) == len(direct.threshold) == len(example.epsilons)
    table = page.threshold_table
    for row, point in enumerate(sorted(direct.threshold, key=lambda p: p.epsilon)):
        assert float(table.item(row, 0).text()) == pytest.approx(point.epsilon, rel=1e-3)
        assert float(table.item(row, 1).text()) == pytest.approx(point.delta_active, rel=1e-3)
        assert table.item(row, 2).text() == f"{point.worst_known_yes:,}"
        if point.delta_passive > 0:
            assert float(table.item(row, 3).text()) == pytest.approx(point.delta_passive, rel=1e-3)
    # the passive attacker's delta is negligible, the active one's is large; the sentence says so
    assert all(p.delta_passive < 1e-6 < 0.1 < p.delta_active for p in a.threshold)
    assert page.gap.text() == gap_sentence(a.threshold, example.known)
    assert "not against one who can plant them" in page.gap.text()
    assert page.tabs.currentIndex() == 3
    assert page.threshold_plot.ax.get_yscale() == "log" and page.threshold_plot.ax.get_xscale() == "log"
    active = page.threshold_plot.ax.get_lines()[0]
    assert np.allclose(active.get_ydata(), [p.delta_active for p in sorted(direct.threshold, key=lambda p: p.epsilon)])
    assert "No counting-query results" in page.curves.figure.axes[0].texts[0].get_text()


def test_gap_sentence_cases():
    from engine.dp.results import ThresholdPoint

    close = [ThresholdPoint(1.0, 0.011, 0.010, 3)]
    assert "gains the attacker little" in gap_sentence(close, 5)
    far = [ThresholdPoint(0.5, 0.3, 0.001, 3), ThresholdPoint(1.1, 0.2, 1e-9, 4)]
    text = gap_sentence(far, 5)
    assert text.startswith("At ε = 1.1,") and "δ = 1e-09" in text and "worst case 4 known" in text
    assert "multiplies" in gap_sentence([ThresholdPoint(1.0, 0.3, 0.01, 1)], 2)


def test_cancel_leaves_the_page_usable(qtbot, page, tmp_path):
    rng = np.random.default_rng(7)
    rows = ["age,sick"] + [f"{a},{s}" for a, s in zip(rng.integers(0, 100, 4000), rng.integers(0, 2, 4000))]
    path = tmp_path / "ages.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    load(qtbot, page, path)
    choose(qtbot, page, "sick", "age", ["30", "31", "32"])
    assert listed_values(page)[:3] == ["0", "1", "2"]  # numeric order
    assert page.add_current_scenario()
    page.epsilons.count.setValue(300)
    assert page.run()
    assert page.run_bar.isVisible() and not page.run_button.isEnabled()
    page.run_bar.cancel_button.click()
    qtbot.waitUntil(lambda: not page.run_job.busy, timeout=10000)
    assert page.assessment is None
    assert "cancelled" in page.status.text()
    assert not page.run_bar.isVisible() and page.run_button.isEnabled()
    assert error_boxes() == []
    page.epsilons.count.setValue(2)
    a = run_and_wait(qtbot, page)
    assert len(a.dp) == 2 * 2


def test_bad_inputs_show_one_error_and_keep_the_page_usable(qtbot, page, example25, tmp_path):
    # an unreadable file
    bad = tmp_path / "broken.parquet"
    bad.write_bytes(b"this is not parquet at all")
    page.set_data_path(str(bad))
    qtbot.waitUntil(lambda: len(error_boxes()) == 1, timeout=10000)
    assert "broken.parquet" in error_boxes()[0].informativeText()
    assert page.useful.count() == 0
    error_boxes()[0].close()
    qtbot.waitUntil(lambda: error_boxes() == [], timeout=3000)

    # a query with no value ticked
    load(qtbot, page, example25)
    choose(qtbot, page, "income", "gender", [])
    assert not page.add_current_scenario()
    assert len(error_boxes()) == 1 and "tick at least one value" in error_boxes()[0].informativeText()
    error_boxes()[0].close()
    qtbot.waitUntil(lambda: error_boxes() == [], timeout=3000)

    # an analysis naming a column the file does not have: one dialog naming it, page usable
    analysis = tmp_path / "missing.toml"
    config = DPConfig(data=DataSource(str(example25)), scenarios=(DPScenario("salary", "gender", ("F",)),),
                      epsilons=(1.0,))
    analysis.write_text(config.to_toml(), encoding="utf-8")
    assert page.open_analysis(str(analysis))
    assert page.run()
    qtbot.waitUntil(lambda: not page.run_job.busy and len(error_boxes()) == 1, timeout=10000)
    assert "salary" in error_boxes()[0].informativeText()
    error_boxes()[0].close()
    qtbot.waitUntil(lambda: error_boxes() == [], timeout=3000)
    assert page.run_button.isEnabled() and not page.run_bar.isVisible()

    # a bad epsilon list, and a non-analysis file
    page.epsilons.radio_list.setChecked(True)
    page.epsilons.values.setText("0.5, abc")
    assert not page.run()
    assert len(error_boxes()) == 1 and "'abc' is not a number" in error_boxes()[0].informativeText()
    error_boxes()[0].close()
    qtbot.waitUntil(lambda: error_boxes() == [], timeout=3000)
    junk = tmp_path / "junk.toml"
    junk.write_text("this = [is not toml", encoding="utf-8")
    assert not page.open_analysis(str(junk))
    assert len(error_boxes()) == 1 and "junk.toml" in error_boxes()[0].informativeText()
    error_boxes()[0].close()
    qtbot.waitUntil(lambda: error_boxes() == [], timeout=3000)

    # and it still runs once the query is right
    page.set_scenarios([DPScenario("income", "gender", ("F",))])
    page.epsilons.values.setText("0.5, 1")
    a = run_and_wait(qtbot, page)
    assert len(a.dp) == 4


def test_save_open_analysis_round_trip(qtbot, page, example25, tmp_path):
    load(qtbot, page, example25)
    choose(qtbot, page, "gender", "income", ["low", "high"], order="low, medium, high")
    assert page.add_current_scenario()
    page.epsilons.radio_list.setChecked(True)
    page.epsilons.values.setText("0.1, 1, 3")
    page.mechanism.setCurrentIndex(page.mechanism.findText("oblivious (central) only"))
    page.fill_desfontaines_example()
    page.voters.setValue(50)
    page.threshold.setValue(5)
    page.known.setValue(10)
    page.p.setText("0.2")
    saved = page.config()
    path = tmp_path / "dp.toml"
    assert page.save_analysis(str(path))
    assert DPConfig.from_toml(path) == saved

    other = DPPage()
    qtbot.addWidget(other)
    try:
        assert other.open_analysis(str(path))
        assert other.config() == saved
        assert other.scenario_table.rowCount() == 1
        assert other.scenario_table.item(0, 1).text() == "low, medium, high"
        assert other.epsilons.radio_list.isChecked()
        assert other.threshold_epsilons.radio_range.isChecked()  # a log-spaced range stays a range
        qtbot.waitUntil(lambda: other.useful.count() == 4, timeout=10000)
    finally:
        assert other.shutdown()


def test_exports_write_pdf_and_csv_json(qtbot, page, example25, tmp_path):
    load(qtbot, page, example25)
    choose(qtbot, page, "income", "income", ["medium"])
    assert page.add_current_scenario()
    page.epsilons.radio_list.setChecked(True)
    page.epsilons.values.setText("0.5, 2")
    page.fill_desfontaines_example()
    page.threshold_epsilons.count.setValue(4)
    a = run_and_wait(qtbot, page)
    pdf = tmp_path / "report.pdf"
    assert page.export_pdf(str(pdf))
    qtbot.waitUntil(lambda: not page.export_job.busy, timeout=60000)
    assert error_boxes() == []
    assert pdf.read_bytes()[:5] == b"%PDF-"
    assert "report.pdf" in page.status.text()
    folder = tmp_path / "out"
    assert page.export_csv(str(folder))
    qtbot.waitUntil(lambda: not page.export_job.busy, timeout=30000)
    assert error_boxes() == []
    data = json.loads((folder / "results.json").read_text(encoding="utf-8"))
    assert [d["privacy_loss"] for d in data["dp"]] == pytest.approx([p.privacy_loss for p in a.dp])
    assert [d["delta_active"] for d in data["threshold"]] == pytest.approx([p.delta_active for p in a.threshold])
    assert (folder / "dp_counting.csv").exists() and (folder / "analysis.toml").exists()
    # an export into a folder that cannot exist: one readable error, nothing else breaks
    assert page.export_csv(str(tmp_path / "no" / "such" / "folder"))
    qtbot.waitUntil(lambda: not page.export_job.busy, timeout=30000)
    assert len(error_boxes()) == 1 and "folder" in error_boxes()[0].informativeText()
    assert page.csv_button.isEnabled()


def test_the_verdict_banner_has_room_for_its_padding(qtbot):
    """At 1280x800 the banner was squeezed to one line of text inside its box (clipped): it was
    first polished without a name, so the style sheet's border and padding never became its
    frame. Its height for its width must equal that of a label styled as a verdict from the start."""
    from PySide6.QtWidgets import QLabel

    from engine.outcome.verdict import Verdict
    from gui.pages.dp.results_view import DPResults
    from gui.resources import style_sheet
    from gui.widgets.verdict_banner import READY

    view = DPResults()
    view.setStyleSheet(style_sheet())
    qtbot.addWidget(view)
    view.resize(620, 700)
    view.show()
    view.verdict.show_verdict(Verdict(True, (), (), kind="dp"))
    reference = QLabel(view.verdict.text(), view)
    reference.setObjectName(READY)
    reference.setWordWrap(True)
    reference.ensurePolished()
    banner = view.verdict
    line = banner.fontMetrics().height()
    qtbot.waitUntil(lambda: banner.height() == banner.heightForWidth(banner.width()))
    assert banner.heightForWidth(600) == reference.heightForWidth(600) >= line + 2 * (6 + 1)
    assert banner.contentsRect().height() >= line
