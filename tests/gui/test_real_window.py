"""The window on a real X server: Xvfb (started here on a free display) and Qt's xcb platform
plugin, in a process of its own (tests/gui/real_window_session.py). The rest of the suite runs
offscreen and would not notice a missing xcb library. Skipped when Xvfb is not installed
(``bash dev.sh setup`` installs it)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from gui.platform_check import missing_library

from .conftest import ROOT

pytestmark = pytest.mark.skipif(shutil.which("Xvfb") is None or not sys.platform.startswith("linux"),
                                reason="Xvfb is not installed (bash dev.sh setup installs it)")


@pytest.fixture
def display():
    """A new Xvfb server; ``-displayfd`` makes it pick a free display number and write it back."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        assert number.isdigit(), "Xvfb did not start"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_xcb_plugin_finds_its_libraries():
    assert missing_library() is None


@pytest.mark.slow
def test_window_on_xvfb_with_the_xcb_platform(display, tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="xcb", DISPLAY=display, XDG_RUNTIME_DIR=str(tmp_path))
    env.pop("WAYLAND_DISPLAY", None)
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                           "tests/gui/real_window_session.py"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "1 passed" in done.stdout
