"""The one controller of every analysis (gui/controller.py): busy state, stale results dropped,
cancel, exports, shutdown; every page's command bar; a run from the window after opening an
analysis writes the command line's results.json on that file."""

from __future__ import annotations

import json
import multiprocessing
import threading
from pathlib import Path

import pytest
from PySide6.QtWidgets import QVBoxLayout, QWidget

from engine.foundation.errors import Cancelled, InputError
from gui.controller import Analysis, AnalysisController, AnalysisTexts, Outcome
from gui.text import duration
from gui.widgets.command_bar import CommandBar, CommandTexts
from gui.widgets.run_bar import RunBar

from .conftest import EXAMPLES, error_boxes, wait_loaded
from .test_config_state import DP_EXTRA, SYNTHETIC, _numbers, _write


class Squares(Analysis):
    """A test analysis: the config is a number n, the result the list of squares below n; the
    run waits for ``release`` (or a cancel) so the test decides when it ends."""

    def __init__(self) -> None:
        self.texts = AnalysisTexts(cannot_run="Cannot run", could_not_run="Could not run", running="Squaring")
        self.n = 4
        self.shown: list[Outcome] = []
        self.release = threading.Event()
        self.written: list[tuple[list[int], Path]] = []

    def config(self) -> int:
        if self.n < 0:
            raise InputError("n: must be 0 or more")
        return self.n

    def work(self, n: int):
        def work(progress, cancel):
            while not self.release.wait(0.01):
                if cancel.cancelled:
                    raise Cancelled()
            return [i * i for i in range(n)]

        return work

    def show(self, outcome: Outcome) -> None:
        self.shown.append(outcome)

    def result(self):
        return self.shown[-1].result if self.shown else None

    def write_pdf(self, result, path: Path, cancel) -> None:
        self.written.append((result, path))
        path.write_text(" ".join(map(str, result)), encoding="utf-8")


@pytest.fixture
def squares(qtbot):
    page = QWidget()
    layout = QVBoxLayout(page)
    bar = CommandBar(CommandTexts(run="Run", pdf="PDF", tables="Tables", open="Open", save="Save"))
    run_bar = RunBar()
    layout.addWidget(bar)
    layout.addWidget(run_bar)
    qtbot.addWidget(page)
    page.show()
    analysis = Squares()
    controller = AnalysisController(analysis, "squares", page, run_bar, bar)
    statuses: list[str] = []
    controller.statusMessage.connect(statuses.append)
    yield controller, analysis, bar, statuses
    analysis.release.set()
    controller.shutdown()


def test_busy_state_follows_the_run(qtbot, squares):
    controller, analysis, bar, statuses = squares
    assert bar.run_button.isEnabled() and not bar.pdf_button.isEnabled() and not bar.tables_button.isEnabled()
    assert controller.run()
    assert controller.busy and not bar.run_button.isEnabled() and not bar.open_button.isEnabled()
    assert controller.run_bar.isVisible() and controller.run_bar.title.text() == "Squaring"
    assert not controller.run()  # one run at a time: refused, not queued
    analysis.release.set()
    qtbot.waitUntil(lambda: not controller.busy, timeout=5000)
    assert bar.run_button.isEnabled() and bar.open_button.isEnabled() and bar.pdf_button.isEnabled()
    assert not controller.run_bar.isVisible()
    assert controller.outcome.config == 4 and controller.outcome.result == [0, 1, 4, 9]
    assert analysis.shown == [controller.outcome] and controller.outcome.seconds > 0
    assert statuses == ["Squaring...", f"Finished in {duration(controller.outcome.seconds)}."]


def test_a_result_of_a_config_changed_during_the_run_is_dropped(qtbot, squares):
    controller, analysis, bar, statuses = squares
    assert controller.run()
    analysis.n = 3  # the analysis on screen changes while the run goes
    analysis.release.set()
    qtbot.waitUntil(lambda: not controller.busy, timeout=5000)
    assert analysis.shown == [] and controller.outcome is None and not bar.pdf_button.isEnabled()
    assert "dropped" in statuses[-1]
    assert controller.run()  # the next run is of the config on screen
    qtbot.waitUntil(lambda: not controller.busy, timeout=5000)
    assert [(o.config, o.result) for o in analysis.shown] == [(3, [0, 1, 4])]


def test_an_incomplete_config_is_refused_with_its_message(qtbot, squares):
    controller, analysis, _, _ = squares
    analysis.n = -1
    assert not controller.run() and not controller.busy
    box = controller.last_error
    assert box.windowTitle() == "Cannot run" and box.informativeText() == "n: must be 0 or more"
    box.close()


def test_cancel_leaves_the_page_usable_and_the_next_run_works(qtbot, squares):
    controller, analysis, bar, statuses = squares
    assert controller.run()
    assert controller.run() is False
    controller.run_bar.cancel_button.click()
    qtbot.waitUntil(lambda: not controller.busy, timeout=5000)
    assert analysis.shown == [] and "cancelled" in statuses[-1] and not error_boxes()
    assert bar.run_button.isEnabled() and not controller.run_bar.isVisible()
    # the job's thread ends just after its last signal reaches the window: it does end
    qtbot.waitUntil(lambda: controller.runner.threads_alive == 0, timeout=5000)
    analysis.release.set()
    assert controller.run()
    qtbot.waitUntil(lambda: not controller.busy, timeout=5000)
    assert analysis.shown[-1].result == [0, 1, 4, 9]


def test_exports_write_the_result_shown_and_say_where(qtbot, squares, tmp_path):
    controller, analysis, bar, statuses = squares
    assert not controller.export_pdf(str(tmp_path / "none.pdf"))  # nothing to export yet
    assert "Run the analysis on this page first" in controller.last_error.informativeText()
    controller.last_error.close()
    analysis.release.set()
    assert controller.run()
    qtbot.waitUntil(lambda: not controller.busy, timeout=5000)
    target = tmp_path / "squares.pdf"
    assert controller.export_pdf(str(target))
    assert not bar.pdf_button.isEnabled() and not bar.run_button.isEnabled()  # while it writes
    qtbot.waitUntil(lambda: not controller.exporting, timeout=5000)
    assert target.read_text(encoding="utf-8") == "0 1 4 9"
    assert statuses[-1] == f"Saved to {target}." and bar.pdf_button.isEnabled()
    assert controller.export_pdf(str(tmp_path / "missing" / "x.pdf"))  # a folder that does not exist
    qtbot.waitUntil(lambda: not controller.exporting, timeout=5000)
    assert "cannot write the report there" in controller.last_error.informativeText()
    controller.last_error.close()


def test_exclusive_analyses_never_run_together(qtbot, squares):
    controller, analysis, bar, _ = squares
    other = AnalysisController(Squares(), "other", controller.page, RunBar())
    other.exclude(controller)
    assert controller.run()
    assert other.blocked and not other.can_run and not other.run()
    analysis.release.set()
    qtbot.waitUntil(lambda: not controller.busy, timeout=5000)
    assert not other.blocked and other.can_run
    other.analysis.release.set()
    assert other.run()
    assert controller.blocked and not bar.run_button.isEnabled()
    qtbot.waitUntil(lambda: not other.busy, timeout=5000)
    assert bar.run_button.isEnabled()


def test_every_page_has_the_same_command_bar_in_the_same_place(qtbot, window):
    from gui.main_window import ATTACKS, DP, RESULTS, SCENARIOS, SYNTHETIC

    window.flow.open_data_file(str(EXAMPLES / "example12.csv"), ask=False)
    wait_loaded(qtbot, window)
    window.session.set_result(None)
    pages = {ATTACKS: window.attacks_page, RESULTS: window.results_page, SCENARIOS: window.scenarios_page,
             SYNTHETIC: window.synthetic_page, DP: window.dp_page}
    window.results_page.stack.setCurrentIndex(1)  # its results view, where the bar is
    places = {}
    for index, page in pages.items():
        window.show_page(index)
        qtbot.wait(10)
        bar = page.commands
        assert type(bar) is CommandBar and getattr(page, "run_button", bar.run_button) is bar.run_button
        assert window.front_controller() in window.controllers() and bar in window.front_controller().bars
        shown = [b for b in (bar.pdf_button, bar.tables_button, bar.run_button)]
        assert all(b.isVisible() for b in shown)
        edges = [b.mapTo(window, b.rect().topRight()).x() for b in shown]
        assert edges == sorted(edges)  # PDF, tables, Run from left to right
        places[index] = edges[-1]
    assert max(places.values()) - min(places.values()) <= 24, places  # Run's right edge, every page


def test_closing_during_a_synthetic_run_leaves_no_process(qtbot, settings, tmp_path):
    from gui.main_window import SYNTHETIC as SYNTHETIC_PAGE, MainWindow

    files = [(n, n) for n in ("synthetic_real.csv", "synthetic_release.csv", "synthetic_control.csv")]
    path = _write(tmp_path, "synthetic.toml", SYNTHETIC.replace("{jobs}", "2").replace("targets = 30",
                                                                                       "targets = 400"), *files)
    win = MainWindow(settings)
    qtbot.addWidget(win)
    win.show()
    win.open_analysis(str(path))
    win.show_page(SYNTHETIC_PAGE)
    page = win.synthetic_page
    win.run()
    assert page.controller.busy
    qtbot.waitUntil(lambda: page.run_bar.bar.maximum() > 0, timeout=60000)
    win.close()
    assert not page.controller.busy and page.controller.runner.threads_alive == 0
    assert multiprocessing.active_children() == []
    assert page.assessment is None


def _run_from_the_window(qtbot, window, path: Path, page, folder: Path) -> None:
    window.open_analysis(str(path))
    assert window.pages.currentWidget() is page and window.front_controller() is page.controller
    qtbot.waitUntil(lambda: window.run_action.isEnabled(), timeout=20000)
    window.run_action.trigger()
    qtbot.waitUntil(lambda: page.assessment is not None, timeout=180000)
    assert not error_boxes(), [b.informativeText() for b in error_boxes()]
    assert page.controller.outcome.config == page.assessment.config  # the result carries its config
    assert page.controller.export_tables(str(folder))
    qtbot.waitUntil(lambda: (folder / "results.json").exists() and not page.controller.exporting, timeout=60000)


def test_window_synthetic_run_equals_command_line_run(qtbot, window, tmp_path):
    from engine.commands import cli
    from engine.synthetic.config import SyntheticConfig

    files = [(n, n) for n in ("synthetic_real.csv", "synthetic_release.csv", "synthetic_control.csv")]
    path = _write(tmp_path, "synthetic.toml", SYNTHETIC.replace("{jobs}", "1"), *files)
    assert cli.main(["synth", "--config", str(path), "--out", str(tmp_path / "cli"), "--quiet"]) == 0
    _run_from_the_window(qtbot, window, path, window.synthetic_page, tmp_path / "gui")
    assert window.synthetic_page.assessment.config == SyntheticConfig.from_toml(path)
    cli_numbers, gui_numbers = _numbers(tmp_path / "cli"), _numbers(tmp_path / "gui")
    assert gui_numbers == cli_numbers
    config = cli_numbers["config"]
    assert config["attacks"]["seed"] == 7 and config["report"]["author"] == "Disclosure board"


def test_window_dp_run_equals_command_line_run(qtbot, window, tmp_path):
    from engine.commands import cli
    from engine.dp.config import DPConfig

    text = (EXAMPLES / "dp_demo.toml").read_text(encoding="utf-8") + DP_EXTRA
    path = _write(tmp_path, "dp.toml", text, ("census_example.csv", "census_example.csv"))
    assert cli.main(["dp", "--config", str(path), "--out", str(tmp_path / "cli"), "--quiet"]) == 0
    _run_from_the_window(qtbot, window, path, window.dp_page, tmp_path / "gui")
    assert window.dp_page.assessment.config == DPConfig.from_toml(path)
    cli_numbers, gui_numbers = _numbers(tmp_path / "cli"), _numbers(tmp_path / "gui")
    assert gui_numbers == cli_numbers
    assert json.loads((tmp_path / "gui" / "results.json").read_text(encoding="utf-8"))["config"]["epsilons"][0] == 0.05


def test_the_loaded_file_is_offered_only_to_empty_inputs(qtbot, window):
    from gui.main_window import DP, SYNTHETIC as SYNTHETIC_PAGE

    census, other = EXAMPLES / "census_example.csv", EXAMPLES / "example12.csv"
    window.show_page(DP)
    window.flow.open_data_file(str(census), ask=False)
    wait_loaded(qtbot, window)
    assert window.dp_page.data_path.text() == str(census)  # offered while the page is in front
    assert window.synthetic_page.set_file("real", str(EXAMPLES / "synthetic_real.csv"))
    window.flow.open_data_file(str(other), ask=False)
    qtbot.waitUntil(lambda: window.session.table.name == other.name and not window.flow.loader.busy, timeout=20000)
    window.show_page(SYNTHETIC_PAGE)
    assert window.synthetic_page.form.files.path("real") == str(EXAMPLES / "synthetic_real.csv")  # kept
    window.show_page(DP)
    assert window.dp_page.data_path.text() == str(census)  # kept


def test_the_synthetic_page_takes_the_data_pages_roles_with_the_loaded_file(qtbot, window):
    from gui.main_window import SYNTHETIC as SYNTHETIC_PAGE

    from .conftest import load_census, set_roles

    load_census(qtbot, window)
    set_roles(window, ("birth_year", "sex", "school"), ("bolsa_familia", "special_needs"))
    window.show_page(SYNTHETIC_PAGE)
    page = window.synthetic_page
    assert page.form.files.path("real") == str(EXAMPLES / "census_example.csv")
    assert set(page.checked_qids()) == {"birth_year", "sex", "school"}
    assert page.form.attacker.sensitive_column() == window.session.sensitive[0] == "special_needs"  # file order
