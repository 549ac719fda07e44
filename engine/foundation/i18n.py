"""The language of what the engine writes for people (the PDF reports): GNU gettext catalogues
under resources/i18n/locale/<lang>/LC_MESSAGES/riskreview.mo, and which language to use.

The language is, in order: the analysis file's ``[report] language``, the ``RISKREVIEW_LANGUAGE``
environment variable (the window sets it from Preferences), the system locale (``LC_ALL``,
``LC_MESSAGES``, ``LANG``), else English. Unsupported languages fall back to English.
"""

from __future__ import annotations

import gettext
import os
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Iterator, Optional

from .resources import resource_path

DOMAIN = "riskreview"
ENGLISH = "en"
#: Languages with a complete catalogue, and their names as their speakers write them.
LANGUAGES = {"en": "English", "pt_BR": "Português (Brasil)"}
ENV_VARIABLE = "RISKREVIEW_LANGUAGE"

_current: ContextVar[str] = ContextVar("riskreview_language", default=ENGLISH)


def normalize(code: Optional[str]) -> Optional[str]:
    """A supported language for a locale name (``pt_BR.UTF-8``, ``pt-BR``, ``pt``, ``en_GB``, ``C``),
    or None when it names none of :data:`LANGUAGES`."""
    if not code:
        return None
    base = code.split(".")[0].split("@")[0].replace("-", "_").strip()
    if base in ("C", "POSIX"):
        return ENGLISH
    language = base.split("_")[0].lower()
    if language == "en":
        return ENGLISH
    if language == "pt":
        return "pt_BR"
    return None


def system_language() -> str:
    """The supported language of the environment (``RISKREVIEW_LANGUAGE``, then the POSIX locale
    variables in their order of precedence), else English."""
    for name in (ENV_VARIABLE, "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            return normalize(value) or ENGLISH
    return ENGLISH


def resolve(requested: Optional[str] = None) -> str:
    """``requested`` when given (a supported name), else :func:`system_language`."""
    return normalize(requested) or system_language()


def check_language(value: str, where: str) -> str:
    """``value`` as a supported language code, or ValueError naming ``where`` and the choices."""
    found = normalize(value)
    if found is None:
        raise ValueError(f"{where}: unknown language {value!r} (choose {', '.join(LANGUAGES)})")
    return found


@lru_cache(maxsize=None)
def _catalogue(language: str) -> gettext.NullTranslations:
    return gettext.translation(DOMAIN, localedir=str(resource_path("i18n", "locale")), languages=[language],
                               fallback=True)


def current() -> str:
    """The language the report being written uses."""
    return _current.get()


@contextmanager
def language(code: Optional[str]) -> Iterator[str]:
    """Write in ``code`` (resolved by :func:`resolve`) inside the block."""
    token = _current.set(resolve(code))
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def use(code: Optional[str]) -> str:
    """Make ``code`` (resolved by :func:`resolve`) the language of the calling thread from now on:
    the window calls it so that the report figures and texts it shows follow its language."""
    chosen = resolve(code)
    _current.set(chosen)
    return chosen


def _(text: str) -> str:
    """``text`` in the current language (itself when the catalogue has no translation)."""
    language_now = _current.get()
    if language_now == ENGLISH:
        return text
    return _catalogue(language_now).gettext(text)


def ngettext(singular: str, plural: str, count: int) -> str:
    """``singular`` or ``plural`` for ``count`` in the current language (its plural rule: in
    Brazilian Portuguese 0 and 1 take the singular)."""
    language_now = _current.get()
    if language_now == ENGLISH:
        return singular if count == 1 else plural
    return _catalogue(language_now).ngettext(singular, plural, count)


def plural_form(count: int, code: Optional[str] = None) -> int:
    """Which form (0: singular, 1: plural) the catalogue's plural rule (its Plural-Forms header)
    gives ``count`` in ``code`` (default: the current language); English: 1 is singular.

    >>> plural_form(0, "en"), plural_form(1, "en"), plural_form(0, "pt_BR"), plural_form(2, "pt_BR")
    (1, 0, 0, 1)
    """
    rule = getattr(_catalogue(normalize(code) or current()), "plural", None)
    return min(1, int(rule(count))) if rule is not None else int(count != 1)


def N_(text: str) -> str:
    """Marks ``text`` for the catalogue without translating it now (module-level tables)."""
    return text
