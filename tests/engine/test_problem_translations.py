"""Config problems and engine errors in the window's language: every problem the configs' rules
give for a set of broken configs renders in Brazilian Portuguese with no English word left (its
English text, the command line's and results.json's, stays as it was), values are written with
the decimal comma, and the errors of reading a file or a hierarchy render the same way."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from engine.foundation import i18n
from engine.analysis.config import (AnalysisConfig, ClusterOptions, DataSource, Linkage, ModelTargets, PrivacyModelOptions,
                                    Release, Roles, SubsetFamily, Target, column_problems)
from engine.dp.config import DPConfig, DPScenario, ThresholdConfig
from engine.foundation.errors import InputError
from engine.foundation.messages import Message, error_text, render
from engine.remediation.suggest import SuggestConfig, SuggestTarget
from engine.remediation.transforms import Drop, Scenario
from engine.analysis.sample_options import MISSING_RULES, SampleOptions
from engine.synthetic.config import NO_CONTROL, SyntheticConfig
from engine.analysis.validation import ConfigProblem, Problem, fraction, key_message

#: English words that no Portuguese message may still hold (outside quoted names and values).
ENGLISH = ("must", "got", "between", "column", "cannot", "given", "twice", "least", "needs", "need", "give",
           "the", "is", "are", "and", "not", "only", "every", "value", "empty", "unknown", "file", "number",
           "one", "of", "an", "has", "have", "with", "without", "differ", "expected", "names", "line")

ASSESS = AnalysisConfig(data=DataSource("d.csv"), roles=Roles(("age", "sex"), ("ill",)))
SYNTH = SyntheticConfig(real=DataSource("r.csv"), synthetic=DataSource("s.csv"), control=DataSource("c.csv"),
                        qids=("age",), sensitive="ill")
LINKED = replace(ASSESS, linkage=Linkage(key="", releases=(Release(DataSource("w2.csv"), "2"),
                                                            Release(DataSource("w3.csv"), "2")), duplicates="all"))


def _analysis_problems() -> list[Problem]:
    broken = [
        replace(ASSESS, roles=Roles(())),
        replace(ASSESS, roles=Roles(("age", "sex", "age"), ("sex",), weight="", household="ill")),
        replace(ASSESS, roles=Roles(("age",), identifiers=("id",), linkage_keys=("id",), ignored=("x", "x"))),
        replace(ASSESS, targets=(Target((("age", "3"), ("age", "4"))), Target((("ill", "yes"),)))),
        replace(ASSESS, subsets=SubsetFamily("some")),
        replace(ASSESS, subsets=SubsetFamily("max-size")),
        replace(ASSESS, subsets=SubsetFamily("list", subsets=())),
        replace(ASSESS, subsets=SubsetFamily("list", subsets=((), ("age", "age"), ("town",)))),
        replace(ASSESS, roles=Roles(tuple(f"q{i}" for i in range(30)))),
        replace(ASSESS, scenarios=(Scenario("s", steps=(Drop("age"), Drop("age"), Drop("town")),
                                            crosstabs=(("town",),)),)),
        replace(LINKED, sample=SampleOptions(suda=True)),
        replace(ASSESS, linkage=Linkage(key="id", releases=(Release(DataSource("w2.csv"), "a@b"),))),
        replace(ASSESS, jobs=0, models=PrivacyModelOptions(enabled=True, l=0, targets=ModelTargets(k=0, alpha=2.0,
                                                                                                   delta=-1.0)),
                sample=SampleOptions(sampling_fraction=1.5, risk_thresholds=(2.0,), suda_max_size=0, dis_fraction=0,
                                     missing="maybe")),
    ]
    out = [p for config in broken for p in config.structure_problems() + config.problems()]
    out += LINKED.structure_problems()
    out += column_problems(replace(ASSESS, roles=Roles(("agee", "sex"), ("ill",), weight="wgt")),
                           {"1": ["age", "sex"]}, {"1": "d.csv"})
    out += column_problems(replace(ASSESS, linkage=Linkage(key="id", releases=(Release(DataSource("w2.csv"), "2"),))),
                           {"1": ["age", "sex", "ill", "id"], "2": ["x"]}, {"1": "d.csv", "2": "w2.csv"})
    two = replace(ASSESS, roles=Roles(("zzz", "age")),
                  linkage=Linkage(key="id", releases=(Release(DataSource("w2.csv"), "2"),)))
    out += column_problems(two, {"1": ["age", "id"], "2": ["id"]}, {"1": "d.csv", "2": "w2.csv"})
    out += ClusterOptions("ftp://host").problems()
    out += ClusterOptions("tls://host:8786").problems()
    out += ClusterOptions("tcp://host:8786", tls_ca="ca.pem").problems()
    return out


def _other_problems() -> list[Problem]:
    out = SYNTH.role_problems() + replace(SYNTH, qids=()).role_problems()
    out += replace(SYNTH, qids=("age", "age", "ill")).role_problems()
    out += replace(SYNTH, radius=-1.0, targets=1, jobs=0, generator="gan", shadow_datasets=3, seed=-1).problems()
    out += replace(SYNTH, targets=2 ** 63).problems()
    suggest = SuggestConfig(qids=("age", "age"), hierarchies=(("town", None),), metric="size",
                            target=SuggestTarget(k=0, max_suppression=150.0, max_inference_gain=2.0),
                            max_seconds=0, alternatives=-1)
    out += suggest.structure_problems() + suggest.problems() + replace(suggest, qids=()).structure_problems()
    threshold = ThresholdConfig(voters=10, threshold=11, known=10, p=2.0, epsilons=(0.0, 1e9))
    out += threshold.problems() + replace(threshold, epsilons=()).problems()
    out += replace(threshold, epsilons=(1.0, 1.0)).problems() + replace(threshold, voters=0).problems()
    out += DPConfig().structure_problems()
    out += DPConfig(scenarios=(DPScenario("", "", ()), DPScenario("s", "u", ("a", "a"), ("b", "b")),
                               DPScenario("s", "u", ("a", "a"), ("b", "b"))), mechanisms=("laplace", "laplace", "x")
                    ).structure_problems()
    out += DPConfig(scenarios=(DPScenario("s", "u", ("a",)),), mechanisms=()).structure_problems()
    return out


def _problem_raised(action) -> Problem:
    with pytest.raises(ConfigProblem) as caught:
        action()
    return caught.value.problem


def _raised_problems() -> list[Problem]:
    """The problems raised while a config is checked against itself or its data."""
    import pyarrow as pa

    from engine.dp.counting import given_useful_order, prepare_counting
    from engine.io.encode import EncodedTable, encode_column

    income = encode_column("income", pa.array(["low", "medium", "high", "low"]))
    table = EncodedTable(name="d.csv", path="d.csv", sha256="", n_rows=4, columns={"income": income})
    return [
        NO_CONTROL,
        _problem_raised(lambda: replace(SYNTH, sensitive=None, attacks=("cap",)).validate()),
        _problem_raised(lambda: replace(ThresholdConfig.desfontaines_example(), voters=1.5).validate()),
        _problem_raised(lambda: given_useful_order(income, ("low", "rich"))),
        _problem_raised(lambda: given_useful_order(income, ("low", "low"))),
        _problem_raised(lambda: given_useful_order(income, ("low", "high"))),
        _problem_raised(lambda: prepare_counting(table, DPScenario("ill", "income", ("low",)))),
    ]


PROBLEMS = _analysis_problems() + _other_problems() + _raised_problems()


def _english_left(text: str, names: tuple[str, ...]) -> list[str]:
    """The words of :data:`ENGLISH` in ``text`` once quoted names and values and ``names`` are cut out."""
    for name in names:
        text = text.replace(name, " ")
    text = re.sub(r"'[^']*'|\"[^\"]*\"|\[[^\]]*'[^\]]*\]", " ", text)
    return [w for w in re.findall(r"[^\W\d_]+", text) if w in ENGLISH]


def test_the_broken_configs_give_many_kinds_of_problem():
    assert len(PROBLEMS) >= 80
    templates = {p.must.template for p in PROBLEMS if isinstance(p.must, Message)}
    templates |= {p.lead.template for p in PROBLEMS if isinstance(p.lead, Message)}
    assert len(templates) >= 58
    assert [p for p in PROBLEMS if not isinstance(p.must, Message) and not isinstance(p.lead, Message)] == []


@pytest.mark.parametrize("problem", PROBLEMS, ids=[f"{i}-{p.field}" for i, p in enumerate(PROBLEMS)])
def test_every_problem_renders_in_portuguese(problem):
    english = problem.message()
    with i18n.language("pt_BR"):
        portuguese = render(english)
        named = render(problem.message("Fração amostral"))
        in_file = render(key_message(problem, "a.toml"))
    assert portuguese != english
    names = (problem.field, "quasi_identifiers", "HOST:PORT", "tls://", "tcp://", "e^epsilon", "max-size",
             ", ".join(MISSING_RULES))  # names and keywords, the same in every language
    assert _english_left(english, names), "the check must find the English words of the English text"
    assert _english_left(portuguese, names) == []
    assert _english_left(named, names) == [] and "Fração amostral" in named
    assert in_file.startswith("a.toml: ") and in_file.endswith(portuguese[len(problem.field):])


def test_the_english_text_is_the_command_line_text():
    problem = fraction("sample.sampling_fraction", 1.5)[0]
    assert problem.message("--sampling-fraction") == "--sampling-fraction must be in (0, 1], got 1.5"
    assert key_message(problem, "a.toml", {"sample.sampling_fraction": "sample.sampling_fraction"}) == (
        "a.toml: sample.sampling_fraction must be in (0, 1], got 1.5")
    assert isinstance(problem.message(), str) and str(problem.message()) == problem.message()


def test_values_and_bounds_are_written_for_the_language():
    shadow = [p for p in replace(SYNTH, shadow_datasets=3).problems() if p.field == "shadow_datasets"][0]
    percent = [p for p in SuggestConfig(qids=("a",), hierarchies=(), target=SuggestTarget(k=2, max_suppression=150.5)).problems()
               if p.field == "target.max_suppression"][0]
    assert shadow.message() == "shadow_datasets must be an even number from 2 to 10,000, got 3"
    assert percent.message() == "target.max_suppression must be between 0 and 100 percent, got 150.5"
    with i18n.language("pt_BR"):
        assert render(fraction("x", 1.5)[0].message("Fração amostral")) == (
            "Fração amostral deve estar em (0; 1]; valor informado: 1,5")
        assert render(shadow.message()) == "shadow_datasets deve ser um número par de 2 a 10.000; valor informado: 3"
        assert render(percent.message()) == (
            "target.max_suppression deve estar entre 0 e 100 por cento; valor informado: 150,5")
        assert render(Problem("f", "plain text").message()) == "f plain text"  # an unmarked rule stays as given


def _raised(action) -> InputError:
    with pytest.raises(InputError) as caught:
        action()
    return caught.value


def test_errors_of_reading_files_render_in_portuguese(tmp_path):
    from engine.io.formats import list_columns
    from engine.remediation.hierarchy import read_hierarchy

    (tmp_path / "empty.csv").write_bytes(b"")
    (tmp_path / "twice.csv").write_text("a,b,a\n1,2,3\n", encoding="utf-8")
    (tmp_path / "h.csv").write_text("1;low\n2;low;x\n", encoding="utf-8")
    cases = [
        (lambda: list_columns(DataSource(str(tmp_path / "none.csv"))), f"{tmp_path / 'none.csv'}: no such file",
         f"{tmp_path / 'none.csv'}: arquivo inexistente"),
        (lambda: list_columns(DataSource(str(tmp_path / "empty.csv"))), "empty.csv: the file is empty",
         "empty.csv: o arquivo está vazio"),
        (lambda: list_columns(DataSource(str(tmp_path / "x.odt"))),
         "x.odt: unknown file type '.odt'; supported: ", "x.odt: tipo de arquivo desconhecido '.odt'; aceitos: "),
        (lambda: list_columns(DataSource(str(tmp_path / "twice.csv"))),
         "twice.csv: column 'a' appears twice in the header", "twice.csv: a coluna 'a' aparece duas vezes no cabeçalho"),
        (lambda: read_hierarchy(tmp_path / "h.csv", "n"),
         "h.csv: column 'n': line 2 has 3 fields, line 1 has 2 (every line holds",
         "h.csv: coluna 'n': a linha 2 tem 3 campos, a linha 1 tem 2 (cada linha contém"),
    ]
    for action, english, portuguese in cases:
        error = _raised(action)
        text = error_text(error)
        assert isinstance(text, Message) and str(error) == text
        assert english in str(error)
        with i18n.language("pt_BR"):
            assert portuguese in render(text)
    assert error_text(InputError("plain")) == "plain" and error_text(ValueError(1, 2)) == "(1, 2)"


BASE = {"data": {"path": "x.csv"}, "roles": {"quasi_identifiers": ["a"]}}

#: (a broken analysis file as a table, its English error, the start of the Portuguese one)
BROKEN_FILES = [
    ({**BASE, "roles": "a"}, "a.toml: roles must be a table", "a.toml: roles deve ser uma tabela"),
    ({**BASE, "version": 9}, "a.toml: version 9 is not supported (expected 1)",
     "a.toml: a versão 9 não é suportada (esperada: 1)"),
    ({"roles": BASE["roles"]}, "a.toml: missing table [data]", "a.toml: falta a tabela [data]"),
    ({**BASE, "extra": 1}, "a.toml: unknown key extra (allowed: ", "a.toml: chave desconhecida extra (permitidas: "),
    ({**BASE, "run": {"jobs": 1.5}}, "a.toml: run.jobs must be a whole number",
     "a.toml: run.jobs deve ser um número inteiro"),
    ({**BASE, "models": {"enabled": 1}}, "a.toml: models.enabled must be true or false",
     "a.toml: models.enabled deve ser true ou false"),
    ({**BASE, "sample": {"risk_thresholds": "x"}}, "a.toml: sample.risk_thresholds must be a list of numbers",
     "a.toml: sample.risk_thresholds deve ser uma lista de números"),
    ({**BASE, "attacks": {"subsets": "max-size:0"}},
     "a.toml: attacks.subsets 'max-size:0': max-size needs a whole number >= 1, e.g. max-size:3",
     "a.toml: attacks.subsets 'max-size:0': max-size exige um número inteiro >= 1"),
    ({**BASE, "sample": {"sampling_fraction": 1.5}}, "a.toml: sample.sampling_fraction must be in (0, 1], got 1.5",
     "a.toml: sample.sampling_fraction deve estar em (0; 1]; valor informado: 1,5"),
]


@pytest.mark.parametrize("raw, english, portuguese", BROKEN_FILES, ids=[b[1][8:30] for b in BROKEN_FILES])
def test_errors_of_analysis_files_render_in_portuguese(tmp_path, monkeypatch, raw, english, portuguese):
    import tomli_w

    monkeypatch.chdir(tmp_path)
    Path("a.toml").write_text(tomli_w.dumps(raw), encoding="utf-8")
    error = _raised(lambda: AnalysisConfig.from_toml("a.toml"))
    assert str(error).startswith(english)
    with i18n.language("pt_BR"):
        text = render(error_text(error))
    assert text.startswith(portuguese)
    assert _english_left(text, ("a.toml", "max-size", "sampling_fraction")) == []


def test_errors_of_sampling_weights_render_in_portuguese():
    import pyarrow as pa

    from engine.io.encode import encode_column
    from engine.sample.measures import household_ids, weight_values

    cases = [
        (lambda: weight_values(encode_column("w", pa.array(["2", "b", "a"])), "s.csv"),
         "s.csv: weight column 'w' has 'b' in row 2; sampling weights must be numbers",
         "s.csv: a coluna de peso 'w' tem 'b' na linha 2; os pesos amostrais devem ser números"),
        (lambda: weight_values(encode_column("w", pa.array([False, True])), "s.csv"),
         "s.csv: weight column 'w' is boolean, not a number (e.g. 'False')",
         "s.csv: a coluna de peso 'w' é do tipo lógica (verdadeiro/falso), não numérica (por exemplo, "
         "'False')"),
        (lambda: weight_values(encode_column("w", pa.array([2.0, float("inf")])), "s.csv"),
         "s.csv: weight column 'w' has inf in row 2; sampling weights must be finite numbers",
         "s.csv: a coluna de peso 'w' tem inf na linha 2; os pesos amostrais devem ser números finitos"),
        (lambda: weight_values(encode_column("w", pa.array([2, -1])), "s.csv"),
         "s.csv: weight column 'w' has -1 in row 2; sampling weights must be greater than 0",
         "s.csv: a coluna de peso 'w' tem -1 na linha 2; os pesos amostrais devem ser maiores que 0"),
        (lambda: household_ids(encode_column("h", pa.array(["a", None, None])), "s.csv"),
         "s.csv: household column 'h' is missing in 2 row(s), first in row 2; every record needs a household id",
         "s.csv: a coluna de domicílio 'h' está ausente em 2 linha(s), a primeira na linha 2; todo registro precisa "
         "de um identificador de domicílio"),
    ]
    for action, english, portuguese in cases:
        error = _raised(action)
        assert str(error) == english
        with i18n.language("pt_BR"):
            assert render(error_text(error)) == portuguese
