"""The ``riskreview dp`` and ``riskreview dp-threshold`` commands.

``dp DATA --sensitive COL --useful COL --predicate VALUE [...] --epsilon E [...]``: privacy
loss and utility of a noisy counting query (oblivious and/or local mechanism).
``dp-threshold --voters N --threshold T --known K --p P --epsilon E [...]``: (eps, delta) of a
thresholded count for passive and active attackers. Both write results.json,
dp_counting.csv, dp_threshold.csv and analysis.toml into ``--out`` (all or none), and the
PDF section with ``--pdf`` (:mod:`engine.report.dp_tables`, :mod:`engine.report.dp_pdf`), run
by :func:`engine.commands.runner.run`.
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
from ..api import write_dp_results
from ..api import MECHANISMS, DPConfig, DPScenario, ThresholdConfig, log_spaced_epsilons
from ..api import DPAssessment
from ..api import add_flag, flags
from ..api import check_cli, named_for_cli
from . import runner


def add_parsers(commands: Any) -> None:
    """Add the ``dp`` and ``dp-threshold`` subparsers to :func:`engine.commands.cli.build_parser`'s
    subparsers object (whose parser class prints one ``error:`` line and exits 2)."""

    dp = commands.add_parser("dp", help="privacy loss and utility of a noisy counting query (differential privacy)")
    dp.add_argument("data", nargs="?", help="data file (CSV/TSV, Parquet, xlsx, sav, dta, sas7bdat, ...)")
    dp.add_argument("--config", help="analysis file (.toml); command-line options override it")
    dp.add_argument("--sensitive", metavar="COL", help="the attribute the attacker wants to learn")
    dp.add_argument("--useful", metavar="COL", help="the attribute the released count is about")
    dp.add_argument("--predicate", action="append", metavar="VALUE",
                    help="a value of the useful attribute that is counted (repeatable; '' is the missing value)")
    dp.add_argument("--useful-order", metavar="V1,V2,...",
                    help="order of the useful attribute's values for the local mechanism "
                         "(default: numeric order, else order of first appearance; the missing value goes last)")
    add_flag(dp, DPConfig, "epsilons", help="epsilon(s) to evaluate (default: 20 log-spaced values from 0.05 to 5)")
    dp.add_argument("--mechanism", choices=("oblivious", "local", "both"),
                    help="the noise mechanism: oblivious (central), local, or both (default)")
    add_read_options(dp)
    _add_output_options(dp)

    threshold = commands.add_parser("dp-threshold",
                                    help="(eps, delta) of a thresholded count: passive vs active attackers")
    threshold.add_argument("--config", help="analysis file (.toml) with a [threshold] table")
    threshold.add_argument("--example", action="store_true",
                           help="start from Desfontaines' example: 1000 voters, threshold 100, 100 known, p = 0.001")
    for name in ("voters", "threshold", "known", "p"):
        add_flag(threshold, DPConfig, f"threshold.{name}")
    add_flag(threshold, DPConfig, "threshold.epsilons",
             help="epsilon(s) of the (eps, delta) guarantee (default: 20 log-spaced from 0.05 to 5)")
    _add_output_options(threshold)


def _add_output_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", metavar="DIR",
                        help="output folder for results.json, dp_counting.csv, dp_threshold.csv and analysis.toml")
    parser.add_argument("--pdf", metavar="FILE", help="write the PDF report to FILE")
    parser.add_argument("--author", help="who ran the analysis (shown on the report's cover)")
    parser.add_argument("--save-config", metavar="FILE", help="write the analysis file and exit")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


# --- configs from options -------------------------------------------------------------------

def _report(args: argparse.Namespace, base: Optional[DPConfig]) -> ReportOptions:
    report = base.report if base else ReportOptions()
    if args.author is not None:
        report = replace(report, author=args.author)
    return report


def _order(text: str) -> tuple[str, ...]:
    return tuple(piece.strip() for piece in text.split(","))


FLAGS = flags(DPConfig, {f"scenarios[1].{name}": "--" + name.replace("_", "-")
                         for name in ("sensitive", "useful", "predicate", "useful_order")})
"""The option that sets each config field validated by :meth:`DPConfig.validate` (declared with
the field, :mod:`engine.analysis.options`; a scenario's own fields by their flags)."""


def dp_config_from_args(args: argparse.Namespace) -> DPConfig:
    """The counting-query config from ``--config`` (if any) overridden by the other options."""
    base = DPConfig.from_toml(args.config, check=False) if args.config else None
    scenarios = base.scenarios if base else ()
    given = {"--sensitive": args.sensitive, "--useful": args.useful, "--predicate": args.predicate}
    if any(v for v in given.values()) or args.useful_order:
        for option, value in given.items():
            if not value:
                raise InputError(f"{option} is missing: a counting scenario needs --sensitive COL, --useful COL "
                                 f"and --predicate VALUE")
        scenarios = (DPScenario(sensitive=args.sensitive, useful=args.useful, predicate=tuple(args.predicate),
                                useful_order=_order(args.useful_order) if args.useful_order else ()),)
    if not scenarios:
        raise InputError("no counting scenario: give --sensitive COL, --useful COL and --predicate VALUE "
                         "(or --config FILE.toml)")
    epsilons = tuple(args.epsilon) if args.epsilon else (base.epsilons if base and base.epsilons
                                                         else log_spaced_epsilons())
    if args.mechanism:
        mechanisms = MECHANISMS if args.mechanism == "both" else (args.mechanism,)
    else:
        mechanisms = base.mechanisms if base else MECHANISMS
    base_data = base.data if base else None
    source = read_source(args.data or (base_data.path if base_data else None), args, base_data)
    if source is None:
        raise InputError("no data file: give DATA or --config FILE.toml")
    config = DPConfig(data=source, scenarios=scenarios, epsilons=epsilons,
                      mechanisms=mechanisms, threshold=base.threshold if base else None,
                      report=_report(args, base))
    check_cli(config, FLAGS, args)
    return config


def threshold_config_from_args(args: argparse.Namespace) -> DPConfig:
    """The thresholded-count config from ``--example``/``--config`` overridden by the other options."""
    base = DPConfig.from_toml(args.config, check=False) if args.config else None
    start = ThresholdConfig.desfontaines_example() if args.example else (base.threshold if base else None)
    values: dict[str, Any] = {}
    for name in ("voters", "threshold", "known", "p"):
        value = getattr(args, name)
        if value is None and start is not None:
            value = getattr(start, name)
        if value is None:
            raise InputError(f"--{name} is missing: give --voters N --threshold T --known K --p P "
                             f"(or --example, or --config FILE.toml with a [threshold] table)")
        values[name] = value
    if args.epsilon:
        epsilons = tuple(args.epsilon)
    else:
        epsilons = start.epsilons if start is not None and start.epsilons else log_spaced_epsilons()
    config = DPConfig(threshold=ThresholdConfig(epsilons=epsilons, **values), report=_report(args, base))
    check_cli(config, FLAGS, args)
    return config


# --- running --------------------------------------------------------------------------------

class DPRun:
    """A differential-privacy analysis as :func:`engine.commands.runner.run` runs it: the
    results folder with ``--out``, the PDF section with ``--pdf``."""

    def __init__(self, config: DPConfig, args: argparse.Namespace) -> None:
        self.config = config
        self.args = args
        self.out = Path(args.out) if args.out else None
        self.pdf = Path(args.pdf) if args.pdf else None

    def run(self, on_progress: Optional[ProgressCallback], cancel: Optional[CancelToken]) -> DPAssessment:
        from ..api import run_dp_analysis  # here: the mechanisms load scipy, not every command

        with named_for_cli(FLAGS, self.args):
            return run_dp_analysis(self.config, on_progress=on_progress, cancel=cancel)

    def warnings(self, assessment: DPAssessment) -> tuple[str, ...]:
        return assessment.warnings

    def write(self, assessment: DPAssessment, files: StagedFiles, cancel: Optional[CancelToken]) -> list[Path]:
        paths: list[Path] = []
        if self.out:
            paths += write_dp_results(assessment, self.out, cancel=cancel, files=files)
        if self.pdf:
            from ..api import write_dp_pdf

            written = write_dp_pdf(assessment, self.pdf, cancel=cancel, files=files)
            paths.append(Path(written) if written is not None else self.pdf)
        return paths

    def summary(self, assessment: DPAssessment, paths: list[Path]) -> list[str]:
        return summary_lines(assessment) + [runner.wrote_line(paths)]


def run_dp(args: argparse.Namespace, cancel: Optional[CancelToken] = None) -> int:
    """``riskreview dp``: returns the exit code (0); bad input raises InputError."""
    return runner.run(DPRun(dp_config_from_args(args), args), args, cancel)


def run_threshold(args: argparse.Namespace, cancel: Optional[CancelToken] = None) -> int:
    """``riskreview dp-threshold``: returns the exit code (0); bad input raises InputError."""
    return runner.run(DPRun(threshold_config_from_args(args), args), args, cancel)


def summary_lines(assessment: DPAssessment) -> list[str]:
    """Privacy loss and utility at the smallest and largest epsilon per scenario and mechanism;
    the thresholded count's deltas at the smallest and largest epsilon."""
    lines = []
    if assessment.dataset is not None:
        lines.append(f"{assessment.dataset.name}: {assessment.dataset.rows:,} records")
    groups: dict[tuple[str, str], list] = {}
    for point in assessment.dp:
        groups.setdefault((point.scenario, point.mechanism), []).append(point)
    for (scenario, mechanism), points in groups.items():
        low = min(points, key=lambda p: p.epsilon)
        high = max(points, key=lambda p: p.epsilon)
        lines.append(f"{scenario} [{mechanism}]: privacy loss {low.privacy_loss:.4f} / utility {low.utility:.4f} "
                     f"at eps={low.epsilon:g}; {high.privacy_loss:.4f} / {high.utility:.4f} at eps={high.epsilon:g}")
    if assessment.threshold:
        t = assessment.config.threshold
        lines.append(f"thresholded count ({t.voters:,} voters, threshold {t.threshold}, {t.known} known, p={t.p:g}):")
        points = sorted(assessment.threshold, key=lambda p: p.epsilon)
        for point in (points[0], points[-1]) if len(points) > 1 else points:
            lines.append(f"  eps={point.epsilon:g}: delta active {point.delta_active:.4g} "
                         f"(worst: {point.worst_known_yes} known yes-votes), passive {point.delta_passive:.4g}")
    return lines
