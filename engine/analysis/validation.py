"""One validation for every analysis, with field-named messages.

Each config lists the rules it breaks as :class:`Problem` objects (its ``problems()``); each
names the config field at fault as a dotted attribute path (``"sample.sampling_fraction"``)
and says in plain words what it must be. ``validate()`` raises the first as
:class:`ConfigProblem`. Whoever took the value names it the user's way: the command line by
its flag (:func:`flag_message`: ``--sampling-fraction must be in (0, 1], got 1.5``), the
analysis-file loader by its TOML key (:func:`key_message`), the window by the control that
edits the field (:attr:`Problem.field`, :meth:`Problem.message`).

A rule (``must``, ``lead``) is an :class:`engine.foundation.messages.Message` (or plain English text): the
message is English as a ``str`` (command line, results), and :func:`engine.foundation.messages.render`
gives it in the window's language, the value written with that language's separators.

The rule helpers below (:func:`fraction`, :func:`share`, ...) hold each range once.
"""

from __future__ import annotations

import argparse
import math
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Mapping, Optional

from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..foundation.locale_format import localize
from ..foundation.messages import Message, message

MAX_SEED = 2**63 - 1
"""The largest seed: the largest whole number an analysis file (TOML) holds; seeds run from 0
(``synth --seed``, a scenario's ``sample`` step)."""
NO_VALUE = object()

#: The sentence frames of a problem: the name then the rule, the name then a colon and a
#: structural rule, and either followed by the value given.
RULE = N_("{name} {rule}")
ABOUT = N_("{name}: {rule}")
GOT = N_("{text}, got {value}")
IN_FILE = N_("{source}: {text}")


@dataclass(frozen=True)
class Problem:
    """A rule the config breaks: the ``field`` at fault (dotted attribute path), what it
    ``must`` be, and the ``value`` given (left out of the message when :data:`NO_VALUE`).
    A structural rule (:meth:`about`) says its sentence after the name and a colon, or
    (``lead``) puts the name at the end of a sentence that begins with ``lead``."""

    field: str
    must: str  # a Message, or plain English text
    value: Any = NO_VALUE
    sep: str = " "
    lead: str = ""

    @classmethod
    def about(cls, field: str, text: str) -> "Problem":
        """A structural rule: ``NAME: TEXT`` (e.g. ``--sensitive: column 's' cannot be both ...``)."""
        return cls(field, text, sep=": ")

    def message(self, name: Optional[str] = None) -> Message:
        """``NAME must ..., got VALUE``; NAME is the field unless a flag or key is given. English
        as a ``str``; rendered in the current language by :func:`engine.foundation.messages.render`."""
        name = name or self.field
        if self.lead:  # a sentence ending with the name (and a placeholder such as COL)
            text = message("{lead}{name}{sep}{rule}" if self.must else "{lead}{name}", lead=self.lead, name=name,
                           sep=self.sep, rule=self.must)
        elif self.must:
            text = message(ABOUT if self.sep == ": " else RULE, name=name, rule=self.must)
        else:
            text = message("{name}", name=name)
        return text if self.value is NO_VALUE else message(GOT, text=text, value=Shown(self.value))


class ConfigProblem(InputError):
    """The InputError of a broken rule, naming the config field; ``problem`` lets the command
    line, the loader and the window name it their way."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message())
        self.problem = problem


def shown(value: Any) -> str:
    """A value as a message shows it: numbers short (``1.5``, ``0``, ``1e+308``), text quoted."""
    if isinstance(value, float):
        return format(value, "g")
    if isinstance(value, str):
        return repr(value)
    return str(value)


@dataclass(frozen=True)
class Shown:
    """A message parameter written as :func:`shown` writes it, numbers with the separators of the
    current language (``1.5`` / ``1,5``)."""

    value: Any

    def __format__(self, spec: str) -> str:
        text = shown(self.value)
        return localize(text) if _number(self.value) else text


def raise_first(problems: Iterable[Problem]) -> None:
    """Raise :class:`ConfigProblem` for the first problem, if any."""
    for problem in problems:
        raise ConfigProblem(problem)


# --- the rules, each once -------------------------------------------------------------------

def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def fraction(field: str, value: Any) -> list[Problem]:
    """A share of the records or the population: 0 < value <= 1."""
    return [] if _number(value) and 0.0 < value <= 1.0 else [Problem(field, message(N_("must be in (0, 1]")), value)]


def share(field: str, value: Any) -> list[Problem]:
    """A probability or a limit on a share: 0 <= value <= 1."""
    ok = _number(value) and 0.0 <= value <= 1.0
    return [] if ok else [Problem(field, message(N_("must be between {low} and {high}"), low=0, high=1), value)]


def at_least(field: str, value: Any, low: int) -> list[Problem]:
    """A whole number (a count, a size, a level) of at least ``low``."""
    ok = _number(value) and value >= low
    return [] if ok else [Problem(field, message(N_("must be at least {low}"), low=low), value)]


def finite_non_negative(field: str, value: Any) -> list[Problem]:
    """A finite number >= 0 (a distance, a likeness or disclosure level)."""
    ok = _number(value) and math.isfinite(value) and value >= 0
    return [] if ok else [Problem(field, message(N_("must be a finite number >= 0")), value)]


def between(field: str, value: Any, low: float, high: float,
            rule: str = N_("must be between {low} and {high}")) -> list[Problem]:
    """A number from ``low`` to ``high`` (both included); ``rule`` (a catalogue template with
    ``{low}`` and ``{high}``) says so."""
    if _number(value) and low <= value <= high:
        return []
    return [Problem(field, message(rule, low=Shown(low), high=Shown(high)), value)]


def not_one_of(field: str, value: Any, choices: Iterable[str]) -> Problem:
    """``NAME must be one of A, B, C, got VALUE``."""
    return Problem(field, message(N_("must be one of {choices}"), choices=", ".join(choices)), value)


def no_quasi_identifier(field: str) -> Problem:
    """``no quasi-identifier chosen: name at least one column with NAME``."""
    return Problem(field, "", sep="", lead=message(N_("no quasi-identifier chosen: name at least one column with ")))


# --- naming a field the user's way ----------------------------------------------------------

def flag_given(args: argparse.Namespace, flag: str) -> bool:
    """Whether the command line set the option ``flag`` (its value is not None, False or [])."""
    value = getattr(args, flag.lstrip("-").replace("-", "_"), None)
    return value is not None and value is not False and value != []


def flag_message(problem: Problem, flags: Mapping[str, str], args: Optional[argparse.Namespace] = None,
                 keys: Optional[Mapping[str, str]] = None) -> str:
    """The problem named by the flag that sets its field (``flags``: field -> flag). With
    ``args`` from a run with ``--config FILE``, a field whose flag was not given came from the
    file: the message names the file and its key (:func:`key_message`)."""
    flag = flags.get(problem.field)
    config = getattr(args, "config", None) if args is not None else None
    if config and (flag is None or not flag_given(args, flag)):
        return key_message(problem, config, keys)
    return problem.message(flag)


def key_message(problem: Problem, source: str, keys: Optional[Mapping[str, str]] = None) -> str:
    """``SOURCE: KEY must ..., got VALUE``, KEY the analysis file's name for the field
    (``keys``: field -> TOML key where the two differ)."""
    return message(IN_FILE, source=source, text=problem.message((keys or {}).get(problem.field, problem.field)))


def check_cli(config: Any, flags: Mapping[str, str], args: Optional[argparse.Namespace] = None,
              keys: Optional[Mapping[str, str]] = None) -> None:
    """``config.validate()``, its problem reworded for the command line (:func:`flag_message`;
    without ``args`` every field is named by its flag)."""
    with named_for_cli(flags, args, keys):
        config.validate()


@contextmanager
def named_for_cli(flags: Mapping[str, str], args: Optional[argparse.Namespace] = None,
                  keys: Optional[Mapping[str, str]] = None) -> Iterator[None]:
    """A :class:`ConfigProblem` raised inside (e.g. a column the data file lacks, found when
    it is read) reworded for the command line as :func:`check_cli` does."""
    try:
        yield
    except ConfigProblem as error:
        raise InputError(flag_message(error.problem, flags, args, keys)) from None


#: What a key of an analysis file must hold (``SOURCE: KEY must be ...``), for :func:`key_fault`.
KEY_TABLE = N_("{source}: {key} must be a table")
KEY_TABLES = N_("{source}: {key} must be a list of tables")
KEY_TEXT = N_("{source}: {key} must be text")
KEY_WHOLE = N_("{source}: {key} must be a whole number")
KEY_NUMBER = N_("{source}: {key} must be a number")
KEY_NUMBERS = N_("{source}: {key} must be a list of numbers")
KEY_BOOLEAN = N_("{source}: {key} must be true or false")
KEY_COLUMNS = N_("{source}: {key} must be a list of column names")


def key_fault(source: str, key: str, rule: str) -> InputError:
    """The error of a key of the analysis file ``source`` that holds the wrong kind of value
    (``rule``: one of the ``KEY_`` templates above)."""
    return InputError(message(rule, source=source, key=key))


def check_file(config: Any, problems: Iterable[Problem], source: str,
               keys: Optional[Mapping[str, str]] = None) -> Any:
    """``config`` as read from the analysis file ``source``, unless it breaks one of
    ``problems``: the first is raised as an InputError naming the file and the key
    (:func:`key_message`)."""
    for problem in problems:
        raise InputError(key_message(problem, source, keys))
    return config
