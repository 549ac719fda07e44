"""Benchmark of the differential-privacy counting-query analysis on a real-sized table.

A synthetic table of ``--rows`` records (default 5,000) with a useful attribute of
``--values`` ordered values (default 100, a skewed, age-like distribution) and a sensitive
attribute of 8 values that depends on it is analysed at ``--epsilons`` log-spaced epsilons
(default 20) with both mechanisms through ``engine.dp.api.run_dp_analysis`` (the predicate
counts a band of 10 values whose commonest sensitive value is not the table's). Reported:
the time of the whole analysis, of the oblivious and local points, and of the
thresholded-count curve for Desfontaines' example (1000 voters).

Baseline, in the same run: the local mechanism's count distribution computed record by
record (one ``np.convolve`` of the running distribution with [1 - p, p] per record), as eq.
6.11 reads, for every epsilon, against the engine's grouped form (one binomial per value,
convolved pairwise). Both distributions are compared (largest absolute difference) and the
ratio of the times is printed. The baseline's cost grows with rows squared;
``--baseline-epsilons`` limits it to the first few epsilons (its time is then scaled up).

    python benchmarks/dp.py                      # 5,000 rows, 100 values, 20 epsilons
    python benchmarks/dp.py --rows 100000 --baseline-epsilons 1
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.analysis.config import DataSource  # noqa: E402
from engine.dp.api import run_dp_analysis  # noqa: E402
from engine.dp.config import DPConfig, DPScenario, ThresholdConfig, log_spaced_epsilons  # noqa: E402
from engine.dp.counting import prepare_counting  # noqa: E402
from engine.dp.mechanisms import geometric_alpha, local_count_distribution, local_inside_probabilities  # noqa: E402
from engine.dp.threshold import threshold_points  # noqa: E402
from engine.io.encode import encode_arrow_table  # noqa: E402


def make_table(rows: int, values: int, seed: int = 7):
    """An age-like useful attribute (values 0..values-1, skewed) and a sensitive one of 8 age bands
    (shifted up by one at random)."""
    rng = np.random.default_rng(seed)
    weights = np.exp(-np.arange(values) / (values / 3.0))
    useful = rng.choice(values, size=rows, p=weights / weights.sum())
    sensitive = np.minimum(useful // max(values // 8, 1) + rng.integers(0, 2, size=rows), 7)
    frame = pd.DataFrame({"age": useful, "group": [f"g{v}" for v in sensitive]})
    return encode_arrow_table(pa.Table.from_pandas(frame, preserve_index=False), name=f"synthetic_{rows}")


def record_by_record(values: np.ndarray, inside_p: np.ndarray) -> np.ndarray:
    """Baseline: P(count) by one convolution per record."""
    dist = np.ones(1)
    for v in values:
        p = inside_p[v]
        dist = np.convolve(dist, [1.0 - p, p])
    return dist


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=5000)
    parser.add_argument("--values", type=int, default=100)
    parser.add_argument("--epsilons", type=int, default=20)
    parser.add_argument("--baseline-epsilons", type=int, default=None,
                        help="epsilons the baseline is timed on (default: all)")
    args = parser.parse_args()

    table = make_table(args.rows, args.values)
    epsilons = log_spaced_epsilons(0.05, 5.0, args.epsilons)
    low, high = 2 * args.values // 5, 2 * args.values // 5 + 10
    predicate = tuple(str(v) for v in range(low, high))
    scenario = DPScenario("group", "age", predicate)
    config = DPConfig(data=DataSource("synthetic"), scenarios=(scenario,), epsilons=epsilons)
    print(f"table: {args.rows:,} rows, useful 'age' with {table['age'].cardinality} values, "
          f"sensitive 'group' with {table['group'].cardinality} values; {len(epsilons)} epsilons "
          f"from {epsilons[0]} to {epsilons[-1]}; predicate age in [{low}, {high - 1}]")

    run_dp_analysis(DPConfig(data=config.data, scenarios=config.scenarios, epsilons=(1.0,)), table)  # warm-up
    start = time.perf_counter()
    assessment = run_dp_analysis(config, table)
    total = time.perf_counter() - start
    per_mechanism = {}
    for mechanism in ("oblivious", "local"):
        single = DPConfig(data=config.data, scenarios=config.scenarios, epsilons=epsilons, mechanisms=(mechanism,))
        start = time.perf_counter()
        run_dp_analysis(single, table)
        per_mechanism[mechanism] = time.perf_counter() - start
    print(f"engine: whole analysis (both mechanisms, {len(assessment.dp)} points) {total:.3f} s; "
          f"oblivious alone {per_mechanism['oblivious']:.3f} s, local alone {per_mechanism['local']:.3f} s")
    for mechanism in ("oblivious", "local"):
        points = [p for p in assessment.dp if p.mechanism == mechanism]
        print(f"  {mechanism:9s} privacy loss {points[0].privacy_loss:.4f} -> {points[-1].privacy_loss:.4f}, "
              f"utility {points[0].utility:.4f} -> {points[-1].utility:.4f}")

    inputs = prepare_counting(table, scenario)
    useful_positions = np.repeat(np.arange(len(inputs.value_sizes)), inputs.value_sizes)
    baseline_eps = epsilons[:args.baseline_epsilons] if args.baseline_epsilons else epsilons
    engine_time = baseline_time = 0.0
    worst = 0.0
    for eps in baseline_eps:
        alpha = geometric_alpha(eps)
        start = time.perf_counter()
        grouped = local_count_distribution(inputs.value_sizes, inputs.inside, alpha)
        engine_time += time.perf_counter() - start
        inside_p = local_inside_probabilities(inputs.inside, alpha)
        start = time.perf_counter()
        direct = record_by_record(useful_positions, inside_p)
        baseline_time += time.perf_counter() - start
        worst = max(worst, float(np.abs(grouped - direct).max()))
    scale = len(epsilons) / len(baseline_eps)
    print(f"local count distribution, {len(baseline_eps)} epsilon(s): engine (grouped by value) {engine_time:.4f} s, "
          f"baseline (one convolution per record) {baseline_time:.3f} s"
          + (f" (x{scale:g} for all epsilons: {baseline_time * scale:.1f} s)" if scale != 1 else "")
          + f"; ratio {baseline_time / engine_time:.0f}x; largest difference {worst:.1e}")

    example = ThresholdConfig.desfontaines_example()
    start = time.perf_counter()
    points = threshold_points(example)
    print(f"thresholded count (1000 voters, T=100, k=100, {len(points)} epsilons): "
          f"{time.perf_counter() - start:.4f} s; delta active {points[0].delta_active:.3f}, "
          f"passive {points[0].delta_passive:.2e}")


if __name__ == "__main__":
    main()
