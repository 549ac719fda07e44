"""The release-assessment, differential-privacy and synthetic-data reports in Brazilian
Portuguese: the known English headings are gone, the Portuguese ones are there, numbers read
1.234,5 and dates 04/03/2026; the same report in English keeps its English text (so the checks
can fail); no English sentence of the catalogue is left in the Portuguese report. To cover
another report, add it to REPORTS. Also: the language setting, and the catalogues are complete
and compiled."""

from __future__ import annotations

import html
import importlib.util
import random
import re
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Callable

import pytest
from pypdf import PdfReader
from reportlab.platypus import Paragraph, Table

from engine.foundation import i18n
from engine.analysis.config import AnalysisConfig, DataSource
from engine.foundation.errors import InputError
from engine.foundation import locale_format

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


def _main_data(folder: Path) -> tuple[Path, Path, Path]:
    """A weighted survey of 400 people in households, a later release holding 90% of them and
    one holding 30% (so the low-match sentence is written)."""
    rng = random.Random(7)
    rows = [(i, 20 + 5 * rng.randrange(10), rng.choice("FM"), rng.choice(["North", "South", "East", "West"]),
             rng.randrange(6), rng.choice(["yes", "no", "no", "no"]), rng.randrange(1, 60), f"h{i // 3}")
            for i in range(1, 401)]
    focal = folder / "survey.csv"
    focal.write_text("id,age,sex,region,occupation,illness,wgt,hh\n"
                     + "".join(",".join(map(str, r)) + "\n" for r in rows), encoding="utf-8")
    later = []
    for name, share in (("wave2.csv", 0.9), ("wave3.csv", 0.3)):
        path = folder / name
        kept = [r for r in rows if rng.random() < share]
        path.write_text("id,occupation\n" + "".join(f"{r[0]},{(r[4] + rng.randrange(2)) % 6}\n" for r in kept),
                        encoding="utf-8")
        later.append(path)
    return focal, later[0], later[1]


def _main_config(folder: Path):
    from engine.analysis.config import ModelTargets, PrivacyModelOptions, ReportOptions, Roles, SubsetFamily, Target, Thresholds

    focal, wave2, wave3 = _main_data(folder)
    config = AnalysisConfig(
        data=DataSource(str(focal)),
        roles=Roles(("age", "sex", "region", "occupation"), ("illness",), identifiers=("id",)),
        subsets=SubsetFamily("all"),
        targets=(Target((("age", "30"), ("sex", "F"))), Target((("age", "99"), ("sex", "M")))),
        report=ReportOptions(thresholds=Thresholds(expected_reid_share=0.2)),
        models=PrivacyModelOptions(enabled=True, targets=ModelTargets(k=2, l=2)))
    return config, wave2, wave3


@pytest.fixture(scope="module")
def main_assessment(tmp_path_factory):
    """The release-assessment report with sample-file measures (weights, households, SUDA),
    privacy models with targets, individual targets and scenarios."""
    from engine.api import run_assessment
    from engine.remediation.transforms import parse_scenarios
    from engine.analysis.sample_options import SampleOptions

    config, _wave2, _wave3 = _main_config(tmp_path_factory.mktemp("main"))
    scenarios = parse_scenarios([
        {"name": "age in 20-year bands", "steps": [{"op": "recode", "column": "age", "level": 1, "intervals": [20]}]},
        {"name": "drop region", "steps": [{"op": "drop", "column": "region"}]},
        {"name": "bands, blank and sample", "steps": [
            {"op": "recode", "column": "age", "level": 1, "breaks": [[40, 60]]},
            {"op": "recode", "column": "region", "level": 1, "merge": {"NS": ["North", "South"]}},
            {"op": "local_suppression", "k": 3, "importance": ["sex"]},
            {"op": "record_suppression", "k": 2, "max_percent": 5},
            {"op": "sample", "fraction": 0.8, "seed": 3}]},
    ], "test")
    roles = replace(config.roles, weight="wgt", household="hh")
    return run_assessment(replace(config, roles=roles, sample=SampleOptions(suda=True), scenarios=scenarios))


@pytest.fixture(scope="module")
def linked_assessment(tmp_path_factory):
    """The release-assessment report of linked releases (one matching only 30% of the records)."""
    from engine.api import run_assessment
    from engine.analysis.config import Linkage, Release

    config, wave2, wave3 = _main_config(tmp_path_factory.mktemp("linked"))
    linkage = Linkage(key="id", releases=(Release(DataSource(str(wave2)), "2"), Release(DataSource(str(wave3)), "3")))
    return run_assessment(replace(config, targets=(), linkage=linkage))


def _write_main(assessment, path: Path) -> Path:
    from engine.report.pdf import write_pdf

    return write_pdf(assessment, path, generated_at=WHEN)


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
    ("main", "main_assessment", _write_main,
     COMMON_EN + ("Disclosure-risk report", "What would make it ready", "Sample file",
                  "Individual risk: records by risk",
                  "Population uniques estimated from the sample", "Special uniques (SUDA)", "Privacy models",
                  "Individual targets", "Re-identification (collective target)", "Worst-case histograms",
                  "Leave out the column region.", "number of QIDs known", "records unique in the sample",
                  "Contribution of each key variable"),
     COMMON_PT + ("Relatório de risco de divulgação", "O que tornaria o arquivo pronto para divulgação",
                  "Arquivo amostral",
                  "Risco individual: registros por risco", "Únicos na população estimados a partir da amostra",
                  "Únicos especiais (SUDA)", "Modelos de privacidade", "Alvos individuais",
                  "Reidentificação (alvo coletivo)", "Histogramas do pior caso", "Excluir a coluna region.",
                  "número de QIs conhecidos", "registros únicos na amostra",
                  "Contribuição de cada variável-chave", "quase-identificadores"),
     ("400 records",), ("400 registros",)),
    ("linked", "linked_assessment", _write_main,
     COMMON_EN + ("Linked releases (longitudinal attacks)", "Risk over time", "focal records linked",
                  "Success as releases are linked", "on the linked releases (CRL)"),
     COMMON_PT + ("Divulgações vinculadas (ataques longitudinais)", "Risco ao longo do tempo",
                  "registros focais vinculados", "Sucesso à medida que as divulgações são vinculadas",
                  "nas divulgações vinculadas (CRL)"),
     ("400 records",), ("400 registros",)),
    ("dp", "dp_assessment", _write_dp,
     COMMON_EN + ("Differential-privacy release analysis", "Counting queries: privacy loss and utility",
                  "Thresholded count: passive against active attackers", "prior vulnerability",
                  "Trade-off over epsilon", "worst known yes-votes", "; secret "),
     COMMON_PT + ("Análise de divulgação com privacidade diferencial",
                  "Consultas de contagem: perda de privacidade e utilidade",
                  "Contagem com limiar: atacantes passivos contra ativos", "vulnerabilidade a priori",
                  "Compromisso em função de epsilon", "; segredo "),
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


def _english_phrases() -> list[str]:
    """The catalogue's English texts cut at their {placeholders}, the pieces of at least three
    words: none may appear in a Portuguese report."""
    from babel.messages.pofile import read_po

    with _catalogue_tool().po_file("pt_BR").open("rb") as handle:
        catalogue = read_po(handle)
    pieces = set()
    for message in catalogue:
        for text in ([message.id] if isinstance(message.id, str) else message.id):
            for piece in re.split(r"\{[^{}]*\}", text or ""):
                piece = " ".join(piece.split()).strip(" ,;:.()")
                if len(piece.split()) >= 3:
                    pieces.add(piece)
    return sorted(pieces)


@pytest.mark.parametrize("name, fixture, write", [r[:3] for r in REPORTS], ids=[r[0] for r in REPORTS])
@pytest.mark.slow
def test_no_english_sentence_is_left(request, tmp_path, name, fixture, write):
    assessment = request.getfixturevalue(fixture)
    pt_text = " ".join(_text(write(_in_language(assessment, "pt_BR"), tmp_path / "pt.pdf")).split())
    en_text = " ".join(_text(write(_in_language(assessment, "en"), tmp_path / "en.pdf")).split())
    phrases = _english_phrases()
    in_english = [p for p in phrases if p in en_text]
    assert len(in_english) >= 15, f"{name}: the English report should show the catalogue's phrases"
    assert [p for p in phrases if p in pt_text] == []


@pytest.mark.parametrize("name, fixture, write, english, portuguese, english_numbers, portuguese_numbers",
                         REPORTS, ids=[r[0] for r in REPORTS])
@pytest.mark.slow
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


@pytest.mark.slow
def test_main_report_numbers_and_verdict_in_portuguese(main_assessment, tmp_path):
    from engine.report import findings
    from engine.outcome.selection import worst

    text = " ".join(_text(_write_main(_in_language(main_assessment, "pt_BR"), tmp_path / "pt.pdf")).split())
    people = locale_format.number(main_assessment.sample_risk.population_estimate, ",.0f", "pt_BR")
    assert "." in people and f"representam cerca de {people} pessoas" in text
    top = worst(main_assessment.reidentification, "posterior_det")
    english = findings.pct(top.posterior_det)
    with i18n.language("pt_BR"):
        portuguese = findings.pct(top.posterior_det)
    assert english.replace(".", ",") == portuguese
    assert f"{portuguese} dos registros ({top.singletons} de {top.n}) são únicos" in text
    assert english not in text
    assert not findings.verdict(main_assessment, main_assessment.config.report.thresholds).ready
    not_ready = "NÃO PRONTO PARA DIVULGAÇÃO segundo os limites configurados."
    assert text.count(not_ready) == 1 + len(main_assessment.scenarios)


def _tables(flowables) -> list:
    out = []
    for flowable in flowables:
        if isinstance(flowable, Table):
            out.append(flowable)
        out += _tables(getattr(flowable, "_content", ()))
    return out


def _overflowing_words(story) -> list[tuple[str, float, float]]:
    """(word, its width, the room its table cell leaves) for every word of a table cell wider
    than the cell: reportlab would break it in the middle."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    found = []
    for table in _tables(story):
        for r, row in enumerate(table._cellvalues):
            for c, cell in enumerate(row):
                if not isinstance(cell, Paragraph):
                    continue
                style = table._cellStyles[r][c]
                room = table._colWidths[c] - style.leftPadding - style.rightPadding
                font = "DejaVu-Bold" if "<b>" in cell.text else cell.style.fontName
                for word in re.sub(r"<[^>]+>", " ", cell.text).split():
                    width = stringWidth(html.unescape(word), font, cell.style.fontSize)
                    if width > room and not re.search(r"[0-9a-f]{16}", word):  # SHA-256 digests may break
                        found.append((word, round(width, 1), round(room, 1)))
    return found


def _story(fixture: str, assessment) -> list:
    from engine.report.dp_pdf import _DPBuilder
    from engine.report.pdf import _Builder
    from engine.report.synthetic_pdf import _SyntheticBuilder

    if fixture == "dp_assessment":
        return _DPBuilder(assessment, WHEN, None).build()
    if fixture == "synthetic_assessment":
        return _SyntheticBuilder(assessment, WHEN, None).build()
    return _Builder(assessment, assessment.config.report, WHEN, None).build()


@pytest.mark.parametrize("fixture, tables", [("main_assessment", 15), ("linked_assessment", 10),
                                             ("dp_assessment", 3), ("synthetic_assessment", 3)])
@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_table_words_fit_their_cells(request, fixture, tables, language):
    from engine.report.document import register_fonts

    register_fonts()
    assessment = request.getfixturevalue(fixture)
    with i18n.language(language):
        story = _story(fixture, assessment)
    assert len(_tables(story)) >= tables
    assert _overflowing_words(story) == []


def _cut_off(figure) -> bool:
    """Whether anything drawn on ``figure`` (labels, titles, legends) reaches beyond its edges,
    i.e. is cut off in the report."""
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from engine.report import figures

    with matplotlib.rc_context(figures.RC):
        FigureCanvasAgg(figure)
        renderer = figure.canvas.get_renderer()
        figure.draw(renderer)
        drawn = figure.get_tightbbox(renderer)
    width, height = figure.get_size_inches()
    slack = 0.02
    return drawn.x0 < -slack or drawn.y0 < -slack or drawn.x1 > width + slack or drawn.y1 > height + slack


@pytest.fixture
def drawn_figures(monkeypatch):
    """The matplotlib figures the reports draw from now on, in order (fonts registered)."""
    from engine.report import figures
    from engine.report.document import register_fonts

    register_fonts()
    drawn = []
    to_drawing = figures.to_drawing

    def keep(figure, width):
        drawn.append(figure)
        return to_drawing(figure, width)

    monkeypatch.setattr(figures, "to_drawing", keep)
    return drawn


@pytest.mark.parametrize("fixture, count", [("main_assessment", 7), ("linked_assessment", 5), ("dp_assessment", 2),
                                            ("synthetic_assessment", 2)])
@pytest.mark.parametrize("language", ["en", "pt_BR"])
@pytest.mark.slow
def test_figure_labels_stay_inside_their_figures(request, drawn_figures, fixture, count, language):
    drawn = drawn_figures
    assessment = request.getfixturevalue(fixture)
    with i18n.language(language):
        _story(fixture, assessment)
        assert len(drawn) >= count
        assert [figure.axes[0].get_title() for figure in drawn if _cut_off(figure)] == []


def test_figure_tick_labels_use_the_decimal_comma():
    from matplotlib.figure import Figure

    from engine.report import figures

    labels = {}
    for language in ("en", "pt_BR"):
        with i18n.language(language):
            figure = Figure()
            ax = figure.subplots()
            ax.plot([0.5, 1.25], [2, 3])
            figures.to_drawing(figure, 400)
            labels[language] = [t.get_text() for t in ax.get_xticklabels()]
    assert "0.5" in labels["en"] and "1.2" in labels["en"]
    assert labels["pt_BR"] == [text.replace(".", ",") for text in labels["en"]]


def test_plural_forms():
    singular, plural = "{count} QID (mean {mean})", "{count} QIDs (mean {mean})"
    assert [i18n.ngettext(singular, plural, n) for n in (1, 2)] == [singular, plural]
    with i18n.language("pt_BR"):
        assert [i18n.ngettext(singular, plural, n) for n in (0, 1, 2)] == [
            "{count} QI (média {mean})", "{count} QI (média {mean})", "{count} QIs (média {mean})"]


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
        assert [m.id for m in catalogue if m.id and (m.fuzzy or not (all(m.string) if m.pluralizable
                                                                    else m.string))] == []
        unfinished = [m.findtext("source") for m in ElementTree.parse(tool.ts_file(language)).iter("message")
                      if m.find("translation").get("type") == "unfinished" or not m.findtext("translation")]
        assert unfinished == []
    assert tool.check() == [], "run: python packaging/i18n.py compile"


def test_every_engine_text_has_its_translation():
    """Every text marked in engine/ (``_``, ``N_``, ``ngettext``: report texts, run-time warnings,
    config problems, error messages) is in the catalogue with a translation that keeps its
    {placeholders} and the space at its ends (a rule's lead runs on into the name)."""
    from babel.messages.pofile import read_po

    tool = _catalogue_tool()
    marked = [m.id for m in tool._template() if m.id]
    assert len(marked) >= 600
    with tool.po_file("pt_BR").open("rb") as handle:
        catalogue = read_po(handle)
    for text in marked:
        entry = catalogue.get(text)
        assert entry is not None and entry.string, f"not in the catalogue: {text!r} (run: python packaging/i18n.py update)"
        for source, translated in zip(text if isinstance(text, tuple) else (text,),
                                      entry.string if isinstance(entry.string, tuple) else (entry.string,)):
            assert sorted(re.findall(r"\{[^{}]*\}", source)) == sorted(re.findall(r"\{[^{}]*\}", translated)), source
            assert (source[:1].isspace(), source[-1:].isspace()) == (translated[:1].isspace(),
                                                                     translated[-1:].isspace()), source


def _unmarked_templates() -> list[str]:
    """``message("...")`` calls under engine/ whose literal template holds words but is not
    marked with ``N_`` (so it would never be translated)."""
    import ast

    found = []
    for path in sorted((ROOT / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "message"
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
                    and re.search(r"[A-Za-z]{2,}", re.sub(r"\{[^{}]*\}", "", node.args[0].value))):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.args[0].value!r}")
    return found


def test_message_templates_are_marked_for_the_catalogue():
    assert _unmarked_templates() == []


@pytest.fixture(scope="module")
def warned_run(tmp_path_factory):
    """A linked run from the command line whose focal file repeats a key, whose later release
    matches only 30% of the records, whose second sensitive attribute has one value and whose
    second target names an age no one has: (its assessment, its stderr, its results.json)."""
    import json
    from contextlib import redirect_stderr
    from io import StringIO

    from engine.api import run_assessment
    from engine.commands.cli import main
    from engine.analysis.config import Linkage, Release

    folder = tmp_path_factory.mktemp("warned")
    config, _wave2, wave3 = _main_config(folder)
    focal = Path(config.data.path)
    lines = focal.read_text(encoding="utf-8").splitlines()
    focal.write_text("\n".join([lines[0] + ",flag"] + [line + ",x" for line in lines[1:] + lines[1:2]]) + "\n",
                     encoding="utf-8")
    stderr = StringIO()
    with redirect_stderr(stderr):
        code = main(["assess", str(focal), "--qid", "age", "sex", "region", "occupation", "--sensitive", "illness",
                     "flag", "--target", "age=30;sex=F", "--target", "age=99;sex=M", "--release", f"{wave3}@3",
                     "--link-key", "id", "--duplicate-keys", "first", "--out", str(folder / "out"), "--quiet"])
    assert code == 0, stderr.getvalue()
    results = json.loads((folder / "out" / "results.json").read_text(encoding="utf-8"))
    roles = replace(config.roles, sensitive=("illness", "flag"))
    linkage = Linkage(key="id", releases=(Release(DataSource(str(wave3)), "3"),), duplicates="first")
    return run_assessment(replace(config, roles=roles, linkage=linkage)), stderr.getvalue(), results


WARNED_EN = (
    "release 1 (survey.csv, focal): 1 record(s) with a repeated linkage key 'id' dropped (each key's first record "
    "kept)",
    "release 3 (wave3.csv): only 115 of 400 focal records (28.7%) matched on the linkage key 'id', below 50%, so the "
    "linked risk may be understated: focal keys such as '2', '3', '4' (survey.csv) against '1', '5', '6' "
    "(wave3.csv); keys are compared as text without spaces and leading zeros",
    "survey.csv: sensitive attribute 'flag' has one value ('x') in every row; it is known without any QID",
    "target 'age@1=99; sex@1=M' matches no record: value '99' does not occur in column 'age@1'",
)


def test_run_warnings_keep_their_english_text(warned_run):
    """results.json, the terminal and the assessment hold the same English words as before the
    messages became translatable."""
    assessment, stderr, results = warned_run
    assert list(assessment.warnings) == list(WARNED_EN)
    assert results["warnings"] == list(WARNED_EN)
    assert [line for line in stderr.splitlines() if line.startswith("warning: ")] == [
        f"warning: {w}" for w in WARNED_EN]
    unmatched = [t for t in assessment.longitudinal.targets if not t.matched]
    assert [t.reason for t in unmatched] == ["value '99' does not occur in column 'age@1'"]


@pytest.mark.slow
def test_run_warnings_in_the_portuguese_report(warned_run, tmp_path):
    assessment = replace(warned_run[0], config=replace(warned_run[0].config, report=replace(
        warned_run[0].config.report, include_examples=True)))
    pt_text = " ".join(_text(_write_main(_in_language(assessment, "pt_BR"), tmp_path / "pt.pdf")).split())
    en_text = " ".join(_text(_write_main(_in_language(assessment, "en"), tmp_path / "en.pdf")).split())
    portuguese = (
        "divulgação 1 (survey.csv, focal): 1 registro(s) com chave de vinculação 'id' repetida excluído(s) "
        "(mantido o primeiro registro de cada chave)",
        "divulgação 3 (wave3.csv): apenas 115 de 400 registros focais (28,7%) foram pareados pela chave de "
        "vinculação 'id', abaixo de 50%, então o risco vinculado pode estar subestimado: chaves focais como",
        "as chaves são comparadas como texto, sem espaços",
        "survey.csv: o atributo sensível 'flag' tem um único valor ('x') em todas as linhas; ele é conhecido sem "
        "nenhum quase-identificador",
        "o alvo 'age@1=99; sex@1=M' não corresponde a nenhum registro: o valor '99' não ocorre na coluna 'age@1'",
    )
    for phrase in portuguese:
        assert phrase in pt_text
        assert phrase not in en_text
    for warning in WARNED_EN:
        assert warning in en_text
    for english in ("matches no record", "does not occur in column", "linked risk may be understated",
                    "is known without any QID", "dropped (each key's first record kept)"):
        assert english in en_text and english not in pt_text
    assert "28.7%" not in pt_text
    assert "Meta l de entropia para flag = 2" in pt_text and "entropy_l" not in pt_text


@pytest.mark.slow
def test_target_reason_in_the_portuguese_targets_table(main_assessment, tmp_path):
    report = replace(main_assessment.config.report, include_examples=True)
    assessment = replace(main_assessment, config=replace(main_assessment.config, report=report))
    pt_text = " ".join(_text(_write_main(_in_language(assessment, "pt_BR"), tmp_path / "pt.pdf")).split())
    en_text = " ".join(_text(_write_main(_in_language(assessment, "en"), tmp_path / "en.pdf")).split())
    # once in the warnings, once in the targets table
    assert pt_text.count("o valor '99' não ocorre na coluna 'age'") == 2
    assert en_text.count("value '99' does not occur in column 'age'") == 2


def test_message_is_its_english_text_and_renders_in_the_language():
    import json
    import pickle

    from engine.foundation.messages import message, render

    reason = message(i18n.N_("value {value!r} does not occur in column {column!r}"), value="99", column="age")
    warning = message(i18n.N_("release {label} ({file}): {count:,} record(s) with a repeated linkage key {key!r} "
                              "dropped (each key's first record kept)"), label="2", file="w.csv", count=1234,
                      key="id")
    assert reason == "value '99' does not occur in column 'age'" and isinstance(reason, str)
    assert warning.startswith("release 2 (w.csv): 1,234 record(s)")
    assert json.dumps([warning]) == json.dumps([str(warning)])
    copy = pickle.loads(pickle.dumps(warning))
    assert copy == warning and copy.params == warning.params
    nested = message(i18n.N_("target {name!r} matches no record: {reason}"), name="age=99", reason=reason)
    assert nested == "target 'age=99' matches no record: value '99' does not occur in column 'age'"
    assert render("plain text") == "plain text" and render(nested) == nested
    with i18n.language("pt_BR"):
        assert render(warning).startswith("divulgação 2 (w.csv): 1.234 registro(s)")
        assert render(nested) == ("o alvo 'age=99' não corresponde a nenhum registro: "
                                  "o valor '99' não ocorre na coluna 'age'")
        assert render("plain text") == "plain text"
