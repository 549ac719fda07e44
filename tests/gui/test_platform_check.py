"""The start-up check names a missing system library instead of Qt's platform-plugin error."""

from __future__ import annotations

import pytest

from gui import platform_check
from gui.platform_check import missing_library_in, platform_plugin, problem_text


def test_the_loader_message_names_the_library():
    message = "libxcb-icccm.so.4: cannot open shared object file: No such file or directory"
    assert missing_library_in(message) == "libxcb-icccm.so.4"
    assert missing_library_in("/x/libqxcb.so: undefined symbol: foo") is None


def test_the_line_names_library_and_package():
    assert problem_text("libxcb-keysyms.so.1") == (
        "RiskReview cannot open its window: the system library libxcb-keysyms.so.1 is missing "
        "(Debian/Ubuntu package libxcb-keysyms1; install it as root).")
    assert problem_text("libfoo.so.2") == "RiskReview cannot open its window: the system library libfoo.so.2 is missing."


@pytest.mark.parametrize("env, expected", [
    ({"QT_QPA_PLATFORM": "offscreen", "DISPLAY": ":1"}, None),
    ({"QT_QPA_PLATFORM": "xcb"}, "xcb"),
    ({"DISPLAY": ":1"}, "xcb"),
    ({"DISPLAY": ":1", "WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "wayland"}, None),
    ({}, None),
])
def test_the_check_runs_only_for_xcb(monkeypatch, env, expected):
    for name in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY", "XDG_SESSION_TYPE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(platform_check.platform, "system", lambda: "linux")
    assert platform_plugin() == expected


def test_start_up_prints_one_line_and_stops(monkeypatch, capsys):
    from gui.app import run

    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setattr(platform_check.platform, "system", lambda: "linux")
    monkeypatch.setattr(platform_check, "missing_library", lambda: "libxcb-icccm.so.4")
    assert run([]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["RiskReview cannot open its window: the system library libxcb-icccm.so.4 is missing "
                   "(Debian/Ubuntu package libxcb-icccm4; install it as root)."]
