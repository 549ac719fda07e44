"""Report and verdict settings edited in the window reach the analysis file and the PDF."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pypdf import PdfReader

from engine.analysis.config import AnalysisConfig, SubsetFamily
from gui.dialogs.report_settings import ReportSettingsDialog

from .conftest import load_census, set_roles


def _pdf_text(path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(str(path)).pages)


@pytest.mark.slow
def test_settings_reach_the_file_and_the_pdf(qtbot, window, tmp_path):
    load_census(qtbot, window)
    set_roles(window)
    window.attacks_page.set_family(SubsetFamily(kind="max-size", max_size=2))
    assert window.flow.run()
    qtbot.waitUntil(lambda: window.session.result is not None, timeout=120000)

    window.report_action.trigger()
    dialog = window.report_dialog
    assert isinstance(dialog, ReportSettingsDialog)
    spin = dialog.thresholds["unique_share"]
    assert spin.value() == 1.0 and "unique" in spin.toolTip()
    spin.setValue(37.5)
    dialog.thresholds["reid_prob"].setValue(42.0)
    dialog.author.setText("Ana Analista")
    dialog.organisation.setText("Instituto de Estatística")
    dialog.sections["methods"].setChecked(False)
    dialog.accept()
    report = window.session.report
    assert (report.author, report.organisation) == ("Ana Analista", "Instituto de Estatística")
    assert (report.thresholds.unique_share, report.thresholds.reid_prob) == (0.375, 0.42)
    assert report.sections == ("appendix",)
    assert not window.session.result_is_stale  # the numbers still hold
    assert window.session.result.assessment.config.report == report

    path = tmp_path / "analysis.toml"
    assert window.flow.save_analysis(str(path))
    assert AnalysisConfig.from_toml(path).report == report

    pdf = tmp_path / "report.pdf"
    assert window.flow.export_pdf(str(pdf))
    qtbot.waitUntil(lambda: not window.flow.exporter.busy, timeout=120000)
    text = _pdf_text(pdf)
    cover = text.split("page 1 of", 1)[0]
    assert "Prepared by\nAna Analista" in cover and "Organisation\nInstituto de Estatística" in cover
    assert ("at most 37.5% unique records, mean re-identification probability at most 42.0%"
            in " ".join(text.split()))
    assert "\nMethods\n" not in text and "\nAppendix" in text

    window.undo_action.trigger()  # the report settings as they were
    assert window.session.report == replace(report, author="", organisation="", thresholds=type(report.thresholds)(),
                                            sections=("methods", "appendix"))
