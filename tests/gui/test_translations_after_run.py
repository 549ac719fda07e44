"""The whole window in Brazilian Portuguese after a real run of the bundled example (and of a
scenario): no English string left on any page, no plot tick label with a decimal point, every file
dialog's caption and filter translated. The same steps in English are the reference (a string equal
to its English counterpart is untranslated unless it is a name, a symbol or data)."""

from __future__ import annotations

import math

import re
from functools import lru_cache
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog, QWidget

from engine import __version__
from engine.analysis.config import DataSource
from engine.foundation.errors import InputError
from engine.remediation.transforms import Drop
from gui import i18n

from .test_translations import CENSUS_COLUMNS
from .translation_walk import SAME_IN_EVERY_LANGUAGE, all_strings, untranslated

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "resources" / "examples"
DECIMAL_POINT = re.compile(r"\d\.\d")
#: Words of an English sentence that no Portuguese one has (a sentence the engine wrote in English
#: inside a translated one).
ENGLISH_WORDS = re.compile(r"\b(?:the|and|or|of|to|is|are|none|nothing|with|which|was|were|not)\b")
#: Words the Portuguese catalogue keeps as they are.
SAME_IN_PORTUGUESE = frozenset({"original", "oblivious (central)"})
SWAP = str.maketrans({",": ".", ".": ","})
SCENARIO = "drop school"


@pytest.fixture
def app(qapp):
    yield qapp
    i18n.uninstall(qapp)


def _window_after_run(qtbot, app, language: str, folder: Path):
    """The main window in ``language``, 1280x800, after running the census example and one
    scenario on it."""
    from gui.main_window import MainWindow

    i18n.install(app, language)
    window = MainWindow(QSettings(str(folder / f"{language}.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    window.open_example(run_now=True)
    qtbot.waitUntil(lambda: window.session.result is not None and not window.flow.busy, timeout=180000)
    page = window.scenarios_page
    page.add_scenario(SCENARIO, (Drop("school"),))
    assert page.run()
    qtbot.waitUntil(lambda: not page.busy and bool(window.session.result.assessment.scenarios), timeout=180000)
    for index in range(window.navigation.count()):  # every page laid out once
        window.show_page(index)
        qtbot.wait(10)
    dp, synthetic = window.dp_page, window.synthetic_page  # shown, they list the loaded file's columns on a thread
    qtbot.waitUntil(lambda: not dp.columns_job.busy and dp.useful.count() > 0 and synthetic.qid_list.count() > 0,
                    timeout=30000)
    return window


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("after-run")


def _canvas_labels(root: QWidget) -> list[str]:
    """The tick labels of every visible axis of every plot under ``root``, freshly drawn."""
    from gui.widgets.canvas import PlotCanvas

    labels = []
    for canvas in root.findChildren(PlotCanvas):
        canvas.draw()
        for ax in canvas.figure.axes:
            if ax.get_visible() and ax.axison:
                for axis in (ax.xaxis, ax.yaxis):
                    labels += [t.get_text() for t in axis.get_ticklabels() + axis.get_ticklabels(minor=True)
                               if t.get_text()]
    return labels


def _canvas_texts(root: QWidget) -> list[tuple[str, str]]:
    """(where, text) of the words drawn in every plot under ``root``: titles, axis labels, legends
    and notes (after :func:`_canvas_labels` drew them)."""
    from matplotlib.text import Text

    from gui.widgets.canvas import PlotCanvas

    found = []
    for i, canvas in enumerate(root.findChildren(PlotCanvas)):
        for j, text in enumerate(canvas.figure.findobj(Text)):
            if text.get_visible() and text.get_text().strip() and text not in _tick_texts(canvas.figure):
                found.append((f"{type(canvas).__name__}#{i} text {j}", text.get_text()))
    return found


def untranslated_drawings(english: list[tuple[str, str]], other: list[tuple[str, str]],
                          allowed: frozenset[str]) -> list[str]:
    """Words drawn in the other language's plots that the English plots draw too (plots may hold
    a different number of texts, so they are compared as sets)."""
    drawn_in_english = {text for _where, text in english}
    return [f"{where}: {text!r}" for where, text in other
            if text in drawn_in_english and text not in allowed | SAME_IN_PORTUGUESE
            and not SAME_IN_EVERY_LANGUAGE.match(text.strip())]


def _tick_texts(figure) -> set:
    return {t for ax in figure.axes for axis in (ax.xaxis, ax.yaxis)
            for t in axis.get_ticklabels() + axis.get_ticklabels(minor=True)}


def _file_dialogs(window, monkeypatch) -> list[tuple[str, str, str]]:
    """(what, caption, filter) of every file dialog the window opens (answered with Cancel)."""
    asked: list[tuple[str, str]] = []

    def record(parent=None, caption="", folder="", filter="", *args, **kwargs):
        asked.append((caption, filter))
        return "", ""

    def record_folder(parent=None, caption="", folder="", *args, **kwargs):
        asked.append((caption, ""))
        return ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(record))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(record))
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(record_folder))
    from gui.main_window import RESULTS

    window.show_page(RESULTS)  # the toolbar's exports act on the release assessment
    scenarios = window.scenarios_page
    scenarios.table.selectRow(1)
    assert scenarios.table.selected_name() == SCENARIO
    scenarios.suggest_panel.hierarchies.setCurrentCell(0, 0)
    triggers = {
        "open data": window.ask_open_data,
        "open analysis": window.ask_open_analysis,
        "save analysis": window.ask_save_analysis,
        "export pdf": window.ask_export_pdf,
        "export tables": window.ask_export_tables,
        "later release": window.releases_page._ask_release,
        "scenario data": scenarios.ask_export,
        "hierarchy (step)": scenarios.step_form.recode._browse,
        "hierarchy (suggest)": scenarios.suggest_panel._choose_file,
        "cluster certificate": lambda: window.attacks_page.cluster._choose("tls_ca"),
        "synthetic file": lambda: window.synthetic_page.form.files._ask_file("control"),
        "noisy counts data": window.dp_page.counting.browse_data,
    }
    window.session.undo_stack.setClean()  # nothing to save: Open asks no save-changes question first
    dialogs = []
    for what, trigger in triggers.items():
        before = len(asked)
        trigger()
        assert len(asked) == before + 1, f"{what}: no file dialog"
        dialogs.append((what, *asked[-1]))
    return dialogs


def _example_targets() -> frozenset[str]:
    from engine.analysis.config import AnalysisConfig

    return frozenset(t.label() for t in AnalysisConfig.from_toml(EXAMPLES / "census_demo.toml").targets)


@pytest.mark.slow
def test_the_window_after_a_run_in_portuguese(qtbot, app, folder, monkeypatch):
    """Strings of every page, plot ticks and file dialogs after the same run in English and in pt_BR."""
    seen = {}
    for language in ("en", "pt_BR"):
        window = _window_after_run(qtbot, app, language, folder)
        seen[language] = (all_strings(window), _canvas_texts(window), _canvas_labels(window),
                          _file_dialogs(window, monkeypatch))
        window.close()
    (english, english_plots, english_ticks, english_dialogs), (portuguese, plots, ticks, dialogs) = (
        seen["en"], seen["pt_BR"])

    assert len(english) > 500
    files = [EXAMPLES / "census_example.csv", EXAMPLES / "census_demo.toml"]  # names, paths and the recent list
    names = {text for path in files for text in (path.name, str(path), f"{path.name}    —    {path.parent}")}
    allowed = CENSUS_COLUMNS | _example_targets() | names | {SCENARIO, f"census_example.csv — RiskReview {__version__}[*]"}
    left = untranslated(english, portuguese, allowed)
    assert left == [], f"{len(left)} strings not translated:\n" + "\n".join(left)
    assert untranslated_drawings(english_plots, plots, allowed) == []
    mixed = [f"{path}: {text!r}" for path, text in portuguese + plots
             if ENGLISH_WORDS.search(text)]
    assert mixed == [], "English words inside Portuguese strings:\n" + "\n".join(mixed)

    # the same ticks as in English with the separators swapped: 0,5 and 20.000 for 0.5 and 20,000
    assert len(ticks) == len(english_ticks) > 50
    assert any(DECIMAL_POINT.search(label) for label in english_ticks)  # the check can fail
    wrong = [(en, pt) for en, pt in zip(english_ticks, ticks) if pt != en.translate(SWAP)]
    assert wrong == [], f"tick labels not in the Brazilian format (English, pt_BR): {wrong}"

    same = [f"{what}: {caption!r} {filter!r}" for (what, caption, filter), (_, caption_pt, filter_pt)
            in zip(english_dialogs, dialogs) if caption == caption_pt or (filter and filter == filter_pt)]
    assert same == [], "file dialogs in English:\n" + "\n".join(same)
    assert dict((what, filter) for what, _caption, filter in dialogs)["scenario data"] == (
        "Arquivo CSV (*.csv);;Arquivo Parquet (*.parquet)")


@lru_cache(maxsize=1)
def _dp_result():
    from engine.dp.api import run_dp_analysis
    from engine.dp.config import DPConfig, DPScenario, ThresholdConfig

    return run_dp_analysis(DPConfig(
        data=DataSource(str(EXAMPLES / "example25.csv")), scenarios=(DPScenario("income", "gender", ("F",)),),
        epsilons=(0.405465108108164, 1.5), threshold=ThresholdConfig.desfontaines_example()))


@lru_cache(maxsize=1)
def _synthetic_outcome():
    from engine.synthetic.api import run_synthetic_assessment
    from engine.synthetic.config import SyntheticConfig
    from gui.controller import Outcome

    config = SyntheticConfig(
        real=DataSource(str(EXAMPLES / "synthetic_real.csv")),
        synthetic=DataSource(str(EXAMPLES / "synthetic_release.csv")),
        control=DataSource(str(EXAMPLES / "synthetic_control.csv")),
        qids=("birth_year", "sex", "race", "school_type"), sensitive="bolsa_familia",
        attacks=("closest-mia", "closest-aia", "cap"), targets=100, jobs=1)
    return Outcome(config, run_synthetic_assessment(config), 1.5)


def _result_pages(qtbot, app, language: str) -> list[QWidget]:
    """The noisy-count and synthetic-data pages showing a result, in ``language``, 1280x800."""
    from gui.pages.dp_page import DPPage
    from gui.pages.synthetic_page import SyntheticPage

    i18n.install(app, language)
    dp, synthetic = DPPage(), SyntheticPage()
    dp.show_assessment(_dp_result())
    synthetic.show_outcome(_synthetic_outcome())
    for page in (dp, synthetic):
        qtbot.addWidget(page)
        page.resize(1280, 800)
        page.show()
    qtbot.wait(50)  # the plots' pending draws run while the pages exist
    return [dp, synthetic]


@pytest.mark.slow
def test_result_plots_of_the_other_analyses_in_portuguese(qtbot, app):
    """The noisy-count and synthetic-data results: their plots' ticks in the Brazilian format and
    no English string (apart from the data's names)."""
    english = [(all_strings(p), _canvas_texts(p), _canvas_labels(p)) for p in _result_pages(qtbot, app, "en")]
    portuguese = [(all_strings(p), _canvas_texts(p), _canvas_labels(p)) for p in _result_pages(qtbot, app, "pt_BR")]
    data_names = frozenset({"income", "gender", "F", "birth_year", "sex", "race", "school_type", "bolsa_familia",
                            "example25.csv", "synthetic_real.csv", "synthetic_release.csv", "synthetic_control.csv"})
    for (strings, drawn, ticks), (strings_pt, drawn_pt, ticks_pt) in zip(english, portuguese):
        assert untranslated(strings, strings_pt, data_names) == []
        assert untranslated_drawings(drawn, drawn_pt, data_names) == []
        assert len(ticks) == len(ticks_pt) > 10
        assert [(en, pt) for en, pt in zip(ticks, ticks_pt) if pt != en.translate(SWAP)] == []
    assert any(DECIMAL_POINT.search(label) for _strings, _drawn, ticks in english for label in ticks)


def _one_error(qtbot) -> str:
    from .conftest import error_boxes

    qtbot.waitUntil(lambda: len(error_boxes()) == 1, timeout=10000)
    (box,) = error_boxes()
    message = box.informativeText()
    box.close()
    return message


def test_noisy_count_form_messages_in_portuguese(qtbot, app):
    from gui.pages.dp_page import DPPage

    i18n.install(app, "pt_BR")
    page = DPPage()
    qtbot.addWidget(page)
    page.show()
    assert not page.add_current_scenario()
    assert _one_error(qtbot) == "escolha a coluna secreta (sensível)"
    page.epsilons.radio_list.setChecked(True)
    page.epsilons.values.setText("0,5; abc")
    with pytest.raises(InputError, match="'abc' não é um número"):
        page.epsilons.epsilons()
    page.threshold_box.include_threshold.setChecked(True)
    page.threshold_box.p.setText("talvez")
    with pytest.raises(InputError, match=r"^contagem com limiar: p 'talvez' não é um número$"):
        page.threshold_config()


@pytest.mark.parametrize("language, typed, expected", [
    ("pt_BR", "0,405; 1,099 2,303", (0.405, 1.099, 2.303)),
    ("pt_BR", "0,5, 1, 2,5", (0.5, 1.0, 2.5)),
    ("pt_BR", "0.5; 1.5", (0.5, 1.5)),
    ("en", "0.405, 1.099;2.303", (0.405, 1.099, 2.303)),
    ("en", "1,2 3", (1.0, 2.0, 3.0)),
])
def test_lists_of_numbers_are_typed_the_local_way(app, language, typed, expected):
    """The placeholder's example (0,405; 1,099 in pt_BR) is read as it reads; English lists keep
    the comma as separator."""
    from gui.pages.attacks_page import parse_thresholds
    from gui.pages.scenarios.step_form import numbers
    from gui.text import number_list
    from gui.widgets.epsilon_editor import parse_numbers

    i18n.install(app, language)
    assert parse_numbers(typed, "ε") == pytest.approx(expected)
    assert numbers(typed, "widths") == pytest.approx(expected)  # the recode form's widths and cut points
    assert parse_numbers(number_list(expected), "ε") == pytest.approx(expected)  # what the form shows reads back
    shares = tuple(x / 10 for x in expected)
    assert parse_thresholds(number_list(shares)) == pytest.approx(shares)
    assert number_list((0.01, 0.05)) == ("0,01; 0,05" if language == "pt_BR" else "0.01, 0.05")
    exact = (math.log(3), 1e-05, 8.0, 0.1234567)   # eps = ln 3: every digit reads back
    assert parse_numbers(number_list(exact), "ε") == exact
    assert number_list((math.log(3),)) == ("1,0986122886681098" if language == "pt_BR" else "1.0986122886681098")


def _boxes_of_an_empty_window(qtbot, app, language: str, folder: Path) -> list[tuple[str, str]]:
    """(title, message) of the error boxes an empty window shows: exports and runs refused on
    each page, a scenario export with no row chosen."""
    from gui.main_window import DP, SCENARIOS, SYNTHETIC, MainWindow

    from .conftest import error_boxes

    i18n.install(app, language)
    window = MainWindow(QSettings(str(folder / f"boxes-{language}.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    shown = []
    steps = [window.ask_export_pdf, window.ask_export_tables, window.run, window.scenarios_page.ask_export]
    for page in (SCENARIOS, SYNTHETIC, DP):
        steps += [lambda page=page: window.show_page(page), window.run, window.ask_export_pdf]
    for step in steps:
        step()
        for box in error_boxes():
            shown.append((box.windowTitle(), box.informativeText()))
            box.close()
        qtbot.waitUntil(lambda: not error_boxes(), timeout=3000)
    window.close()
    return shown


def test_message_boxes_in_portuguese(qtbot, app, folder):
    english = _boxes_of_an_empty_window(qtbot, app, "en", folder)
    portuguese = _boxes_of_an_empty_window(qtbot, app, "pt_BR", folder)
    assert len(portuguese) == len(english) >= 8
    same = [(title, text) for (title, text), (title_pt, text_pt) in zip(english, portuguese)
            if title == title_pt or (text == text_pt and not SAME_IN_EVERY_LANGUAGE.match(text))]
    assert same == []
    assert [text for _title, text in portuguese if ENGLISH_WORDS.search(text)] == []
    assert ("A análise não pode ser executada",  # the noisy counts' own field, not the Scenarios page's Steps
            "scenarios: nada a analisar: informe um cenário de contagem ou uma contagem com limiar") in portuguese
