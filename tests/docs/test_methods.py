"""The methods document (docs/methods.md) and the code agree: every section the code cites
exists, nothing cites a document outside the repository, and the worked examples the document
states are the numbers the engine computes."""

from __future__ import annotations

import math
import re

import pytest

from engine.api import run_assessment

from ..conftest import EXAMPLES, ROOT
from ..engine.helpers import by_qids, config_for

METHODS = ROOT / "docs" / "methods.md"
CITATION = re.compile(r'docs/methods\.md,?\s*"([^"]+)"')


def _headings() -> set[str]:
    return {line.lstrip("#").strip() for line in METHODS.read_text(encoding="utf-8").splitlines()
            if line.startswith("#")}


def _sources():
    for folder in ("engine", "gui"):
        yield from sorted((ROOT / folder).rglob("*.py"))


def test_every_cited_section_exists():
    headings = _headings()
    cited = {}
    for path in _sources():
        text = " ".join(path.read_text(encoding="utf-8").split())
        for name in CITATION.findall(text):
            cited.setdefault(name, path.relative_to(ROOT))
    missing = {name: str(path) for name, path in cited.items() if name not in headings}
    assert not missing, f"cited sections absent from docs/methods.md: {missing}"


def test_no_code_cites_a_document_outside_the_repository():
    offenders = [str(p.relative_to(ROOT)) for p in _sources()
                 if "DESIGN.md" in p.read_text(encoding="utf-8") or "../shared" in p.read_text(encoding="utf-8")]
    assert offenders == []


def _stated(fragment: str) -> None:
    assert fragment in " ".join(METHODS.read_text(encoding="utf-8").split()), fragment


def test_example_12_as_stated():
    run = run_assessment(config_for(["age", "gender", "occupation"], ["illness"], path=str(EXAMPLES / "example12.csv")))
    crs = by_qids(run.reidentification, "age")
    cas = by_qids(run.inference, "age", sensitive="illness")
    _stated(f"CRS, Q = {{age}}: posterior deterministic {crs.posterior_det:g}, probabilistic "
            f"{crs.posterior_prob:g} (prior {crs.prior_prob:g}, ratio {crs.degradation_prob:g})")
    _stated(f"CAS, Q = {{age}}, S = illness: deterministic {cas.posterior_det:g}; probabilistic "
            f"{cas.posterior_prob:g} (prior {cas.prior_prob:g}, ratio {cas.degradation_prob:g})")


def test_income_example_as_stated():
    run = run_assessment(config_for(["age", "education"], ["income"], path=str(EXAMPLES / "example_income.csv"),
                                    subsets="exact"))
    (reid,), (inference,) = run.reidentification, run.inference
    assert (reid.prior_prob, reid.posterior_prob) == pytest.approx((1 / 8, 1 / 2))
    assert (inference.prior_prob, inference.posterior_prob) == pytest.approx((1 / 2, 3 / 4))
    _stated("re-identification prior 1/8, posterior 1/2; income inference prior 1/2, posterior 3/4")


def test_individual_risk_closed_forms_as_stated():
    p = 0.25
    _stated(f"r = (1/3) ln 4 = {p / (1 - p) * math.log(1 / p):.6f}")
    p = 0.5
    _stated(f"r = 2 (½ ln ½ + ½) = {p / (1 - p) ** 2 * (p * math.log(p) + 1 - p):.6f}")


def test_individual_and_household_risk_as_stated():
    import numpy as np

    from engine.sample.household import household_risk
    from engine.sample.individual_risk import key_risk

    one, two, ones = key_risk(np.array([1, 2, 3]), np.array([4.0, 4.0, 3.0]))
    _stated(f"r = (1/3) ln 4 = {one:.6f}")
    _stated(f"r = 2 (½ ln ½ + ½) = {two:.6f}")
    assert ones == pytest.approx(1 / 3)
    members = household_risk(np.array([0.5, 0.2, 0.1]), np.array([0, 0, 0]), 1)
    assert members == pytest.approx([0.64] * 3)
    _stated("1 − 0.5 · 0.8 · 0.9 = 0.64 for each")
