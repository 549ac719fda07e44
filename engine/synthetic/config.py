"""The description of one synthetic-data assessment: the three files, the attacker's columns,
the attacks and their parameters. Frozen, validated by field, round-trips through TOML/JSON."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Mapping, Optional


from ..analysis.config import (AnalysisFile, MISSING_TABLE, UNSUPPORTED_VERSION, DataSource, ReportOptions, check_keys, data_source, read_toml,
                               report_options, twice_as)
from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..foundation.messages import message
from ..analysis.options import (NON_NEGATIVE, at_least_rule, group, one_of, option, read_options, table_keys, toml_keys,
                                write_options)
from ..analysis.validation import (KEY_TABLE, MAX_SEED, Problem, at_least, between, check_file, finite_non_negative, key_fault,
                                   no_quasi_identifier, not_one_of, raise_first)

CONFIG_VERSION = 1
ATTACKS = ("closest-mia", "closest-aia", "neighbourhood-mia", "neighbourhood-aia", "cap", "groundhog")
DEFAULT_ATTACKS = ("closest-mia", "closest-aia", "neighbourhood-mia", "neighbourhood-aia", "cap")
ATTACK_NAMES = {
    "closest-mia": N_("Closest-distance membership"),
    "closest-aia": N_("Closest-distance attribute inference"),
    "neighbourhood-mia": N_("Local-neighbourhood membership"),
    "neighbourhood-aia": N_("Local-neighbourhood attribute inference"),
    "cap": N_("Correct attribution probability (CAP)"),
    "groundhog": N_("Shadow modelling (Groundhog)"),
}
MEMBERSHIP_ATTACKS = ("closest-mia", "neighbourhood-mia", "groundhog")
ATTRIBUTE_ATTACKS = ("closest-aia", "neighbourhood-aia", "cap")
DISTANCES = ("hamming", "l1", "l2", "mixed")
DISTANCE_NAMES = {"hamming": N_("Hamming"), "l1": N_("L1"), "l2": N_("L2"), "mixed": N_("mixed (Gower)")}
CRITERIA = ("accuracy", "tp", "fp", "threshold")
SHADOW_GENERATORS = ("marginals", "copy-perturb")
MAX_SHADOW_DATASETS = 10_000  # each target's shadow feature matrix is shadow_datasets x features
NO_CONTROL = Problem("control", "FILE", lead=message(N_("membership attacks need real records not used to make the "
                                                        "synthetic file: give ")))


@dataclass(frozen=True)
class Criterion:
    """How a score-based attack's threshold is chosen on the training targets.

    ``accuracy``: the threshold with the highest accuracy; ``tp`` with ``value`` = r: the
    highest threshold whose true-positive rate is at least r; ``fp`` with r: the lowest
    threshold whose false-positive rate is at most r; ``threshold``: ``value`` itself.
    """

    kind: str = "accuracy"
    value: Optional[float] = None

    @classmethod
    def parse(cls, text: str, option: str = "--criterion") -> "Criterion":
        """Parse ``accuracy``, ``tp:0.1``, ``fp:0.01`` or ``threshold:-0.5``; a fault names ``option``
        (the flag, or the analysis file and its key)."""
        text = text.strip()
        if text == "accuracy":
            return cls()
        kind, _, number = text.partition(":")
        if kind not in ("tp", "fp", "threshold") or not number:
            raise InputError(f"{option} {text!r}: expected accuracy, tp:RATE, fp:RATE or threshold:VALUE")
        try:
            value = float(number)
        except ValueError:
            raise InputError(f"{option} {text!r}: {number!r} is not a number") from None
        criterion = cls(kind, value)
        criterion.validate()
        return criterion

    def label(self) -> str:
        return self.kind if self.kind == "accuracy" else f"{self.kind}:{self.value:g}"

    def validate(self) -> None:
        if self.kind not in CRITERIA:
            raise InputError(message(N_("criterion: unknown kind {kind!r} (expected one of {kinds})"), kind=self.kind,
                                     kinds=", ".join(CRITERIA)))
        if self.kind == "accuracy":
            if self.value is not None:
                raise InputError(message(N_("criterion: accuracy takes no value")))
            return
        if self.value is None or not math.isfinite(self.value):
            raise InputError(message(N_("criterion {kind}: needs a finite number"), kind=self.kind))
        if self.kind in ("tp", "fp") and not 0.0 <= self.value <= 1.0:
            raise InputError(message(N_("criterion {kind}:{value:g}: the rate must be between 0 and 1"), kind=self.kind,
                                     value=self.value))


@dataclass(frozen=True)
class SyntheticConfig(AnalysisFile):
    """Everything needed to reproduce a synthetic-data assessment (never the data itself).

    The attacker's view of a record is its ``qids`` plus the ``sensitive`` column: membership
    attacks compare all of them, attribute attacks know the QIDs and guess the sensitive value.
    """

    real: DataSource = group("data.real", cls=DataSource)
    synthetic: DataSource = group("data.synthetic", cls=DataSource)
    control: Optional[DataSource] = group(
        "data.control", cls=DataSource, optional=True, flag="--control", metavar="FILE",
        help="real records NOT used to make the synthetic file (needed by membership attacks)")
    qids: tuple[str, ...] = option((), kind="columns", key="roles.quasi_identifiers", flag="--qid", metavar="COL",
                                   help="columns the attacker knows")
    sensitive: Optional[str] = option(None, kind="text", key="roles.sensitive", flag="--sensitive", metavar="COL",
                                      written="set", help="the column attribute attacks guess")
    attacks: tuple[str, ...] = option(
        DEFAULT_ATTACKS, kind="structure", key="attacks.names", flag="--attacks", metavar="ATTACK",
        arg={"nargs": "+", "choices": ATTACKS}, schema={"type": "array", "items": {"enum": list(ATTACKS)}},
        help=f"attacks to run (default: {' '.join(DEFAULT_ATTACKS)}); also: groundhog")
    distance: str = option("mixed", kind="text", key="attacks.distance", rule=one_of(DISTANCES), flag="--distance",
                           help="record distance (default mixed)")
    radius: Optional[float] = option(None, kind="number", key="attacks.radius", rule=NON_NEGATIVE, flag="--radius",
                                     written="set", help="local-neighbourhood radius (default: the median distance "
                                                         "from the targets to their nearest synthetic record)")
    criterion: Criterion = option(
        factory=Criterion, kind="structure", key="attacks.criterion", flag="--criterion", default="accuracy",
        schema={"type": "string", "pattern": "^(accuracy|(tp|fp|threshold):.+)$"},
        help="threshold criterion: accuracy (default), tp:RATE, fp:RATE, threshold:VALUE")
    targets: int = option(500, kind="whole", key="attacks.targets", rule=at_least_rule(2), flag="--targets",
                          schema={"maximum": MAX_SEED}, help="member and non-member targets each (default 500)")
    seed: int = option(0, kind="whole", key="attacks.seed", flag="--seed", schema={"minimum": 0, "maximum": MAX_SEED},
                       help="seed of the target draw and shadow models (default 0)")
    jobs: int = option(1, kind="whole", key="run.jobs", rule=at_least_rule(1), flag="--jobs",
                       help="worker processes (default 1)")
    generator: str = option("marginals", kind="text", key="attacks.generator", rule=one_of(SHADOW_GENERATORS),
                            flag="--generator", help="groundhog's shadow generator")
    shadow_datasets: int = option(
        40, kind="whole", key="attacks.shadow_datasets", flag="--shadow-datasets",
        schema={"minimum": 2, "maximum": MAX_SHADOW_DATASETS, "multipleOf": 2},
        help="groundhog's shadow datasets per target (default 40)")
    show_targets: bool = option(False, kind="boolean", key="report.show_targets", flag="--show-targets",
                                help="list the most exposed targets by row number (never values; off by default)")
    report: ReportOptions = group("report", ReportOptions)
    version: int = option(CONFIG_VERSION, kind="whole", schema={"const": CONFIG_VERSION},
                          help="the analysis file's format")

    @property
    def columns(self) -> tuple[str, ...]:
        """The attacker's columns in order: the QIDs, then the sensitive column."""
        return self.qids + ((self.sensitive,) if self.sensitive else ())

    def role_problems(self) -> list[Problem]:
        """A quasi-identifier chosen, each once, and not also the sensitive column."""
        if not self.qids:
            return [no_quasi_identifier("qids")]
        out, seen = [], set()
        for column in self.qids:
            if column in seen:
                out.append(Problem.about("qids", twice_as(column, "quasi_identifiers")))
            seen.add(column)
        if self.sensitive is not None and self.sensitive in seen:
            out.append(Problem.about("sensitive", message(N_(
                "column {column!r} cannot be both a quasi-identifier and the sensitive column"),
                column=self.sensitive)))
        return out

    def validate(self) -> None:
        """Check the config on its own (columns are checked against the files when read)."""
        raise_first(self.role_problems())
        if not self.attacks:
            raise InputError(message(N_("no attack chosen (known: {known})"), known=", ".join(ATTACKS)))
        for attack in self.attacks:
            if attack not in ATTACKS:
                raise InputError(message(N_("attacks: unknown attack {attack!r} (known: {known})"), attack=attack,
                                         known=", ".join(ATTACKS)))
        if len(set(self.attacks)) != len(self.attacks):
            raise InputError(message(N_("attacks: an attack is named twice")))
        needs_sensitive = [a for a in self.attacks if a in ATTRIBUTE_ATTACKS]
        if needs_sensitive and self.sensitive is None:
            raise_first([Problem("sensitive", "COL", lead=message(N_("{attack} needs a sensitive column: give "),
                                                                  attack=needs_sensitive[0]))])
        if self.control is None and any(a in MEMBERSHIP_ATTACKS for a in self.attacks):
            raise_first([NO_CONTROL])
        if self.distance not in DISTANCES:
            raise InputError(message(N_("distance: unknown distance {distance!r} (known: {known})"),
                                     distance=self.distance, known=", ".join(DISTANCES)))
        self.criterion.validate()
        raise_first(self.problems())

    def problems(self) -> list[Problem]:
        """The value rules this config breaks (:mod:`engine.analysis.validation`), by field."""
        out = [] if self.radius is None else finite_non_negative("radius", self.radius)
        out += at_least("targets", self.targets, 2)
        if self.targets > MAX_SEED:
            out.append(Problem("targets", message(N_("must be at most {high}"), high=MAX_SEED), self.targets))
        out += at_least("jobs", self.jobs, 1)
        if self.generator not in SHADOW_GENERATORS:
            out.append(not_one_of("generator", self.generator, SHADOW_GENERATORS))
        if self.shadow_datasets < 2 or self.shadow_datasets % 2 or self.shadow_datasets > MAX_SHADOW_DATASETS:
            out.append(Problem("shadow_datasets", message(N_("must be an even number from 2 to {high:,}"),
                                                          high=MAX_SHADOW_DATASETS), self.shadow_datasets))
        out += between("seed", self.seed, 0, MAX_SEED)
        return out + self.report.thresholds.problems()

    def anchored(self, folder: str | Path) -> "SyntheticConfig":
        """This config as an analysis file in ``folder`` stores it: the real, synthetic and
        control files relative to ``folder`` or absolute (:func:`engine.analysis.config.portable_path`)."""
        return replace(self, real=self.real.anchored(folder), synthetic=self.synthetic.anchored(folder),
                       control=None if self.control is None else self.control.anchored(folder))

    # --- serialisation -------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        data = {"real": self.real.to_dict(), "synthetic": self.synthetic.to_dict()}
        if self.control is not None:
            data["control"] = self.control.to_dict()
        roles: dict[str, Any] = {"quasi_identifiers": list(self.qids)}
        if self.sensitive is not None:
            roles["sensitive"] = self.sensitive
        attacks = {"names": list(self.attacks), "criterion": self.criterion.label(),
                   **write_options(self, within="attacks")}
        report = {**write_options(self.report, ("author", "include_examples")),
                  **write_options(self, within="report"), "thresholds": write_options(self.report.thresholds),
                  **write_options(self.report, ("organisation", "language"))}
        return {"version": self.version, "kind": "synthetic", "data": data, "roles": roles,
                "attacks": attacks, "run": write_options(self, within="run"), "report": report}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], source: str = "analysis",
                  base_dir: Optional[Path] = None) -> "SyntheticConfig":
        """Build a config from parsed TOML/JSON, reporting unknown keys and wrong types."""
        check_keys(raw, table_keys(cls, "", ("kind",)), source, "")
        version = raw.get("version", CONFIG_VERSION)
        if version != CONFIG_VERSION:
            raise InputError(message(UNSUPPORTED_VERSION, source=source, version=version, expected=CONFIG_VERSION))
        if raw.get("kind", "synthetic") != "synthetic":
            raise InputError(message(N_("{source}: kind {kind!r} is not a synthetic-data analysis"), source=source,
                                     kind=raw.get("kind")))
        data = _mapping(raw.get("data"), source, "data")
        check_keys(data, table_keys(cls, "data"), source, "data.")
        for needed in ("real", "synthetic"):
            if needed not in data:
                raise InputError(message(MISSING_TABLE, source=source, key=f"data.{needed}"))
        files = {name: data_source(_mapping(data[name], source, f"data.{name}"), source, f"data.{name}.",
                                    base_dir) for name in data}
        roles = _mapping(raw.get("roles", {}), source, "roles")
        check_keys(roles, table_keys(cls, "roles"), source, "roles.")
        qids = read_options(cls, roles, source, "roles.", ("qids",), within="roles").get("qids", ())
        sensitive = roles.get("sensitive")
        if sensitive is not None and not isinstance(sensitive, str):
            raise InputError(message(N_("{source}: {key} must be one column name"), source=source,
                                     key="roles.sensitive"))
        attacks = _mapping(raw.get("attacks", {}), source, "attacks")
        check_keys(attacks, table_keys(cls, "attacks"), source, "attacks.")
        names = attacks.get("names", list(DEFAULT_ATTACKS))
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise InputError(message(N_("{source}: {key} must be a list of attack names"), source=source,
                                     key="attacks.names"))
        criterion = attacks.get("criterion", "accuracy")
        if not isinstance(criterion, str):
            raise InputError(message(N_("{source}: {key} must be text, e.g. \"fp:0.01\""), source=source,
                                     key="attacks.criterion"))
        values = read_options(cls, attacks, source, "attacks.", within="attacks")
        run = _mapping(raw.get("run", {}), source, "run")
        check_keys(run, table_keys(cls, "run"), source, "run.")
        values.update(read_options(cls, run, source, "run.", within="run"))
        report_raw = dict(_mapping(raw.get("report", {}), source, "report"))
        values.update(read_options(cls, report_raw, source, "report.", within="report"))
        report_raw.pop("show_targets", None)
        return cls(real=files["real"], synthetic=files["synthetic"], control=files.get("control"),
                   qids=tuple(qids), sensitive=sensitive, attacks=tuple(names),
                   criterion=Criterion.parse(criterion, f"{source}: attacks.criterion"),
                   report=report_options(report_raw, source), version=version, **values)

    def checked(self, path: str) -> "SyntheticConfig":
        """This config, read from the file ``path``, if it has no problem (else the first, as an
        :class:`InputError` naming the file and its key)."""
        return check_file(self, self.problems(), path, TOML_KEYS)


TOML_KEYS = toml_keys(SyntheticConfig)
"""The analysis file's key of each config field whose name differs (engine.analysis.validation.key_message)."""


def default_attacks(has_control: bool, has_sensitive: bool,
                    wanted: tuple[str, ...] = DEFAULT_ATTACKS) -> tuple[tuple[str, ...], list[str]]:
    """The attacks of ``wanted`` that can run, and a warning for each group left out."""
    attacks, warnings = list(wanted), []
    if not has_control:
        left = [a for a in attacks if a in MEMBERSHIP_ATTACKS]
        if left:
            warnings.append(message(N_("no control set: membership attacks left out ({attacks}); give --control "
                                       "FILE with real records not used to make the synthetic file"),
                                    attacks=", ".join(left)))
            attacks = [a for a in attacks if a not in MEMBERSHIP_ATTACKS]
    if not has_sensitive:
        left = [a for a in attacks if a in ATTRIBUTE_ATTACKS]
        if left:
            warnings.append(message(N_("no sensitive column: attribute attacks left out ({attacks}); give "
                                       "--sensitive COL"), attacks=", ".join(left)))
            attacks = [a for a in attacks if a not in ATTRIBUTE_ATTACKS]
    return tuple(attacks), warnings


def _mapping(value: Any, source: str, key: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise key_fault(source, key, KEY_TABLE)
    return value
