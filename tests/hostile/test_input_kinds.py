"""Every file a run reads is a regular file of bounded size: a FIFO, a device or a folder given
as data, analysis, scenario, hierarchy or certificate file is refused before it is opened (one
line naming the file and what it is), and a text input over its stated limit before it is
read. Each command runs in its own process with a timeout, so that a regression (a read that
blocks on a FIFO or never ends on /dev/zero) fails instead of hanging the suite."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine.analysis.config import read_toml
from engine.foundation.errors import InputError
from engine.foundation.input_files import ANALYSIS_LIMIT, HIERARCHY_LIMIT, kind_of
from engine.remediation.hierarchy import read_hierarchy

from ..conftest import EXAMPLES

ROOT = Path(__file__).resolve().parents[2]
ASSESS = ["--qid", "age", "gender", "--sensitive", "illness", "--quiet"]
posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(),
                                reason="FIFOs and /dev/zero are POSIX")


def _cli(args: list[str], cwd: Path) -> tuple[int, str]:
    """``riskreview ARGS`` in a fresh process, stopped after 60 s (a hang fails the test)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, "-m", "gui", *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL)
    return done.returncode, done.stderr


@pytest.fixture
def work(tmp_path) -> Path:
    shutil.copy(EXAMPLES / "example12.csv", tmp_path / "x.csv")
    os.mkfifo(tmp_path / "pipe") if hasattr(os, "mkfifo") else None
    (tmp_path / "folder.toml").mkdir()
    return tmp_path


CASES = [
    (["assess", "x.csv", *ASSESS, "--config", "{bad}", "--out", "o"], "an analysis file"),
    (["assess", "x.csv", *ASSESS, "--scenario", "{bad}", "--out", "o"], "a scenario file"),
    (["suggest", "x.csv", "--qid", "age", "--hierarchy", "age={bad}", "--k", "2", "--out", "o"], "a hierarchy file"),
    (["assess", "{bad}", *ASSESS, "--format", "csv", "--out", "o"], "a data file"),
    (["profile", "{bad}", "--format", "csv"], "a data file"),
    (["dp", "{bad}", "--format", "csv", "--sensitive", "illness", "--useful", "gender", "--predicate", "F",
      "--out", "o"], "a data file"),
    (["synth", "x.csv", "--synthetic", "{bad}", "--format", "csv", "--qid", "age", "--attacks", "closest-mia",
      "--control", "x.csv", "--out", "o"], "a data file"),
    (["dp-threshold", "--config", "{bad}", "--out", "o"], "an analysis file"),
]


@posix_only
@pytest.mark.parametrize("bad, kind", [("pipe", "is a FIFO (named pipe)"), ("/dev/zero", "is a device"),
                                       ("folder.toml", "is a folder")])
@pytest.mark.parametrize("args, what", CASES, ids=[c[0][0] + "-" + c[1].split()[-2] for c in CASES])
def test_special_files_are_named_for_what_they_are(work, args, what, bad, kind):
    code, err = _cli([a.replace("{bad}", bad) for a in args], work)
    assert code == 2, err
    assert err.splitlines() == [f"error: {bad}: {kind}, not {what}"]
    assert not (work / "o").exists()


@posix_only
def test_a_fifo_certificate_is_refused_before_connecting(work):
    code, err = _cli(["assess", "x.csv", *ASSESS, "--out", "o", "--cluster", "tls://127.0.0.1:9",
                      "--cluster-ca", "pipe", "--cluster-cert", "pipe", "--cluster-key", "pipe"], work)
    assert code == 2, err
    assert err.splitlines()[-1] == "error: pipe: is a FIFO (named pipe), not a certificate file"


def _sparse(path: Path, size: int) -> Path:
    with open(path, "wb") as handle:
        handle.truncate(size)
    return path


def test_text_inputs_over_their_limit_are_refused_before_reading(tmp_path, monkeypatch):
    big = _sparse(tmp_path / "big.toml", ANALYSIS_LIMIT + 1)
    with pytest.raises(InputError, match=r"big.toml: larger than the 8 MB allowed for an analysis file"):
        read_toml(big)
    hierarchy = _sparse(tmp_path / "h.csv", HIERARCHY_LIMIT + 1)
    with pytest.raises(InputError, match=r"h.csv: larger than the 32 MB allowed for a hierarchy file"):
        read_hierarchy(hierarchy, "age")
    # at the limit the file is read (and here found not to be TOML)
    with pytest.raises(InputError, match="not a valid TOML"):
        read_toml(_sparse(tmp_path / "edge.toml", ANALYSIS_LIMIT))


def test_the_cli_names_an_oversized_analysis_file(tmp_path):
    shutil.copy(EXAMPLES / "example12.csv", tmp_path / "x.csv")
    _sparse(tmp_path / "big.toml", ANALYSIS_LIMIT + 10)
    code, err = _cli(["assess", "x.csv", *ASSESS, "--config", "big.toml", "--out", "o"], tmp_path)
    assert code == 2 and err.splitlines() == ["error: big.toml: larger than the 8 MB allowed for an analysis file"]


def test_kinds_come_from_the_mode_bits():
    import stat

    assert kind_of(stat.S_IFREG | 0o644) is None
    assert kind_of(stat.S_IFIFO | 0o644) == "is a FIFO (named pipe)"
    assert kind_of(stat.S_IFCHR | 0o666) == kind_of(stat.S_IFBLK | 0o660) == "is a device"
    assert kind_of(stat.S_IFSOCK | 0o755) == "is a socket"
    assert kind_of(stat.S_IFDIR | 0o755) == "is a folder"
