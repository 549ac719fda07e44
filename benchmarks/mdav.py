"""Benchmark of MDAV microaggregation (k = 3, 3 columns): RiskReview's compiled MDAV against the
plain numpy MDAV of the same definition, and against sdcMicro's ``microaggregation(method =
"mdav")`` through Rscript where R and sdcMicro are installed. Prints the median wall time of
the runs per size in seconds (with the CPU time of ours, the steadier figure on a shared
machine), the ratio baseline / ours (the baseline is sdcMicro where it ran,
else the plain numpy MDAV), the 1-minute load average after the size (the machine may be
shared), and whether the outputs agree. The baselines grow as n^2 or faster and are skipped
above ``--baseline-max`` records.

    python benchmarks/mdav.py --sizes 20000 50000 100000 --repeat 3
    python benchmarks/mdav.py --sizes 1000000 --repeat 1
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.perturb.mdav import mdav  # noqa: E402
from engine.perturb.mdav_plain import mdav_plain  # noqa: E402

R_SCRIPT = """
suppressMessages(library(sdcMicro))
x <- read.csv(commandArgs(TRUE)[1])
t <- system.time(m <- microaggregation(x, variables = colnames(x), aggr = 3, method = "mdav")$mx)[["elapsed"]]
write.csv(format(m, digits = 17, trim = TRUE), commandArgs(TRUE)[2], row.names = FALSE, quote = FALSE)
cat(t, "\\n")
"""


def make_data(n: int, seed: int) -> np.ndarray:
    """Income-like columns: lognormal, one rounded to whole thousands (ties), 2 % missing."""
    rng = np.random.default_rng(seed)
    x = rng.lognormal(10, 1, (n, 3))
    x[:, 2] = np.round(x[:, 2] / 1000)
    x[rng.random(x.shape) < 0.02] = np.nan
    return x


def _have_sdcmicro() -> bool:
    if shutil.which("Rscript") is None:
        return False
    probe = subprocess.run(["Rscript", "-e", "quit(status = !requireNamespace('sdcMicro', quietly = TRUE))"],
                           capture_output=True)
    return probe.returncode == 0


def run_sdcmicro(x: np.ndarray, folder: Path) -> tuple[float, np.ndarray]:
    src = folder / "in.csv"
    dst = folder / "out.csv"
    script = folder / "mdav.R"
    script.write_text(R_SCRIPT)
    np.savetxt(src, x, delimiter=",", header="a,b,c", comments="", fmt="%.17g")
    done = subprocess.run(["Rscript", str(script), str(src), str(dst)], capture_output=True, text=True, check=True)
    values = np.genfromtxt(dst, delimiter=",", skip_header=1, missing_values="NA", filling_values=np.nan)
    return float(done.stdout.split()[-1]), values


def _load() -> str:
    """The 1-minute load average where the system reports it."""
    return f"{os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[20_000, 50_000, 100_000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-plain", action="store_true", help="skip the plain numpy MDAV")
    parser.add_argument("--no-r", action="store_true", help="skip sdcMicro")
    parser.add_argument("--baseline-max", type=int, default=100_000,
                        help="largest size at which sdcMicro and the plain numpy MDAV run")
    args = parser.parse_args()
    mdav(make_data(100, 0), 3)
    with_r = not args.no_r and _have_sdcmicro()
    print(f"{'records':>9} {'RiskReview s':>12} {'CPU s':>6} {'plain numpy s':>14} {'sdcMicro s':>11}"
          f" {'ratio':>7} {'load':>5}  same output")
    for n in args.sizes:
        x = make_data(n, n)
        fast, cpu, plain, r_times = [], [], [], []
        same = []
        for _ in range(args.repeat):
            t = time.perf_counter()
            c = time.process_time()
            ours = mdav(x, 3).values
            fast.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
            if not args.no_plain and n <= args.baseline_max:
                t = time.perf_counter()
                ref = mdav_plain(x, 3)[0]
                plain.append(time.perf_counter() - t)
                same.append(np.array_equal(ours, ref, equal_nan=True))
            if with_r and n <= args.baseline_max:
                with tempfile.TemporaryDirectory() as folder:
                    seconds, theirs = run_sdcmicro(x, Path(folder))
                r_times.append(seconds)
                same.append(np.array_equal(ours, theirs, equal_nan=True))

        def med(v: list[float]) -> str:
            return f"{statistics.median(v):.2f}" if v else "-"
        base = r_times or plain
        ratio = f"{statistics.median(base) / statistics.median(fast):.1f}" if base else "-"
        print(f"{n:>9} {med(fast):>12} {med(cpu):>6} {med(plain):>14} {med(r_times):>11} {ratio:>7} {_load():>5}"
              f"  {all(same) if same else '-'}", flush=True)


if __name__ == "__main__":
    main()
