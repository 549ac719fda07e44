"""The self-test the package runs (``riskreview --self-test``), run here from source: every step
passes and it ends by itself (a modal prompt at the end would leave it waiting forever)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_self_test_passes_and_ends_from_source(tmp_path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT), "HOME": str(tmp_path),
           "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    done = subprocess.run([sys.executable, "-m", "gui", "--self-test"], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == "self-test passed"
    assert any(line.startswith("ok window:") for line in lines)
    assert "ok offline: no network connection was attempted" in lines
