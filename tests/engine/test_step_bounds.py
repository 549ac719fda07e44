"""Each number a scenario step holds is checked against its one declaration
(engine/analysis/scenario_steps.py, ``STEP_BOUNDS``): the bound itself is accepted, a value just
past it refused with one line naming the step and the key; seeds of every seeded step too."""

from __future__ import annotations

import math

import pytest

from engine.analysis.scenario_steps import STEP_BOUNDS, Noise, Pram, RankSwap, parse_step
from engine.analysis.validation import MAX_SEED
from engine.foundation.errors import InputError

BASE = {"recode": {"column": "a", "intervals": [5], "level": 0}, "local_suppression": {"k": 2},
        "record_suppression": {"k": 2}, "sample": {"fraction": 0.5}, "pram": {"columns": ["a"]},
        "microaggregate": {"columns": ["a"]}, "noise": {"columns": ["a"]}, "rank_swap": {"columns": ["a"]},
        "round": {"columns": ["a"]}}


def _step(op: str, key: str, value) -> dict:
    return {"op": op, **BASE[op], key: value}


def _past(value: float, whole: bool, up: bool) -> float:
    if whole:
        return value + (1 if up else -1)
    return math.nextafter(value, math.inf if up else -math.inf)


@pytest.mark.parametrize("op, key", sorted(STEP_BOUNDS))
def test_every_declared_bound_is_checked(op, key):
    b = STEP_BOUNDS[(op, key)]
    whole = b.step == 1
    for bound, is_open, up in ((b.low, b.low_open, False), (b.high, b.high_open, True)):
        if bound is None:
            continue
        inside = _past(bound, whole, not up) if is_open else bound
        outside = bound if is_open else _past(bound, whole, up)
        assert getattr(parse_step(_step(op, key, inside), "s"), "level" if key == "level" else key) == inside
        with pytest.raises(InputError) as error:
            parse_step(_step(op, key, outside), "a.toml: scenario 'x', step 1")
        text = str(error.value)
        assert text.startswith(f"a.toml: scenario 'x', step 1: {key} must be ") and "\n" not in text


@pytest.mark.parametrize("op, made", [("pram", Pram), ("noise", Noise), ("rank_swap", RankSwap)])
def test_seeds_of_perturbative_steps_are_checked(op, made):
    assert parse_step(_step(op, "seed", MAX_SEED), "s") == made(("a",), seed=MAX_SEED)
    for seed in (-1, MAX_SEED + 1, 2**70):
        with pytest.raises(InputError) as error:
            parse_step(_step(op, "seed", seed), "scenario.toml: scenario 'p', step 1")
        assert str(error.value) == (f"scenario.toml: scenario 'p', step 1: seed must be a whole number from 0 to "
                                    f"{MAX_SEED} (got {seed})")


def test_messages_read_as_before():
    cases = [({"op": "local_suppression", "k": 0}, "k must be at least 1 (got 0)"),
             ({"op": "sample", "fraction": 0}, "fraction must be in (0, 1] (got 0)"),
             ({"op": "round", "columns": ["a"], "base": 0}, "base must be above 0 (got 0)"),
             ({"op": "record_suppression", "k": 2, "max_percent": 150}, "max_percent must be between 0 and 100 (got 150)"),
             ({"op": "pram", "columns": ["a"], "pd": 1.5}, "pd must be between 0 and 1 (got 1.5)")]
    for step, words in cases:
        with pytest.raises(InputError) as error:
            parse_step(step, "s")
        assert str(error.value) == f"s: {words}"
