"""A full disk while the PDF is written (the last and largest output): the previous run's files
stay complete and consistent (no new tables beside an old report), and no temporary file stays."""

import errno
import hashlib
from pathlib import Path

import pytest

import engine.report.document as document
from engine.commands.cli import main

from ..conftest import EXAMPLES

EXAMPLE12 = str(EXAMPLES / "example12.csv")


def _snapshot(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def _disk_full(monkeypatch) -> None:
    def build(self, *args, **kwargs):
        Path(self.filename).write_bytes(b"%PDF-1.4 half a report")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(document.SimpleDocTemplate, "build", build)


@pytest.mark.parametrize("first, second", [
    (["assess", EXAMPLE12, "--qid", "age", "gender", "--sensitive", "illness", "--models", "--per-record",
      "--target", "age=25"],
     ["assess", EXAMPLE12, "--qid", "age", "--sensitive", "illness"]),
    (["synth", str(EXAMPLES / "synthetic_real.csv"), "--synthetic", str(EXAMPLES / "synthetic_release.csv"),
      "--qid", "sex", "race", "--sensitive", "school", "--attacks", "cap", "--targets", "10", "--show-targets"],
     ["synth", str(EXAMPLES / "synthetic_real.csv"), "--synthetic", str(EXAMPLES / "synthetic_release.csv"),
      "--qid", "sex", "--sensitive", "school", "--attacks", "cap", "--targets", "10"]),
    (["dp-threshold", "--voters", "30", "--threshold", "5", "--known", "3", "--p", "0.5", "--epsilon", "1"],
     ["dp-threshold", "--voters", "40", "--threshold", "5", "--known", "3", "--p", "0.5", "--epsilon", "2"]),
])
@pytest.mark.slow
def test_disk_full_while_writing_the_pdf_keeps_the_previous_set(tmp_path, monkeypatch, capsys, first, second):
    out = tmp_path / "out"
    outputs = ["--out", str(out), "--pdf", str(out / "report.pdf"), "--csv", str(tmp_path / "tables"), "--quiet"]
    if first[0] != "assess":
        outputs = outputs[:4] + ["--quiet"]
    assert main(first + outputs) == 0, capsys.readouterr().err
    before = _snapshot(out)
    tables = _snapshot(tmp_path / "tables") if first[0] == "assess" else None
    assert "report.pdf" in before and len(before) >= 5
    capsys.readouterr()

    _disk_full(monkeypatch)
    code = main(second + outputs)
    err = capsys.readouterr().err
    assert code == 2
    assert err.splitlines() == [f"error: {out / 'report.pdf'}: cannot write (No space left on device)"]
    assert _snapshot(out) == before, "the previous set is complete and unchanged"
    if tables is not None:
        assert _snapshot(tmp_path / "tables") == tables
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith(".tmp")]

    monkeypatch.undo()
    assert main(second + outputs) == 0
    after = _snapshot(out)
    assert after["report.pdf"] != before["report.pdf"] and after["results.json"] != before["results.json"]
    assert set(after) <= set(before)
