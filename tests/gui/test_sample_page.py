"""Sample files in the window: weight and household roles (a suggested weight is never chosen
on its own), the sample options on the Attacks page, and the Sample file results view showing
the engine's numbers (checked against the closed forms by hand)."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import Qt

from engine.analysis.config import AnalysisConfig
from engine.report.findings import pct, people
from engine.analysis.sample_options import SampleOptions

from ..sample_survey import ROWS, hand_household_risks, hand_risks, risk_f1, write_survey
from .conftest import error_boxes, wait_idle, wait_loaded

@pytest.fixture
def survey(tmp_path):
    return write_survey(tmp_path / "survey.csv")


def load(qtbot, window, path) -> None:
    window.flow.open_data_file(str(path), ask=False)
    wait_loaded(qtbot, window)


def test_hand_risks_are_the_published_closed_forms():
    risks = hand_risks()
    assert risks[0] == pytest.approx(0.1 / 0.9 * math.log(10)) == pytest.approx(risk_f1(0.1))  # f = 1
    assert risks[1] == risks[2] == pytest.approx(0.1 / 0.81 * (0.1 * math.log(0.1) + 0.9))  # f = 2, F^ = 20
    assert risks[9] == 1.0  # weight 1: the record is its own population


def test_weight_is_suggested_never_chosen(qtbot, window, survey):
    load(qtbot, window, survey)
    page, session = window.data_page, window.session
    assert session.roles["wgt"] == "ignored" and session.roles["person"] == "identifiers"
    assert session.config_for_saving().roles.weight is None
    assert not page.weight_box.isHidden()
    assert "Column <b>wgt</b> looks like a sampling weight by its name" in page.weight_note.text()
    assert "90% of its values above 1" in page.weight_note.text()
    assert page.weight_button.text() == "Use wgt as the sampling weight"
    qtbot.mouseClick(page.weight_button, Qt.MouseButton.LeftButton)
    assert session.roles["wgt"] == "weight" and page.weight_box.isHidden()
    assert "sampling weight: wgt" in page.role_summary.text()
    combo = page.roles_view.indexWidget(page.roles_model.index(4, 1))
    assert combo.currentText() == "Sampling weight"
    assert page.set_role("hh", "household")
    roles = session.config_for_saving().roles
    assert (roles.weight, roles.household) == ("wgt", "hh")
    assert "wgt" not in roles.ignored and "hh" not in roles.ignored
    assert page.set_role("region", "weight")  # one weight at most: the previous one is let go
    assert session.roles["wgt"] == "ignored" and session.single_role("weight") == "region"
    assert page.weight_box.isHidden()  # a weight is chosen: no suggestion


def test_sample_options_edit_the_config_and_survive_saving(qtbot, window, survey, tmp_path):
    load(qtbot, window, survey)
    for name in ("age", "sex"):
        window.data_page.set_role(name, "quasi_identifiers")
    window.data_page.set_role("wgt", "weight")
    page = window.attacks_page
    assert "Sampling weight: <b>wgt</b>" in page.sample_note.text()
    assert not page.suda_max.isEnabled()
    page.suda.setChecked(True)
    assert page.suda_max.isEnabled() and page.suda_max.maximum() == 2
    page.suda_max.setValue(1)
    page.dis_fraction.setValue(0.05)
    page.fraction_given.setChecked(True)
    page.fraction.setValue(0.1)
    assert page.missing.currentData() == "value"
    page.thresholds.setText("0.5; 0.02, 0.1")
    page.thresholds.editingFinished.emit()
    expected = SampleOptions(sampling_fraction=0.1, risk_thresholds=(0.02, 0.1, 0.5), suda=True,
                             suda_max_size=1, dis_fraction=0.05)
    assert window.session.sample == expected
    assert page.thresholds.text() == "0.02, 0.1, 0.5"
    assert page.run_button.isEnabled()
    page.thresholds.setText("0.5, x")
    page.thresholds.editingFinished.emit()
    assert "Risk thresholds: 'x' is not a number" in page.problem.text() and not page.run_button.isEnabled()
    page.thresholds.setText("0.2, 1.5")
    page.thresholds.editingFinished.emit()
    assert "Risk thresholds: 1.5 must be in (0, 1]." in page.problem.text()
    assert window.session.sample == expected
    page.thresholds.setText("0.02, 0.1, 0.5")
    page.thresholds.editingFinished.emit()
    assert page.problem.isHidden() and page.run_button.isEnabled()

    saved = tmp_path / "survey.toml"
    assert window.flow.save_analysis(str(saved))
    config = AnalysisConfig.from_toml(saved)
    assert (config.roles.weight, config.roles.household, config.sample) == ("wgt", None, expected)
    window.data_page.set_role("wgt", "ignored")
    window.session.set_sample(SampleOptions())
    assert window.flow.open_analysis(str(saved))
    qtbot.waitUntil(lambda: window.session.sample == expected and window.session.single_role("weight") == "wgt",
                    timeout=20000)
    assert page.suda.isChecked() and page.suda_max.value() == 1 and page.thresholds.text() == "0.02, 0.1, 0.5"


@pytest.mark.slow
def test_results_show_the_engines_sample_risk(qtbot, window, survey):
    load(qtbot, window, survey)
    for name in ("age", "sex"):
        window.data_page.set_role(name, "quasi_identifiers")
    window.data_page.set_role("wgt", "weight")
    window.data_page.set_role("hh", "household")
    window.session.set_sample(SampleOptions(suda=True))
    assert window.flow.run()
    qtbot.waitUntil(lambda: window.session.result is not None, timeout=60000)
    wait_idle(qtbot, window)
    sample = window.session.result.assessment.sample_risk
    assert sample is not None and sample.weight == "wgt" and sample.household == "hh"
    risks, households = hand_risks(), hand_household_risks()
    expected = sum(risks)
    assert sample.individual.expected_reidentifications == pytest.approx(expected, rel=1e-9)
    assert sample.household_summary.expected_reidentifications == pytest.approx(sum(households), rel=1e-9)

    view = window.results_page.sample_view
    window.show_page(4)
    window.results_page.tabs.setCurrentWidget(view)
    table = view.risk_table
    cells = [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]
    assert cells[0] == ["Expected re-identifications",
                        f"{people(expected)} ({pct(expected / len(ROWS))})",
                        f"{people(sum(households))} ({pct(sum(households) / len(ROWS))})"]
    assert cells[2][1] == "1"  # the record of weight 1 is certainly re-identified
    for row, (x, count) in zip(cells[3:], sample.individual.above_thresholds):
        assert row[0] == f"Records with risk above {x:g}"
        assert row[1] == f"{sum(r > x for r in risks):,}" == f"{count:,}"
    uniques = view.uniqueness_table
    assert uniques.item(0, 1).text().startswith(f"{pct(0.4)} (4 of 10)")  # 30F, 40F, 50F, 60F
    assert view.note.text().startswith(f"<b>About {people(expected)} people ({pct(expected / 10)} of the records) are "
                                       f"expected to be re-identified</b>")
    assert f"{sample.suda.special_uniques:,} records" in view.suda_label.text()
    assert sample.suda.variant in view.suda_label.toolTip()
    by_size = view.by_size_table
    assert by_size.rowCount() == len(sample.expected_by_size) == 2
    for r, e in enumerate(sample.expected_by_size):
        assert [by_size.item(r, c).text() for c in (0, 1, 4)] == [
            str(len(e.qids)), people(e.expected_reidentifications), " + ".join(e.qids)]
    assert by_size.item(1, 1).text() == people(expected)  # size 2 is the full key
    bars = view.risk_chart.bars
    assert [int(b.get_height()) for b in bars] == list(sample.individual_bins.counts)
    assert sum(sample.individual_bins.counts) == len(ROWS)
    window.resize(1280, 800)
    window.grab()  # draws the charts (no exception on a real result)


def test_a_weight_all_different_is_offered_and_loses_the_identifier_warning(qtbot, window, tmp_path):
    path = tmp_path / "calibrated.csv"
    lines = ["age,sex,peso"] + [f"{20 + i % 7},{'FM'[i % 2]},{10.25 + 3.5 * i}" for i in range(25)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    load(qtbot, window, path)
    page = window.data_page
    assert window.session.roles["peso"] == "identifiers"  # every value differs: flagged, as any such column
    assert not page.identifier_banner.isHidden() and "<b>peso</b>" in page.identifier_banner.text()
    assert "by its name and its values" in page.weight_note.text()
    page.accept_weight_suggestion()
    assert window.session.roles["peso"] == "weight" and page.identifier_banner.isHidden()


def test_a_bad_weight_stops_the_run_with_a_message_naming_it(qtbot, window, survey, monkeypatch):
    from gui.dialogs import errors

    load(qtbot, window, survey)
    for name in ("age", "sex"):
        window.data_page.set_role(name, "quasi_identifiers")
    window.data_page.set_role("region", "weight")  # text, not a number
    shown = []
    monkeypatch.setattr(errors, "show_error", lambda parent, title, message, details="": shown.append(
        (title, message)))
    monkeypatch.setattr("gui.controller.show_error", errors.show_error)
    assert window.flow.run()
    qtbot.waitUntil(lambda: bool(shown), timeout=60000)
    wait_idle(qtbot, window)
    title, message = shown[0]
    assert title == "The attacks could not run"
    assert "weight column 'region' has 'North' in row 1" in message and "must be numbers" in message
    assert window.session.result is None and not error_boxes()
