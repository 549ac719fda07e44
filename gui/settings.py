"""The user's settings in the system's own store: the registry (``HKEY_CURRENT_USER\\Software\\
RiskReview\\RiskReview``) on Windows, a property list on macOS, ``~/.config/RiskReview/
RiskReview.conf`` on Linux. Tests and the self-test pass an INI file of their own instead."""

from __future__ import annotations

from PySide6.QtCore import QSettings

ORGANIZATION = "RiskReview"
APPLICATION = "RiskReview"


def user_settings() -> QSettings:
    """This user's RiskReview settings in the native format (never an INI file on Windows)."""
    return QSettings(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, ORGANIZATION, APPLICATION)
