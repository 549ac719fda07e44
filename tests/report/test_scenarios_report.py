"""The report's "What would make it ready" section: its numbers equal the Assessment's, the
recommended scenario comes first (the picked one, else the least-loss ready one), the
figure is drawn from the same points."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime

import pytest
from pypdf import PdfReader

from engine.api import run_assessment
from engine.analysis.config import AnalysisConfig, DataSource, Roles, Target
from engine.remediation.recommend import LEAST_LOSS, PICKED
from engine.remediation.scenarios import risk_summary
from engine.remediation.transforms import parse_scenarios
from engine.report.findings import pct
from engine.report.pdf import write_pdf
from engine.report.scenario_figures import risk_loss_points

from ..conftest import EXAMPLES

WHEN = datetime(2026, 1, 2, 3, 4)
SCENARIOS = [
    {"name": "band year", "steps": [{"op": "recode", "column": "birth_year", "level": 1, "intervals": [4]}]},
    {"name": "drop school", "steps": [{"op": "drop", "column": "school"}]},
    {"name": "drop school, band year", "steps": [{"op": "drop", "column": "school"},
                                                 {"op": "recode", "column": "birth_year", "level": 1,
                                                  "intervals": [4]}]},
    {"name": "band year, remove small groups", "steps": [
        {"op": "drop", "column": "school"}, {"op": "recode", "column": "birth_year", "level": 1, "intervals": [4]},
        {"op": "record_suppression", "k": 5, "max_percent": 10}]},
]


def flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


def section_text(path) -> str:
    pages = [page.extract_text() for page in PdfReader(str(path)).pages]
    start = next(i for i, text in enumerate(pages) if "What would make it ready" in text)
    end = next(i for i, text in enumerate(pages) if i > start and "Re-identification (collective target)" in text)
    return "\n".join(pages[start:end])


@pytest.fixture(scope="module")
def assessment():
    config = AnalysisConfig(data=DataSource(str(EXAMPLES / "census_example.csv")),
                            roles=Roles(("birth_year", "sex", "race", "school"), ("special_needs",)), jobs=1,
                            scenarios=parse_scenarios(SCENARIOS, "test"))
    return run_assessment(config)


def picked(assessment, name):
    """The assessment with ``name`` marked as recommended (as the window's Pick does)."""
    results = tuple(replace(r, scenario=replace(r.scenario, recommended=r.scenario.name == name))
                    for r in assessment.scenarios)
    return replace(assessment, scenarios=results)


def headings(text: str) -> list[str]:
    names = [s["name"] for s in SCENARIOS]
    found = []
    for line in text.splitlines():
        m = re.match(r"^(\d)\. (.+?)( \(recommended\))?$", line.strip())
        if m and m.group(2) in names:
            found.append(m.group(2))
    return found


@pytest.mark.slow
def test_least_loss_ready_scenario_first_and_numbers_equal_the_assessment(assessment, tmp_path):
    results = assessment.scenarios
    ready = [r for r in results if r.ready]
    assert ready and not all(r.ready for r in results)  # the case exercises the rule
    expected = min(ready, key=lambda r: r.loss.share_lost).scenario.name
    assert expected == "drop school"
    path = write_pdf(assessment, tmp_path / "report.pdf", generated_at=WHEN)
    text = section_text(path)
    squeezed = flat(text)
    assert flat(f"Recommended: {expected} ({LEAST_LOSS})") in squeezed
    order = headings(text)
    assert order[0] == expected and sorted(order) == sorted(s["name"] for s in SCENARIOS)
    assert order == [expected] + [s["name"] for s in SCENARIOS if s["name"] != expected]
    before = risk_summary(assessment)
    for number, name in enumerate(order, start=1):
        result = next(r for r in results if r.scenario.name == name)
        risk, loss = result.risk(), result.loss
        assert flat(f"Records unique: {pct(before['worst_unique_share'])} → {pct(risk['worst_unique_share'])}; mean "
                    f"re-identification probability: {pct(before['worst_reid_prob'])} → "
                    f"{pct(risk['worst_reid_prob'])}") in squeezed
        kept = loss.records - loss.records_removed - loss.records_sampled_out
        assert flat(f"It releases {kept:,} of {loss.records:,} records") in squeezed
        row = (f"{number}{name}{' (recommended)' if name == expected else ''}{'ready' if result.ready else 'notready'}"
               f"{pct(risk['worst_unique_share'])}{pct(risk['worst_reid_prob'])}"
               f"{pct(risk['worst_certain_inference_gain'])}{loss.records_removed + loss.records_sampled_out:,}"
               f"{sum(loss.cells_suppressed.values()):,}{pct(loss.share_lost)}")
        assert flat(row) in squeezed, row
    removing = next(r for r in results if r.scenario.name == "band year, remove small groups")
    assert removing.loss.records_removed > 0
    assert "Risk against information lost" in text and "Information lost per column" in text


@pytest.mark.slow
def test_the_picked_scenario_comes_first(assessment, tmp_path):
    chosen = "band year, remove small groups"
    path = write_pdf(picked(assessment, chosen), tmp_path / "picked.pdf", generated_at=WHEN)
    text = section_text(path)
    assert flat(f"Recommended: {chosen} ({PICKED})") in flat(text)
    assert headings(text)[0] == chosen


def test_figure_points_are_the_assessments(assessment):
    order = [1, 0, 2, 3]
    points = risk_loss_points(assessment, order, 1)
    before = risk_summary(assessment)
    assert points[0].original and points[0].loss == 0.0
    assert (points[0].unique_share, points[0].reid_prob) == (before["worst_unique_share"], before["worst_reid_prob"])
    for point, i in zip(points[1:], order):
        result = assessment.scenarios[i]
        assert point.label == result.scenario.name and point.ready == result.ready
        assert point.loss == result.loss.share_lost
        assert point.unique_share == result.risk()["worst_unique_share"]
        assert point.recommended == (i == 1)


@pytest.mark.slow
def test_no_section_without_scenarios(assessment, tmp_path):
    path = write_pdf(replace(assessment, scenarios=()), tmp_path / "plain.pdf", generated_at=WHEN)
    assert "What would make it ready" not in "\n".join(p.extract_text() for p in PdfReader(str(path)).pages)


@pytest.mark.slow
def test_a_weighted_analysis_shows_the_expected_reidentifications(tmp_path):
    """With a sampling weight the verdict uses the expected re-identifications, so the table
    shows them (before and after) next to the unique share."""
    import pandas as pd

    frame = pd.read_csv(EXAMPLES / "census_example.csv").head(3000)
    frame["wgt"] = 5.0 + (frame.index % 7)
    data = tmp_path / "weighted.csv"
    frame.to_csv(data, index=False)
    config = AnalysisConfig(data=DataSource(str(data)),
                            roles=Roles(("birth_year", "sex", "race", "school"), ("special_needs",), weight="wgt"),
                            jobs=1, scenarios=parse_scenarios(SCENARIOS[:2], "test"),
                            targets=tuple(Target((("birth_year", str(r.birth_year)), ("sex", r.sex),
                                                  ("school", r.school))) for r in frame.head(3).itertuples()))
    weighted = run_assessment(config)
    path = write_pdf(weighted, tmp_path / "weighted.pdf", generated_at=WHEN)
    squeezed = flat(section_text(path))
    before = risk_summary(weighted)
    assert before["worst_expected_reid_share"] is not None
    assert flat("#scenarioverdictexpected re-id.unique in the sample") in squeezed
    assert flat("0original (no change)") in squeezed
    assert flat(f"{pct(before['worst_expected_reid_share'])}{pct(before['worst_unique_share'])}") in squeezed
    for result in weighted.scenarios:
        risk = result.risk()
        assert flat(f"Expected re-identifications: {pct(before['worst_expected_reid_share'])} → "
                    f"{pct(risk['worst_expected_reid_share'])} of the records") in squeezed
        assert flat(f"{pct(risk['worst_expected_reid_share'])}{pct(risk['worst_unique_share'])}"
                    f"{pct(risk['worst_reid_prob'])}") in squeezed
        alone = [sum(t.matched and t.block_size == 1 for t in a.targets) for a in (weighted, result.assessment)]
        assert flat(f"Individual targets alone in their sample block: {alone[0]} of 3 "
                    f"before, {alone[1]} after.") in squeezed
    assert flat("with certainty") not in squeezed
    assert [t.block_size for t in weighted.targets] != [t.block_size for t in weighted.scenarios[0].assessment.targets]
