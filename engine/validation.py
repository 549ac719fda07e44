"""One validation for every analysis, with field-named messages.

Each config lists the rules it breaks as :class:`Problem` objects (its ``problems()``); each
names the config field at fault as a dotted attribute path (``"sample.sampling_fraction"``)
and says in plain words what it must be. ``validate()`` raises the first as
:class:`ConfigProblem`. Whoever took the value names it the user's way: the command line by
its flag (:func:`flag_message`: ``--sampling-fraction must be in (0, 1], got 1.5``), the
analysis-file loader by its TOML key (:func:`key_message`), the window by the control that
edits the field (:attr:`Problem.field`, :meth:`Problem.message`).

The rule helpers below (:func:`fraction`, :func:`share`, ...) hold each range once.
"""

from __future__ import annotations

import argparse
import math
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Mapping, Optional

from .errors import InputError

NO_VALUE = object()


@dataclass(frozen=True)
class Problem:
    """A rule the config breaks: the ``field`` at fault (dotted attribute path), what it
    ``must`` be, and the ``value`` given (left out of the message when :data:`NO_VALUE`).
    A structural rule (:meth:`about`) says its sentence after the name and a colon, or
    (``lead``) puts the name at the end of a sentence that begins with ``lead``."""

    field: str
    must: str
    value: Any = NO_VALUE
    sep: str = " "
    lead: str = ""

    @classmethod
    def about(cls, field: str, text: str) -> "Problem":
        """A structural rule: ``NAME: TEXT`` (e.g. ``--sensitive: column 's' cannot be both ...``)."""
        return cls(field, text, sep=": ")

    def message(self, name: Optional[str] = None) -> str:
        """``NAME must ..., got VALUE``; NAME is the field unless a flag or key is given."""
        text = f"{self.lead}{name or self.field}{self.sep}{self.must}".rstrip()
        return text if self.value is NO_VALUE else f"{text}, got {shown(self.value)}"


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


def raise_first(problems: Iterable[Problem]) -> None:
    """Raise :class:`ConfigProblem` for the first problem, if any."""
    for problem in problems:
        raise ConfigProblem(problem)


# --- the rules, each once -------------------------------------------------------------------

def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def fraction(field: str, value: Any) -> list[Problem]:
    """A share of the records or the population: 0 < value <= 1."""
    return [] if _number(value) and 0.0 < value <= 1.0 else [Problem(field, "must be in (0, 1]", value)]


def share(field: str, value: Any) -> list[Problem]:
    """A probability or a limit on a share: 0 <= value <= 1."""
    return [] if _number(value) and 0.0 <= value <= 1.0 else [Problem(field, "must be between 0 and 1", value)]


def at_least(field: str, value: Any, low: int) -> list[Problem]:
    """A whole number (a count, a size, a level) of at least ``low``."""
    return [] if _number(value) and value >= low else [Problem(field, f"must be at least {low}", value)]


def finite_non_negative(field: str, value: Any) -> list[Problem]:
    """A finite number >= 0 (a distance, a likeness or disclosure level)."""
    ok = _number(value) and math.isfinite(value) and value >= 0
    return [] if ok else [Problem(field, "must be a finite number >= 0", value)]


def between(field: str, value: Any, low: float, high: float, unit: str = "") -> list[Problem]:
    """A number from ``low`` to ``high`` (both included)."""
    if _number(value) and low <= value <= high:
        return []
    return [Problem(field, f"must be between {shown(low)} and {shown(high)}{unit}", value)]


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
    return f"{source}: {problem.message((keys or {}).get(problem.field, problem.field))}"


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


def check_file(config: Any, problems: Iterable[Problem], source: str,
               keys: Optional[Mapping[str, str]] = None) -> Any:
    """``config`` as read from the analysis file ``source``, unless it breaks one of
    ``problems``: the first is raised as an InputError naming the file and the key
    (:func:`key_message`)."""
    for problem in problems:
        raise InputError(key_message(problem, source, keys))
    return config
