"""One validation, named the user's way: each value rule of the configs is checked in one place
(engine/validation.py and the configs' ``problems()``) and its message names the flag on the
command line and the key when the value came from an analysis file."""

from dataclasses import replace

import pytest
import tomli_w

from engine import cli
from engine.config import AnalysisConfig, DataSource, Roles
from engine.dp.config import DPConfig, ThresholdConfig
from engine.sample_options import SampleOptions
from engine.synthetic.config import SyntheticConfig
from engine.validation import ConfigProblem, Problem, at_least, between, finite_non_negative, fraction, share

ASSESS = AnalysisConfig(data=DataSource("d.csv"), roles=Roles(("age", "sex")))
SYNTH = SyntheticConfig(real=DataSource("r.csv"), synthetic=DataSource("s.csv"), control=DataSource("c.csv"),
                        qids=("age",), sensitive="ill")
THRESHOLD = DPConfig(threshold=ThresholdConfig.desfontaines_example())


def _set(table: dict, key: str, value) -> dict:
    *path, last = key.split(".")
    for part in path:
        table = table.setdefault(part, {})
    table[last] = value


# (command, config, option and its value, TOML key and its value, the rule, the value as shown)
RULES = [
    ("assess", ASSESS, ["--sampling-fraction", "1.5"], ("sample.sampling_fraction", 1.5), "must be in (0, 1]", "1.5"),
    ("assess", ASSESS, ["--risk-threshold", "0.1", "2"], ("sample.risk_thresholds", [0.1, 2.0]),
     "must be in (0, 1]", "2"),
    ("assess", ASSESS, ["--suda-max-size", "0"], ("sample.suda_max_size", 0), "must be at least 1", "0"),
    ("assess", ASSESS, ["--dis-fraction", "0"], ("sample.dis_fraction", 0.0), "must be in (0, 1]", "0"),
    ("assess", ASSESS, ["--jobs", "0"], ("run.jobs", 0), "must be at least 1", "0"),
    ("assess", ASSESS, ["--l", "0"], ("models.l", 0), "must be at least 1", "0"),
    ("assess", ASSESS, ["--target-k", "0"], ("models.targets.k", 0), "must be at least 1", "0"),
    ("assess", ASSESS, ["--target-alpha", "1.5"], ("models.targets.alpha", 1.5), "must be between 0 and 1", "1.5"),
    ("assess", ASSESS, ["--target-delta", "-1"], ("models.targets.delta", -1.0), "must be a finite number >= 0",
     "-1"),
    ("assess", ASSESS, None, ("report.thresholds.reid_prob", 2.0), "must be between 0 and 1", "2"),
    ("synth", SYNTH, ["--targets", "1"], ("attacks.targets", 1), "must be at least 2", "1"),
    ("synth", SYNTH, ["--seed", "-1"], ("attacks.seed", -1), "must be between 0 and 9223372036854775807", "-1"),
    ("synth", SYNTH, ["--radius", "-0.5"], ("attacks.radius", -0.5), "must be a finite number >= 0", "-0.5"),
    ("synth", SYNTH, ["--shadow-datasets", "3"], ("attacks.shadow_datasets", 3),
     "must be an even number from 2 to 10,000", "3"),
    ("synth", SYNTH, ["--jobs", "0"], ("run.jobs", 0), "must be at least 1", "0"),
    ("synth", SYNTH, None, ("report.thresholds.unique_share", -0.1), "must be between 0 and 1", "-0.1"),
    ("dp-threshold", THRESHOLD, ["--voters", "0"], ("threshold.voters", 0), "must be at least 1", "0"),
    ("dp-threshold", THRESHOLD, ["--known", "1000"], ("threshold.known", 1000), "must be between 0 and 999",
     "1000"),
    ("dp-threshold", THRESHOLD, ["--threshold", "1001"], ("threshold.threshold", 1001),
     "must be between 0 and 1000", "1001"),
    ("dp-threshold", THRESHOLD, ["--p", "2"], ("threshold.p", 2.0), "must be between 0 and 1", "2"),
    ("dp-threshold", THRESHOLD, ["--epsilon", "0"], ("threshold.epsilons", [0.0]),
     "must be a finite number > 0", "0"),
]


def _argv(command, config_path=None):
    if command == "assess":
        return ["assess", *(["--config", str(config_path)] if config_path else ["d.csv", "--qid", "age"])]
    if command == "synth":
        return ["synth", *(["--config", str(config_path)] if config_path else
                           ["r.csv", "--synthetic", "s.csv", "--control", "c.csv", "--qid", "age", "--sensitive",
                            "ill"])]
    return ["dp-threshold", *(["--config", str(config_path)] if config_path else ["--example"])]


def _error(argv, tmp_path, capsys):
    code = cli.main([*argv, "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 2 and len(err.splitlines()) == 1 and not (tmp_path / "out").exists(), err
    return err


@pytest.mark.parametrize("command, config, option, key, rule, shown", [r for r in RULES if r[2] is not None])
def test_a_rule_names_the_flag_on_the_command_line(tmp_path, capsys, command, config, option, key, rule, shown):
    err = _error(_argv(command) + option, tmp_path, capsys)
    assert err == f"error: {option[0]} {rule}, got {shown}\n"


@pytest.mark.parametrize("command, config, option, key, rule, shown", RULES)
def test_a_rule_names_the_key_of_the_analysis_file(tmp_path, capsys, command, config, option, key, rule, shown):
    table = config.to_dict()
    _set(table, *key)
    path = tmp_path / "analysis.toml"
    path.write_text(tomli_w.dumps(table), encoding="utf-8")
    err = _error(_argv(command, path), tmp_path, capsys)
    assert err == f"error: {path}: {key[0]} {rule}, got {shown}\n"


def test_the_flag_wins_over_the_file_when_both_set_the_field(tmp_path, capsys):
    table = ASSESS.to_dict()
    _set(table, "run.jobs", 0)
    path = tmp_path / "analysis.toml"
    path.write_text(tomli_w.dumps(table), encoding="utf-8")
    assert _error(_argv("assess", path), tmp_path, capsys).endswith("run.jobs must be at least 1, got 0\n")
    assert _error(_argv("assess", path) + ["--jobs", "-3"], tmp_path, capsys) == \
        "error: --jobs must be at least 1, got -3\n"
    assert cli.main([*_argv("assess", path), "--jobs", "2", "--save-config", str(tmp_path / "fixed.toml")]) == 0


def test_problems_name_config_fields_for_the_window():
    config = replace(ASSESS, jobs=0, sample=SampleOptions(dis_fraction=3.0, risk_thresholds=(0.5, 0.0)))
    assert config.problems() == [Problem("sample.risk_thresholds", "must be in (0, 1]", 0.0),
                                 Problem("sample.dis_fraction", "must be in (0, 1]", 3.0),
                                 Problem("jobs", "must be at least 1", 0)]
    with pytest.raises(ConfigProblem) as error:
        config.validate()
    assert error.value.problem == config.problems()[0]
    assert str(error.value) == "sample.risk_thresholds must be in (0, 1], got 0"
    assert ASSESS.problems() == [] and SYNTH.problems() == [] and THRESHOLD.problems() == []
    assert replace(THRESHOLD, threshold=replace(THRESHOLD.threshold, p=1.5, epsilons=())).problems() == [
        Problem("threshold.p", "must be between 0 and 1", 1.5),
        Problem("threshold.epsilons", "must hold at least one epsilon")]
    assert replace(SYNTH, seed=-1).problems()[0].message("Seed") == "Seed must be between 0 and 9223372036854775807, got -1"


@pytest.mark.parametrize("rule, inside, outside", [
    (fraction, [1e-12, 0.5, 1.0, 1], [0.0, -0.1, 1.0000001, float("nan"), True, "0.5"]),
    (share, [0.0, 0.5, 1.0, 0], [-1e-12, 1.0000001, float("nan"), float("inf"), False]),
    (finite_non_negative, [0.0, 3.5, 1e308], [-1e-12, float("inf"), float("nan"), None]),
    (lambda field, value: at_least(field, value, 2), [2, 3, 10 ** 20], [1, 0, -5, None]),
    (lambda field, value: between(field, value, 0, 10), [0, 5, 10], [-1, 11, float("nan")]),
])
def test_each_range_holds_its_bounds(rule, inside, outside):
    for value in inside:
        assert rule("f", value) == [], value
    for value in outside:
        (problem,) = rule("f", value)
        assert problem.field == "f" and problem.value is value


@pytest.mark.parametrize("option, message", [
    (["--k", "0"], "--k must be at least 1, got 0"),
    (["--max-suppression", "120"], "--max-suppression must be between 0 and 100 percent, got 120"),
    (["--max-reid-prob", "1.5"], "--max-reid-prob must be between 0 and 1, got 1.5"),
    (["--max-seconds", "0"], "--max-seconds must be positive, got 0"),
    (["--alternatives", "-1"], "--alternatives must be at least 0, got -1"),
])
def test_the_suggest_rules_name_their_flags(tmp_path, capsys, option, message):
    argv = ["suggest", "d.csv", "--qid", "age", "--k", "2", *option]
    assert _error(argv, tmp_path, capsys) == f"error: {message}\n"
