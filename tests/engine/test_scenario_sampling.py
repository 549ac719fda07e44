"""A scenario that samples records releases a sample (docs/methods.md, "Transformations"): the
kept records' weights are scaled so that they stand for the same people, and a population
file's sample is judged as a sample with each record standing for 1 / the share kept."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pandas as pd
import pytest

from engine.analysis.config import AnalysisConfig, DataSource, Roles
from engine.analysis.sample_options import SampleOptions
from engine.api import run_assessment
from engine.io.loader import load_table
from engine.remediation.export import export_scenario
from engine.remediation.scenarios import risk_summary, run_scenario
from engine.remediation.transforms import Sample, Scenario, apply_scenario

HALF = Scenario("half sample", (Sample(0.5, seed=1),))


@pytest.fixture
def survey(tmp_path):
    rng = np.random.default_rng(8)
    n = 2000
    frame = pd.DataFrame({"age": rng.integers(18, 70, n), "sex": rng.choice(["F", "M"], n),
                          "town": rng.choice(list("ABCDEFGHIJ"), n), "w": rng.uniform(10, 30, n).round(2),
                          "disease": rng.choice(["flu", "none"], n)})
    path = tmp_path / "survey.csv"
    frame.to_csv(path, index=False)
    return path, frame


def _config(path, weight=None, fraction=None):
    return AnalysisConfig(data=DataSource(str(path)), roles=Roles(("age", "sex", "town"), ("disease",), weight=weight),
                          sample=SampleOptions(sampling_fraction=fraction))


def test_sampling_scales_the_kept_weights_so_they_stand_for_the_same_people(survey):
    path, frame = survey
    config = _config(path, weight="w")
    table = load_table(config.data, config.needed_columns())
    transformed = apply_scenario(table, config.roles.quasi_identifiers, HALF, weight="w")
    assert transformed.sampled == 0.5 and transformed.table.n_rows == 1000
    kept = frame["w"].to_numpy()[transformed.rows]
    column = transformed.table.columns["w"]
    scaled = np.asarray(column.labels.to_pylist(), dtype=float)[column.codes]
    assert scaled == pytest.approx(2 * kept)
    # the scenario's assessment equals a fresh one of the kept records with doubled weights
    original = run_assessment(config, table=table)
    result = run_scenario(original, table, HALF, assess=run_assessment)
    fresh_path = path.with_name("kept.csv")
    frame.iloc[transformed.rows].assign(w=2 * kept).to_csv(fresh_path, index=False)
    fresh = run_assessment(_config(fresh_path, weight="w"))
    assert result.assessment.sample_risk.population_estimate == pytest.approx(fresh.sample_risk.population_estimate)
    assert result.risk()["worst_expected_reid_share"] == pytest.approx(risk_summary(fresh)["worst_expected_reid_share"])
    assert result.judged.kind == "sample"
    # a half sample lowers the expected re-identifications (fewer of the people are in the file)
    assert result.risk()["worst_expected_reidentifications"] < risk_summary(original)["worst_expected_reidentifications"]


def test_a_population_files_sample_is_judged_as_a_sample(survey):
    path, frame = survey
    config = _config(path)
    table = load_table(config.data, config.needed_columns())
    original = run_assessment(config, table=table)
    assert original.sample_risk is None and risk_summary(original)["worst_expected_reid_share"] is None
    result = run_scenario(original, table, HALF, assess=run_assessment)
    sample = result.assessment.sample_risk
    assert result.assessment.config.sample.sampling_fraction == 0.5
    assert result.judged.kind == "sample" and sample.design == "fraction"
    assert sample.population_estimate == pytest.approx(2000) and sample.population_uniqueness.population_size == 2000
    assert all(c.measure != "reid_prob" for c in result.judged.checks)
    # each kept record stands for 2 people: the risk is below 1 / (records sharing its key)
    share = result.risk()["worst_expected_reid_share"]
    assert share is not None and share < result.risk()["worst_reid_prob"]
    # a fraction given already: times the share kept
    given = run_assessment(_config(path, fraction=0.1), table=table)
    again = run_scenario(given, table, HALF, assess=run_assessment)
    assert again.assessment.config.sample.sampling_fraction == pytest.approx(0.05)
    assert again.assessment.sample_risk.population_estimate == pytest.approx(20000)


def test_an_exported_sample_carries_its_scaled_weights(survey, tmp_path):
    path, frame = survey
    config = _config(path, weight="w")
    table = load_table(config.data, config.needed_columns())
    written = tmp_path / "half.csv"
    export_scenario(table, config.roles.quasi_identifiers, HALF, written, weight="w")
    out = pd.read_csv(written)
    assert len(out) == 1000 and out["w"].sum() == pytest.approx(2 * frame["w"].to_numpy()[
        apply_scenario(table, config.roles.quasi_identifiers, HALF).rows].sum())
    original = run_assessment(config, table=table)
    result = run_scenario(original, table, HALF, assess=run_assessment)
    fresh = run_assessment(replace(config, data=DataSource(str(written))))
    assert fresh.sample_risk.individual.expected_reidentifications == pytest.approx(
        result.assessment.sample_risk.individual.expected_reidentifications)
