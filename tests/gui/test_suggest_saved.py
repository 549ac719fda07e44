"""Suggest's hierarchy per QID is saved in the analysis file ([[suggest.hierarchies]]) and given
back to the Suggest panel when the analysis is opened again."""

from __future__ import annotations

import tomllib

from engine.analysis.config import AnalysisConfig, DataSource
from engine.analysis.scenario_steps import HierarchySpec

from .conftest import CENSUS, QIDS, SENSITIVE, load_census, set_roles

NONE_TEXT = "none (kept as it is)"


def test_saved_suggest_hierarchies_come_back_on_reopen(qtbot, window, settings, tmp_path):
    from gui.main_window import MainWindow

    data_file = tmp_path / "census.csv"
    data_file.write_bytes(CENSUS.read_bytes())
    load_census(qtbot, window, data_file)
    set_roles(window, QIDS, SENSITIVE)
    panel = window.scenarios_page.suggest_panel
    widths = HierarchySpec("intervals", params=(("widths", (5.0, 10.0)),))
    school = HierarchySpec("hierarchy", path=str(tmp_path / "hierarchies" / "school.csv"))
    race = HierarchySpec("merge", params=(("groups", (("other", ("1", "2")),)),))
    panel.set_specs({"birth_year": widths, "school": school, "race": race})
    window.data_page.set_role("race", "ignored")      # kept by the window, not a QID of the saved analysis
    assert dict(window.session.suggest_hierarchies) == {"birth_year": widths, "race": race, "school": school}
    path = tmp_path / "analysis.toml"
    assert window.flow.save_analysis(str(path))
    assert not window.isWindowModified()
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    assert raw["suggest"]["hierarchies"] == [
        {"column": "birth_year", "intervals": [5.0, 10.0]},
        {"column": "school", "hierarchy": "hierarchies/school.csv"}]   # relative to the analysis file's folder
    assert AnalysisConfig.from_toml(path).suggest_hierarchies == (("birth_year", widths), ("school", school))

    other = MainWindow(settings)
    qtbot.addWidget(other)
    assert other.flow.open_analysis(str(path))
    qtbot.waitUntil(lambda: other.session.qids == ("birth_year", "sex", "school"), timeout=20000)
    shown = other.scenarios_page.suggest_panel
    assert shown.specs == {"birth_year": widths, "school": school}
    texts = {shown.qids[row]: shown.hierarchies.item(row, 1).text() for row in range(len(shown.qids))}
    assert texts["sex"] == NONE_TEXT and texts["birth_year"] != NONE_TEXT and texts["school"] != NONE_TEXT
    assert other.session.source == DataSource(str(data_file))
    assert not other.isWindowModified() and other.session.undo_stack.count() == 0
    shown.set_spec("school", None)                      # an edit of the reopened analysis, undone as any
    assert other.isWindowModified()
    other.undo_action.trigger()
    assert shown.specs == {"birth_year": widths, "school": school} and not other.isWindowModified()
    other.close()
