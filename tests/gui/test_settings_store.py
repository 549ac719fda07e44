"""The user's settings live in the system's native store (the registry on Windows), and no
window module makes a settings object of its own."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_user_settings_are_native_and_per_user(tmp_path, monkeypatch):
    from PySide6.QtCore import QSettings

    from gui.settings import user_settings

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    settings = user_settings()
    assert settings.format() == QSettings.Format.NativeFormat
    assert settings.scope() == QSettings.Scope.UserScope
    assert (settings.organizationName(), settings.applicationName()) == ("RiskReview", "RiskReview")
    if sys.platform.startswith("linux"):
        assert Path(settings.fileName()).parts[-2:] == ("RiskReview", "RiskReview.conf")


def test_only_the_settings_module_and_the_self_test_make_settings():
    made = []
    for path in sorted((ROOT / "gui").rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if re.search(r"\bQSettings\(", line):
                made.append(f"{path.relative_to(ROOT).as_posix()}:{number}")
    assert [m.split(":")[0] for m in made] == ["gui/selftest.py", "gui/settings.py"]
