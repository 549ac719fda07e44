"""Errors become readable dialogs; a long run cancels within two seconds and leaves no worker."""

from __future__ import annotations

import multiprocessing

import pyarrow as pa
import pyarrow.csv as pcsv
import pytest
from PySide6.QtCore import Qt, QTimer

from engine.foundation.errors import EngineFailure
from engine.foundation.workers import available_cpus

from tests.engine.helpers import sweep_threads
from .conftest import CENSUS, error_boxes, load_census, set_roles


@pytest.mark.parametrize("name, content, words", [
    ("survey.parquet", b"this is not parquet at all", "not a Parquet file"),
    ("survey.csv", b"a,b\x00\x01\x02,c\n", "looks like a binary file"),
    ("survey.sav", b"$FL2 broken", "could not read as SPSS .sav"),
])
def test_unreadable_file_shows_an_error_dialog(qtbot, window, tmp_path, name, content, words):
    path = tmp_path / name
    path.write_bytes(content)
    window.flow.open_data_file(str(path), ask=False)
    qtbot.waitUntil(lambda: bool(error_boxes()), timeout=10000)
    box = error_boxes()[0]
    assert box.text() == f"<b>Could not open {name}</b>"
    assert words in box.informativeText() and name in box.informativeText()
    assert "InputError" in box.detailedText()
    assert window.session.table is None and not window.flow.busy
    box.close()
    window.show_page(1)  # the window is still usable
    assert window.pages.currentWidget() is window.data_page


def test_engine_failure_is_a_message_with_details(qtbot, window, monkeypatch):
    load_census(qtbot, window)
    set_roles(window)

    def broken(config, **kwargs):
        raise EngineFailure("a worker process stopped unexpectedly during the sweep (killed, or out of memory)")

    monkeypatch.setattr("gui.assessment.run_assessment", broken)
    window.run()
    qtbot.waitUntil(lambda: bool(error_boxes()), timeout=10000)
    box = error_boxes()[0]
    assert box.text() == "<b>The run failed</b>"
    assert box.informativeText().startswith("a worker process stopped unexpectedly")
    assert "EngineFailure" in box.detailedText()
    assert window.session.result is None and window.run_action.isEnabled()
    box.close()


def test_missing_roles_say_what_to_do(qtbot, window):
    load_census(qtbot, window)
    window.show_page(3)
    page = window.attacks_page
    assert not page.run_button.isEnabled()
    assert "no quasi-identifier chosen" in page.problem.text()
    window.run()
    box = error_boxes()[0]
    assert "Quasi-identifier" in box.informativeText()
    box.close()


def _big_census(tmp_path, copies: int = 10):
    """The census example ``copies`` times, each copy with its own schools and shuffled birth
    days, so that the rows stay distinct and the sweep has work for its workers."""
    import numpy as np
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    table = pcsv.read_csv(CENSUS)
    rng = np.random.default_rng(7)
    parts = []
    for copy in range(copies):
        school = pc.binary_join_element_wise(table["school"], pa.scalar(f"-{copy}"), "")
        day = pa.array(rng.permutation(table["birth_day"].to_numpy()))
        parts.append(table.set_column(table.schema.get_field_index("school"), "school", school)
                     .set_column(table.schema.get_field_index("birth_day"), "birth_day", day))
    path = tmp_path / "census_big.parquet"
    pq.write_table(pa.concat_tables(parts), path)
    return path


def test_cancel_a_long_run(qtbot, window, tmp_path, monkeypatch):
    load_census(qtbot, window, _big_census(tmp_path, 50))
    assert window.session.table.n_rows == 1000000
    set_roles(window, ("birth_day", "birth_month", "birth_year", "sex", "race", "nationality",
                       "municipality_birth", "municipality_residence", "school", "school_type"),
              ("special_needs", "bolsa_familia"))
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(10)
    qtbot.mouseClick(window.attacks_page.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.run_bar.bar.maximum() == 1023 and window.run_bar.bar.value() > 0
                    and len(sweep_threads()) == min(2, available_cpus()),   # the sweep runs on its threads
                    timeout=120000)
    assert window.run_bar.bar.format().endswith("/ 1,023 subsets")
    assert "elapsed" in window.run_bar.detail.text()
    before = len(ticks)
    ended = []   # the window hears that the run stopped (its speed: benchmarks/cancel.py)
    window.flow.runner.busyChanged.connect(lambda busy: ended.append(busy) if not busy else None)
    qtbot.mouseClick(window.run_bar.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.flow.runner.busy, timeout=30000)   # a hang guard
    assert ended == [False]
    assert len(ticks) > before  # the event loop kept turning
    timer.stop()
    assert window.session.result is None
    assert "cancelled" in window.statusBar().currentMessage()
    assert sweep_threads() == [] and multiprocessing.active_children() == []
    assert not error_boxes()
    window.show_page(4)  # still usable
    assert window.run_action.isEnabled()


def test_closing_during_a_run_cancels_and_waits(qtbot, settings, tmp_path):
    from gui.main_window import MainWindow

    win = MainWindow(settings)
    qtbot.addWidget(win)
    load_census(qtbot, win, _big_census(tmp_path, 5))
    set_roles(win, ("birth_day", "birth_month", "birth_year", "sex", "race", "school"))
    win.run()
    qtbot.waitUntil(lambda: win.run_bar.bar.value() > 0, timeout=30000)
    win.session.undo_stack.setClean()  # the roles are not to be saved: no save-changes question
    win.close()
    assert win.flow.runner.threads_alive == 0 and not win.flow.busy
    assert multiprocessing.active_children() == []
