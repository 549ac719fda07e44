"""The DP module's privacy loss uses the engine's one degradation ratio, edge cases included."""

import math

import numpy as np
import pytest

from engine.dp.counting import CountingMeasures
from engine.dp.vulnerability import multiplicative_leakage, posterior_bayes_vulnerability
from engine.formulas.degradation import ratio


@pytest.mark.parametrize("posterior, prior", [(0.75, 0.5), (0.5, 0.0), (0.0, 0.0), (1.0, 1.0), (0.0, 0.25)])
def test_leakage_is_the_degradation_ratio(posterior, prior):
    got, expected = multiplicative_leakage(posterior, prior), ratio(posterior, prior)
    assert got == expected or (math.isnan(got) and math.isnan(expected))


def test_prior_zero_edge_cases():
    assert multiplicative_leakage(0.3, 0.0) == math.inf      # was NaN in the DP module
    assert math.isnan(multiplicative_leakage(0.0, 0.0))
    assert multiplicative_leakage(0.0, 0.5) == 0.0


def test_leakage_of_an_identity_channel():
    # two equally likely secrets, a channel that reveals them: V = 1/2 before, 1 after, loss 2
    prior = np.array([0.5, 0.5])
    joint = prior[:, None] * np.eye(2)
    assert multiplicative_leakage(posterior_bayes_vulnerability(joint), float(prior.max())) == 2.0


def test_counting_measures_privacy_loss_with_zero_prior():
    measures = CountingMeasures(prior_vulnerability=0.0, posterior_vulnerability=0.2,
                                count_prior_vulnerability=0.5, utility=0.5)
    assert measures.privacy_loss == math.inf
    assert CountingMeasures(0.4, 0.6, 0.5, 0.5).privacy_loss == pytest.approx(1.5)
