"""The analysis description shared by the command line, the GUI and the report.

One frozen, versioned :class:`AnalysisConfig` says which file to read, which role each
column plays, which QID subsets to sweep and which individual targets to attack. It
round-trips through TOML (``tomllib`` to read, ``tomli_w`` to write) and JSON, and
:meth:`AnalysisConfig.validate` reports problems by field and column name.
"""

from __future__ import annotations

import ipaddress
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Mapping, Optional, Sequence
from urllib.parse import urlsplit

import tomli_w

from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..foundation.messages import message
from ..foundation.input_files import ANALYSIS_FILE, ANALYSIS_LIMIT, read_bounded
from ..foundation.paths import portable_path
from .sample_options import SampleOptions
from .options import (NON_NEGATIVE, SHARE, at_least_rule, group, one_of, option, option_problems, read_options,
                      table_keys, toml_keys, write_options)
from .scenario_steps import (PERTURBATIVE_STEPS, HierarchySpec, hierarchy_table, parse_hierarchy_table,
                             parse_scenarios, step_faults)
from .validation import (KEY_TABLE, KEY_TABLES, KEY_TEXT, Problem, check_file, key_fault, no_quasi_identifier,
                         raise_first)

CONFIG_VERSION = 1
TARGET_SYNTAX = ('COL=VALUE;COL=VALUE: a name or value in double quotes is taken exactly (with ";", "=" '
                 'and spaces; "" is one quote), an unquoted one without its surrounding spaces')
FAMILY_KINDS = ("all", "max-size", "exact", "list")
MAX_SWEEP_SUBSETS = (1 << 20) - 1


@dataclass(frozen=True)
class DataSource:
    """Where the microdata is and how to read it (``None`` means detect)."""

    path: str = option(kind="text", help="the data file, relative to the analysis file's folder or absolute")
    format: str = option("auto", kind="text", flag="--format", help="reader to use instead of the file extension")
    delimiter: Optional[str] = option(None, kind="text", flag="--delimiter", written="set",
                                      help="CSV delimiter (default: detected; 'tab' for TSV)")
    encoding: Optional[str] = option(None, kind="text", flag="--encoding", written="set",
                                     help="text encoding (default: detected; e.g. latin-1)")
    sheet: Optional[str] = option(None, kind="text", flag="--sheet", written="set",
                                  help="Excel sheet name (default: the first)")

    def to_dict(self) -> dict[str, Any]:
        """The analysis file's table for this file: path and format, and the read options set."""
        return write_options(self)

    def anchored(self, folder: str | Path) -> "DataSource":
        """This source as an analysis file in ``folder`` stores it (see :func:`portable_path`)."""
        return replace(self, path=portable_path(self.path, folder))


@dataclass(frozen=True)
class Roles:
    """Column roles (docs/methods.md, "Data model"); columns not named are ignored."""

    quasi_identifiers: tuple[str, ...] = option(
        (), kind="columns", flag="--qid", metavar="COL", help="quasi-identifier column(s)",
        label=N_("the Quasi-identifier role on the Data page"), widget="data_page.roles_view")
    sensitive: tuple[str, ...] = option(
        (), kind="columns", flag="--sensitive", metavar="COL", help="sensitive column(s)",
        label=N_("Sensitive (Data page, Role column)"), widget="data_page.roles_view")
    identifiers: tuple[str, ...] = option((), kind="columns", help="direct identifier column(s), never assessed",
                                          label=N_("Role (Data page)"), widget="data_page.roles_view")
    linkage_keys: tuple[str, ...] = option((), kind="columns", help="linkage key column(s), never assessed",
                                           label=N_("Role (Data page)"), widget="data_page.roles_view")
    ignored: tuple[str, ...] = option((), kind="columns", help="column(s) left out of the analysis",
                                      label=N_("Role (Data page)"), widget="data_page.roles_view")
    numeric_qids: tuple[str, ...] = option(  # docs/methods.md, "Numeric keys"
        (), kind="columns", flag="--numeric-qid", metavar="COL",
        help="numeric key column(s) an attacker knows approximately (record linkage, interval disclosure, outliers)",
        label=N_("Numeric QID (Data page, Role column)"), widget="data_page.roles_view")
    weight: Optional[str] = option(  # None: the file is the population
        None, kind="text", flag="--weight", metavar="COL", written="set", help="sampling weight column (numeric, > 0)",
        label=N_("Weight (Data page, Role column)"), widget="data_page.roles_view")
    household: Optional[str] = option(
        None, kind="text", flag="--household", metavar="COL", written="set", help="household / cluster id column",
        label=N_("Household (Data page, Role column)"), widget="data_page.roles_view")

    def role_of(self, column: str) -> str:
        for role in _LIST_ROLES:
            if column in getattr(self, role):
                return role
        for role in ("weight", "household"):
            if column == getattr(self, role):
                return role
        return "ignored"


@dataclass(frozen=True)
class SubsetFamily:
    """Which QID subsets the sweep evaluates (docs/methods.md, "QID-subset sweep").

    ``all``: every non-empty subset; ``max-size``: every subset of at most ``max_size``
    QIDs; ``exact``: only the full QID set; ``list``: the subsets in ``subsets``.
    """

    kind: str = option("all", kind="text", key="subsets", flag="--subsets",
                       help="all (default), exact, or max-size:N",
                       doc="all, exact, max-size:N (or max-size with max_size), or list (with subset_list)",
                       schema={"pattern": "^(all|exact|list|max-size(:[1-9][0-9]*)?)$"},
                       label=N_("Chosen sets"), widget="attacks_page.subset_list")
    max_size: Optional[int] = option(None, kind="whole", rule=at_least_rule(1), flag="--subsets",
                                     help="the largest subset with subsets = \"max-size\"",
                                     label=N_("Every subset of at most"), widget="attacks_page.max_size")
    subsets: tuple[tuple[str, ...], ...] = option(
        (), kind="structure", key="subset_list", flag="--subsets", help="the QID subsets with subsets = \"list\"",
        schema={"type": "array", "items": {"type": "array", "items": {"type": "string"}}},
        label=N_("Chosen sets"), widget="attacks_page.subset_list")

    @classmethod
    def parse(cls, text: str, option: str = "--subsets") -> "SubsetFamily":
        """Parse ``all``, ``exact`` or ``max-size:N``; a fault names ``option`` (the flag, or the
        analysis file and its key)."""
        text = text.strip()
        if text in ("all", "exact"):
            return cls(kind=text)
        if text.startswith("max-size:"):
            number = text.split(":", 1)[1]
            if not number.isdigit() or int(number) < 1:
                raise InputError(message(N_("{option} {text!r}: max-size needs a whole number >= 1, e.g. max-size:3"),
                                         option=option, text=text))
            return cls(kind="max-size", max_size=int(number))
        raise InputError(message(N_("{option} {text!r}: expected all, exact or max-size:N"), option=option, text=text))

    def label(self) -> str:
        if self.kind == "max-size":
            return f"max-size:{self.max_size}"
        return self.kind


def _target_field(text: str, start: int, stops: str, option: str) -> tuple[str, int, bool]:
    """One name or value of a target from ``start`` up to a character of ``stops`` (or the end):
    (its text, where it stopped, whether it was quoted). See :meth:`Target.parse`."""
    i = start
    while i < len(text) and text[i].isspace():
        i += 1
    if i == len(text) or text[i] != '"':
        end = i
        while end < len(text) and text[end] not in stops:
            end += 1
        return text[start:end].strip(), end, False
    out, i = [], i + 1
    while True:
        if i >= len(text):
            raise InputError(f"{option} {text!r}: a quote opened at character {start + 1} is not closed")
        if text[i] == '"':
            if text[i + 1:i + 2] == '"':
                out.append('"')
                i += 2
                continue
            break
        out.append(text[i])
        i += 1
    end = i + 1
    while end < len(text) and text[end].isspace():
        end += 1
    if end < len(text) and text[end] not in stops:
        raise InputError(f"{option} {text!r}: unexpected {text[end]!r} after the quoted {''.join(out)!r}; "
                         f"expected {' or '.join(repr(c) for c in stops)}")
    return "".join(out), end, True


def _quoted(text: str, stops: str) -> str:
    """``text`` as :meth:`Target.parse` reads it back: quoted when it would not survive unquoted."""
    if text != text.strip() or text.startswith('"') or any(c in text for c in stops):
        return '"' + text.replace('"', '""') + '"'
    return text


@dataclass(frozen=True)
class Target:
    """An individual target: the QID values the attacker knows, as text."""

    values: tuple[tuple[str, str], ...]

    @classmethod
    def parse(cls, text: str, option: str = "--target") -> "Target":
        """Parse ``COL=VALUE;COL=VALUE``; an empty VALUE means a missing value. A name or value in
        double quotes is taken exactly (with ``;``, ``=`` and spaces; ``""`` is one quote), an
        unquoted one without its surrounding spaces (an unquoted value may hold ``=``).

        >>> Target.parse('age = 25; " sp "=x;"x=y"="a;b"').values
        (('age', '25'), (' sp ', 'x'), ('x=y', 'a;b'))
        """
        pairs, i = [], 0
        while i <= len(text):
            column, i, quoted = _target_field(text, i, "=;", option)
            if i < len(text) and text[i] == "=":
                value, i, _ = _target_field(text, i + 1, ";", option)
                pairs.append((column, value))
            elif column or quoted:
                raise InputError(f"{option} {text!r}: {column!r} is not COL=VALUE")
            i += 1
        if not pairs:
            raise InputError(f"{option} {text!r}: give at least one COL=VALUE")
        return cls(tuple(pairs))

    @property
    def columns(self) -> tuple[str, ...]:
        return tuple(column for column, _ in self.values)

    def label(self) -> str:
        """The target as ``--target`` takes it back (names and values quoted only when needed)."""
        return "; ".join(f"{_quoted(column, '=;')}={_quoted(value, ';')}" for column, value in self.values)


@dataclass(frozen=True)
class Thresholds:
    """The release board's limits behind the report's verdict (examples, not policy).

    ``unique_share``: most records allowed to be unique (deterministic re-identification);
    ``reid_prob``: highest mean re-identification probability; ``inference_certain_gain``:
    largest rise, over the prior, of the share of records whose sensitive value is inferred
    with certainty; ``expected_reid_share``: most records expected to be re-identified (sum of
    the individual risks / n), the re-identification limit used instead of the first two when
    the file has a sampling weight.
    """

    unique_share: float = option(0.01, kind="number", rule=SHARE,
                                 help="most records allowed to be unique (deterministic re-identification)")
    reid_prob: float = option(0.05, kind="number", rule=SHARE, help="highest mean re-identification probability")
    inference_certain_gain: float = option(
        0.10, kind="number", rule=SHARE,
        help="largest rise, over the prior, of the share of records whose sensitive value is inferred with certainty")
    expected_reid_share: float = option(
        0.01, kind="number", rule=SHARE,
        help="most records expected to be re-identified, the limit used instead of the first two with a sampling "
             "weight")

    def problems(self, prefix: str = "report.thresholds.") -> list[Problem]:
        """Each limit is a share: between 0 and 1."""
        return option_problems(self, prefix)


# the report's sections an analyst may leave out (the others always appear)
OPTIONAL_SECTIONS = ("methods", "appendix")


@dataclass(frozen=True)
class ReportOptions:
    """What the report shows: who ran it and for which organisation, the verdict thresholds,
    whether values that single out a person (individual targets' values and guesses) may appear
    (off by default), and which optional sections (:data:`OPTIONAL_SECTIONS`) it holds."""

    author: str = option("", kind="text", flag="--author", help="who ran the analysis (shown on the report's cover)")
    include_examples: bool = option(False, kind="boolean", flag="--include-examples",
                                    help="let the report show target values and inferred values (off by default)")
    thresholds: Thresholds = group("thresholds", Thresholds)
    language: str = option("", kind="text", written="changed",  # engine/foundation/i18n.py
                           help="the report's language, e.g. pt_BR (default: the system's)")
    organisation: str = option("", kind="text", written="changed", help="the organisation shown on the report's cover")
    sections: tuple[str, ...] = option(OPTIONAL_SECTIONS, kind="structure", written="changed",
                                       schema={"type": "array", "items": {"enum": list(OPTIONAL_SECTIONS)}},
                                       help="the optional sections the report holds")


_TARGET_HELP = "report the blocks of the full QID set that fall short of this {} level"
MODEL_TARGETS = ("k", "l", "alpha", "t", "beta", "delta")  # the order of their flags and checks


@dataclass(frozen=True)
class ModelTargets:
    """Levels the analyst wants (None: not checked); blocks that fall short are reported."""

    k: Optional[int] = option(None, kind="whole", rule=at_least_rule(1), flag="--target-k", metavar="K",
                              written="set", help=_TARGET_HELP.format("k-anonymity"))
    alpha: Optional[float] = option(None, kind="number", rule=SHARE, flag="--target-alpha", metavar="ALPHA",
                                    written="set", help=_TARGET_HELP.format("(alpha,k)-anonymity"))
    l: Optional[int] = option(None, kind="whole", rule=at_least_rule(1), flag="--target-l", metavar="L",
                              written="set", help=_TARGET_HELP.format("l-diversity and entropy l"))
    t: Optional[float] = option(None, kind="number", rule=SHARE, flag="--target-t", metavar="T", written="set",
                                help=_TARGET_HELP.format("t-closeness"))
    beta: Optional[float] = option(None, kind="number", rule=NON_NEGATIVE, flag="--target-beta", metavar="BETA",
                                   written="set", help=_TARGET_HELP.format("basic beta-likeness"))
    delta: Optional[float] = option(None, kind="number", rule=NON_NEGATIVE, flag="--target-delta", metavar="DELTA",
                                    written="set", help=_TARGET_HELP.format("delta-disclosure"))


@dataclass(frozen=True)
class PrivacyModelOptions:
    """Whether to check the privacy models, the l of recursive (c,l)-diversity, and targets."""

    enabled: bool = option(False, kind="boolean", flag="--models", help="check the nine privacy models for every subset")
    l: int = option(2, kind="whole", rule=at_least_rule(1), flag="--l", metavar="L",
                    help="the l of recursive (c,l)-diversity (default 2)",
                    label=N_("l for recursive (c,l)-diversity"), widget="attacks_page.models_l")
    targets: ModelTargets = group("targets", ModelTargets)


@dataclass(frozen=True)
class Release:
    """A later release of the same survey, linked to the focal one by a persistent key."""

    data: DataSource
    label: str
    key: Optional[str] = None  # the key column in this file (None: the linkage's key name)


@dataclass(frozen=True)
class Linkage:
    """Longitudinal releases (docs/methods.md, "Linked releases"): the focal release's key
    column and label, the later releases in order, and what to do with duplicate keys
    ("error", or "first" to keep each key's first record)."""

    key: str = option("", kind="text", flag="--link-key", metavar="COL",
                      help="the persistent key column linking the releases",
                      label=N_("Linkage key (Releases page)"), widget="releases_page.focal_key")
    focal_label: str = option("1", kind="text", flag="--focal-label", help="label of the focal release (default 1)",
                              schema={"type": ["string", "integer"]},
                              label=N_("Label (Releases page)"), widget="releases_page.focal_label_edit")
    releases: tuple[Release, ...] = option(
        (), kind="structure", flag="--release", metavar="LATER[@LABEL]", arg={"action": "append"},
        help="a later release of the same survey, in order (repeatable); LABEL defaults to 2, 3, ...",
        doc="the later releases of the same survey, in order ([[linkage.releases]], each a data file's table)",
        schema={"type": "array"},
        label=N_("Later releases (Releases page)"), widget="releases_page.table")
    duplicates: str = option(
        "error", kind="text", rule=one_of(("error", "first")), flag="--duplicate-keys",
        help="duplicate keys in a release: stop with an error (default) or keep the first record",
        label=N_("Duplicate keys in a release"), widget="releases_page.duplicates")

    @property
    def enabled(self) -> bool:
        return bool(self.releases)

    @property
    def labels(self) -> tuple[str, ...]:
        return (self.focal_label,) + tuple(r.label for r in self.releases)


@dataclass(frozen=True)
class ClusterOptions:
    """A Dask scheduler to run the sweep on (empty address: this machine), and the PEM files
    of a ``tls://`` connection: the agency's CA, this client's certificate and its key."""

    address: str = option("", kind="text", key="cluster", flag="--cluster", metavar="tls://HOST:PORT",
                          written="changed",
                          help="run the sweep on the Dask scheduler at this address (tls:// recommended)",
                          label=N_("Dask cluster (Attacks page, Run settings)"), widget="attacks_page.cluster.address")
    tls_ca: Optional[str] = option(None, kind="text", key="cluster_ca", flag="--cluster-ca", metavar="PEM",
                                   written="set", help="the agency's CA certificate (tls://)",
                                   label=N_("Dask cluster certificates (Attacks page)"), widget="attacks_page.cluster")
    tls_cert: Optional[str] = option(None, kind="text", key="cluster_cert", flag="--cluster-cert", metavar="PEM",
                                     written="set", help="this client's certificate (tls://)",
                                     label=N_("Dask cluster certificates (Attacks page)"),
                                     widget="attacks_page.cluster")
    tls_key: Optional[str] = option(None, kind="text", key="cluster_key", flag="--cluster-key", metavar="PEM",
                                    written="set", help="this client's private key (tls://)",
                                    label=N_("Dask cluster certificates (Attacks page)"),
                                    widget="attacks_page.cluster")

    @property
    def enabled(self) -> bool:
        return bool(self.address)

    def anchored(self, folder: str | Path) -> "ClusterOptions":
        """These settings as an analysis file in ``folder`` stores them: each PEM file's path
        relative to ``folder`` when inside it, else absolute (:func:`portable_path`)."""
        return replace(self, **{name: portable_path(path, folder) for name in ("tls_ca", "tls_cert", "tls_key")
                                if (path := getattr(self, name))})

    def check(self) -> list[str]:
        """Validate the address; return warnings (plain tcp outside loopback).

        >>> ClusterOptions("tcp://127.0.0.1:8786").check()
        []
        """
        raise_first(self.problems())
        parts = urlsplit(self.address)
        if parts.scheme == "tcp" and not _loopback(parts.hostname):
            return [message(N_("cluster address {address!r} is plain tcp: the encoded microdata travel "
                               "unencrypted; use tls:// with the agency's certificates"), address=self.address)]
        return []

    def problems(self, prefix: str = "cluster.") -> list[Problem]:
        """The rules this cluster setting breaks, by field: a ``tls://`` or ``tcp://`` address
        with host and port; all three PEM files with ``tls://``, none with ``tcp://``."""
        parts = urlsplit(self.address)
        try:
            port = parts.port
        except ValueError:
            port = None
        if parts.scheme not in ("tcp", "tls") or not parts.hostname or port is None:
            return [Problem(prefix + "address", message(N_("must be tls://HOST:PORT or tcp://HOST:PORT")),
                            self.address)]
        names = ("tls_ca", "tls_cert", "tls_key")
        if parts.scheme == "tls":
            return [Problem(prefix + name, message(N_("must be given for a tls:// cluster address")))
                    for name in names if not getattr(self, name)]
        return [Problem(prefix + name, message(N_("is only for a tls:// cluster address, not tcp://")))
                for name in names if getattr(self, name)]


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


LABEL_MARK = "@"


def split_label(name: str, labels: tuple[str, ...]) -> tuple[str, Optional[str]]:
    """'occupation@2' -> ('occupation', '2') when '2' is a release label, else (name, None)."""
    if LABEL_MARK in name:
        column, label = name.rsplit(LABEL_MARK, 1)
        if label in labels and column:
            return column, label
    return name, None


class AnalysisFile:
    """Reading and writing of a config kept in an analysis file (the assessment's, synthetic
    data's and noisy counts' configs); the config gives ``from_dict``, ``to_dict`` and
    ``checked``."""

    def to_toml(self) -> str:
        return tomli_w.dumps(self.to_dict())

    @classmethod
    def from_toml(cls, path: str | Path, check: bool = True):
        """Read an analysis file; relative data paths are taken from the file's folder. With
        ``check``, its values are validated too (an incomplete analysis still opens): the first
        problem names the file and its key. The command line checks after applying its options."""
        config = cls.from_dict(read_toml(path), source=Path(path).name, base_dir=Path(path).parent)
        return config.checked(str(path)) if check else config


@dataclass(frozen=True)
class AnalysisConfig(AnalysisFile):
    """Everything needed to reproduce an assessment (but never the data itself)."""

    data: DataSource = group("data", cls=DataSource)
    roles: Roles = group("roles", Roles)
    subsets: SubsetFamily = group("attacks", SubsetFamily, key="attacks.subsets", flag="--subsets",
                                  help="which QID subsets the sweep evaluates", label=N_("Chosen sets"),
                                  widget="attacks_page.subset_list")
    targets: tuple[Target, ...] = option(
        (), kind="structure", flag="--target", metavar="COL=VALUE;COL=VALUE", arg={"action": "append"},
        help=f"an individual target's known values (repeatable); {TARGET_SYNTAX}",
        doc="individual targets, each a table of COLUMN = VALUE the attacker knows ([[targets]])",
        schema={"type": "array", "items": {"type": "object", "minProperties": 1,
                                           "additionalProperties": {"type": ["string", "number", "boolean"]}}},
        label=N_("Individual targets"), widget="attacks_page.targets")
    jobs: int = option(1, kind="whole", key="run.jobs", rule=at_least_rule(1), flag="--jobs",
                       help="processor cores the sweep uses, as threads or worker processes (default 1)",
                       label=N_("Processor cores"),
                       widget="attacks_page.jobs")
    report: ReportOptions = group("report", ReportOptions)
    models: PrivacyModelOptions = group("models", PrivacyModelOptions)
    linkage: Linkage = group("linkage", Linkage)
    cluster: ClusterOptions = group("run", ClusterOptions)
    sample: SampleOptions = group("sample", SampleOptions)
    version: int = option(CONFIG_VERSION, kind="whole", schema={"const": CONFIG_VERSION},
                          help="the analysis file's format")
    scenarios: tuple = option(  # engine.analysis.scenario_steps.Scenario, run on transformed copies of the data
        (), kind="structure", key="scenario", flag="--scenario", metavar="FILE.toml",
        help="run every attack again on each [[scenario]] of FILE (transformed copies of the data)",
        doc="scenarios ([[scenario]]): transformed copies of the data on which every attack runs again",
        schema={"type": "array", "items": {"type": "object", "required": ["name"]}},
        label=N_("Steps (Scenarios page)"), widget="scenarios_page.step_list")
    interval_radius: float = option(  # docs/methods.md, "Numeric keys"
        0.05, kind="number", key="attacks.interval_radius", flag="--interval-radius", metavar="R", written="changed",
        schema={"exclusiveMinimum": 0, "maximum": 10},
        help="interval disclosure radius, in standard deviations of the released values (default 0.05, as "
             "sdcMicro's dRisk)")
    suggest_hierarchies: tuple[tuple[str, HierarchySpec], ...] = option(  # docs/methods.md, "Suggested release"
        (), kind="structure", key="suggest.hierarchies",
        help="the hierarchy Suggest generalises each quasi-identifier with",
        doc="the hierarchy Suggest generalises each quasi-identifier with ([[suggest.hierarchies]]: the column and "
            "its hierarchy with the keys of a recode step: hierarchy, intervals, breaks, bottom/top, dates or merge)",
        schema={"type": "array", "items": {"type": "object", "required": ["column"]}},
        label=N_("Hierarchies (Scenarios page, Suggest)"), widget="scenarios_page.suggest_panel.hierarchies")

    @property
    def sample_requested(self) -> bool:
        """Whether the sample-file measures run: a weight, a household id, a sampling fraction
        or SUDA was asked for."""
        return bool(self.roles.weight or self.roles.household or self.sample.suda
                    or self.sample.sampling_fraction is not None)

    def needed_columns(self) -> list[str]:
        """The focal file's columns an assessment reads, in a stable order, each once.

        With linked releases, names labelled for a later release (``occupation@2``) are read
        from that file instead (see :mod:`engine.attacks.linkage`)."""
        labels = self.linkage.labels if self.linkage.enabled else ()

        def focal(names: tuple[str, ...]) -> list[str]:
            out = []
            for name in names:
                column, label = split_label(name, labels)
                if label in (None, self.linkage.focal_label):
                    out.append(column)
            return out

        targets = tuple(c for t in self.targets for c in t.columns)
        design = [c for c in (self.roles.weight, self.roles.household) if c]
        return list(dict.fromkeys(focal(self.roles.quasi_identifiers) + list(self.roles.sensitive)
                                  + focal(targets) + design + list(self.roles.numeric_qids)))

    def validate(self) -> None:
        """Check the config on its own (column existence: :func:`column_problems`)."""
        raise_first(self.structure_problems())
        if self.cluster.enabled:
            self.cluster.check()
        raise_first(self.problems())

    def structure_problems(self) -> list[Problem]:
        """The structural rules this config breaks, by field: a quasi-identifier chosen, one
        role per column, a valid subset family, targets of known-to-the-attacker columns, the
        linkage's key and labels."""
        roles, out = self.roles, []
        if not roles.quasi_identifiers:
            out.append(no_quasi_identifier("roles.quasi_identifiers"))
        out += self.role_problems()
        if self.linkage.enabled and (roles.weight or roles.household or self.sample.suda):
            out.append(Problem.about("linkage.releases", message(N_(
                "the sample-file measures (a weight, a household id, SUDA) do not run on linked releases; assess "
                "the focal release on its own"))))
        out += self._family_problems()
        for target in self.targets:
            columns = target.columns
            if len(set(columns)) != len(columns):
                out.append(Problem.about("targets", message(N_("target {target!r} names a column twice"),
                                                            target=target.label())))
            for column in columns:
                if column in roles.sensitive:
                    out.append(Problem.about("targets", message(N_(
                        "target {target!r}: {column!r} is a sensitive attribute, not something the attacker knows"),
                        target=target.label(), column=column)))
        out += self._scenario_problems()
        if self.linkage.enabled and any(isinstance(step, PERTURBATIVE_STEPS) for scenario in self.scenarios
                                        for step in scenario.steps):
            out.append(Problem.about("scenarios", message(N_(
                "perturbative steps (PRAM, microaggregation, noise, rank swapping, rounding) do not run on linked "
                "releases"))))
        if roles.numeric_qids and self.linkage.enabled:
            out.append(Problem.about("roles.numeric_qids", message(N_(
                "numeric quasi-identifiers are not assessed on linked releases; assess the focal release on its own"))))
        if not 0 < self.interval_radius <= 10:
            out.append(Problem("interval_radius", message(N_("must be above 0 and at most 10")),
                               f"{self.interval_radius:g}"))
        link = self.linkage
        if link.enabled:
            if not link.key:
                out.append(Problem("linkage.key", "COL", lead=message(N_("linked releases need a linkage key: give "))))
            if link.duplicates not in ("error", "first"):
                out.append(Problem("linkage.duplicates", message(N_("must be 'error' or 'first'")), link.duplicates))
            if len(set(link.labels)) != len(link.labels):
                out.append(Problem.about("linkage.releases", message(N_("release labels must differ (got {labels})"),
                                                                     labels=", ".join(link.labels))))
            for label in link.labels:
                if not label or LABEL_MARK in label:
                    field = "linkage.focal_label" if label == link.focal_label else "linkage.releases"
                    out.append(Problem.about(field, message(N_("release label {label!r} must be non-empty and "
                                                               "without '{mark}'"), label=label, mark=LABEL_MARK)))
        return out

    def suggest_problems(self) -> list[Problem]:
        """Suggest's hierarchies are of quasi-identifiers, one each."""
        qids, out = self.roles.quasi_identifiers, []
        columns = [column for column, _ in self.suggest_hierarchies]
        for column in columns:
            if column not in qids:
                out.append(Problem.about("suggest_hierarchies", message(N_(
                    "column {column!r} is not one of the quasi-identifiers ({qids})"), column=column,
                    qids=", ".join(qids) or "-")))
        for column in sorted({c for c in columns if columns.count(c) > 1}):
            out.append(Problem.about("suggest_hierarchies", message(N_("column {column!r} is given twice"),
                                                                    column=column)))
        return out

    def role_problems(self) -> list[Problem]:
        """One role per column, each named once, and no empty weight or household name."""
        roles, out = self.roles, []
        seen: dict[str, str] = {}
        for role in _LIST_ROLES:
            for column in getattr(roles, role):
                if column in seen:
                    text = (twice_as(column, role) if seen[column] == role
                            else both_roles(column, seen[column], role))
                    out.append(Problem.about(f"roles.{role}", text))
                seen.setdefault(column, role)
        for role in ("weight", "household"):
            column = getattr(roles, role)
            if column is None:
                continue
            if not column:
                out.append(Problem.about(f"roles.{role}", message(N_("the column name is empty"))))
            elif column in seen:
                out.append(Problem.about(f"roles.{role}", both_roles(column, seen[column], role)))
            seen.setdefault(column, role)
        return out

    def _scenario_problems(self) -> list[Problem]:
        """Scenario steps name quasi-identifiers not dropped before; cross-tabulations name
        columns of the analysis (a quasi-identifier or a sensitive column)."""
        if not self.scenarios:
            return []

        qids, known, out = self.roles.quasi_identifiers, set(self.needed_columns()), []
        for scenario in self.scenarios:
            out += [Problem.about("scenarios", fault)
                    for fault in step_faults(scenario, qids, self.roles.numeric_qids)]
            for name in (c for columns in scenario.crosstabs for c in columns):
                if name not in known:
                    out.append(Problem.about("scenarios", message(N_(
                        "scenario {scenario!r}: crosstab column {column!r} is not a quasi-identifier or sensitive "
                        "column of the analysis"), scenario=scenario.name, column=name)))
        return out

    def _family_problems(self) -> list[Problem]:
        """The subset family: a known kind, a size for max-size, a list of QID subsets, and
        not more subsets than the sweep supports."""
        family, qids = self.subsets, self.roles.quasi_identifiers
        if family.kind not in FAMILY_KINDS:
            return [Problem.about("subsets", message(N_("unknown family {kind!r} (expected one of {kinds})"),
                                                     kind=family.kind, kinds=", ".join(FAMILY_KINDS)))]
        if family.kind == "max-size" and family.max_size is None:
            return [Problem.about("subsets.max_size", message(N_("max-size needs a size of at least 1")))]
        out = []
        if family.kind == "list":
            if not family.subsets:
                out.append(Problem.about("subsets.subsets", message(N_("the list of subsets is empty"))))
            for subset in family.subsets:
                if not subset:
                    out.append(Problem.about("subsets.subsets", message(N_("an empty subset was given"))))
                for column in subset:
                    if column not in qids and not self.linkage.enabled:
                        out.append(Problem.about("subsets.subsets", message(N_(
                            "column {column!r} is not one of the quasi-identifiers"), column=column)))
                if len(set(subset)) != len(subset):
                    out.append(Problem.about("subsets.subsets", message(N_("{subset} names a column twice"),
                                                                       subset=str(list(subset)))))
        k = len(qids)
        if family.kind == "all" and (1 << k) - 1 > MAX_SWEEP_SUBSETS:
            out.append(Problem.about("subsets", message(N_(
                "{k} quasi-identifiers give {count:,} subsets, more than the {most:,} supported with all subsets; "
                "use max-size:N (e.g. max-size:4)"), k=k, count=(1 << k) - 1, most=MAX_SWEEP_SUBSETS)))
        return out

    def problems(self) -> list[Problem]:
        """The value rules this config breaks (:mod:`engine.analysis.validation`), by field: the rules
        declared with the options."""
        out = self.sample.problems()
        if self.subsets.kind == "max-size":
            out += option_problems(self.subsets, "subsets.", ("max_size",))
        out += option_problems(self, "", ("jobs",))
        out += option_problems(self.models, "models.", ("l",))
        for name in MODEL_TARGETS:
            out += option_problems(self.models.targets, "models.targets.", (name,))
        return out + self.report.thresholds.problems()

    def with_jobs(self, jobs: int) -> "AnalysisConfig":
        return replace(self, jobs=jobs)

    def anchored(self, folder: str | Path) -> "AnalysisConfig":
        """This config as an analysis file in ``folder`` stores it: the data file's, every
        linked release's, the cluster's certificate files' and every scenario's hierarchy and
        exported file's path and Suggest's hierarchy files relative to ``folder`` or absolute
        (:func:`portable_path`)."""
        releases = tuple(replace(r, data=r.data.anchored(folder)) for r in self.linkage.releases)
        return replace(self, data=self.data.anchored(folder), linkage=replace(self.linkage, releases=releases),
                       cluster=self.cluster.anchored(folder),
                       scenarios=tuple(s.anchored(folder) for s in self.scenarios),
                       suggest_hierarchies=tuple((c, h.anchored(folder)) for c, h in self.suggest_hierarchies))

    # --- serialisation -------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        attacks = write_options(self.subsets, ("kind",))
        if self.subsets.kind == "max-size":
            attacks["max_size"] = self.subsets.max_size
        if self.subsets.kind == "list":
            attacks["subset_list"] = [list(s) for s in self.subsets.subsets]
        attacks.update(write_options(self, ("interval_radius",), within="attacks"))
        return {
            "version": self.version,
            "data": self.data.to_dict(),
            "roles": write_options(self.roles),
            "attacks": attacks,
            "targets": [dict(t.values) for t in self.targets],
            "run": write_options(self, ("jobs",), within="run") | write_options(self.cluster),
            "report": report_dict(self.report),
            "models": {**write_options(self.models), "targets": write_options(self.models.targets)},
            "linkage": {**write_options(self.linkage), "releases": [_release_dict(r) for r in self.linkage.releases]},
            "sample": self.sample.to_dict(),
            **({"scenario": [s.to_dict() for s in self.scenarios]} if self.scenarios else {}),
            **({"suggest": {"hierarchies": [hierarchy_table(c, h) for c, h in self.suggest_hierarchies]}}
               if self.suggest_hierarchies else {}),
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], source: str = "analysis",
                  base_dir: Optional[Path] = None) -> "AnalysisConfig":
        """Build a config from parsed TOML/JSON, reporting unknown keys and wrong types."""
        check_keys(raw, table_keys(cls, ""), source, "")
        version = raw.get("version", CONFIG_VERSION)
        if version != CONFIG_VERSION:
            raise InputError(message(UNSUPPORTED_VERSION, source=source, version=version, expected=CONFIG_VERSION))
        source_obj = data_source(_table(raw, "data", source), source, "data.", base_dir)
        roles_raw = raw.get("roles", {})
        if not isinstance(roles_raw, Mapping):
            raise key_fault(source, "roles", KEY_TABLE)
        check_keys(roles_raw, table_keys(Roles, ""), source, "roles.")
        roles = Roles(**read_options(Roles, roles_raw, source, "roles."))
        attacks = raw.get("attacks", {})
        if not isinstance(attacks, Mapping):
            raise key_fault(source, "attacks", KEY_TABLE)
        check_keys(attacks, table_keys(cls, "attacks"), source, "attacks.")
        radius = read_options(cls, attacks, source, "attacks.", within="attacks").get("interval_radius", 0.05)
        kind = read_options(SubsetFamily, attacks, source, "attacks.", ("kind",)).get("kind", "all")
        if kind.startswith("max-size:"):
            family = SubsetFamily.parse(kind, f"{source}: attacks.subsets")
        else:
            max_size = read_options(SubsetFamily, attacks, source, "attacks.", ("max_size",)).get("max_size")
            subset_list = attacks.get("subset_list", [])
            if not isinstance(subset_list, list) or not all(
                    isinstance(s, list) and all(isinstance(c, str) for c in s) for s in subset_list):
                raise InputError(message(N_("{source}: {key} must be a list of lists of column names"), source=source,
                                         key="attacks.subset_list"))
            family = SubsetFamily(kind=kind, max_size=max_size,
                                  subsets=tuple(tuple(s) for s in subset_list))
        targets_raw = raw.get("targets", [])
        if not isinstance(targets_raw, list):
            raise key_fault(source, "targets", KEY_TABLES)
        targets = []
        for number, entry in enumerate(targets_raw, start=1):
            if not isinstance(entry, Mapping) or not entry:
                raise InputError(message(N_("{source}: {key} must be a table of COLUMN = VALUE"), source=source,
                                         key=f"targets[{number}]"))
            targets.append(Target(tuple((str(k), _value_text(v)) for k, v in entry.items())))
        run = raw.get("run", {})
        if not isinstance(run, Mapping):
            raise key_fault(source, "run", KEY_TABLE)
        check_keys(run, table_keys(cls, "run"), source, "run.")
        jobs = read_options(cls, run, source, "run.", within="run").get("jobs", 1)
        return cls(data=source_obj, roles=roles, subsets=family, targets=tuple(targets),
                   jobs=jobs, report=report_options(raw.get("report", {}), source),
                   models=_model_options(raw.get("models", {}), source),
                   linkage=_linkage(raw.get("linkage", {}), source, base_dir),
                   cluster=_cluster(run, source, base_dir), version=version,
                   scenarios=_scenarios(raw.get("scenario"), source, base_dir),
                   sample=SampleOptions.from_dict(raw.get("sample", {}), source), interval_radius=float(radius),
                   suggest_hierarchies=_suggest_hierarchies(raw.get("suggest", {}), source, base_dir))

    def checked(self, path: str) -> "AnalysisConfig":
        """This config, read from the file ``path``, if it has no problem (else the first, as an
        :class:`InputError` naming the file and its key)."""
        return check_file(self, self.role_problems() + self.suggest_problems() + self.problems(), path, TOML_KEYS)


TOML_KEYS = toml_keys(AnalysisConfig)
"""The analysis file's key of each config field whose name differs (engine.analysis.validation.key_message)."""


def no_column(file: str, names: Sequence[str], column: str) -> str:
    """``FILE: no column 'agee'; did you mean 'age'? (columns: ...)``: a column the file lacks."""
    import difflib

    close = difflib.get_close_matches(column, names, n=1)
    listing = ", ".join(map(repr, names[:12])) + (" ..." if len(names) > 12 else "")
    if close:
        return message(N_("{file}: no column {column!r}; did you mean {close!r}? (columns: {columns})"), file=file,
                       column=column, close=close[0], columns=listing)
    return message(N_("{file}: no column {column!r} (columns: {columns})"), file=file, column=column, columns=listing)


def column_problems(config: AnalysisConfig, columns: Mapping[str, Sequence[str]],
                    files: Mapping[str, str]) -> list[Problem]:
    """The config's columns that its data files lack, by field. ``columns`` and ``files``:
    each release's column names and file name by release label (without linked releases,
    the focal label alone). A name labelled for a release (``occupation@2``) is looked up in
    that release; without a label, a quasi-identifier in any release, and the others in the
    focal file; with linked releases, every release needs its linkage key."""
    link = config.linkage
    focal = link.focal_label
    labels = tuple(columns) if link.enabled else ()
    out: list[Problem] = []

    def lacks(field: str, name: str, anywhere: bool = False) -> None:
        column, label = split_label(name, labels)
        if label is None and anywhere and len(columns) > 1:
            if not any(column in names for names in columns.values()):
                out.append(Problem.about(field, message(N_("QID {name!r}: no release has a column of that name "
                                                           "({files})"), name=name, files=", ".join(files.values()))))
            return
        label = label or focal
        if column not in columns[label]:
            out.append(Problem.about(field, no_column(files[label], columns[label], column)))

    roles = config.roles
    for name in roles.quasi_identifiers:
        lacks("roles.quasi_identifiers", name, anywhere=True)
    for name in roles.sensitive:
        lacks("roles.sensitive", name)
    for name in roles.numeric_qids:
        lacks("roles.numeric_qids", name)
    for role in ("weight", "household"):
        if getattr(roles, role):
            lacks(f"roles.{role}", getattr(roles, role))
    for name in dict.fromkeys(c for t in config.targets for c in t.columns):
        lacks("targets", name)
    if link.enabled:
        for release in (None,) + link.releases:
            label, key = (focal, link.key) if release is None else (release.label, release.key or link.key)
            if key and key not in columns[label]:
                field = "linkage.key" if release is None or not release.key else "linkage.releases"
                out.append(Problem.about(field, message(N_("{file}: no linkage key column {key!r} (columns: "
                                                           "{columns})"), file=files[label], key=key,
                                                        columns=", ".join(map(repr, columns[label][:12])))))
    return out


def _suggest_hierarchies(raw: Any, source: str, base_dir: Optional[Path]) -> tuple[tuple[str, HierarchySpec], ...]:
    """The ``[[suggest.hierarchies]]`` tables, by column, each read as a recode step's hierarchy
    (:func:`engine.analysis.scenario_steps.parse_hierarchy_table`)."""
    if not isinstance(raw, Mapping):
        raise key_fault(source, "suggest", KEY_TABLE)
    check_keys(raw, table_keys(AnalysisConfig, "suggest"), source, "suggest.")
    tables = raw.get("hierarchies", [])
    if not isinstance(tables, list):
        raise key_fault(source, "suggest.hierarchies", KEY_TABLES)
    found = [parse_hierarchy_table(table, f"{source}: suggest.hierarchies[{number}]", base_dir)
             for number, table in enumerate(tables, start=1)]
    return tuple(sorted(found, key=lambda pair: pair[0]))


def _scenarios(raw: Any, source: str, base_dir: Optional[Path]) -> tuple:
    return parse_scenarios(raw, source, base_dir)


def read_toml(path: str | Path, what: str = ANALYSIS_FILE) -> dict[str, Any]:
    """The parsed analysis file at ``path`` (every analysis's config reads its file here; a
    scenario file with ``what``); a missing, unreadable, invalid or oversized file, or one that
    is not a regular file, is an :class:`InputError` naming it (:mod:`engine.foundation.input_files`)."""
    path = Path(path)
    data = read_bounded(path, what, ANALYSIS_LIMIT)
    if data is None:
        raise InputError(message(N_("{path}: no such analysis file"), path=str(path)))
    try:
        return tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise InputError(message(N_("{path}: not a UTF-8 text file (an analysis file is TOML)"),
                                 path=str(path))) from None
    except tomllib.TOMLDecodeError as exc:
        raise InputError(message(N_("{path}: not a valid TOML analysis file ({error})"), path=str(path),
                                 error=str(exc))) from None


UNSUPPORTED_VERSION = N_("{source}: version {version!r} is not supported (expected {expected})")
NO_DATA_PATH = N_("{source}: {key} must name the data file")
UNKNOWN_KEY = N_("{source}: unknown key {key} (allowed: {allowed})")
SECTION_NAMES = N_("{source}: {key} must be a list of section names")
UNKNOWN_SECTION = N_("{source}: report.sections: unknown section {value!r} (allowed: {allowed})")
MISSING_TABLE = N_("{source}: missing table [{key}]")
_ROLE_WORDS = {
    "quasi_identifiers": N_("a quasi-identifier"),
    "sensitive": N_("a sensitive attribute"),
    "identifiers": N_("an identifier"),
    "linkage_keys": N_("a linkage key"),
    "ignored": N_("ignored"),
    "numeric_qids": N_("a numeric quasi-identifier"),
    "weight": N_("the sampling weight"),
    "household": N_("the household id"),
}


def both_roles(column: str, first: str, second: str) -> str:
    """``column 'x' cannot be both ROLE and ROLE`` for two of the roles of :data:`_ROLE_WORDS`."""
    return message(N_("column {column!r} cannot be both {first} and {second}"), column=column,
                   first=message(_ROLE_WORDS[first]), second=message(_ROLE_WORDS[second]))


def twice_as(column: str, role: str) -> str:
    """``column 'x' is given twice as ROLE`` for a role of :data:`_ROLE_WORDS`."""
    return message(N_("column {column!r} is given twice as {role}"), column=column, role=message(_ROLE_WORDS[role]))
_LIST_ROLES = ("quasi_identifiers", "sensitive", "identifiers", "linkage_keys", "ignored", "numeric_qids")


def data_source(data: Mapping[str, Any], source: str, prefix: str, base_dir: Optional[Path],
                 extra: frozenset[str] = frozenset()) -> DataSource:
    """A data file's table (``prefix``: its key with the dot); a relative path is taken from
    ``base_dir``."""
    check_keys(data, table_keys(DataSource, "") | extra, source, prefix)
    path = data.get("path")
    if not isinstance(path, str) or not path:
        raise InputError(message(NO_DATA_PATH, source=source, key=f"{prefix}path"))
    if base_dir is not None and not Path(path).is_absolute():
        path = str(base_dir / path)
    values = read_options(DataSource, data, source, prefix, ("format", "delimiter", "encoding", "sheet"))
    return DataSource(path=path, **{**values, "format": values.get("format") or "auto"})


def _release_dict(release: Release) -> dict[str, Any]:
    out: dict[str, Any] = {**release.data.to_dict(), "label": release.label}
    if release.data.format == "auto":
        del out["format"]
    if release.key:
        out["key"] = release.key
    return out


def _linkage(raw: Any, source: str, base_dir: Optional[Path]) -> Linkage:
    if not isinstance(raw, Mapping):
        raise key_fault(source, "linkage", KEY_TABLE)
    check_keys(raw, table_keys(Linkage, ""), source, "linkage.")
    releases_raw = raw.get("releases", [])
    if not isinstance(releases_raw, list):
        raise key_fault(source, "linkage.releases", KEY_TABLES)
    releases = []
    for number, entry in enumerate(releases_raw, start=1):
        if not isinstance(entry, Mapping):
            raise key_fault(source, f"linkage.releases[{number}]", KEY_TABLE)
        prefix = f"linkage.releases[{number}]."
        data = data_source({k: v for k, v in entry.items() if k not in ("label", "key")}, source, prefix, base_dir)
        label = entry.get("label", str(number + 1))
        if not isinstance(label, (str, int)) or isinstance(label, bool):
            raise key_fault(source, f"{prefix}label", KEY_TEXT)
        releases.append(Release(data=data, label=str(label), key=_opt_str(entry, "key", source, prefix)))
    return Linkage(key=_opt_str(raw, "key", source, "linkage.") or "",
                   focal_label=str(raw.get("focal_label", "1")),
                   releases=tuple(releases), duplicates=_opt_str(raw, "duplicates", source, "linkage.") or "error")


def _model_options(raw: Any, source: str) -> PrivacyModelOptions:
    if not isinstance(raw, Mapping):
        raise key_fault(source, "models", KEY_TABLE)
    check_keys(raw, table_keys(PrivacyModelOptions, ""), source, "models.")
    values = read_options(PrivacyModelOptions, raw, source, "models.")
    targets = raw.get("targets", {})
    if not isinstance(targets, Mapping):
        raise key_fault(source, "models.targets", KEY_TABLE)
    check_keys(targets, table_keys(ModelTargets, ""), source, "models.targets.")
    return PrivacyModelOptions(**values, targets=ModelTargets(**read_options(ModelTargets, targets, source,
                                                                             "models.targets.")))


def report_options(raw: Any, source: str) -> ReportOptions:
    if not isinstance(raw, Mapping):
        raise key_fault(source, "report", KEY_TABLE)
    check_keys(raw, table_keys(ReportOptions, ""), source, "report.")
    texts = read_options(ReportOptions, raw, source, "report.", ("author", "organisation"))
    sections = raw.get("sections", list(OPTIONAL_SECTIONS))
    if not isinstance(sections, list) or not all(isinstance(s, str) for s in sections):
        raise key_fault(source, "report.sections", SECTION_NAMES)
    for name in sections:
        if name not in OPTIONAL_SECTIONS:
            raise InputError(message(UNKNOWN_SECTION, source=source, value=name, allowed=", ".join(OPTIONAL_SECTIONS)))
    include = read_options(ReportOptions, raw, source, "report.", ("include_examples",)).get("include_examples", False)
    limits = raw.get("thresholds", {})
    if not isinstance(limits, Mapping):
        raise key_fault(source, "report.thresholds", KEY_TABLE)
    check_keys(limits, table_keys(Thresholds, ""), source, "report.thresholds.")
    thresholds = Thresholds(**read_options(Thresholds, limits, source, "report.thresholds."))
    language = read_options(ReportOptions, raw, source, "report.", ("language",)).get("language") or ""
    if language:
        from ..foundation.i18n import check_language

        try:
            language = check_language(language, f"{source}: report.language")
        except ValueError as error:
            raise InputError(str(error)) from None
    return ReportOptions(author=texts.get("author") or "", include_examples=include, thresholds=thresholds,
                         language=language, organisation=texts.get("organisation") or "",
                         sections=tuple(s for s in OPTIONAL_SECTIONS if s in sections))


def report_dict(report: ReportOptions) -> dict[str, Any]:
    """The [report] table of an analysis file (``organisation``, ``language`` and ``sections``
    only when not the defaults)."""
    out = write_options(report, ("author", "organisation", "include_examples"))
    out["thresholds"] = write_options(report.thresholds)
    out.update(write_options(report, ("language",)))
    if report.sections != OPTIONAL_SECTIONS:
        out["sections"] = list(report.sections)
    return out


def check_keys(table: Mapping[str, Any], allowed: set[str], source: str, prefix: str) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise InputError(message(UNKNOWN_KEY, source=source, key=f"{prefix}{unknown[0]}",
                                 allowed=", ".join(sorted(allowed))))


def _table(raw: Mapping[str, Any], key: str, source: str) -> Mapping[str, Any]:
    value = raw.get(key)
    if not isinstance(value, Mapping):
        raise InputError(message(MISSING_TABLE, source=source, key=key))
    return value


def _opt_str(table: Mapping[str, Any], key: str, source: str, prefix: str) -> Optional[str]:
    value = table.get(key)
    if value is not None and not isinstance(value, str):
        raise key_fault(source, f"{prefix}{key}", KEY_TEXT)
    return value


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (str, int, float)):
        return str(value)
    raise InputError(message(N_("target value {value!r} must be text or a number"), value=value))


def _cluster(run: Mapping[str, Any], source: str, base_dir: Optional[Path]) -> ClusterOptions:
    """``run.cluster`` and its certificate files (relative to the analysis file's folder)."""
    values = read_options(ClusterOptions, run, source, "run.")
    files = {name: (str(base_dir / value) if base_dir is not None and not Path(value).is_absolute() else value)
             for name in ("tls_ca", "tls_cert", "tls_key") if (value := values.get(name))}
    return ClusterOptions(address=values.get("address") or "", **files)
