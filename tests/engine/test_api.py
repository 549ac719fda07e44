"""engine.api, the one module the window and the command line import (docs/development.md,
"Import contracts"): each exported name is its module's own object, and importing the module loads
nothing until a name is used."""

import importlib
import subprocess
import sys

import pytest

from engine import api

from ..conftest import ROOT


def test_every_export_is_the_object_of_its_module():
    seen = set()
    for module, names in api.EXPORTS.items():
        for entry in names:
            name, attribute = (entry, entry) if isinstance(entry, str) else entry
            assert name not in seen, f"{name} exported twice"
            seen.add(name)
            owner = importlib.import_module(module)
            expected = getattr(owner, attribute, None) or importlib.import_module(f"{module}.{attribute}")
            assert getattr(api, name) is expected, name
    assert sorted(seen) == api.__all__


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError):
        api.no_such_name  # noqa: B018
    with pytest.raises(ImportError):
        exec("from engine.api import no_such_name", {})


def test_importing_the_api_loads_no_part_of_the_engine():
    script = ("import sys, engine.api\n"
              "print(sorted(m for m in sys.modules if m.startswith('engine.') and m != 'engine.api'))")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_a_patch_of_the_defining_module_is_seen_through_the_api(monkeypatch):
    from engine.outcome import selection

    marker = object()
    monkeypatch.setattr(selection, "top_by_size", marker)
    assert api.top_by_size is marker
