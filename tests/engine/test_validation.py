"""One validation, named the user's way: each value rule of the configs is checked in one place
(engine/analysis/validation.py and the configs' ``problems()``) and its message names the flag on the
command line and the key when the value came from an analysis file."""

from dataclasses import replace

import pytest
import tomli_w

from engine.commands import cli
from engine.analysis.config import (AnalysisConfig, ClusterOptions, DataSource, Linkage, Release, Roles, column_problems,
                                    no_column)
from engine.dp.config import DPConfig, DPScenario, ThresholdConfig
from engine.foundation.errors import InputError
from engine.remediation.suggest import SuggestConfig, SuggestTarget
from engine.analysis.sample_options import SampleOptions
from engine.synthetic.config import SyntheticConfig
from engine.analysis.validation import ConfigProblem, Problem, at_least, between, finite_non_negative, fraction, share

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


# Structural rules, each once: (options after DATA, the command line's message, the analysis file's
# changes, its message after "FILE: "). SCENARIO stands for a scenario file dropping 'zz'.
LINKED = [("linkage.key", "id"), ("linkage.releases", [{"path": "r.csv", "label": "2"}])]
STRUCTURE = [
    ([], "no quasi-identifier chosen: name at least one column with --qid",
     [("roles.quasi_identifiers", [])], "no quasi-identifier chosen: name at least one column with "
                                        "roles.quasi_identifiers"),
    (["--qid", "age", "--sensitive", "age"],
     "--sensitive: column 'age' cannot be both a quasi-identifier and a sensitive attribute",
     [("roles.sensitive", ["age"])],
     "roles.sensitive: column 'age' cannot be both a quasi-identifier and a sensitive attribute"),
    (["--qid", "age", "age"], "--qid: column 'age' is given twice as a quasi-identifier",
     [("roles.quasi_identifiers", ["age", "sex", "age"])],
     "roles.quasi_identifiers: column 'age' is given twice as a quasi-identifier"),
    (["--qid", "age", "--household", "age"],
     "--household: column 'age' cannot be both a quasi-identifier and the household id",
     [("roles.household", "age")], "roles.household: column 'age' cannot be both a quasi-identifier and the "
                                   "household id"),
    (["--qid", "age", "--sensitive", "s", "--target", "age=3;s=a"],
     "--target: target 'age=3; s=a': 's' is a sensitive attribute, not something the attacker knows",
     [("roles.sensitive", ["s"]), ("targets", [{"age": 3, "s": "a"}])],
     "targets: target 'age=3; s=a': 's' is a sensitive attribute, not something the attacker knows"),
    (None, None, [("attacks.subsets", "list"), ("attacks.subset_list", [["age"], ["zz"]])],
     "attacks.subset_list: column 'zz' is not one of the quasi-identifiers"),
    (["--qid", "age", "--release", "r.csv"], "linked releases need a linkage key: give --link-key COL",
     LINKED[1:], "linked releases need a linkage key: give linkage.key COL"),
    (["--qid", "age", "--release", "r.csv@1", "--link-key", "id"], "--release: release labels must differ (got 1, 1)",
     [("linkage.key", "id"), ("linkage.releases", [{"path": "r.csv", "label": "1"}])],
     "linkage.releases: release labels must differ (got 1, 1)"),
    (["--qid", "age", "--release", "r.csv", "--link-key", "id", "--suda"],
     "--release: the sample-file measures (a weight, a household id, SUDA) do not run on linked releases; "
     "assess the focal release on its own",
     LINKED + [("sample.suda", True)],
     "linkage.releases: the sample-file measures (a weight, a household id, SUDA) do not run on linked releases; "
     "assess the focal release on its own"),
    (["--qid", "age", "--scenario", "SCENARIO"],
     "--scenario: scenario 'x', step 1: column 'zz' is not a quasi-identifier of the analysis (quasi-identifiers: age)",
     [("scenario", [{"name": "x", "steps": [{"op": "drop", "column": "zz"}]}])],
     "scenario: scenario 'x', step 1: column 'zz' is not a quasi-identifier of the analysis "
     "(quasi-identifiers: age, sex)"),
]


def _with_scenario(options, tmp_path):
    scenario = tmp_path / "scenario.toml"
    scenario.write_text('[[scenario]]\nname = "x"\nsteps = [{ op = "drop", column = "zz" }]\n', encoding="utf-8")
    return [str(scenario) if o == "SCENARIO" else o for o in options]


@pytest.mark.parametrize("options, message, changes, key_message", [r for r in STRUCTURE if r[0] is not None])
def test_a_structural_rule_names_the_flag(tmp_path, capsys, options, message, changes, key_message):
    err = _error(["assess", "d.csv", *_with_scenario(options, tmp_path)], tmp_path, capsys)
    assert err == f"error: {message}\n"


@pytest.mark.parametrize("options, message, changes, key_message", STRUCTURE)
def test_a_structural_rule_names_the_key_of_the_analysis_file(tmp_path, capsys, options, message, changes,
                                                               key_message):
    table = ASSESS.to_dict()
    for key, value in changes:
        _set(table, key, value)
    path = tmp_path / "analysis.toml"
    path.write_text(tomli_w.dumps(table), encoding="utf-8")
    assert _error(["assess", "--config", str(path)], tmp_path, capsys) == f"error: {path}: {key_message}\n"


def _data(tmp_path):
    data = tmp_path / "d.csv"
    data.write_text("age,sex,s,id\n30,M,a,1\n40,F,b,2\n", encoding="utf-8")
    return data


COLUMNS = "(columns: 'age', 'sex', 's', 'id')"
MISSING = [
    (["--qid", "agee"], "--qid: d.csv: no column 'agee'; did you mean 'age'? " + COLUMNS,
     [("roles.quasi_identifiers", ["agee"])], "roles.quasi_identifiers: d.csv: no column 'agee'; did you mean "
                                              "'age'? " + COLUMNS),
    (["--qid", "age", "--sensitive", "ss"], "--sensitive: d.csv: no column 'ss'; did you mean 's'? " + COLUMNS,
     [("roles.sensitive", ["ss"])], "roles.sensitive: d.csv: no column 'ss'; did you mean 's'? " + COLUMNS),
    (["--qid", "age", "--target", "sx=M"], "--target: d.csv: no column 'sx'; did you mean 'sex'? " + COLUMNS,
     [("targets", [{"sx": "M"}])], "targets: d.csv: no column 'sx'; did you mean 'sex'? " + COLUMNS),
    (["--qid", "age", "--release", "DATA", "--link-key", "key"], "--link-key: d.csv: no linkage key column 'key' "
     + COLUMNS, [("linkage.key", "key"), ("linkage.releases", [{"path": "DATA", "label": "2"}])],
     "linkage.key: d.csv: no linkage key column 'key' " + COLUMNS),
]


@pytest.mark.parametrize("options, message, changes, key_message", MISSING)
def test_a_column_the_data_lacks_names_the_flag_or_key(tmp_path, capsys, options, message, changes, key_message):
    data = str(_data(tmp_path))
    options = [data if o == "DATA" else o for o in options]
    assert _error(["assess", data, *options], tmp_path, capsys) == f"error: {message}\n"
    table = replace(ASSESS, data=DataSource(data)).to_dict()
    for key, value in changes:
        _set(table, key, [{**r, "path": data} for r in value] if key == "linkage.releases" else value)
    path = tmp_path / "analysis.toml"
    path.write_text(tomli_w.dumps(table), encoding="utf-8")
    assert _error(["assess", "--config", str(path)], tmp_path, capsys) == f"error: {path}: {key_message}\n"


def test_column_problems_of_linked_releases_look_in_the_labelled_release():
    config = replace(ASSESS, roles=Roles(("age", "job@2", "town"), sensitive=("ill",)),
                     linkage=Linkage(key="id", releases=(Release(DataSource("b.csv"), "2", key="pid"),)))
    columns = {"1": ["id", "age", "ill"], "2": ["pid", "job", "age"]}
    files = {"1": "a.csv", "2": "b.csv"}
    assert column_problems(config, columns, files) == [
        Problem.about("roles.quasi_identifiers", "QID 'town': no release has a column of that name (a.csv, b.csv)")]
    assert column_problems(config, {"1": ["age", "ill"], "2": ["job", "town"]}, files) == [
        Problem.about("linkage.key", "a.csv: no linkage key column 'id' (columns: 'age', 'ill')"),
        Problem.about("linkage.releases", "b.csv: no linkage key column 'pid' (columns: 'job', 'town')")]
    assert column_problems(replace(config, roles=Roles(("job@1",))), columns, files) == [
        Problem.about("roles.quasi_identifiers", no_column("a.csv", columns["1"], "job"))]


def test_opening_an_analysis_file_checks_its_values_and_roles(tmp_path):
    path = tmp_path / "analysis.toml"
    for config, reader, key, message in (
            (replace(ASSESS, jobs=0), AnalysisConfig, "run.jobs", "must be at least 1, got 0"),
            (replace(ASSESS, roles=Roles(("age",), ("age",))), AnalysisConfig, "roles.sensitive",
             ": column 'age' cannot be both a quasi-identifier and a sensitive attribute"),
            (replace(SYNTH, radius=-1.0), SyntheticConfig, "attacks.radius", "must be a finite number >= 0, got -1"),
            (replace(THRESHOLD, threshold=replace(THRESHOLD.threshold, p=2.0)), DPConfig, "threshold.p",
             "must be between 0 and 1, got 2")):
        path.write_text(config.to_toml(), encoding="utf-8")
        with pytest.raises(InputError) as error:
            reader.from_toml(path)
        assert str(error.value) == f"{path}: {key}{'' if message.startswith(':') else ' '}{message}"
        assert reader.from_toml(path, check=False) == reader.from_dict(config.to_dict(), base_dir=tmp_path)
    incomplete = replace(ASSESS, roles=Roles())  # saved before any quasi-identifier was chosen: still opens
    path.write_text(incomplete.to_toml(), encoding="utf-8")
    assert AnalysisConfig.from_toml(path) == replace(incomplete, data=DataSource(str(tmp_path / "d.csv")))


@pytest.mark.parametrize("options, message, changes, key_message", [
    (["--qid", "age", "age"], "--qid: column 'age' is given twice as a quasi-identifier",
     [("roles.quasi_identifiers", ["age", "age"])],
     "roles.quasi_identifiers: column 'age' is given twice as a quasi-identifier"),
    (["--qid", "age", "--sensitive", "age"], "--sensitive: column 'age' cannot be both a quasi-identifier and the "
     "sensitive column", [("roles.sensitive", "age")],
     "roles.sensitive: column 'age' cannot be both a quasi-identifier and the sensitive column"),
    (["--qid", "age", "--attacks", "cap"], "cap needs a sensitive column: give --sensitive COL", None, None),
])
def test_the_synthetic_analysis_names_its_roles_by_flag_and_key(tmp_path, capsys, options, message, changes,
                                                                  key_message):
    argv = ["synth", "r.csv", "--synthetic", "s.csv", "--control", "c.csv", *options]
    assert _error(argv, tmp_path, capsys) == f"error: {message}\n"
    if changes:
        table = SYNTH.to_dict()
        for key, value in changes:
            _set(table, key, value)
        path = tmp_path / "analysis.toml"
        path.write_text(tomli_w.dumps(table), encoding="utf-8")
        assert _error(["synth", "--config", str(path)], tmp_path, capsys) == f"error: {path}: {key_message}\n"


# The rules that once named flags from inside the engine, each once: (command line or None, its message,
# the command and config an analysis file is made from, the file's changes (None: key removed), the
# message after "FILE: ", or None where the analysis file cannot hold the value).
COUNTING = DPConfig(data=DataSource("d.csv"), scenarios=(DPScenario("s", "u", ("a",)),), epsilons=(1.0,))
MEMBERSHIP = "membership attacks need real records not used to make the synthetic file: give "
CLUSTER = [("run.cluster", "tls://10.0.0.5:8786"), ("run.cluster_ca", "ca.pem")]
MOVED = [
    (["suggest", "d.csv", "--qid", "age", "--k", "2", "--max-inference-gain", "0.1"],
     "an inference-gain limit needs a sensitive column: give --sensitive COL", None, None, None, None),
    (["dp", "d.csv", "--sensitive", "s", "--useful", "u", "--predicate", "a", "--predicate", "a"],
     "--predicate: a value of 'u' is given twice", "dp", COUNTING, [("scenarios", [
         {"sensitive": "s", "useful": "u", "predicate": ["a", "a"]}])],
     "scenarios[1].predicate: a value of 'u' is given twice"),
    (["dp", "d.csv", "--sensitive", "s", "--useful", "u", "--predicate", "a", "--useful-order", "x,y,x"],
     "--useful-order: a value of 'u' is given twice", None, None, None, None),
    (None, None, "dp", COUNTING, [("scenarios", [{"sensitive": "", "useful": "u", "predicate": ["a"]}])],
     "a counting scenario needs the sensitive column: give scenarios[1].sensitive COL"),
    (None, None, "dp", COUNTING, [("mechanisms", ["oblivious", "central"])],
     "mechanisms must be one of oblivious, local, got 'central'"),
    (["assess", "d.csv", "--qid", "age", "--cluster", "http://10.0.0.5:8786"],
     "--cluster must be tls://HOST:PORT or tcp://HOST:PORT, got 'http://10.0.0.5:8786'", "assess", ASSESS,
     [("run.cluster", "http://10.0.0.5:8786")],
     "run.cluster must be tls://HOST:PORT or tcp://HOST:PORT, got 'http://10.0.0.5:8786'"),
    (["assess", "d.csv", "--qid", "age", "--cluster", "tls://10.0.0.5:8786", "--cluster-ca", "ca.pem"],
     "--cluster-cert must be given for a tls:// cluster address", "assess", ASSESS, CLUSTER,
     "run.cluster_cert must be given for a tls:// cluster address"),
    (["assess", "d.csv", "--qid", "age", "--cluster", "tcp://127.0.0.1:8786", "--cluster-key", "me.key"],
     "--cluster-key is only for a tls:// cluster address, not tcp://", "assess", ASSESS,
     [("run.cluster", "tcp://127.0.0.1:8786"), ("run.cluster_key", "me.key")],
     "run.cluster_key is only for a tls:// cluster address, not tcp://"),
    (["synth", "r.csv", "--synthetic", "s.csv", "--qid", "age", "--attacks", "closest-mia"],
     MEMBERSHIP + "--control FILE", "synth", SYNTH, [("data.control", None), ("attacks.names", ["closest-mia"])],
     MEMBERSHIP + "data.control FILE"),
]


@pytest.mark.parametrize("argv, message, command, config, changes, key_message", [r for r in MOVED if r[0]])
def test_a_moved_rule_names_the_flag(tmp_path, capsys, argv, message, command, config, changes, key_message):
    assert _error(argv, tmp_path, capsys) == f"error: {message}\n"


@pytest.mark.parametrize("argv, message, command, config, changes, key_message", [r for r in MOVED if r[2]])
def test_a_moved_rule_names_the_key_of_the_analysis_file(tmp_path, capsys, argv, message, command, config, changes,
                                                          key_message):
    table = config.to_dict()
    for key, value in changes:
        if value is None:
            *path, last = key.split(".")
            del table[path[0]][last]
        else:
            _set(table, key, value)
    path = tmp_path / "analysis.toml"
    path.write_text(tomli_w.dumps(table), encoding="utf-8")
    assert _error([command, "--config", str(path)], tmp_path, capsys) == f"error: {path}: {key_message}\n"


def test_the_moved_rules_name_config_fields_outside_the_command_line():
    def message(config):
        with pytest.raises(ConfigProblem) as error:
            config.validate()
        return str(error.value)

    suggest = SuggestConfig(qids=("age",), hierarchies=())
    assert message(replace(suggest, qids=())) == "no quasi-identifier chosen: name at least one column with qids"
    assert message(replace(suggest, qids=("age", "sex", "age"))) == \
        "qids: column 'age' is given twice as a quasi-identifier"
    assert message(replace(suggest, metric="fun")) == "metric must be one of entropy, height, discernibility, got 'fun'"
    assert message(replace(suggest, target=SuggestTarget(max_inference_gain=0.1))) == \
        "an inference-gain limit needs a sensitive column: give sensitive COL"
    assert message(DPConfig()) == "scenarios: nothing to analyse: give a counting scenario or a thresholded count"
    assert message(replace(COUNTING, mechanisms=())) == "mechanisms must hold at least one of oblivious, local"
    assert message(replace(THRESHOLD, threshold=replace(THRESHOLD.threshold, voters=2.5))) == \
        "threshold.voters must be a whole number, got 2.5"
    assert message(replace(SYNTH, control=None, attacks=("closest-mia",))) == MEMBERSHIP + "control FILE"
    assert ClusterOptions("tls://10.0.0.5:8786", tls_cert="me.pem").problems() == [
        Problem("cluster.tls_ca", "must be given for a tls:// cluster address"),
        Problem("cluster.tls_key", "must be given for a tls:// cluster address")]


def test_a_value_the_data_lacks_names_the_dp_flag_or_key(tmp_path, capsys):
    data = tmp_path / "d.csv"
    data.write_text("u,s\na,x\nb,y\n", encoding="utf-8")
    rule = "value 'z' does not occur in column 'u' (values: a, b)"
    argv = ["dp", str(data), "--sensitive", "s", "--useful", "u", "--predicate", "z", "--epsilon", "1"]
    assert _error(argv, tmp_path, capsys) == f"error: --predicate: {rule}\n"
    config = replace(COUNTING, data=DataSource(str(data)), scenarios=(DPScenario("s", "u", ("z",)),))
    path = tmp_path / "analysis.toml"
    path.write_text(config.to_toml(), encoding="utf-8")
    assert _error(["dp", "--config", str(path)], tmp_path, capsys) == \
        f"error: {path}: scenarios[1].predicate: {rule}\n"


@pytest.mark.parametrize("command, config, option, key, text, rule", [
    ("assess", ASSESS, "--subsets", "attacks.subsets", "max-size:0",
     "max-size needs a whole number >= 1, e.g. max-size:3"),
    ("synth", SYNTH, "--criterion", "attacks.criterion", "tp",
     "expected accuracy, tp:RATE, fp:RATE or threshold:VALUE"),
])
def test_a_text_option_names_the_flag_or_the_key(tmp_path, capsys, command, config, option, key, text, rule):
    assert _error(_argv(command) + [option, text], tmp_path, capsys) == f"error: {option} {text!r}: {rule}\n"
    table = config.to_dict()
    _set(table, key, text)
    path = tmp_path / "analysis.toml"
    path.write_text(tomli_w.dumps(table), encoding="utf-8")
    assert _error(_argv(command, path), tmp_path, capsys) == f"error: {path.name}: {key} {text!r}: {rule}\n"
