"""``riskreview synth REAL --synthetic SYN [--control CONTROL] ...``: attacks on a synthetic
file, written as results.json, synthetic_attacks.csv, synthetic_roc.csv and analysis.toml
(plus synthetic_at_risk.csv with --show-targets; :mod:`engine.report.synthetic_tables`), and
optionally a PDF report; run by :func:`engine.commands.runner.run` (exit codes as for ``assess``).
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path
from typing import Any, Optional

from .cli_options import add_read_options, read_source
from ..api import ReportOptions
from ..api import InputError
from ..api import CancelToken, ProgressCallback
from ..api import StagedFiles
from ..api import write_synthetic_results
from ..api import add_flag, flags
from ..api import SYNTHETIC_TOML_KEYS as TOML_KEYS, Criterion, SyntheticConfig, default_attacks
from ..api import SyntheticAssessment
from ..api import synthetic_verdict
from ..api import check_cli
from . import runner


def add_parser(commands) -> None:
    """Add the ``synth`` subcommand to an argparse subparsers object."""

    synth = commands.add_parser("synth", help="attack a synthetic file made from a real one")
    synth.add_argument("real", nargs="?", help="the real data file D(r) the synthetic file was made from")
    synth.add_argument("--synthetic", metavar="FILE", help="the synthetic file D(s)")
    add_flag(synth, SyntheticConfig, "control")
    synth.add_argument("--config", help="analysis file (.toml); command-line options override it")
    for path in ("qids", "sensitive", "attacks", "distance", "radius", "criterion", "targets", "seed", "jobs",
                 "generator", "shadow_datasets", "show_targets"):
        add_flag(synth, SyntheticConfig, path)
    add_read_options(synth)
    synth.add_argument("--out", help="output folder for results.json, the CSV tables and analysis.toml")
    synth.add_argument("--pdf", metavar="FILE", help="write the PDF report to FILE")
    add_flag(synth, SyntheticConfig, "report.author", help="who ran the analysis (shown on the report)")
    synth.add_argument("--save-config", metavar="FILE", help="write the analysis file and exit")
    synth.add_argument("--quiet", action="store_true", help="no progress bar")


FLAGS = flags(SyntheticConfig)
"""The option that sets each config field validated by :meth:`SyntheticConfig.validate` (declared
with the field, :mod:`engine.analysis.options`)."""


def config_from_args(args: argparse.Namespace) -> tuple[SyntheticConfig, list[str]]:
    """The config from ``--config`` (if any) overridden by the other options, and warnings
    about attacks left out of the default list."""
    base = SyntheticConfig.from_toml(args.config, check=False) if args.config else None
    real = read_source(args.real, args, base.real if base else None)
    synthetic = read_source(args.synthetic, args, base.synthetic if base else None)
    if real is None:
        raise InputError("no real data file: give REAL or --config FILE.toml")
    if synthetic is None:
        raise InputError("no synthetic file: give --synthetic FILE")
    control = read_source(args.control, args, base.control if base else None)
    qids = tuple(args.qid) if args.qid else (base.qids if base else ())
    sensitive = args.sensitive or (base.sensitive if base else None)
    warnings: list[str] = []
    if args.attacks:
        attacks = tuple(dict.fromkeys(args.attacks))
    elif base is not None:
        attacks = base.attacks
    else:
        attacks, warnings = default_attacks(control is not None, sensitive is not None)
    report = base.report if base else ReportOptions()
    if args.author is not None:
        report = replace(report, author=args.author)

    def pick(name: str, default: Any) -> Any:
        value = getattr(args, name)
        return value if value is not None else (getattr(base, name) if base else default)

    config = SyntheticConfig(
        real=real, synthetic=synthetic, control=control, qids=qids, sensitive=sensitive, attacks=attacks,
        distance=pick("distance", "mixed"), radius=pick("radius", None),
        criterion=Criterion.parse(args.criterion) if args.criterion else (base.criterion if base else Criterion()),
        targets=pick("targets", 500), seed=pick("seed", 0), jobs=pick("jobs", 1),
        generator=pick("generator", "marginals"), shadow_datasets=pick("shadow_datasets", 40),
        show_targets=args.show_targets or (base.show_targets if base else False), report=report)
    check_cli(config, FLAGS, args, TOML_KEYS)
    return config, warnings


class SynthRun:
    """A synthetic-data assessment as :func:`engine.commands.runner.run` runs it: the results
    folder with ``--out``, the PDF report with ``--pdf``; ``notes`` are warnings about the
    attacks left out of the default list."""

    def __init__(self, config: SyntheticConfig, notes: list[str], args: argparse.Namespace) -> None:
        self.config = config
        self.notes = tuple(notes)
        self.out = Path(args.out) if args.out else None
        self.pdf = Path(args.pdf) if args.pdf else None

    def run(self, on_progress: Optional[ProgressCallback], cancel: Optional[CancelToken]) -> SyntheticAssessment:
        from ..api import run_synthetic_assessment  # here: the attacks load scipy, not every command

        assessment = run_synthetic_assessment(self.config, on_progress=on_progress, cancel=cancel)
        return replace(assessment, warnings=self.notes + assessment.warnings)

    def warnings(self, assessment: SyntheticAssessment) -> tuple[str, ...]:
        return assessment.warnings

    def write(self, assessment: SyntheticAssessment, files: StagedFiles, cancel: Optional[CancelToken]) -> list[Path]:
        paths: list[Path] = []
        if self.out:
            paths += write_synthetic_results(assessment, self.out, cancel=cancel, files=files)
        if self.pdf:
            from ..api import write_synthetic_pdf

            paths.append(write_synthetic_pdf(assessment, self.pdf, cancel=cancel, files=files))
        return paths

    def summary(self, assessment: SyntheticAssessment, paths: list[Path]) -> list[str]:
        real = assessment.datasets["real"]
        lines = [f"{real.name}: {real.rows:,} records against {assessment.datasets['synthetic'].rows:,} synthetic "
                 f"in {sum(assessment.timings.values()):.1f}s"]
        for a in assessment.attacks:
            risk = "n/a" if a.residual_risk is None else (f"{a.residual_risk:.3f} [{a.ci_low:.3f}, {a.ci_high:.3f}]")
            extra = f"AUC {a.auc:.3f}" if a.auc is not None else f"baseline {a.baseline:.3f}"
            lines.append(f"{a.attack:18s} accuracy {a.accuracy:.3f}  {extra}  residual risk {risk}")
        verdict = synthetic_verdict(assessment)
        lines.append(f"verdict: {verdict.headline}")
        lines += [f"  {reason}" for reason in verdict.reasons]
        return lines + [runner.wrote_line(paths)]


def run_synth(args: argparse.Namespace, cancel: Optional[CancelToken] = None) -> int:
    """Run ``riskreview synth``; raises InputError/EngineFailure/Cancelled for the caller to map."""
    config, notes = config_from_args(args)
    return runner.run(SynthRun(config, notes, args), args, cancel)
