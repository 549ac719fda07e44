"""Undo and redo of every kind of edit of the analysis (the config snapshots swap back), from
the Edit menu and the standard shortcuts, with the pages showing the restored analysis."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from engine.analysis.config import SubsetFamily, Target, Thresholds
from engine.remediation.transforms import Drop, HierarchySpec, Recode, Scenario
from gui.models.profile_model import ROLE_COLUMN

from .conftest import QIDS, SENSITIVE, load_census, set_roles


def combo_role(window, column: str) -> str:
    page = window.data_page
    row = [p.name for p in window.session.profiles].index(column)
    return page.roles_view.indexWidget(page.roles_model.index(row, ROLE_COLUMN)).currentData()


def test_edit_menu_and_standard_shortcuts(window):
    K = QKeySequence
    assert window.undo_action in window.edit_menu.actions() and window.redo_action in window.edit_menu.actions()
    assert window.undo_action.shortcuts() == K.keyBindings(K.StandardKey.Undo)
    assert window.redo_action.shortcuts() == K.keyBindings(K.StandardKey.Redo)
    assert not window.undo_action.isEnabled() and not window.redo_action.isEnabled()


def test_roles_undo_and_redo_from_the_menu_and_keys(qtbot, window):
    load_census(qtbot, window)
    assert window.session.undo_stack.count() == 0 and not window.isWindowModified()
    window.data_page.set_role("sex", "quasi_identifiers")
    window.data_page.set_role("race", "sensitive")
    assert window.undo_action.text() == "&Undo roles"
    window.undo_action.trigger()
    assert window.session.roles["race"] == "ignored" and combo_role(window, "race") == "ignored"
    assert window.session.roles["sex"] == "quasi_identifiers"
    window.setFocus()
    qtbot.keySequence(window, QKeySequence(QKeySequence.StandardKey.Undo))  # Ctrl+Z
    assert window.session.qids == () and combo_role(window, "sex") == "ignored"
    assert not window.isWindowModified()  # back where the file was opened
    qtbot.keySequence(window, QKeySequence(QKeySequence.StandardKey.Redo))
    assert window.session.qids == ("sex",) and combo_role(window, "sex") == "quasi_identifiers"
    window.redo_action.trigger()
    assert window.session.sensitive == ("race",) and window.isWindowModified()


def test_bulk_roles_are_one_step(qtbot, window):
    load_census(qtbot, window)
    page = window.data_page
    page.roles_view.clearSelection()
    names = [p.name for p in window.session.profiles]
    model = page.roles_view.selectionModel()
    for column in QIDS:
        model.select(page.roles_model.index(names.index(column), 0),
                     model.SelectionFlag.Select | model.SelectionFlag.Rows)
    assert page.selected_columns() == sorted(QIDS, key=names.index)
    assert page.bulk_buttons["quasi_identifiers"].isEnabled()
    qtbot.mouseClick(page.bulk_buttons["quasi_identifiers"], Qt.MouseButton.LeftButton)
    assert set(window.session.qids) == set(QIDS)
    assert all(combo_role(window, c) == "quasi_identifiers" for c in QIDS)
    assert window.session.undo_stack.count() == 1
    window.undo_action.trigger()
    assert window.session.qids == ()
    # the weight is one column: offered in the menu only when one column is selected
    weight = next(a for a in page.bulk_more.menu().actions() if a.data() == "weight")
    assert not weight.isEnabled()


def test_targets_attacks_and_releases_settings(qtbot, window):
    load_census(qtbot, window)
    set_roles(window)
    stack = window.session.undo_stack
    target = Target((("sex", "F"), ("birth_year", "2008")))
    window.session.add_target(target)
    assert window.session.targets == [target]
    window.undo_action.trigger()
    assert window.session.targets == []
    window.redo_action.trigger()
    assert window.session.targets == [target]
    family = window.session.family
    for size in (2, 3, 4):  # a spin box's steps: one undo step
        window.attacks_page.set_family(SubsetFamily(kind="max-size", max_size=size))
    count = stack.count()
    window.undo_action.trigger()
    assert window.session.family == family
    assert window.attacks_page.family_group.checkedId() >= 0
    window.redo_action.trigger()
    assert window.session.family == SubsetFamily(kind="max-size", max_size=4) and stack.count() == count


def test_report_settings_undo(qtbot, window):
    load_census(qtbot, window)
    report = window.session.report
    window.session.set_report(replace(report, author="A. Analyst", thresholds=Thresholds(unique_share=0.02)))
    assert window.undo_action.text() == "&Undo report settings"
    window.undo_action.trigger()
    assert window.session.report == report
    window.redo_action.trigger()
    assert window.session.report.author == "A. Analyst"


def test_scenario_steps_and_hierarchies(qtbot, window):
    load_census(qtbot, window)
    set_roles(window, QIDS, SENSITIVE)
    page = window.scenarios_page
    widths = HierarchySpec("intervals", params=(("widths", (5.0, 10.0)),))
    first = Scenario("drop school", (Drop("school"),))
    window.session.set_scenarios([first])
    banded = replace(first, steps=first.steps + (Recode("birth_year", 1, widths),))
    window.session.set_scenarios([banded])
    wider = replace(banded, steps=(Drop("school"), Recode("birth_year", 2, widths)))
    window.session.set_scenarios([wider])
    window.undo_action.trigger()
    assert window.session.scenarios == [banded]
    window.undo_action.trigger()
    assert window.session.scenarios == [first]
    assert page.scenario_list.count() == 1
    window.undo_action.trigger()
    assert window.session.scenarios == [] and page.scenario_list.count() == 0
    window.redo_action.trigger()
    window.redo_action.trigger()
    assert window.session.scenarios == [banded]


def test_opening_a_file_starts_a_new_history(qtbot, window):
    load_census(qtbot, window)
    set_roles(window)
    assert window.undo_action.isEnabled()
    window.session.undo_stack.setClean()
    load_census(qtbot, window)
    assert window.session.undo_stack.count() == 0 and not window.undo_action.isEnabled()


def test_suggest_hierarchies_are_edits_of_the_analysis(qtbot, window, tmp_path):
    """Suggest's hierarchy per QID (a file, the recode being built, "None", "make hierarchies
    for all QIDs") is undone and redone like any other edit, and marks the analysis modified."""
    load_census(qtbot, window)
    set_roles(window, QIDS, SENSITIVE)
    window.session.undo_stack.setClean()
    panel = window.scenarios_page.suggest_panel
    stack = window.session.undo_stack
    start = stack.count()
    widths = HierarchySpec("intervals", params=(("widths", (5.0, 10.0)),))
    arx = HierarchySpec("hierarchy", path=str(tmp_path / "school.csv"))
    panel.set_spec("birth_year", widths)
    assert window.session.suggest_hierarchies == (("birth_year", widths),) and window.isWindowModified()
    assert window.undo_action.text() == "&Undo Suggest hierarchies"
    panel.set_specs({"school": arx, "sex": None})                     # one edit for several QIDs
    assert stack.count() == start + 2 and panel.specs == {"birth_year": widths, "school": arx}
    row = panel.qids.index("school")
    assert panel.hierarchies.item(row, 1).text() != "none (kept as it is)"
    window.undo_action.trigger()
    assert panel.specs == {"birth_year": widths} and dict(window.session.suggest_hierarchies) == panel.specs
    assert panel.hierarchies.item(row, 1).text() == "none (kept as it is)"
    window.undo_action.trigger()
    assert panel.specs == {} and window.session.suggest_hierarchies == () and not window.isWindowModified()
    window.redo_action.trigger()
    window.redo_action.trigger()
    assert panel.specs == {"birth_year": widths, "school": arx}
    panel.set_spec("birth_year", None)                                  # the None button
    assert panel.specs == {"school": arx}
    window.undo_action.trigger()
    assert panel.specs["birth_year"] == widths
    # a QID made ignored leaves Suggest's list but keeps its hierarchy: undoing the role brings both back
    window.data_page.set_role("school", "ignored")
    assert "school" not in panel.specs and dict(window.session.suggest_hierarchies)["school"] == arx
    window.undo_action.trigger()
    assert panel.specs == {"birth_year": widths, "school": arx}
