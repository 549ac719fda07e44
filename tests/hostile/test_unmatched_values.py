"""A value that never occurs where the analysis looks for it (a typo, another coding) must be
named, not turned into a quiet "no risk"."""

import json

from engine.commands.cli import main

from ..conftest import EXAMPLES

FOCAL = EXAMPLES / "example12.csv"


def _assess(tmp_path, capsys, *extra):
    out = tmp_path / "out"
    code = main(["assess", str(FOCAL), "--qid", "age", "gender", "--sensitive", "illness", "--subsets", "exact",
                 "--out", str(out), *extra])
    err = capsys.readouterr().err
    assert code == 0, err
    return json.loads((out / "results.json").read_text()), err


def test_target_value_absent_from_its_column_is_a_warning(tmp_path, capsys):
    results, err = _assess(tmp_path, capsys, "--target", "age=25;gender=f")     # the file holds F and M
    (target,) = results["targets"]
    assert target["matched"] is False
    expected = "target 'age=25; gender=f' matches no record: value 'f' does not occur in column 'gender'"
    assert f"warning: {expected}" in err.splitlines()
    assert expected in results["warnings"]


def test_target_whose_values_exist_but_not_together_is_no_warning(tmp_path, capsys):
    # age 60 and gender F both occur, never in one record: the person is simply not in the file
    results, err = _assess(tmp_path, capsys, "--target", "age=60;gender=F")
    (target,) = results["targets"]
    assert target["matched"] is False and target["block_size"] == 0
    assert "warning" not in err and results["warnings"] == []
