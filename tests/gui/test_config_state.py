"""The window edits the analysis file's config itself: opened and saved again it is the same
analysis (every section), a run from the window is the command line's run on that file, and
the toolbar drives the page in front."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from engine.analysis.config import AnalysisConfig, read_toml
from engine.dp.config import DPConfig
from engine.synthetic.config import SyntheticConfig

from .conftest import EXAMPLES, wait_loaded

ASSESS = """
version = 1

[data]
path = "census.csv"

[roles]
quasi_identifiers = ["sex", "birth_year", "race"]
sensitive = ["special_needs"]
identifiers = ["student_id"]

[attacks]
subsets = "max-size"
max_size = 2

[[targets]]
sex = "F"
birth_year = "2008"

[run]
jobs = 1
{cluster}

[report]
author = "Disclosure board"
include_examples = true

[report.thresholds]
unique_share = 0.2
reid_prob = 0.3
inference_certain_gain = 0.4
expected_reid_share = 0.05

[models]
enabled = true
l = 3

[models.targets]
k = 4
t = 0.5

[sample]
sampling_fraction = 0.25
risk_thresholds = [0.05, 0.5]
suda = true
suda_max_size = 2
dis_fraction = 0.2
"""

SCENARIO = """
[[scenario]]
name = "drop race"
steps = [{ op = "drop", column = "race" }]
"""

CLUSTER = 'cluster = "tcp://127.0.0.1:8786"'

LINKED = """
version = 1

[data]
path = "focal.csv"

[roles]
quasi_identifiers = ["age", "gender", "occupation@2019"]
sensitive = ["illness"]
linkage_keys = ["id"]

[attacks]
subsets = "all"

[linkage]
key = "id"
focal_label = "2018"
duplicates = "first"

[[linkage.releases]]
path = "later.csv"
label = "2019"
"""

SYNTHETIC = """
version = 1
kind = "synthetic"

[data.real]
path = "synthetic_real.csv"

[data.synthetic]
path = "synthetic_release.csv"

[data.control]
path = "synthetic_control.csv"

[roles]
quasi_identifiers = ["birth_year", "sex", "race"]
sensitive = "school_type"

[attacks]
names = ["closest-mia", "cap", "neighbourhood-aia"]
distance = "hamming"
radius = 1.5
criterion = "fp:0.05"
targets = 30
seed = 7
generator = "copy-perturb"
shadow_datasets = 6

[run]
jobs = {jobs}

[report]
author = "Disclosure board"
include_examples = true
show_targets = true

[report.thresholds]
unique_share = 0.2
reid_prob = 0.3
inference_certain_gain = 0.4
"""

DP_EXTRA = """
[threshold]
voters = 200
threshold = 20
known = 10
p = 0.01
epsilons = [0.5, 1.0]

[report]
author = "Disclosure board"
include_examples = false

[report.thresholds]
unique_share = 0.2
reid_prob = 0.3
inference_certain_gain = 0.4
expected_reid_share = 0.05
"""


def _write(folder: Path, name: str, text: str, *data: tuple[str, str]) -> Path:
    for source, target in data:
        shutil.copyfile(EXAMPLES / source, folder / target)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _open(qtbot, window, path: Path) -> None:
    window.open_analysis(str(path))
    wait_loaded(qtbot, window)
    qtbot.waitUntil(lambda: window.session.analysis_path == str(path), timeout=5000)


@pytest.mark.parametrize("scenario", [False, True])
def test_assessment_open_save_round_trip_keeps_every_section(qtbot, window, tmp_path, scenario):
    text = ASSESS.replace("{cluster}", CLUSTER) + (SCENARIO if scenario else "")
    path = _write(tmp_path, "analysis.toml", text, ("census_example.csv", "census.csv"))
    _open(qtbot, window, path)
    assert window.session.roles["race"] == "quasi_identifiers"
    saved = tmp_path / "saved.toml"
    assert window.flow.save_analysis(str(saved))
    opened = AnalysisConfig.from_toml(path)
    assert opened.report.thresholds.unique_share == 0.2 and opened.cluster.address  # the file is as written
    assert AnalysisConfig.from_toml(saved) == opened
    assert read_toml(saved) == opened.anchored(tmp_path).to_dict()  # data path relative to the file
    assert bool(read_toml(saved).get("scenario")) == scenario


def test_linked_analysis_round_trip(qtbot, window, tmp_path):
    path = _write(tmp_path, "linked.toml", LINKED, ("example12.csv", "focal.csv"),
                  ("example20_release2.csv", "later.csv"))
    _open(qtbot, window, path)
    qtbot.waitUntil(lambda: len(window.session.releases) == 1, timeout=5000)
    assert window.session.releases[0].linkage_key == "id"  # the focal key, found in the release
    saved = tmp_path / "saved.toml"
    assert window.flow.save_analysis(str(saved))
    assert AnalysisConfig.from_toml(saved) == AnalysisConfig.from_toml(path)
    assert window.session.build_config() == AnalysisConfig.from_toml(path)  # the run uses the file's config


def test_edits_replace_only_what_they_change(qtbot, window, tmp_path):
    path = _write(tmp_path, "analysis.toml", ASSESS.replace("{cluster}", ""), ("census_example.csv", "census.csv"))
    _open(qtbot, window, path)
    opened = AnalysisConfig.from_toml(path)
    window.data_page.set_role("school", "quasi_identifiers")
    window.session.set_jobs(2)
    config = window.session.build_config()
    assert config.roles.quasi_identifiers == ("sex", "birth_year", "race", "school")
    assert config.jobs == 2
    assert config.report == opened.report and config.sample == opened.sample and config.models == opened.models
    # unticking attribute inference leaves the sensitive column out of the run, not out of the analysis
    window.session.set_attacks(type(window.session.attacks)(inference=False))
    assert window.session.build_config().roles.sensitive == ()
    assert "special_needs" in window.session.build_config().roles.ignored
    assert window.session.config.roles.sensitive == ("special_needs",)


def _numbers(folder: Path) -> dict:
    """results.json without what differs from run to run (timings, when and where it ran)."""
    data = json.loads((folder / "results.json").read_text(encoding="utf-8"))

    def strip(value):
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items()
                    if k != "timings_seconds"}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return strip(data)


def test_window_run_equals_command_line_run(qtbot, window, tmp_path):
    from engine.commands import cli

    path = _write(tmp_path, "analysis.toml", ASSESS.replace("{cluster}", ""), ("census_example.csv", "census.csv"))
    assert cli.main(["assess", "--config", str(path), "--out", str(tmp_path / "cli"), "--quiet"]) == 0
    _open(qtbot, window, path)
    assert window.flow.run()
    qtbot.waitUntil(lambda: window.session.result is not None, timeout=120000)
    result = window.session.result
    assert result.config == AnalysisConfig.from_toml(path)  # the result carries the file's config
    assert not window.session.result_is_stale
    assert window.flow.export_tables(str(tmp_path / "gui"))
    qtbot.waitUntil(lambda: (tmp_path / "gui" / "results.json").exists() and not window.flow.exporter.busy,
                    timeout=60000)
    cli_numbers, gui_numbers = _numbers(tmp_path / "cli"), _numbers(tmp_path / "gui")
    assert gui_numbers == cli_numbers
    assert cli_numbers["config"]["report"]["thresholds"]["unique_share"] == 0.2  # not the default 0.01
    window.session.set_jobs(3)
    assert not window.session.result_is_stale  # the worker count changes no number
    assert window.results_page.stale.isHidden()
    window.data_page.set_role("school", "quasi_identifiers")
    assert window.session.result_is_stale and not window.results_page.stale.isHidden()
    assert window.session.result.config.roles.quasi_identifiers == ("sex", "birth_year", "race")


def test_synthetic_open_save_round_trip(qtbot, window, tmp_path):
    files = [(n, n) for n in ("synthetic_real.csv", "synthetic_release.csv", "synthetic_control.csv")]
    jobs = 64  # more workers than the spin box offers here: kept as the file says
    path = _write(tmp_path, "synthetic.toml", SYNTHETIC.replace("{jobs}", str(jobs)), *files)
    window.open_analysis(str(path))
    assert window.pages.currentWidget() is window.synthetic_page
    saved = tmp_path / "saved.toml"
    assert window.synthetic_page.save_analysis(str(saved))
    opened = SyntheticConfig.from_toml(path)
    assert opened.report.author == "Disclosure board" and opened.jobs == jobs
    assert SyntheticConfig.from_toml(saved) == opened
    assert read_toml(saved) == opened.anchored(tmp_path).to_dict()
    page = window.synthetic_page
    page.assessment = SimpleNamespace(config=opened)  # a result of the opened analysis
    assert not page.result_is_stale()
    page.seed.setValue(8)
    assert page.result_is_stale() and page.build_config() == replace(opened, seed=8)


def test_dp_open_save_round_trip(qtbot, window, tmp_path):
    text = (EXAMPLES / "dp_demo.toml").read_text(encoding="utf-8") + DP_EXTRA
    path = _write(tmp_path, "dp.toml", text, ("census_example.csv", "census_example.csv"))
    window.open_analysis(str(path))
    assert window.pages.currentWidget() is window.dp_page
    saved = tmp_path / "saved.toml"
    assert window.dp_page.save_analysis(str(saved))
    opened = DPConfig.from_toml(path)
    assert opened.threshold is not None and opened.report.author == "Disclosure board"
    assert DPConfig.from_toml(saved) == opened
    assert read_toml(saved) == opened.anchored(tmp_path).to_dict()
    page = window.dp_page
    page.assessment = SimpleNamespace(config=opened)  # a result of the opened analysis
    assert not page.result_is_stale()
    page.remove_scenario(0)
    assert page.result_is_stale() and page.config().scenarios == opened.scenarios[1:]
    page.assessment = None


def test_toolbar_acts_on_the_page_in_front(qtbot, window, tmp_path, monkeypatch):
    from gui.main_window import ATTACKS, DATA, DP, RELEASES, RESULTS, SCENARIOS, SYNTHETIC

    started = []
    for name, page in (("scenarios", window.scenarios_page), ("synthetic", window.synthetic_page),
                       ("dp", window.dp_page)):
        monkeypatch.setattr(page, "run", lambda name=name: started.append(name) or True)
        monkeypatch.setattr(page, "cancel", lambda name=name: started.append(f"cancel {name}"))
    monkeypatch.setattr(window.flow, "run", lambda: started.append("assessment") or False)
    monkeypatch.setattr(window.flow, "cancel", lambda: started.append("cancel assessment"))
    assessment = window.flow.controller
    controllers = {SYNTHETIC: ("synthetic", window.synthetic_page.controller),
                   DP: ("dp", window.dp_page.controller),
                   SCENARIOS: ("scenarios", window.scenarios_page.controller),
                   DATA: ("assessment", assessment), RELEASES: ("assessment", assessment),
                   ATTACKS: ("assessment", assessment), RESULTS: ("assessment", assessment)}
    exports = []
    for index, (name, controller) in controllers.items():
        for what in ("pdf", "tables"):
            monkeypatch.setattr(controller, f"ask_export_{what}", lambda w=what, n=name: exports.append((n, w)))
    window.flow.open_data_file(str(EXAMPLES / "census_example.csv"), ask=False)
    wait_loaded(qtbot, window)
    for index, (name, controller) in controllers.items():
        window.show_page(index)
        assert window.front_controller() is controller
        assert window.run_action.isEnabled()
        window.run_action.trigger()
        window.cancel_action.setEnabled(True)  # nothing runs here: the action is driven by hand
        window.cancel_action.trigger()
        assert started[-2:] == [name, f"cancel {name}"]
        window.pdf_action.setEnabled(True)
        window.pdf_action.trigger()
        window.tables_action.setEnabled(True)
        window.tables_action.trigger()
        assert exports[-2:] == [(name, "pdf"), (name, "tables")]
    # the loaded file is offered as the other pages' input
    assert window.synthetic_page.form.files.path("real") == str(EXAMPLES / "census_example.csv")
    assert window.dp_page.data_path.text() == str(EXAMPLES / "census_example.csv")


def test_toolbar_export_without_a_result_says_so(qtbot, window):
    from gui.main_window import DP

    window.show_page(DP)
    assert not window.pdf_action.isEnabled() and not window.tables_action.isEnabled()
    window.ask_export_pdf()
    box = window.dp_page.controller.last_error
    assert "Run the analysis on this page first" in box.informativeText()
    box.close()


def _type(field, text: str) -> None:
    field.setText(text)
    field.editingFinished.emit()


def test_cluster_fields_edit_the_config_and_round_trip(qtbot, window, tmp_path):
    from engine.analysis.config import ClusterOptions

    path = _write(tmp_path, "analysis.toml", ASSESS.replace("{cluster}", CLUSTER),
                  ("census_example.csv", "census.csv"))
    _open(qtbot, window, path)
    fields = window.attacks_page.cluster
    assert fields.address.text() == "tcp://127.0.0.1:8786" and fields.note.isHidden()  # loopback: no warning
    pems = {name: tmp_path / f"{name}.pem" for name in ("ca", "cert", "key")}
    for pem in pems.values():
        pem.write_text("-----BEGIN CERTIFICATE-----\n")
    _type(fields.address, "tls://scheduler.agency.internal:8786")
    assert not window.attacks_page.problem.isHidden()   # tls:// needs the three files first
    for name, pem in pems.items():
        _type(fields.files[f"tls_{name}"], str(pem))
    wanted = ClusterOptions("tls://scheduler.agency.internal:8786", str(pems["ca"]), str(pems["cert"]),
                            str(pems["key"]))
    assert window.session.build_config().cluster == wanted
    assert window.attacks_page.problem.isHidden() and fields.note.isHidden()
    saved = tmp_path / "saved.toml"
    assert window.flow.save_analysis(str(saved))
    # certificates beside the analysis file are saved relative to it, as the data file is
    assert read_toml(saved)["run"] == {"jobs": 1, "cluster": wanted.address, "cluster_ca": "ca.pem",
                                       "cluster_cert": "cert.pem", "cluster_key": "key.pem"}
    assert read_toml(saved)["data"]["path"] == "census.csv"
    assert AnalysisConfig.from_toml(saved).cluster == wanted
    assert AnalysisConfig.from_toml(saved) == replace(AnalysisConfig.from_toml(path), cluster=wanted)
    moved = tmp_path / "moved"
    moved.mkdir()
    for name in ("saved.toml", "census.csv", "ca.pem", "cert.pem", "key.pem"):
        shutil.copyfile(tmp_path / name, moved / name)
    _open(qtbot, window, moved / "saved.toml")   # the folder moved: the window finds its certificates there
    assert window.session.build_config().cluster == ClusterOptions(
        wanted.address, *(str(moved / f"{name}.pem") for name in ("ca", "cert", "key")))
    assert fields.files["tls_key"].text() == str(moved / "key.pem")
    elsewhere = tmp_path / "sub" / "saved.toml"    # the certificates outside its folder: absolute
    elsewhere.parent.mkdir()
    assert window.flow.save_analysis(str(elsewhere))
    assert read_toml(elsewhere)["run"]["cluster_ca"] == str(moved / "ca.pem")
    assert AnalysisConfig.from_toml(elsewhere).cluster == window.session.build_config().cluster

    note = window.flow.assessment.note(window.session.build_config())   # shown while the attacks run
    assert note == "on the Dask cluster at tls://scheduler.agency.internal:8786"
    window.run_bar.begin("Starting the attacks", note=note)
    assert note in window.run_bar.detail.text()
    window.run_bar.end()

    for name in pems:
        _type(fields.files[f"tls_{name}"], "")
    _type(fields.address, "tcp://10.1.2.3:8786")
    assert not fields.note.isHidden() and "plain tcp" in fields.note.text()
    assert window.attacks_page.problem.isHidden()        # a warning, not a fault
    _type(fields.address, "")
    assert not window.session.build_config().cluster.enabled and fields.note.isHidden()
    assert window.flow.save_analysis(str(saved))
    assert read_toml(saved)["run"] == {"jobs": 1}
    window.session.set_cluster(wanted)                    # opened or set elsewhere: the fields follow
    window.attacks_page.refresh()
    assert fields.address.text() == wanted.address and fields.files["tls_key"].text() == str(pems["key"])
