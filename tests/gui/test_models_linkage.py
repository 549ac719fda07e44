"""Privacy models and linked releases through the window, compared with run_assessment."""

from __future__ import annotations

import math

import pytest

from engine.api import run_assessment
from engine.analysis.config import AnalysisConfig
from gui.widgets.models_view import LEVELS, level_text, smallest_k_by_size

from .conftest import EXAMPLES, error_boxes, load_census, set_roles

FOCAL = EXAMPLES / "example12.csv"
LATER = EXAMPLES / "example20_release2.csv"


def _run(qtbot, window):
    window.run()
    qtbot.waitUntil(lambda: window.session.result is not None or bool(error_boxes()), timeout=30000)
    assert not error_boxes()
    return window.session.result.assessment


def _cells(table):
    return [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]


def test_privacy_models_tab_matches_the_engine(qtbot, window):
    load_census(qtbot, window, FOCAL)
    set_roles(window, ("age", "gender", "occupation"), ("illness",))
    page = window.attacks_page
    page.models_enabled.setChecked(True)
    for name, value in (("k", 2), ("l", 2), ("t", 0.2)):
        check, spin = page.model_targets[name]
        check.setChecked(True)
        spin.setValue(value)
    assessment = _run(qtbot, window)
    expected = run_assessment(window.session.build_config())
    assert [m.to_dict() for m in expected.privacy_models] == [m.to_dict() for m in assessment.privacy_models]
    full = [m for m in expected.privacy_models if m.qids == ("age", "gender", "occupation")]
    assert len(full) == 1
    view = window.results_page.models_view
    cells = _cells(view.levels)
    assert [row[0] for row in cells] == [label for _, label in LEVELS]
    assert cells[0][1] == f"{full[0].k:,}"
    for row, (name, _) in enumerate(LEVELS):
        text, undefined = level_text(full[0], name)
        assert cells[row][1] == text
        if undefined:
            assert text in ("undefined", "not achievable")
            assert view.levels.item(row, 1).toolTip() in "\n".join(full[0].notes)
    assert math.isnan(full[0].c) == (cells[4][1] == "undefined")
    shortfalls = _cells(view.shortfalls)
    assert len(shortfalls) == len(expected.model_shortfalls) >= 1
    for row, s in zip(shortfalls, expected.model_shortfalls):
        assert row[3] == f"{s.blocks:,} of {s.total_blocks:,}" and row[4] == f"{s.records:,}"
    k_rows = _cells(view.k_by_size)
    assert [(int(r[0]), int(r[1])) for r in k_rows] == \
        [(size, k) for size, k, _ in smallest_k_by_size(expected.privacy_models)]
    assert "smallest group" in view.levels.item(0, 0).toolTip()


def test_linked_release_run_save_and_reload(qtbot, window, tmp_path):
    load_census(qtbot, window, FOCAL)
    set_roles(window, ("gender", "occupation"), ("illness",))
    window.releases_page.focal_key.setCurrentIndex(window.releases_page.focal_key.findData("id"))
    window.releases_page.focal_key.activated.emit(window.releases_page.focal_key.currentIndex())
    window.releases_page.add_release_file(str(LATER))
    window.session.set_duplicates("first")
    window.session.set_family(window.session.family.parse("exact"))
    config = window.session.build_config()
    assert config.linkage.key == "id" and config.linkage.labels == ("1", "2")
    assessment = _run(qtbot, window)
    expected = run_assessment(config)
    linked = assessment.longitudinal
    assert linked.reidentification == expected.longitudinal.reidentification
    (crl,) = linked.reidentification
    assert (crl.posterior_det, crl.posterior_prob) == (pytest.approx(0.6), pytest.approx(0.8))
    results = window.results_page
    assert results.linked.isVisibleTo(results)
    assert results.top_model.row_at(0).qids == ("gender", "occupation")
    results.linked.setChecked(True)
    assert results.top_model.row_at(0).qids == ("gender@1", "occupation@1", "occupation@2")
    assert results.top_model.index(0, 5).data() == "80.0%"
    table = _cells(results.over_time.table)
    assert [row[0] for row in table] == ["release 1 alone", "+ release 2"]
    steps = expected.longitudinal.over_time
    assert [row[3] for row in table] == [f"{100 * s.reidentification.posterior_prob:.1f}%" for s in steps]
    assert table[1][4] == f"{100 * steps[1].inference[0].posterior_det:.1f}%"
    assert results.over_time.chart.figure.axes and len(results.over_time.chart.figure.axes[0].patches) == 6

    saved = tmp_path / "linked.toml"
    assert window.flow.save_analysis(str(saved))
    again = AnalysisConfig.from_toml(saved)
    assert again.linkage.key == "id" and [r.label for r in again.linkage.releases] == ["2"]
    assert again.linkage.duplicates == "first"
    window.session.releases.clear()
    assert window.flow.open_analysis(str(saved))
    qtbot.waitUntil(lambda: len(window.session.releases) == 1, timeout=20000)
    assert window.session.build_config().linkage == config.linkage


def test_release_whose_keys_never_match_is_a_visible_warning(qtbot, window, tmp_path):
    import pandas as pd

    later = tmp_path / "text_ids.csv"
    pd.read_csv(LATER).assign(id=lambda f: [f"P{i}" for i in f["id"]]).to_csv(later, index=False)
    load_census(qtbot, window, FOCAL)
    set_roles(window, ("gender", "occupation"), ("illness",))
    page = window.releases_page
    page.focal_key.setCurrentIndex(page.focal_key.findData("id"))
    page.focal_key.activated.emit(page.focal_key.currentIndex())
    page.add_release_file(str(later))
    window.session.set_family(window.session.family.parse("exact"))
    assert not page.match_warning.isVisibleTo(page)
    assessment = _run(qtbot, window)
    assert assessment.longitudinal.releases[1].linked == 0
    # the results page's warning banner and the over-time tab
    results = window.results_page
    assert results.warnings.isVisibleTo(results)
    assert "no record of the focal release matched on the linkage key 'id'" in results.warnings.text()
    assert "'P1', 'P2', 'P3' (text_ids.csv)" in results.warnings.text()
    over_time = results.over_time
    assert over_time.problem.isVisibleTo(over_time) and "no record of the focal release" in over_time.problem.text()
    assert "0 of 10 focal records matched, 0.0%" in over_time.note.text()
    # the releases page shows the match rate of the last run and the same warning
    window.show_page(2)
    qtbot.waitUntil(lambda: page.isVisible())
    assert page.matches.isVisible() and "text_ids.csv matched 0 of 10 focal records (0.0%)" in page.matches.text()
    assert page.match_warning.isVisible() and "no record of the focal release matched" in page.match_warning.text()
    page.grab().save(str(tmp_path / "releases.png"))
    results.over_time.grab().save(str(tmp_path / "over_time.png"))
    # once the releases change the old run's rates no longer describe them
    window.session.remove_release(0)
    assert not page.match_warning.isVisibleTo(page) and not page.matches.isVisibleTo(page)


def test_matching_release_shows_its_rate_without_a_warning(qtbot, window):
    load_census(qtbot, window, FOCAL)
    set_roles(window, ("gender", "occupation"), ("illness",))
    page = window.releases_page
    page.focal_key.setCurrentIndex(page.focal_key.findData("id"))
    page.focal_key.activated.emit(page.focal_key.currentIndex())
    page.add_release_file(str(LATER))
    window.session.set_family(window.session.family.parse("exact"))
    _run(qtbot, window)
    assert "example20_release2.csv matched 9 of 10 focal records (90.0%)" in page.matches.text()
    assert not page.match_warning.isVisibleTo(page)
    assert not window.results_page.over_time.problem.isVisibleTo(window.results_page.over_time)
