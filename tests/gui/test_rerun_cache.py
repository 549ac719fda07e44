"""Re-runs in the window reuse the table it read and the counts it swept, and give the numbers
of a fresh run; a data file changed on disk is read again."""

from __future__ import annotations

import os
import shutil

import pytest

from engine.api import run_assessment
from engine.analysis.config import Target

from .conftest import CENSUS, load_census, set_roles


def _run(qtbot, window):
    window.session.result = None
    assert window.flow.run()
    qtbot.waitUntil(lambda: window.session.result is not None and not window.flow.runner.busy, timeout=120000)
    return window.session.result.assessment


def _same(shown, fresh) -> None:
    for name in ("dataset", "reidentification", "inference", "histograms", "targets"):
        assert repr(getattr(shown, name)) == repr(getattr(fresh, name)), name


@pytest.mark.slow
def test_reruns_reuse_the_table_and_counts(qtbot, window, tmp_path):
    path = tmp_path / "census.csv"
    shutil.copyfile(CENSUS, path)
    load_census(qtbot, window, path)
    set_roles(window)
    cache = window.flow.cache
    first = _run(qtbot, window)
    assert (cache.reads, cache.sweeps.swept) == (0, 15)   # the table the window read; 4 QIDs: 15 subsets
    _same(first, run_assessment(window.session.build_config()))

    window.session.add_target(Target((("sex", "F"), ("birth_year", "2008"))))
    again = _run(qtbot, window)
    assert (cache.reads, cache.sweeps.swept) == (0, 15)   # nothing read or swept again
    assert again.reidentification == first.reidentification and len(again.targets) == 1
    _same(again, run_assessment(window.session.build_config()))

    window.data_page.set_role("school", "ignored")         # a QID fewer: its subsets are all known
    fewer = _run(qtbot, window)
    assert cache.sweeps.swept == 15 and len(fewer.reidentification) == 7
    _same(fewer, run_assessment(window.session.build_config()))

    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(lines[: len(lines) // 2]), encoding="utf-8")   # the file changes on disk
    stat = os.stat(path)
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    changed = _run(qtbot, window)
    assert cache.reads == 1 and changed.dataset.rows == len(lines) // 2 - 1
    _same(changed, run_assessment(window.session.build_config()))
