"""The Scenarios page on the bundled census: build drop and recode scenarios with the preview,
run them, the table shows the engine's numbers, cancel leaves the page usable, save/open keeps
the scenarios, Suggest runs and its node becomes a scenario, the data is exported on request."""

from __future__ import annotations

from collections import Counter

import pandas as pd
import pytest

from engine.api import run_assessment
from engine.analysis.config import AnalysisConfig
from engine.io.encode import file_sha256
from engine.io.preview import subtable
from engine.remediation.hierarchy import level_counts
from engine.remediation.suggest import suggest
from engine.remediation.transforms import Drop, HierarchySpec, LocalSuppression, Recode, RecordSuppression
from engine.outcome.verdict import verdict
from gui.main_window import SCENARIOS
from gui.text import pct

from .conftest import CENSUS, QIDS, SENSITIVE, error_boxes, load_census, set_roles, wait_idle

INTERVALS = 1  # position of "intervals of a width" in the builder list


@pytest.fixture
def page(qtbot, window):
    load_census(qtbot, window)
    set_roles(window, QIDS, SENSITIVE)
    window.show_page(SCENARIOS)
    return window.scenarios_page


def recode_birth_year(page, widths: str = "5, 10", level: int = 1):
    form = page.step_form
    form.choose("recode")
    box = form.recode
    box.column.setCurrentText("birth_year")
    box.builder.setCurrentIndex(INTERVALS)
    box.widths.setText(widths)
    box.refresh()
    box.level.setValue(level)
    return box


def build_two(page):
    page.add_scenario("drop school")
    page.step_form.choose("drop")
    page.step_form.drop_column.setCurrentText("school")
    page.step_form.add()
    page.add_scenario("drop school, band year")
    page.step_form.add()
    recode_birth_year(page)
    page.step_form.add()


def wait_page(qtbot, page, timeout: int = 120000):
    qtbot.waitUntil(lambda: not page.busy, timeout=timeout)


def test_recode_preview_counts_equal_the_engines_and_a_hand_count(page):
    box = recode_birth_year(page, "5, 10", 1)
    column = page.session.table["birth_year"]
    engine = level_counts(box.hierarchy, column, 1)
    assert box.preview_pairs() == engine
    years = pd.read_csv(CENSUS, usecols=["birth_year"])["birth_year"]
    hand = Counter(f"[{5 * (y // 5)}, {5 * (y // 5) + 5})" for y in years)
    assert dict(engine) == dict(hand) and sum(hand.values()) == 20000
    box.level.setValue(2)
    assert box.preview_pairs() == level_counts(box.hierarchy, column, 2)
    assert len(box.preview_pairs()) < len(engine)
    assert f"{len(engine)} categories" not in box.summary.text()
    box.widths.setText("5, 7")  # not nested: the engine's error is shown, nothing previewed
    box.refresh()
    assert box.summary.text().startswith("Cannot preview:") and box.preview.rowCount() == 0


def test_build_run_and_the_table_shows_the_engines_numbers(qtbot, page, window):
    build_two(page)
    scenarios = window.session.scenarios
    assert [s.name for s in scenarios] == ["drop school", "drop school, band year"]
    widths = HierarchySpec("intervals", params=(("widths", (5.0, 10.0)),))
    assert scenarios[1].steps == (Drop("school"), Recode("birth_year", 1, widths))
    assert page.step_list.count() == 2 and "birth_year" in page.step_list.item(1).text()
    page.crosstabs.setText("sex x birth_year")
    page._on_crosstabs()
    assert window.session.scenarios[1].crosstabs == (("sex", "birth_year"),)
    assert page.run()
    wait_page(qtbot, page)
    assert not error_boxes()
    shown = window.session.result.assessment
    fresh = run_assessment(window.session.build_config().with_jobs(1),
                           table=subtable(window.session.table, window.session.build_config().needed_columns()))
    assert len(shown.scenarios) == 2
    table = page.table
    assert table.rowCount() == 3
    assert table.cell_text(0, "unique") == pct(max(r.posterior_det for r in fresh.reidentification))
    assert table.cell_text(0, "verdict") == ("ready" if verdict(fresh, fresh.config.report.thresholds).ready
                                             else "not ready")
    for row, result in enumerate(fresh.scenarios, start=1):
        risk = result.risk()
        assert table.cell_text(row, "unique") == pct(risk["worst_unique_share"])
        assert table.cell_text(row, "mean re-id. prob.") == pct(risk["worst_reid_prob"])
        assert table.cell_text(row, "certain inference") == pct(risk["worst_certain_inference_gain"])
        assert table.cell_text(row, "info lost") == pct(result.loss.share_lost)
        assert table.cell_text(row, "verdict") == ("ready" if result.ready else "not ready")
        # the banner under the comparison shows the selected scenario's verdict, reasons and all
        table.selectRow(row)
        judged = verdict(result.assessment, fresh.config.report.thresholds)
        assert page.verdict.text().startswith(f"<b>Scenario {result.scenario.name}: {judged.line}</b>")
        assert all(reason in page.verdict.text() for reason in judged.reasons)
    table.clearSelection()
    original = verdict(fresh, fresh.config.report.thresholds)
    assert page.verdict.text().startswith(f"<b>Original file: {original.line}</b>")
    assert table.cell_text(1, "school: lost") == "left out · 100%"
    assert table.cell_text(2, "birth_year: lost").startswith("level 1 · ")
    tvd = fresh.scenarios[1].loss.tvd["sex x birth_year"]
    assert tvd > 0 and table.cell_text(2, "TVD sex x birth_year") == f"{tvd:.4f}"
    assert table.cell_text(1, "TVD sex x birth_year") == "—"
    assert [p.label for p in page.plot.points] == ["original", "drop school", "drop school, band year"]
    original, *points = page.plot.points
    assert original.original and original.loss == 0.0 and not any(p.original for p in points)
    assert original.unique_share == max(r.posterior_det for r in fresh.reidentification)
    for point, result in zip(points, fresh.scenarios):
        assert (point.unique_share, point.reid_prob, point.loss, point.ready) == (
            result.risk()["worst_unique_share"], result.risk()["worst_reid_prob"], result.loss.share_lost,
            result.ready)
    assert page.tabs.currentIndex() == 1


def test_cancel_leaves_the_page_usable(qtbot, page, window):
    build_two(page)
    assert page.run()
    page.cancel()
    wait_page(qtbot, page)
    assert window.session.result is None and not error_boxes()
    assert page.run_button.isEnabled() and page.run_bar.isHidden()
    assert page.run()  # the page still runs
    wait_page(qtbot, page)
    assert len(window.session.result.assessment.scenarios) == 2


def test_the_scenarios_run_and_the_main_run_exclude_each_other(qtbot, page, window):
    """Both make the assessment: while one runs the other's buttons are disabled with a tooltip
    saying why and asking to start it does nothing; the finished one is the result."""
    from gui.main_window import ATTACKS, SCENARIOS_RUNNING
    from gui.pages.scenarios_page import LOCKED_TIP, RUN_TIP

    build_two(page)
    attacks = window.attacks_page.run_button
    assert attacks.isEnabled() and window.run_action.isEnabled() and page.run_button.toolTip() == RUN_TIP
    assert page.run()
    assert not attacks.isEnabled() and attacks.toolTip() == SCENARIOS_RUNNING
    assert not window.run_action.isEnabled() and window.cancel_action.isEnabled()  # the page in front runs
    window.show_page(ATTACKS)  # the toolbar now drives the attacks: refused while the scenarios run
    assert not window.run_action.isEnabled() and window.run_action.toolTip() == SCENARIOS_RUNNING
    assert not window.flow.run() and not window.flow.runner.busy  # refused, not queued
    wait_page(qtbot, page)
    assert attacks.isEnabled() and window.run_action.isEnabled() and attacks.toolTip() == ""
    scenarios_result = window.session.result
    assert len(scenarios_result.assessment.scenarios) == 2
    window.run()
    assert window.flow.runner.busy
    assert not page.run_button.isEnabled() and page.run_button.toolTip() == LOCKED_TIP
    assert not page.run() and not page.run_job.busy
    wait_idle(qtbot, window)
    assert page.run_button.isEnabled() and page.run_button.toolTip() == RUN_TIP
    result = window.session.result
    assert result is not scenarios_result  # the main run's, which runs the scenarios too
    assert [s.risk() for s in result.assessment.scenarios] == [s.risk() for s in scenarios_result.assessment.scenarios]
    assert result.assessment.reidentification == scenarios_result.assessment.reidentification
    assert not error_boxes()


@pytest.mark.slow
def test_pick_export_save_and_open_keep_the_scenarios(qtbot, page, window, tmp_path):
    build_two(page)
    page.step_form.choose("local_suppression")
    page.step_form.local_k.setValue(2)
    page.step_form.add()  # school was dropped by this scenario: left out of the importance order
    step = window.session.scenarios[1].steps[-1]
    assert isinstance(step, LocalSuppression) and "school" not in step.importance
    assert page.run()
    wait_page(qtbot, page)
    page.table.selectRow(2)
    page.pick(page.table.selected_name())
    assert [s.recommended for s in window.session.scenarios] == [False, True]
    assert window.session.result.assessment.scenarios[1].scenario.recommended
    assert "★" in page.table.item(2, 1).text() and "drop school, band year" in page.recommendation.text()
    out = tmp_path / "release.csv"
    assert page.export("drop school, band year", str(out))
    wait_page(qtbot, page)
    assert not error_boxes()
    written = pd.read_csv(out)
    assert "school" not in written.columns and "student_id" not in written.columns
    assert len(written) == 20000
    exported = window.session.scenarios[1].exported
    assert exported.source_sha256 == file_sha256(CENSUS) and exported.sha256 == file_sha256(out)
    assert window.saved_notice.label.text() == f"Saved to {out}"  # with Open folder beside it
    analysis = tmp_path / "analysis.toml"
    assert window.flow.save_analysis(str(analysis))
    saved = AnalysisConfig.from_toml(analysis).scenarios
    assert saved == tuple(window.session.scenarios)
    text = analysis.read_text(encoding="utf-8")
    assert "[[scenario]]" in text and "recommended = true" in text
    window.session.set_scenarios([])
    assert page.scenario_list.count() == 0
    assert window.flow.open_analysis(str(analysis))
    qtbot.waitUntil(lambda: len(window.session.scenarios) == 2 and not window.flow.loader.busy, timeout=30000)
    assert tuple(window.session.scenarios) == saved
    assert [page.scenario_list.item(i).text() for i in range(2)] == ["drop school", "drop school, band year  ★"]


def test_suggest_runs_and_its_node_becomes_a_scenario(qtbot, page, window):
    panel = page.suggest_panel
    page.tabs.setCurrentIndex(2)
    recode_birth_year(page, "5, 10")
    page._take_recode()
    specs = {"birth_year": HierarchySpec("intervals", params=(("widths", (5.0, 10.0)),)),
             "school": HierarchySpec("merge", params=(("groups", (("first", ("SCH-0001",)),)),))}
    panel.set_spec("school", specs["school"])
    assert panel.specs == specs
    panel.k.setValue(2)
    panel.max_suppression.setValue(5.0)
    seen = []
    page.suggest_job.progress.connect(seen.append)
    assert page.run_suggest()
    assert page.run_bar.isVisible() or not page.busy
    wait_page(qtbot, page)
    assert not error_boxes()
    # progress reached the bar: the search's node count, ending at the whole lattice
    steps = [p for p in seen if p.stage == "suggest"]
    assert steps and steps[-1].done == steps[-1].total == panel.suggestion.nodes_total
    # the limits are the analysis's thresholds, the search keeps to them
    limits = window.session.config.report.thresholds
    assert panel.thresholds() == limits and panel.use_thresholds.isChecked()
    table = subtable(window.session.table, [*window.session.qids, *SENSITIVE])
    expected = suggest(table, panel.config(table))
    got = panel.suggestion
    assert got.target.max_reid_prob == limits.reid_prob and got.target.max_inference_gain == \
        limits.inference_certain_gain
    assert got.best is not None and got.best.levels == expected.best.levels and got.optimal == expected.optimal
    levels = ", ".join(f"{q} = {level}" for q, level in zip(got.qids, got.best.levels))
    assert levels in panel.best.text()
    assert panel.runners.rowCount() == len(expected.alternatives)
    page.scenario_from_suggestion()
    scenario = window.session.scenarios[-1]
    recodes = tuple(Recode(q, level, specs[q]) for q, level in zip(got.qids, got.best.levels) if level)
    suppression = (RecordSuppression(2, 5.0),) if got.best.suppressed_records else ()
    assert scenario.steps == recodes + suppression
    assert ("record suppression" in panel.note.text()) == bool(suppression)
    # the suggestion is shown with the verdict its scenario gets when the scenarios are run
    config = AnalysisConfig(data=window.session.config.data, roles=window.session.config.roles,
                            scenarios=(scenario,))
    (ran,) = run_assessment(config).scenarios
    judged = panel.judged
    assert judged is not None and judged.ready is ran.ready
    assert [(c.measure, c.value) for c in judged.checks] == [(c.measure, c.value) for c in ran.judged.checks]
    assert judged.line in panel.verdict.text() and not panel.verdict.isHidden()


def test_suggest_cancel_and_bad_input(qtbot, page):
    panel = page.suggest_panel
    assert not page.run_suggest()  # no hierarchy: a one-line message
    qtbot.waitUntil(lambda: bool(error_boxes()))
    assert "give a hierarchy" in error_boxes()[0].informativeText()
    error_boxes()[0].close()
    recode_birth_year(page)
    page._take_recode()
    assert page.run_suggest()
    page.cancel()
    wait_page(qtbot, page)
    assert panel.suggestion is None and panel.run_button.isEnabled()
    assert page.run_suggest()
    wait_page(qtbot, page)
    assert panel.suggestion is not None


@pytest.mark.slow
def test_scenarios_of_a_linked_analysis_run_the_linked_attacks(qtbot, window):
    """With linked releases the page runs the whole linked assessment, first and again,
    equal to the engine's."""
    from .conftest import EXAMPLES

    load_census(qtbot, window, EXAMPLES / "example12.csv")
    set_roles(window, ("gender", "occupation"), ("illness",))
    releases = window.releases_page
    releases.focal_key.setCurrentIndex(releases.focal_key.findData("id"))
    releases.focal_key.activated.emit(releases.focal_key.currentIndex())
    releases.add_release_file(str(EXAMPLES / "example20_release2.csv"))
    window.session.set_duplicates("first")
    page = window.scenarios_page
    page.add_scenario("drop gender", (Drop("gender"),))
    expected = run_assessment(window.session.build_config())
    (scenario,) = expected.scenarios
    assert scenario.assessment.longitudinal.qids == ("occupation@1", "occupation@2")
    for _ in range(2):  # the second run has the same analysis: the releases are read again, not skipped
        assert page.run()
        wait_page(qtbot, page)
        assert not error_boxes()
        (shown,) = window.session.result.assessment.scenarios
        assert shown.assessment.longitudinal.reidentification == scenario.assessment.longitudinal.reidentification
        assert shown.risk() == scenario.risk() and shown.verdict == scenario.verdict


LINKED_SCENARIOS = """
version = 1

[data]
path = "focal.csv"

[roles]
quasi_identifiers = ["birth_year", "sex", "school"]
sensitive = ["special_needs"]
linkage_keys = ["student_id"]

[linkage]
key = "student_id"
focal_label = "2014"

[[linkage.releases]]
path = "later.csv"
label = "2015"

[[scenario]]
name = "drop school"
steps = [{ op = "drop", column = "school" }]

[[scenario]]
name = "band year"
steps = [{ op = "recode", column = "birth_year", level = 1, intervals = [4] }]
"""


@pytest.mark.slow
def test_export_of_a_linked_scenario_writes_every_release(qtbot, window, tmp_path):
    """Export from the Scenarios page of a linked analysis: the main release and the linked one
    (NAME_2015.csv beside it) are written and recorded, and a fresh assessment of the two files
    gives the scenario's numbers."""
    from dataclasses import replace

    from engine.analysis.config import DataSource, Release
    from engine.remediation.scenarios import risk_summary

    focal = pd.read_csv(CENSUS)
    focal.to_csv(tmp_path / "focal.csv", index=False)
    later = focal.sample(15000, random_state=4)[["student_id", "birth_year", "school"]]
    later["birth_year"] += 1
    strangers = pd.DataFrame({"student_id": [9_000_001, 9_000_002], "birth_year": [1950, 2030],
                              "school": ["SCH-0001", "SCH-9999"]})
    pd.concat([later, strangers]).to_csv(tmp_path / "later.csv", index=False)
    (tmp_path / "analysis.toml").write_text(LINKED_SCENARIOS, encoding="utf-8")
    assert window.flow.open_analysis(str(tmp_path / "analysis.toml"))
    qtbot.waitUntil(lambda: len(window.session.scenarios) == 2 and not window.flow.loader.busy, timeout=30000)
    window.show_page(SCENARIOS)
    page = window.scenarios_page
    assert page.run()
    wait_page(qtbot, page)
    results = {r.scenario.name: r for r in window.session.result.assessment.scenarios}
    for name, file in (("band year", "banded.csv"), ("drop school", "dropped.parquet")):
        out = tmp_path / "out" / file
        out.parent.mkdir(exist_ok=True)
        assert page.export(name, str(out))
        wait_page(qtbot, page)
        assert not error_boxes()
        linked_file = out.with_name(out.stem + "_2015" + out.suffix)
        exported = next(s for s in window.session.scenarios if s.name == name).exported
        assert exported.path == str(out) and exported.sha256 == file_sha256(out)
        assert [(r.label, r.path, r.source_sha256, r.sha256) for r in exported.releases] == [
            ("2015", str(linked_file), file_sha256(tmp_path / "later.csv"), file_sha256(linked_file))]
        assert str(linked_file) in page.recommendation.text()
        read = pd.read_csv if out.suffix == ".csv" else pd.read_parquet
        written_later = read(linked_file)
        assert len(written_later) == len(later) + 2   # every record of the linked release
        if name == "band year":
            assert written_later["birth_year"].iloc[-2:].tolist() == ["[1948, 1952)", "[2028, 2032)"]
        else:
            assert "school" not in written_later.columns and "school" not in read(out).columns
        scenario = results[name]
        fresh = run_assessment(replace(scenario.assessment.config, data=DataSource(str(out)), linkage=replace(
            scenario.assessment.config.linkage, releases=(Release(DataSource(str(linked_file)), "2015"),))))
        assert risk_summary(fresh) == scenario.risk()
        assert fresh.longitudinal.reidentification == scenario.assessment.longitudinal.reidentification
    analysis = tmp_path / "saved.toml"
    assert window.flow.save_analysis(str(analysis))
    saved = AnalysisConfig.from_toml(analysis)
    assert saved.scenarios[1].exported.releases[0].path == str(tmp_path / "out" / "banded_2015.csv")
    assert "out/banded_2015.csv" in analysis.read_text(encoding="utf-8")   # relative, as the data paths
