"""Command-line options as a hostile user types them: numbers out of range (negative, zero,
huge, NaN, inf) are refused up front in one line naming the option, nothing is created; the
thresholded count bounds its memory and reports progress; ``--target`` names and values can
hold any character through its quoting rule."""

import csv
import json

import numpy as np
import pytest

from engine.commands.cli import main
from engine.analysis.config import Target
from engine.dp.config import ThresholdConfig
from engine.dp.threshold import (active_delta, delta_by_known_yes, ensure_threshold_memory, passive_delta,
                                 threshold_points)
from engine.foundation.errors import InputError

from ..conftest import EXAMPLES

E = str(EXAMPLES)
SYNTH = ["synth", f"{E}/synthetic_real.csv", "--synthetic", f"{E}/synthetic_release.csv", "--control",
         f"{E}/synthetic_control.csv", "--qid", "sex", "race", "--sensitive", "school", "--targets", "20"]
ASSESS = ["assess", f"{E}/example12.csv", "--qid", "age", "gender", "--sensitive", "illness"]
DP = ["dp", f"{E}/example12.csv", "--sensitive", "illness", "--useful", "age", "--predicate", "25"]
THRESHOLD = ["dp-threshold", "--voters", "1000", "--threshold", "100", "--known", "100", "--p", "0.001"]
BIG = "99999999999999999999999"


def _threshold(option: str, value: str) -> list[str]:
    """THRESHOLD with ``option`` set to ``value``."""
    argv = list(THRESHOLD)
    argv[argv.index(option) + 1] = value
    return argv


@pytest.mark.parametrize("argv, option", [
    (SYNTH + ["--seed", "-5"], "--seed"),
    (SYNTH + ["--seed", BIG], "--seed"),
    (SYNTH + ["--targets", "1"], "--targets"),
    (SYNTH + ["--targets", BIG], "--targets"),
    (SYNTH + ["--jobs", "0"], "--jobs"),
    (SYNTH + ["--radius", "nan"], "--radius"),
    (SYNTH + ["--radius=-inf"], "--radius"),
    (SYNTH + ["--shadow-datasets", "1000000000", "--attacks", "groundhog"], "--shadow-datasets"),
    (SYNTH + ["--shadow-datasets", "0", "--attacks", "groundhog"], "--shadow-datasets"),
    (SYNTH + ["--criterion", "fp:nan"], "criterion"),
    (ASSESS + ["--target-beta", "nan"], "--target-beta"),
    (ASSESS + ["--target-delta", "inf"], "--target-delta"),
    (ASSESS + ["--target-beta", "-1"], "--target-beta"),
    (ASSESS + ["--target-alpha", "nan"], "--target-alpha"),
    (ASSESS + ["--target-t", "inf"], "--target-t"),
    (ASSESS + ["--target-k", "0"], "--target-k"),
    (ASSESS + ["--l", "0"], "--l must be at least 1, got 0"),
    (ASSESS + ["--jobs", "-1"], "--jobs"),
    (ASSESS + ["--subsets", "max-size:0"], "--subsets"),
    (DP + ["--epsilon", "1e308"], "--epsilon"),
    (DP + ["--epsilon", "nan"], "--epsilon"),
    (DP + ["--epsilon", "0"], "--epsilon"),
    (THRESHOLD + ["--epsilon=-inf"], "--epsilon"),
    (THRESHOLD + ["--epsilon", "701"], "--epsilon"),
    (_threshold("--threshold", BIG), "--threshold"),
    (_threshold("--threshold", "1001"), "--threshold"),
    (_threshold("--threshold", "-1"), "--threshold"),
    (_threshold("--voters", "0"), "--voters"),
    (_threshold("--voters", "100000000000"), "--voters"),
    (_threshold("--known", "1000"), "--known"),
    (_threshold("--p", "nan"), "--p"),
    (_threshold("--p", "-0.1"), "--p"),
])
def test_numbers_out_of_range_are_one_line_errors_before_any_work(tmp_path, capsys, argv, option):
    out = tmp_path / "out"
    code = main(argv + ["--out", str(out), "--quiet"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert len(err.splitlines()) == 1 and err.startswith("error: ") and option in err, err
    assert not out.exists(), "no output folder is created for a refused run"


def test_huge_voter_count_is_refused_with_what_fits():
    config = ThresholdConfig(voters=10_000_000, threshold=100, known=100, p=0.001, epsilons=(1.0,))
    gib = 2**30
    with pytest.raises(InputError, match=r"--voters 10,000,000: .* needs about 0\.9 GB .* only 1\.0 GB is free "
                                         r"\(about 8,947,748 voters fit\)"):
        ensure_threshold_memory(config, available=lambda: gib)
    ensure_threshold_memory(config, available=lambda: 2 * gib)  # fits: no error


def test_threshold_progress_after_each_epsilon():
    config = ThresholdConfig(voters=200, threshold=20, known=10, p=0.1, epsilons=(0.1, 0.5, 1.0, 2.0))
    seen = []
    threshold_points(config, on_point=seen.append)
    assert seen == [1, 2, 3, 4]


def test_threshold_points_match_the_full_computation_on_random_cases():
    """threshold_points computes the unknown votes' pmf once and drops its underflowed tail:
    the same numbers as delta_by_known_yes over the full pmf, for every epsilon."""
    rng = np.random.default_rng(7)
    for _ in range(150):
        voters = int(rng.integers(1, 2000))
        known, threshold = int(rng.integers(0, voters)), int(rng.integers(0, voters + 1))
        p = float(rng.choice([0.0, 1.0, 1e-9, 1e-3, 0.5, 0.999, rng.random()]))
        epsilons = (0.01, 0.7, 40.0)
        points = threshold_points(ThresholdConfig(voters, threshold, known, p, epsilons))
        for point, epsilon in zip(points, epsilons):
            deltas = delta_by_known_yes(voters, threshold, known, p, epsilon)
            assert (point.delta_active, point.worst_known_yes) == active_delta(deltas)
            assert point.delta_passive == passive_delta(deltas, known, p)


def test_dp_threshold_shows_progress(monkeypatch, tmp_path, capsys):
    import engine.commands.runner as command

    class Recorder:
        def __init__(self):
            self.done = []

        def __call__(self, progress):
            self.done.append((progress.done, progress.total))

        def close(self):
            pass

    import engine.dp.api as api
    from engine.foundation.progress import ProgressReporter

    class Unlimited(ProgressReporter):  # every update passes (no rate limit)
        def __init__(self, stage, total, callback):
            super().__init__(stage, total, callback, max_rate=float("inf"))

    recorder = Recorder()
    monkeypatch.setattr(command, "TerminalProgress", lambda: recorder)
    monkeypatch.setattr(api, "ProgressReporter", Unlimited)
    monkeypatch.setattr("sys.stderr.isatty", lambda: True, raising=False)
    code = main(THRESHOLD + ["--epsilon", "0.5", "1", "2", "--out", str(tmp_path / "o")])
    assert code == 0, capsys.readouterr().err
    dones = [done for done, total in recorder.done if total == 3]
    assert dones == sorted(dones) and {1, 2, 3} <= set(dones), dones  # a step after each epsilon


# --- the --target syntax --------------------------------------------------------------------

@pytest.mark.parametrize("text, values", [
    ("age=25;gender=F", (("age", "25"), ("gender", "F"))),              # documented uses unchanged
    ("age = 25 ; gender=F ;", (("age", "25"), ("gender", "F"))),
    ("age=25;illness=", (("age", "25"), ("illness", ""))),              # empty: the missing value
    ("code=a=b", (("code", "a=b"),)),                                   # an unquoted value keeps '='
    ('" sp "=1', ((" sp ", "1"),)),
    ('"x=y"=3; "a;b" = " v "', (("x=y", "3"), ("a;b", " v "))),
    ('"say ""hi"""="x"', (('say "hi"', "x"),)),
    ('name=O"Brien', (("name", 'O"Brien'),)),                           # a quote inside a word is literal
])
def test_target_syntax(text, values):
    target = Target.parse(text)
    assert target.values == values
    assert Target.parse(target.label()) == target  # the label reads back as the same target


@pytest.mark.parametrize("text, words", [
    ('"x=y=3', "is not closed"),
    ('"x" y=3', "unexpected 'y' after the quoted 'x'"),
    ("age", "'age' is not COL=VALUE"),
    (" ; ", "give at least one COL=VALUE"),
])
def test_target_syntax_errors(text, words):
    with pytest.raises(InputError, match=words):
        Target.parse(text)


def test_columns_with_spaces_and_equals_signs_can_be_targeted(tmp_path, capsys):
    data = tmp_path / "names.csv"
    data.write_text("id, sp ,x=y,ill\n1,a,p,no\n2,a,q,yes\n3,b,q,no\n4,b,q,yes\n5,c,r,no\n", encoding="utf-8")
    out = tmp_path / "out"
    code = main(["assess", str(data), "--qid", " sp ", "x=y", "--sensitive", "ill", "--quiet",
                 "--target", '" sp "=a;"x=y"=q', "--target", '"x=y"=r', "--out", str(out)])
    assert code == 0, capsys.readouterr().err
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    first, second = results["targets"]
    assert first["target"] == {" sp ": "a", "x=y": "q"} and first["block_size"] == 1
    assert second["target"] == {"x=y": "r"} and second["block_size"] == 1
    with open(out / "targets.csv", newline="", encoding="utf-8") as handle:
        labels = [row["target"] for row in csv.DictReader(handle)]
    assert labels[0] == '" sp "=a; "x=y"=q' and Target.parse(labels[0]).values == ((" sp ", "a"), ("x=y", "q"))
    assert main(["assess", "--config", str(out / "analysis.toml"), "--out", str(tmp_path / "again"),
                 "--quiet"]) == 0
    assert json.loads((tmp_path / "again" / "results.json").read_text(encoding="utf-8"))["targets"] == \
        results["targets"]
