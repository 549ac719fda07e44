"""The window in Brazilian Portuguese: every string of the translated pages differs from its
English source (apart from names and symbols), the language comes from Preferences or the system,
and numbers follow the locale. To cover another page, add its builder to PAGES."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Callable

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QToolBar, QWidget

from engine.foundation import i18n as engine_i18n
from gui import i18n, text

from .translation_session import (YEAR_BANDS, demo_config, demo_suggestion, engine_texts, loaded_session, survey_config,
                                  survey_session)
from .translation_walk import all_strings, untranslated

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "resources" / "examples"
SCRATCH = tempfile.TemporaryDirectory(prefix="riskreview-translations-")  # removed when the tests end


def _dp_page() -> QWidget:
    from gui.pages.dp_page import DPPage

    return DPPage()


def _synthetic_page() -> QWidget:
    from gui.pages.synthetic_page import SyntheticPage

    return SyntheticPage()


def _releases_page() -> QWidget:
    from gui.pages.releases_page import ReleasesPage
    from gui.session import Session

    return ReleasesPage(Session())


def _subset_dialog() -> QWidget:
    from gui.dialogs.subset_dialog import SubsetDialog

    return SubsetDialog(("age", "sex"))


def _target_dialog() -> QWidget:
    from gui.dialogs.target_dialog import TargetDialog

    return TargetDialog(("age", "sex"), None)


def _import_dialog() -> QWidget:
    from engine.analysis.config import DataSource
    from gui.dialogs.import_dialog import ImportDialog

    return ImportDialog(DataSource(path=str(EXAMPLES / "census_example.csv")))


def _about_dialog() -> QWidget:
    from gui.dialogs.about import show_about

    return show_about(None)


def _preferences_dialog() -> QWidget:
    from gui.dialogs.preferences import PreferencesDialog

    return PreferencesDialog(QSettings())


def _window() -> QWidget:
    from gui.app import add_preferences_menu
    from gui.main_window import MainWindow

    window = MainWindow(QSettings(str(Path(SCRATCH.name) / "settings.ini"), QSettings.Format.IniFormat))
    add_preferences_menu(window)
    return window


def _start_page() -> QWidget:
    from gui.pages.start_page import StartPage

    return StartPage()


def _data_page() -> QWidget:
    from gui.pages.data_page import DataPage

    return DataPage(loaded_session(with_result=False))


def _attacks_page() -> QWidget:
    from gui.pages.attacks_page import AttacksPage

    return AttacksPage(loaded_session(with_result=False))


def _results_page() -> QWidget:
    from gui.pages.results_page import ResultsPage

    return ResultsPage(loaded_session())


def _survey_data_page() -> QWidget:
    from gui.pages.data_page import DataPage

    return DataPage(survey_session(with_roles=False))


def _survey_results_page() -> QWidget:
    from gui.pages.results_page import ResultsPage

    return ResultsPage(survey_session(with_roles=True))


def _scenarios_page() -> QWidget:
    from gui.pages.scenarios_page import ScenariosPage

    page = ScenariosPage(loaded_session())
    panel = page.suggest_panel
    panel.set_spec("birth_year", YEAR_BANDS)
    panel.k.setValue(2)
    panel.max_suppression.setValue(50.0)
    panel.show_suggestion(demo_suggestion(panel.config(page.session.table)))
    return page


CENSUS_COLUMNS = frozenset(("student_id birth_day birth_month birth_year sex race nationality municipality_birth "
                            "municipality_residence school school_type special_needs bolsa_familia").split())
SURVEY_COLUMNS = frozenset({"person", "age", "sex", "region", "wgt", "hh"})
CROSSTABS_EXAMPLE = "sex x birth_year; race x school"  # column names of the census example
ENCODINGS = frozenset({"utf-8", "cp1252", "latin-1", "utf-16", "iso-8859-15", "cp850"})

#: (name, builder, strings that stay as they are: data column names and file names shown).
PAGES: list[tuple[str, Callable[[], QWidget], frozenset[str]]] = [
    ("differential privacy", _dp_page, frozenset()),
    ("synthetic data", _synthetic_page, frozenset()),
    ("releases", _releases_page, frozenset()),
    ("subsets", _subset_dialog, frozenset({"age", "sex"})),
    ("target", _target_dialog, frozenset({"age:", "sex:"})),
    ("import", _import_dialog, CENSUS_COLUMNS | ENCODINGS),
    ("about", _about_dialog, frozenset()),
    ("preferences", _preferences_dialog, frozenset({"English", "Português (Brasil)"})),
    ("window", _window, frozenset({CROSSTABS_EXAMPLE})),
    ("start", _start_page, frozenset()),
    ("data", _data_page, CENSUS_COLUMNS | {demo_config().data.path}),
    ("attacks", _attacks_page, CENSUS_COLUMNS | {t.label() for t in demo_config().targets}),
    ("results", _results_page, CENSUS_COLUMNS),
    ("data (survey)", _survey_data_page, SURVEY_COLUMNS | {survey_config().data.path}),
    ("results (survey)", _survey_results_page, SURVEY_COLUMNS | {"survey.csv"}),
    ("scenarios", _scenarios_page, CENSUS_COLUMNS | engine_texts() | {CROSSTABS_EXAMPLE}),
]


@pytest.fixture
def app(qapp):
    yield qapp
    i18n.uninstall(qapp)


def _strings(qtbot, app: QApplication, language: str, build: Callable[[], QWidget]) -> list[tuple[str, str]]:
    i18n.install(app, language)
    widget = build()
    qtbot.addWidget(widget)
    return all_strings(widget)


@pytest.mark.parametrize("name, build, allowed", PAGES, ids=[p[0] for p in PAGES])
def test_no_english_left_in_portuguese(qtbot, app, name, build, allowed):
    english = _strings(qtbot, app, "en", build)
    portuguese = _strings(qtbot, app, "pt_BR", build)
    assert len(english) >= 3
    left = untranslated(english, portuguese, allowed)
    assert left == [], f"{name}: {len(left)} strings not translated:\n" + "\n".join(left)


def test_the_walk_finds_an_untranslated_string(qtbot, app):
    """The check can fail: a label the catalogue does not know stays English and is reported."""
    from PySide6.QtWidgets import QLabel, QVBoxLayout

    def build() -> QWidget:
        page = _subset_dialog()
        page.layout().addWidget(QLabel(i18n.translate("nowhere", "A sentence no catalogue has")))
        return page

    english = _strings(qtbot, app, "en", build)
    left = untranslated(english, _strings(qtbot, app, "pt_BR", build), frozenset({"age", "sex"}))
    assert [line.split(": ", 1)[1] for line in left] == ["'A sentence no catalogue has'"]


def test_known_translations(qtbot, app):
    i18n.install(app, "pt_BR")
    assert i18n.translate("text", "Quasi-identifier") == "Quase-identificador"
    assert text.ROLE_LABELS["sensitive"] == "Atributo sensível"
    i18n.install(app, "en")
    assert text.ROLE_LABELS["sensitive"] == "Sensitive"


def test_numbers_follow_the_window_language(app):
    i18n.install(app, "pt_BR")
    assert text.pct(0.1234) == "12,3%"
    assert text.count(1234567) == "1.234.567"
    assert text.count(1234.5) == "1.234,5"
    assert text.ratio(12.5) == "x12,5"
    i18n.install(app, "en")
    assert text.pct(0.1234) == "12.3%"
    assert text.count(1234.5) == "1,234.5"


def test_language_choice_order(app, tmp_path, monkeypatch):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    monkeypatch.setenv(engine_i18n.ENV_VARIABLE, "pt_BR.UTF-8")
    assert i18n.chosen_language(settings) == "pt_BR"
    settings.setValue(i18n.SETTINGS_KEY, "en")
    assert i18n.chosen_language(settings) == "en"
    settings.setValue(i18n.SETTINGS_KEY, "")
    monkeypatch.delenv(engine_i18n.ENV_VARIABLE)
    monkeypatch.setattr(i18n.QLocale, "system", staticmethod(lambda: i18n.QLocale("pt_BR")))
    assert i18n.chosen_language(settings) == "pt_BR"


def test_install_sets_the_report_language_and_qt_dialogs(app):
    assert i18n.install(app, "pt_BR") == "pt_BR"
    assert engine_i18n.system_language() == "pt_BR"
    # Qt's own catalogue: the standard buttons of message boxes and file dialogs
    assert app.translate("QPlatformTheme", "Cancel") == "Cancelar"
    i18n.uninstall(app)
    assert app.translate("QPlatformTheme", "Cancel") == "Cancel"


def test_preferences_store_the_language(qtbot, app, tmp_path):
    from gui.dialogs.preferences import PreferencesDialog

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    dialog = PreferencesDialog(settings)
    qtbot.addWidget(dialog)
    assert dialog.language.currentData() == ""  # automatic by default
    dialog.language.setCurrentIndex(dialog.language.findData("pt_BR"))
    dialog.accept()
    assert settings.value(i18n.SETTINGS_KEY) == "pt_BR"
    assert i18n.chosen_language(settings) == "pt_BR"
    again = PreferencesDialog(settings)
    qtbot.addWidget(again)
    assert again.language.currentText() == "Português (Brasil)"


def test_the_window_gets_a_preferences_menu(qtbot, app, tmp_path):
    from gui.app import build_window

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue(i18n.SETTINGS_KEY, "pt_BR")
    window = build_window(None, settings)
    qtbot.addWidget(window)
    assert i18n.current_language() == "pt_BR"
    assert [a.text() for a in window.menuBar().actions()] == ["&Arquivo", "&Editar", "E&xecutar", "Ex&ibir", "Aj&uda"]
    toolbar = window.findChild(QToolBar, "mainToolbar")
    assert [a.text() for a in toolbar.actions() if not a.isSeparator()] == [
        "&Abrir arquivo de dados...",
        "Abrir a&nálise...",
        "&Salvar análise...",
        "E&xecutar os ataques",
        "&Cancelar a execução",
        "Exportar relatório em &PDF...",
        "Exportar CSV e &JSON...",
    ]
    assert window.open_action.toolTip() == "Abrir um arquivo de dados (Ctrl+O)"
    assert window.file_status.text() == "Nenhum arquivo carregado"
    assert window.navigation.item(1).text() == "1  Dados"


def test_messages_of_the_window_in_portuguese(qtbot, app, tmp_path):
    """A refused run says why in Portuguese: the session's reason inside the workflow's box."""
    from gui.app import build_window

    from .conftest import error_boxes

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue(i18n.SETTINGS_KEY, "pt_BR")
    window = build_window(None, settings)
    qtbot.addWidget(window)
    assert not window.flow.run()
    box = error_boxes()[-1]
    assert box.windowTitle() == "Os ataques ainda não podem ser executados"
    assert box.informativeText() == "nenhum dado carregado: abra primeiro um arquivo de dados"
    box.close()


def test_counts_on_the_pages_follow_the_locale(qtbot, app):
    """Row and people counts of the census (20,000 pupils) are written the Brazilian way."""
    from gui.pages.data_page import DataPage
    from gui.pages.results_page import ResultsPage

    i18n.install(app, "pt_BR")
    data = DataPage(loaded_session(with_result=False))
    results = ResultsPage(loaded_session())
    for page in (data, results):
        qtbot.addWidget(page)
    assert "20.000 linhas" in data.file_label.text()
    assert results.summary.text() == (
        "<b>census_example.csv</b>: 20.000 registros, 15 subconjuntos de 4 quase-identificadores, executado em 2 s."
    )
    # plural forms by the catalogue's rule (pt_BR: 0 and 1 singular), never "1 alvos" or "1 identifiers"
    from gui.pages.results_page import plural_count
    from gui.widgets.histograms import histogram_title

    assert [plural_count("{0} target", "{0} targets", n) for n in (0, 1, 2)] == ["0 alvo", "1 alvo", "2 alvos"]
    assert histogram_title(("sex",), ("sex",), 60) == "O único quase-identificador"
    assert histogram_title(("sex",), ("sex", "race"), 60) == "1 quase-identificador: sex"
    i18n.install(app, "en")
    assert [plural_count("{0} target", "{0} targets", n) for n in (0, 1, 2)] == ["0 targets", "1 target", "2 targets"]
    assert histogram_title(("sex", "race"), ("sex", "race", "school"), 60) == "2 quasi-identifiers: sex + race"


def test_engine_texts_the_window_shows_follow_its_language(app):
    """Figures and scenario descriptions drawn by the engine in the window use the window's language."""
    from engine.remediation.transforms import Drop
    from engine.remediation.recommend import describe_step

    i18n.install(app, "pt_BR")
    assert engine_i18n._("Summary") == "Resumo"
    portuguese = describe_step(Drop("birth_day"))
    i18n.install(app, "en")
    assert engine_i18n._("Summary") == "Summary"
    english = describe_step(Drop("birth_day"))
    assert "birth_day" in portuguese and "birth_day" in english and portuguese != english


def test_a_problem_names_its_control_in_the_window_language(app):
    """The control a config problem points to is named as the window labels it (pt_BR, then English)."""
    from engine.analysis.validation import Problem, fraction
    from gui.problems import window_message

    problem = fraction("sample.sampling_fraction", 1.5)[0]
    i18n.install(app, "pt_BR")
    portuguese = window_message(problem)
    i18n.install(app, "en")
    assert portuguese == "Fração amostral deve estar em (0; 1]; valor informado: 1,5"
    assert window_message(problem) == "Sampling fraction must be in (0, 1], got 1.5"
    assert Problem("jobs", "must be even", 3).message() == "jobs must be even, got 3"  # plain text as before


def _portuguese_window(qtbot, tmp_path):
    from gui.app import build_window

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue(i18n.SETTINGS_KEY, "pt_BR")
    window = build_window(None, settings)
    qtbot.addWidget(window)
    return window


def test_a_bad_value_is_shown_next_to_its_control_in_portuguese(qtbot, app, tmp_path):
    """A bad cluster address typed into its field: the run is refused, and the dialog, the banner
    of the Attacks page and the field's tooltip say why in Portuguese."""
    from PySide6.QtCore import Qt

    from engine.analysis.validation import Problem
    from gui.problems import window_message

    from .conftest import error_boxes, load_census, set_roles, wait_idle

    window = _portuguese_window(qtbot, tmp_path)
    load_census(qtbot, window)
    set_roles(window)
    address = window.attacks_page.cluster.address
    qtbot.keyClicks(address, "ftp://host:1")
    qtbot.keyClick(address, Qt.Key.Key_Return)
    assert window.session.config.cluster.address == "ftp://host:1"
    assert not window.flow.run()
    box = error_boxes()[-1]
    shown = box.informativeText()
    box.close()
    control = window_message(Problem("cluster.address", ""))  # the control's name, in the window's language
    assert control != "Dask cluster (Attacks page, Run settings)"
    assert shown == f"{control} deve ser tls://HOST:PORTA ou tcp://HOST:PORTA; valor informado: 'ftp://host:1'"
    assert address.toolTip() == shown and "#c0392b" in address.styleSheet()
    assert shown in window.attacks_page.problem.text()
    for english in ("must", "got", "Dask cluster"):
        assert english not in shown and english not in window.attacks_page.problem.text()
    wait_idle(qtbot, window)


def test_an_engine_error_is_shown_in_portuguese(qtbot, app, tmp_path):
    """The engine's reason why a data file cannot be read is shown in the window's language."""
    from .conftest import error_boxes

    window = _portuguese_window(qtbot, tmp_path)
    (tmp_path / "empty.csv").write_bytes(b"")
    window.flow.open_data_file(str(tmp_path / "empty.csv"), ask=False)
    qtbot.waitUntil(lambda: bool(error_boxes()), timeout=20000)
    box = error_boxes()[-1]
    assert box.informativeText() == "empty.csv: o arquivo está vazio"
    box.close()


def test_engine_warnings_on_the_results_page_follow_the_window_language(qtbot, app):
    """A run-time warning of the engine (a :class:`engine.foundation.messages.Message`) is shown in the window's
    language; its English text (results.json, terminal) is unchanged."""
    from engine.foundation.i18n import N_
    from engine.foundation.messages import message, render

    warning = message(N_("the sweep ran on the Dask cluster at {address}"), address="tls://10.0.0.5:8786")
    i18n.install(app, "pt_BR")
    shown = render(warning)
    i18n.install(app, "en")
    assert warning == "the sweep ran on the Dask cluster at tls://10.0.0.5:8786"
    assert render(warning) == str(warning)
    assert "tls://10.0.0.5:8786" in shown and shown != str(warning)


def test_counting_query_label_in_the_window_language(app):
    """The window writes a counting query as the engine labels it in English, and in pt_BR with
    translated words (the names and values stay)."""
    from engine.dp.config import DPScenario

    queries = [DPScenario("income", "gender", ("F",)), DPScenario("income", "country", ("BRA", ""))]
    i18n.install(app, "en")
    assert [text.query_label(q.sensitive, q.useful, q.predicate) for q in queries] == [q.label() for q in queries]
    i18n.install(app, "pt_BR")
    assert [text.query_label(q.sensitive, q.useful, q.predicate) for q in queries] == [
        "contagem de gender ∈ {F}; segredo income", "contagem de country ∈ {BRA, (ausente)}; segredo income"]
