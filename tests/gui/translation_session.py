"""A window session with the bundled census loaded and a finished assessment, built without
threads, for the translation walk: the result pages then show their tables, banners and
verdicts. The assessment is run once (engine API) and shared by every build of a page."""

from __future__ import annotations

import tempfile
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from engine.api import run_assessment
from engine.analysis.config import AnalysisConfig, DataSource, PrivacyModelOptions, Roles, SubsetFamily
from engine.io.preview import ReviewData, load_for_review, subtable
from engine.remediation.recommend import describe_step
from engine.remediation.suggest import Suggestion, suggest
from engine.remediation.transforms import Drop, HierarchySpec, LocalSuppression, Recode, Scenario
from engine.outcome.results import Assessment
from engine.analysis.sample_options import SampleOptions

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "resources" / "examples" / "census_demo.toml"
QIDS = ("birth_year", "sex", "race", "school")
SENSITIVE = ("special_needs",)
SCRATCH = tempfile.TemporaryDirectory(prefix="riskreview-survey-")  # removed when the tests end
YEAR_BANDS = HierarchySpec("intervals", params=(("widths", (5.0, 10.0)),))
SCENARIOS = (Scenario("drop school", (Drop("school"),)),
             Scenario("band year", (Recode("birth_year", 1, YEAR_BANDS), LocalSuppression(2, QIDS[1:]))))


@lru_cache(maxsize=1)
def demo_config() -> AnalysisConfig:
    """The census demo on four quasi-identifiers, with the privacy models, SUDA and two scenarios."""
    config = AnalysisConfig.from_toml(DEMO)
    roles = replace(config.roles, quasi_identifiers=QIDS, sensitive=SENSITIVE)
    return replace(config, roles=roles, subsets=SubsetFamily(kind="all"), jobs=1,
                   models=PrivacyModelOptions(enabled=True),
                   sample=SampleOptions(sampling_fraction=0.1, suda=True), scenarios=SCENARIOS)


@lru_cache(maxsize=1)
def demo_data() -> ReviewData:
    return load_for_review(demo_config().data)


@lru_cache(maxsize=1)
def demo_assessment() -> Assessment:
    config = demo_config()
    return run_assessment(config, table=subtable(demo_data().table, config.needed_columns()))


@lru_cache(maxsize=1)
def demo_suggestion(panel_config) -> Suggestion:
    return suggest(subtable(demo_data().table, [*QIDS, *panel_config.sensitive]), panel_config)


def engine_texts() -> frozenset[str]:
    """Texts the engine writes (in English unless its own catalogue translates them) that the
    scenarios page shows as they are: the names given to the scenarios and their steps."""
    steps = {f"{i}. {describe_step(step)}" for s in SCENARIOS for i, step in enumerate(s.steps, start=1)}
    return frozenset({s.name for s in SCENARIOS} | steps)


@lru_cache(maxsize=1)
def survey_config() -> AnalysisConfig:
    """The hand-checked ten-record survey (tests/sample_survey.py) with its weight and households."""
    from ..sample_survey import write_survey

    path = write_survey(Path(SCRATCH.name) / "survey.csv")
    return AnalysisConfig(data=DataSource(path=str(path)),
                          roles=Roles(quasi_identifiers=("age", "sex"), weight="wgt", household="hh"))


def survey_session(with_roles: bool):
    """The survey loaded; with ``with_roles`` its weight and household chosen and its assessment
    the result, else no role chosen (the window then offers ``wgt`` as the weight)."""
    from gui.session import AttackChoice, Result, Session

    config = survey_config()
    data = load_for_review(config.data)
    session = Session()
    session.set_data(config.data, data.table, data.profiles, data.format)
    if with_roles:
        assert session.apply_config(config) == []
        assessment = run_assessment(config, table=subtable(data.table, config.needed_columns()))
        session.set_result(Result(assessment, AttackChoice(inference=False), 0.5))
    return session


def loaded_session(with_result: bool = True):
    """A :class:`gui.session.Session` with the census loaded, the demo's analysis applied and,
    with ``with_result``, its assessment as the result."""
    from gui.session import AttackChoice, Result, Session

    session = Session()
    data = demo_data()
    config = demo_config()
    session.set_data(config.data, data.table, data.profiles, data.format)
    problems = session.apply_config(config)
    assert problems == []
    if with_result:
        session.set_result(Result(demo_assessment(), AttackChoice(), 2.5))
    return session


__all__ = ["loaded_session", "demo_assessment", "demo_config", "demo_suggestion", "engine_texts", "QIDS",
           "SENSITIVE"]
