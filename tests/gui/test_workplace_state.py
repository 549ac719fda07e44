"""The window keeps its state straight across failed opens, runs and new files: a failed open
leaves the analysis's file as it was, report settings edited during a run are the result's, a
new data file empties the scenario list, the stale markers of Results and Scenarios follow one
rule, and the status bar shows errors in the window's language."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog

from engine.analysis.config import Thresholds
from engine.remediation.transforms import Drop, Scenario
from gui import i18n
from tests.gui.conftest import EXAMPLES, error_boxes, forget_edits, load_census, set_roles, wait_idle


def _run_with_scenario(qtbot, window):
    load_census(qtbot, window)
    set_roles(window, ("birth_year", "sex", "race", "school"), ("special_needs",))
    window.run()
    wait_idle(qtbot, window)
    page = window.scenarios_page
    page.add_scenario("drop school", (Drop("school"),))
    assert page.run()
    qtbot.waitUntil(lambda: not page.busy and bool(window.session.result.assessment.scenarios), timeout=60000)
    return page


def test_a_failed_open_leaves_the_save_name_alone(qtbot, window, tmp_path, monkeypatch):
    load_census(qtbot, window)
    set_roles(window, ("birth_year", "sex"), ("special_needs",))
    other = tmp_path / "colleague.toml"
    text = 'version = 1\n[data]\npath = "moved_away.csv"\n[roles]\nquasi_identifiers = ["age"]\n'
    other.write_text(text, encoding="utf-8")
    window.open_analysis(str(other), confirmed=True)
    qtbot.waitUntil(lambda: bool(error_boxes()), timeout=10000)
    for box in error_boxes():
        box.close()
    assert window.session.analysis_path is None
    offered = {}

    def accept(parent, caption, start, filters, *args, **kwargs):
        offered["start"] = start
        return str(tmp_path / "mine.toml"), filters

    monkeypatch.setattr(QFileDialog, "getSaveFileName", accept)
    window.save_action.trigger()
    assert "colleague" not in offered["start"] and other.read_text(encoding="utf-8") == text


def test_report_settings_edited_during_a_run_are_the_results(qtbot, window):
    load_census(qtbot, window)
    set_roles(window, ("birth_year", "sex", "race", "school"), ("special_needs",))
    session = window.session
    window.run()
    relaxed = Thresholds(unique_share=0.99, reid_prob=0.99, inference_certain_gain=1.0, expected_reid_share=0.99)
    session.set_report(replace(session.report, thresholds=relaxed))
    wait_idle(qtbot, window)
    assert session.result.assessment.config.report.thresholds == relaxed
    assert window.results_page.verdict.text() != "" and "NOT READY" not in window.results_page.verdict.text()


def test_a_new_data_file_empties_the_scenario_list(qtbot, window):
    page = _run_with_scenario(qtbot, window)
    load_census(qtbot, window, EXAMPLES / "example_income.csv")
    qtbot.waitUntil(lambda: window.session.table.name == "example_income.csv", timeout=10000)
    assert not window.session.scenarios and page.scenario_list.count() == 0 and page.step_list.count() == 0


def test_results_and_scenarios_mark_a_stale_run_alike(qtbot, window):
    page = _run_with_scenario(qtbot, window)
    results = window.results_page
    assert not results.stale.isVisibleTo(results) and not page.stale.isVisibleTo(page)
    window.data_page.set_role("race", "ignored")                       # a role: both
    assert results.stale.isVisibleTo(results) and page.stale.isVisibleTo(page)
    assert "roles, attacks or options" in page.stale.text()
    window.undo_action.trigger()
    assert not results.stale.isVisibleTo(results) and not page.stale.isVisibleTo(page)
    window.session.set_scenarios([Scenario("drop race", (Drop("race"),))])   # the scenarios: both
    assert results.stale.isVisibleTo(results) and page.stale.isVisibleTo(page)
    assert "The scenarios changed" in page.stale.text()


@pytest.fixture
def portuguese(qtbot, qapp, tmp_path):
    from gui.main_window import MainWindow

    i18n.install(qapp, "pt_BR")
    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window, before_close_func=forget_edits)
    yield window
    forget_edits(window)
    window.close()
    i18n.uninstall(qapp)


def test_the_status_bar_shows_a_file_error_in_the_windows_language(qtbot, portuguese, tmp_path):
    portuguese.flow.open_data_file(str(tmp_path / "nada.csv"), ask=False)
    qtbot.waitUntil(lambda: bool(error_boxes()), timeout=10000)
    for box in error_boxes():
        box.close()
    status = portuguese.statusBar().currentMessage()
    assert "arquivo inexistente" in status and "no such file" not in status


def test_a_recent_file_moved_away_is_one_error_not_the_import_dialog(qtbot, window, tmp_path):
    load_census(qtbot, window)
    gone = tmp_path / "moved.csv"
    assert not window.flow.open_data_file(str(gone), ask=True)
    boxes = error_boxes()
    assert len(boxes) == 1 and f"{gone}: no such file" in boxes[0].informativeText()
    boxes[0].close()
    assert window.session.table.name == "census_example.csv"
