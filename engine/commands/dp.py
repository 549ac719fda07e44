"""The ``riskreview dp`` and ``riskreview dp-threshold`` commands and their output files.

``dp DATA --sensitive COL --useful COL --predicate VALUE [...] --epsilon E [...]``: privacy
loss and utility of a noisy counting query (oblivious and/or local mechanism).
``dp-threshold --voters N --threshold T --known K --p P --epsilon E [...]``: (eps, delta) of a
thresholded count for passive and active attackers. Both write results.json,
dp_counting.csv, dp_threshold.csv and analysis.toml into ``--out`` (all or none), and the
PDF section with ``--pdf``. Errors are :class:`~engine.errors.InputError` (exit 2 in
:func:`engine.cli.main`).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any, Optional

from ..cli_options import TerminalProgress, add_read_options, check_output_options, read_source
from ..config import ReportOptions
from ..errors import InputError
from ..progress import CancelToken
from ..report.atomic import StagedFiles, check_output_dir, staged, write_analysis_file
from ..report.outputs import DP_OUTPUTS
from ..report.tables import write_csv
from ..dp.config import MECHANISMS, DPConfig, DPScenario, ThresholdConfig, log_spaced_epsilons
from ..dp.results import DPAssessment

COUNTING_COLUMNS = ("scenario", "sensitive", "useful", "predicate", "mechanism", "epsilon", "privacy_loss",
                    "utility", "prior_vulnerability", "posterior_vulnerability", "count_prior_vulnerability")
THRESHOLD_COLUMNS = ("epsilon", "delta_active", "delta_passive", "worst_known_yes")
PREDICATE_SEPARATOR = " | "


def add_parsers(commands: Any) -> None:
    """Add the ``dp`` and ``dp-threshold`` subparsers to :func:`engine.cli.build_parser`'s
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
    dp.add_argument("--epsilon", nargs="+", action="extend", type=float, metavar="E",
                    help="epsilon(s) to evaluate (default: 20 log-spaced values from 0.05 to 5)")
    dp.add_argument("--mechanism", choices=("oblivious", "local", "both"),
                    help="the noise mechanism: oblivious (central), local, or both (default)")
    add_read_options(dp)
    _add_output_options(dp)

    threshold = commands.add_parser("dp-threshold",
                                    help="(eps, delta) of a thresholded count: passive vs active attackers")
    threshold.add_argument("--config", help="analysis file (.toml) with a [threshold] table")
    threshold.add_argument("--example", action="store_true",
                           help="start from Desfontaines' example: 1000 voters, threshold 100, 100 known, p = 0.001")
    threshold.add_argument("--voters", type=int, metavar="N", help="number of voters (the target included)")
    threshold.add_argument("--threshold", type=int, metavar="T",
                           help="the count is released only when it is at least T (0: always)")
    threshold.add_argument("--known", type=int, metavar="K", help="other voters whose votes the attacker knows")
    threshold.add_argument("--p", type=float, metavar="P", help="probability that a voter votes yes")
    threshold.add_argument("--epsilon", nargs="+", action="extend", type=float, metavar="E",
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


def dp_config_from_args(args: argparse.Namespace) -> DPConfig:
    """The counting-query config from ``--config`` (if any) overridden by the other options."""
    base = DPConfig.from_toml(args.config) if args.config else None
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
    config.validate()
    return config


def threshold_config_from_args(args: argparse.Namespace) -> DPConfig:
    """The thresholded-count config from ``--example``/``--config`` overridden by the other options."""
    base = DPConfig.from_toml(args.config) if args.config else None
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
    config.validate()
    return config


# --- running --------------------------------------------------------------------------------

def run_dp(args: argparse.Namespace, cancel: Optional[CancelToken] = None) -> int:
    """``riskreview dp``: returns the exit code (0); bad input raises InputError."""
    check_output_options(args)
    return _run(dp_config_from_args(args), args, cancel)


def run_threshold(args: argparse.Namespace, cancel: Optional[CancelToken] = None) -> int:
    """``riskreview dp-threshold``: returns the exit code (0); bad input raises InputError."""
    check_output_options(args)
    return _run(threshold_config_from_args(args), args, cancel)


def _run(config: DPConfig, args: argparse.Namespace, cancel: Optional[CancelToken]) -> int:
    if args.save_config:
        write_analysis_file(config, Path(args.save_config))
        print(f"wrote {args.save_config}")
        return 0
    if not (args.out or args.pdf):
        raise InputError("say where to write results: --out DIR and/or --pdf FILE")

    progress = TerminalProgress() if not args.quiet and sys.stderr.isatty() else None
    try:
        from ..dp.api import run_dp_analysis  # here: the mechanisms load scipy, not every command

        assessment = run_dp_analysis(config, on_progress=progress, cancel=cancel)
    finally:
        if progress:
            progress.close()
    for warning in assessment.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    paths: list[Path] = []
    with staged(cancel) as files:  # every output of the run appears together, or none does
        if args.out:
            paths += write_dp_results(assessment, Path(args.out), cancel=cancel, files=files)
        if args.pdf:
            from ..report.dp_pdf import write_dp_pdf

            written = write_dp_pdf(assessment, Path(args.pdf), cancel=cancel, files=files)
            paths.append(Path(written) if written is not None else Path(args.pdf))
    for line in summary_lines(assessment):
        print(line)
    print(f"wrote {len(paths)} files: {', '.join(sorted({str(p.parent) for p in paths}))}")
    return 0


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


# --- output files ---------------------------------------------------------------------------

def write_dp_results(assessment: DPAssessment, folder: Path, cancel: Optional[CancelToken] = None,
                     files: Optional[StagedFiles] = None) -> list[Path]:
    """Write results.json, dp_counting.csv, dp_threshold.csv and analysis.toml into ``folder``;
    all files appear together or none does, and other commands' outputs left there by an
    earlier run are removed. Staged in ``files`` (committed by the caller) or on their own.
    Returns the paths."""
    folder = Path(folder)
    check_output_dir(folder, create=True)
    if files is None:
        with staged(cancel) as own:
            return write_dp_results(assessment, folder, cancel, own)
    files.claim(folder, DP_OUTPUTS)
    written = [folder / name for name in ("results.json", "dp_counting.csv", "dp_threshold.csv", "analysis.toml")]
    data = assessment.to_dict()
    with files.text(written[0]) as handle:
        json.dump(data, handle, indent=1, ensure_ascii=False, allow_nan=False)
        handle.write("\n")
    write_csv(files, written[1], COUNTING_COLUMNS,
               ([row[c] if c != "predicate" else PREDICATE_SEPARATOR.join(row[c]) for c in COUNTING_COLUMNS]
                for row in data["dp"]))
    write_csv(files, written[2], THRESHOLD_COLUMNS,
               ([row[c] for c in THRESHOLD_COLUMNS] for row in data["threshold"]))
    write_analysis_file(assessment.config, written[3], files)
    return written
