"""The examples in the engine's and the window's docstrings hold: every module whose source holds
a ``>>>`` example is imported and its examples run (doctest)."""

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted(".".join(path.relative_to(ROOT).with_suffix("").parts)
                 for package in ("engine", "gui") for path in (ROOT / package).rglob("*.py")
                 if ">>>" in path.read_text(encoding="utf-8"))


def test_the_examples_are_found():
    assert "engine.synthetic.verdict" in MODULES and len(MODULES) > 20


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name.removesuffix(".__init__"))
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, report=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} fail (python -m pytest --doctest-modules {name.replace('.', '/')}.py)"
