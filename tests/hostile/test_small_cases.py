"""Small things a careless user meets: an export into the --out folder the run creates; a device
given as data; several hierarchies after one --hierarchy; dp-threshold stopped by a signal at
a large size; an output that cannot be written is one line and exit 2 for every command."""

from __future__ import annotations

import json
import shutil
import signal
from pathlib import Path

import numpy as np
import pytest

from engine.commands.cli import build_parser, main
from engine.io.memory import USABLE_SHARE, available_memory
from engine.dp.threshold import BYTES_PER_VOTER

from ..conftest import EXAMPLES
from .process_tree import catches, start, wait_for  # noqa: F401 (start: a fixture)

ASSESS = ["--qid", "age", "gender", "occupation", "--sensitive", "illness", "--quiet"]
SCENARIO = '[[scenario]]\nname = "a"\nsteps = [{ op = "drop", column = "age" }]\n'


@pytest.fixture
def work(tmp_path, monkeypatch) -> Path:
    shutil.copy(EXAMPLES / "example12.csv", tmp_path / "x.csv")
    (tmp_path / "s.toml").write_text(SCENARIO, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_an_export_into_the_out_folder_creates_it(work, capsys):
    assert not (work / "o").exists()
    code = main(["assess", "x.csv", *ASSESS, "--scenario", "s.toml", "--export-scenario", "a=o/a.csv", "--out", "o"])
    assert code == 0, capsys.readouterr().err
    assert (work / "o" / "a.csv").read_text(encoding="utf-8").splitlines()[0] == '"gender","occupation","illness"'
    assert (work / "o" / "results.json").is_file()


def test_an_export_elsewhere_still_needs_its_folder(work, capsys):
    code = main(["assess", "x.csv", *ASSESS, "--scenario", "s.toml", "--export-scenario", "a=p/a.csv", "--out", "o"])
    assert code == 2
    assert capsys.readouterr().err.splitlines() == ["error: p: the output folder does not exist"]
    assert not (work / "o").exists()


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="POSIX device")
def test_a_device_given_as_data_says_so(work, capsys):
    assert main(["assess", "/dev/null", "--format", "csv", *ASSESS, "--out", "o"]) == 2
    assert capsys.readouterr().err.splitlines() == ["error: /dev/null: is a device, not a data file"]


@pytest.fixture
def hierarchies(work) -> Path:
    rng = np.random.default_rng(5)
    rows = "".join(f"{a},{s},{t}\n" for a, s, t in zip(rng.integers(20, 60, 200), rng.choice(["F", "M"], 200),
                                                        rng.choice(list("ABCD"), 200)))
    (work / "p.csv").write_text("age,sex,town\n" + rows, encoding="utf-8")
    (work / "age.csv").write_text("".join(f"{a};{a // 10 * 10}s;*\n" for a in range(20, 60)), encoding="utf-8")
    (work / "town.csv").write_text("A;AB;*\nB;AB;*\nC;CD;*\nD;CD;*\n", encoding="utf-8")
    return work


def test_several_hierarchies_after_one_flag(hierarchies, capsys):
    base = ["suggest", "p.csv", "--qid", "age", "sex", "town", "--k", "4", "--max-suppression", "2"]
    assert main([*base, "--hierarchy", "age=age.csv", "town=town.csv", "--out", "one"]) == 0
    assert main([*base, "--hierarchy", "age=age.csv", "--hierarchy", "town=town.csv", "--out", "two"]) == 0
    capsys.readouterr()
    one, two = (json.loads((hierarchies / d / "suggestion.json").read_text()) for d in ("one", "two"))
    assert one["hierarchies"] == two["hierarchies"] == {"age": "age.csv", "town": "town.csv"}
    assert one["levels"] == two["levels"] and one["nodes_total"] == two["nodes_total"] == 3 * 1 * 3
    usage = build_parser()._subparsers._group_actions[0].choices["suggest"].format_usage()
    assert "--hierarchy COL=FILE [COL=FILE ...]" in usage


def test_a_hierarchy_option_without_a_file_is_one_line(hierarchies, capsys):
    assert main(["suggest", "p.csv", "--qid", "age", "--k", "2", "--hierarchy", "age=age.csv", "town",
                 "--out", "o"]) == 2
    assert capsys.readouterr().err.splitlines() == ["error: --hierarchy 'town': expected COL=FILE"]


def _loaded(pid: int, library: str) -> bool:
    """Whether the process ``pid`` has mapped a shared library whose path holds ``library``."""
    try:
        return library in Path(f"/proc/{pid}/maps").read_text(errors="replace")
    except OSError:
        return False


STOPS_WITHIN = 30     # seconds from a signal to the end: a hang guard (how soon: benchmarks/cancel.py)


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="POSIX signals, Linux /proc")
@pytest.mark.parametrize("number, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_dp_threshold_stops_on_a_signal_at_a_large_size(start, tmp_path, number, code):
    fits = int(USABLE_SHARE * available_memory() / BYTES_PER_VOTER) // 2
    voters = max(min(10**8, fits), 10**6)
    epsilons = [f"{0.05 + i * 1e-4:.4f}" for i in range(4000)]   # minutes of work at this size
    run = start(["dp-threshold", "--voters", str(voters), "--threshold", str(voters // 2), "--known", "100",
                 "--p", "0.5", "--out", str(tmp_path / "o"), "--quiet", "--epsilon", *epsilons])
    # the run's handlers are in place (Python catches SIGINT from its start: wait for SIGTERM's)
    # and scipy's special functions are loaded: the pmf is being computed
    assert wait_for(lambda: catches(run.proc.pid, signal.SIGTERM), 60), run.finish(5)
    assert wait_for(lambda: run.proc.poll() is not None or _loaded(run.proc.pid, "scipy/special/_ufuncs"), 60)
    wait_for(lambda: run.proc.poll() is not None, 0.5)
    assert run.proc.poll() is None, run.finish(5)
    run.proc.send_signal(number)
    returned, err = run.finish(STOPS_WITHIN)
    assert returned == code, err
    assert not (tmp_path / "o").exists()


COMMANDS = {
    "assess": (["assess", "x.csv", *ASSESS], "results.json"),
    "synth": (["synth", "x.csv", "--synthetic", "x2.csv", "--qid", "age", "gender", "--attacks", "closest-mia",
               "--control", "x.csv", "--quiet"], "results.json"),
    "dp": (["dp", "x.csv", "--sensitive", "illness", "--useful", "gender", "--predicate", "F", "--epsilon", "1",
            "--quiet"], "dp_counting.csv"),
    "dp-threshold": (["dp-threshold", "--example", "--epsilon", "1", "--quiet"], "analysis.toml"),
    "suggest": (["suggest", "x.csv", "--qid", "age", "--k", "1", "--quiet"], "suggestion.json"),
}


@pytest.mark.parametrize("command", COMMANDS)
def test_an_output_that_cannot_be_written_is_one_line_for_every_command(work, capsys, command):
    """An output folder holding a folder where the command writes a file: before, the rename at
    the end of the run raised IsADirectoryError (a traceback after all the work)."""
    shutil.copy("x.csv", "x2.csv")
    argv, name = COMMANDS[command]
    (work / "o" / name).mkdir(parents=True)
    assert main([*argv, "--out", "o"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"error: --out o (o/{name}): is a folder; an output is only ever written as a regular file"]
    assert sorted(p.name for p in (work / "o").iterdir()) == [name]


@pytest.mark.parametrize("voters, threshold, known, p", [(5000, 2500, 30, 0.5), (6000, 3, 10, 0.0004),
                                                         (4000, 3990, 25, 0.999), (3000, 0, 0, 0.3)])
def test_the_support_only_pmf_gives_the_full_computation(monkeypatch, voters, threshold, known, p):
    """Chunks of 64 values (the pmf's support spans many) against the whole pmf over 0..m."""
    from engine.dp import threshold as module
    from engine.dp.config import ThresholdConfig

    monkeypatch.setattr(module, "PMF_CHUNK", 64)
    offset, u = module.support_pmf(voters - 1 - known, p)
    full = module.unknown_votes_pmf(voters, known, p)
    assert np.count_nonzero(full[:offset]) == 0 and np.count_nonzero(full[offset + len(u):]) == 0
    np.testing.assert_allclose(u, full[offset: offset + len(u)], rtol=1e-12, atol=1e-300)
    epsilons = (0.05, 0.5, 2.0)
    points = module.threshold_points(ThresholdConfig(voters=voters, threshold=threshold, known=known, p=p,
                                                     epsilons=epsilons))
    for point, epsilon in zip(points, epsilons):
        deltas = module.delta_by_known_yes(voters, threshold, known, p, epsilon)   # over the whole pmf
        active, worst = module.active_delta(deltas)
        assert point.delta_active == pytest.approx(active, rel=1e-9, abs=1e-300)
        assert point.delta_passive == pytest.approx(float(np.dot(module.binomial_pmf(known, p), deltas)),
                                                    rel=1e-9, abs=1e-300)
