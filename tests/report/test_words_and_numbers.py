"""Words and numbers the analyst reads: one share format (never 100% for a partial share,
differences with the decimals of their terms), a level that suppresses every value called
suppression, the information-lost caption true of its table, headers never cut inside a word,
no formula markup in the report."""

from __future__ import annotations

import re
from datetime import datetime

import pytest
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics

from engine.foundation import i18n
from engine.api import run_assessment
from engine.analysis.config import AnalysisConfig, DataSource, Roles
from engine.foundation.locale_format import percent, points
from engine.remediation.recommend import describe_step
from engine.remediation.transforms import HierarchySpec, Recode, parse_scenarios
from engine.report.document import CELL_PADDING, TEXT_WIDTH, header_widths, register_fonts
from engine.report.pdf import write_pdf
from engine.sample.suda import VARIANT

from ..conftest import EXAMPLES

WHEN = datetime(2026, 1, 2, 3, 4)


@pytest.mark.parametrize("share", [0.99951, 0.9995, 0.99999, 0.999999, 0.95 + 0.0499])
def test_a_partial_share_never_prints_as_100_percent(share):
    text = percent(share)
    assert text != "100.0%" and float(text.rstrip("%")) < 100
    assert abs(float(text.rstrip("%")) - 100 * share) <= 0.5 * 10 ** -(len(text.split(".")[1]) - 1)


def test_a_difference_has_the_decimals_of_its_terms():
    # the case: 99.95% against a prior of 0% read "+100.0 pp"
    assert points(0.9995, 0.9995, 0.0) == "+99.95"
    assert points(0.25, 0.5, 0.25) == "+25.0"
    assert percent(0.9995) == "99.95%"
    assert points(0.9995, 0.9995, 0.0, language="pt_BR") == "+99,95"
    # the same share prints the same everywhere: 93.18% is not 93.180% beside it
    assert percent(0.9318) == percent(0.93180) == "93.2%"


def test_a_level_that_suppresses_every_value_is_called_suppression():
    intervals = HierarchySpec("intervals", params=(("widths", (5, 10)),))
    # built hierarchies end with '*' above their own levels: level 3 of widths 5, 10
    assert describe_step(Recode("birth_year", 3, intervals)).startswith("Suppress birth_year")
    assert describe_step(Recode("birth_year", 2, intervals)).startswith("Coarsen birth_year to level 2")
    merge = HierarchySpec("merge", params=(("groups", (("X", ("a", "b")),)),))
    assert describe_step(Recode("race", 2, merge)).startswith("Suppress race")
    assert describe_step(Recode("race", 1, merge)).startswith("Coarsen race")


def test_a_hierarchy_file_level_with_one_value_is_suppression(tmp_path):
    path = tmp_path / "sex.csv"
    path.write_text("F;person;*\nM;person;*\n", encoding="utf-8")
    spec = HierarchySpec("hierarchy", path=str(path))
    # level 1 already gives every value the same generalisation: that is suppression too
    assert describe_step(Recode("sex", 1, spec)).startswith("Suppress sex")
    assert describe_step(Recode("sex", 2, spec)).startswith("Suppress sex")
    path.write_text("F;F;*\nM;M;*\n", encoding="utf-8")
    assert describe_step(Recode("sex", 1, spec)).startswith("Coarsen sex")


def test_header_words_fit_their_columns():
    register_fonts()
    header = ["size", "QIDs (subset with the smallest k)", "k", "l (special_needs)", "t (special_needs)"]
    shares = [0.1, 0.54, 0.12, 0.12, 0.12]
    word = pdfmetrics.stringWidth("(special_needs)", "DejaVu-Bold", 7.5) + CELL_PADDING
    assert word > 0.12 * TEXT_WIDTH  # as given, the word is cut: "l (special_n / eeds)"
    widths = header_widths(header, shares, "DejaVu-Bold", 7.5)
    assert sum(widths) == pytest.approx(TEXT_WIDTH)
    for text, width in zip(header, widths):
        longest = max(pdfmetrics.stringWidth(w, "DejaVu-Bold", 7.5) for w in text.split())
        assert longest + CELL_PADDING <= width
    assert widths[1] < 0.54 * TEXT_WIDTH  # the room comes from the column that had it


@pytest.fixture(scope="module")
def scenario_report(tmp_path_factory):
    scenarios = [{"name": "remove small groups", "steps": [
        {"op": "drop", "column": "school"}, {"op": "record_suppression", "k": 5, "max_percent": 10}]},
        {"name": "band year, drop race", "steps": [{"op": "recode", "column": "birth_year", "level": 1,
                                                    "intervals": [4]}, {"op": "drop", "column": "race"}]},
        {"name": "no year", "steps": [{"op": "recode", "column": "birth_year", "level": 2, "intervals": [4]}]}]
    config = AnalysisConfig(data=DataSource(str(EXAMPLES / "census_example.csv")),
                            roles=Roles(("birth_year", "sex", "race", "school"), ("special_needs",)), jobs=1,
                            scenarios=parse_scenarios(scenarios, "test"))
    assessment = run_assessment(config)
    path = write_pdf(assessment, tmp_path_factory.mktemp("words") / "report.pdf", generated_at=WHEN)
    return assessment, re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(str(path)).pages))


@pytest.mark.slow
def test_the_information_lost_caption_is_true_of_its_table(scenario_report):
    assessment, text = scenario_report
    kept_losing = 0
    for result in assessment.scenarios:
        loss = result.loss
        for column, level in loss.levels.items():
            if column not in loss.dropped and not level and not loss.cells_suppressed.get(column, 0) \
                    and loss.entropy[column]:
                kept_losing += 1
    # record suppression takes information from the columns it keeps as they are
    assert kept_losing >= 2
    assert "a column kept as it is, with no value blanked, loses nothing" not in text
    assert (f"{kept_losing} rows are columns kept as they are that still lose information, because the "
            f"scenario removes records.") in text


def test_a_suppressed_column_is_called_suppressed(scenario_report):
    # level 2 of intervals of width 4 is the '*' above them: the step and the loss table say so
    assessment, text = scenario_report
    loss = assessment.scenarios[2].loss
    assert loss.entropy["birth_year"] == pytest.approx(loss.entropy_max["birth_year"])
    assert "Suppress birth_year: every value is replaced by the top of its hierarchy (level 2)." in text
    assert "3 birth_year suppressed (level 2)" in text and "Coarsen birth_year to level 2" not in text


def test_no_formula_markup_in_the_report(scenario_report):
    _, text = scenario_report
    assert not re.search(r"[_^]\{", text)
    assert not re.search(r"[_^]\{", VARIANT)


def test_pt_br_plurals_follow_the_catalogue():
    with i18n.language("pt_BR"):
        one = i18n.ngettext("{certain} of them is re-identified with certainty",
                            "{certain} of them are re-identified with certainty", 1).format(certain=1)
        many = i18n.ngettext("{certain} of them is re-identified with certainty",
                             "{certain} of them are re-identified with certainty", 2).format(certain=2)
    assert one != many and "reidentificados" not in one and "reidentificados" in many
