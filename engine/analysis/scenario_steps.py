"""The scenario steps as plain frozen dataclasses, and their ``[[scenario]]`` TOML form
(docs/methods.md, "Transformations"); applying them is :mod:`engine.remediation.transforms`.

Each transformation is a frozen dataclass applied, in order, to the encoded table; the input
file is never touched. A scenario is a named, ordered list of them, kept in the analysis file
as ``[[scenario]]`` sections::

    [[scenario]]
    name = "band the age"
    steps = [
      { op = "drop", column = "day_of_birth" },
      { op = "recode", column = "age", level = 1, hierarchy = "age.csv" },
      { op = "recode", column = "income", level = 1, intervals = [1000, 5000] },
      { op = "local_suppression", k = 3, importance = ["sex", "age", "municipality"] },
      { op = "record_suppression", k = 3, max_percent = 2.0 },
      { op = "sample", fraction = 0.5, seed = 1 },
      { op = "pram", columns = ["region"], pd = 0.8, alpha = 0.5, seed = 1 },
      { op = "microaggregate", columns = ["income", "expenditure"], k = 3, method = "mdav" },
      { op = "noise", columns = ["income"], percent = 10, correlated = false, seed = 1 },
      { op = "rank_swap", columns = ["area"], percent = 5, seed = 1 },
      { op = "round", columns = ["income"], base = 100 },
    ]
    crosstabs = [["sex", "age"]]   # optional: tables whose distortion (TVD) is reported
    recommended = true             # optional: the scenario the analyst picked
    exported = { path = "release.csv", source_sha256 = "...", sha256 = "..." }  # written by the window
    # with linked releases, also releases = [{ label = "2015", path = "release_2015.csv", ... }]

Recode builders: ``hierarchy`` (ARX file), ``intervals`` (widths, optional ``origin``),
``breaks`` (one list of cut points per level), ``bottom``/``top`` or
``bottom_quantile``/``top_quantile`` (top and bottom coding), ``dates`` (steps ``month``,
``year``, ``age:W@YYYY-MM-DD``), ``merge`` (group name -> values).
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Mapping, Optional, Sequence, Union

from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..foundation.messages import message
from ..foundation.paths import portable_path
from .options import Bounds
from .validation import MAX_SEED

BUILDERS = ("hierarchy", "intervals", "breaks", "top_bottom", "dates", "merge")


@dataclass(frozen=True)
class HierarchySpec:
    """Where a recode's hierarchy comes from: an ARX file (``kind='hierarchy'``, ``path``) or a
    builder with its parameters (``params``: sorted (name, value) pairs)."""

    kind: str
    path: Optional[str] = None
    params: tuple[tuple[str, Any], ...] = ()

    def anchored(self, folder: str | Path) -> "HierarchySpec":
        """This spec as an analysis file in ``folder`` stores it (:func:`engine.analysis.config.portable_path`)."""
        return replace(self, path=portable_path(self.path, folder)) if self.path else self

    def to_dict(self) -> dict[str, Any]:
        p = dict(self.params)
        if self.kind == "hierarchy":
            return {"hierarchy": self.path}
        if self.kind == "top_bottom":
            return {k: v for k, v in p.items()}
        if self.kind == "intervals":
            return {"intervals": list(p["widths"]), **({"origin": p["origin"]} if "origin" in p else {})}
        if self.kind == "breaks":
            return {"breaks": [list(b) for b in p["breaks"]]}
        if self.kind == "dates":
            return {"dates": list(p["steps"])}
        return {"merge": {name: list(members) for name, members in p["groups"]}}


@dataclass(frozen=True)
class Drop:
    """Remove a quasi-identifier from the released file."""

    column: str


@dataclass(frozen=True)
class Recode:
    """Replace a column's values by their generalisation at ``level`` of a hierarchy."""

    column: str
    level: int
    hierarchy: HierarchySpec


@dataclass(frozen=True)
class LocalSuppression:
    """Blank QID values of records whose block has fewer than ``k`` records: each round
    blanks, in every such record, its least important non-missing QID (``importance`` lists
    the QIDs most important first; unlisted QIDs are blanked before the listed ones, those with
    more distinct values first), then the blocks are recounted; a blanked value is missing and
    missing equals missing (sdcMicro's localSuppression without its wildcard matching)."""

    k: int
    importance: tuple[str, ...] = ()


@dataclass(frozen=True)
class RecordSuppression:
    """Remove the records of blocks smaller than ``k``, smallest blocks first, while the
    removed records stay within ``max_percent`` of the records."""

    k: int
    max_percent: float = 100.0


@dataclass(frozen=True)
class Sample:
    """Keep a simple random sample of ``fraction`` of the records (seeded)."""

    fraction: float
    seed: int = 0


@dataclass(frozen=True)
class Pram:
    """Invariant PRAM of categorical quasi-identifiers (docs/methods.md, "Perturbative steps"): each column's
    diagonal drawn from [pd, 1], mixed with the identity by ``alpha``; seeded."""

    columns: tuple[str, ...]
    pd: float = 0.8
    alpha: float = 0.5
    seed: int = 0


@dataclass(frozen=True)
class Microaggregate:
    """MDAV microaggregation of numeric QIDs in groups of at least ``k`` (docs/methods.md,
    "Perturbative steps")."""

    columns: tuple[str, ...]
    k: int = 3
    method: str = "mdav"


@dataclass(frozen=True)
class Noise:
    """Additive noise on numeric QIDs, ``percent`` of each column's sd, or correlated
    (docs/methods.md, "Perturbative steps"); seeded."""

    columns: tuple[str, ...]
    percent: float = 10.0
    correlated: bool = False
    seed: int = 0


@dataclass(frozen=True)
class RankSwap:
    """Rank swapping of numeric QIDs within ``percent`` of the ranks (docs/methods.md,
    "Perturbative steps"); seeded."""

    columns: tuple[str, ...]
    percent: float = 5.0
    seed: int = 0


@dataclass(frozen=True)
class Round:
    """Numeric QIDs rounded to multiples of ``base`` (docs/methods.md, "Perturbative steps")."""

    columns: tuple[str, ...]
    base: float = 1.0


#: Each step's class by its ``op``.
STEP_CLASSES: dict[str, type] = {"drop": Drop, "recode": Recode, "local_suppression": LocalSuppression,
                                 "record_suppression": RecordSuppression, "sample": Sample, "pram": Pram,
                                 "microaggregate": Microaggregate, "noise": Noise, "rank_swap": RankSwap,
                                 "round": Round}
NUMERIC_STEPS = (Microaggregate, Noise, RankSwap, Round)
PERTURBATIVE_STEPS = (Pram, *NUMERIC_STEPS)
Transform = Union[Drop, Recode, LocalSuppression, RecordSuppression, Sample, Pram, Microaggregate, Noise, RankSwap,
                  Round]


@dataclass(frozen=True)
class Export:
    """Transformed data written on request: the file, the SHA-256 of the source it was made
    from and of the file written; with linked releases, each linked release's file too
    (``releases``, each with its release ``label``)."""

    path: str
    source_sha256: str
    sha256: str = ""
    label: str = ""
    releases: tuple["Export", ...] = ()
    formula_columns: tuple[str, ...] = field(default=(), compare=False)
    """Columns written with values a spreadsheet would run as formulas (this run's export only)."""
    status: str = field(default="", compare=False)
    """A recorded export checked against its file: "" (written by this run), "verified",
    "differs" or "missing" (:func:`engine.remediation.export.verify_exports`)."""

    def anchored(self, folder: str | Path) -> "Export":
        return replace(self, path=portable_path(self.path, folder),
                       releases=tuple(r.anchored(folder) for r in self.releases))

    def to_dict(self) -> dict[str, Any]:
        return {**({"label": self.label} if self.label else {}), "path": self.path,
                "source_sha256": self.source_sha256, **({"sha256": self.sha256} if self.sha256 else {}),
                **({"releases": [r.to_dict() for r in self.releases]} if self.releases else {})}


@dataclass(frozen=True)
class Scenario:
    """A named, ordered list of transformations; ``recommended`` marks the one the analyst
    picked, ``exported`` the transformed data written from it (neither changes the results)."""

    name: str
    steps: tuple[Transform, ...] = ()
    crosstabs: tuple[tuple[str, ...], ...] = ()  # cross-tabulations whose distortion (TVD) is reported
    recommended: bool = False
    exported: Optional[Export] = None

    def anchored(self, folder: str | Path) -> "Scenario":
        """This scenario as an analysis file in ``folder`` stores it: hierarchy files and the
        exported data relative to ``folder`` when inside it, else absolute."""
        steps = tuple(replace(s, hierarchy=s.hierarchy.anchored(folder)) if isinstance(s, Recode) else s
                      for s in self.steps)
        exported = self.exported.anchored(folder) if self.exported else None
        return replace(self, steps=steps, exported=exported)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "steps": [step_dict(s) for s in self.steps],
                **({"crosstabs": [list(c) for c in self.crosstabs]} if self.crosstabs else {}),
                **({"recommended": True} if self.recommended else {}),
                **({"exported": self.exported.to_dict()} if self.exported else {})}


def step_dict(step: Transform) -> dict[str, Any]:
    if isinstance(step, Drop):
        return {"op": "drop", "column": step.column}
    if isinstance(step, Recode):
        return {"op": "recode", "column": step.column, "level": step.level, **step.hierarchy.to_dict()}
    if isinstance(step, LocalSuppression):
        return {"op": "local_suppression", "k": step.k, **({"importance": list(step.importance)}
                                                           if step.importance else {})}
    if isinstance(step, RecordSuppression):
        return {"op": "record_suppression", "k": step.k, "max_percent": step.max_percent}
    if isinstance(step, Pram):
        return {"op": "pram", "columns": list(step.columns), "pd": step.pd, "alpha": step.alpha, "seed": step.seed}
    if isinstance(step, Microaggregate):
        return {"op": "microaggregate", "columns": list(step.columns), "k": step.k, "method": step.method}
    if isinstance(step, Noise):
        return {"op": "noise", "columns": list(step.columns), "percent": step.percent,
                "correlated": step.correlated, "seed": step.seed}
    if isinstance(step, RankSwap):
        return {"op": "rank_swap", "columns": list(step.columns), "percent": step.percent, "seed": step.seed}
    if isinstance(step, Round):
        return {"op": "round", "columns": list(step.columns), "base": step.base}
    return {"op": "sample", "fraction": step.fraction, "seed": step.seed}


# --- reading scenarios ----------------------------------------------------------------------

STEP_KEYS = {"drop": {"column"}, "recode": {"column", "level", *BUILDERS, "widths", "origin", "bottom", "top",
                                            "bottom_quantile", "top_quantile"},
             "local_suppression": {"k", "importance"}, "record_suppression": {"k", "max_percent"},
             "sample": {"fraction", "seed"}, "pram": {"columns", "pd", "alpha", "seed"},
             "microaggregate": {"columns", "k", "method"}, "noise": {"columns", "percent", "correlated", "seed"},
             "rank_swap": {"columns", "percent", "seed"}, "round": {"columns", "base"}}

_SEED = Bounds(0, False, MAX_SEED, False, 1)
_K = Bounds(1, False, None, False, 1)
_SHARE = Bounds(0, False, 1, False, None)

#: The range of each number a step holds, declared once: :func:`parse_step` checks a file's
#: steps against it and the window's step forms take their boxes' ranges from it
#: (``gui/option_spin.py``). ``(op, key) -> Bounds``; a whole number has step 1.
STEP_BOUNDS: dict[tuple[str, str], Bounds] = {
    ("recode", "level"): Bounds(0, False, None, False, 1),
    ("local_suppression", "k"): _K,
    ("record_suppression", "k"): _K,
    ("record_suppression", "max_percent"): Bounds(0, False, 100, False, None),
    ("sample", "fraction"): Bounds(0, True, 1, False, None),
    ("sample", "seed"): _SEED,
    ("pram", "pd"): _SHARE,
    ("pram", "alpha"): _SHARE,
    ("pram", "seed"): _SEED,
    ("microaggregate", "k"): _K,
    ("noise", "percent"): Bounds(0, False, 1000, False, None),
    ("noise", "seed"): _SEED,
    ("rank_swap", "percent"): Bounds(0, False, 100, False, None),
    ("rank_swap", "seed"): _SEED,
    ("round", "base"): Bounds(0, True, None, False, None),
}


def _number(step: Mapping[str, Any], key: str, where: str, whole: bool = False) -> Any:
    value = step.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or (whole and not isinstance(value, int)):
        text = N_("{where}: {key} must be a whole number (got {value!r})") if whole else N_(
            "{where}: {key} must be a number (got {value!r})")
        raise InputError(message(text, where=where, key=key, value=value))
    return value


def step_default(op: str, key: str) -> Any:
    """The value of ``key`` when a step of ``op`` leaves it out: its class's field default
    (None: the key is required)."""
    default = next(f.default for f in fields(STEP_CLASSES[op]) if f.name == key)
    return None if default is MISSING else default


def _bounded(step: Mapping[str, Any], op: str, key: str, where: str) -> Any:
    """``step[key]`` (its :func:`step_default` when absent) checked against :data:`STEP_BOUNDS`:
    a whole number where the bounds' step is 1; a value out of range raises one line naming it."""
    b = STEP_BOUNDS[(op, key)]
    whole = b.step == 1
    default = step_default(op, key)
    if key not in step and default is not None:
        return default
    value = _number(step, key, where, whole=whole)
    value = value if whole else float(value)
    if b.holds(value):
        return value
    if key == "seed":
        text = N_("{where}: seed must be a whole number from 0 to {high} (got {value})")
    elif b.high is None:
        text = N_("{where}: {key} must be above {low:g} (got {value:g})") if b.low_open else N_(
            "{where}: {key} must be at least {low:g} (got {value:g})")
    elif b.low_open:
        text = N_("{where}: {key} must be in ({low:g}, {high:g}] (got {value:g})")
    else:
        text = N_("{where}: {key} must be between {low:g} and {high:g} (got {value:g})")
    raise InputError(message(text, where=where, key=key, low=b.low, high=b.high, value=value))


def _spec(step: Mapping[str, Any], where: str, base_dir: Optional[Path]) -> HierarchySpec:
    if "hierarchy" in step:
        path = step["hierarchy"]
        if not isinstance(path, str) or not path:
            raise InputError(message(N_("{where}: hierarchy must name an ARX hierarchy file"), where=where))
        if base_dir is not None and not Path(path).is_absolute():
            path = str(base_dir / path)
        return HierarchySpec("hierarchy", path=path)
    if "intervals" in step:
        widths = step["intervals"]
        if not isinstance(widths, list) or not widths or not all(isinstance(w, (int, float)) for w in widths):
            raise InputError(message(N_("{where}: intervals must be a list of widths, one per level"), where=where))
        params = [("widths", tuple(float(w) for w in widths))]
        if "origin" in step:
            params.append(("origin", float(_number(step, "origin", where))))
        return HierarchySpec("intervals", params=tuple(params))
    if "breaks" in step:
        breaks = step["breaks"]
        if not isinstance(breaks, list) or not breaks or not all(
                isinstance(b, list) and b and all(isinstance(x, (int, float)) for x in b) for b in breaks):
            raise InputError(message(N_("{where}: breaks must be a list of lists of cut points, one list per level"),
                                     where=where))
        return HierarchySpec("breaks", params=(("breaks", tuple(tuple(float(x) for x in b) for b in breaks)),))
    coding = {k: float(_number(step, k, where)) for k in ("bottom", "top", "bottom_quantile", "top_quantile")
              if k in step}
    if coding:
        return HierarchySpec("top_bottom", params=tuple(sorted(coding.items())))
    if "dates" in step:
        steps = step["dates"]
        if not isinstance(steps, list) or not steps or not all(isinstance(s, str) for s in steps):
            raise InputError(message(N_("{where}: dates must be a list of steps (month, year, age:W@YYYY-MM-DD)"),
                                     where=where))
        return HierarchySpec("dates", params=(("steps", tuple(steps)),))
    if "merge" in step:
        groups = step["merge"]
        if not isinstance(groups, Mapping) or not all(
                isinstance(v, list) and all(isinstance(x, str) for x in v) for v in groups.values()):
            raise InputError(message(N_("{where}: merge must be a table of group name = [values]"), where=where))
        return HierarchySpec("merge", params=(("groups", tuple((k, tuple(v)) for k, v in groups.items())),))
    raise InputError(message(N_("{where}: a recode needs hierarchy, intervals, breaks, bottom/top, dates or merge"),
                             where=where))


#: The keys of a column's hierarchy in a table of its own ([[suggest.hierarchies]]): the column and
#: the keys a recode step gives its hierarchy with (:func:`_spec`).
HIERARCHY_KEYS = ("column", "hierarchy", "intervals", "origin", "breaks", "bottom", "top", "bottom_quantile",
                  "top_quantile", "dates", "merge")


def hierarchy_table(column: str, spec: HierarchySpec) -> dict[str, Any]:
    """``{ column = "...", <the hierarchy's keys as a recode step writes them> }``."""
    return {"column": column, **spec.to_dict()}


def parse_hierarchy_table(table: Any, where: str, base_dir: Optional[Path] = None) -> tuple[str, HierarchySpec]:
    """A column and its hierarchy from :func:`hierarchy_table`'s table, the hierarchy read as a
    recode step's (a relative hierarchy file taken from ``base_dir``)."""
    if not isinstance(table, Mapping):
        raise InputError(message(N_("{where}: must be a table with column = \"NAME\" and its hierarchy"),
                                 where=where))
    unknown = sorted(set(table) - set(HIERARCHY_KEYS))
    if unknown:
        raise InputError(message(N_("{where}: unknown key {key!r} (allowed: {allowed})"), where=where, key=unknown[0],
                                 allowed=", ".join(HIERARCHY_KEYS)))
    column = table.get("column")
    if not isinstance(column, str) or not column:
        raise InputError(message(N_("{where}: a hierarchy needs column = \"NAME\""), where=where))
    return column, _spec(table, where, base_dir)


def parse_step(step: Any, where: str, base_dir: Optional[Path] = None) -> Transform:
    """One transformation from its TOML table."""
    if not isinstance(step, Mapping) or step.get("op") not in STEP_KEYS:
        raise InputError(message(N_("{where}: each step is a table with op = one of {ops}"), where=where,
                                 ops=", ".join(STEP_KEYS)))
    op = step["op"]
    unknown = sorted(set(step) - STEP_KEYS[op] - {"op"})
    if unknown:
        raise InputError(message(N_("{where}: unknown key {key!r} for op = {op!r}"), where=where, key=unknown[0],
                                 op=op))
    if op in ("drop", "recode"):
        if not isinstance(step.get("column"), str) or not step["column"]:
            raise InputError(message(N_("{where}: {op} needs column = \"NAME\""), where=where, op=op))
    if op == "drop":
        return Drop(step["column"])
    if op == "recode":
        return Recode(step["column"], _bounded(step, "recode", "level", where), _spec(step, where, base_dir))
    if op == "local_suppression":
        importance = step.get("importance", [])
        if not isinstance(importance, list) or not all(isinstance(c, str) for c in importance):
            raise InputError(message(N_("{where}: importance must be a list of column names"), where=where))
        return LocalSuppression(_bounded(step, op, "k", where), tuple(importance))
    if op in ("pram", "microaggregate", "noise", "rank_swap", "round"):
        return _perturbation(step, op, where)
    if op == "record_suppression":
        return RecordSuppression(_bounded(step, op, "k", where), _bounded(step, op, "max_percent", where))
    return Sample(_bounded(step, op, "fraction", where), _bounded(step, op, "seed", where))


def _perturbation(step: Mapping[str, Any], op: str, where: str) -> Transform:
    columns = step.get("columns")
    if not isinstance(columns, list) or not columns or not all(isinstance(c, str) and c for c in columns) \
            or len(set(columns)) != len(columns):
        raise InputError(message(N_("{where}: {op} needs columns = [\"NAME\", ...] (distinct names)"), where=where,
                                 op=op))
    columns = tuple(columns)
    seed = _bounded(step, op, "seed", where) if (op, "seed") in STEP_BOUNDS else 0
    if op == "pram":
        return Pram(columns, _bounded(step, op, "pd", where), _bounded(step, op, "alpha", where), seed)
    if op == "microaggregate":
        method = step.get("method", "mdav")
        if method != "mdav":
            raise InputError(message(N_("{where}: method must be \"mdav\" (got {method!r})"), where=where,
                                     method=method))
        return Microaggregate(columns, _bounded(step, op, "k", where), method)
    if op == "noise":
        correlated = step.get("correlated", False)
        if not isinstance(correlated, bool):
            raise InputError(message(N_("{where}: correlated must be true or false"), where=where))
        if correlated and len(columns) < 2:
            raise InputError(message(N_("{where}: correlated noise needs two or more columns"), where=where))
        return Noise(columns, _bounded(step, op, "percent", where), correlated, seed)
    if op == "rank_swap":
        return RankSwap(columns, _bounded(step, op, "percent", where), seed)
    return Round(columns, _bounded(step, op, "base", where))


def parse_scenarios(raw: Any, source: str, base_dir: Optional[Path] = None) -> tuple[Scenario, ...]:
    """Scenarios from the ``scenario`` array of tables of an analysis file."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise InputError(message(N_("{source}: scenario must be an array of tables ([[scenario]])"), source=source))
    scenarios = []
    names: set[str] = set()
    for number, table in enumerate(raw, start=1):
        if not isinstance(table, Mapping):
            raise InputError(message(N_("{source}: scenario {number} must be a table"), source=source, number=number))
        name = table.get("name")
        if not isinstance(name, str) or not name:
            raise InputError(message(N_("{source}: scenario {number} needs name = \"...\""), source=source,
                                     number=number))
        if name in names:
            raise InputError(message(N_("{source}: two scenarios are named {name!r}"), source=source, name=name))
        names.add(name)
        extra = sorted(set(table) - {"name", "steps", "crosstabs", "recommended", "exported"})
        if extra:
            raise InputError(message(N_("{source}: scenario {name!r}: unknown key {key!r} (allowed: name, steps, "
                                        "crosstabs, recommended, exported)"), source=source, name=name, key=extra[0]))
        recommended = table.get("recommended", False)
        if not isinstance(recommended, bool):
            raise InputError(message(N_("{source}: scenario {name!r}: recommended must be true or false"),
                                     source=source, name=name))
        exported = _export(table.get("exported"), message(N_("{source}: scenario {name!r}"), source=source,
                                                          name=name), base_dir)
        crosstabs = table.get("crosstabs", [])
        if not isinstance(crosstabs, list) or not all(
                isinstance(c, list) and c and all(isinstance(x, str) for x in c) for c in crosstabs):
            raise InputError(message(N_("{source}: scenario {name!r}: crosstabs must be a list of lists of column "
                                        "names"), source=source, name=name))
        steps = table.get("steps", [])
        if not isinstance(steps, list):
            raise InputError(message(N_("{source}: scenario {name!r}: steps must be a list of tables"), source=source,
                                     name=name))
        scenarios.append(Scenario(name, tuple(parse_step(s, message(N_("{source}: scenario {name!r}, step {step}"),
                                                                 source=source, name=name, step=i), base_dir)
                                              for i, s in enumerate(steps, start=1)),
                                  tuple(tuple(c) for c in crosstabs), recommended, exported))
    if sum(s.recommended for s in scenarios) > 1:
        raise InputError(message(N_("{source}: more than one scenario has recommended = true"), source=source))
    return tuple(scenarios)


def _export(raw: Any, where: str, base_dir: Optional[Path] = None, release: bool = False) -> Optional[Export]:
    if raw is None:
        return None
    allowed = {"path", "source_sha256", "sha256"} | ({"label"} if release else {"releases"})
    if (not isinstance(raw, Mapping) or set(raw) - allowed
            or not all(isinstance(raw.get(k), str) and raw.get(k) for k in ("path", "source_sha256"))
            or not all(isinstance(raw.get(k, ""), str) for k in ("sha256", "label"))
            or release and not raw.get("label") or not isinstance(raw.get("releases", []), list)):
        raise InputError(message(N_("{where}: exported must be a table with path, source_sha256 (and sha256) as "
                                    "text"), where=where))
    path = raw["path"]
    if base_dir is not None and not Path(path).is_absolute():
        path = str(base_dir / path)
    releases = tuple(_export(r, f"{where}, releases[{number}]", base_dir, release=True)
                     for number, r in enumerate(raw.get("releases", []), start=1))
    return Export(path, raw["source_sha256"], raw.get("sha256", ""), raw.get("label", ""), releases)


def with_crosstabs(scenarios: Sequence[Scenario], texts: Sequence[str]) -> tuple[Scenario, ...]:
    """``scenarios`` each with the cross-tabulations ``texts`` ("COL,COL", from --crosstab)
    added after its own (none repeated)."""
    tables = []
    for text in texts:
        columns = tuple(c.strip() for c in text.split(","))
        if not all(columns) or len(set(columns)) != len(columns):
            raise InputError(f"--crosstab {text!r}: expected distinct column names separated by commas")
        tables.append(columns)
    if tables and not scenarios:
        raise InputError("--crosstab needs scenarios (--scenario FILE.toml or [[scenario]] in --config)")
    return tuple(replace(s, crosstabs=tuple(dict.fromkeys((*s.crosstabs, *tables)))) for s in scenarios)


def scenarios_toml(scenarios: Sequence[Scenario], folder: Optional[str | Path] = None) -> str:
    """``[[scenario]]`` sections as a file in ``folder`` stores them (paths anchored there)."""
    import tomli_w

    if folder is not None:
        scenarios = [s.anchored(folder) for s in scenarios]
    return tomli_w.dumps({"scenario": [s.to_dict() for s in scenarios]})


def step_faults(scenario: Scenario, qids: Sequence[str], numeric_qids: Sequence[str] = ()) -> list[str]:
    """What the scenario's steps name wrongly: a column that is not one of ``qids``, or one
    dropped by an earlier step (each step applies to the quasi-identifiers left); a numeric
    step's column that is not one of ``numeric_qids``; a step that changes categorical values
    or records after PRAM (PRAM comes last among them, so that the attacker's view of the
    categorical QIDs is the file just before it)."""
    faults, left = [], list(qids)
    pram_at = 0
    for number, step in enumerate(scenario.steps, start=1):
        if isinstance(step, NUMERIC_STEPS):
            for name in step.columns:
                if name not in numeric_qids:
                    faults.append(message(N_("scenario {scenario!r}, step {step}: column {column!r} is not a numeric "
                                             "quasi-identifier of the analysis (numeric quasi-identifiers: {qids})"),
                                          scenario=scenario.name, step=number, column=name,
                                          qids=", ".join(numeric_qids) or "-"))
            continue
        if isinstance(step, Pram):
            pram_at = pram_at or number
        elif pram_at:
            faults.append(message(N_("scenario {scenario!r}, step {step}: comes after the PRAM step {pram}; put PRAM "
                                     "after the drop, recode, suppression and sample steps"),
                                  scenario=scenario.name, step=number, pram=pram_at))
        for name in _columns_named(step):
            if name not in left:
                faults.append(message(N_("scenario {scenario!r}, step {step}: column {column!r} was dropped by an "
                                         "earlier step"), scenario=scenario.name, step=number, column=name)
                              if name in qids else
                              message(N_("scenario {scenario!r}, step {step}: column {column!r} is not a "
                                         "quasi-identifier of the analysis (quasi-identifiers: {qids})"),
                                      scenario=scenario.name, step=number, column=name, qids=", ".join(qids)))
        if isinstance(step, Drop) and step.column in left:
            left.remove(step.column)
    return faults


def _columns_named(step: Transform) -> tuple[str, ...]:
    if isinstance(step, (Drop, Recode)):
        return (step.column,)
    if isinstance(step, LocalSuppression):
        return step.importance
    if isinstance(step, Pram):
        return step.columns
    return ()
