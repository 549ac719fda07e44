"""Suggest's hierarchy per QID in the analysis file ([[suggest.hierarchies]]): written and read
back equal, hierarchy files relative to the analysis file's folder, and bad tables refused with
the messages of a recode step's hierarchy."""

from __future__ import annotations

import tomllib

import pytest

from engine.foundation.atomic import write_analysis_file
from engine.analysis.config import AnalysisConfig, DataSource, Roles
from engine.foundation.errors import InputError
from engine.analysis.scenario_steps import HierarchySpec

SPECS = {
    "age": HierarchySpec("intervals", params=(("widths", (5.0, 10.0)), ("origin", 1.0))),
    "income": HierarchySpec("breaks", params=(("breaks", ((10.0, 20.0), (15.0,))),)),
    "rent": HierarchySpec("top_bottom", params=(("bottom", 100.0), ("top_quantile", 0.95))),
    "birth": HierarchySpec("dates", params=(("steps", ("month", "year")),)),
    "region": HierarchySpec("merge", params=(("groups", (("north", ("A", "B")), ("south", ("C",)))),)),
}
HEAD = '[data]\npath = "d.csv"\n[roles]\nquasi_identifiers = ["age", "sex", "town"]\n'


def _config(folder, **more) -> AnalysisConfig:
    specs = {**SPECS, "town": HierarchySpec("hierarchy", path=str(folder / "hier" / "town.csv")), **more}
    return AnalysisConfig(data=DataSource(str(folder / "d.csv")), roles=Roles(tuple(sorted(specs))),
                          suggest_hierarchies=tuple(sorted(specs.items())))


def test_round_trip_through_the_analysis_file(tmp_path):
    config = _config(tmp_path)
    path = write_analysis_file(config, tmp_path / "analysis.toml")
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    assert raw["suggest"]["hierarchies"] == [
        {"column": "age", "intervals": [5.0, 10.0], "origin": 1.0},
        {"column": "birth", "dates": ["month", "year"]},
        {"column": "income", "breaks": [[10.0, 20.0], [15.0]]},
        {"column": "region", "merge": {"north": ["A", "B"], "south": ["C"]}},
        {"column": "rent", "bottom": 100.0, "top_quantile": 0.95},
        {"column": "town", "hierarchy": "hier/town.csv"}]            # relative to the file's folder
    assert AnalysisConfig.from_toml(path) == config
    assert AnalysisConfig.from_dict(tomllib.loads(config.to_toml())) == config
    moved = tmp_path / "elsewhere"
    moved.mkdir()
    (moved / "analysis.toml").write_bytes(path.read_bytes())
    again = dict(AnalysisConfig.from_toml(moved / "analysis.toml").suggest_hierarchies)
    assert again["town"] == HierarchySpec("hierarchy", path=str(moved / "hier" / "town.csv"))


def test_no_table_without_hierarchies_and_read_by_column():
    assert "suggest" not in tomllib.loads(AnalysisConfig(data=DataSource("d.csv"), roles=Roles(("a",))).to_toml())
    raw = tomllib.loads(HEAD + '[[suggest.hierarchies]]\ncolumn = "town"\nmerge = { all = ["x"] }\n'
                        '[[suggest.hierarchies]]\ncolumn = "age"\nintervals = [10]\n')
    assert [c for c, _ in AnalysisConfig.from_dict(raw).suggest_hierarchies] == ["age", "town"]


def test_a_column_that_is_not_a_qid_names_the_key(tmp_path):
    path = tmp_path / "analysis.toml"
    path.write_text(HEAD + '[[suggest.hierarchies]]\ncolumn = "income"\nintervals = [10]\n', encoding="utf-8")
    with pytest.raises(InputError) as error:
        AnalysisConfig.from_toml(path)
    assert str(error.value) == (f"{path}: suggest.hierarchies: column 'income' is not one of the "
                                "quasi-identifiers (age, sex, town)")
    assert AnalysisConfig.from_toml(path, check=False).suggest_hierarchies[0][0] == "income"  # read, not checked
    path.write_text(HEAD + '[[suggest.hierarchies]]\ncolumn = "age"\nintervals = [10]\n'
                    '[[suggest.hierarchies]]\ncolumn = "age"\ndates = ["year"]\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"suggest\.hierarchies: column 'age' is given twice$"):
        AnalysisConfig.from_toml(path)


@pytest.mark.parametrize("keys", [
    'intervals = "5"', "intervals = []", 'breaks = [5]', 'top = "high"', 'dates = [2000]', 'merge = ["a"]',
    'hierarchy = ""', 'origin = 5',
])
def test_a_bad_hierarchy_says_what_a_recode_step_says(keys):
    as_suggest = HEAD + f'[[suggest.hierarchies]]\ncolumn = "age"\n{keys}\n'
    as_recode = HEAD + f'[[scenario]]\nname = "s"\nsteps = [{{ op = "recode", column = "age", level = 1, {keys} }}]\n'
    said = []
    for text in (as_suggest, as_recode):
        with pytest.raises(InputError) as error:
            AnalysisConfig.from_dict(tomllib.loads(text), source="a.toml")
        said.append(str(error.value))
    assert said[0].startswith("a.toml: suggest.hierarchies[1]: ")
    assert said[1].startswith("a.toml: scenario 's', step 1: ")
    assert said[0].split(": ", 2)[2] == said[1].split(": ", 2)[2]


@pytest.mark.parametrize("text, says", [
    ('[[suggest.hierarchies]]\ncolumn = "age"\nlevel = 1\nintervals = [5]\n',
     "a.toml: suggest.hierarchies[1]: unknown key 'level' (allowed: column, hierarchy, intervals, origin, breaks, "
     "bottom, top, bottom_quantile, top_quantile, dates, merge)"),
    ('[[suggest.hierarchies]]\nintervals = [5]\n', 'a.toml: suggest.hierarchies[1]: a hierarchy needs column = "NAME"'),
    ('[suggest]\nhierarchies = 3\n', "a.toml: suggest.hierarchies must be"),
    ('[suggest]\nlevels = 3\n', "a.toml: unknown key suggest.levels (allowed: hierarchies)"),
    ('suggest = 3\n', "a.toml: suggest must be"),
])
def test_bad_tables_are_one_line(text, says):
    raw = tomllib.loads(HEAD + text) if not text.startswith("suggest =") else {**tomllib.loads(HEAD), "suggest": 3}
    with pytest.raises(InputError) as error:
        AnalysisConfig.from_dict(raw, source="a.toml")
    assert str(error.value).startswith(says)


def test_assess_keeps_the_hierarchies_of_its_qids_in_the_analysis_file_it_writes(tmp_path, capsys):
    from engine.commands.cli import main

    from ..conftest import EXAMPLES

    path = tmp_path / "analysis.toml"
    path.write_text(f'[data]\npath = "{(EXAMPLES / "example12.csv").as_posix()}"\n'
                    '[roles]\nquasi_identifiers = ["age", "occupation"]\nsensitive = ["illness"]\n'
                    '[[suggest.hierarchies]]\ncolumn = "age"\nintervals = [10]\n'
                    '[[suggest.hierarchies]]\ncolumn = "occupation"\nhierarchy = "occupation.csv"\n', encoding="utf-8")
    out = tmp_path / "out"
    assert main(["assess", "--config", str(path), "--qid", "age", "gender", "--out", str(out)]) == 0, \
        capsys.readouterr().err
    written = AnalysisConfig.from_toml(out / "analysis.toml")   # valid: occupation is no longer a QID
    assert written.suggest_hierarchies == (("age", HierarchySpec("intervals", params=(("widths", (10.0,)),))),)
