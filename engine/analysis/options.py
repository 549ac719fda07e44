"""One declaration per option of an analysis file (docs/development.md, "Adding an option").

An option is a dataclass field whose metadata holds an :class:`Option`: the analysis file's key,
the kind of value, the value rule, the command-line flag and its help text, the window's
translatable label and the control that edits it. A field holding a nested options dataclass
is a :func:`group` with its table's key. From these declarations come the analysis file's
reading (:func:`read_options`, with the ``engine.analysis.validation`` messages for a wrong kind of
value) and writing (:func:`write_options`), the allowed keys of each table
(:func:`table_keys`), the value problems (:func:`option_problems`), the argparse options
(:func:`add_flag`, :func:`given_flags`), the flag and key of each field for messages
(:func:`flags`, :func:`toml_keys`), the window's field map (:func:`controls`), the ranges of its
number boxes (:func:`bounds`) and the JSON Schema of analysis files
(:mod:`engine.commands.analysis_schema`).

The declarations are plain dataclass metadata: no dependency, nothing more to import at start-up.
"""

from __future__ import annotations

import argparse
from dataclasses import MISSING, Field, dataclass, field, fields
from typing import Any, Callable, Iterator, Mapping, Optional

from .validation import (KEY_BOOLEAN, KEY_COLUMNS, KEY_NUMBER, KEY_NUMBERS, KEY_TEXT, KEY_WHOLE, Problem, at_least,
                         finite_non_negative, fraction, key_fault, not_one_of, share)

#: The kinds of value an option holds: (its JSON Schema, the message of a wrong value, the
#: argparse keywords of its flag).
KINDS: dict[str, tuple[dict[str, Any], str, dict[str, Any]]] = {
    "whole": ({"type": "integer"}, KEY_WHOLE, {"type": int}),
    "number": ({"type": "number"}, KEY_NUMBER, {"type": float}),
    "text": ({"type": "string"}, KEY_TEXT, {}),
    "boolean": ({"type": "boolean"}, KEY_BOOLEAN, {"action": "store_true"}),
    "columns": ({"type": "array", "items": {"type": "string"}}, KEY_COLUMNS, {"nargs": "+", "action": "extend"}),
    "numbers": ({"type": "array", "items": {"type": "number"}}, KEY_NUMBERS,
                {"type": float, "nargs": "+", "action": "extend"}),
    "structure": ({}, "", {}),  # read and written by its own code; described by engine.commands.analysis_schema
}


@dataclass(frozen=True)
class Rule:
    """A value rule: ``check(field, value)`` lists the problems (:mod:`engine.analysis.validation`), and
    ``schema`` says the same in JSON Schema."""

    check: Callable[[str, Any], list[Problem]]
    schema: Mapping[str, Any]


FRACTION = Rule(fraction, {"exclusiveMinimum": 0, "maximum": 1})
SHARE = Rule(share, {"minimum": 0, "maximum": 1})
NON_NEGATIVE = Rule(finite_non_negative, {"minimum": 0})


def at_least_rule(low: int) -> Rule:
    """A whole number of at least ``low``."""
    return Rule(lambda name, value: at_least(name, value, low), {"minimum": low})


def one_of(choices: tuple[str, ...]) -> Rule:
    """One of ``choices``."""
    return Rule(lambda name, value: [] if value in choices else [not_one_of(name, value, choices)],
                {"enum": list(choices)})


@dataclass(frozen=True)
class Option:
    """What one option is: ``key`` in its table of the analysis file (default: the field's
    name), ``kind`` (:data:`KINDS`), ``rule`` on its value (on each value of a list),
    ``flag`` of the command line with ``help`` and ``metavar`` (``help`` also describes the key
    in docs/analysis-file.md), ``doc`` a description of the key when ``help`` speaks of the flag, ``label`` the window's name of the control that edits it
    (translatable, ``N_``) and ``widget`` that control as ``page.widget``; ``written``: always
    (``"always"``), only when set (``"set"``, not None) or only when not the default
    (``"changed"``); ``default`` for the schema when the field's default is not a constant."""

    kind: str
    help: str
    key: str = ""
    rule: Optional[Rule] = None
    flag: str = ""
    metavar: Optional[str] = None
    label: str = ""
    widget: str = ""
    written: str = "always"
    arg: Mapping[str, Any] = field(default_factory=dict)
    schema: Mapping[str, Any] = field(default_factory=dict)
    default: Any = None  # None: the field's own default
    doc: str = ""  # the analysis-file reference's description when ``help`` speaks of the flag


def option(default: Any = MISSING, factory: Any = None, **spec: Any) -> Any:
    """A dataclass field declared as an option (:class:`Option` takes ``spec``), its default
    ``default`` or made by ``factory``."""
    if factory is not None:
        return field(default_factory=factory, metadata={"option": Option(**spec)})
    return field(default=default, metadata={"option": Option(**spec)})


def group(table: str, factory: Any = None, cls: Any = None, **spec: Any) -> Any:
    """A dataclass field holding a nested options dataclass whose keys are in the table ``table``
    (dotted from the enclosing table), None when ``optional=True`` is given; ``spec`` declares the field itself as an :class:`Option`
    too (its key, flag, label and widget, for messages about the whole group)."""
    optional = spec.pop("optional", False)
    meta: dict[str, Any] = {"group": table, "cls": cls or factory}
    if spec:
        meta["option"] = Option(**{"kind": "structure", "key": table, **spec})
    if factory:
        return field(default_factory=factory, metadata=meta)
    return field(default=None, metadata=meta) if optional else field(metadata=meta)


@dataclass(frozen=True)
class Declared:
    """A declared option as found in a config: the config ``path`` (dotted attributes, as
    :class:`engine.analysis.validation.Problem` names a field), the analysis file's ``key`` (dotted),
    the :class:`Option` and the dataclass field."""

    path: str
    key: str
    option: Option
    field: Field

    @property
    def default(self) -> Any:
        if self.option.default is not None:
            return self.option.default
        if self.field.default is not MISSING:
            return self.field.default
        return MISSING


def _join(*parts: str) -> str:
    return ".".join(p for p in parts if p)


def declared(cls: Any, path: str = "", key: str = "") -> Iterator[Declared]:
    """Every option of the dataclass ``cls`` and of its groups, in declaration order."""
    for f in fields(cls):
        opt = f.metadata.get("option")
        if "group" in f.metadata:
            if opt is not None:
                yield Declared(_join(path, f.name), _join(key, opt.key), opt, f)
            yield from declared(f.metadata["cls"], _join(path, f.name), _join(key, f.metadata["group"]))
        elif opt is not None:
            yield Declared(_join(path, f.name), _join(key, opt.key or f.name), opt, f)


def own_options(cls: Any, table: str = "") -> list[Declared]:
    """The options declared by ``cls`` itself (not its groups); with ``table``, those whose key
    is in that table, the key relative to it."""
    out = []
    for f in fields(cls):
        opt = f.metadata.get("option")
        if opt is None or "group" in f.metadata:
            continue
        key = opt.key or f.name
        if not table or key.startswith(table + "."):
            out.append(Declared(f.name, key[len(table) + 1:] if table else key, opt, f))
    return out


def table_keys(cls: Any, table: str, extra: tuple[str, ...] = ()) -> set[str]:
    """The keys allowed in the table ``table`` ("" the top level) of an analysis file of ``cls``:
    each declared key (or the first part of a longer one) under ``table``, and ``extra``."""
    start = table + "." if table else ""
    return {d.key[len(start):].split(".")[0] for d in declared(cls) if d.key.startswith(start)} | set(extra)


def read_value(table: Mapping[str, Any], name: str, kind: str, source: str, key: str) -> Any:
    """``table[name]`` checked to be of ``kind`` (a wrong one: an InputError naming the file and
    ``key``): numbers as float, lists as tuples."""
    value = table[name]
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    ok = {"whole": isinstance(value, int) and not isinstance(value, bool), "number": number,
          "text": isinstance(value, str), "boolean": isinstance(value, bool),
          "columns": isinstance(value, list) and all(isinstance(v, str) for v in value),
          "numbers": isinstance(value, list) and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                                     for v in value)}[kind]
    if not ok:
        raise key_fault(source, key, KINDS[kind][1])
    if kind == "number":
        return float(value)
    if kind == "numbers":
        return tuple(float(v) for v in value)
    return tuple(value) if kind == "columns" else value


def read_options(cls: Any, table: Mapping[str, Any], source: str, prefix: str,
                 names: Optional[tuple[str, ...]] = None, within: str = "") -> dict[str, Any]:
    """The values of ``cls``'s own options (or of ``names``) that ``table`` holds, by field
    name, each checked for its kind; ``prefix``: the table's key with its dot (``"sample."``);
    ``within``: only the options whose key is in that table of ``cls``'s (``"run"``)."""
    out = {}
    for d in own_options(cls, within):
        if d.option.kind != "structure" and d.key in table and (names is None or d.path in names):
            if table[d.key] is None and (d.default is None or d.option.kind == "text"):
                continue
            out[d.path] = read_value(table, d.key, d.option.kind, source, prefix + d.key)
    return out


def write_options(obj: Any, names: Optional[tuple[str, ...]] = None, within: str = "") -> dict[str, Any]:
    """The analysis file's entries of ``obj``'s own options (or of ``names``; ``within`` as for
    :func:`read_options`), by key: lists as lists; an option ``written`` "set" left out when
    None, "changed" when at its default."""
    out: dict[str, Any] = {}
    for d in own_options(type(obj), within):
        if d.option.kind == "structure" or (names is not None and d.path not in names):
            continue
        value = getattr(obj, d.path)
        if (d.option.written == "set" and value is None) or (d.option.written == "changed" and value == d.default):
            continue
        out[d.key] = list(value) if isinstance(value, tuple) else value
    return out


def option_problems(obj: Any, prefix: str, names: Optional[tuple[str, ...]] = None) -> list[Problem]:
    """The value rules ``obj``'s own options (or ``names``) break, fields named ``prefix`` +
    attribute; a None value (not set) breaks none; a list's rule holds for each value."""
    out: list[Problem] = []
    for d in own_options(type(obj)):
        if d.option.rule is None or (names is not None and d.path not in names):
            continue
        value = getattr(obj, d.path)
        for item in (value if isinstance(value, tuple) else () if value is None else (value,)):
            out += d.option.rule.check(prefix + d.path, item)
    return out


def flags(cls: Any, extra: Optional[Mapping[str, str]] = None) -> dict[str, str]:
    """The command-line flag of each field of ``cls`` that has one (field path -> flag), for
    :func:`engine.analysis.validation.flag_message`."""
    return {d.path: d.option.flag for d in declared(cls) if d.option.flag} | dict(extra or {})


def toml_keys(cls: Any) -> dict[str, str]:
    """The analysis file's key of each field of ``cls`` whose path differs from it, for
    :func:`engine.analysis.validation.key_message`."""
    return {d.path: d.key for d in declared(cls) if d.path != d.key}


def controls(cls: Any) -> dict[str, tuple[str, str, str]]:
    """The window's control of each field of ``cls`` that has one: field path -> (page, widget
    (dotted inside the page), label)."""
    return {d.path: (*d.option.widget.split(".", 1), d.option.label) for d in declared(cls) if d.option.widget}


def find(cls: Any, path: str) -> Declared:
    """The declaration of the field ``path`` of ``cls``."""
    for d in declared(cls):
        if d.path == path:
            return d
    raise KeyError(path)


@dataclass(frozen=True)
class Bounds:
    """The values an option allows, as its rule and its schema declare them: ``low`` (excluded
    when ``low_open``), ``high`` (excluded when ``high_open``), None where there is no bound;
    ``step``: the multiple the value must be (None: any)."""

    low: Optional[float]
    low_open: bool
    high: Optional[float]
    high_open: bool
    step: Optional[float]

    def holds(self, value: float) -> bool:
        """Whether ``value`` is in the range (its step is the caller's to check)."""
        below = self.low is not None and (value <= self.low if self.low_open else value < self.low)
        above = self.high is not None and (value >= self.high if self.high_open else value > self.high)
        return not (below or above)

    def schema(self) -> dict[str, Any]:
        """The range in JSON Schema (the inverse of :func:`bounds`): an integer when the step is 1."""
        out: dict[str, Any] = {"type": "integer" if self.step == 1 else "number"}
        if self.low is not None:
            out["exclusiveMinimum" if self.low_open else "minimum"] = self.low
        if self.high is not None:
            out["exclusiveMaximum" if self.high_open else "maximum"] = self.high
        if self.step not in (None, 1):
            out["multipleOf"] = self.step
        return out


def bounds(cls: Any, path: str) -> Bounds:
    """The :class:`Bounds` of the option ``path`` of ``cls`` (of each value, for a list), read
    from its rule's JSON Schema and its own: the window's number boxes take their ranges from
    here, so that a range is declared once."""
    opt = find(cls, path).option
    schema = {**(opt.rule.schema if opt.rule else {}), **opt.schema}
    schema = {**schema, **schema.get("items", {})} if opt.kind in ("numbers", "columns") else schema
    low, high = schema.get("exclusiveMinimum"), schema.get("exclusiveMaximum")
    return Bounds(schema.get("minimum") if low is None else low, low is not None,
                  schema.get("maximum") if high is None else high, high is not None, schema.get("multipleOf"))


def add_flag(parser: Any, cls: Any, path: str, **overrides: Any) -> argparse.Action:
    """Add the flag of the option ``path`` of ``cls`` to ``parser`` (or an argument group): its
    kind's argparse keywords, its help and metavar, then ``overrides``."""
    d = find(cls, path)
    opt = d.option
    kwargs = {**KINDS[opt.kind][2], **opt.arg, "help": opt.help}
    rule_schema = opt.rule.schema if opt.rule else {}
    if "enum" in rule_schema and "action" not in kwargs:
        kwargs["choices"] = tuple(rule_schema["enum"])
    if opt.metavar:
        kwargs["metavar"] = opt.metavar
    kwargs.update(overrides)
    return parser.add_argument(opt.flag, **kwargs)


def given_flags(args: argparse.Namespace, cls: Any, paths: tuple[str, ...]) -> dict[str, Any]:
    """The options among ``paths`` (fields of ``cls``) given on the command line, by the last
    part of their path: a flag not given (None, False or []) is left out; lists as tuples."""
    out = {}
    for d in declared(cls):
        if d.path in paths:
            value = getattr(args, d.option.flag.lstrip("-").replace("-", "_"), None)
            if value is not None and value is not False and value != []:
                out[d.path.rsplit(".", 1)[-1]] = tuple(value) if isinstance(value, list) else value
    return out
