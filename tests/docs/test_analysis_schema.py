"""docs/analysis.schema.json and docs/analysis-file.md are what docs/generate.py makes from the
option declarations now; the schema accepts every shipped example analysis and what the code
writes, and refuses what the loader refuses (a wrong type, an unknown key, a value out of range)."""

from __future__ import annotations

import copy
import importlib.util
import json
import math
import re
import tomllib
from pathlib import Path

import pytest

from engine.analysis.config import AnalysisConfig, ClusterOptions, DataSource, Linkage, PrivacyModelOptions, Release, \
    ReportOptions, Roles, SubsetFamily, Target
from engine.foundation.errors import InputError
from engine.analysis.sample_options import SampleOptions
from engine.analysis.scenario_steps import STEP_BOUNDS, HierarchySpec

from ..conftest import ROOT

jsonschema = pytest.importorskip("jsonschema")

SCHEMA_JSON = ROOT / "docs" / "analysis.schema.json"
ANALYSIS_MD = ROOT / "docs" / "analysis-file.md"
EXAMPLES = sorted((ROOT / "resources").rglob("*.toml"))


def _generator():
    spec = importlib.util.spec_from_file_location("docs_generate", ROOT / "docs" / "generate.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _validator():
    schema = json.loads(SCHEMA_JSON.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_schema_and_reference_are_current():
    generated = _generator().generated()
    assert SCHEMA_JSON.read_text(encoding="utf-8") == generated[SCHEMA_JSON], "run python docs/generate.py"
    assert ANALYSIS_MD.read_text(encoding="utf-8") == generated[ANALYSIS_MD], "run python docs/generate.py"


def test_every_shipped_example_is_valid():
    assert {p.name for p in EXAMPLES} >= {"census_demo.toml", "dp_demo.toml"}
    validator = _validator()
    for path in EXAMPLES:
        errors = [e.message for e in validator.iter_errors(tomllib.loads(path.read_text(encoding="utf-8")))]
        assert not errors, (path.name, errors)


def _full_config() -> AnalysisConfig:
    """A config with every table of the file set away from its defaults."""
    return AnalysisConfig(
        data=DataSource("data.csv", format="csv", delimiter=";", encoding="latin-1"),
        roles=Roles(("age", "sex"), ("income",), ("id",), ("pid",), ("note",), ("wage",), "w", "hh"),
        subsets=SubsetFamily("list", subsets=(("age",), ("age", "sex"))), targets=(Target((("age", "30"),)),),
        jobs=3, report=ReportOptions(author="A", include_examples=True, language="pt_BR", organisation="O",
                                     sections=("methods",)),
        models=PrivacyModelOptions(True, 3), linkage=Linkage("pid", "1", (Release(DataSource("b.csv"), "2"),)),
        cluster=ClusterOptions("tls://h:1", "ca.pem", "c.pem", "k.pem"),
        sample=SampleOptions(sampling_fraction=0.1, suda=True, suda_max_size=3), interval_radius=0.2,
        suggest_hierarchies=(("age", HierarchySpec("intervals", params=(("widths", (5.0, 10.0)),))),
                             ("sex", HierarchySpec("hierarchy", path="sex.csv"))))


def test_what_the_code_writes_is_valid_and_reads_back():
    config = _full_config()
    validator = _validator()
    written = tomllib.loads(config.to_toml())
    assert not [e.message for e in validator.iter_errors(written)]
    assert AnalysisConfig.from_dict(written) == config


@pytest.mark.parametrize("change, loader_says", [
    (lambda raw: raw["run"].update(jobs="2"), "run.jobs must be a whole number"),
    (lambda raw: raw["sample"].update(suda="yes"), "sample.suda must be true or false"),
    (lambda raw: raw["roles"].update(sensitive="income"), "roles.sensitive must be a list of column names"),
    (lambda raw: raw["run"].update(job=2), "unknown key run.job"),
    (lambda raw: raw.update(colour="red"), "unknown key colour"),
    (lambda raw: raw["report"]["thresholds"].update(reid=0.1), "unknown key report.thresholds.reid"),
    (lambda raw: raw["suggest"].update(levels=[1]), "unknown key suggest.levels"),
    (lambda raw: raw["suggest"]["hierarchies"][0].update(level=1), "unknown key 'level'"),
    (lambda raw: raw["suggest"]["hierarchies"][0].update(intervals="5"),
     "intervals must be a list of widths, one per level"),
    (lambda raw: raw["suggest"]["hierarchies"][1].pop("column"), 'a hierarchy needs column = "NAME"'),
])
def test_the_schema_refuses_a_wrong_type_or_an_unknown_key_as_the_loader_does(change, loader_says):
    raw = tomllib.loads(_full_config().to_toml())
    assert _validator().is_valid(raw)
    broken = copy.deepcopy(raw)
    change(broken)
    assert not _validator().is_valid(broken)
    with pytest.raises(InputError, match=loader_says.replace(".", r"\.")):
        AnalysisConfig.from_dict(broken)


@pytest.mark.parametrize("table, key, value, field", [
    ("sample", "dis_fraction", 1.5, "sample.dis_fraction"), ("run", "jobs", 0, "jobs"),
    ("models", "l", 0, "models.l"), ("linkage", "duplicates", "last", None),
])
def test_the_schema_refuses_a_value_out_of_range_as_the_validation_does(table, key, value, field):
    raw = tomllib.loads(_full_config().to_toml())
    raw[table][key] = value
    errors = list(_validator().iter_errors(raw))
    assert len(errors) == 1 and list(errors[0].path) == [table, key]
    problems = AnalysisConfig.from_dict(raw).problems()
    if field is not None:
        assert [p.field for p in problems] == [field]


def test_a_dp_file_is_checked_as_one():
    validator = _validator()
    raw = {"kind": "differential-privacy", "threshold": {"voters": 10, "threshold": 2, "known": 1, "p": 0.5}}
    assert validator.is_valid(raw)
    assert not validator.is_valid({**raw, "threshold": {**raw["threshold"], "voters": "ten"}})
    assert not validator.is_valid({**raw, "roles": {}})  # a key of a release assessment
    assert not validator.is_valid({"kind": "differential-privacy", "mechanisms": ["gaussian"]})


def test_a_synthetic_data_file_is_checked_as_one():
    from engine.synthetic.config import Criterion, SyntheticConfig

    config = SyntheticConfig(real=DataSource("r.csv"), synthetic=DataSource("s.csv"), control=DataSource("c.csv"),
                             qids=("age",), sensitive="ill", radius=0.5, criterion=Criterion("fp", 0.01),
                             show_targets=True)
    raw = tomllib.loads(config.to_toml())
    validator = _validator()
    assert validator.is_valid(raw) and SyntheticConfig.from_dict(raw) == config
    for table, key, value in (("attacks", "seed", "1"), ("attacks", "distance", "cosine"), ("attacks", "seeds", 1),
                              ("attacks", "shadow_datasets", 3)):
        broken = copy.deepcopy(raw)
        broken[table][key] = value
        assert not validator.is_valid(broken), (key, value)
    assert not validator.is_valid({k: v for k, v in raw.items() if k != "data"})


def test_the_reference_lists_every_key_of_the_schema():
    text = ANALYSIS_MD.read_text(encoding="utf-8")
    schema = json.loads(SCHEMA_JSON.read_text(encoding="utf-8"))

    def keys(node: dict) -> set[str]:
        out = set()
        for name, prop in node.get("properties", {}).items():
            out.add(name)
            out |= keys(prop) | keys(prop.get("items", {}))
        return out

    documented = set(re.findall(r"^\| `([^`]+)` \|", text, re.M))
    documented |= {part.strip("[]") for heading in re.findall(r"^### `(.+)`$", text, re.M)
                   for part in heading.split(".")}
    missing = [k for definition in schema["$defs"].values() for k in keys(definition) if k not in documented]
    assert not missing, missing
    assert "| `dis_fraction` | number, > 0, <= 1 | `0.01` |" in text


def test_the_schema_checks_each_step_value_as_the_loader_does():
    """Every number of STEP_BOUNDS (engine/analysis/scenario_steps.py): at its bound both accept
    the step, just past it both refuse it."""
    base = {"recode": {"column": "sex", "intervals": [5], "level": 0}, "local_suppression": {"k": 2},
            "record_suppression": {"k": 2}, "sample": {"fraction": 0.5}, "pram": {"columns": ["sex"]},
            "microaggregate": {"columns": ["age"]}, "noise": {"columns": ["age"]}, "rank_swap": {"columns": ["age"]},
            "round": {"columns": ["age"]}}
    raw = tomllib.loads(_full_config().to_toml())
    for (op, key), b in STEP_BOUNDS.items():
        for bound, is_open, up in ((b.low, b.low_open, False), (b.high, b.high_open, True)):
            if bound is None:
                continue
            whole = b.step == 1
            step_past = (lambda v, u: v + (1 if u else -1)) if whole else \
                (lambda v, u: math.nextafter(float(v), math.inf if u else -math.inf))
            for value, valid in ((step_past(bound, not up) if is_open else bound, True),
                                 (bound if is_open else step_past(bound, up), False)):
                case = copy.deepcopy(raw)
                case["scenario"] = [{"name": "s", "steps": [{"op": op, **base[op], key: value}]}]
                assert _validator().is_valid(case) == valid, (op, key, value)
                if valid:
                    AnalysisConfig.from_dict(case)
                else:
                    with pytest.raises(InputError, match=f"{key} must be"):
                        AnalysisConfig.from_dict(case)
