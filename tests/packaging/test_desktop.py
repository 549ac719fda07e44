"""The Linux desktop entry: written under XDG_DATA_HOME, quoted per the specification, removable."""

import configparser
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gui.desktop import _exec_argument, desktop_entry, install, uninstall

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux desktop entry")


def test_install_writes_entry_and_icon_and_uninstall_removes_them(tmp_path):
    home = tmp_path / "share"
    entry, icon = install(home, ["/opt/risk review/riskreview"])
    assert entry == home / "applications" / "riskreview.desktop"
    assert icon == home / "icons" / "hicolor" / "scalable" / "apps" / "riskreview.svg"
    assert icon.read_text().startswith("<svg")
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read_string(entry.read_text())
    section = parser["Desktop Entry"]
    assert section["Exec"] == '"/opt/risk review/riskreview" gui %f'
    assert section["TryExec"] == "/opt/risk review/riskreview"
    assert section["Icon"] == str(icon) and section["Type"] == "Application"
    assert not list(entry.parent.glob(".*.tmp"))
    assert sorted(uninstall(home)) == sorted([entry, icon]) and not entry.exists() and not icon.exists()
    assert uninstall(home) == []


def test_exec_quoting_follows_the_specification():
    assert _exec_argument("/usr/bin/riskreview") == "/usr/bin/riskreview"
    assert _exec_argument("/a b") == '"/a b"'
    # a literal $ and " are backslash-escaped, then every backslash doubled (string escape)
    assert _exec_argument('/a$b"c') == '"/a\\\\$b\\\\"c"'
    assert _exec_argument("/50%") == "/50%%"
    from_source = desktop_entry(["/usr/bin/python3", "-m", "gui"], Path("/i.svg"))
    assert "Exec=/usr/bin/python3 -m gui gui %f\n" in from_source and "TryExec" not in from_source


def test_command_line_option(tmp_path):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "gui", "--install-desktop"], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "applications" / "riskreview.desktop").is_file()
    assert done.stdout.count("wrote ") == 2
    blocked = tmp_path / "ro"
    blocked.write_text("a file where the folder should be")
    done = subprocess.run([sys.executable, "-m", "gui", "--install-desktop"], capture_output=True, text=True,
                          env={**env, "XDG_DATA_HOME": str(blocked)}, cwd=ROOT, timeout=60)
    assert done.returncode == 2 and done.stderr.startswith("error: ") and len(done.stderr.splitlines()) == 1
