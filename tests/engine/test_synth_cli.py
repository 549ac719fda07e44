"""``riskreview synth``: outputs, config files, warnings and bad input."""

import csv
import json

import numpy as np
import pytest

from engine.commands.cli_options import Parser
from engine.foundation.errors import InputError
from engine.commands.synth import add_parser, run_synth
from engine.synthetic.config import SyntheticConfig


def _main(argv):
    """Parse with a parser holding only ``synth`` and map errors as ``riskreview`` does."""
    parser = Parser(prog="riskreview")
    add_parser(parser.add_subparsers(dest="command", parser_class=Parser))
    args = parser.parse_args(argv)
    try:
        return run_synth(args)
    except InputError as exc:
        print(f"error: {exc}")
        return 2


def _files(tmp_path):
    rng = np.random.default_rng(0)

    def rows(n):
        return [f"{a},{'FM'[s]},j{j},{'yes' if i else 'no'}\n" for a, s, j, i in
                       zip(rng.integers(18, 90, n), rng.integers(0, 2, n), rng.integers(0, 20, n),
                           rng.integers(0, 2, n))]

    real_rows = rows(120)
    paths = {}
    for name, body in (("real", real_rows), ("syn", real_rows[: len(real_rows) // 2] + rows(60)),
                       ("control", rows(120))):
        paths[name] = tmp_path / f"{name}.csv"
        paths[name].write_text("age,sex,job,ill\n" + "".join(body), encoding="utf-8")
    return {k: str(v) for k, v in paths.items()}


def test_synth_writes_results_and_tables(tmp_path, capsys):
    f = _files(tmp_path)
    out = tmp_path / "out"
    code = _main(["synth", f["real"], "--synthetic", f["syn"], "--control", f["control"], "--qid", "age", "sex",
                  "job", "--sensitive", "ill", "--targets", "50", "--criterion", "fp:0.1", "--out", str(out)])
    assert code == 0, capsys.readouterr()
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    attacks = {a["attack"]: a for a in results["synthetic"]}
    assert list(attacks) == ["closest-mia", "closest-aia", "neighbourhood-mia", "neighbourhood-aia", "cap"]
    for entry in attacks.values():
        for key in ("attack", "kind", "targets", "accuracy", "auc", "advantage", "tpr_at_fpr", "baseline",
                    "residual_risk", "ci_low", "ci_high"):
            assert key in entry
    mia = attacks["closest-mia"]
    assert mia["kind"] == "membership" and mia["targets"] == 100 and mia["criterion"] == "fp:0.1"
    assert set(mia["tpr_at_fpr"]) == {"0.001", "0.01", "0.1"}
    assert mia["auc"] > 0.6                      # half the real rows are copied
    assert mia["at_risk"] == []                  # never without --show-targets
    assert attacks["cap"]["kind"] == "attribute" and attacks["cap"]["baseline"] is not None
    assert results["datasets"]["real"]["rows"] == 120 and len(results["datasets"]["control"]["sha256"]) == 64
    assert results["radius"] is not None
    with open(out / "synthetic_attacks.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [r["attack"] for r in rows] == list(attacks)
    assert float(rows[0]["auc"]) == pytest.approx(mia["auc"])
    with open(out / "synthetic_roc.csv", newline="", encoding="utf-8") as handle:
        roc = [r for r in csv.DictReader(handle) if r["attack"] == "closest-mia"]
    assert [float(r["fpr"]) for r in roc] == mia["roc"]["fpr"]
    assert not (out / "synthetic_at_risk.csv").exists()
    again = SyntheticConfig.from_toml(out / "analysis.toml")
    assert again.qids == ("age", "sex", "job") and again.criterion.label() == "fp:0.1" and again.targets == 50


def test_without_control_membership_attacks_are_left_out_with_a_warning(tmp_path, capsys):
    f = _files(tmp_path)
    out = tmp_path / "out"
    code = _main(["synth", f["real"], "--synthetic", f["syn"], "--qid", "age", "sex", "--sensitive", "ill",
                  "--targets", "40", "--out", str(out)])
    captured = capsys.readouterr()
    assert code == 0 and "no control set: membership attacks left out" in captured.err
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert [a["attack"] for a in results["synthetic"]] == ["closest-aia", "neighbourhood-aia", "cap"]
    assert all(a["residual_risk"] is None and a["ci_low"] is None for a in results["synthetic"])
    assert any("membership attacks left out" in w for w in results["warnings"])


def test_explicit_membership_attack_without_control_is_bad_input(tmp_path, capsys):
    f = _files(tmp_path)
    code = _main(["synth", f["real"], "--synthetic", f["syn"], "--qid", "age", "--attacks", "closest-mia",
                  "--out", str(tmp_path / "out")])
    assert code == 2
    assert capsys.readouterr().out == ("error: membership attacks need real records not used to make the synthetic "
                                       "file: give --control FILE\n")
    assert not (tmp_path / "out" / "results.json").exists()


@pytest.mark.parametrize("extra, message", [
    (["--criterion", "tp:3"], "rate must be between 0 and 1"),
    (["--qid", "nope"], "no column 'nope'"),
    (["--attacks", "cap"], "cap needs a sensitive column"),
    (["--targets", "1"], "--targets must be at least 2, got 1"),
])
def test_bad_input_names_the_problem(tmp_path, capsys, extra, message):
    f = _files(tmp_path)
    argv = ["synth", f["real"], "--synthetic", f["syn"], "--control", f["control"], "--out", str(tmp_path / "o")]
    if "--qid" not in extra:
        argv += ["--qid", "age"]
    code = _main(argv + extra)
    assert code == 2 and message in capsys.readouterr().out


def test_save_config_then_run_from_it_with_show_targets(tmp_path, capsys):
    f = _files(tmp_path)
    saved = tmp_path / "analysis.toml"
    assert _main(["synth", f["real"], "--synthetic", f["syn"], "--control", f["control"], "--qid", "age", "sex", "job",
                  "--sensitive", "ill", "--attacks", "closest-mia", "cap", "--distance", "hamming", "--targets",
                  "30", "--seed", "4", "--save-config", str(saved)]) == 0
    config = SyntheticConfig.from_toml(saved)
    assert config.attacks == ("closest-mia", "cap") and config.distance == "hamming" and config.seed == 4
    out = tmp_path / "out"
    assert _main(["synth", "--config", str(saved), "--show-targets", "--out", str(out)]) == 0
    with open(out / "synthetic_at_risk.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert {r["attack"] for r in rows} == {"closest-mia", "cap"}
    assert all(1 <= int(r["row"]) <= 120 for r in rows)
    header = (out / "synthetic_at_risk.csv").read_text(encoding="utf-8").splitlines()[0]
    assert header == "attack,rank,row,score"       # row numbers and scores, never values


def test_argparse_rejects_an_unknown_attack(tmp_path):
    with pytest.raises(SystemExit) as exit_info:
        _main(["synth", "a.csv", "--synthetic", "b.csv", "--qid", "x", "--attacks", "magic"])
    assert exit_info.value.code == 2
