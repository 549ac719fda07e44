"""Shared test set-up. Qt needs a platform before any QApplication exists."""

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "resources" / "examples"
SHARED_DATA = ROOT.parent / "shared" / "data"


@pytest.fixture
def examples() -> Path:
    return EXAMPLES
