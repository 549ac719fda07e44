"""The window's language: Qt translators for RiskReview's catalogue (resources/i18n/riskreview_<lang>.qm,
from the Linguist .ts next to it) and Qt's own (qtbase_<lang>.qm, the standard dialogs' buttons), the
locale of numbers in spin boxes, and the language the reports are written in.

The language is the Preferences choice (QSettings key ``language``; empty = automatic), else the
``RISKREVIEW_LANGUAGE`` environment variable, else the system locale (QLocale), else English.
"""

from __future__ import annotations

import os
from typing import Optional

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

from engine.api import i18n as engine_i18n
from engine.api import resource_path

from .settings import user_settings

SETTINGS_KEY = "language"
_state: dict = {"language": engine_i18n.ENGLISH, "translators": [], "env": None}


def translate(context: str, text: str) -> str:
    """``text`` in the window's language (``context``: the module, as in the .ts catalogue)."""
    return QCoreApplication.translate(context, text)


def translate_plural(context: str, singular: str, plural: str, count: int) -> str:
    """The singular or plural text (each marked with ``QT_TRANSLATE_NOOP``) for ``count``, chosen
    by the plural rule of the window language's catalogue (engine/foundation/i18n.py ``plural_form``: 0 and 1
    are singular in Brazilian Portuguese, only 1 in English), then translated."""
    return translate(context, (singular, plural)[engine_i18n.plural_form(count, current_language())])


def engine_text(msgid: str) -> str:
    """A text the engine marked for its own catalogue (``N_``, e.g. a recommendation's rule), in the
    window's language (the engine's language in the GUI thread)."""
    return engine_i18n._(msgid)


def current_language() -> str:
    """The language the window was set up in (``en`` or ``pt_BR``)."""
    return _state["language"]


def chosen_language(settings: Optional[QSettings] = None) -> str:
    """The language to use: the Preferences choice, else the environment, else the system's."""
    settings = settings if settings is not None else user_settings()
    stored = engine_i18n.normalize(str(settings.value(SETTINGS_KEY, "") or ""))
    if stored:
        return stored
    from_env = engine_i18n.normalize(os.environ.get(engine_i18n.ENV_VARIABLE))
    return from_env or engine_i18n.normalize(QLocale.system().name()) or engine_i18n.ENGLISH


def translator_for(language: str):
    """``translate(context, text)`` in ``language`` before any QApplication exists (messages of
    the start-up checks); English when the catalogue cannot be read."""
    language = engine_i18n.normalize(language) or engine_i18n.ENGLISH
    translator = QTranslator()
    loaded = language != engine_i18n.ENGLISH and translator.load(f"riskreview_{language}",
                                                                 str(resource_path("i18n")))

    def tr(context: str, text: str) -> str:
        return (translator.translate(context, text) or text) if loaded else text

    return tr


def install(app: QCoreApplication, language: str) -> str:
    """Load the translators of ``language`` into ``app`` (replacing earlier ones), make it the
    locale of numbers and the reports' default language. Returns the language used."""
    language = engine_i18n.normalize(language) or engine_i18n.ENGLISH
    for translator in _state["translators"]:
        app.removeTranslator(translator)
    _state["translators"] = []
    if language != engine_i18n.ENGLISH:
        folders = ((resource_path("i18n"), "riskreview_"),
                   (QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath), "qtbase_"))
        for folder, prefix in folders:
            translator = QTranslator(app)
            if translator.load(f"{prefix}{language}", str(folder)):
                app.installTranslator(translator)
                _state["translators"].append(translator)
    if _state["env"] is None:
        _state["env"] = (os.environ.get(engine_i18n.ENV_VARIABLE), QLocale())
    os.environ[engine_i18n.ENV_VARIABLE] = language
    QLocale.setDefault(QLocale(language))
    engine_i18n.use(language)
    _state["language"] = language
    return language


def uninstall(app: QCoreApplication) -> None:
    """Back to English and to the environment as it was before :func:`install` (for tests)."""
    install(app, engine_i18n.ENGLISH)
    if _state["env"] is not None:
        previous, locale = _state["env"]
        if previous is None:
            os.environ.pop(engine_i18n.ENV_VARIABLE, None)
        else:
            os.environ[engine_i18n.ENV_VARIABLE] = previous
        QLocale.setDefault(locale)
        _state["env"] = None
