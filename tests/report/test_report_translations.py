"""The differential-privacy and synthetic-data reports in Brazilian Portuguese: the known English
headings are gone, the Portuguese ones are there, numbers read 1.234,5 and dates 04/03/2026; the
same report in English keeps its English text (so the checks can fail). To cover another report,
add it to REPORTS. Also: the language setting, and the catalogues are complete and compiled."""

from __future__ import annotations

import importlib.util
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Callable

import pytest
from pypdf import PdfReader

from engine import i18n
from engine.config import AnalysisConfig, DataSource
from engine.errors import InputError
from engine.report import locale_format

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "resources" / "examples"
WHEN = datetime(2026, 3, 4, 5, 6)


def _in_language(assessment, language: str):
    report = replace(assessment.config.report, language=language)
    return replace(assessment, config=replace(assessment.config, report=report))


@pytest.fixture(scope="module")
def dp_assessment():
    from engine.dp.api import run_dp_analysis
    from engine.dp.config import DPConfig, DPScenario, ThresholdConfig

    return run_dp_analysis(DPConfig(
        data=DataSource(str(EXAMPLES / "example25.csv")),
        scenarios=(DPScenario("income", "income", ("medium",)),), epsilons=(0.405465108108164, 1.5),
        threshold=ThresholdConfig.desfontaines_example()))


@pytest.fixture(scope="module")
def synthetic_assessment():
    from engine.synthetic.api import run_synthetic_assessment
    from engine.synthetic.config import SyntheticConfig

    return run_synthetic_assessment(SyntheticConfig(
        real=DataSource(str(EXAMPLES / "synthetic_real.csv")),
        synthetic=DataSource(str(EXAMPLES / "synthetic_release.csv")),
        control=DataSource(str(EXAMPLES / "synthetic_control.csv")),
        qids=("birth_year", "sex", "race", "school_type"), sensitive="bolsa_familia",
        attacks=("closest-mia", "closest-aia", "cap"), targets=100, jobs=1))


def _write_dp(assessment, path: Path) -> Path:
    from engine.report.dp_pdf import write_dp_pdf

    return write_dp_pdf(assessment, path, generated_at=WHEN)


def _write_synthetic(assessment, path: Path) -> Path:
    from engine.report.synthetic_pdf import write_synthetic_pdf

    return write_synthetic_pdf(assessment, path, generated_at=WHEN)


COMMON_EN = ("Summary", "Methods", "Appendix: analysis file", "Generated", "RiskReview version", "page 1 of")
COMMON_PT = (
    "Resumo",
    "Métodos",
    "Apêndice: arquivo de análise",
    "Gerado em",
    "Versão do RiskReview",
    "página 1 de",
    "04/03/2026 05:06",
)

#: (name, assessment fixture, writer, English texts, their Portuguese, English-only and Portuguese-only numbers)
REPORTS: list[tuple[str, str, Callable, tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = [
    ("dp", "dp_assessment", _write_dp,
     COMMON_EN + ("Differential-privacy release analysis", "Counting queries: privacy loss and utility",
                  "Thresholded count: passive against active attackers", "prior vulnerability",
                  "Trade-off over epsilon", "worst known yes-votes"),
     COMMON_PT + ("Análise de divulgação com privacidade diferencial",
                  "Consultas de contagem: perda de privacidade e utilidade",
                  "Contagem com limiar: atacantes passivos contra ativos", "vulnerabilidade a priori",
                  "Compromisso em função de epsilon"),
     ("1,000 voters", "2024-"), ("1.000 votantes", "0,405")),
    ("synthetic", "synthetic_assessment", _write_synthetic,
     COMMON_EN + ("Synthetic-data disclosure report", "Attack results", "Membership attacks", "Real file",
                  "Sensitive attribute", "residual risk [95%]", "Closest-distance membership", "Attacker model"),
     COMMON_PT + ("Relatório de risco de divulgação de dados sintéticos", "Resultados dos ataques",
                  "Ataques de pertencimento", "Arquivo real", "Atributo sensível", "risco residual [95%]",
                  "Pertencimento por menor distância", "Modelo de atacante"),
     ("100 per class",), ("100 por classe",)),
]


def _text(path: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(str(path)).pages)


@pytest.mark.parametrize("name, fixture, write, english, portuguese, english_numbers, portuguese_numbers",
                         REPORTS, ids=[r[0] for r in REPORTS])
def test_report_in_portuguese(request, tmp_path, name, fixture, write, english, portuguese, english_numbers,
                              portuguese_numbers):
    assessment = request.getfixturevalue(fixture)
    pt_text = " ".join(_text(write(_in_language(assessment, "pt_BR"), tmp_path / "pt.pdf")).split())
    en_text = " ".join(_text(write(_in_language(assessment, "en"), tmp_path / "en.pdf")).split())
    for phrase in english:
        assert phrase in en_text, f"{name}: {phrase!r} missing from the English report"
        assert phrase not in pt_text, f"{name}: {phrase!r} left in English in the Portuguese report"
    for phrase in portuguese:
        assert phrase in pt_text, f"{name}: {phrase!r} missing from the Portuguese report"
        assert phrase not in en_text
    for number in portuguese_numbers:
        assert number in pt_text
    for number in english_numbers[:1]:
        assert number in en_text and number not in pt_text


def test_percentages_use_the_decimal_comma(dp_assessment, tmp_path):
    point = min(dp_assessment.dp, key=lambda p: p.epsilon)
    english = f"{100 * point.prior_vulnerability:.2f}%"
    text = " ".join(_text(_write_dp(_in_language(dp_assessment, "pt_BR"), tmp_path / "pt.pdf")).split())
    assert "." in english and english.replace(".", ",") in text


def test_the_system_language_is_the_default(dp_assessment, tmp_path, monkeypatch):
    monkeypatch.delenv(i18n.ENV_VARIABLE, raising=False)
    monkeypatch.setenv("LC_ALL", "pt_BR.UTF-8")
    text = _text(_write_dp(_in_language(dp_assessment, ""), tmp_path / "sys.pdf"))
    assert "Resumo" in text and "Summary" not in text


def test_locale_format():
    assert locale_format.number(1234.5, ",.1f", "pt_BR") == "1.234,5"
    assert locale_format.number(1234.5, ",.1f", "en") == "1,234.5"
    assert locale_format.integer(1234567, "pt_BR") == "1.234.567"
    assert locale_format.percent(0.12345, 1, "pt_BR") == "12,3%"
    assert locale_format.percent(None, 1, "pt_BR") == "-"
    assert locale_format.number(2.5e-159, ".3g", "pt_BR") == "2,5e-159"
    assert locale_format.date_time(WHEN, "pt_BR") == "04/03/2026 05:06"
    assert locale_format.date_time(WHEN, "en") == "2026-03-04 05:06"
    with i18n.language("pt_BR"):
        assert locale_format.number(0.5, ".2f") == "0,50"


def test_language_names_and_precedence(monkeypatch):
    assert [i18n.normalize(x) for x in ("pt_BR.UTF-8", "pt-BR", "pt", "pt_PT", "en_GB", "C", "de_DE", "")] == [
        "pt_BR", "pt_BR", "pt_BR", "pt_BR", "en", "en", None, None]
    for name in (i18n.ENV_VARIABLE, "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    assert i18n.system_language() == "en"
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    assert i18n.system_language() == "pt_BR"
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    assert i18n.system_language() == "en"
    monkeypatch.setenv(i18n.ENV_VARIABLE, "pt_BR")
    assert i18n.system_language() == "pt_BR"
    assert i18n.resolve("en") == "en"


def test_report_language_in_the_analysis_file():
    raw = {"data": {"path": "x.csv"}, "roles": {"quasi_identifiers": ["a"]}, "report": {"language": "pt-BR"}}
    config = AnalysisConfig.from_dict(raw, "a.toml")
    assert config.report.language == "pt_BR"
    assert 'language = "pt_BR"' in config.to_toml()
    assert "language" not in AnalysisConfig.from_dict({**raw, "report": {}}, "a.toml").to_toml()
    with pytest.raises(InputError, match=r"a\.toml: report\.language: unknown language 'xx'"):
        AnalysisConfig.from_dict({**raw, "report": {"language": "xx"}}, "a.toml")


def _catalogue_tool():
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "packaging" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_catalogues_are_complete_and_compiled():
    from xml.etree import ElementTree

    from babel.messages.pofile import read_po

    tool = _catalogue_tool()
    for language in tool.LANGUAGES:
        with tool.po_file(language).open("rb") as handle:
            catalogue = read_po(handle)
        assert [m.id for m in catalogue if m.id and (not m.string or m.fuzzy)] == []
        unfinished = [m.findtext("source") for m in ElementTree.parse(tool.ts_file(language)).iter("message")
                      if m.find("translation").get("type") == "unfinished" or not m.findtext("translation")]
        assert unfinished == []
    assert tool.check() == [], "run: python packaging/i18n.py compile"
