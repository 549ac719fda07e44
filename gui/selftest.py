"""``riskreview --self-test``: prove on this machine (from source or frozen) that the package's
files match its checksum list (frozen only; ``riskreview-SHA256SUMS`` next to the package), the window
starts, the bundled example loads, numba compiles a function, the sweep's kernels are compiled into numba's cache (a
temporary folder, not the user's) and a new process loads them from it, a sweep runs with two jobs, the compiled
sweep of a large table gives the same counts on two threads and on one, a PDF and CSV report
are written and read back, a weighted sample file (individual and household risk, special uniques on
worker processes) is assessed, and the synthetic-data attacks (with shadow models on worker
processes) and the differential-privacy analysis run and write their reports; Parquet and
Feather files are written and read back (the package holds only part of pyarrow). One line per step; exit 0, or 1 naming the failed step.
Network access is blocked for the whole test: any attempt to open a connection fails it."""

from __future__ import annotations

import json
import os
import socket
import sys
import tempfile
import time
from math import comb
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, TextIO

from engine.api import lacks_display


class StepFailed(Exception):
    pass


@contextmanager
def no_network() -> Iterator[None]:
    """Make every new internet socket fail (local Unix sockets, used by worker processes, stay)."""
    real = socket.socket

    class Refused(real):
        def __init__(self, family=socket.AF_INET, *args, **kwargs):
            if family in (socket.AF_INET, socket.AF_INET6):
                raise StepFailed("the program tried to open a network connection")
            super().__init__(family, *args, **kwargs)

    socket.socket = Refused
    try:
        yield
    finally:
        socket.socket = real


def _wait(app, done: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise StepFailed(f"{what} did not finish within {seconds:.0f} s")
        app.processEvents()
        time.sleep(0.02)


def run_self_test(out: TextIO = sys.stdout) -> int:
    # no X or Wayland display (a server, CI): Qt's offscreen platform; Windows and macOS always
    # have their own (windows, cocoa), which the window step then uses
    if lacks_display():
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    step = "start"
    try:
        step = "checksums"
        if getattr(sys, "frozen", False):
            from .package_integrity import verify_frozen_package

            print(f"ok checksums: {verify_frozen_package()}", file=out)
        else:
            print("skip checksums: running from source, not from a package", file=out)
        with no_network(), tempfile.TemporaryDirectory(prefix="riskreview-selftest-") as folder:
            from engine.api import CACHE_DIR_VARIABLE

            # compiled kernels go to this temporary folder, not the user's cache (before any import
            # of the kernels; worker processes inherit it)
            os.environ[CACHE_DIR_VARIABLE] = str(Path(folder) / "cache")
            step = "window"
            from PySide6.QtCore import QSettings
            from PySide6.QtWidgets import QApplication

            from engine import __version__

            from .app import build_window, prepare_application

            app = QApplication.instance() or QApplication([sys.argv[0]])
            prepare_application(app)
            settings = QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat)
            window = build_window(settings=settings)
            window.resize(1280, 800)
            window.show()
            app.processEvents()
            shot = Path(folder) / "window.png"
            if not window.grab().save(str(shot)) or shot.stat().st_size < 1000:
                raise StepFailed("the window could not be drawn")
            errors: list[str] = []
            window.flow.error = lambda title, message, details="": errors.append(f"{title}: {message}")
            print(f"ok window: RiskReview {__version__} on Qt platform '{app.platformName()}'", file=out)

            step = "load"
            window.open_example(run_now=False)
            session = window.flow.session
            _wait(app, lambda: session.table is not None or errors, 120, "loading the example")
            if errors:
                raise StepFailed(errors[0])
            print(f"ok load: {session.source.path and Path(session.source.path).name}, "
                  f"{session.table.n_rows:,} rows", file=out)

            step = "formats"
            import pyarrow as pa
            import pyarrow.feather as feather
            import pyarrow.parquet as parquet

            from engine.api import DataSource
            from engine.api import load_table

            arrow = pa.table({"a": list(range(50)), "b": list(range(1, 51))})
            parquet.write_table(arrow, Path(folder) / "t.parquet")
            feather.write_feather(arrow, Path(folder) / "t.feather")
            for name in ("t.parquet", "t.feather"):
                back = load_table(DataSource(str(Path(folder) / name)), ["a", "b"])
                if back.n_rows != 50:
                    raise StepFailed(f"{name} read back {back.n_rows} rows instead of 50")
            print("ok formats: Parquet and Feather written and read back", file=out)

            step = "numba"
            import numpy as np
            from numba import njit

            started = time.monotonic()
            weighted = njit(cache=False)(lambda codes, weights: (codes * weights).sum())
            if weighted(np.arange(5, dtype=np.int64), np.full(5, 2, dtype=np.int64)) != 20:
                raise StepFailed("a compiled function gave a wrong sum")
            print(f"ok numba: a function compiled (LLVM) and ran in {time.monotonic() - started:.1f} s "
                  "(large sweeps use compiled kernels)", file=out)

            step = "kernels"
            _kernels_step(out)

            step = "sweep"
            from engine.api import SubsetFamily

            session.family = SubsetFamily("max-size", max_size=2)
            session.jobs = 2
            started = time.monotonic()
            if not window.flow.run():
                raise StepFailed(errors[0] if errors else "the run did not start")
            _wait(app, lambda: session.result is not None or errors, 300, "the sweep")
            if errors:
                raise StepFailed(errors[0])
            assessment = session.result.assessment
            k = len(assessment.config.roles.quasi_identifiers)
            expected = comb(k, 1) + comb(k, 2)
            if len(assessment.reidentification) != expected:
                raise StepFailed(f"{len(assessment.reidentification)} subsets instead of {expected}")
            from engine.api import run_assessment

            check = run_assessment(assessment.config.with_jobs(1), table=session.table)
            if check.reidentification != assessment.reidentification:
                raise StepFailed("two jobs and one job disagree")
            print(f"ok sweep: {expected} subsets with 2 jobs in "
                  f"{time.monotonic() - started:.1f} s, equal to one job", file=out)

            step = "compiled sweep"
            _compiled_sweep_step(Path(folder), out)

            step = "report"
            from engine.api import write_pdf
            from engine.api import write_results

            pdf = write_pdf(assessment, Path(folder) / "report.pdf")
            data = pdf.read_bytes()
            if not data.startswith(b"%PDF") or b"%%EOF" not in data[-1024:] or len(data) < 20_000:
                raise StepFailed("the PDF report is incomplete")
            files = write_results(assessment, Path(folder) / "tables")
            results = json.loads((Path(folder) / "tables" / "results.json").read_text(encoding="utf-8"))
            if len(results["reidentification"]) != expected or results["dataset"]["rows"] != session.table.n_rows:
                raise StepFailed("results.json does not match the run")
            header = (Path(folder) / "tables" / "reidentification.csv").read_text(encoding="utf-8").splitlines()[0]
            if not header.startswith("qids,size,rows,blocks,singletons"):
                raise StepFailed("reidentification.csv has an unexpected header")
            print(f"ok report: PDF {len(data) // 1024} KB, {len(files)} result files", file=out)

            step = "sample"
            _sample_step(session.source.path, Path(folder), out)

            step = "synthetic"
            from engine.api import write_synthetic_pdf
            from engine.api import run_synthetic_assessment
            from engine.api import SyntheticConfig

            from .resources import example_data

            examples = example_data().parent
            synth = run_synthetic_assessment(SyntheticConfig(
                real=DataSource(str(examples / "synthetic_real.csv")),
                synthetic=DataSource(str(examples / "synthetic_release.csv")),
                control=DataSource(str(examples / "synthetic_control.csv")),
                qids=("birth_year", "sex", "race", "school_type"), sensitive="bolsa_familia",
                attacks=("closest-mia", "closest-aia", "cap", "groundhog"), targets=100, shadow_datasets=4,
                jobs=2))
            if [a.attack for a in synth.attacks] != ["closest-mia", "closest-aia", "cap", "groundhog"]:
                raise StepFailed("the synthetic-data attacks are incomplete")
            synth_pdf = write_synthetic_pdf(synth, Path(folder) / "synthetic.pdf").read_bytes()
            if not synth_pdf.startswith(b"%PDF") or len(synth_pdf) < 20_000:
                raise StepFailed("the synthetic-data report is incomplete")
            print(f"ok synthetic: {len(synth.attacks)} attacks (shadow models on 2 processes), "
                  f"PDF {len(synth_pdf) // 1024} KB", file=out)

            step = "dp"
            from engine.api import run_dp_analysis
            from engine.api import DPConfig, DPScenario, ThresholdConfig
            from engine.api import write_dp_pdf

            dp = run_dp_analysis(DPConfig(
                data=DataSource(str(examples / "example25.csv")),
                scenarios=(DPScenario("income", "income", ("medium",)),), epsilons=(0.405465108108164,),
                threshold=ThresholdConfig.desfontaines_example()))
            losses = sorted(round(p.privacy_loss, 4) for p in dp.dp)
            if losses != [1.0, 1.0]:
                raise StepFailed(f"Example 25 privacy loss at eps = ln 1.5 is {losses}, not 1 and 1")
            dp_pdf = write_dp_pdf(dp, Path(folder) / "dp.pdf").read_bytes()
            if not dp_pdf.startswith(b"%PDF") or len(dp_pdf) < 20_000:
                raise StepFailed("the differential-privacy report is incomplete")
            print(f"ok dp: Example 25 and the thresholded count, PDF {len(dp_pdf) // 1024} KB", file=out)

            step = "close"
            window.session.undo_stack.setClean()   # the bundled example, edited here: nothing to save
            window.close()
            app.processEvents()
            print("ok offline: no network connection was attempted", file=out)
        print("self-test passed", file=out)
        return 0
    except Exception as exc:  # every failure is reported as the step that failed
        print(f"FAIL {step}: {exc}", file=out)
        return 1


def _kernels_step(out: TextIO) -> None:
    """The sweep's compiled kernels: compiled into numba's cache (here the self-test's temporary
    folder) unless already there, then a new process loads every one of them without compiling."""
    from engine.api import check_kernels

    check = check_kernels()
    if check is None:
        print("skip kernels: numba's cache is off (RISKREVIEW_NUMBA_CACHE=0 or no writable cache folder)", file=out)
        return
    print(f"ok kernels: {'compiled into the cache' if check.compiled else 'found in the cache'} in "
          f"{check.seconds:.1f} s, loaded by a new process in {check.load_seconds:.1f} s", file=out)


def _compiled_sweep_step(folder: Path, out: TextIO) -> None:
    """The compiled segment sweep, the path of every large table, on two threads and on one (the
    kernels loaded from the cache the kernels step filled): the same counts."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.parquet as parquet

    from engine.api import AnalysisConfig, DataSource, Roles, SubsetFamily, run_assessment, sweep_plan

    rows, cards = 80_000, (31, 12, 20, 2, 6, 3, 60, 60, 400, 9, 7)
    qids = tuple(f"q{i}" for i in range(len(cards)))
    rng = np.random.default_rng(7)
    table = {name: rng.integers(0, card, rows) for name, card in zip(qids, cards)}
    parquet.write_table(pa.table({**table, "s": rng.integers(0, 2, rows)}), folder / "large.parquet")
    config = AnalysisConfig(data=DataSource(str(folder / "large.parquet")), roles=Roles(qids, ("s",)),
                            subsets=SubsetFamily("all"), jobs=2)
    subsets = 2 ** len(qids) - 1
    plan = sweep_plan(rows, subsets, 2)
    if not plan.compiled:
        raise StepFailed(f"{rows:,} rows x {subsets:,} subsets would not take the compiled sweep")
    started = time.monotonic()
    two = run_assessment(config)
    one = run_assessment(config.with_jobs(1))
    if (two.reidentification, two.inference) != (one.reidentification, one.inference):
        raise StepFailed("the compiled sweep on two threads and on one disagree")
    how = f"on {plan.workers} threads and on one" if plan.workers > 1 else "on one thread (one CPU), twice"
    print(f"ok compiled sweep: {subsets:,} subsets of {rows:,} rows {how} in "
          f"{time.monotonic() - started:.1f} s, the same counts", file=out)


def _sample_step(example: str, folder: Path, out: TextIO) -> None:
    """A weighted run on a 1-in-10 sample of the example with households of three: individual
    and household risk, population uniqueness, SUDA on 2 worker processes equal to 1 process,
    and individual_risk.csv / suda.csv read back against results.json."""
    import csv

    from engine.api import run_assessment
    from engine.api import AnalysisConfig, DataSource, Roles, SubsetFamily
    from engine.api import write_results
    from engine.api import SampleOptions

    survey = folder / "survey.csv"
    with open(example, newline="", encoding="utf-8") as source, open(survey, "w", newline="", encoding="utf-8") as sink:
        reader, writer = csv.reader(source), csv.writer(sink)
        writer.writerow(next(reader) + ["weight", "household"])
        for number, row in enumerate(reader):
            if number % 10 == 0:
                writer.writerow(row + [str(5 + number % 11), str(number // 30)])
    config = AnalysisConfig(data=DataSource(str(survey)),
                            roles=Roles(("birth_year", "sex", "race", "municipality_residence", "school_type"),
                                        weight="weight", household="household"),
                            subsets=SubsetFamily("max-size", max_size=2), jobs=2,
                            sample=SampleOptions(suda=True, suda_max_size=3))
    started = time.monotonic()
    assessment = run_assessment(config)
    sample, alone = assessment.sample_risk, run_assessment(config.with_jobs(1)).sample_risk
    if sample is None or sample.suda != alone.suda or (sample.suda_records.score != alone.suda_records.score).any():
        raise StepFailed("special uniques on worker processes and on one process disagree")
    files = write_results(assessment, folder / "sample")
    with open(folder / "sample" / "individual_risk.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    results = json.loads((folder / "sample" / "results.json").read_text(encoding="utf-8"))["sample_risk"]
    expected = results["individual"]["expected_reidentifications"]
    if len(rows) != sample.rows or abs(sum(float(r["risk"]) for r in rows) - expected) > 1e-6 * max(1.0, expected):
        raise StepFailed("individual_risk.csv does not match results.json")
    if not all(float(r["risk"]) <= float(r["household_risk"]) <= 1 for r in rows):
        raise StepFailed("a household risk is below its member's risk")
    print(f"ok sample: {sample.rows:,} weighted records, {expected:.1f} expected re-identifications, "
          f"{sample.suda.special_uniques:,} special uniques on 2 processes in {time.monotonic() - started:.1f} s, "
          f"{len(files)} result files", file=out)
