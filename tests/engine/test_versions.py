"""`riskreview --version`: the program first, then the versions of the main libraries."""

from importlib import metadata

import pytest

from engine import __version__
from engine.commands.cli import main
from engine.commands.versions import LIBRARIES, version_text


def test_version_lists_program_then_libraries(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == version_text().splitlines()
    assert lines[0] == f"riskreview {__version__}" and lines[1].startswith("Python 3.")
    shown = dict(line.split(" ", 1) for line in lines[2:])
    assert list(shown) == [name for name, _ in LIBRARIES]
    assert shown["numpy"] == metadata.version("numpy")
    assert shown["scikit-learn"] == metadata.version("scikit-learn")
    pyside = metadata.version("PySide6-Essentials")
    assert shown["PySide6"] == f"{pyside} (Qt {'.'.join(pyside.split('.')[:3])})"
