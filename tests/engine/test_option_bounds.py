"""The range of each option's values, read from its declaration (engine/analysis/options.py,
``bounds``): what the window's number boxes allow (gui/option_spin.py)."""

from __future__ import annotations

from engine.analysis.config import AnalysisConfig, PrivacyModelOptions, Thresholds
from engine.analysis.options import Bounds, bounds
from engine.analysis.sample_options import SampleOptions
from engine.dp.config import ThresholdConfig
from engine.synthetic.config import MAX_SEED, MAX_SHADOW_DATASETS, SyntheticConfig


def test_bounds_read_the_rule_and_the_schema():
    assert bounds(SampleOptions, "sampling_fraction") == Bounds(0.0, True, 1.0, False, None)
    assert bounds(Thresholds, "unique_share") == Bounds(0.0, False, 1.0, False, None)
    assert bounds(PrivacyModelOptions, "l") == Bounds(1, False, None, False, None)
    assert bounds(AnalysisConfig, "models.targets.beta") == Bounds(0.0, False, None, False, None)
    assert bounds(SyntheticConfig, "seed") == Bounds(0, False, MAX_SEED, False, None)
    assert bounds(SyntheticConfig, "targets") == Bounds(2, False, MAX_SEED, False, None)
    assert bounds(SyntheticConfig, "shadow_datasets") == Bounds(2, False, MAX_SHADOW_DATASETS, False, 2)
    assert bounds(ThresholdConfig, "threshold") == Bounds(0, False, None, False, None)
    assert bounds(ThresholdConfig, "epsilons") == Bounds(0, True, None, False, None)   # each item
    assert bounds(SyntheticConfig, "distance") == Bounds(None, False, None, False, None)


def test_bounds_hold_and_write_back_their_schema():
    fraction = bounds(SampleOptions, "sampling_fraction")
    assert fraction.schema() == {"type": "number", "exclusiveMinimum": 0, "maximum": 1}
    assert [fraction.holds(v) for v in (0.0, 1e-12, 1.0, 1.0000001)] == [False, True, True, False]
    shadow = bounds(SyntheticConfig, "shadow_datasets")
    assert {k: v for k, v in shadow.schema().items() if k != "type"} == {"minimum": 2, "maximum": MAX_SHADOW_DATASETS,
                                                                        "multipleOf": 2}
    assert bounds(SyntheticConfig, "seed").schema()["maximum"] == MAX_SEED
