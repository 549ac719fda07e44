"""Sample-file measures on the command line and in the analysis file: options, outputs, errors."""

from __future__ import annotations

import pytest

from engine.config import AnalysisConfig, DataSource, Roles
from engine.errors import InputError
from engine.sample.options import SampleOptions


def _config(**sample) -> AnalysisConfig:
    return AnalysisConfig(data=DataSource("survey.csv"),
                          roles=Roles(quasi_identifiers=("age", "sex"), weight="w", household="hh"),
                          sample=SampleOptions(**sample))


def test_sample_section_round_trips_through_toml(tmp_path):
    config = _config(sampling_fraction=0.02, risk_thresholds=(0.05, 0.5), suda=True, suda_max_size=3,
                     dis_fraction=0.1)
    path = tmp_path / "analysis.toml"
    path.write_text(config.to_toml(), encoding="utf-8")
    again = AnalysisConfig.from_toml(path)
    assert again.roles.weight == "w" and again.roles.household == "hh"
    assert again.sample == config.sample
    assert again.needed_columns() == ["age", "sex", "w", "hh"]
    plain = AnalysisConfig(data=DataSource("survey.csv"), roles=Roles(("age",)))
    path.write_text(plain.to_toml(), encoding="utf-8")
    assert AnalysisConfig.from_toml(path).sample == SampleOptions()
    assert not plain.sample_requested and config.sample_requested


@pytest.mark.parametrize("sample, message", [
    ({"sampling_fraction": 0.0}, "--sampling-fraction 0: must be in (0, 1]"),
    ({"sampling_fraction": 1.5}, "--sampling-fraction 1.5: must be in (0, 1]"),
    ({"suda_max_size": 0}, "--suda-max-size 0: must be at least 1"),
    ({"dis_fraction": 0.0}, "--dis-fraction 0: must be in (0, 1]"),
    ({"dis_fraction": 2.0}, "--dis-fraction 2: must be in (0, 1]"),
    ({"risk_thresholds": (0.1, -1.0)}, "--risk-threshold -1: must be in (0, 1]"),
    ({"missing": "ignore"}, "sample.missing 'ignore'"),
])
def test_bad_sample_options_are_named(sample, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        _config(**sample).validate()


def test_weight_and_household_roles_must_differ_from_other_roles():
    with pytest.raises(InputError, match="'age' cannot be both a quasi-identifier and the sampling weight"):
        AnalysisConfig(data=DataSource("x.csv"), roles=Roles(("age",), weight="age")).validate()
    with pytest.raises(InputError, match="'w' cannot be both the sampling weight and the household id"):
        AnalysisConfig(data=DataSource("x.csv"), roles=Roles(("age",), weight="w", household="w")).validate()
