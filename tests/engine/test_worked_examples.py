"""docs/methods.md worked examples (Nunes 2021, Examples 12 and the income table) through the API."""

import math

import numpy as np
import pytest

from engine.api import run_assessment
from engine.analysis.config import AnalysisConfig, DataSource, Roles, Target
from engine.io import load_table
from engine.sweep.partition import partition

from ..conftest import EXAMPLES
from .helpers import by_qids, config_for

EXAMPLE12 = str(EXAMPLES / "example12.csv")
INCOME = str(EXAMPLES / "example_income.csv")


@pytest.fixture(scope="module")
def example12():
    return run_assessment(config_for(["age", "gender", "occupation"], ["illness"], path=EXAMPLE12))


def test_crs_age(example12):
    r = by_qids(example12.reidentification, "age")
    assert r.prior_det == 0.0
    assert r.posterior_det == pytest.approx(0.1)
    assert r.prior_prob == pytest.approx(0.1)
    assert r.posterior_prob == pytest.approx(0.3)
    assert r.degradation_prob == pytest.approx(3.0)
    assert r.degradation_det == pytest.approx(0.1)
    assert (r.blocks, r.singletons) == (3, 1)


def test_cas_age_illness(example12):
    r = by_qids(example12.inference, "age", sensitive="illness")
    assert r.posterior_det == pytest.approx(0.1)
    assert r.posterior_prob == pytest.approx(0.6)
    assert r.prior_prob == pytest.approx(0.5)
    assert r.prior_det == 0.0
    assert r.degradation_prob == pytest.approx(1.2)
    assert (r.expected_correct, r.records_certain) == (6, 1)


def test_gender_illness_block_sizes():
    table = load_table(DataSource(EXAMPLE12), ["gender", "illness"])
    _, n_blocks, sizes = partition([(table["gender"].codes, table["gender"].cardinality),
                                    (table["illness"].codes, table["illness"].cardinality)], table.n_rows)
    assert n_blocks == 4
    assert sorted(sizes.tolist()) == [1, 2, 3, 4]
    run = run_assessment(config_for(["gender", "illness"], path=EXAMPLE12, subsets="exact"))
    (only,) = run.reidentification
    assert (only.blocks, only.singletons) == (4, 1)
    assert only.posterior_prob == pytest.approx(0.4)


def test_all_subsets_of_example12(example12):
    assert len(example12.reidentification) == 7
    assert len(example12.inference) == 7
    full = by_qids(example12.reidentification, "age", "gender", "occupation")
    # blocks: (25,F,1)x2 (25,F,3) (25,M,2)x2 (49,F,3)x2 (49,F,5) (49,M,4) (60,M,4)
    assert (full.blocks, full.singletons) == (7, 4)


def test_income_example():
    run = run_assessment(config_for(["age", "education"], ["income"], path=INCOME, subsets="exact"))
    (r,) = run.reidentification
    assert r.prior_prob == pytest.approx(1 / 8)
    assert r.posterior_prob == pytest.approx(1 / 2)
    (i,) = run.inference
    assert i.prior_prob == pytest.approx(1 / 2)
    assert i.posterior_prob == pytest.approx(3 / 4)


def test_individual_targets():
    config = config_for(["age", "gender", "occupation"], ["illness"], path=EXAMPLE12, subsets="exact",
                        targets=["age=25;gender=F", "age=60", "age=49;gender=F;occupation=3", "age=99"])
    run = run_assessment(config)
    two_f, sixty, pair, nobody = run.targets
    # IRS: block {1,2,3} -> 1/3; IAS: illness yes 2 of 3.
    assert (two_f.block_size, two_f.posterior_prob, two_f.posterior_det) == (3, pytest.approx(1 / 3), 0.0)
    assert two_f.inference[0].posterior_prob == pytest.approx(2 / 3)
    assert two_f.inference[0].most_likely == "yes"
    assert (sixty.block_size, sixty.posterior_prob, sixty.posterior_det) == (1, 1.0, 1.0)
    assert sixty.inference[0].posterior_det == 1.0 and sixty.inference[0].most_likely == "no"
    # ids 6 and 7 share (49, F, 3) and both have illness yes: inference certain, re-id not.
    assert pair.posterior_prob == pytest.approx(0.5) and pair.posterior_det == 0.0
    assert pair.inference[0].posterior_det == 1.0
    assert not nobody.matched and nobody.posterior_prob is None
    assert "99" in nobody.reason and "age" in nobody.reason
    assert nobody.to_dict()["result"] == "no match"


def test_missing_value_is_its_own_block(tmp_path):
    path = tmp_path / "m.csv"
    path.write_text("a,s\n1,x\n,y\n,y\n2,x\n1,y\n", encoding="utf-8")
    run = run_assessment(config_for(["a"], ["s"], path=str(path)))
    (r,) = run.reidentification
    assert (r.blocks, r.singletons) == (3, 1)
    (i,) = run.inference
    # blocks: a=1 {x,y}, a=missing {y,y}, a=2 {x}: max counts 1+2+1 = 4; certain 2+1 = 3
    assert (i.expected_correct, i.records_certain) == (4, 3)
    target = run_assessment(AnalysisConfig(data=DataSource(str(path)), roles=Roles(("a",), ("s",)),
                                           targets=(Target((("a", ""),)),))).targets[0]
    assert target.block_size == 2 and target.inference[0].most_likely == "y"


def test_priors_on_degenerate_tables(tmp_path):
    path = tmp_path / "one.csv"
    path.write_text("a,s\n1,x\n", encoding="utf-8")
    run = run_assessment(config_for(["a"], ["s"], path=str(path)))
    (r,) = run.reidentification
    assert (r.prior_det, r.prior_prob, r.posterior_det, r.posterior_prob) == (1.0, 1.0, 1.0, 1.0)
    (i,) = run.inference
    assert (i.prior_det, i.posterior_det) == (1.0, 1.0)
    assert math.isclose(r.degradation_prob, 1.0) and r.degradation_det == 0.0
    assert any("one record" in w for w in run.warnings)
    assert np.isfinite(i.degradation_prob)
