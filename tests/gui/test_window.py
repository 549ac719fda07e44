"""The window opens, routes ``riskreview gui FILE``, and keeps Qt out of the entry module."""

import json
import subprocess
import sys

from engine import __version__
from gui.app import build_window

from .conftest import CENSUS, ROOT, wait_loaded


def test_window_starts_on_the_start_page_with_the_example(window):
    assert window.windowTitle() == f"RiskReview {__version__}[*]"  # the mark shows unsaved changes
    assert not window.isWindowModified()
    assert window.pages.currentWidget() is window.start_page
    assert window.start_page.run_example.isEnabled()
    assert "census" in window.start_page.run_example.text().lower()
    assert not window.run_action.isEnabled()  # nothing loaded yet
    assert window.width() == 1280 and window.height() == 800


def test_gui_file_argument_opens_the_file(qtbot, settings):
    win = build_window(str(CENSUS), settings=settings)
    qtbot.addWidget(win)
    wait_loaded(qtbot, win)
    assert win.windowTitle() == f"census_example.csv — RiskReview {__version__}[*]"
    assert not win.isWindowModified()
    assert win.session.table.n_rows == 20000
    assert win.rows_status.text() == "20,000 rows × 13 columns"
    assert win.file_status.text() == "File: census_example.csv"
    assert win.memory_status.text().startswith("Data in memory:")
    assert win.pages.currentWidget() is win.data_page
    win.close()


def test_entry_point_sends_commands_to_the_engine(capsys):
    import pytest

    from gui.__main__ import main

    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"riskreview {__version__}"
    assert any(line.startswith("PySide6 ") and "(Qt " in line for line in lines[1:])
    assert main(["assess", "missing-file.csv", "--qid", "a", "--out", "x"]) == 2
    assert "missing-file.csv" in capsys.readouterr().err


def test_the_command_line_freezes_the_heap_last_at_exit_and_a_call_with_arguments_does_not(monkeypatch, tmp_path):
    """``riskreview``'s own command line registers ``gc.freeze`` to run after every other exit
    handler (so the interpreter's last collections skip what is alive); ``main(args)``, as
    tests and the frozen self-test call it, registers nothing. The command's files are whole."""
    import atexit
    import gc

    import pytest

    from gui.__main__ import main

    registered = []
    monkeypatch.setattr(atexit, "register", lambda handler, *a, **k: registered.append(handler))
    monkeypatch.setattr(sys, "argv", ["riskreview", "--version"])
    with pytest.raises(SystemExit):
        main()
    assert registered == [gc.freeze]
    registered.clear()
    with pytest.raises(SystemExit):
        main(["--version"])
    assert registered == []
    monkeypatch.undo()

    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "gui", "assess", str(ROOT / "resources" / "examples" / "census_example.csv"),
                           "--qid", "birth_year", "sex", "race", "--sensitive", "special_needs", "--out", str(out),
                           "--quiet"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    results = json.loads((out / "results.json").read_text())
    assert len(results["reidentification"]) == 7           # the 7 subsets of 3 QIDs, written in full


def test_entry_module_does_not_import_qt():
    code = "import sys, gui.__main__; print(any(m.startswith('PySide6') for m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_about_box_names_version_and_licences(window):
    from gui.dialogs.about import show_about

    box = show_about(window)
    text = box.text()
    assert f"RiskReview {__version__}" in text
    assert "LGPL-3.0" in text and "Apache-2.0" in text and "BSD-3-Clause" in text
    box.close()


def test_shortcuts(window):
    assert window.open_action.shortcut().toString() == "Ctrl+O"
    assert [s.toString() for s in window.run_action.shortcuts()] == ["Ctrl+R", "F5"]
    assert window.pdf_action.shortcut().toString() == "Ctrl+E"
    assert window.tables_action.shortcut().toString() == "Ctrl+Shift+E"
    assert window.save_action.shortcut().toString() == "Ctrl+S"
    assert window.cancel_action.shortcut().toString() == "Esc"
