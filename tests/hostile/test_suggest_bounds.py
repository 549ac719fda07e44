"""``suggest`` on lattices of billions of nodes: memory does not grow with the lattice, the
time limit and the signals stop it, progress counts nodes decided out of the lattice's, and a
search stopped by the clock is never called optimal (nor said to have found nothing to find)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from .process_tree import ROOT, catches, start, wait_for  # noqa: F401 (start: a fixture)

resource = pytest.importorskip("resource")

MEMORY_LIMIT = 3 << 30      # address space of the subprocesses: a listed lattice of 4^13 nodes needs more
HANG = 120                  # seconds after which a run is taken as hung
STOPS_WITHIN = 30           # seconds from a signal to the end: a hang guard (how soon: benchmarks/cancel.py)


def _write_case(folder, qids: int, rows: int = 3000, seed: int = 0):
    """``rows`` records of ``qids`` columns with values 0-7, each with an ARX hierarchy of four
    levels (value, pair, quadruple, *): a lattice of 4^qids nodes."""
    rng = np.random.default_rng(seed)
    names = [f"q{i}" for i in range(qids)]
    data = folder / "wide.csv"
    pd.DataFrame({name: rng.integers(0, 8, rows) for name in names}).to_csv(data, index=False)
    hierarchy = folder / "levels.csv"
    hierarchy.write_text("".join(f"{v};{v // 2 * 2}-{v // 2 * 2 + 1};{v // 4 * 4}-{v // 4 * 4 + 3};*\n"
                                 for v in range(8)), encoding="utf-8")
    argv = ["suggest", str(data), "--qid", *names]
    for name in names:
        argv += ["--hierarchy", f"{name}={hierarchy}"]
    return argv


LIMITED = textwrap.dedent(f"""
    import resource, sys
    resource.setrlimit(resource.RLIMIT_AS, ({MEMORY_LIMIT}, {MEMORY_LIMIT}))
    from engine.commands import cli
    sys.exit(cli.main(sys.argv[1:]))
""")


def _run_limited(argv, timeout=HANG):
    return subprocess.run([sys.executable, "-c", LIMITED, *argv], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


@pytest.mark.parametrize("qids", [13, 16])
def test_the_time_limit_ends_a_search_the_lattice_of_which_does_not_fit_in_memory(tmp_path, qids):
    out = tmp_path / "out"
    done = _run_limited(_write_case(tmp_path, qids) + ["--k", "5", "--max-seconds", "2", "--out", str(out)])
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    result = json.loads((out / "suggestion.json").read_text())
    assert result["nodes_total"] == 4 ** qids
    assert result["stopped_by_time_limit"] is True and result["optimal"] is False
    assert 0 < result["nodes_checked"] < result["nodes_total"]
    assert result["seconds"] < 2 + 30  # the node in progress is finished, no more
    assert "optimal" not in done.stdout.replace("not proved optimal", "")


def test_a_lattice_decided_at_once_is_searched_to_the_end(tmp_path):
    """k = 1: the bottom node meets the target, which decides all 4^20 nodes (the lattice
    is not walked node by node)."""
    out = tmp_path / "out"
    done = _run_limited(_write_case(tmp_path, 20, rows=200) + ["--k", "1", "--metric", "height", "--out", str(out)])
    assert done.returncode == 0, done.stderr
    result = json.loads((out / "suggestion.json").read_text())
    assert result["optimal"] is True and result["loss"] == 0 and set(result["levels"].values()) == {0}
    assert result["nodes_total"] == 4 ** 20 and result["nodes_checked"] < 50


def _peak_resident_bytes(pid: int) -> int:
    for line in (Path("/proc") / str(pid) / "status").read_text().splitlines():
        if line.startswith("VmHWM:"):  # the peak resident size
            return int(line.split()[1]) * 1024
    return 0


@pytest.mark.parametrize("number, code, word", [(signal.SIGINT, 130, "interrupted"),
                                                (signal.SIGTERM, 143, "terminated"),
                                                (signal.SIGHUP, 129, "terminated")])
@pytest.mark.slow
def test_a_signal_stops_the_search_at_16_qids(start, tmp_path, number, code, word):
    out = tmp_path / "out"
    run = start(_write_case(tmp_path, 16) + ["--k", "5", "--out", str(out)], script=LIMITED)
    assert wait_for(lambda: catches(run.proc.pid, number) or run.proc.poll() is not None, 60)
    time.sleep(8)  # past reading the file, well into the search
    assert run.proc.poll() is None, run.finish(5)
    run.proc.send_signal(number)
    peak = 0
    deadline = time.monotonic() + STOPS_WITHIN
    while run.proc.poll() is None and time.monotonic() < deadline:
        peak = max(peak, _peak_resident_bytes(run.proc.pid))
        time.sleep(0.05)
    finished, err = run.finish(1)
    assert peak < 1 << 29  # the search held what it evaluated, never the lattice
    assert finished == code, err
    assert err.splitlines()[-1] == word and "Traceback" not in err
    assert not (out / "suggestion.json").exists()


PROGRESS = textwrap.dedent(f"""
    import json, resource, sys
    resource.setrlimit(resource.RLIMIT_AS, ({MEMORY_LIMIT}, {MEMORY_LIMIT}))
    import numpy as np, pandas as pd
    from engine.remediation.hierarchy import column_values, interval_hierarchy
    from engine.remediation.suggest import SuggestConfig, SuggestTarget, suggest
    from tests.engine.helpers import table_from_frame

    rng = np.random.default_rng(1)
    frame = pd.DataFrame({{f"q{{i}}": rng.integers(0, 8, 2000) for i in range(16)}})
    table = table_from_frame(frame)
    hierarchies = tuple((q, interval_hierarchy(q, column_values(table[q]), [2, 4])) for q in frame.columns)
    config = SuggestConfig(qids=tuple(frame.columns), hierarchies=hierarchies, target=SuggestTarget(k=5),
                           max_seconds=1.5)
    seen = []
    result = suggest(table, config, on_progress=seen.append)
    print(json.dumps({{"progress": [[p.stage, p.done, p.total] for p in seen], "checked": result.nodes_checked,
                      "stopped": result.stopped_early, "optimal": result.optimal}}))
""")


def test_progress_counts_nodes_decided_out_of_the_lattice():
    done = subprocess.run([sys.executable, "-c", PROGRESS], cwd=ROOT, capture_output=True, text=True,
                          timeout=HANG, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["stopped"] and not result["optimal"]
    seen = result["progress"]
    assert seen and all(stage == "suggest" and total == 4 ** 16 for stage, _, total in seen)
    counts = [count for _, count, _ in seen]
    assert counts == sorted(counts) and 0 < counts[-1] < 4 ** 16
    assert counts[-1] >= result["checked"] > 0  # every node evaluated was decided


def test_a_search_stopped_before_any_find_does_not_say_none_exists(tmp_path, capsys):
    from engine.commands import cli

    argv = _write_case(tmp_path, 3, rows=300) + ["--k", "2", "--max-seconds", "0.000001",
                                                  "--out", str(tmp_path / "out")]
    assert cli.main(argv) == 0
    said = capsys.readouterr().out
    result = json.loads((tmp_path / "out" / "suggestion.json").read_text())
    assert result["found"] is False and result["optimal"] is False and result["stopped_by_time_limit"] is True
    assert "no combination of levels meets" not in said
    assert "before the time limit stopped the search" in said


def test_the_window_says_the_time_limit_stopped_a_search_that_found_nothing(qtbot):
    from engine.remediation.suggest import SuggestTarget, Suggestion
    from gui.pages.scenarios.suggest_panel import SuggestPanel

    panel = SuggestPanel()
    qtbot.addWidget(panel)
    stopped = Suggestion(qids=("a", "b"), best=None, alternatives=(), optimal=False, metric="entropy",
                         target=SuggestTarget(k=5), nodes_total=4 ** 16, nodes_checked=12, seconds=10.0,
                         stopped_early=True, records=100)
    panel.show_suggestion(stopped)
    text = panel.best.text()
    assert "time limit" in text and "No combination of levels meets" not in text
    assert not panel.scenario_button.isEnabled()


def test_the_progress_bar_holds_a_lattice_of_billions_of_nodes(qtbot):
    from engine.foundation.progress import Progress
    from gui.widgets.run_bar import RunBar

    bar = RunBar()
    qtbot.addWidget(bar)
    bar.update_progress(Progress("suggest", 3 * 4 ** 15, 4 ** 16, 5.0, None))
    assert bar.bar.value() * 4 == bar.bar.maximum() * 3
    assert "3,221,225,472 / 4,294,967,296 combinations" in bar.bar.format()
