"""The JSON Schema of analysis files, and their reference, made from the option declarations.

``python docs/generate.py`` writes docs/analysis.schema.json and docs/analysis-file.md from
:func:`analysis_schema` and :func:`reference_markdown`; tests/docs/test_analysis_schema.py keeps
them current and validates the shipped example analyses. Every key comes from a declared field
(:mod:`engine.analysis.options`); the tables made of structures (a linked release, a scenario's steps)
are described here.
"""

from __future__ import annotations

import json
from dataclasses import MISSING, fields
from typing import Any

from ..api import AnalysisConfig, DataSource
from ..api import DP_KIND, DPConfig
from ..api import KINDS, Declared, declared
from ..api import STEP_BOUNDS, STEP_KEYS, step_default
from ..api import SyntheticConfig

SCHEMA_ID = "https://riskreview.invalid/analysis.schema.json"
SYNTHETIC_KIND = "synthetic"
KIND_TITLES = {"assess": "Release assessment (riskreview assess)",
               SYNTHETIC_KIND: "Synthetic-data assessment (riskreview synth)",
               DP_KIND: "Differential-privacy release analysis (riskreview dp, dp-threshold)"}


def _json_default(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_json_default(v) for v in value]
    return value


def option_schema(d: Declared) -> dict[str, Any]:
    """The JSON Schema of one declared option: its kind, its rule (on each item of a list), its
    own additions, its help as the description and its default."""
    opt = d.option
    schema: dict[str, Any] = json.loads(json.dumps(KINDS[opt.kind][0]))
    rule = dict(opt.rule.schema) if opt.rule else {}
    if schema.get("type") == "array" and rule:
        schema["items"] = {**schema["items"], **rule}
    else:
        schema.update(rule)
    for name, value in opt.schema.items():
        schema[name] = {**schema[name], **value} if isinstance(value, dict) and isinstance(schema.get(name), dict) \
            else value
    schema["description"] = opt.doc or opt.help
    default = d.default
    if default is not MISSING and default is not None:
        schema["default"] = _json_default(default)
    return schema


def _table() -> dict[str, Any]:
    return {"type": "object", "properties": {}, "additionalProperties": False}


def _required(d: Declared) -> bool:
    f = d.field
    return f.default is MISSING and f.default_factory is MISSING and d.default is MISSING


def object_schema(cls: Any) -> dict[str, Any]:
    """The analysis file of ``cls`` as a JSON Schema object: one property per declared key,
    nested tables for dotted keys, unknown keys refused."""
    root = _table()
    for d in declared(cls):
        *tables, name = d.key.split(".")
        node = root
        for part in tables:
            node = node["properties"].setdefault(part, _table())
        if "group" in d.field.metadata:
            continue
        node["properties"][name] = option_schema(d)
        if _required(d):
            node.setdefault("required", []).append(name)
    for f in fields(cls):  # a group without a default: its table is required
        if "group" in f.metadata and f.default is MISSING and f.default_factory is MISSING:
            node = root  # and so is each table holding it
            for part in f.metadata["group"].split("."):
                if part not in node.setdefault("required", []):
                    node["required"].append(part)
                node = node["properties"][part]
    return root


def _release_schema() -> dict[str, Any]:
    release = object_schema(DataSource)
    release["properties"]["label"] = {"type": ["string", "integer"],
                                      "description": "the release's label (default: 2, 3, ... in order)"}
    release["properties"]["key"] = {"type": "string", "description": "the key column in this file when its name "
                                                                      "differs from the linkage key"}
    return release


def assess_schema() -> dict[str, Any]:
    schema = object_schema(AnalysisConfig)
    schema["properties"]["linkage"]["properties"]["releases"]["items"] = _release_schema()
    scenario = schema["properties"]["scenario"]
    scenario["items"]["additionalProperties"] = False
    scenario["items"]["properties"] = {
        "name": {"type": "string", "description": "the scenario's name"},
        "steps": {"type": "array", "items": step_schema(),
                  "description": "the transformations in order, each a table with its op (recode, "
                                 "local_suppression, record_suppression, sample, pram, microaggregate, noise, "
                                 "rank_swap, round, ...) and its parameters (the numbers: \"Scenario step "
                                 "values\" below)"},
        "crosstabs": {"type": "array", "items": {"type": "array", "items": {"type": "string"}},
                      "description": "cross-tabulations whose distortion (TVD) is reported"},
        "recommended": {"type": "boolean", "description": "the scenario the analyst picked (at most one)"},
        "exported": {"type": "object", "description": "the transformed file the window wrote, with its SHA-256 "
                                                      "and its source's"}}
    hierarchies = schema["properties"]["suggest"]["properties"]["hierarchies"]
    hierarchies["items"]["additionalProperties"] = False
    hierarchies["items"]["properties"] = hierarchy_properties()
    return schema


def step_schema() -> dict[str, Any]:
    """A scenario step: ``op`` one of the steps, and per op the range of each of its numbers."""
    ops = sorted({op for op, _ in STEP_BOUNDS})
    return {"type": "object", "required": ["op"],
            "allOf": [{"properties": {"op": {"enum": list(STEP_KEYS)}}},
                      *({"if": {"properties": {"op": {"const": op}}},
                         "then": {"properties": {key: STEP_BOUNDS[(op, key)].schema()
                                                 for o, key in sorted(STEP_BOUNDS) if o == op}}} for op in ops)]}


def step_values_markdown() -> list[str]:
    """The reference's table of every number a scenario step holds: its op, key, range and default."""
    lines = ["### Scenario step values", "", "Each number a `[[scenario]]` step holds, with the range it must be in.",
             "", "| op | key | value | default |", "| --- | --- | --- | --- |"]
    for op, key in sorted(STEP_BOUNDS, key=lambda pair: (list(STEP_KEYS).index(pair[0]), pair[1])):
        schema = STEP_BOUNDS[(op, key)].schema()
        default = step_default(op, key)
        lines.append(f"| `{op}` | `{key}` | {_type_text(schema)}, {_range_text(schema)} | "
                     f"{'required' if default is None else '`' + json.dumps(default) + '`'} |")
    return lines + [""]


def hierarchy_properties() -> dict[str, Any]:
    """The keys of a column's hierarchy as a recode step gives it (engine/analysis/scenario_steps.py,
    ``HIERARCHY_KEYS``): one builder, or an ARX hierarchy file."""
    number = {"type": "number"}
    return {
        "column": {"type": "string", "description": "the quasi-identifier"},
        "hierarchy": {"type": "string", "minLength": 1, "description": "an ARX hierarchy file (CSV)"},
        "intervals": {"type": "array", "minItems": 1, "items": number,
                      "description": "intervals of these widths, one per level"},
        "origin": {**number, "description": "where the intervals start (with intervals; default 0)"},
        "breaks": {"type": "array", "minItems": 1, "items": {"type": "array", "minItems": 1, "items": number},
                   "description": "the cut points of each level"},
        **{name: {**number, "description": text} for name, text in (
            ("bottom", "values at or below it coded as one (bottom coding)"),
            ("top", "values at or above it coded as one (top coding)"),
            ("bottom_quantile", "bottom coding at this quantile of the values"),
            ("top_quantile", "top coding at this quantile of the values"))},
        "dates": {"type": "array", "minItems": 1, "items": {"type": "string"},
                  "description": "the steps of each level: month, year or age:W@YYYY-MM-DD"},
        "merge": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}},
                  "description": "group name = [values] (categories merged)"},
    }


def _kind_schema(cls: Any, kind: str, what: str) -> dict[str, Any]:
    schema = object_schema(cls)
    schema["properties"] = {"kind": {"const": kind, "description": f"this is {what}"}, **schema["properties"]}
    schema["required"] = ["kind", *schema.get("required", ())]
    return schema


def analysis_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of RiskReview analysis files: a release assessment, a
    synthetic-data assessment (``kind = "synthetic"``) or a differential-privacy analysis
    (``kind = "differential-privacy"``)."""
    def kind_is(kind: str) -> dict[str, Any]:
        return {"properties": {"kind": {"const": kind}}, "required": ["kind"]}

    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SCHEMA_ID,
            "title": "RiskReview analysis file",
            "description": "An analysis file (analysis.toml) of RiskReview; see docs/analysis-file.md.",
            "$defs": {"assess": assess_schema(),
                      SYNTHETIC_KIND: _kind_schema(SyntheticConfig, SYNTHETIC_KIND, "a synthetic-data assessment"),
                      DP_KIND: _kind_schema(DPConfig, DP_KIND, "a differential-privacy analysis")},
            "if": kind_is(SYNTHETIC_KIND), "then": {"$ref": f"#/$defs/{SYNTHETIC_KIND}"},
            "else": {"if": kind_is(DP_KIND), "then": {"$ref": f"#/$defs/{DP_KIND}"},
                     "else": {"$ref": "#/$defs/assess"}}}


def schema_text() -> str:
    """docs/analysis.schema.json as written."""
    return json.dumps(analysis_schema(), indent=1, ensure_ascii=False) + "\n"


# --- the reference ------------------------------------------------------------------------

def _type_text(schema: dict[str, Any]) -> str:
    kind = schema.get("type")
    if "const" in schema:
        return "`" + json.dumps(schema["const"]) + "`"
    if "enum" in schema:
        return "one of " + ", ".join(f"`{json.dumps(v)}`" for v in schema["enum"])
    if kind == "array":
        items = schema.get("items", {})
        return "list of " + (_type_text(items) if items else "values")
    if isinstance(kind, list):
        return " or ".join(kind)
    return {"integer": "whole number", "number": "number", "string": "text", "boolean": "true or false",
            "object": "table"}.get(kind, "value")


def _range_text(schema: dict[str, Any]) -> str:
    schema = schema.get("items", schema) if schema.get("type") == "array" else schema
    parts = []
    if "exclusiveMinimum" in schema:
        parts.append(f"> {schema['exclusiveMinimum']}")
    if "minimum" in schema:
        parts.append(f">= {schema['minimum']}")
    if "exclusiveMaximum" in schema:
        parts.append(f"< {schema['exclusiveMaximum']}")
    if "maximum" in schema:
        parts.append(f"<= {schema['maximum']}")
    if "pattern" in schema:
        parts.append(f"matches `{schema['pattern']}`".replace("|", "\\|"))
    return ", ".join(parts)


def _rows(schema: dict[str, Any], table: str, out: list[list[str]]) -> None:
    """Append the tables of ``schema`` (an object): one (table, rows) list each, nested first-level order."""
    rows, nested = [], []
    required = set(schema.get("required", ()))
    for name, prop in schema.get("properties", {}).items():
        key = f"{table}.{name}" if table else name
        if prop.get("type") == "object" and "properties" in prop:
            nested.append((key, prop))
            continue
        default = json.dumps(prop["default"], ensure_ascii=False) if "default" in prop else ""
        text = " ".join(prop.get("description", "").split()).replace("|", "\\|")
        allowed = _type_text(prop)
        limit = _range_text(prop)
        rows.append(f"| `{name}` | {allowed}{', ' + limit if limit else ''} | "
                    f"{'required' if name in required else ('`' + default + '`' if default else '')} | {text} |")
        items = prop.get("items", {})
        if prop.get("type") == "array" and items.get("type") == "object" and "properties" in items:
            nested.append((f"[{key}]", items))
    if rows:
        out.append([(f"`[[{table[:-2]}]]`" if table.endswith("[]") else f"`[{table}]`") if table else "top level",
                    *rows])
    for key, prop in nested:
        _rows(prop, key.strip("[]") + "[]" if key.startswith("[") else key, out)


HEADER = """# Analysis-file reference

<!-- Generated by `python docs/generate.py` from the option declarations (engine/analysis/options.py,
engine/analysis/config.py, engine/analysis/sample_options.py, engine/synthetic/config.py, engine/dp/config.py) through
engine/commands/analysis_schema.py.
Do not edit by hand; tests/docs/test_analysis_schema.py fails when this file is stale. -->

An analysis file (`analysis.toml`, TOML) holds everything needed to repeat an analysis, never the
data. The window saves one (File > Save), every command writes one next to its results and reads
one with `--config FILE.toml` (command-line options override it). A path is relative to the
analysis file's folder or absolute. Its JSON Schema is [analysis.schema.json](analysis.schema.json):
an editor with a TOML language server (for example Taplo, or "Even Better TOML" in VS Code) checks
a file against it when the file starts with

```toml
#:schema ./analysis.schema.json
```

(the path to the schema from the analysis file). The checks the schema cannot state (columns
that exist, one role per column, a QID-subset family that fits the sweep) are made when the file
is opened or run, with a message naming the key.
"""


def reference_markdown() -> str:
    """docs/analysis-file.md: one section per kind of analysis, one table per table of the file."""
    lines = [HEADER]
    schema = analysis_schema()
    for kind, title in KIND_TITLES.items():
        lines += [f"## {title}", ""]
        if kind == DP_KIND:
            lines += [f'`kind = "{DP_KIND}"` marks the file; the data file is needed for the counting queries '
                      "only.", ""]
        if kind == SYNTHETIC_KIND:
            lines += [f'`kind = "{SYNTHETIC_KIND}"` marks the file; `[data.control]` is needed by the membership '
                      "attacks.", ""]
        tables: list[list[str]] = []
        _rows(schema["$defs"][kind], "", tables)
        for title_row, *rows in tables:
            lines += [f"### {title_row}", "", "| key | value | default | meaning |", "| --- | --- | --- | --- |",
                      *rows, ""]
            if title_row == "`[[scenario]]`":
                lines += step_values_markdown()
    return "\n".join(lines).rstrip() + "\n"
