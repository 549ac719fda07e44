"""Inputs on which ``riskreview`` runs long enough to be signalled, or to have a worker killed,
while its worker processes are busy: a large generated table and the command lines. The
assessment's sweep runs on threads of the command's own process; with privacy models it is the
refinement walk, on worker processes (``assess_args(..., workers=True)``)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from .process_tree import ROOT

CARDS = [31, 12, 20, 2, 6, 60, 60, 400, 9, 7, 15]
QIDS = [f"q{i}" for i in range(len(CARDS))]
ROWS = 2_000_000
EXAMPLES = ROOT / "resources" / "examples"


def write_big_table(path: Path, rows: int = ROWS, seed: int = 3) -> Path:
    """``rows`` random records over QIDs of the given cardinalities and a yes/no column ``s``:
    a full sweep of its 2,047 subsets at 2,000,000 rows takes about 4 s on two threads, with
    privacy models (the walk on worker processes) far longer."""
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame({name: rng.integers(0, card, rows) for name, card in zip(QIDS, CARDS)})
    frame.assign(s=rng.integers(0, 2, rows)).to_parquet(path)
    return path


def assess_args(table: Path, out: Path, jobs: int = 2, workers: bool = False) -> list[str]:
    """With ``workers``, privacy models too: the sweep is then the refinement walk, on ``jobs``
    worker processes."""
    return ["assess", str(table), "--qid", *QIDS, "--sensitive", "s", "--jobs", str(jobs), "--out", str(out),
            *(["--models"] if workers else [])]


def groundhog_args(out: Path, jobs: int = 2) -> list[str]:
    """Shadow modelling on the bundled synthetic-data example: ten targets of a few seconds each."""
    return ["synth", str(EXAMPLES / "synthetic_real.csv"), "--synthetic", str(EXAMPLES / "synthetic_release.csv"),
            "--control", str(EXAMPLES / "synthetic_control.csv"), "--qid", "birth_year", "sex", "race",
            "school_type", "--attacks", "groundhog", "--jobs", str(jobs), "--out", str(out)]
