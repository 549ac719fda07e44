"""The window opens offscreen and the entry point routes commands."""

from engine import __version__
from gui.app import build_window


def test_window_shows_version_and_file(qtbot):
    window = build_window("census.csv")
    qtbot.addWidget(window)
    window.show()
    assert window.windowTitle() == f"RiskReview {__version__}"
    assert "census.csv" in window.centralWidget().text()


def test_entry_point_sends_commands_to_the_engine(capsys):
    import pytest

    from gui.__main__ import main

    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"riskreview {__version__}"
    assert main(["assess", "missing-file.csv", "--qid", "a", "--out", "x"]) == 2
    assert "missing-file.csv" in capsys.readouterr().err
