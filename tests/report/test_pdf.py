"""The PDF report: its numbers equal the results, it renders, it is reproducible and atomic."""

import json
import re
import subprocess
from dataclasses import replace
from datetime import datetime

import pytest
from pypdf import PdfReader

from engine.api import run_assessment
from engine.commands.cli import main
from engine.analysis.config import AnalysisConfig, ReportOptions, Thresholds
from engine.report import figures
from engine.report.findings import pct, worst
from engine.foundation.atomic import MANIFEST
from engine.report.pdf import write_pdf

from ..conftest import EXAMPLES
from ..engine.helpers import config_for

WHEN = datetime(2026, 1, 2, 3, 4)


def text_of(path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(str(path)).pages)


def flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.fixture(scope="module")
def census():
    config = AnalysisConfig.from_toml(EXAMPLES / "census_demo.toml").with_jobs(1)
    return run_assessment(config)


@pytest.fixture(scope="module")
def census_pdf(census, tmp_path_factory):
    path = tmp_path_factory.mktemp("report") / "census.pdf"
    write_pdf(census, path, generated_at=WHEN)
    return path


@pytest.mark.slow
def test_cover_and_summary_numbers_equal_the_results(census, census_pdf):
    text = text_of(census_pdf)
    squeezed = flat(text)
    assert census.dataset.sha256 in squeezed
    assert "census_example.csv" in text and "20,000" in text
    assert "2026-01-02 03:04" in text
    top = worst(census.reidentification, "posterior_det")
    assert flat(f"{pct(top.posterior_det)} of records ({top.singletons:,} of {top.n:,}) are unique") in squeezed
    assert "NOT READY FOR RELEASE" in text
    for sensitive in ("special_needs", "bolsa_familia"):
        assert f"Attribute inference: {sensitive}" in text


def test_top_tables_list_each_sizes_best_subset(census, census_pdf):
    squeezed = flat(text_of(census_pdf))
    from engine.outcome.selection import top_by_size

    for row in top_by_size(census.reidentification, "posterior_prob"):
        assert flat(f"{pct(row.posterior_prob)} ({row.blocks:,})") in squeezed
    for row in top_by_size(census.reidentification, "posterior_det"):
        assert flat(f"{pct(row.posterior_det)} ({row.singletons:,})") in squeezed
    rows = [r for r in census.inference if r.sensitive == "special_needs"]
    for row in top_by_size(rows, "posterior_prob"):
        assert flat(f"{pct(row.posterior_prob)} ({row.expected_correct:,})") in squeezed


def test_report_renders_every_page(census_pdf, tmp_path):
    pages = len(PdfReader(str(census_pdf)).pages)
    subprocess.run(["pdftoppm", "-r", "30", "-png", str(census_pdf), str(tmp_path / "page")], check=True,
                   timeout=120)
    images = sorted(tmp_path.glob("page-*.png"))
    assert len(images) == pages >= 8
    assert all(image.stat().st_size > 1000 for image in images)


@pytest.mark.slow
def test_same_inputs_give_the_same_report(census, census_pdf, tmp_path):
    again = tmp_path / "again.pdf"
    write_pdf(census, again, generated_at=WHEN)
    assert again.read_bytes() == census_pdf.read_bytes()
    later = tmp_path / "later.pdf"
    write_pdf(census, later, generated_at=datetime(2027, 5, 6, 7, 8))
    assert text_of(later).replace("2027-05-06 07:08", "2026-01-02 03:04") == text_of(census_pdf)


@pytest.mark.slow
def test_target_values_hidden_unless_opted_in(census, census_pdf, tmp_path):
    hidden = text_of(census_pdf)
    assert "SCH-0019" not in hidden and "target 1" in hidden
    assert "most likely" not in hidden
    shown = tmp_path / "shown.pdf"
    write_pdf(census, shown, options=replace(census.config.report, include_examples=True), generated_at=WHEN)
    text = flat(text_of(shown))
    assert "SCH-0019" in text and "mostlikely'no'" in text


def test_worked_example_report(tmp_path):
    run = run_assessment(config_for(["age", "gender", "occupation"], ["illness"],
                                    path=str(EXAMPLES / "example12.csv")))
    path = write_pdf(run, tmp_path / "ex12.pdf", options=ReportOptions(author="Ana Müller"), generated_at=WHEN)
    text = text_of(path)
    assert "Ana Müller" in text
    # CRS {age}: 10% unique (1), probabilistic 30% (3 blocks); CAS {age}: 60% (6)
    squeezed = flat(text)
    # (age, occupation) already makes 4 of 10 unique; the summary names the smallest such set
    assert flat("With age and occupation known, 40.0% of records (4 of 10) are unique") in squeezed
    assert flat("30.0% (3)") in squeezed and flat("10.0% (1)") in squeezed


def test_verdict_follows_the_thresholds(tmp_path):
    run = run_assessment(config_for(["gender"], ["illness"], path=str(EXAMPLES / "example12.csv")))
    lenient = ReportOptions(thresholds=Thresholds(unique_share=1.0, reid_prob=1.0, inference_certain_gain=1.0))
    text = text_of(write_pdf(run, tmp_path / "ok.pdf", options=lenient, generated_at=WHEN))
    assert "Within the configured thresholds" in text and "NOT READY" not in text
    strict = ReportOptions(thresholds=Thresholds(unique_share=0.0, reid_prob=0.1, inference_certain_gain=0.0))
    text = text_of(write_pdf(run, tmp_path / "strict.pdf", options=strict, generated_at=WHEN))
    assert "NOT READY" in text and "mean re-identification probability 20.0%" in text


def test_a_failed_write_keeps_the_previous_report(census, census_pdf, tmp_path, monkeypatch):
    target = tmp_path / "report.pdf"
    target.write_bytes(census_pdf.read_bytes())

    def broken(*args, **kwargs):
        raise RuntimeError("figure failed")

    monkeypatch.setattr(figures, "to_drawing", broken)
    with pytest.raises(RuntimeError):
        write_pdf(census, target, generated_at=WHEN)
    assert target.read_bytes() == census_pdf.read_bytes()
    assert [p.name for p in tmp_path.iterdir()] == ["report.pdf"]


def test_command_line_pdf_and_csv(tmp_path, capsys):
    pdf, csv_dir = tmp_path / "r.pdf", tmp_path / "tables"
    code = main(["assess", str(EXAMPLES / "example_income.csv"), "--qid", "age", "education",
                 "--sensitive", "income", "--pdf", str(pdf), "--csv", str(csv_dir), "--author", "QA"])
    assert code == 0, capsys.readouterr().err
    assert "QA" in text_of(pdf)
    names = sorted(p.name for p in csv_dir.iterdir() if p.name != MANIFEST)  # the list of what a run wrote
    assert names == ["histograms.csv", "inference.csv", "reidentification.csv", "top_subsets.csv"]
    assert not (csv_dir / "results.json").exists()


def test_report_numbers_match_results_json(tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["assess", str(EXAMPLES / "example_income.csv"), "--qid", "age", "education",
                 "--sensitive", "income", "--out", str(out), "--pdf", str(out / "report.pdf")]) == 0
    results = json.loads((out / "results.json").read_text())
    squeezed = flat(text_of(out / "report.pdf"))
    full = next(r for r in results["reidentification"] if r["qids"] == ["age", "education"])
    assert flat(f"{pct(full['posterior_prob'])} ({full['blocks']:,})") in squeezed
    inference = next(r for r in results["inference"] if r["qids"] == ["age", "education"])
    assert flat(f"{pct(inference['posterior_prob'])} ({inference['expected_correct']:,})") in squeezed


def _linked_pdf(tmp_path, later_ids):
    import pandas as pd

    from engine.analysis.config import DataSource, Linkage, Release, Roles, SubsetFamily

    later = tmp_path / "later.csv"
    pd.read_csv(EXAMPLES / "example20_release2.csv").assign(id=later_ids).to_csv(later, index=False)
    config = AnalysisConfig(data=DataSource(str(EXAMPLES / "example12.csv")),
                            roles=Roles(("gender", "occupation"), ("illness",)), subsets=SubsetFamily.parse("exact"),
                            linkage=Linkage(key="id", releases=(Release(DataSource(str(later)), "2"),)))
    path = tmp_path / "linked.pdf"
    write_pdf(run_assessment(config), path, generated_at=WHEN)
    return text_of(path)


def test_linked_release_that_matches_nothing_is_a_warning_in_the_pdf(tmp_path):
    text = _linked_pdf(tmp_path, lambda f: [f"P{i}" for i in f["id"]])
    squeezed = flat(text)
    assert flat("focal records linked match rate") in squeezed
    # the release row: label, file, rows, key, linked, match rate, duplicates dropped
    assert flat("2 later.csv 10 id 0 0.0% 0") in squeezed
    assert flat("Warning: Release 2 (later.csv) matched none of the focal records on the key 'id'") in squeezed
    # the summary says it too, and the warnings list gives example keys from both files
    assert squeezed.count(flat("matched none of the focal records")) == 2
    assert flat("no record of the focal release matched on the linkage key 'id'") in squeezed
    assert flat("'P1', 'P2', 'P3' (later.csv)") in squeezed


def test_linked_release_that_matches_keeps_the_pdf_quiet(tmp_path):
    text = _linked_pdf(tmp_path, lambda f: f["id"])
    squeezed = flat(text)
    assert flat("2 later.csv 10 id 9 90.0% 0") in squeezed
    assert "Warning" not in text and "matched none" not in text
