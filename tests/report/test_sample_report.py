"""The report's Sample file section: its numbers equal the assessment's (and the closed-form
risks), the plain-language sentence, and the verdict rule with and without a sampling weight."""

from __future__ import annotations

from datetime import datetime

import pytest

from engine.api import run_assessment
from engine.analysis.config import AnalysisConfig, DataSource, ReportOptions, Roles, SubsetFamily, Thresholds
from engine.report import findings
from engine.report.findings import expected_sentence, pct, people, verdict
from engine.report.pdf import write_pdf
from engine.analysis.sample_options import SampleOptions

from ..sample_survey import ROWS, hand_household_risks, hand_risks, write_survey
from .test_pdf import flat, text_of

WHEN = datetime(2026, 1, 2, 3, 4)
LENIENT = dict(unique_share=1.0, reid_prob=1.0, inference_certain_gain=1.0, expected_reid_share=1.0)


@pytest.fixture(scope="module")
def survey(tmp_path_factory):
    return write_survey(tmp_path_factory.mktemp("survey") / "survey.csv")


def assess(path, weight="wgt", household="hh", suda=True):
    config = AnalysisConfig(data=DataSource(str(path)),
                            roles=Roles(quasi_identifiers=("age", "sex"), sensitive=("region",), weight=weight,
                                        household=household),
                            subsets=SubsetFamily("all"), sample=SampleOptions(suda=suda))
    return run_assessment(config)


@pytest.fixture(scope="module")
def weighted(survey):
    return assess(survey)


@pytest.fixture(scope="module")
def weighted_pdf(weighted, tmp_path_factory):
    path = tmp_path_factory.mktemp("report") / "survey.pdf"
    write_pdf(weighted, path, generated_at=WHEN)
    return path


def test_the_sentence_and_tables_carry_the_assessments_numbers(weighted, weighted_pdf):
    sample = weighted.sample_risk
    text = text_of(weighted_pdf)
    squeezed = flat(text)
    expected = sum(hand_risks())
    assert sample.individual.expected_reidentifications == pytest.approx(expected, rel=1e-9)
    sentence = expected_sentence(sample)
    assert sentence == (f"With age and sex known, about {people(expected)} people ({pct(expected / len(ROWS))} of the records) "
                        f"are expected to be re-identified.")
    assert flat(sentence) in squeezed
    assert "Sample file" in text and "Risk from the sampling weights" in text
    for x, count in sample.individual.above_thresholds:
        assert count == sum(r > x for r in hand_risks())
        assert flat(f"records with risk above {x:g}") in squeezed
    summary = "Records by individual risk: " + ", ".join(
        f"{count:,} above {x:g}" for x, count in sample.individual.above_thresholds) + "."
    assert flat(summary) in squeezed
    household = sample.household_summary
    assert household.expected_reidentifications == pytest.approx(sum(hand_household_risks()), rel=1e-9)
    assert flat(f"{people(household.expected_reidentifications)} ({pct(household.expected_share)})") in squeezed
    pu = sample.population_uniqueness
    assert pu.sample_uniques == 4  # 30F, 40F, 50F, 60F
    assert flat(f"{pct(pu.sample_unique_share)} ({pu.sample_uniques:,} records)") in squeezed
    for name in ("zayatz", "pitman", "snb"):
        value = getattr(pu, name)
        if value is not None:
            assert flat(pct(value)) in squeezed
    suda = sample.suda
    assert flat(f"{suda.special_uniques:,} records ({pct(suda.special_uniques / sample.rows)})") in squeezed
    for c in suda.contributions:
        assert flat(f"{c.variable} {pct(c.share)}") in squeezed
    assert "Individual risk (Benedetti and Franconi)" in text and "SUDA special uniques" in text


def test_with_a_weight_the_verdict_limits_expected_reidentifications(weighted, weighted_pdf):
    sample = weighted.sample_risk
    share = sample.individual.expected_share
    # 40% of the records are unique in the sample, far above a limit of 30% on unique records: with a
    # weight the sample's unique records and the mean re-identification probability give way to the
    # expected share and the estimated population uniques (the limit on unique records judges those).
    pu = sample.population_uniqueness
    assert pu.sample_unique_share == pytest.approx(0.4) and pu.dankar_estimate < 0.3
    strict_sample = Thresholds(**{**LENIENT, "unique_share": 0.3, "reid_prob": 0.0})
    judged = verdict(weighted, strict_sample)
    assert judged.ready and judged.kind == "sample"
    assert [(c.measure, c.value, c.basis) for c in judged.checks] == [
        ("expected_reid_share", findings.worst_expected(sample)[2], ""),
        ("unique_share", pu.dankar_estimate, "population_uniques"),
        ("inference_certain_gain", judged.checks[2].value, "")]
    below_estimate = verdict(weighted, Thresholds(**{**LENIENT, "unique_share": pu.dankar_estimate * 0.99}))
    assert not below_estimate.ready and below_estimate.reasons == (
        f"an estimated {pct(pu.dankar_estimate)} of the population is unique on age and sex "
        f"(limit {pct(pu.dankar_estimate * 0.99)})",)
    at_limit = Thresholds(**{**LENIENT, "expected_reid_share": share})
    assert verdict(weighted, at_limit).ready
    below = Thresholds(**{**LENIENT, "expected_reid_share": share * 0.99})
    result = verdict(weighted, below)
    assert not result.ready
    qids, count, worst_share = findings.worst_expected(sample)
    assert worst_share >= share
    assert result.reasons == (f"about {people(count)} people ({pct(worst_share)} of the records) are expected to be "
                              f"re-identified with {findings.names(qids)} known (limit {pct(share * 0.99)})",)
    text = flat(text_of(weighted_pdf))
    assert flat("at most 1.0% of records expected to be re-identified") in text
    default = verdict(weighted, Thresholds())  # the analysis's own thresholds, as in the PDF
    assert ("NOT READY FOR RELEASE" in text_of(weighted_pdf)) is not default.ready
    assert all(flat(reason) in text for reason in default.reasons)


def test_without_a_weight_the_verdict_keeps_the_population_limits(survey, tmp_path):
    unweighted = assess(survey, weight=None, household=None, suda=True)
    sample = unweighted.sample_risk
    assert sample is not None and sample.weight is None
    # no weight: the file is the population, the risk of a record is 1 / (records sharing its key)
    blocks = len({(age, sex) for _, age, sex, *_ in ROWS})
    assert sample.individual.expected_reidentifications == pytest.approx(blocks)
    limits = Thresholds(**{**LENIENT, "unique_share": 0.0})
    result = verdict(unweighted, limits)
    assert not result.ready and "of records are unique on" in result.reasons[0]
    assert verdict(unweighted, Thresholds(**{**LENIENT, "expected_reid_share": 0.0})).ready
    path = tmp_path / "population.pdf"
    write_pdf(unweighted, path, options=ReportOptions(thresholds=limits), generated_at=WHEN)
    text = flat(text_of(path))
    assert flat("No sampling weight was given") in text and flat(expected_sentence(sample)) in text
    assert flat("at most 0.0% unique records") in text


def test_no_sample_measures_no_section(survey, tmp_path):
    config = AnalysisConfig(data=DataSource(str(survey)), roles=Roles(quasi_identifiers=("age", "sex")),
                            subsets=SubsetFamily("exact"))
    plain = run_assessment(config)
    assert plain.sample_risk is None
    path = tmp_path / "plain.pdf"
    write_pdf(plain, path, generated_at=WHEN)
    assert "Sample file" not in text_of(path)
