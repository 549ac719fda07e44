"""The window as a daily workplace: actions enabled only when they can act, exports that show
their progress and end with "Saved to <path>" and an Open folder button."""

from __future__ import annotations

import sys
import threading
import types

import pytest
from PySide6.QtCore import QUrl

from gui.widgets import saved_notice

from .conftest import CENSUS, EXAMPLES, load_census, set_roles

# (what, the widget or action, enabled once the attacks ran: only the assessment's exports are)
ACTIONS = (
    ("File > Export PDF report", lambda w: w.pdf_action, True),
    ("File > Export CSV and JSON", lambda w: w.tables_action, True),
    ("Results > Export PDF", lambda w: w.results_page.pdf_button, True),
    ("Results > Export CSV+JSON", lambda w: w.results_page.tables_button, True),
    ("Attacks > Export PDF", lambda w: w.attacks_page.commands.pdf_button, True),
    ("Scenarios > Export PDF", lambda w: w.scenarios_page.commands.pdf_button, True),
    ("Scenarios > Export CSV+JSON", lambda w: w.scenarios_page.commands.tables_button, True),
    ("Scenarios > Export its transformed data", lambda w: w.scenarios_page.export_button, False),  # no scenario ran
    ("Synthetic > Export PDF", lambda w: w.synthetic_page.pdf_button, False),  # its own run
    ("Synthetic > Export CSV+JSON", lambda w: w.synthetic_page.tables_button, False),
    ("Noisy counts > Export PDF", lambda w: w.dp_page.pdf_button, False),
    ("Noisy counts > Export CSV+JSON", lambda w: w.dp_page.csv_button, False),
)


def run_example12(qtbot, window, load: bool = True) -> None:
    if load:
        load_census(qtbot, window, EXAMPLES / "example12.csv")
    set_roles(window, ("age", "gender"), ("illness",))
    window.run()
    qtbot.waitUntil(lambda: window.session.result is not None and not window.flow.busy, timeout=30000)


def states(window) -> dict:
    return {what: get(window).isEnabled() for what, get, _ in ACTIONS}


def test_exports_are_enabled_only_with_something_to_export(qtbot, window):
    load_census(qtbot, window, EXAMPLES / "example12.csv")
    assert states(window) == {what: False for what, _, _ in ACTIONS}  # loaded, not run
    run_example12(qtbot, window, load=False)
    assert states(window) == {what: after for what, _, after in ACTIONS}
    for page in (window.results_page, window.scenarios_page, window.synthetic_page, window.dp_page):
        window.pages.setCurrentWidget(page)  # the toolbar follows the page in front
        assert window.pdf_action.isEnabled() == window.front_controller().can_export
    window.pages.setCurrentWidget(window.results_page)
    load_census(qtbot, window, CENSUS)  # another file: the result went with the old one
    assert window.session.result is None
    assert states(window) == {what: False for what, _, _ in ACTIONS}


@pytest.fixture
def opened(monkeypatch):
    urls = []
    monkeypatch.setattr(saved_notice.QDesktopServices, "openUrl", lambda url: urls.append(url) or True)
    return urls


def test_tables_export_says_saved_to_and_opens_its_folder(qtbot, window, tmp_path, opened):
    run_example12(qtbot, window)
    assert window.saved_notice.isHidden()
    out = tmp_path / "tables"
    assert window.flow.export_tables(str(out))
    qtbot.waitUntil(lambda: not window.flow.exporter.busy, timeout=10000)
    notice = window.saved_notice
    assert notice.isVisible() and notice.label.text() == f"Saved to {out}"
    assert window.statusBar().currentMessage() == ""  # said once, by the notice
    notice.open_button.click()
    assert opened == [QUrl.fromLocalFile(str(out))] and opened[0].isLocalFile()


def test_pdf_export_shows_progress_then_the_folder_of_the_file(qtbot, window, tmp_path, opened, monkeypatch):
    run_example12(qtbot, window)
    release = threading.Event()
    fake = types.ModuleType("engine.report.pdf")

    def write_pdf(assessment, path, options=None, cancel=None):
        assert release.wait(30)
        path.write_bytes(b"%PDF-1.4 fake")

    fake.write_pdf = write_pdf
    monkeypatch.setitem(sys.modules, "engine.report.pdf", fake)
    target = tmp_path / "report" / "r.pdf"
    target.parent.mkdir()
    assert window.flow.export_pdf(str(target))
    try:
        qtbot.waitUntil(lambda: window.run_bar.isVisible(), timeout=5000)  # a busy bar while it writes
        assert window.run_bar.title.text() == "Writing the report"
        assert not window.pdf_action.isEnabled() and window.cancel_action.isEnabled()
    finally:
        release.set()
    qtbot.waitUntil(lambda: not window.flow.exporter.busy, timeout=10000)
    assert not window.run_bar.isVisible() and window.pdf_action.isEnabled()
    assert window.saved_notice.label.text() == f"Saved to {target}"
    window.saved_notice.open_button.click()
    assert opened == [QUrl.fromLocalFile(str(target.parent))]


@pytest.fixture
def app(qapp):
    from gui import i18n

    yield qapp
    i18n.uninstall(qapp)


def test_counts_take_the_plural_rule_of_the_window_language(app):
    """No "(s)": English has one singular (1), Brazilian Portuguese two (0 and 1)."""
    from gui import i18n
    from gui.dialogs.hierarchy_wizard import characters
    from gui.pages.scenarios.suggest_panel import records

    i18n.install(app, "en")
    assert [records(n) for n in (0, 1, 2, 1234)] == ["0 records", "1 record", "2 records", "1,234 records"]
    assert [characters(n) for n in (1, 2)] == ["1 character", "2 characters"]
    i18n.install(app, "pt_BR")
    assert [records(n) for n in (0, 1, 2, 1234)] == ["0 registro", "1 registro", "2 registros", "1.234 registros"]
    assert [characters(n) for n in (1, 3)] == ["1 caractere", "3 caracteres"]


def test_no_window_string_prints_a_plural_in_brackets():
    from pathlib import Path
    import re

    gui = Path(__file__).resolve().parents[2] / "gui"
    found = [f"{path.name}: {m.group(0)}" for path in gui.rglob("*.py")
             for m in re.finditer(r'"[^"\n]*\w\((?:s|es|ões)\)[^"\n]*"', path.read_text(encoding="utf-8"))]
    assert found == []


def inside_figure(canvas) -> bool:
    """The figure's tight box (titles, tick and axis labels, legends) lies within the canvas."""
    canvas.draw()
    renderer = canvas.get_renderer()
    box, frame = canvas.figure.get_tightbbox(renderer), canvas.figure.bbox
    dpi = canvas.figure.dpi / 72  # tight boxes are in inches, the frame in display pixels
    return (box.x0 * 72 * dpi >= frame.x0 - 1 and box.y0 * 72 * dpi >= frame.y0 - 1
            and box.x1 * 72 * dpi <= frame.x1 + 1 and box.y1 * 72 * dpi <= frame.y1 + 1)


def test_a_label_longer_than_its_axis_is_wrapped_to_fit(qtbot):
    from gui.widgets.canvas import PlotCanvas

    canvas = PlotCanvas()
    qtbot.addWidget(canvas)
    canvas.resize(420, 260)
    canvas.show()
    long = "Taxa de verdadeiros positivos (membros apontados) entre os alvos"
    left, right = canvas.figure.subplots(1, 2)
    left.set_ylabel(long)
    left.set_title("Distribuição da pontuação DIS-SUDA")
    right.set_title("Contribuição de cada variável-chave")
    assert inside_figure(canvas)
    assert left.yaxis.label.get_text().replace("\n", " ") == long and "\n" in left.yaxis.label.get_text()
    canvas.resize(1600, 1000)  # room again: one line
    assert inside_figure(canvas) and left.yaxis.label.get_text() == long


@pytest.mark.parametrize("size", [(1280, 800), (1440, 900)])
def test_sample_file_charts_fit_their_canvases(qtbot, window, tmp_path, size):
    from gui.widgets.canvas import PlotCanvas
    from tests.sample_survey import write_survey

    window.resize(*size)
    load_census(qtbot, window, write_survey(tmp_path / "survey.csv"))
    set_roles(window, ("age", "sex", "region"), ())
    window.data_page.set_role("wgt", "weight")
    window.attacks_page.suda.setChecked(True)
    window.run()
    qtbot.waitUntil(lambda: window.session.result is not None and not window.flow.busy, timeout=60000)
    window.pages.setCurrentWidget(window.results_page)
    window.results_page.tabs.setCurrentWidget(window.results_page.sample_view)
    qtbot.wait(200)
    canvases = [c for c in window.results_page.sample_view.findChildren(PlotCanvas) if c.isVisible()]
    assert len(canvases) == 2 and all(c.figure.axes for c in canvases)
    for canvas in canvases:
        assert canvas.height() >= canvas.minimumHeight() and inside_figure(canvas), type(canvas).__name__


def test_noisy_count_exports_wait_for_a_result(qtbot, tmp_path, opened):
    from gui.pages.dp_page import DPPage

    from .test_dp_page import EXAMPLE25, choose, load, run_and_wait

    path = tmp_path / "example25.csv"
    path.write_text(EXAMPLE25, encoding="utf-8")
    page = DPPage()
    qtbot.addWidget(page)
    page.show()
    buttons = (page.pdf_button, page.csv_button)
    assert not any(b.isEnabled() for b in buttons)  # nothing run yet
    load(qtbot, page, path)
    choose(qtbot, page, "income", "income", ["medium"])
    assert page.add_current_scenario()
    assert not any(b.isEnabled() for b in buttons)  # ready to run, still nothing to export
    run_and_wait(qtbot, page)
    assert all(b.isEnabled() for b in buttons)
    saved = []
    page.controller.exported.connect(saved.append)
    out = tmp_path / "tables"
    assert page.controller.export_tables(str(out))
    qtbot.waitUntil(lambda: not page.controller.exporting, timeout=10000)
    assert saved == [str(out)] and all(b.isEnabled() for b in buttons)
    assert page.shutdown()
