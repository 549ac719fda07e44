"""Every file a run reads is a regular file of bounded size (docs/command-line.md, "Rules").

A FIFO, a device, a socket or a folder given where a file is read is refused before it is
opened (opening a FIFO blocks until a writer comes; a device such as /dev/zero never ends),
with one line naming the file and what it is. Text inputs (analysis and scenario files,
hierarchy files, certificates) have a size limit checked before reading; data files keep the
memory check of :mod:`engine.io.memory`. ``os.stat`` and the ``stat.S_IS*`` tests used here
are portable (on Windows a named pipe or console is not a regular file either).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Optional

from .errors import InputError
from .i18n import N_
from .messages import message

MB = 1 << 20
ANALYSIS_LIMIT = 8 * MB
"""Largest analysis or scenario file (TOML) read."""
HIERARCHY_LIMIT = 32 * MB
"""Largest hierarchy file (ARX, ';'-separated) read."""
CERTIFICATE_LIMIT = 1 * MB
"""Largest certificate or key file (PEM) read."""

ANALYSIS_FILE = N_("an analysis file")
SCENARIO_FILE = N_("a scenario file")
HIERARCHY_FILE = N_("a hierarchy file")
CERTIFICATE_FILE = N_("a certificate file")
DATA_FILE = N_("a data file")

_KINDS = ((stat.S_ISDIR, N_("is a folder")), (stat.S_ISFIFO, N_("is a FIFO (named pipe)")),
          (stat.S_ISCHR, N_("is a device")), (stat.S_ISBLK, N_("is a device")),
          (stat.S_ISSOCK, N_("is a socket")))


def kind_of(mode: int) -> Optional[str]:
    """What a file of ``mode`` is when it is not a regular file (a catalogue msgid), else None."""
    for test, words in _KINDS:
        if test(mode):
            return words
    return None if stat.S_ISREG(mode) else N_("is not a regular file")


def check_regular(path: str | Path, what: str) -> Optional[os.stat_result]:
    """The ``stat`` of ``path`` (links followed) when it is a regular file; None when there is
    no such file (the caller says so in its own words); else an InputError such as
    ``x.toml: is a FIFO (named pipe), not an analysis file``. Nothing is opened."""
    try:
        status = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise InputError(message(N_("{path}: cannot read {what} ({reason})"), path=str(path), what=message(what),
                                 reason=exc.strerror or str(exc))) from None
    kind = kind_of(status.st_mode)
    if kind is not None:
        raise InputError(message(N_("{path}: {kind}, not {what}"), path=str(path), kind=message(kind),
                                 what=message(what)))
    return status


def read_bounded(path: str | Path, what: str, limit: int) -> Optional[bytes]:
    """The bytes of the regular file ``path`` when it holds at most ``limit`` bytes (checked
    before reading, and again while reading in case it grows); None when there is no such file."""
    status = check_regular(path, what)
    if status is None:
        return None
    too_large = message(N_("{path}: larger than the {limit} MB allowed for {what}"), path=str(path),
                        limit=limit // MB, what=message(what))
    if status.st_size > limit:
        raise InputError(too_large)
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise InputError(message(N_("{path}: cannot read {what} ({reason})"), path=str(path), what=message(what),
                                 reason=exc.strerror or str(exc))) from None
    if len(data) > limit:
        raise InputError(too_large)
    return data
