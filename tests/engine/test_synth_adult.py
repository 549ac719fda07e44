"""Attacks on real synthetic files: anonymeter's Adult CTGAN output and control split.

The training set is rebuilt as (UCI train + UCI test) minus the control rows (SOURCES.md in
../shared/data). A synthetic file with 10% of its rows replaced by training records must
expose membership; a file made by shuffling each column of the training set independently
(independent marginals) must not.
"""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from engine.analysis.config import DataSource
from engine.synthetic.api import run_synthetic_assessment
from engine.synthetic.config import SyntheticConfig
from engine.synthetic.metrics import auc_standard_error

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"
COLUMNS = ["age", "type_employer", "fnlwgt", "education", "education_num", "marital", "occupation",
           "relationship", "race", "sex", "capital_gain", "capital_loss", "hr_per_week", "country", "income"]


@pytest.fixture(scope="module")
def adult(tmp_path_factory):
    files = [DATA / "pycanon" / "raw__adult.csv", DATA / "uci_adult" / "adult.test.with_header.csv",
             DATA / "anonymeter" / "notebooks__datasets__adults_control.csv",
             DATA / "anonymeter" / "notebooks__datasets__adults_syn_ctgan.csv"]
    if not all(f.exists() for f in files):
        pytest.skip("../shared/data (anonymeter Adult files) is not available")
    train, test, control, ctgan = (pd.read_csv(f, skipinitialspace=True) for f in files)
    train.columns = test.columns = COLUMNS
    test = test.dropna(how="all")
    test["income"] = test["income"].str.rstrip(".")
    full = pd.concat([train, test], ignore_index=True)
    full["_n"] = full.groupby(COLUMNS).cumcount()
    control["_n"] = control.groupby(COLUMNS).cumcount()
    merged = full.merge(control[COLUMNS + ["_n"]], on=COLUMNS + ["_n"], how="left", indicator=True)
    training = merged[merged["_merge"] == "left_only"][COLUMNS]
    assert len(training) == 39_084
    rng = np.random.default_rng(11)
    leaky = ctgan[COLUMNS].copy()
    copied = rng.choice(len(leaky), len(leaky) // 10, replace=False)
    leaky.iloc[copied] = training.iloc[rng.choice(len(training), len(copied), replace=False)].to_numpy()
    marginals = training.copy()
    for column in COLUMNS:
        marginals[column] = rng.permutation(marginals[column].to_numpy())
    folder = tmp_path_factory.mktemp("adult")
    paths = {}
    for name, frame in (("real", training), ("control", control[COLUMNS]), ("leaky", leaky),
                        ("marginals", marginals)):
        paths[name] = folder / f"{name}.csv"
        frame.to_csv(paths[name], index=False)
    return paths


def _run(adult, synthetic, attacks, targets):
    config = SyntheticConfig(real=DataSource(str(adult["real"])), synthetic=DataSource(str(adult[synthetic])),
                             control=DataSource(str(adult["control"])), qids=tuple(COLUMNS[:-1]),
                             sensitive="income", attacks=attacks, targets=targets, seed=3)
    return run_synthetic_assessment(config)


def test_ten_percent_copies_expose_membership(adult):
    result = _run(adult, "leaky", ("closest-mia", "cap"), 1000)
    mia = result.attack("closest-mia")
    se = auc_standard_error(mia.auc, 1000, 1000)
    assert mia.auc > 0.5 + 3 * se
    assert mia.ci_low > 0                                        # a detectable residual risk
    assert 0.05 < mia.residual_risk < 0.2                        # about the 10% copied
    assert mia.tpr_at_fpr["0.01"] >= 0.05
    cap = result.attack("cap")
    assert cap.ci_low > 0.05 and cap.control_rate < 0.01         # copies match exactly, control rows do not


def test_independent_marginals_hide_membership(adult):
    result = _run(adult, "marginals", ("closest-mia",), 600)
    mia = result.attack("closest-mia")
    se = auc_standard_error(mia.auc, 600, 600)
    assert abs(mia.auc - 0.5) < 1.96 * se
    assert mia.ci_low < 0 < mia.ci_high


LOOK_ALIKE = ["age", "sex", "race", "marital", "education", "country", "occupation", "hr_per_week"]


@pytest.mark.parametrize("seed", [1, 2])
def test_copies_among_look_alikes_are_a_leak_and_independent_marginals_are_not(adult, tmp_path, seed):
    """Eight everyday columns, where 5-10% of control records have a twin in a release drawn
    without them: 30% copies hide among those look-alikes at FPR 0.1% and 1%, and are still a
    leak (exact copies); each column drawn from its marginal is not."""
    from engine.synthetic.verdict import synthetic_verdict

    rng = np.random.default_rng(seed)
    real = pd.read_csv(adult["real"])[LOOK_ALIKE]
    real = real.iloc[rng.choice(len(real), 5000, replace=False)].reset_index(drop=True)
    control = pd.read_csv(adult["control"])[LOOK_ALIKE].head(5000)
    drawn = pd.DataFrame({c: rng.choice(real[c].to_numpy(), 3500) for c in LOOK_ALIKE})
    leaky = pd.concat([real.iloc[rng.choice(5000, 1500, replace=False)], drawn], ignore_index=True)
    marginals = pd.DataFrame({c: rng.choice(real[c].to_numpy(), 5000) for c in LOOK_ALIKE})
    for name, frame in (("real", real), ("control", control), ("leaky", leaky), ("marginals", marginals)):
        frame.to_csv(tmp_path / f"{name}.csv", index=False)

    def verdict(synthetic):
        config = SyntheticConfig(real=DataSource(str(tmp_path / "real.csv")),
                                 synthetic=DataSource(str(tmp_path / f"{synthetic}.csv")),
                                 control=DataSource(str(tmp_path / "control.csv")), qids=tuple(LOOK_ALIKE),
                                 attacks=("closest-mia", "neighbourhood-mia"), seed=seed, jobs=1)
        return synthetic_verdict(run_synthetic_assessment(config))

    v = verdict("leaky")
    copies = {c.measure: c for c in v.checks if c.attack == "closest-mia"}["exact_copies"]
    assert copies.control > 0.04                       # look-alikes: non-members at distance 0 too
    assert copies.rate > 0.25 and not copies.passed and v.leak
    assert "identical record in the synthetic file" in " ".join(v.reasons)
    independent = verdict("marginals")
    assert independent.ready and not independent.leak
