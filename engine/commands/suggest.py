"""``riskreview suggest DATA --qid COL... --hierarchy COL=FILE... --k K [...] --out DIR``:
the least-loss levels of the QIDs' hierarchies meeting k-anonymity with at most
``--max-suppression`` percent of records suppressed (and the analysis thresholds when given),
written as ``DIR/suggestion.json``; with ``--write-data FILE`` also the transformed file.

A QID without ``--hierarchy`` stays at level 0 (its original values). Without ``--hierarchy``,
``--config FILE.toml`` gives its ``[[suggest.hierarchies]]`` (an ARX file or a built hierarchy,
built on the loaded column). Run by
:func:`engine.commands.runner.run`; suggestion.json is written by :mod:`engine.report.suggestion_file`.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path
from typing import Any, Mapping, Optional

from .cli_options import add_read_options, read_source
from ..api import AnalysisConfig, DataSource, Thresholds
from ..api import InputError
from ..api import DATA, Input
from ..api import CancelToken, ProgressCallback
from ..api import StagedFiles
from ..api import write_suggestion
from ..api import message
from ..api import FORMULA_WARNING, WRITE_FORMATS, formula_columns, transformed_data, write_table
from ..api import from_suggestion, summary, with_full_generalisation
from ..api import read_hierarchy
from ..api import METRICS
from ..api import HierarchySpec
from ..api import SuggestConfig, SuggestTarget, Suggestion, suggest
from ..api import check_cli, key_message
from . import runner


def add_parser(commands: Any) -> None:
    """Add the ``suggest`` subcommand to :func:`engine.commands.cli.build_parser`'s subparsers."""
    p = commands.add_parser("suggest", help="least-loss generalisation meeting k-anonymity (and thresholds)")
    p.add_argument("data", nargs="?",
                   help="data file (CSV/TSV, Parquet, Feather, xlsx, sav, dta, sas7bdat, xpt); default: --config's")
    p.add_argument("--config", metavar="FILE.toml",
                   help="analysis file: its data, QIDs, sensitive columns and [report.thresholds] (as --max-unique-"
                        "share, --max-reid-prob and --max-inference-gain); the other options override it")
    p.add_argument("--qid", nargs="+", action="extend", metavar="COL", default=[], help="quasi-identifier(s)")
    p.add_argument("--sensitive", nargs="+", action="extend", metavar="COL", default=[],
                   help="sensitive column(s), for --max-inference-gain")
    p.add_argument("--hierarchy", nargs="+", action="extend", metavar="COL=FILE", default=[],
                   help="an ARX hierarchy file for each QID named (several after one flag, or repeated); "
                        "a QID without one stays as it is (default: --config's [[suggest.hierarchies]])")
    p.add_argument("--k", type=int, required=True, help="every released block holds at least K records")
    p.add_argument("--max-suppression", type=float, default=0.0, metavar="PCT",
                   help="most records (percent) that may be suppressed to reach k (default 0)")
    p.add_argument("--max-unique-share", type=float, metavar="SHARE", help="also: unique records at most SHARE")
    p.add_argument("--max-reid-prob", type=float, metavar="P",
                   help="also: mean re-identification probability at most P")
    p.add_argument("--max-inference-gain", type=float, metavar="SHARE",
                   help="also: certain attribute inference at most SHARE above the prior (needs --sensitive)")
    p.add_argument("--metric", choices=METRICS, default="entropy",
                   help="information loss to minimise: ARX's non-uniform entropy (default), the sum of "
                        "levels, or discernibility")
    p.add_argument("--max-seconds", type=float, metavar="N", help="stop the search after N seconds")
    p.add_argument("--alternatives", type=int, default=5, metavar="N", help="runners-up to list (default 5)")
    add_read_options(p)
    p.add_argument("--out", metavar="DIR", required=True, help="output folder for suggestion.json")
    p.add_argument("--write-data", metavar="FILE",
                   help="also write the transformed data (.csv or .parquet): recoded values as in the hierarchy "
                        "files, the suppressed records' QIDs empty")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def analysis_defaults(args: argparse.Namespace) -> Optional[AnalysisConfig]:
    """Fill what ``--config FILE.toml`` gives and the command line leaves out: QIDs, sensitive
    columns and the thresholds of its [report.thresholds] (those the file sets); returns the
    analysis file's config (None without ``--config``), whose Suggest hierarchies
    :func:`hierarchy_specs` takes."""
    if not args.config:
        return None
    from ..api import TOML_KEYS, read_toml

    config = AnalysisConfig.from_toml(args.config, check=False)
    for problem in config.suggest_problems():
        raise InputError(key_message(problem, args.config, TOML_KEYS))
    args.qid = args.qid or list(config.roles.quasi_identifiers)
    args.sensitive = args.sensitive or list(config.roles.sensitive)
    given = read_toml(args.config).get("report", {}).get("thresholds", {})
    thresholds = config.report.thresholds
    for problem in thresholds.problems():
        raise InputError(key_message(problem, args.config))
    for option, name in (("max_unique_share", "unique_share"), ("max_reid_prob", "reid_prob"),
                         ("max_inference_gain", "inference_certain_gain")):
        value = getattr(thresholds, name)
        if getattr(args, option) is None and name in given:
            if option == "max_inference_gain" and not args.sensitive:
                continue
            setattr(args, option, value)
    return config


FLAGS = {"target.k": "--k", "target.max_suppression": "--max-suppression", "max_seconds": "--max-seconds",
         "alternatives": "--alternatives", "qids": "--qid", "hierarchies": "--hierarchy", "sensitive": "--sensitive",
         "metric": "--metric",
         **{f"target.{name}": "--" + name.replace("_", "-") for name in ("max_unique_share", "max_reid_prob",
                                                                          "max_inference_gain")}}
"""The option that sets each config field validated by :meth:`SuggestConfig.validate`."""


def hierarchy_specs(args: argparse.Namespace, base: Optional[AnalysisConfig] = None) -> dict[str, HierarchySpec]:
    """Each QID's hierarchy: the ARX files of ``--hierarchy COL=FILE``, else the analysis file's
    ``[[suggest.hierarchies]]`` of the QIDs searched (``base``, from :func:`analysis_defaults`)."""
    if not args.qid:
        raise InputError("give at least one quasi-identifier (--qid COL ... or --config FILE.toml)")
    specs: dict[str, HierarchySpec] = {}
    for text in args.hierarchy:
        if "=" not in text:
            raise InputError(f"--hierarchy {text!r}: expected COL=FILE")
        column, path = text.split("=", 1)
        if column not in args.qid:
            raise InputError(f"--hierarchy {column}: not one of the --qid columns ({', '.join(args.qid)})")
        if column in specs:
            raise InputError(f"--hierarchy {column}: given twice")
        specs[column] = HierarchySpec("hierarchy", path=path)
    if args.hierarchy or base is None:
        return specs
    from_file = dict(base.suggest_hierarchies)
    return {column: from_file[column] for column in dict.fromkeys(args.qid) if column in from_file}


def config_from_args(args: argparse.Namespace, specs: Optional[Mapping[str, HierarchySpec]] = None) -> SuggestConfig:
    """The search the options ask for, with the hierarchies of ``specs`` (default: of
    ``--hierarchy``) read from their ARX files; a built one is added by :meth:`SuggestRun.run`
    once the column is loaded."""
    specs = hierarchy_specs(args) if specs is None else specs
    hierarchies = {column: read_hierarchy(spec.path, column) for column, spec in specs.items()
                   if spec.kind == "hierarchy"}
    target = SuggestTarget(k=args.k, max_suppression=args.max_suppression, max_unique_share=args.max_unique_share,
                           max_reid_prob=args.max_reid_prob, max_inference_gain=args.max_inference_gain)
    config = SuggestConfig(qids=tuple(dict.fromkeys(args.qid)), hierarchies=tuple(hierarchies.items()),
                           target=target, sensitive=tuple(dict.fromkeys(args.sensitive)), metric=args.metric,
                           max_seconds=args.max_seconds, alternatives=args.alternatives)
    check_cli(config, FLAGS)
    return config


class SuggestRun:
    """A search for the least-loss generalisation as :func:`engine.commands.runner.run` runs it:
    ``--out DIR/suggestion.json``, and the transformed data with ``--write-data FILE``."""

    def __init__(self, config: SuggestConfig, source: DataSource, args: argparse.Namespace,
                 specs: Optional[Mapping[str, HierarchySpec]] = None) -> None:
        self.config = config
        self.specs = dict(specs) if specs is not None else {
            column: HierarchySpec("hierarchy", path=h.source) for column, h in config.hierarchies}
        self.source = source
        self.out = Path(args.out)
        self.data_path = Path(args.write_data) if args.write_data else None
        self.inputs = [Input(DATA, Path(source.path))]
        self.written_warnings: list[str] = []
        self.table = None

    def run(self, on_progress: Optional[ProgressCallback], cancel: Optional[CancelToken]) -> Suggestion:
        from ..api import load_table

        from ..api import build_hierarchy

        self.table = load_table(self.source, [*self.config.qids, *self.config.sensitive], cancel)
        read = dict(self.config.hierarchies)
        built = {column: build_hierarchy(spec, self.table[column]) for column, spec in self.specs.items()
                 if column not in read}
        if built:
            self.config = replace(self.config, hierarchies=tuple(
                (q, read.get(q) or built[q]) for q in self.config.qids if q in read or q in built))
        found = with_full_generalisation(suggest(self.table, self.config, on_progress=on_progress, cancel=cancel),
                                         self.table, self.config)
        return with_verdict(found, self.table, self.source, self.config, on_progress, cancel, self.specs)

    def warnings(self, result: Suggestion) -> list[str]:
        if self.data_path is not None and result.best is None:
            return [f"no data written to {self.data_path}: no combination of levels meets the target"]
        return []

    def write(self, result: Suggestion, files: StagedFiles, cancel: Optional[CancelToken]) -> list[Path]:
        from ..api import read_columns

        frame, written_data = None, None
        if self.data_path is not None and result.best is not None:
            frame = transformed_data(read_columns(self.source, None, cancel), self.table, self.config,
                                     result.best.levels)
            written_data = {"path": str(self.data_path.absolute()),
                            "format": WRITE_FORMATS[self.data_path.suffix.lower()]}
        paths = [write_suggestion(result, self.config, self.source.path, self.table.sha256, self.out, files,
                                  written_data)]
        if frame is not None:
            with files.path(self.data_path, private=True) as tmp:
                write_table(frame, tmp, WRITE_FORMATS[self.data_path.suffix.lower()])
            paths.append(self.data_path)
            columns = formula_columns(frame)
            if columns:
                self.written_warnings = [message(FORMULA_WARNING, path=str(self.data_path),
                                                 columns=", ".join(map(repr, columns)))]
        return paths

    def summary(self, result: Suggestion, paths: list[Path]) -> list[str]:
        return summary_lines(result) + ["wrote " + " and ".join(map(str, paths))]


def verdict_limits(target: SuggestTarget) -> Thresholds:
    """The analysis thresholds the suggestion's verdict is judged by: those the search was given
    (--max-unique-share, --max-reid-prob, --max-inference-gain, or --config's), the defaults for
    the others."""
    given = {"unique_share": target.max_unique_share, "reid_prob": target.max_reid_prob,
             "inference_certain_gain": target.max_inference_gain}
    return Thresholds(**{name: value for name, value in given.items() if value is not None})


def with_verdict(found: Suggestion, table, source: DataSource, config: SuggestConfig,
                 on_progress: Optional[ProgressCallback], cancel: Optional[CancelToken],
                 specs: Optional[Mapping[str, HierarchySpec]] = None) -> Suggestion:
    """The suggestion with ``extra["verdict"]``: the verdict of its scenario (recodes by ``specs``,
    default the ARX files of ``config``'s hierarchies, then record suppression) under
    :func:`verdict_limits`, in English as the rest of suggestion.json."""
    from ..api import i18n
    from ..api import run_assessment
    from ..api import scenario_verdict, suggestion_scenario

    if specs is None:
        specs = {column: HierarchySpec("hierarchy", path=h.source) for column, h in config.hierarchies}
    scenario = suggestion_scenario(found, dict(specs), "suggestion")
    if scenario is None:
        return found
    limits = verdict_limits(config.target)
    with i18n.language(i18n.ENGLISH):
        judged = scenario_verdict(table, source, config.qids, config.sensitive, scenario, limits,
                                  assess=run_assessment, on_progress=on_progress, cancel=cancel)
    return replace(found, extra={**found.extra, "verdict": judged.to_dict()})


def run_suggest(args: argparse.Namespace, cancel: Optional[CancelToken] = None) -> int:
    """``riskreview suggest``: returns the exit code (0); bad input raises InputError."""
    base = analysis_defaults(args)
    if not args.data and base is None:
        raise InputError("no data file: give DATA or --config FILE.toml")
    specs = hierarchy_specs(args, base)
    config = config_from_args(args, specs)
    out = Path(args.out)
    data_path = Path(args.write_data) if args.write_data else None
    if data_path is not None:
        if data_path.suffix.lower() not in WRITE_FORMATS:
            raise InputError(f"--write-data {data_path}: use a .csv or .parquet file name")
        if not data_path.parent.is_dir() and data_path.parent.resolve() != out.resolve():
            raise InputError(f"--write-data {data_path}: the folder {data_path.parent} does not exist")
    source = read_source(args.data, args, base.data if base else None) if args.data else base.data
    return runner.run(SuggestRun(config, source, args, specs), args, cancel)


def summary_lines(result: Suggestion) -> list[str]:
    if result.best is None and result.stopped_early:
        return [f"no combination of levels meeting k={result.target.k} with at most "
                f"{result.target.max_suppression:g}% suppressed was found before the time limit stopped the search "
                f"({result.nodes_checked:,} of {result.nodes_total:,} nodes checked); more time may find one"]
    if result.best is None:
        return [f"no combination of levels meets k={result.target.k} with at most "
                f"{result.target.max_suppression:g}% suppressed ({result.nodes_checked:,} of "
                f"{result.nodes_total:,} nodes checked)"] + [summary(f) for f in [from_suggestion(result)] if f]
    levels = ", ".join(f"{q}={level}" for q, level in zip(result.qids, result.best.levels))
    proof = "optimal" if result.optimal else "best found (not proved optimal: stopped by the time limit)"
    judged = result.extra.get("verdict")
    verdict_line = ([f"as a scenario: {'ready' if judged['ready'] else 'NOT READY'}"
                     + "".join(f"; {reason}" for reason in judged["reasons"])] if judged else [])
    return [f"suggested levels: {levels} ({proof})", *verdict_line,
            f"{result.metric} loss {result.best.loss:g}; {result.best.suppressed_records:,} records suppressed; "
            f"{result.nodes_checked:,} of {result.nodes_total:,} nodes checked in {result.seconds:.1f}s"]
