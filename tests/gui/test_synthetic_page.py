"""The synthetic-data page on its own: the form, a run on small files written here, the
results against the engine's own numbers, cancel, bad inputs, analysis files and exports."""

from __future__ import annotations

import json
import math
import multiprocessing
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt

from engine.foundation.progress import Progress
from engine.report.synthetic_pdf import leaks
from engine.synthetic.api import run_synthetic_assessment
from engine.synthetic.config import MEMBERSHIP_ATTACKS
from gui.pages.synthetic_page import SyntheticPage, attack_label, attack_row, residual_text
from gui.widgets.roc_plot import Curve, RocPlot, log_floor, log_segments

from .conftest import error_boxes

QIDS = ("age", "sex", "region", "income")
SENSITIVE = "illness"
TARGETS = 80
ROWS = 1000  # Groundhog's shadow datasets (500 rows) are drawn from the control file


def _people(rng: np.random.Generator, n: int) -> pd.DataFrame:
    return pd.DataFrame({
        "age": rng.integers(18, 80, n),
        "sex": rng.choice(["F", "M"], n),
        "region": rng.choice(["North", "South", "East", "West", "Centre"], n),
        "income": np.round(rng.lognormal(7.5, 0.6, n), 0),
        "illness": rng.choice(["no", "yes"], n, p=[0.8, 0.2]),
    })


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    """A real file, a control file of other people, and a synthetic file made of independent
    draws from the real marginals with 15% exact copies of real records (a leaky release)."""
    folder = tmp_path_factory.mktemp("synthetic")
    rng = np.random.default_rng(7)
    real, control = _people(rng, ROWS), _people(rng, ROWS)
    copies = int(0.15 * ROWS)
    fresh = pd.DataFrame({c: real[c].to_numpy()[rng.integers(0, ROWS, ROWS - copies)] for c in real.columns})
    synthetic = pd.concat([fresh, real.iloc[rng.choice(ROWS, copies, replace=False)]], ignore_index=True)
    paths = {}
    for name, frame in (("real", real), ("control", control), ("synthetic", synthetic)):
        paths[name] = folder / f"{name}.csv"
        frame.to_csv(paths[name], index=False)
    broken = synthetic.drop(columns=["region"])
    paths["no_region"] = folder / "synthetic_without_region.csv"
    broken.to_csv(paths["no_region"], index=False)
    return paths


@pytest.fixture
def page(qtbot):
    widget = SyntheticPage()
    qtbot.addWidget(widget)
    widget.resize(1100, 760)
    widget.show()
    yield widget
    assert widget.shutdown()
    for box in error_boxes():
        box.close()
    assert multiprocessing.active_children() == []


def fill(page: SyntheticPage, files: dict[str, Path], control: bool = True) -> None:
    assert page.set_file("real", str(files["real"]))
    page.set_file("synthetic", str(files["synthetic"]))
    page.set_file("control", str(files["control"]) if control else "")
    page.set_qids(QIDS)
    page.set_sensitive(SENSITIVE)
    page.targets.setValue(TARGETS)
    page.seed.setValue(3)


def run_and_wait(qtbot, page: SyntheticPage):
    before = page.assessment
    assert page.run()
    assert not page.run_button.isEnabled() and page.run_bar.isVisible()
    qtbot.waitUntil(lambda: not page.runner.busy, timeout=60000)
    assert page.assessment is not before, [b.informativeText() for b in error_boxes()]
    assert not page.run_bar.isVisible() and page.run_button.isEnabled()
    return page.assessment


def one_error(qtbot, *words) -> tuple[str, str]:
    qtbot.waitUntil(lambda: bool(error_boxes()), timeout=20000)
    (box,) = error_boxes()
    title, message = box.text(), box.informativeText()
    assert "Traceback" not in message
    for word in words:
        assert word in message, (word, message)
    box.close()
    qtbot.waitUntil(lambda: not error_boxes(), timeout=5000)
    return title, message


def test_the_form_explains_what_is_missing(qtbot, page, files):
    assert not page.run_button.isEnabled() and not page.pdf_button.isEnabled()
    assert "choose the real file" in page.problem.text()
    assert page.sensitive.currentText() == "(none)"
    assert page.set_file("real", str(files["real"]))
    assert page.columns() == ["age", "sex", "region", "income", "illness"]
    assert "choose the synthetic file" in page.problem.text()
    page.set_file("synthetic", str(files["synthetic"]))
    assert "tick at least one quasi-identifier" in page.problem.text()
    page.set_qids(("age", "illness"))
    # no control file: membership attacks are locked and left out; no sensitive: attribute attacks too
    assert page.control_hint.isVisible() and "residual risk" in page.control_hint.text()
    for name in MEMBERSHIP_ATTACKS:
        assert not page.attack_boxes[name].isEnabled()
    assert "tick at least one attack that can run" in page.problem.text()
    page.set_sensitive("illness")  # the sensitive column stops being a quasi-identifier
    assert page.checked_qids() == ("age",)
    item = page.qid_list.findItems("illness", Qt.MatchFlag.MatchExactly)[0]
    assert not item.flags() & Qt.ItemFlag.ItemIsEnabled
    assert page.run_button.isEnabled() and page.problem.isHidden()
    assert page.build_config().attacks == ("closest-aia", "neighbourhood-aia", "cap")
    page.set_file("control", str(files["control"]))
    assert page.build_config().attacks == ("closest-mia", "closest-aia", "neighbourhood-mia",
                                           "neighbourhood-aia", "cap")
    assert not page.control_hint.isVisible()
    # Groundhog's settings only matter (and are enabled) when it is ticked
    assert not page.generator.isEnabled() and not page.shadow.isEnabled()
    page.attack_boxes["groundhog"].setChecked(True)
    assert page.generator.isEnabled() and page.shadow.isEnabled()
    page.shadow.setValue(41)  # half with the target, half without: an even count
    assert page.shadow.value() == 42 and page.build_config().shadow_datasets == 42
    page.attack_boxes["groundhog"].setChecked(False)
    assert page.run_button.isEnabled()
    # criterion: a rate between 0 and 1, a free threshold, nothing for accuracy
    assert not page.criterion_value.isEnabled()
    page.criterion.setCurrentIndex(page.criterion.findData("fp"))
    assert page.criterion_value.isEnabled() and page.criterion_value.maximum() == 1.0
    page.criterion_value.setValue(0.05)
    page.radius.setValue(0.25)
    config = page.build_config()
    assert (config.criterion.kind, config.criterion.value, config.radius) == ("fp", 0.05, 0.25)
    page.radius.setValue(0.0)
    assert page.build_config().radius is None  # 0: chosen from the data
    assert not page.show_targets.isChecked() and "never in the default report" in page.show_targets.toolTip()
    for name, box in page.attack_boxes.items():
        assert len(box.toolTip()) > 60, name


@pytest.mark.slow
def test_results_show_the_engines_numbers(qtbot, page, files):
    fill(page, files)
    assessment = run_and_wait(qtbot, page)
    assert page.tabs.currentIndex() == 1
    direct = run_synthetic_assessment(page.build_config())  # the same analysis, called directly
    assert [a.to_dict() for a in direct.attacks] == [a.to_dict() for a in assessment.attacks]

    # one row per attack; each cell's value is the engine's number, its text that number formatted
    assert page.table.rowCount() == len(direct.attacks) == 5
    for r, evaluation in enumerate(direct.attacks):
        expected = attack_row(evaluation)
        for c, (text, value) in enumerate(expected):
            item = page.table.item(r, c)
            assert item.text() == text
            assert item.data(Qt.ItemDataRole.UserRole) == value
        assert item.text() == residual_text(evaluation)
        assert page.table.item(r, 0).text() == attack_label(evaluation.attack)
        assert page.table.item(r, 3).data(Qt.ItemDataRole.UserRole) == evaluation.accuracy
    mia = direct.attack("closest-mia")
    row = page.table_text()[0]
    assert row[4] == f"{mia.auc:.3f}" and row[6] == _percent(mia.tpr_at_fpr["0.001"])
    assert row[10] == f"{mia.residual_risk:.3f} [{mia.ci_low:.3f}, {mia.ci_high:.3f}]"

    # the verdict follows the report's rule: a leak when some interval lies above 0
    leaking = leaks(direct)
    assert leaking, "15% exact copies should be a detectable leak"
    assert page.verdict.text().startswith("<b>Leak detected.</b>") and page.verdict.objectName() == "banner"
    for evaluation in leaking:
        assert attack_label(evaluation.attack) in page.verdict.text()
    assert "Real: real.csv (1,000 rows)" in page.summary.text()
    assert f"{direct.radius:.4g}" in page.summary.text()

    # the ROC plot: one curve per membership attack, the engine's points, two panels
    curves = page.roc.curves
    membership = [a for a in direct.attacks if a.kind == "membership"]
    assert [c.label for c in curves] == [attack_label(a.attack) for a in membership]
    for curve, evaluation in zip(curves, membership):
        assert curve.fpr == evaluation.roc.fpr and curve.tpr == evaluation.roc.tpr and curve.auc == evaluation.auc
    assert set(page.roc.axes) == {"linear", "log"}
    assert page.roc.axes["log"].get_xscale() == "log"
    page.roc.draw()
    ax = page.roc.axes["linear"]
    i = len(mia.roc.fpr) // 2
    x, y = ax.transData.transform((mia.roc.fpr[i], mia.roc.tpr[i]))
    xy, text = page.roc.hover_text(ax, SimpleNamespace(x=x, y=y))
    assert xy == pytest.approx((mia.roc.fpr[i], mia.roc.tpr[i]), abs=0.02)
    assert text.splitlines()[0] in {c.label for c in curves} and "FPR" in text and "TPR" in text
    far_x, far_y = ax.transData.transform((0.02, 0.98))  # the top-left corner: no curve there
    assert page.roc.hover_text(ax, SimpleNamespace(x=far_x, y=far_y)) is None

    # the targets most at risk: not shown unless asked for
    assert page.views.indexOf(page.at_risk_tab) < 0
    assert all(a.at_risk == () for a in direct.attacks)
    page.show_targets.setChecked(True)
    shown = run_and_wait(qtbot, page)
    assert page.views.indexOf(page.at_risk_tab) >= 0
    rows = [(attack_label(a.attack), r, s) for a in shown.attacks for r, s in a.at_risk]
    assert rows and page.at_risk.rowCount() == len(rows)
    for r, (name, number, score) in enumerate(rows):
        assert page.at_risk.item(r, 0).text() == name
        assert page.at_risk.item(r, 1).data(Qt.ItemDataRole.UserRole) == number
        assert page.at_risk.item(r, 2).data(Qt.ItemDataRole.UserRole) == score


def _percent(value):
    from gui.text import pct

    return pct(value)


def test_without_control_the_leak_is_not_measured(qtbot, page, files):
    fill(page, files, control=False)
    assessment = run_and_wait(qtbot, page)
    assert [a.attack for a in assessment.attacks] == ["closest-aia", "neighbourhood-aia", "cap"]
    assert all(a.residual_risk is None for a in assessment.attacks)
    assert page.verdict.text().startswith("<b>Leak not measured.</b>")
    assert page.roc.curves == []
    assert [page.table.item(r, 10).text() for r in range(3)] == ["n/a"] * 3
    assert page.table.item(0, 9).text() == _percent(assessment.attacks[0].baseline)


def test_progress_is_counted_in_targets(qtbot, page):
    page.run_bar.begin("Attacking")
    page.run_bar.update_progress(Progress("nearest", 40, 160, 2.0, 6.0))
    assert page.run_bar.title.text() == "Nearest synthetic records"
    assert (page.run_bar.bar.value(), page.run_bar.bar.maximum()) == (40, 160)
    assert page.run_bar.bar.format() == "40 / 160" and "remaining about 6 s" in page.run_bar.detail.text()
    page.run_bar.update_progress(Progress("loading", 0, 0, 0.1, None))
    assert page.run_bar.bar.maximum() == 0  # busy indicator
    page.run_bar.end()


def test_cancel_leaves_the_page_usable(qtbot, page, files):
    fill(page, files)
    assert page.run()
    page.run_bar.cancel_button.click()  # at once: the job ends cancelled, whatever it reached
    qtbot.waitUntil(lambda: not page.runner.busy, timeout=30000)
    assert page.assessment is None and "cancelled" in page.status.text()
    assert not page.run_bar.isVisible() and page.run_button.isEnabled() and not error_boxes()
    assert page.verdict.text().startswith("No results yet")
    assert run_and_wait(qtbot, page) is not None


def test_cancel_and_close_while_worker_processes_run(qtbot, page, files):
    fill(page, files)
    page.jobs.setValue(2)
    page.attack_boxes["groundhog"].setChecked(True)
    page.shadow.setValue(10)
    assert page.run()
    qtbot.waitUntil(lambda: page.run_bar.title.text() == "Shadow modelling (Groundhog)", timeout=60000)
    page.run_bar.cancel_button.click()
    qtbot.waitUntil(lambda: not page.runner.busy, timeout=15000)
    assert page.assessment is None and not error_boxes() and page.run_button.isEnabled()
    assert page.run()  # closing the page while it runs cancels and waits (no abort, no orphan)
    qtbot.waitUntil(lambda: page.run_bar.title.text() != "Attacking the synthetic file", timeout=30000)
    page.close()
    assert not page.runner.busy and page.runner.threads_alive == 0
    qtbot.waitUntil(lambda: multiprocessing.active_children() == [], timeout=15000)


def test_bad_inputs_show_one_error_dialog(qtbot, page, files, tmp_path):
    binary = tmp_path / "binary.csv"
    binary.write_bytes(bytes(range(256)) * 4)
    assert not page.set_file("real", str(binary))
    title, _ = one_error(qtbot, "binary.csv")
    assert title == "<b>Could not read the real file</b>" and page.columns() == []
    assert not page.run_button.isEnabled()

    fill(page, files)
    page.set_file("synthetic", str(files["no_region"]))  # the QID 'region' is not in this file
    assert page.run()
    qtbot.waitUntil(lambda: not page.runner.busy, timeout=30000)
    title, message = one_error(qtbot, "'region'", "synthetic_without_region.csv")
    assert title == "<b>The attacks could not run</b>" and page.assessment is None
    assert page.run_button.isEnabled()

    broken = tmp_path / "broken.toml"
    broken.write_text("[data\nreal = 1\n", encoding="utf-8")
    assert not page.open_analysis(str(broken))
    title, message = one_error(qtbot, "broken.toml")
    assert title == "<b>Could not open the analysis</b>"

    page.set_file("synthetic", str(files["synthetic"]))
    assert run_and_wait(qtbot, page) is not None  # still usable


def test_analysis_file_round_trip(qtbot, page, files, tmp_path):
    fill(page, files)
    page.distance.setCurrentIndex(page.distance.findData("l1"))
    page.criterion.setCurrentIndex(page.criterion.findData("tp"))
    page.criterion_value.setValue(0.3)
    page.radius.setValue(0.5)
    page.attack_boxes["cap"].setChecked(False)
    page.show_targets.setChecked(True)
    saved = page.build_config()
    path = files["real"].parent / "analysis.toml"
    assert page.save_analysis(str(path))
    text = path.read_text(encoding="utf-8")
    assert 'path = "real.csv"' in text  # relative to the analysis file's folder

    other = SyntheticPage()
    qtbot.addWidget(other)
    assert other.open_analysis(str(path))
    loaded = other.build_config()
    for role in ("real", "synthetic", "control"):
        assert Path(getattr(loaded, role).path).resolve() == Path(getattr(saved, role).path).resolve()
    plain = {role: None for role in ("real", "synthetic", "control")}
    assert replace(loaded, **plain) == replace(saved, **plain)
    assert other.checked_qids() == QIDS and other.sensitive.currentData() == SENSITIVE
    assert other.criterion_value.value() == pytest.approx(0.3)
    other.shutdown()


@pytest.mark.slow
def test_exports_write_the_pdf_and_the_tables(qtbot, page, files, tmp_path):
    fill(page, files)
    assessment = run_and_wait(qtbot, page)
    assert page.pdf_button.isEnabled() and page.tables_button.isEnabled()
    pdf = tmp_path / "report.pdf"
    assert page.export_pdf(str(pdf))
    qtbot.waitUntil(lambda: not page.exporter.busy, timeout=60000)
    assert not error_boxes() and pdf.read_bytes().startswith(b"%PDF")
    assert page.status.text() == f"Saved to {pdf}."
    out = tmp_path / "tables"
    out.mkdir()
    assert page.export_tables(str(out))
    qtbot.waitUntil(lambda: not page.exporter.busy, timeout=20000)
    assert not error_boxes()
    data = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert [e["attack"] for e in data["synthetic"]] == [a.attack for a in assessment.attacks]
    for entry, evaluation in zip(data["synthetic"], assessment.attacks):
        assert entry["accuracy"] == pytest.approx(evaluation.accuracy)
        assert entry["residual_risk"] == (None if evaluation.residual_risk is None
                                          else pytest.approx(evaluation.residual_risk))

    # one verdict: results.json, the window's banner and the PDF's first page say the same
    verdict = data["verdict"]
    assert verdict["leak"] is True and verdict["ready"] is False and verdict["reasons"]
    assert page.verdict.text().startswith("<b>Leak detected.</b>") and page.verdict.objectName() == "banner"
    page_one = " ".join(PdfReader(str(pdf)).pages[0].extract_text().split())
    assert verdict["line"] == "Leak detected" and verdict["line"] in page_one
    for reason in verdict["reasons"]:
        assert reason in page.verdict.text()
        assert " ".join(reason.split())[:50] in page_one

    page.export_tables("/proc/no-such-folder")  # a folder that cannot be written
    qtbot.waitUntil(lambda: not page.exporter.busy, timeout=20000)
    title, _ = one_error(qtbot, "/proc/no-such-folder")
    assert title == "<b>Export failed</b>" and page.assessment is assessment


def test_roc_geometry():
    curve = Curve("a", (0.0, 0.0, 0.25, 1.0), (0.0, 0.3, 0.5, 1.0), 0.7)
    assert log_floor([curve]) == 1e-3  # never above the 0.1% point
    assert log_floor([Curve("b", (0.0, 0.0004, 1.0), (0.0, 0.2, 1.0))]) == 1e-4
    assert log_floor([Curve("c", (0.0, 1e-7, 1.0), (0.0, 0.2, 1.0))]) == 1e-4  # floored at 1e-4
    x, y = log_segments(np.array(curve.fpr), np.array(curve.tpr), 1e-3)
    assert np.all(np.diff(x) >= 0) and x[0] == pytest.approx(1e-3) and x[-1] == 1.0
    # every drawn point lies on the straight ROC segments (the interpolation of the points)
    inside = (x > 0) & (x < 0.25)
    assert np.allclose(y[inside], 0.3 + 0.2 * x[inside] / 0.25)
    assert 0.25 in x and 0.5 in y[x == 0.25]
    plot = RocPlot()
    plot.show_curves([])
    assert plot.curves == [] and plot.axes == {}
    plot.show_curves([curve])
    plot.draw()
    ax = plot.axes["log"]
    px, py = ax.transData.transform((0.25, 0.5))
    assert plot.nearest(ax, px + 3, py - 3) == (curve, 0.25, 0.5)
    assert plot.nearest(ax, px + 80, py - 80) is None
    assert math.isclose(ax.get_xlim()[0], 1e-3)


@pytest.mark.parametrize("width", [700, 1200])
def test_roc_legend_is_one_under_both_panels_and_whole(qtbot, width):
    """The curves' names and the guessing line are one legend under the two panels (inside the
    small linear panel at 1024 px it covered the curves and the axis), whole at any width."""
    from PySide6.QtWidgets import QApplication

    plot = RocPlot()
    qtbot.addWidget(plot)
    plot.show()
    qtbot.waitExposed(plot)
    plot.resize(width, 320)
    QApplication.processEvents()
    x = tuple(np.linspace(0.0, 1.0, 30))
    plot.show_curves([Curve("Membership by nearest distance", x, tuple(np.sqrt(x)), 0.564),
                      Curve("Membership by local neighbourhood", x, x, 0.543)])
    plot.draw()
    renderer = plot.get_renderer()
    assert [ax.get_legend() for ax in plot.figure.axes] == [None, None] and len(plot.figure.legends) == 1
    legend = plot.figure.legends[0]
    names = [text.get_text().replace("\n", " ") for text in legend.get_texts()]
    assert names == ["guessing", "Membership by nearest distance (AUC 0.564)",
                     "Membership by local neighbourhood (AUC 0.543)"]
    box = legend.get_window_extent(renderer)
    assert 0 <= box.x0 and box.x1 <= plot.figure.bbox.width
    assert box.y1 <= min(ax.get_tightbbox(renderer).y0 for ax in plot.figure.axes)   # under the panels


def test_an_independent_release_says_no_leak_in_the_window_the_tables_and_the_pdf(qtbot, page, files, tmp_path):
    """Other people from the same distribution as the real file, none of its records: no leak,
    and the banner, results.json and the PDF's first page say so together."""
    independent = tmp_path / "independent.csv"
    _people(np.random.default_rng(99), ROWS).to_csv(independent, index=False)
    fill(page, {**files, "synthetic": independent})
    run_and_wait(qtbot, page)
    assert page.verdict.text().startswith("<b>No leak detected.</b>") and page.verdict.objectName() == "notice"
    pdf, out = tmp_path / "report.pdf", tmp_path / "tables"
    out.mkdir()
    assert page.export_pdf(str(pdf))
    qtbot.waitUntil(lambda: not page.exporter.busy, timeout=60000)
    assert page.export_tables(str(out))
    qtbot.waitUntil(lambda: not page.exporter.busy, timeout=20000)
    verdict = json.loads((out / "results.json").read_text(encoding="utf-8"))["verdict"]
    assert (verdict["ready"], verdict["leak"], verdict["reasons"]) == (True, False, [])
    assert all(c["passed"] for c in verdict["checks"]) and len(verdict["checks"]) == 2 * 2 + 1 + 3   # 2 attacks x 2 levels, copies, 3 attribute
    page_one = " ".join(PdfReader(str(pdf)).pages[0].extract_text().split())
    assert verdict["line"] == "No leak detected by these attacks" and verdict["line"] in page_one


def test_export_buttons_and_actions_wait_for_a_result(qtbot, window, files, tmp_path):
    """The synthetic page's Export PDF/CSV+JSON buttons and the window's export actions are
    disabled with nothing to export (empty form, then a form ready to run) and enabled once a
    result exists; while the page's export runs they are disabled again."""
    page = window.synthetic_page
    window.show_page(window.pages.indexOf(page))
    assert window.front_controller() is page.controller

    def exports() -> list[bool]:
        return [page.pdf_button.isEnabled(), page.tables_button.isEnabled(),
                window.pdf_action.isEnabled(), window.tables_action.isEnabled()]

    assert exports() == [False] * 4
    fill(page, files, control=False)
    assert page.run_button.isEnabled() and exports() == [False] * 4
    run_and_wait(qtbot, page)
    qtbot.waitUntil(lambda: exports() == [True] * 4, timeout=5000)
    assert page.export_tables(str(tmp_path))
    assert exports() == [False] * 4
    qtbot.waitUntil(lambda: not page.exporter.busy, timeout=20000)
    assert not error_boxes()
    qtbot.waitUntil(lambda: exports() == [True] * 4, timeout=5000)
