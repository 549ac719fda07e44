"""``riskreview synth REAL --synthetic SYN [--control CONTROL] ...``: attacks on a synthetic
file, written as results.json, synthetic_attacks.csv, synthetic_roc.csv and analysis.toml
(plus synthetic_at_risk.csv with --show-targets), and optionally a PDF report.

Exit codes as for ``assess``: 0 success, 2 bad input (one ``error: ...`` line), 1 engine
failure, 130 interrupted; the caller (:func:`engine.cli.main`) maps the exceptions.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any, Optional

from ..cli_options import TerminalProgress, add_read_options, check_output_options, note_jobs, read_source
from ..config import ReportOptions
from ..errors import InputError
from ..progress import CancelToken
from ..report.atomic import StagedFiles, check_output_dir, staged, write_analysis_file
from ..report.outputs import SYNTHETIC_OUTPUTS
from ..report.tables import write_csv
from ..synthetic.config import ATTACKS, DEFAULT_ATTACKS, DISTANCES, SHADOW_GENERATORS, Criterion, SyntheticConfig, \
    default_attacks
from ..synthetic.results import FPR_LEVELS, SyntheticAssessment


def add_parser(commands) -> None:
    """Add the ``synth`` subcommand to an argparse subparsers object."""

    synth = commands.add_parser("synth", help="attack a synthetic file made from a real one")
    synth.add_argument("real", nargs="?", help="the real data file D(r) the synthetic file was made from")
    synth.add_argument("--synthetic", metavar="FILE", help="the synthetic file D(s)")
    synth.add_argument("--control", metavar="FILE",
                       help="real records NOT used to make the synthetic file (needed by membership attacks)")
    synth.add_argument("--config", help="analysis file (.toml); command-line options override it")
    synth.add_argument("--qid", nargs="+", action="extend", metavar="COL", help="columns the attacker knows")
    synth.add_argument("--sensitive", metavar="COL", help="the column attribute attacks guess")
    synth.add_argument("--attacks", nargs="+", choices=ATTACKS, metavar="ATTACK",
                       help=f"attacks to run (default: {' '.join(DEFAULT_ATTACKS)}); also: groundhog")
    synth.add_argument("--distance", choices=DISTANCES, help="record distance (default mixed)")
    synth.add_argument("--radius", type=float, help="local-neighbourhood radius (default: the median distance "
                                                    "from the targets to their nearest synthetic record)")
    synth.add_argument("--criterion", help="threshold criterion: accuracy (default), tp:RATE, fp:RATE, "
                                           "threshold:VALUE")
    synth.add_argument("--targets", type=int, help="member and non-member targets each (default 500)")
    synth.add_argument("--seed", type=int, help="seed of the target draw and shadow models (default 0)")
    synth.add_argument("--jobs", type=int, help="worker processes (default 1)")
    synth.add_argument("--generator", choices=SHADOW_GENERATORS, help="groundhog's shadow generator")
    synth.add_argument("--shadow-datasets", type=int, help="groundhog's shadow datasets per target (default 40)")
    synth.add_argument("--show-targets", action="store_true",
                       help="list the most exposed targets by row number (never values; off by default)")
    add_read_options(synth)
    synth.add_argument("--out", help="output folder for results.json, the CSV tables and analysis.toml")
    synth.add_argument("--pdf", metavar="FILE", help="write the PDF report to FILE")
    synth.add_argument("--author", help="who ran the analysis (shown on the report)")
    synth.add_argument("--save-config", metavar="FILE", help="write the analysis file and exit")
    synth.add_argument("--quiet", action="store_true", help="no progress bar")


def config_from_args(args: argparse.Namespace) -> tuple[SyntheticConfig, list[str]]:
    """The config from ``--config`` (if any) overridden by the other options, and warnings
    about attacks left out of the default list."""
    base = SyntheticConfig.from_toml(args.config) if args.config else None
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
    config.validate()
    return config, warnings


def run_synth(args: argparse.Namespace, cancel: Optional[CancelToken] = None) -> int:
    """Run ``riskreview synth``; raises InputError/EngineFailure/Cancelled for the caller to map."""

    check_output_options(args)
    config, warnings = config_from_args(args)
    if args.save_config:
        write_analysis_file(config, Path(args.save_config))
        print(f"wrote {args.save_config}")
        return 0
    if not (args.out or args.pdf):
        raise InputError("say where to write results: --out DIR and/or --pdf FILE")
    note_jobs(config.jobs)
    progress = TerminalProgress() if not args.quiet and sys.stderr.isatty() else None
    try:
        from ..synthetic.api import run_synthetic_assessment  # here: the attacks load scipy, not every command

        assessment = run_synthetic_assessment(config, on_progress=progress, cancel=cancel)
    finally:
        if progress:
            progress.close()
    assessment = replace(assessment, warnings=tuple(warnings) + assessment.warnings)
    for warning in assessment.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    paths = []
    with staged(cancel) as files:  # every output of the run appears together, or none does
        if args.out:
            paths += write_synthetic_results(assessment, Path(args.out), cancel=cancel, files=files)
        if args.pdf:
            from ..report.synthetic_pdf import write_synthetic_pdf

            paths.append(write_synthetic_pdf(assessment, Path(args.pdf), cancel=cancel, files=files))
    real = assessment.datasets["real"]
    print(f"{real.name}: {real.rows:,} records against {assessment.datasets['synthetic'].rows:,} synthetic "
          f"in {sum(assessment.timings.values()):.1f}s")
    for a in assessment.attacks:
        risk = "n/a" if a.residual_risk is None else (f"{a.residual_risk:.3f} [{a.ci_low:.3f}, {a.ci_high:.3f}]")
        extra = f"AUC {a.auc:.3f}" if a.auc is not None else f"baseline {a.baseline:.3f}"
        print(f"{a.attack:18s} accuracy {a.accuracy:.3f}  {extra}  residual risk {risk}")
    print(f"wrote {len(paths)} files: {', '.join(sorted({str(Path(p).parent) for p in paths}))}")
    return 0


ATTACK_COLUMNS = ["attack", "kind", "targets", "accuracy", "auc", "advantage"] + \
    [f"tpr_at_fpr_{level}" for level in FPR_LEVELS] + \
    ["baseline", "residual_risk", "ci_low", "ci_high", "main_rate", "control_rate", "threshold", "criterion", "notes"]


def write_synthetic_results(assessment: SyntheticAssessment, folder: Path,
                            cancel: Optional[CancelToken] = None, files: Optional[StagedFiles] = None
                            ) -> list[Path]:
    """Write results.json, synthetic_attacks.csv, synthetic_roc.csv and analysis.toml (and
    synthetic_at_risk.csv when targets were asked for) into ``folder``; all appear together or
    none does, and an earlier run's outputs not written again are removed. Staged in ``files``
    (committed by the caller) or on their own. Returns the paths."""
    folder = Path(folder)
    check_output_dir(folder, create=True)
    if files is None:
        with staged(cancel) as own:
            return write_synthetic_results(assessment, folder, cancel, own)
    files.claim(folder, SYNTHETIC_OUTPUTS)
    written: list[Path] = []

    def out(name: str) -> Path:
        written.append(folder / name)
        return folder / name

    with files.text(out("results.json")) as handle:
        json.dump(assessment.to_dict(), handle, indent=1, ensure_ascii=False, allow_nan=False)
        handle.write("\n")
    write_analysis_file(assessment.config, out("analysis.toml"), files)
    rows = [a.to_dict() for a in assessment.attacks]
    write_csv(files, out("synthetic_attacks.csv"), ATTACK_COLUMNS,
               ([r["attack"], r["kind"], r["targets"], r["accuracy"], r["auc"], r["advantage"]]
                + [r["tpr_at_fpr"][level] for level in FPR_LEVELS]
                + [r[k] for k in ATTACK_COLUMNS[6 + len(FPR_LEVELS):]] for r in rows))
    write_csv(files, out("synthetic_roc.csv"), ["attack", "point", "fpr", "tpr"],
               ([a.attack, i, f, t] for a in assessment.attacks if a.roc is not None
                for i, (f, t) in enumerate(zip(a.roc.fpr, a.roc.tpr))))
    if assessment.config.show_targets:
        write_csv(files, out("synthetic_at_risk.csv"), ["attack", "rank", "row", "score"],
                   ([a.attack, rank, row, score] for a in assessment.attacks
                    for rank, (row, score) in enumerate(a.at_risk, start=1)))
    return written
