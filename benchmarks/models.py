"""Benchmark of the nine privacy models against the pycanon library on one table.

Generates the census-like example at ``--rows`` rows, then computes k, (alpha,k), l,
entropy l, recursive (c,l), t-closeness, basic and enhanced beta and delta for one QID set
and one sensitive attribute, with RiskReview (one process) and with pycanon, checks that
the values pycanon defines the same way agree, and prints both times and their ratio.

    python benchmarks/models.py --rows 1000000
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import warnings
from dataclasses import replace
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.example_data import example_parquet  # noqa: E402
from engine.api import run_assessment  # noqa: E402
from engine.analysis.config import AnalysisConfig, DataSource, PrivacyModelOptions, Roles, SubsetFamily  # noqa: E402

QIDS = ["sex", "nationality", "school_type", "birth_month"]
SENSITIVE = "bolsa_familia"


def run_pycanon(frame: pd.DataFrame) -> dict[str, float]:
    from pycanon import anonymity as an

    q, s = QIDS, [SENSITIVE]
    return {"k": an.k_anonymity(frame, q), "alpha": an.alpha_k_anonymity(frame, q, s)[0],
            "l": an.l_diversity(frame, q, s), "entropy_l": an.entropy_l_diversity(frame, q, s),
            "c": an.recursive_c_l_diversity(frame, q, s)[0], "t": an.t_closeness(frame, q, s),
            "beta_basic": an.basic_beta_likeness(frame, q, s),
            "beta_enhanced": an.enhanced_beta_likeness(frame, q, s),
            "delta": an.delta_disclosure(frame, q, s)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=2021)
    parser.add_argument("--data-dir", default=tempfile.gettempdir())
    args = parser.parse_args()
    path = example_parquet(args.rows, args.seed, Path(args.data_dir))
    frame = pd.read_parquet(path, columns=QIDS + [SENSITIVE])
    frame = frame.fillna("missing")  # pycanon drops rows with a missing QID; make both see the same blocks

    table_source = DataSource(str(path))
    config = AnalysisConfig(data=table_source, roles=Roles(tuple(QIDS), (SENSITIVE,)),
                            subsets=SubsetFamily("exact"), models=PrivacyModelOptions(enabled=True))
    import pyarrow as pa

    from engine.io.encode import encode_arrow_table

    table = encode_arrow_table(pa.Table.from_pandas(frame, preserve_index=False), name=path.name)
    start = time.perf_counter()
    (ours,) = run_assessment(config, table=table).privacy_models
    engine_seconds = time.perf_counter() - start

    start = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        reference = run_pycanon(frame)
    pycanon_seconds = time.perf_counter() - start

    print(f"{path.name}: {len(frame):,} rows, QIDs {QIDS}, sensitive {SENSITIVE}")
    print(f"{'model':14s} {'RiskReview':>14s} {'pycanon':>14s}")
    for name, value in reference.items():
        print(f"{name:14s} {getattr(ours, name):14.6g} {value:14.6g}")
    for name in ("k", "alpha", "l", "t", "beta_basic", "delta"):
        assert abs(getattr(ours, name) - reference[name]) <= 1e-9 * max(1.0, abs(reference[name])), name
    print(f"RiskReview (all nine, incl. the sweep's CRS/CAS): {engine_seconds:.2f}s; "
          f"pycanon (nine calls): {pycanon_seconds:.1f}s; ratio {pycanon_seconds / engine_seconds:,.0f}x")


if __name__ == "__main__":
    main()
