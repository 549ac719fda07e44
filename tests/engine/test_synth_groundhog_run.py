"""Groundhog through the synthetic-data assessment: the shadow datasets shrink to half of a
small population, and a population too small for shadow modelling is a clear input error."""

import numpy as np
import pandas as pd
import pytest

from engine.analysis.config import DataSource
from engine.foundation.errors import InputError
from engine.synthetic.api import run_synthetic_assessment
from engine.synthetic.config import SyntheticConfig


def _files(tmp_path, control_rows: int):
    rng = np.random.default_rng(5)

    def frame(rows):
        return pd.DataFrame({"age": rng.integers(18, 80, rows), "sex": rng.choice(["F", "M"], rows),
                             "job": rng.choice(["a", "b", "c"], rows), "ill": rng.choice(["no", "yes"], rows)})

    paths = {}
    for name, rows in (("real", 300), ("synthetic", 300), ("control", control_rows)):
        paths[name] = tmp_path / f"{name}.csv"
        frame(rows).to_csv(paths[name], index=False)
    return paths


def _config(paths, **extra):
    return SyntheticConfig(real=DataSource(str(paths["real"])), synthetic=DataSource(str(paths["synthetic"])),
                           control=DataSource(str(paths["control"])), qids=("age", "sex", "job"), sensitive="ill",
                           attacks=("groundhog",), targets=3, shadow_datasets=4, **extra)


def test_shadow_datasets_are_half_a_small_control_file(tmp_path):
    result = run_synthetic_assessment(_config(_files(tmp_path, 120)))
    (groundhog,) = result.attacks
    assert groundhog.attack == "groundhog" and groundhog.kind == "membership"
    assert "shadow datasets of 60 rows" in groundhog.notes
    assert 0.0 <= groundhog.auc <= 1.0


def test_a_control_file_too_small_for_shadow_modelling(tmp_path):
    with pytest.raises(InputError, match="groundhog: the control file has 30 records"):
        run_synthetic_assessment(_config(_files(tmp_path, 30)))
