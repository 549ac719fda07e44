"""Shared test set-up. Qt needs a platform before any QApplication exists."""

import hashlib
import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["RISKREVIEW_LANGUAGE"] = "en"  # reports in English whatever the machine's locale (engine/i18n.py)

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "resources" / "examples"
FIXTURES = ROOT / "tests" / "fixtures"
SHARED_DATA = ROOT.parent / "shared" / "data"


@pytest.fixture
def examples() -> Path:
    return EXAMPLES


def _digests() -> dict[Path, str]:
    files = [p for folder in (EXAMPLES, FIXTURES) if folder.exists() for p in sorted(folder.iterdir())
             if p.is_file()]
    return {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in files}


@pytest.fixture(autouse=True)
def input_files_are_never_modified():
    """Every test: the bundled example and fixture files are byte-identical afterwards
    (tests that write their own inputs check those themselves)."""
    before = _digests()
    yield
    assert _digests() == before, "a test run modified an input file"
