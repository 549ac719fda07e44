"""The command line: ``riskreview assess``, ``profile``, ``synth`` (attacks on a synthetic file),
``dp`` and ``dp-threshold`` (differential-privacy release analysis), ``suggest`` (the
least-loss generalisation meeting k-anonymity).

Each subcommand parses its options into a config and hands an analysis to
:func:`engine.commands.runner.run` (progress bar, staged outputs, summary);
:func:`engine.commands.runner.execute` maps errors and signals to the exit codes.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Optional, Sequence

from ..api import keep_freed_memory
from ..api import check_columns, run_assessment
from ..api import (MODEL_TARGETS, TOML_KEYS, AnalysisConfig, ClusterOptions, DataSource, Linkage, PrivacyModelOptions,
                   Release, ReportOptions, Roles, SubsetFamily, Target)
from ..api import InputError, printable
from ..api import per_record_risk
from ..api import PYARROW_READS, skip_pandas_lookup
from ..api import detect_format
from ..api import load_table
from .cli_options import Parser, add_read_options, read_source
from . import runner
from ..api import profile_file
from ..api import CancelToken, ProgressCallback
from ..api import selection
from ..api import StagedFiles, check_output_dir
from ..api import write_results
from ..api import add_flag, flags, given_flags, own_options
from ..api import Assessment
from ..api import SampleOptions
from ..api import check_cli, named_for_cli
from ..api import is_sample, people, pct, verdict_json
from .versions import VersionAction


def build_parser(command: Optional[str] = None) -> argparse.ArgumentParser:
    """The ``riskreview`` parser, every subcommand; given the ``command`` the line names
    (``assess`` or ``profile``), without the subcommands whose options live in their own
    modules (``synth``, ``dp``, ``dp-threshold``, ``suggest``): importing those modules costs
    about a tenth of a second of a small file's whole run."""
    parser = Parser(prog="riskreview", description="Disclosure-risk review of microdata.")
    parser.add_argument("--version", action=VersionAction)
    commands = parser.add_subparsers(dest="command", parser_class=Parser)

    assess = commands.add_parser("assess", help="run attacks on a data file and write results")
    assess.add_argument("data", nargs="?", help="data file (CSV/TSV, Parquet, Feather, xlsx, sav, dta, sas7bdat, xpt)")
    assess.add_argument("--config", help="analysis file (.toml); command-line options override it")
    for path in ("roles.quasi_identifiers", "roles.sensitive", "roles.numeric_qids", "interval_radius", "subsets.kind",
                 "targets", "jobs"):
        add_flag(assess, AnalysisConfig, path)
    cluster = assess.add_argument_group("Dask cluster (the only network connection RiskReview opens)")
    for path in ("cluster.address", "cluster.tls_ca", "cluster.tls_cert", "cluster.tls_key"):
        add_flag(cluster, AnalysisConfig, path)
    linked = assess.add_argument_group("linked releases (longitudinal attacks)")
    add_flag(linked, AnalysisConfig, "linkage.releases")
    add_flag(linked, AnalysisConfig, "linkage.key")
    linked.add_argument("--link-key-in", action="append", metavar="FILE=COL",
                        help="the key column in one release when its name differs")
    add_flag(linked, AnalysisConfig, "linkage.focal_label")
    add_flag(linked, AnalysisConfig, "linkage.duplicates")
    models = assess.add_argument_group("privacy models (k-anonymity, l-diversity, t-closeness and kin)")
    for path in ("models.enabled", "models.l", *(f"models.targets.{name}" for name in MODEL_TARGETS)):
        add_flag(models, AnalysisConfig, path)
    sample = assess.add_argument_group("sample files (survey weights, households, special uniques)")
    for path in ("roles.weight", "roles.household", "sample.sampling_fraction", "sample.risk_thresholds",
                 "sample.suda", "sample.suda_max_size", "sample.dis_fraction"):
        add_flag(sample, AnalysisConfig, path)
    add_read_options(assess)
    assess.add_argument("--out", help="output folder for results.json, the CSV tables and analysis.toml")
    assess.add_argument("--pdf", metavar="FILE", help="write the PDF risk report to FILE")
    assess.add_argument("--csv", metavar="DIR", help="write only the CSV tables into DIR")
    add_flag(assess, AnalysisConfig, "report.author")
    add_flag(assess, AnalysisConfig, "report.include_examples")
    assess.add_argument("--per-record", action="store_true",
                        help="also write per-record risk for the full QID set (per_record_risk.csv)")
    add_flag(assess, AnalysisConfig, "scenarios")
    assess.add_argument("--crosstab", action="append", metavar="COL,COL", default=[],
                        help="report each scenario's distortion (TVD) of this cross-tabulation (repeatable)")
    assess.add_argument("--export-scenario", action="append", metavar="NAME=FILE", default=[],
                        help="also write scenario NAME's transformed data to FILE (.csv or .parquet; repeatable); "
                             "the file and the SHA-256 of the source are recorded in the report and analysis.toml")
    assess.add_argument("--save-config", metavar="FILE", help="write the analysis file and exit")
    assess.add_argument("--quiet", action="store_true", help="no progress bar")

    profile = commands.add_parser("profile", help="describe every column of a data file")
    profile.add_argument("data")
    add_read_options(profile)
    profile.add_argument("--json", action="store_true", help="print JSON instead of a table")

    if command in ("assess", "profile"):
        return parser
    from .dp import add_parsers as add_dp_parsers
    from .suggest import add_parser as add_suggest_parser
    from .synth import add_parser as add_synth_parser

    add_synth_parser(commands)
    add_dp_parsers(commands)
    add_suggest_parser(commands)
    return parser


def _source(args: argparse.Namespace, base: Optional[DataSource] = None) -> DataSource:
    """The data source from DATA and the read options, falling back on the analysis file's."""
    path = args.data or (base.path if base else None)
    if not path:
        raise InputError("no data file: give DATA or --config FILE.toml")
    return read_source(path, args, base)


FLAGS = flags(AnalysisConfig)
"""The option that sets each config field validated by :meth:`AnalysisConfig.validate` and
:func:`engine.analysis.config.column_problems` (declared with the field, :mod:`engine.analysis.options`)."""


_ROLE_FLAGS = ("roles.quasi_identifiers", "roles.sensitive", "roles.numeric_qids", "roles.weight", "roles.household")


def config_from_args(args: argparse.Namespace) -> AnalysisConfig:
    """The analysis config from ``--config`` (if any) overridden by the other options."""
    base = AnalysisConfig.from_toml(args.config, check=False) if args.config else None
    roles = replace(base.roles if base else Roles(), **given_flags(args, AnalysisConfig, _ROLE_FLAGS))
    family = SubsetFamily.parse(args.subsets) if args.subsets else (base.subsets if base else SubsetFamily())
    targets = tuple(Target.parse(t) for t in args.target) if args.target else (base.targets if base else ())
    plain = given_flags(args, AnalysisConfig, ("jobs", "interval_radius"))
    report = replace(base.report if base else ReportOptions(),
                     **given_flags(args, AnalysisConfig, ("report.author", "report.include_examples")))
    models = base.models if base else PrivacyModelOptions()
    given = given_flags(args, AnalysisConfig, tuple(f"models.targets.{name}" for name in MODEL_TARGETS))
    chosen = given_flags(args, AnalysisConfig, ("models.enabled", "models.l"))
    if chosen or given:
        models = PrivacyModelOptions(enabled=True, l=chosen.get("l", models.l), targets=replace(models.targets, **given))
    cluster = base.cluster if base else ClusterOptions()
    if args.cluster is not None:
        cluster = ClusterOptions(args.cluster, args.cluster_ca, args.cluster_cert, args.cluster_key)
    elif args.cluster_ca or args.cluster_cert or args.cluster_key:
        raise InputError("--cluster-ca, --cluster-cert and --cluster-key go with --cluster ADDRESS")
    config = AnalysisConfig(data=_source(args, base.data if base else None), roles=roles,
                            subsets=family, targets=targets, jobs=plain.get("jobs", base.jobs if base else 1),
                            report=report, models=models,
                            linkage=_linkage(args, base.linkage if base else Linkage()), cluster=cluster,
                            scenarios=_scenarios(args, base),
                            sample=_sample_options(args, base.sample if base else SampleOptions()),
                            interval_radius=plain.get("interval_radius", base.interval_radius if base else 0.05),
                            suggest_hierarchies=tuple(pair for pair in (base.suggest_hierarchies if base else ())
                                                      if pair[0] in roles.quasi_identifiers))
    check_cli(config, FLAGS, args, TOML_KEYS)
    return config


def _scenarios(args: argparse.Namespace, base: Optional[AnalysisConfig]) -> tuple:
    """The scenarios of --scenario FILE.toml, else the analysis file's; each with the
    --crosstab tables added to its own."""
    from ..api import with_crosstabs

    if args.scenario:
        from ..api import read_scenarios   # the scenario steps' module (hierarchies, perturbation): only with a file

        scenarios = read_scenarios(args.scenario)
    else:
        scenarios = base.scenarios if base else ()
    return with_crosstabs(scenarios, args.crosstab)


def _sample_options(args: argparse.Namespace, base: SampleOptions) -> SampleOptions:
    """The sample-file options given on the command line, over the analysis file's."""
    return replace(base, **given_flags(args, AnalysisConfig, tuple(f"sample.{d.path}" for d in own_options(SampleOptions))))


def _linkage(args: argparse.Namespace, base: Linkage) -> Linkage:
    """Linked releases from --release/--link-key options, over the analysis file's."""
    releases = base.releases
    if args.release:
        first_label = 2
        parsed = []
        for number, text in enumerate(args.release):
            path, label = text, str(first_label + number)
            if "@" in text and "/" not in text.rsplit("@", 1)[1]:
                path, label = text.rsplit("@", 1)
            parsed.append(Release(data=DataSource(path), label=label))
        releases = tuple(parsed)
    keys_in = {}
    for text in args.link_key_in or []:
        if "=" not in text:
            raise InputError(f"--link-key-in {text!r}: expected FILE=COL")
        path, column = text.rsplit("=", 1)
        keys_in[path] = column
    known = {r.data.path for r in releases} | {Path(r.data.path).name for r in releases}
    for path in keys_in:
        if path not in known:
            raise InputError(f"--link-key-in {path!r}: not one of the --release files")
    releases = tuple(replace(r, key=keys_in.get(r.data.path, keys_in.get(Path(r.data.path).name, r.key)))
                     for r in releases)
    return Linkage(key=args.link_key or base.key, focal_label=args.focal_label or base.focal_label,
                   releases=releases, duplicates=args.duplicate_keys or base.duplicates)


class AssessRun:
    """A release assessment as :func:`engine.commands.runner.run` runs it: the results folder
    with ``--out``, the CSV tables alone with ``--csv``, the PDF report with ``--pdf``, each
    scenario's data asked for with ``--export-scenario``, per-record risk with ``--per-record``."""

    def __init__(self, config: AnalysisConfig, args: argparse.Namespace) -> None:
        self.config = config
        self.args = args
        self.out = Path(args.out) if args.out else None
        self.csv = Path(args.csv) if args.csv else None
        self.pdf = Path(args.pdf) if args.pdf else None
        self.per_record = args.per_record
        self.export_options = args.export_scenario
        self.exports: dict[str, Path] = {}
        self.export_files: list[Path] = []   # with linked releases, every file the exports write
        self.written_warnings: list[str] = []
        self.table = None
        self.early_warnings: tuple[str, ...] = ()  # printed before the run

    def run(self, on_progress: Optional[ProgressCallback], cancel: Optional[CancelToken]) -> Assessment:
        config = self.config
        folders = self.folders()
        if self.export_options:   # the export module (scenarios, suppression) only for --export-scenario
            from ..api import export_requests

            self.exports = export_requests(self.export_options, config.scenarios, config.data.path, folders)
        if self.exports and config.linkage.enabled:
            from ..api import check_linked_requests

            self.export_files = check_linked_requests(config, self.exports, folders)
        with named_for_cli(FLAGS, self.args, TOML_KEYS):
            if not config.linkage.enabled:
                check_columns(config)
                if detect_format(config.data) in PYARROW_READS:
                    skip_pandas_lookup()
            if config.cluster.enabled:  # before any data leave this machine
                self.early_warnings = tuple(config.cluster.check())
                for warning in self.early_warnings:
                    print(f"warning: {warning}", file=sys.stderr, flush=True)
            self.table = None if config.linkage.enabled else load_table(config.data, config.needed_columns(), cancel)
            return run_assessment(config, table=self.table, on_progress=on_progress, cancel=cancel)

    def folders(self) -> set[Path]:
        """The output folders this run creates (``--out``, ``--csv``), absolute."""
        return {Path(os.path.abspath(folder)) for folder in (self.out, self.csv) if folder}

    def warnings(self, assessment: Assessment) -> tuple[str, ...]:
        return tuple(w for w in assessment.warnings if w not in self.early_warnings)

    def write(self, assessment: Assessment, files: StagedFiles, cancel: Optional[CancelToken]) -> list[Path]:
        for path in self.exports.values():   # an export into --out DIR: DIR is created as --out creates it
            folder = Path(os.path.abspath(path.parent))
            if folder in self.folders():
                check_output_dir(folder, create=True)
        table, per_record = self.table, None
        if self.per_record and table is not None:
            sensitive = [table[s] for s in self.config.roles.sensitive]
            per_record = per_record_risk(table.columns, self.config.roles.quasi_identifiers, sensitive, table.n_rows)
        paths: list[Path] = []
        if self.exports and self.config.linkage.enabled:
            from ..api import export_linked_scenarios

            assessment = export_linked_scenarios(assessment, self.exports, files, cancel)
            paths += self.export_files
        elif self.exports:
            from ..api import export_scenarios

            assessment = export_scenarios(assessment, table, self.exports, files, cancel)
            paths += list(self.exports.values())
        if self.exports:
            from ..api import formula_warnings

            self.written_warnings = formula_warnings([s.scenario.exported for s in assessment.scenarios
                                                      if s.scenario.name in self.exports])
        if self.out:
            paths += write_results(assessment, self.out, per_record, cancel=cancel, files=files)
        if self.csv:
            paths += write_results(assessment, self.csv, per_record, tables_only=True, cancel=cancel, files=files)
        if self.pdf:
            from ..api import write_pdf

            paths.append(write_pdf(assessment, self.pdf, cancel=cancel, files=files))
        return paths

    def summary(self, assessment: Assessment, paths: list[Path]) -> list[str]:
        rows = assessment.reidentification or assessment.longitudinal.reidentification
        worst = selection.worst(rows, "posterior_det")
        judged = verdict_json(assessment)
        lines = [f"{assessment.dataset.name}: {assessment.dataset.rows:,} records, "
                 f"{len(rows):,} QID subsets in {sum(assessment.timings.values()):.1f}s",
                 "verdict: " + ("ready" if judged["ready"] else "NOT READY") + "".join(
                     f"; {reason}" for reason in judged["reasons"]),
                 f"worst re-identification: {worst.posterior_det:.2%} "
                 + ("unique in the sample" if is_sample(assessment) else "unique")
                 + f" ({worst.singletons:,} records) with {', '.join(map(repr, worst.qids))}"]
        if assessment.sample_risk:
            lines.append(sample_line(assessment.sample_risk))
        if assessment.longitudinal:
            steps = assessment.longitudinal.over_time
            lines.append("re-identification over time (all QIDs, probabilistic): "
                         + ", ".join(f"{s.label}: {s.reidentification.posterior_prob:.2%}" for s in steps))
        for scenario in assessment.scenarios:
            lines.append(f"scenario {scenario.scenario.name!r}: {scenario.verdict}")
        return lines + [runner.wrote_line(paths)]


def _assess(args: argparse.Namespace, cancel: Optional[CancelToken] = None) -> int:
    return runner.run(AssessRun(config_from_args(args), args), args, cancel)


def sample_line(sample) -> str:
    """One line on the sample-file measures: expected re-identifications on every QID, special
    uniques (for a file whose records stand only for themselves, the individual risk 1/f)."""
    ind = sample.individual
    label = "individual risk" if sample.design == "population" else "sample file"
    text = (f"{label}: about {people(ind.expected_reidentifications)} people ({pct(ind.expected_share)}) expected to "
            f"be re-identified with every QID known, highest individual risk {ind.maximum:.3g}")
    if sample.suda:
        text += f"; {sample.suda.special_uniques:,} special uniques"
    return text


def _profile(args: argparse.Namespace, cancel: Optional[CancelToken] = None) -> int:
    profiles = profile_file(_source(args))
    if args.json:
        print(json.dumps([p.to_dict() for p in profiles], indent=1, ensure_ascii=False))
        return 0
    print(f"{'column':30s} {'type':10s} {'distinct':>9s} {'missing':>8s}  top values")
    for p in profiles:
        top = ", ".join(f"{'(missing)' if v is None else printable(v)} ({c:,})" for v, c in p.top_values[:3])
        flag = "  <- looks like a direct identifier" if p.looks_like_identifier else ""
        if p.unsupported:
            flag = f"  <- not supported: nested values ({p.unsupported}); cannot be a quasi-identifier or other role"
        print(f"{_quoted(p.name, 30):30s} {p.kind:10s} {p.distinct:9,d} {p.missing_share:8.1%}  {top}{flag}")
    return 0


def _quoted(name: str, width: int) -> str:
    """A column name quoted repr-style, cut to ``width`` inside its quotes."""
    text = repr(name)
    return text if len(text) <= width else text[: width - 4] + "..." + text[-1]


def _synth(args: argparse.Namespace, cancel: Optional[CancelToken] = None) -> int:
    from .synth import run_synth

    return run_synth(args, cancel)


def _dp(args: argparse.Namespace, cancel: Optional[CancelToken] = None) -> int:
    from .dp import run_dp

    return run_dp(args, cancel)


def _dp_threshold(args: argparse.Namespace, cancel: Optional[CancelToken] = None) -> int:
    from .dp import run_threshold

    return run_threshold(args, cancel)


def _suggest(args: argparse.Namespace, cancel: Optional[CancelToken] = None) -> int:
    from .suggest import run_suggest

    return run_suggest(args, cancel)


_COMMANDS = {"assess": _assess, "profile": _profile, "synth": _synth, "dp": _dp, "dp-threshold": _dp_threshold,
             "suggest": _suggest}


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command line ``argv``; a reader that closes the output early (``| head``) ends
    the command quietly (:func:`engine.commands.runner.output_closed`)."""
    try:
        try:
            code = _main(argv)
        except SystemExit:   # --help, --version, a usage error: their text goes out first
            sys.stdout.flush()
            raise
        sys.stdout.flush()   # here, not at exit, where a closed pipe could not be caught
    except BrokenPipeError:
        return runner.output_closed()
    return code


def _main(argv: Optional[Sequence[str]]) -> int:
    keep_freed_memory()
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv[0] if argv else None)
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    return runner.execute(_COMMANDS[args.command], args)
