"""The window shows a config's problem next to the control that edits its field: a red frame,
the message as the control's tooltip, in the error dialog and the status bar; the field is named
as the window names the control (gui/problems.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.gui.conftest import error_boxes, load_census, set_roles, wait_idle


def _run_refused(window):
    """Run; the refusal's message as the dialog shows it (the dialog closed)."""
    assert window.flow.run() is False
    box = error_boxes()[0]
    assert box.text() == "<b>The attacks cannot run yet</b>"
    message = box.informativeText()
    box.close()
    assert window.statusBar().currentMessage() == f"The attacks cannot run yet: {message}"
    return message


def _marked(widget, message):
    return widget.toolTip() == message and "#c0392b" in widget.styleSheet()


def test_every_field_maps_to_a_control_of_the_window(window):
    from gui.problems import CONTROLS, control_for

    for field in CONTROLS:
        assert control_for(window, field) is not None, field
    assert control_for(window, "roles.identifiers") is window.data_page.roles_view  # by the "roles" entry
    assert control_for(window, "subsets.subsets") is window.attacks_page.subset_list
    assert control_for(window, "cluster.address") is window.attacks_page.cluster.address
    assert control_for(window, "cluster.tls_ca") is window.attacks_page.cluster


def test_no_quasi_identifier_is_shown_on_the_role_column(qtbot, window):
    load_census(qtbot, window)
    message = _run_refused(window)
    assert message == ("no quasi-identifier chosen: name at least one column with the Quasi-identifier role "
                       "on the Data page")
    view = window.data_page.roles_view
    assert _marked(view, message)
    set_roles(window)
    assert window.attacks_page.problem.isHidden()
    assert window.flow.run() is True  # the next try clears the mark
    assert view.toolTip() != message and "#c0392b" not in view.styleSheet()
    wait_idle(qtbot, window)


def _changes(name):
    from engine.analysis.config import ClusterOptions, Target
    from engine.remediation.transforms import Drop, Scenario

    return {"target": {"targets": (Target((("sex", "M"), ("special_needs", "1"))),)},
            "scenario": {"scenarios": (Scenario("x", steps=(Drop("town"),)),)},
            "jobs": {"jobs": 0},
            "cluster": {"cluster": ClusterOptions(address="ftp://host:1")}}[name]


@pytest.mark.parametrize("name, control, message", [
    ("target", ("attacks_page", "targets"),
     "Individual targets: target 'sex=M; special_needs=1': 'special_needs' is a sensitive attribute, not "
     "something the attacker knows"),
    ("scenario", ("scenarios_page", "step_list"),
     "Steps (Scenarios page): scenario 'x', step 1: column 'town' is not a quasi-identifier of the analysis "
     "(quasi-identifiers: birth_year, sex, race, school)"),
    ("jobs", ("attacks_page", "jobs"), "Processor cores must be at least 1, got 0"),
    ("cluster", ("attacks_page", "cluster"),
     "Dask cluster (Attacks page, Run settings) must be tls://HOST:PORT or tcp://HOST:PORT, got 'ftp://host:1'"),
])
def test_a_problem_marks_the_control_of_its_field(qtbot, window, name, control, message):
    load_census(qtbot, window)
    set_roles(window)
    window.session.config = replace(window.session.config, **_changes(name))
    assert _run_refused(window) == message
    widget = getattr(getattr(window, control[0]), control[1])
    assert _marked(widget.address if name == "cluster" else widget, message)


def test_opening_an_analysis_with_a_column_in_two_roles_names_the_file_and_key(qtbot, window, tmp_path):
    from engine.analysis.config import AnalysisConfig, DataSource, Roles
    from tests.gui.conftest import CENSUS

    path = tmp_path / "two_roles.toml"
    path.write_text(AnalysisConfig(DataSource(str(CENSUS)), Roles(("sex", "race"), ("sex",))).to_toml(),
                    encoding="utf-8")
    assert window.flow.open_analysis(str(path)) is False
    box = error_boxes()[0]
    assert box.informativeText() == (f"{path}: roles.sensitive: column 'sex' cannot be both a quasi-identifier and "
                                     f"a sensitive attribute")
    box.close()
