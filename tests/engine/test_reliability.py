"""Faults: memory estimate before loading, cancel during load and report writing, full disks,
missing output folders. Nothing is lost: old outputs stay, no partial or temporary file remains."""

import errno
import threading
from datetime import datetime

import numpy as np
import pandas as pd
import pytest

from engine.api import run_assessment
from engine.commands.cli import main
from engine.analysis.config import DataSource
from engine.foundation.errors import Cancelled, InputError
from engine.io import load_table
from engine.io import memory
from engine.foundation.progress import CancelToken
from engine.report.pdf import write_pdf
from engine.report.tables import write_results

from ..conftest import EXAMPLES
from .helpers import config_for

EXAMPLE12 = str(EXAMPLES / "example12.csv")


@pytest.fixture(scope="module")
def small_run():
    return run_assessment(config_for(["age", "gender"], ["illness"], path=EXAMPLE12))


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_a_file_too_large_for_memory_is_refused_before_reading(tmp_path, monkeypatch, capsys, suffix):
    frame = pd.DataFrame({"a": np.arange(50_000) % 7, "b": np.arange(50_000) % 11, "s": ["x"] * 50_000})
    path = tmp_path / f"big{suffix}"
    frame.to_csv(path, index=False) if suffix == ".csv" else frame.to_parquet(path)
    monkeypatch.setattr(memory, "available_memory", lambda: 100_000)
    with pytest.raises(InputError) as info:
        load_table(DataSource(str(path)), ["a", "b", "s"])
    message = str(info.value)
    assert message.startswith(f"big{suffix}: reading 3 column(s) of about ") and "GB of memory" in message
    assert main(["assess", str(path), "--qid", "a", "b", "--sensitive", "s", "--out", str(tmp_path / "o")]) == 2
    assert capsys.readouterr().err.startswith(f"error: big{suffix}: reading 3 column(s)")
    monkeypatch.setattr(memory, "available_memory", lambda: 64 * 2**30)
    assert load_table(DataSource(str(path)), ["a"]).n_rows == 50_000


def test_the_estimate_grows_with_the_columns_read(tmp_path):
    path = tmp_path / "t.csv"
    pd.DataFrame({f"c{i}": np.arange(20_000) for i in range(6)}).to_csv(path, index=False)
    names = [f"c{i}" for i in range(6)]
    rows_one, one = memory.estimate_bytes(DataSource(str(path)), "csv", names, names[:1])
    rows_all, every = memory.estimate_bytes(DataSource(str(path)), "csv", names, names)
    assert abs(rows_one - 20_000) < 2_000 and rows_all == rows_one
    assert every > 4 * one


@pytest.mark.slow
def test_cancel_during_load_stops_the_read(tmp_path):
    rows = 3_000_000
    rng = np.random.default_rng(1)
    path = tmp_path / "large.csv"
    pd.DataFrame({"a": rng.integers(0, 1000, rows), "b": rng.integers(0, 50, rows),
                  "s": rng.choice(["yes", "no"], rows)}).to_csv(path, index=False)
    token = CancelToken()
    threading.Timer(0.3, token.cancel).start()   # how soon it stops: benchmarks/cancel.py
    with pytest.raises(Cancelled):
        load_table(DataSource(str(path)), ["a", "b", "s"], cancel=token)


def test_cancel_during_report_writing_leaves_nothing(tmp_path, small_run):
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        write_pdf(small_run, tmp_path / "report.pdf", generated_at=datetime(2026, 1, 1), cancel=token)
    with pytest.raises(Cancelled):
        write_results(small_run, tmp_path / "out", cancel=token)
    assert sorted(p.name for p in tmp_path.rglob("*")) in ([], ["out"])
    assert not any((tmp_path / "out").iterdir()) if (tmp_path / "out").exists() else True


def test_a_full_disk_keeps_the_previous_results(tmp_path, small_run, monkeypatch):
    out = tmp_path / "out"
    write_results(small_run, out)
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    import os

    real_fsync = os.fsync
    calls = {"n": 0}

    def failing_fsync(fd):
        calls["n"] += 1
        if calls["n"] == 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_fsync(fd)

    monkeypatch.setattr(os, "fsync", failing_fsync)
    with pytest.raises(InputError) as info:
        write_results(small_run, out)
    assert "No space left on device" in str(info.value) and str(out) in str(info.value)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def test_a_full_disk_through_the_command_line(tmp_path, monkeypatch, capsys):
    import os

    def no_space(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", no_space)
    code = main(["assess", EXAMPLE12, "--qid", "age", "--sensitive", "illness", "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("error: ") and "No space left on device" in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert list((tmp_path / "out").iterdir()) == []


def test_report_in_a_folder_that_does_not_exist(tmp_path, small_run, capsys):
    target = tmp_path / "missing" / "report.pdf"
    with pytest.raises(InputError, match="missing: the output folder does not exist"):
        write_pdf(small_run, target)
    code = main(["assess", EXAMPLE12, "--qid", "age", "--sensitive", "illness", "--pdf", str(target)])
    assert code == 2 and "the output folder does not exist" in capsys.readouterr().err
    assert not (tmp_path / "missing").exists()


@pytest.mark.slow
def test_a_previous_report_survives_a_failed_write(tmp_path, small_run, monkeypatch):
    target = tmp_path / "report.pdf"
    write_pdf(small_run, target, generated_at=datetime(2026, 1, 1))
    before = target.read_bytes()
    from engine.report import document

    monkeypatch.setattr(document.SimpleDocTemplate, "build", lambda *a, **k: (_ for _ in ()).throw(
        OSError(errno.ENOSPC, "No space left on device")))
    with pytest.raises(InputError, match="No space left on device"):
        write_pdf(small_run, target, generated_at=datetime(2026, 1, 2))
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["report.pdf"]


def test_outputs_get_ordinary_file_permissions(tmp_path, small_run):
    import os
    import stat

    written = write_results(small_run, tmp_path / "out")
    umask = os.umask(0)
    os.umask(umask)
    assert {stat.S_IMODE(p.stat().st_mode) for p in written} == {0o666 & ~umask}
