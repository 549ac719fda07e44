"""The main paths on two workers, as they run on Windows too: an assessment with its PDF from the
command line (the sweep on two threads; with privacy models, the walk on two worker processes)
and from the window. Marked ``portable`` (tests/conftest.py), so CI
also runs them with only ``spawn`` and without the POSIX-only functions."""

from __future__ import annotations

import json
import multiprocessing
import textwrap

import pytest

from engine.foundation import workers
from engine.commands.cli import main

from .long_runs import QIDS, write_big_table

two_cpus = pytest.mark.skipif(workers.available_cpus() < 2, reason="needs two CPUs for two workers")
ROWS = 200_000      # 200,000 rows x 2,047 subsets: the segment sweep; with models, a walk whose pool pays


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    return write_big_table(tmp_path_factory.mktemp("data") / "table.parquet", rows=ROWS, seed=5)


@pytest.fixture
def pools(monkeypatch):
    """The start method of every worker pool that ran, with its number of workers."""
    seen: list[tuple[str, int]] = []
    run = workers.WorkerPool.run

    def recording(self, *args, **options):
        run(self, *args, **options)
        seen.append((self._ctx.get_start_method(), len({span.worker for span in self.timeline})))

    monkeypatch.setattr(workers.WorkerPool, "run", recording)
    return seen


def _results(folder):
    return json.loads((folder / "results.json").read_text(encoding="utf-8"))


@two_cpus
@pytest.mark.slow
@pytest.mark.parametrize("models", [False, True], ids=["threads", "worker-processes"])
def test_assess_on_two_workers_with_a_pdf(tmp_path, table, pools, capsys, models):
    argv = ["assess", str(table), "--qid", *QIDS, "--sensitive", "s", "--quiet", *(["--models"] if models else [])]
    assert main([*argv, "--jobs", "2", "--out", str(tmp_path / "two"), "--pdf", str(tmp_path / "r.pdf")]) == 0
    assert pools == ([(workers.start_method(), 2)] if models else [])
    assert main([*argv, "--jobs", "1", "--out", str(tmp_path / "one")]) == 0, capsys.readouterr().err
    assert len(pools) == (1 if models else 0)                # one job: no pool
    two, one = _results(tmp_path / "two"), _results(tmp_path / "one")
    for key in ("reidentification", "inference", "histograms", "privacy_models"):
        assert two.get(key) == one.get(key), key
    assert len(two["reidentification"]) == 2 ** len(QIDS) - 1
    assert bool(two.get("privacy_models")) is models
    assert (tmp_path / "r.pdf").read_bytes()[:5] == b"%PDF-"


@two_cpus
@pytest.mark.slow
def test_the_window_runs_on_two_workers(qtbot, tmp_path, table, pools):
    pytest.importorskip("PySide6.QtWidgets")
    from PySide6.QtCore import QSettings

    from engine.api import run_assessment
    from engine.analysis.config import AnalysisConfig
    from gui.main_window import MainWindow

    analysis = tmp_path / "big.toml"
    analysis.write_text(textwrap.dedent(f"""
        version = 1
        [data]
        path = {str(table)!r}
        [roles]
        quasi_identifiers = {list(QIDS)!r}
        sensitive = ["s"]
        [run]
        jobs = 2
    """), encoding="utf-8")
    window = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    errors = []
    window.flow.error = lambda title, text, details="": errors.append(f"{title}: {text}")
    try:
        assert window.flow.open_analysis(str(analysis), run_after=True)
        qtbot.waitUntil(lambda: errors or window.session.result is not None and not window.flow.runner.busy,
                        timeout=300_000)
        assert errors == []
        shown = window.session.result.assessment
    finally:
        window.close()
    assert pools == []                                      # the sweep ran on the window's threads
    fresh = run_assessment(AnalysisConfig.from_toml(analysis).with_jobs(1))
    assert repr(shown.reidentification) == repr(fresh.reidentification)
    assert multiprocessing.active_children() == []
