"""Run ``riskreview`` with the given arguments in this fresh process and print its stages as
JSON ({stage: [wall seconds, CPU seconds]}), for ``benchmarks/sample_risk.py``. Only the
standard library is imported before the clock starts, so the imports are the command's own.

    python benchmarks/command_stages.py assess data.csv --qid a b --out /tmp/out
"""

from __future__ import annotations

import json
import os
import sys
import time


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def staged_command(argv: list[str]) -> dict[str, list[float]]:
    """Run ``riskreview`` (``gui.__main__.main``) with ``argv`` in this fresh process, timing
    its stages by wrapping the functions that run them: {stage: [wall, CPU]}."""
    start, start_cpu = time.perf_counter(), _cpu()
    stages: dict[str, list[float]] = {}

    def add(name: str, wall: float, cpu: float) -> None:
        stages.setdefault(name, [0.0, 0.0])
        stages[name][0] += wall
        stages[name][1] += cpu

    import gui.__main__
    import engine.commands.cli
    add("imports", time.perf_counter() - start, _cpu() - start_cpu)

    def wrap(module, name: str, stage: str, minus: tuple[str, ...] = ()) -> None:
        inner = getattr(module, name)

        def timed(*args, **kwargs):
            before = {m: list(stages.get(m, [0.0, 0.0])) for m in minus}
            wall, cpu = time.perf_counter(), _cpu()
            try:
                return inner(*args, **kwargs)
            finally:
                inside = [sum(stages.get(m, [0.0, 0.0])[i] - before[m][i] for m in minus) for i in (0, 1)]
                add(stage, time.perf_counter() - wall - inside[0], _cpu() - cpu - inside[1])

        setattr(module, name, timed)

    import engine.assessment.run as assessment_run
    wall, cpu = time.perf_counter(), _cpu()
    import engine.sample.measures as measures
    add("imports (sample)", time.perf_counter() - wall, _cpu() - cpu)
    wrap(engine.commands.cli, "build_parser", "parse")
    wrap(engine.commands.cli, "load_table", "read")
    wrap(assessment_run, "_sweep_table", "sweep")
    wrap(measures, "special_uniques", "suda")
    wrap(measures, "population_uniqueness", "uniqueness")
    wrap(measures, "sample_risk", "sample", minus=("suda", "uniqueness"))
    wrap(engine.commands.cli, "write_results", "write")
    code = gui.__main__.main(argv)
    if code != 0:
        raise SystemExit(f"riskreview exited with {code}")
    total = [time.perf_counter() - start, _cpu() - start_cpu]
    add("other", total[0] - sum(v[0] for v in stages.values()), total[1] - sum(v[1] for v in stages.values()))
    stages["total"] = total
    return stages



if __name__ == "__main__":
    print(json.dumps(staged_command(sys.argv[1:])))
