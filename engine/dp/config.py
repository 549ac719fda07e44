"""The description of a differential-privacy release analysis (shared by CLI, GUI and report).

A :class:`DPConfig` names the table (optional: a threshold-only analysis needs none), the
counting-query scenarios (:class:`DPScenario`), the epsilons and mechanisms to evaluate and
the thresholded-count setting (:class:`ThresholdConfig`). It round-trips through TOML
(``tomllib``/``tomli_w``) and JSON; unknown keys are rejected and every problem names its field.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Mapping, Optional

import numpy as np

from ..analysis.config import (AnalysisFile, UNSUPPORTED_VERSION, DataSource, ReportOptions, check_keys, data_source, read_toml, report_dict,
                               report_options)
from ..foundation.errors import InputError, printable
from ..foundation.i18n import N_, _
from ..foundation.messages import Message, message
from ..analysis.options import SHARE, at_least_rule, group, option, read_options, table_keys
from ..analysis.validation import (KEY_TABLE, KEY_TABLES, Problem, at_least, between, check_file, key_fault, not_one_of,
                                   raise_first, share)

DP_CONFIG_VERSION = 1
DP_KIND = "differential-privacy"
MECHANISMS = ("oblivious", "local")
MAX_EPSILON = 700.0  # e^epsilon overflows a double above ~709.78


def log_spaced_epsilons(low: float = 0.05, high: float = 5.0, count: int = 20) -> tuple[float, ...]:
    """``count`` epsilons spaced evenly on a log scale from ``low`` to ``high`` (inclusive).

    >>> log_spaced_epsilons(0.1, 10.0, 3)
    (0.1, 1.0, 10.0)
    """
    if not (low > 0 and high >= low and count >= 1):
        raise InputError(message(N_("epsilon range: need 0 < low <= high and count >= 1 (got {low}, {high}, {count})"),
                                 low=low, high=high, count=count))
    if count == 1:
        return (float(low),)
    return tuple(float(f"{e:.6g}") for e in np.geomspace(low, high, count))


def epsilon_problems(field: str, epsilons: tuple[float, ...]) -> list[Problem]:
    """At least one epsilon, each finite, > 0 and at most MAX_EPSILON (e^epsilon fits a double), none twice."""
    if not epsilons:
        return [Problem(field, message(N_("must hold at least one epsilon")))]
    out = []
    for eps in epsilons:
        if isinstance(eps, bool) or not isinstance(eps, (int, float)) or not math.isfinite(eps) or eps <= 0:
            out.append(Problem(field, message(N_("must be a finite number > 0")), eps))
        elif eps > MAX_EPSILON:
            out.append(Problem(field, message(N_("must be at most {high:g}, where e^epsilon still fits a double"),
                                              high=MAX_EPSILON), eps))
    if not out and len(set(epsilons)) != len(epsilons):
        out.append(Problem(field, message(N_("must not give an epsilon twice"))))
    return out


class ValueList(tuple):
    """Values of a counting query as text, the missing value ("") written "(missing)" in the
    current language when formatted."""

    def __format__(self, spec: str) -> str:
        return format(", ".join(printable(v) if v != "" else _(N_("(missing)")) for v in self), spec)


@dataclass(frozen=True)
class DPScenario:
    """One counting query: count records whose ``useful`` value is one of ``predicate``; the
    attacker wants the new record's ``sensitive`` value (Nunes 2021, ch. 6, Def. 26).

    ``useful_order`` is the order of the useful attribute's domain used by the local
    mechanism; ``()`` means numeric order when every value is a number, else order of first
    appearance. Values are given as text and matched against the column's values as text.
    """

    sensitive: str
    useful: str
    predicate: tuple[str, ...]
    useful_order: tuple[str, ...] = ()

    def label(self) -> Message:
        """Short text, e.g. ``count income ∈ {medium}; secret income`` (English as a ``str``;
        a report renders it in its language)."""
        return message(N_("count {useful} ∈ {{{values}}}; secret {sensitive}"), useful=printable(self.useful),
                       values=ValueList(self.predicate), sensitive=printable(self.sensitive))

    def validate(self, where: str = "scenario") -> None:
        raise_first(self.problems(where + "."))

    def problems(self, prefix: str = "scenario.") -> list[Problem]:
        """The rules this scenario breaks, by field (``prefix`` + name): both columns named, a
        value to count, no value twice in the predicate or the useful order."""
        out = [Problem(prefix + name, "COL", lead=message(N_("a counting scenario needs the {name} column: give "),
                                                          name=name))
               for name in ("sensitive", "useful") if not getattr(self, name)]
        if not self.predicate:
            out.append(Problem(prefix + "predicate", "VALUE", lead=message(
                N_("a counting scenario needs a value of {column!r} to count: give "), column=self.useful)))
        for name in ("predicate", "useful_order"):
            values = getattr(self, name)
            if len(set(values)) != len(values):
                out.append(Problem.about(prefix + name, message(N_("a value of {column!r} is given twice"),
                                                                column=self.useful)))
        return out

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"sensitive": self.sensitive, "useful": self.useful,
                               "predicate": list(self.predicate)}
        if self.useful_order:
            out["useful_order"] = list(self.useful_order)
        return out


@dataclass(frozen=True)
class ThresholdConfig:
    """A count released only when it reaches ``threshold`` (Desfontaines et al. 2019).

    ``voters`` participants (the target and ``voters - 1`` others) vote yes independently
    with probability ``p``; the attacker knows ``known`` of the others' votes. ``threshold``
    0 means a plain count. ``epsilons`` are the eps of the (eps, delta) guarantee.
    """

    voters: int = option(kind="whole", rule=at_least_rule(1), flag="--voters", metavar="N",
                         help="number of voters (the target included)")
    threshold: int = option(kind="whole", schema={"minimum": 0}, flag="--threshold", metavar="T",
                            help="the count is released only when it is at least T (0: always)")
    known: int = option(kind="whole", schema={"minimum": 0}, flag="--known", metavar="K",
                        help="other voters whose votes the attacker knows")
    p: float = option(kind="number", rule=SHARE, flag="--p", metavar="P", help="probability that a voter votes yes")
    epsilons: tuple[float, ...] = option(kind="numbers", schema={"items": {"exclusiveMinimum": 0}}, default=(),
                                         flag="--epsilon", metavar="E",
                                         help="epsilon(s) of the (eps, delta) guarantee")

    @classmethod
    def desfontaines_example(cls) -> "ThresholdConfig":
        """Desfontaines' thresholding example: 1000 voters, threshold 100, 100 known votes.

        Desfontaines (2020 thesis, Example 7) takes p = 1e-7; we take p = 1e-3, still "very
        small" (0.9 expected yes-votes among the 899 unknown ones), so that the passive delta
        (about 2.6e-159) stays representable as a double and shows on a log axis. The active
        delta is about 0.41 at every epsilon: the attacker plants 99 yes-votes, and when none
        of the unknown voters votes yes (probability 0.999^899) the release (100 or nothing)
        reveals the target's vote.
        """
        return cls(voters=1000, threshold=100, known=100, p=1e-3, epsilons=log_spaced_epsilons())

    def validate(self, where: str = "threshold") -> None:
        for name in ("voters", "threshold", "known"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                raise_first([Problem(f"{where}.{name}", message(N_("must be a whole number")), value)])
        raise_first(self.problems(where + "."))

    def problems(self, prefix: str = "threshold.") -> list[Problem]:
        """The value rules this thresholded count breaks (:mod:`engine.analysis.validation`), by field."""
        out = at_least(prefix + "voters", self.voters, 1)
        if not out:
            out += between(prefix + "threshold", self.threshold, 0, self.voters)
            out += between(prefix + "known", self.known, 0, self.voters - 1)
        return out + share(prefix + "p", self.p) + epsilon_problems(prefix + "epsilons", self.epsilons)

    def to_dict(self) -> dict[str, Any]:
        return {"voters": int(self.voters), "threshold": int(self.threshold), "known": int(self.known),
                "p": float(self.p), "epsilons": [float(e) for e in self.epsilons]}


@dataclass(frozen=True)
class DPConfig(AnalysisFile):
    """Everything needed to reproduce a differential-privacy release analysis."""

    data: Optional[DataSource] = group("data", cls=DataSource, optional=True)
    scenarios: tuple[DPScenario, ...] = option(
        (), kind="structure", flag="--sensitive/--useful/--predicate", help="the counting queries",
        schema={"type": "array", "items": {
            "type": "object", "required": ["sensitive", "useful", "predicate"], "additionalProperties": False,
            "properties": {"sensitive": {"type": "string", "description": "the attribute the attacker wants to learn"},
                           "useful": {"type": "string", "description": "the attribute the released count is about"},
                           "predicate": {"type": ["array", "string", "number"], "items": {"type": ["string", "number"]},
                                         "description": "the useful attribute's value(s) that are counted"},
                           "useful_order": {"type": "array", "items": {"type": ["string", "number"]},
                                            "description": "order of the useful attribute's values for the local "
                                                           "mechanism"}}}})
    epsilons: tuple[float, ...] = option((), kind="numbers", schema={"items": {"exclusiveMinimum": 0}},
                                         flag="--epsilon", metavar="E", help="epsilon(s) to evaluate")
    mechanisms: tuple[str, ...] = option(MECHANISMS, kind="structure", flag="--mechanism",
                                         schema={"type": "array", "items": {"enum": list(MECHANISMS)}},
                                         help="the noise mechanisms: oblivious (central), local")
    threshold: Optional[ThresholdConfig] = group("threshold", cls=ThresholdConfig, optional=True)
    report: ReportOptions = group("report", ReportOptions)
    version: int = option(DP_CONFIG_VERSION, kind="whole", schema={"const": DP_CONFIG_VERSION},
                          help="the analysis file's format")

    def needed_columns(self) -> list[str]:
        """The table's columns the counting analysis reads, each once, in a stable order."""
        names = [c for s in self.scenarios for c in (s.useful, s.sensitive)]
        return list(dict.fromkeys(names))

    def validate(self) -> None:
        """Check the config on its own (columns and values are checked against the table later)."""
        raise_first(self.structure_problems())
        raise_first(epsilon_problems("epsilons", self.epsilons) if self.scenarios else [])
        if self.threshold is not None:
            self.threshold.validate()
        if self.version != DP_CONFIG_VERSION:
            raise InputError(message(N_("version {version!r} is not supported (expected {expected})"),
                                     version=self.version, expected=DP_CONFIG_VERSION))

    def structure_problems(self) -> list[Problem]:
        """The structural rules this config breaks, by field: something to analyse; for the
        counting queries a data file, valid scenarios, each once, and known mechanisms, each once."""
        if not self.scenarios:
            return [] if self.threshold is not None else [Problem.about(
                "scenarios", message(N_("nothing to analyse: give a counting scenario or a thresholded count")))]
        out = [] if self.data is not None else [Problem.about("data", message(N_(
            "a counting-query analysis needs a data file")))]
        for number, scenario in enumerate(self.scenarios, start=1):
            out += scenario.problems(f"scenarios[{number}].")
        labels = [s.label() for s in self.scenarios]
        if len(set(labels)) != len(labels):
            out.append(Problem.about("scenarios", message(N_("the same scenario is given twice"))))
        if not self.mechanisms:
            out.append(Problem("mechanisms", message(N_("must hold at least one of {choices}"),
                                                     choices=", ".join(MECHANISMS))))
        out += [not_one_of("mechanisms", m, MECHANISMS) for m in self.mechanisms if m not in MECHANISMS]
        if len(set(self.mechanisms)) != len(self.mechanisms):
            out.append(Problem.about("mechanisms", message(N_("a mechanism is given twice"))))
        return out

    def problems(self) -> list[Problem]:
        """The value rules this config breaks (:mod:`engine.analysis.validation`), by field, as
        :meth:`validate` checks them."""
        out = epsilon_problems("epsilons", self.epsilons) if self.scenarios else []
        return out + (self.threshold.problems() if self.threshold is not None else [])

    def anchored(self, folder: str | Path) -> "DPConfig":
        """This config as an analysis file in ``folder`` stores it: the data file relative to
        ``folder`` or absolute (:func:`engine.analysis.config.portable_path`)."""
        return replace(self, data=None if self.data is None else self.data.anchored(folder))

    # --- serialisation -------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"version": self.version, "kind": DP_KIND}
        if self.scenarios:
            out["epsilons"] = [float(e) for e in self.epsilons]
            out["mechanisms"] = list(self.mechanisms)
        if self.data is not None:
            out["data"] = self.data.to_dict()
        if self.scenarios:
            out["scenarios"] = [s.to_dict() for s in self.scenarios]
        if self.threshold is not None:
            out["threshold"] = self.threshold.to_dict()
        out["report"] = report_dict(self.report)
        return out

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], source: str = "analysis",
                  base_dir: Optional[Path] = None) -> "DPConfig":
        """Build a config from parsed TOML/JSON, reporting unknown keys and wrong types."""
        if not isinstance(raw, Mapping):
            raise InputError(message(N_("{source}: an analysis must be a table"), source=source))
        check_keys(raw, table_keys(cls, "", ("kind",)), source, "")
        version = raw.get("version", DP_CONFIG_VERSION)
        if version != DP_CONFIG_VERSION:
            raise InputError(message(UNSUPPORTED_VERSION, source=source, version=version, expected=DP_CONFIG_VERSION))
        kind = raw.get("kind", DP_KIND)
        if kind != DP_KIND:
            raise InputError(message(N_("{source}: kind {kind!r} is not a differential-privacy analysis (expected "
                                        "{expected!r})"), source=source, kind=kind, expected=DP_KIND))
        data = None
        if "data" in raw:
            if not isinstance(raw["data"], Mapping):
                raise key_fault(source, "data", KEY_TABLE)
            data = data_source(raw["data"], source, "data.", base_dir)
        scenarios_raw = raw.get("scenarios", [])
        if not isinstance(scenarios_raw, list):
            raise key_fault(source, "scenarios", KEY_TABLES)
        scenarios = tuple(_scenario(entry, source, number) for number, entry in enumerate(scenarios_raw, start=1))
        mechanisms = raw.get("mechanisms", list(MECHANISMS))
        if not isinstance(mechanisms, list) or not all(isinstance(m, str) for m in mechanisms):
            raise InputError(message(N_("{source}: {key} must be a list of names ({names})"), source=source,
                                     key="mechanisms", names=", ".join(MECHANISMS)))
        threshold = None
        if "threshold" in raw:
            threshold = _threshold(raw["threshold"], source)
        epsilons = read_options(cls, raw, source, "", ("epsilons",)).get("epsilons", ())
        return cls(data=data, scenarios=scenarios, epsilons=epsilons, mechanisms=tuple(mechanisms), threshold=threshold,
                   report=report_options(raw.get("report", {}), source), version=version)

    def checked(self, path: str) -> "DPConfig":
        """This config, read from the file ``path``, if it has no problem (else the first, as an
        :class:`InputError` naming the file and its key)."""
        return check_file(self, self.problems(), path)


def _texts(entry: Mapping[str, Any], key: str, source: str, prefix: str) -> tuple[str, ...]:
    value = entry.get(key, [])
    if isinstance(value, (str, int, float)) and not isinstance(value, bool):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, (str, int, float)) and not isinstance(v, bool)
                                              for v in value):
        raise InputError(message(N_("{source}: {key} must be a list of values (text)"), source=source,
                                 key=f"{prefix}{key}"))
    return tuple(str(v) for v in value)


def _scenario(entry: Any, source: str, number: int) -> DPScenario:
    prefix = f"scenarios[{number}]."
    if not isinstance(entry, Mapping):
        raise key_fault(source, f"scenarios[{number}]", KEY_TABLE)
    check_keys(entry, {"sensitive", "useful", "predicate", "useful_order"}, source, prefix)
    for key in ("sensitive", "useful"):
        if not isinstance(entry.get(key), str):
            raise InputError(message(N_("{source}: {key} must name a column"), source=source, key=f"{prefix}{key}"))
    return DPScenario(sensitive=entry["sensitive"], useful=entry["useful"],
                      predicate=_texts(entry, "predicate", source, prefix),
                      useful_order=_texts(entry, "useful_order", source, prefix))


def _threshold(raw: Any, source: str) -> ThresholdConfig:
    if not isinstance(raw, Mapping):
        raise key_fault(source, "threshold", KEY_TABLE)
    check_keys(raw, table_keys(ThresholdConfig, ""), source, "threshold.")
    for key in ("voters", "threshold", "known", "p"):
        if key not in raw:
            raise InputError(message(N_("{source}: {key} is missing"), source=source, key=f"threshold.{key}"))
    return ThresholdConfig(**read_options(ThresholdConfig, raw, source, "threshold."))
