"""The window's number boxes take their ranges from the option declarations
(engine/analysis/options.py): an analysis file's valid value is shown and kept as written, not
clamped or rounded by a range or a number of decimals written a second time in the window."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtWidgets import QDoubleSpinBox, QSpinBox

from engine.analysis.config import AnalysisConfig, PrivacyModelOptions, SubsetFamily, Thresholds
from engine.analysis.sample_options import SampleOptions
from engine.synthetic.config import MAX_SHADOW_DATASETS, SyntheticConfig
from gui.dialogs.report_settings import ReportSettingsDialog
from gui.option_spin import decimals_for, fit_spin, show_value

from .conftest import EXAMPLES, wait_loaded

# valid values that a range or a number of decimals written in the window would change
UNUSUAL = """
version = 1

[data]
path = "census.csv"

[roles]
quasi_identifiers = ["sex", "birth_year", "race", "school"]
sensitive = ["special_needs"]

[attacks]
subsets = "all"

[report.thresholds]
unique_share = 0.00125
reid_prob = 0.3
inference_certain_gain = 0.4
expected_reid_share = 0.05

[models]
enabled = true
l = 150

[models.targets]
k = 2000
alpha = 0.125
beta = 250.0

[sample]
sampling_fraction = 0.00025
suda = true
dis_fraction = 0.00035
"""


def test_decimals_for_a_value():
    assert decimals_for(0.01, 2) == 2 and decimals_for(0.5, 2) == 2
    assert decimals_for(0.00025, 4) == 5 and decimals_for(0.125, 2) == 3
    assert decimals_for(1 / 3, 2) == 12   # as many as a box shows: 0.333333333333


def test_fit_spin_ranges(qapp):
    spin = QDoubleSpinBox()
    spin.setDecimals(4)
    fit_spin(spin, SampleOptions, "sampling_fraction")
    assert (spin.minimum(), spin.maximum()) == (0.0001, 1.0)   # above 0, as the rule says
    show_value(spin, 0.00025)
    assert spin.decimals() == 5 and spin.value() == 0.00025 and spin.minimum() == 0.00001
    show_value(spin, 0.5)
    assert spin.decimals() == 4 and spin.value() == 0.5 and spin.minimum() == 0.0001   # the box's own again

    whole = QSpinBox()
    fit_spin(whole, PrivacyModelOptions, "l")
    assert (whole.minimum(), whole.maximum()) == (1, 2**31 - 1)
    fit_spin(whole, AnalysisConfig, "sample.suda_max_size", high=7, special=True)
    assert (whole.minimum(), whole.maximum()) == (0, 7)   # 0: the special value (every size)
    fit_spin(whole, SyntheticConfig, "shadow_datasets")
    assert (whole.minimum(), whole.maximum(), whole.singleStep()) == (2, MAX_SHADOW_DATASETS, 2)

    percent = QDoubleSpinBox()
    percent.setDecimals(2)
    fit_spin(percent, Thresholds, "unique_share", scale=100.0)
    assert (percent.minimum(), percent.maximum()) == (0.0, 100.0)
    show_value(percent, 0.00125)   # a share, shown in percent
    assert percent.decimals() == 3 and percent.value() == 0.125


def test_window_boxes_follow_the_declarations(window):
    page = window.attacks_page
    assert page.models_l.minimum() == 1 and page.models_l.maximum() == 2**31 - 1
    assert (page.fraction.minimum(), page.fraction.maximum()) == (0.0001, 1.0)
    assert (page.dis_fraction.minimum(), page.dis_fraction.maximum()) == (0.0001, 1.0)
    check, k = page.model_targets["k"]
    assert k.minimum() == 1 and k.maximum() == 2**31 - 1
    assert page.model_targets["alpha"][1].maximum() == 1.0
    assert page.model_targets["beta"][1].maximum() > 1e6   # no upper limit declared
    assert page.jobs.minimum() == 1


def test_an_unusual_file_is_kept_as_written(qtbot, window, tmp_path):
    shutil.copyfile(EXAMPLES / "census_example.csv", tmp_path / "census.csv")
    path = tmp_path / "analysis.toml"
    path.write_text(UNUSUAL, encoding="utf-8")
    window.open_analysis(str(path))
    wait_loaded(qtbot, window)
    qtbot.waitUntil(lambda: window.session.analysis_path == str(path), timeout=5000)
    page = window.attacks_page
    assert page.models_l.value() == 150 and page.model_targets["k"][1].value() == 2000
    assert page.fraction.value() == 0.00025 and page.fraction.text().endswith("25")

    # edits elsewhere in the same groups write the boxes' values back into the config
    page.model_targets["t"][0].setChecked(True)
    page.dis_fraction.setValue(page.dis_fraction.value())
    page.suda.setChecked(False)
    page.suda.setChecked(True)
    dialog = ReportSettingsDialog(window.session, window)
    qtbot.addWidget(dialog)
    assert dialog.thresholds["unique_share"].value() == pytest.approx(0.125)
    dialog.accept()

    session = window.session
    assert session.models.l == 150
    assert (session.models.targets.k, session.models.targets.alpha, session.models.targets.beta) == (2000, 0.125, 250.0)
    assert session.models.targets.t is not None
    assert (session.sample.sampling_fraction, session.sample.dis_fraction) == (0.00025, 0.00035)
    assert session.report.thresholds.unique_share == 0.00125
    saved = tmp_path / "saved.toml"
    assert window.flow.save_analysis(str(saved))
    again = AnalysisConfig.from_toml(saved)
    assert (again.models.l, again.models.targets.k, again.sample.sampling_fraction) == (150, 2000, 0.00025)
    assert again.report.thresholds.unique_share == 0.00125 and again.subsets == SubsetFamily("all")


def test_synthetic_values_beyond_a_box_are_kept(qtbot, window, tmp_path):
    from .test_config_state import SYNTHETIC

    for name in ("synthetic_real.csv", "synthetic_release.csv", "synthetic_control.csv"):
        shutil.copyfile(EXAMPLES / name, tmp_path / name)
    text = (SYNTHETIC.replace("{jobs}", "1").replace("radius = 1.5", "radius = 1.23456")
            .replace("criterion = \"fp:0.05\"", "criterion = \"fp:0.00125\"")
            .replace("seed = 7", f"seed = {2**40}"))   # a seed beyond what a box holds (2**31 - 1)
    path = tmp_path / "synthetic.toml"
    path.write_text(text, encoding="utf-8")
    window.open_analysis(str(path))
    page = window.synthetic_page
    assert page.radius.value() == 1.23456 and page.seed.value() == 2**31 - 1
    saved = tmp_path / "saved.toml"
    assert page.save_analysis(str(saved))
    again = SyntheticConfig.from_toml(saved)
    assert (again.radius, again.seed, again.criterion.value) == (1.23456, 2**40, 0.00125)
    assert again == SyntheticConfig.from_toml(path)
    page.seed.setValue(9)
    assert page.save_analysis(str(saved)) and SyntheticConfig.from_toml(saved).seed == 9


def test_a_national_count_of_voters_and_exact_numbers_are_kept(window, tmp_path):
    from engine.dp.config import DPConfig

    from .test_config_state import DP_EXTRA

    shutil.copyfile(EXAMPLES / "census_example.csv", tmp_path / "census_example.csv")
    text = ((EXAMPLES / "dp_demo.toml").read_text(encoding="utf-8")
            + DP_EXTRA.replace("voters = 200", "voters = 203_080_756")   # above the boxes' old 100,000,000
            .replace("p = 0.01", "p = 0.0123456789").replace("epsilons = [0.5, 1.0]", "epsilons = [1.0986122886681098]"))
    path = tmp_path / "dp.toml"
    path.write_text(text, encoding="utf-8")
    assert window.dp_page.open_analysis(str(path))
    assert window.dp_page.threshold_box.voters.value() == 203_080_756
    saved = tmp_path / "saved.toml"
    assert window.dp_page.save_analysis(str(saved))
    threshold = DPConfig.from_toml(saved).threshold
    assert (threshold.voters, threshold.p, threshold.epsilons) == (203_080_756, 0.0123456789, (1.0986122886681098,))
    assert DPConfig.from_toml(saved) == DPConfig.from_toml(path)


def test_suggest_limits_are_the_analysis_thresholds_as_written(window):
    panel = window.scenarios_page.suggest_panel
    limits = Thresholds(unique_share=0.00125, reid_prob=0.0333, inference_certain_gain=0.07)
    panel.set_thresholds(limits, ("special_needs",))
    assert panel.limits["unique_share"].value() == 0.125   # percent, with the decimal it needs
    assert panel.thresholds() == limits
