"""The sample measures of a small file run without numba and give the compiled kernels' numbers."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from engine.sample import individual_risk
from engine.sample.individual_risk import key_risk, risk_keys_here
from engine.sample.kernels import risk_keys
from engine.sample.measures import _band_records
from engine.sample.risk_terms import risk_one

from ..sample_survey import write_survey

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_interpreted_and_compiled_risks_are_the_same_doubles(seed):
    rng = np.random.default_rng(seed)
    n = 5_000
    f = np.minimum(rng.zipf(1.4, n), 2_000).astype(np.int64)
    weight_sum = f * (1 + rng.random(n) * rng.choice([0.01, 0.5, 2.0, 100.0, 1e6], n))
    weight_sum[::9] = f[::9] * rng.random(f[::9].size)            # F^ <= f: 1/f
    weight_sum[5::11] = f[5::11] * 3.0                             # p = 1/3, the series' edge
    here, compiled = risk_keys_here(f, weight_sum), risk_keys(f, weight_sum)
    assert np.array_equal(here.view(np.int64), compiled.view(np.int64))


@pytest.mark.parametrize("seed", [5, 6])
def test_the_array_risks_are_risk_ones_doubles(seed):
    """All keys at once give, bit for bit, what risk_one gives key by key (both branches, the
    sum stopped early and run to its end, f = 1, F^ <= f, p = 1/3)."""
    rng = np.random.default_rng(seed)
    n = 20_000
    f = np.minimum(rng.zipf(1.3, n), 3_000).astype(np.int64)
    weight_sum = f * (1 + rng.random(n) * rng.choice([1e-9, 0.01, 0.5, 2.0, 100.0, 1e6, 1e15], n))
    weight_sum[::7] = f[::7] * rng.random(f[::7].size)
    weight_sum[3::13] = f[3::13] * 3.0
    expected = [1.0 / a if b <= a else risk_one(a, a / b, (b - a) / b) for a, b in zip(f.tolist(), weight_sum.tolist())]
    assert np.array_equal(risk_keys_here(f, weight_sum).view(np.int64), np.array(expected).view(np.int64))


def test_key_risk_takes_the_compiled_kernel_for_many_keys(monkeypatch):
    calls = []
    monkeypatch.setattr(individual_risk, "INTERPRETED_MAX_KEYS", 3)
    monkeypatch.setattr(individual_risk, "risk_keys_here", lambda f, w: calls.append(f.size))
    f, w = np.array([1, 2, 3, 4]), np.array([10.0, 4.0, 3.0, 40.0])
    expected = risk_keys(f, w)
    assert np.array_equal(key_risk(f, w), expected) and calls == []
    monkeypatch.delitem(sys.modules, "numba")
    key_risk(f[:3], w[:3])
    assert calls == [3]


def test_bands_by_hand():
    risk = np.array([0.0, 0.01, 0.010001, 0.2, 0.7, 1.0])
    records = np.array([3, 1, 2, 5, 1, 4])
    # bands: r <= 0.01 | (0.01, 0.1] | (0.1, 0.5] | > 0.5
    assert _band_records(risk, records, np.array([0.01, 0.1, 0.5])).tolist() == [4, 2, 5, 5]


@pytest.mark.parametrize("weighted", [True, False])
def test_a_small_survey_is_measured_without_loading_numba_nor_scipy(tmp_path, weighted):
    data = write_survey(tmp_path / "survey.csv")
    weight = ", '--weight', 'wgt'" if weighted else ""
    code = ("import sys; from engine.commands.cli import main; "
            f"rc = main(['assess', {str(data)!r}, '--qid', 'age', 'sex', 'region'{weight}, "
            f"'--household', 'hh', '--suda', '--out', {str(tmp_path / 'out')!r}, '--quiet']); "
            "print(rc, 'numba' in sys.modules, 'scipy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    # the weighted sample's population models are fitted without scipy (engine/sample/gamma.py)
    assert out.stdout.split()[-3:] == ["0", "False", "False"], out.stderr
    assert (tmp_path / "out" / "individual_risk.csv").exists()


UNUSED_BY_ASSESS = ("scipy", "numba", "pandas", "matplotlib", "engine.commands.suggest", "engine.commands.synth",
                    "engine.commands.dp", "engine.remediation.transforms", "engine.remediation.export",
                    "importlib.metadata")


def test_the_assess_command_imports_only_what_it_uses(tmp_path):
    """The modules of the other subcommands, of scenarios and exports, and --version's metadata
    reader stay unimported by a weighted sample's assess run."""
    data = write_survey(tmp_path / "survey.csv")
    code = ("import sys; from engine.commands.cli import main; "
            f"rc = main(['assess', {str(data)!r}, '--qid', 'age', 'sex', 'region', '--weight', 'wgt', "
            f"'--household', 'hh', '--suda', '--out', {str(tmp_path / 'out')!r}, '--quiet', '--jobs', '2']); "
            f"print(rc, [m for m in {UNUSED_BY_ASSESS!r} if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.stdout.splitlines()[-1] == "0 []", out.stdout + out.stderr
