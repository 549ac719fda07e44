"""The analyst's whole flow on the bundled example, compared with the engine's own numbers."""

from __future__ import annotations

import threading
import time
from dataclasses import replace

import numpy as np
import pytest
from PySide6.QtCore import QItemSelectionModel, Qt, QTimer

from engine.api import run_assessment
from engine.analysis.config import AnalysisConfig, DataSource, Target
from engine.outcome.selection import top_by_size
from gui.dialogs.import_dialog import ImportDialog
from gui.models.profile_model import ROLE_COLUMN
from gui.models.results_models import SORT_ROLE

from .conftest import CENSUS, CENSUS_TOML, QIDS, SENSITIVE, error_boxes, set_roles, wait_loaded


def _open_with_dialog(qtbot, window, monkeypatch):
    """Open the census through the import dialog (its live preview checked on the way)."""
    seen = {}

    def ask(cls, parent, source):
        dialog = cls(source, parent)
        qtbot.addWidget(dialog)
        seen["columns"] = dialog.model.columnCount()
        seen["rows"] = dialog.model.rowCount()
        seen["detected"] = dialog.detected.text()
        return dialog.source()

    monkeypatch.setattr(ImportDialog, "ask", classmethod(ask))
    assert window.flow.open_data_file(str(CENSUS))
    wait_loaded(qtbot, window)
    return seen


@pytest.mark.slow
def test_full_flow_matches_the_engine(qtbot, window, monkeypatch):
    seen = _open_with_dialog(qtbot, window, monkeypatch)
    assert seen == {"columns": 13, "rows": 30,
                    "detected": "Reading with delimiter: comma; encoding: utf-8. 13 columns; "
                                "first 30 rows shown."}
    page = window.data_page
    assert window.pages.currentWidget() is page
    assert page.table_model.rowCount() == 20000
    assert page.table_model.index(0, 0).data() == "104658"
    assert "student_id" in page.identifier_banner.text()
    assert window.session.roles["student_id"] == "identifiers"

    # Roles: the first through the combo shown in the Role column, the rest through the model.
    row = [p.name for p in window.session.profiles].index(QIDS[0])
    combo = page.roles_view.indexWidget(page.roles_model.index(row, ROLE_COLUMN))
    combo.setCurrentIndex(combo.findData("quasi_identifiers"))
    assert window.session.roles[QIDS[0]] == "quasi_identifiers"
    set_roles(window, QIDS[1:], SENSITIVE)
    assert window.session.qids == QIDS and window.session.sensitive == SENSITIVE

    # A target picked from the data view (row 1 of the file), and one that matches nobody.
    view = page.table_view
    view.selectionModel().select(page.table_model.index(0, 0),
                                 QItemSelectionModel.SelectionFlag.ClearAndSelect
                                 | QItemSelectionModel.SelectionFlag.Rows)
    qtbot.mouseClick(page.target_button, Qt.MouseButton.LeftButton)
    picked = Target((("birth_year", "2010"), ("sex", "F"), ("race", "Black"), ("school", "SCH-0357")))
    window.session.add_target(Target((("school", "SCH-9999"),)))
    assert window.session.targets[0] == picked

    # Attacks page: both attacks, collective and individual, every subset size up to 3.
    window.show_page(3)
    attacks = window.attacks_page
    for box in (attacks.reid, attacks.inference, attacks.collective, attacks.individual):
        assert box.isChecked()
    qtbot.mouseClick(attacks.radio_max, Qt.MouseButton.LeftButton)
    attacks.max_size.setValue(3)
    assert window.session.family.kind == "max-size" and window.session.family.max_size == 3
    assert attacks.subset_count.text().startswith("<b>14 subsets</b> of 4 quasi-identifiers")
    assert "estimate" in attacks.estimate.text().lower()
    assert attacks.run_button.isEnabled()

    # Run: the engine runs on a worker thread while the GUI event loop keeps turning.
    threads = []
    real_run = run_assessment

    def recording_run(config, **kwargs):
        threads.append(threading.current_thread() is threading.main_thread())
        time.sleep(0.2)  # the run itself may take only milliseconds: keep it busy long enough to tick
        return real_run(config, **kwargs)

    monkeypatch.setattr("gui.assessment.run_assessment", recording_run)
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(window.flow.runner.busy))
    timer.start(10)
    qtbot.mouseClick(attacks.run_button, Qt.MouseButton.LeftButton)
    assert window.flow.runner.busy and window.run_bar.isVisible()
    qtbot.waitUntil(lambda: window.session.result is not None, timeout=60000)
    timer.stop()
    assert threads == [False]
    assert sum(ticks) >= 10, "the event loop stood still during the run"
    assert window.pages.currentWidget() is window.results_page
    assert not window.run_bar.isVisible()

    config = window.session.build_config()
    assert config.jobs == 2
    expected = run_assessment(replace(config, jobs=1))
    assert window.session.result.assessment.reidentification == expected.reidentification
    results = window.results_page

    # Top-subset table per size (probabilistic ranking), head-counts beside percentages.
    top = top_by_size(expected.reidentification, "posterior_prob")
    model = results.top_model
    assert model.rowCount() == 3
    for i, r in enumerate(top):
        values = [model.index(i, c).data(SORT_ROLE) for c in range(model.columnCount())]
        assert values[:2] == [len(r.qids), " + ".join(r.qids)]
        assert values[2] == pytest.approx(r.posterior_det) and values[3] == r.singletons
        assert values[5] == pytest.approx(r.posterior_prob) and values[6] == r.blocks
        assert model.index(i, 6).data() == f"{r.blocks:,}"
    prior = expected.reidentification[0].prior_prob
    assert model.headerData(5, Qt.Orientation.Horizontal) == f"Re-identified\n(prior {100 * prior:.2g}%)"
    assert "probabilistic 0.005%" in results.priors.text()
    assert model.headerData(2, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole).startswith(
        "Share of people who are unique on these attributes")

    # Sorting the table (by the deterministic posterior, descending).
    results.top_view.sortByColumn(2, Qt.SortOrder.DescendingOrder)
    shown = [results.top_proxy.index(i, 2).data(SORT_ROLE) for i in range(3)]
    assert shown == sorted((r.posterior_det for r in top), reverse=True)

    # Scatter: one dot per subset, y = posterior in percent, prior line in both panels.
    scatter = results.scatter
    assert len(scatter.rows) == 14
    for measure in ("posterior_det", "posterior_prob"):
        offsets = scatter.collections[measure].get_offsets()
        want = [100 * getattr(r, measure) for r in expected.reidentification]
        assert np.allclose(np.asarray(offsets)[:, 1], want)
        lines = [ln for ln in scatter.axes[measure].get_lines() if ln.get_linestyle() == "--"]
        prior_value = 100 * getattr(expected.reidentification[0], measure.replace("posterior", "prior"))
        assert lines and np.allclose(lines[0].get_ydata(), prior_value)
    # Hovering a dot shows its subset; clicking a table row rings its dot.
    from matplotlib.backend_bases import MouseEvent

    ax = scatter.axes["posterior_prob"]
    scatter.draw()
    x, y = ax.transData.transform((scatter.x["posterior_prob"][5], scatter.y["posterior_prob"][5]))
    scatter._on_motion(MouseEvent("motion_notify_event", scatter, x, y))
    note = scatter.annotation(ax)
    assert note.get_visible()
    assert note.get_text().splitlines()[0] == " + ".join(scatter.rows[5].qids)
    results.top_view.selectRow(0)
    selected = results.top_model.row_at(results.top_proxy.mapToSource(results.top_view.currentIndex()).row())
    assert scatter.selected == selected.qids
    assert results.scatter_selection.text() == "Selected: " + " + ".join(selected.qids)

    # Worst-case histograms: the engine's counts, one panel per chosen size.
    histograms = [h for h in expected.histograms if h.measure == "reidentification"]
    grid = results.histograms
    assert len(grid.bars) == len(histograms) == 3
    for (h, bars) in grid.bars.values():
        engine_h = next(e for e in histograms if e.qids == h.qids)
        assert [int(b.get_height()) for b in bars] == list(engine_h.counts)

    # Inference view for the sensitive column.
    results.attack.setCurrentIndex(1)
    assert results.attack.currentData() == "special_needs"
    inference_top = top_by_size([r for r in expected.inference if r.sensitive == "special_needs"],
                                "posterior_prob")
    values = {model.index(i, 1).data(SORT_ROLE): model.index(i, 6).data(SORT_ROLE)
              for i in range(model.rowCount())}
    assert values == {" + ".join(r.qids): r.expected_correct for r in inference_top}

    # Individual targets, including "no match".
    targets = results.targets_model
    assert targets.rowCount() == 2
    first, second = expected.targets
    assert targets.text(0, 1) == f"{first.block_size:,}"
    assert targets.text(1, 1).startswith("no match: value 'SCH-9999' does not occur")
    assert targets.text(1, 2) == "no match"
    guess = first.inference[0]
    assert targets.text(0, 4).startswith(f"{guess.most_likely}: ")
    assert not error_boxes()


def test_run_the_example_from_the_start_screen(qtbot, window):
    qtbot.mouseClick(window.start_page.run_example, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.session.result is not None, timeout=90000)
    assessment = window.session.result.assessment
    expected_config = AnalysisConfig.from_toml(CENSUS_TOML)
    assert assessment.config.roles == expected_config.roles
    assert len(assessment.reidentification) == 1023
    assert window.results_page.top_model.rowCount() == 10
    # The census example's check value: unique on (birth_day, birth_month, birth_year, school) = 0.934.
    row = next(r for r in assessment.reidentification
               if set(r.qids) == {"birth_day", "birth_month", "birth_year", "school"})
    assert row.posterior_det == pytest.approx(0.934, abs=5e-4)


def test_save_and_reopen_an_analysis(qtbot, window, settings, tmp_path):
    from gui.main_window import MainWindow

    window.flow.open_data_file(str(CENSUS), ask=False)
    wait_loaded(qtbot, window)
    set_roles(window)
    window.session.add_target(Target((("sex", "F"), ("birth_year", "2008"))))
    window.attacks_page.set_family(replace(window.session.family, kind="max-size", max_size=2))
    saved = window.session.build_config()
    data_file = tmp_path / "census.csv"
    data_file.write_bytes(CENSUS.read_bytes())
    window.session.source = DataSource(str(data_file))  # an analysis next to its data
    path = tmp_path / "analysis.toml"
    assert window.flow.save_analysis(str(path))
    text = path.read_text(encoding="utf-8")
    assert 'path = "census.csv"' in text
    assert "104658" not in text and "Cruz das Almas" not in text  # the config, never the data
    again = AnalysisConfig.from_toml(path)
    assert again.roles == saved.roles and again.subsets == saved.subsets
    assert again.targets == saved.targets and again.jobs == 2

    other = MainWindow(settings)
    qtbot.addWidget(other)
    assert other.flow.open_analysis(str(path))
    qtbot.waitUntil(lambda: other.session.qids == QIDS, timeout=20000)
    assert other.session.sensitive == SENSITIVE
    assert other.session.family == saved.subsets
    assert other.session.targets == list(saved.targets)
    assert other.session.source.path == str(data_file)
    assert other.attacks_page.subset_count.text().startswith("<b>10 subsets</b>")
    assert str(path.resolve()) in other.flow.recent_files()
    other.close()
