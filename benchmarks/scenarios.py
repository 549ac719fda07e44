"""Benchmark of re-evaluating a scenario on the census example (20,000 rows, the demo's 10 QIDs,
every subset, 2 sensitive attributes) against re-running the full assessment from scratch on
the transformed data written to disk (read, encode, sweep).

Scenarios: drop the day of birth (the thesis's example), band the birth year, and suppress
locally to k = 3. Prints each scenario's median time both ways over ``--repeat`` runs (wall
clock, and user+sys CPU of this process and its workers, less sensitive to a shared machine),
their ratios, and checks that both give the same risks.

    python benchmarks/scenarios.py [--rows 20000] [--jobs 1] [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import pyarrow.csv as pcsv

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.example_data import example_parquet  # noqa: E402
from benchmarks.timing import timed  # noqa: E402
from engine.api import run_assessment  # noqa: E402
from engine.analysis.config import AnalysisConfig, DataSource, Roles, SubsetFamily  # noqa: E402
from engine.io.loader import load_table  # noqa: E402
from engine.remediation.scenarios import run_scenario, transformed_arrow  # noqa: E402
from engine.remediation.transforms import (Drop, HierarchySpec, LocalSuppression, Recode, Scenario,  # noqa: E402
                                           apply_scenario)

DEMO = AnalysisConfig.from_toml(ROOT / "resources" / "examples" / "census_demo.toml")


def scenarios() -> list[Scenario]:
    band = HierarchySpec("intervals", params=(("widths", (5.0,)),))
    return [Scenario("drop day of birth", (Drop("birth_day"),)),
            Scenario("band birth year", (Drop("birth_day"), Recode("birth_year", 1, band))),
            Scenario("suppress to k=3", (Drop("birth_day"), LocalSuppression(3, ("sex", "birth_year"))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=20000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        data = example_parquet(args.rows, 2021, folder)
        config = replace(DEMO, data=DataSource(str(data)), targets=(), jobs=args.jobs,
                         roles=replace(DEMO.roles, identifiers=()), subsets=SubsetFamily())
        table = load_table(config.data, config.needed_columns())
        start = time.perf_counter()
        original = run_assessment(config, table=table)
        print(f"census example: {table.n_rows:,} rows, {len(config.roles.quasi_identifiers)} QIDs, "
              f"{len(original.reidentification):,} subsets; original assessment {time.perf_counter() - start:.2f}s")
        for scenario in scenarios():
            result, again, again_cpu = timed(lambda: run_scenario(original, table, scenario, assess=run_assessment),
                                             args.repeat)
            written = folder / "scenario.csv"

            def scratch_run():
                transformed = apply_scenario(table, config.roles.quasi_identifiers, scenario)
                pcsv.write_csv(transformed_arrow(transformed), written)
                return run_assessment(replace(config, data=DataSource(str(written)),
                                              roles=Roles(transformed.qids, config.roles.sensitive)))

            fresh, scratch, scratch_cpu = timed(scratch_run, args.repeat)
            mine = result.assessment
            same = ([r.to_dict() for r in fresh.reidentification] == [r.to_dict() for r in mine.reidentification]
                    and [r.to_dict() for r in fresh.inference] == [r.to_dict() for r in mine.inference])
            risk = result.risk()
            print(f"{scenario.name:20s} re-evaluated {again:.2f}s (CPU {again_cpu:.2f}s), from scratch "
                  f"{scratch:.2f}s (CPU {scratch_cpu:.2f}s), ratio {scratch / again:.1f}x (CPU "
                  f"{scratch_cpu / max(again_cpu, 1e-9):.1f}x), same results: {same}; worst unique share "
                  f"{risk['worst_unique_share']:.2%}, {result.verdict}")
            if not same:
                raise SystemExit(1)


if __name__ == "__main__":
    main()
