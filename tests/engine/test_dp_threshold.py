"""Thresholded counts under partial knowledge (Desfontaines et al. 2019): delta_b against a
brute-force enumeration of every vote, passive <= active, k = 0, reducibility, the
thresholding example."""

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dp.config import ThresholdConfig
from engine.dp.threshold import (active_delta, delta_by_known_yes, hockey_stick, output_distributions,
                                 passive_delta, threshold_points)
from engine.foundation.errors import InputError

NOTHING = "nothing released"


def _brute_outputs(voters, threshold, known, p, known_yes, vote):
    """Output distribution by enumerating every vote of the unknown voters."""
    unknown = voters - 1 - known
    out = {}
    for votes in itertools.product((0, 1), repeat=unknown):
        prob = math.prod(p if v else 1 - p for v in votes)
        count = vote + known_yes + sum(votes)
        key = count if count >= threshold else NOTHING
        out[key] = out.get(key, 0.0) + prob
    return out


def _brute_delta(voters, threshold, known, p, known_yes, eps):
    p0 = _brute_outputs(voters, threshold, known, p, known_yes, 0)
    p1 = _brute_outputs(voters, threshold, known, p, known_yes, 1)
    keys = set(p0) | set(p1)

    def stick(a, b):
        return sum(max(0.0, a.get(o, 0.0) - math.exp(eps) * b.get(o, 0.0)) for o in keys)

    return max(stick(p0, p1), stick(p1, p0))


@pytest.mark.parametrize("voters, threshold, known, p", [
    (6, 3, 2, 0.3), (7, 0, 3, 0.5), (5, 4, 4, 0.2), (8, 2, 0, 0.6), (9, 5, 3, 0.05), (6, 9, 2, 0.5),
    (4, 1, 1, 0.0), (5, 3, 1, 1.0), (10, 6, 4, 0.35)])
@pytest.mark.parametrize("eps", [0.05, 0.5, 2.0])
def test_delta_b_equals_enumeration(voters, threshold, known, p, eps):
    deltas = delta_by_known_yes(voters, threshold, known, p, eps)
    assert len(deltas) == known + 1
    expected = [_brute_delta(voters, threshold, known, p, b, eps) for b in range(known + 1)]
    assert deltas == pytest.approx(expected, abs=1e-14)


def test_output_distributions_equal_enumeration():
    p0, p1 = output_distributions(7, 3, 2, 0.4, 1)
    for vote, dist in ((0, p0), (1, p1)):
        brute = _brute_outputs(7, 3, 2, 0.4, 1, vote)
        assert dist[0] == pytest.approx(brute.get(NOTHING, 0.0))
        for count in range(8):
            assert dist[1 + count] == pytest.approx(brute.get(count, 0.0))
        assert dist.sum() == pytest.approx(1.0)


def test_hockey_stick_values():
    p, q = np.array([0.5, 0.5, 0.0]), np.array([0.25, 0.25, 0.5])
    assert hockey_stick(p, q, 0.0) == pytest.approx(0.5)                 # total variation distance
    assert hockey_stick(p, q, math.log(2)) == pytest.approx(0.0)
    assert hockey_stick(q, p, math.log(2)) == pytest.approx(0.5)
    assert hockey_stick(p, p, 0.0) == 0.0


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 40), st.integers(0, 45), st.data(), st.floats(0.0, 1.0), st.floats(0.01, 5.0))
def test_passive_never_exceeds_active(voters, threshold, data, p, eps):
    known = data.draw(st.integers(0, voters - 1))
    deltas = delta_by_known_yes(voters, threshold, known, p, eps)
    assert np.all((deltas >= 0) & (deltas <= 1 + 1e-12))
    active, worst = active_delta(deltas)
    assert passive_delta(deltas, known, p) <= active + 1e-15
    assert deltas[worst] == active


@pytest.mark.parametrize("threshold", [0, 3, 10])
def test_no_known_votes_passive_equals_active(threshold):
    config = ThresholdConfig(voters=15, threshold=threshold, known=0, p=0.3, epsilons=(0.1, 1.0))
    for point in threshold_points(config):
        assert point.delta_passive == point.delta_active
        assert point.worst_known_yes == 0


def test_counting_without_threshold_gives_the_same_delta_for_every_b():
    """Reducibility: for a plain count, partial knowledge of b shifts both output distributions
    alike, so delta_b does not depend on b and passive = active."""
    for eps in (0.05, 0.7, 3.0):
        deltas = delta_by_known_yes(30, 0, 12, 0.4, eps)
        assert np.ptp(deltas) < 1e-15
        u = [math.comb(17, j) * 0.4 ** j * 0.6 ** (17 - j) for j in range(18)]
        shifted = np.array(u + [0.0]), np.array([0.0] + u)
        assert deltas[0] == pytest.approx(max(hockey_stick(*shifted, eps), hockey_stick(*shifted[::-1], eps)))
        assert passive_delta(deltas, 12, 0.4) == pytest.approx(active_delta(deltas)[0])
    # with a threshold, knowledge does matter
    assert np.ptp(delta_by_known_yes(30, 15, 12, 0.4, 0.7)) > 0.03


def test_a_deterministic_count_reveals_the_vote():
    assert delta_by_known_yes(10, 0, 9, 0.5, 2.0).tolist() == [1.0] * 10   # everyone else known
    assert delta_by_known_yes(10, 0, 3, 0.0, 2.0).tolist() == [1.0] * 4    # nobody else votes yes
    assert delta_by_known_yes(10, 12, 3, 0.5, 0.1).tolist() == [0.0] * 4   # never released


def test_desfontaines_thresholding_example():
    config = ThresholdConfig.desfontaines_example()
    assert (config.voters, config.threshold, config.known) == (1000, 100, 100)
    assert len(config.epsilons) == 20
    points = threshold_points(config)
    nobody_else = (1 - config.p) ** 899      # with 99 planted yes-votes, 100 vs nothing reveals the vote
    for point in points:
        assert point.worst_known_yes == 99
        assert point.delta_active == pytest.approx(nobody_else, rel=1e-9)
        assert point.delta_active > 0.4
        assert 0 < point.delta_passive < 1e-150                  # negligible for the passive attacker
    passive = [p.delta_passive for p in points]
    assert passive == sorted(passive, reverse=True)               # more eps, smaller delta


def test_threshold_config_validation():
    good = ThresholdConfig(10, 3, 2, 0.5, (1.0,))
    good.validate()
    for bad, word in ((ThresholdConfig(0, 3, 0, 0.5, (1.0,)), "voters"),
                      (ThresholdConfig(10, -1, 2, 0.5, (1.0,)), "threshold"),
                      (ThresholdConfig(10, 3, 10, 0.5, (1.0,)), "known"),
                      (ThresholdConfig(10, 3, 2, 1.5, (1.0,)), "p"),
                      (ThresholdConfig(10, 3, 2, 0.5, ()), "epsilon"),
                      (ThresholdConfig(10, 3, 2, 0.5, (0.0,)), "epsilon")):
        with pytest.raises(InputError, match=word):
            bad.validate()
