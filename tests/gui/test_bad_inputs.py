"""Bad inputs end in one readable error dialog naming the file or column: never a crash or a
traceback in the message (the traceback stays behind "Show Details...")."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .conftest import EXAMPLES, error_boxes, load_census, set_roles

FOCAL = EXAMPLES / "example12.csv"


def _one_error(qtbot, window, *names):
    qtbot.waitUntil(lambda: bool(error_boxes()), timeout=20000)
    (box,) = error_boxes()
    message = box.informativeText()
    assert "\n" not in message and "Traceback" not in message
    for name in names:
        assert name in message, (name, message)
    box.close()
    qtbot.waitUntil(lambda: not error_boxes(), timeout=5000)
    assert not window.flow.busy
    return box.text(), message


def test_bad_inputs_end_in_error_dialogs(qtbot, window, tmp_path):
    # Data files that cannot be read.
    window.flow.open_data_file(str(tmp_path / "missing.csv"), ask=False)
    _, message = _one_error(qtbot, window, "missing.csv")
    assert "no such file" in message
    (tmp_path / "empty.csv").write_bytes(b"")
    window.flow.open_data_file(str(tmp_path / "empty.csv"), ask=False)
    assert "empty" in _one_error(qtbot, window, "empty.csv")[1]
    (tmp_path / "binary.csv").write_bytes(bytes(range(256)) * 4)
    window.flow.open_data_file(str(tmp_path / "binary.csv"), ask=False)
    assert "binary" in _one_error(qtbot, window, "binary.csv")[1]
    (tmp_path / "text.parquet").write_text("id,age\n1,25\n")
    window.flow.open_data_file(str(tmp_path / "text.parquet"), ask=False)
    assert "not a Parquet file" in _one_error(qtbot, window, "text.parquet")[1]
    assert window.session.table is None

    # A later release whose linkage key repeats.
    load_census(qtbot, window, FOCAL)
    set_roles(window, ("gender", "occupation"), ("illness",))
    window.data_page.set_role("id", "linkage_keys")
    later = tmp_path / "release2.csv"
    later.write_text("id,occupation\n1,2\n1,3\n2,1\n")
    assert window.releases_page.add_release_file(str(later)).linkage_key == "id"
    window.run()
    title, message = _one_error(qtbot, window, "release2.csv", "'id'", "duplicate")
    assert title == "<b>The attacks could not run</b>" and window.session.result is None
    window.releases_page.add_release_file(str(tmp_path / "gone.csv"))
    _one_error(qtbot, window, "gone.csv")
    assert len(window.session.releases) == 1
    window.session.remove_release(0)

    # The window gives each column one role, so a sensitive QID can only come from a file.
    analysis = tmp_path / "conflict.toml"
    analysis.write_text(f'[data]\npath = "{FOCAL.as_posix()}"\n\n[roles]\nquasi_identifiers = ["gender", '
                        '"illness"]\nsensitive = ["illness"]\n')
    assert not window.flow.open_analysis(str(analysis))
    title, message = _one_error(qtbot, window, "'illness'")
    assert title == "<b>Could not open the analysis</b>" and "sensitive" in message

    # An export into a folder that cannot be written.
    window.run()
    qtbot.waitUntil(lambda: window.session.result is not None, timeout=30000)
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    if os.geteuid() == 0:  # root writes through permissions: use a folder no one can create files in
        folder = Path("/proc")
    window.flow.export_tables(str(folder))
    title, message = _one_error(qtbot, window, str(folder), "cannot write")
    assert title == "<b>Export failed</b>"
    assert window.session.result is not None  # still usable
