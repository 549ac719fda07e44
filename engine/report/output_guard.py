"""No output is an input (docs/command-line.md, "Rules").

Before any work, every file a run will write (or remove from an output folder it claims) is
compared with every file it reads, by resolved path and by file identity (``os.path.samefile``:
a symbolic or hard link to an input is that input), and with the files of its other outputs
(``--pdf o/results.json`` with ``--out o``). A clash is one InputError naming both; nothing is
written. The command line (:func:`check_command`) and the window's exports
(:func:`check_outputs` with :func:`config_inputs`) use the same check.
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional, Sequence

from ..foundation.atomic import MANIFEST, listed_outputs
from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..foundation.input_files import kind_of
from ..foundation.messages import message
from .outputs import ASSESS_OUTPUTS, ASSESS_TABLES, DP_OUTPUTS, SYNTHETIC_OUTPUTS, SUGGEST_OUTPUTS

DATA = N_("the data file {path}")
RELEASE = N_("the release file {path}")
REAL = N_("the real data file {path}")
SYNTHETIC = N_("the synthetic file {path}")
CONTROL = N_("the control file {path}")
ANALYSIS = N_("the analysis file {path}")
SCENARIO = N_("the scenario file {path}")
HIERARCHY = N_("the hierarchy file {path}")
CERTIFICATE = N_("the certificate file {path}")
OVERWRITES_INPUT = N_("{output} would overwrite {input}: an output never replaces an input of the run")
SAME_OUTPUT = N_("{first} and {second} would both write {path}")
WINDOW_OUTPUT = N_("the export {path}")
NOT_REGULAR = N_("{output}: {kind}; an output is only ever written as a regular file")

FOLDER_NAMES = {"assess": ASSESS_OUTPUTS, "synth": SYNTHETIC_OUTPUTS, "dp": DP_OUTPUTS, "dp-threshold": DP_OUTPUTS,
                "suggest": SUGGEST_OUTPUTS}
"""The names each command may write (or remove as stale) in its ``--out`` folder."""


@dataclass(frozen=True)
class Input:
    """A file the run reads: ``kind`` is a catalogue msgid with ``{path}`` (e.g. :data:`DATA`)."""

    kind: str
    path: Path

    def describe(self) -> str:
        return message(self.kind, path=str(self.path))


@dataclass(frozen=True)
class Output:
    """A file the run writes, or a folder (``names``: the files it writes or removes there).
    ``option`` names it on the command line (``--pdf``); empty in the window."""

    option: str
    path: Path
    names: Optional[frozenset[str]] = None
    beside: tuple[Path, ...] = ()
    """Files written beside ``path`` (a scenario export's linked releases)."""

    def files(self, removed: bool = True) -> list[Path]:
        """Every file this output may write (a folder's own names and its manifest) and, with
        ``removed``, remove: the names the folder's manifest lists (an earlier run's files are
        removed when not written again; another output of the run writing one keeps it)."""
        if self.names is None:
            return [self.path, *self.beside]
        listed = sorted(listed_outputs(self.path) - self.names) if removed else []
        names = [*sorted(self.names), *listed, MANIFEST]
        return [self.path / name for name in dict.fromkeys(names) if name and name == Path(name).name]

    def describe(self, file: Optional[Path] = None) -> str:
        """``--pdf FILE``, or ``--out DIR (DIR/NAME)`` for ``file`` in a folder output."""
        where = f"{self.option} {self.path}" if self.option else message(WINDOW_OUTPUT, path=str(self.path))
        return where if file is None or file == self.path else f"{where} ({file})"


def _resolved(path: Path) -> str:
    return os.path.normcase(os.path.realpath(path))


def same_file(first: Path, second: Path) -> bool:
    """Whether two paths name one file: the same resolved path, or (both existing) the same
    file identity, so that symbolic and hard links to a file are that file."""
    if _resolved(first) == _resolved(second):
        return True
    try:
        return os.path.samefile(first, second)
    except OSError:
        return False


def _special(path: Path) -> Optional[str]:
    """What ``path`` is when it exists and is not a regular file: a folder (a file cannot be
    renamed over it), a device, a FIFO or a socket (renaming a file over it as root would
    replace e.g. /dev/null); else None."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    return kind_of(mode)


def check_outputs(outputs: Sequence[Output], inputs: Sequence[Input]) -> None:
    """InputError naming both when a file of ``outputs`` is one of ``inputs`` or a file of
    another output, or naming a file to write that is a folder, device, FIFO or socket;
    nothing is written."""
    planned: list[tuple[Output, Path]] = []
    for output in outputs:
        written = output.files(removed=False)
        for file in output.files():
            kind = _special(file) if file in written else None
            if kind is not None:
                raise InputError(message(NOT_REGULAR, output=output.describe(file), kind=message(kind)))
            for source in inputs:
                if same_file(file, source.path):
                    raise InputError(message(OVERWRITES_INPUT, output=output.describe(file), input=source.describe()))
        for file in written:
            for other, taken in planned:
                if other is not output and same_file(file, taken):
                    raise InputError(message(SAME_OUTPUT, first=other.describe(taken if other.beside else None),
                                             second=output.describe(file if output.beside else None),
                                             path=str(file)))
        planned += [(output, file) for file in written]


def config_inputs(config: Any) -> list[Input]:
    """The files an analysis config reads: its data files (assessment, linked releases,
    synthetic assessment, differential privacy), certificates and hierarchy files."""
    inputs: list[Input] = []
    for attribute, kind in (("data", DATA), ("real", REAL), ("synthetic", SYNTHETIC), ("control", CONTROL)):
        source = getattr(config, attribute, None)
        if source is not None and getattr(source, "path", None):
            inputs.append(Input(kind, Path(source.path)))
    linkage = getattr(config, "linkage", None)
    for release in getattr(linkage, "releases", ()) or ():
        inputs.append(Input(RELEASE, Path(release.data.path)))
    cluster = getattr(config, "cluster", None)
    for name in ("tls_ca", "tls_cert", "tls_key"):
        value = getattr(cluster, name, None)
        if value:
            inputs.append(Input(CERTIFICATE, Path(value)))
    for scenario in getattr(config, "scenarios", ()) or ():
        for step in getattr(scenario, "steps", ()):
            spec = getattr(step, "hierarchy", None)
            if getattr(spec, "path", None):
                inputs.append(Input(HIERARCHY, Path(spec.path)))
    for _, hierarchy in getattr(config, "hierarchies", ()) or ():
        if getattr(hierarchy, "source", None):
            inputs.append(Input(HIERARCHY, Path(hierarchy.source)))
    return inputs


def command_inputs(args: argparse.Namespace, config: Any) -> list[Input]:
    """The files a command reads: those its options name and those of its config."""
    inputs = config_inputs(config)
    for name, kind in (("data", DATA), ("real", REAL), ("synthetic", SYNTHETIC), ("control", CONTROL),
                       ("config", ANALYSIS), ("scenario", SCENARIO)):
        value = getattr(args, name, None)
        if value:
            inputs.append(Input(kind, Path(value)))
    for text in getattr(args, "hierarchy", None) or ():
        if "=" in text:
            inputs.append(Input(HIERARCHY, Path(text.split("=", 1)[1])))
    for name in ("cluster_ca", "cluster_cert", "cluster_key"):
        value = getattr(args, name, None)
        if value:
            inputs.append(Input(CERTIFICATE, Path(value)))
    return inputs


def command_outputs(args: argparse.Namespace, config: Any) -> list[Output]:
    """The outputs a command's options name: ``--save-config`` alone when given (nothing else
    is written), else ``--out``, ``--csv``, ``--pdf``, ``--write-data`` and each
    ``--export-scenario`` file with, for linked releases, the files written beside it."""
    if getattr(args, "save_config", None):
        return [Output("--save-config", Path(args.save_config))]
    outputs = []
    if getattr(args, "out", None):
        names = FOLDER_NAMES.get(getattr(args, "command", None)) or folder_names(config)
        outputs.append(Output("--out", Path(args.out), frozenset(names)))
    if getattr(args, "csv", None):
        outputs.append(Output("--csv", Path(args.csv), ASSESS_TABLES))
    for name, option in (("pdf", "--pdf"), ("write_data", "--write-data")):
        if getattr(args, name, None):
            outputs.append(Output(option, Path(getattr(args, name))))
    for text in getattr(args, "export_scenario", None) or ():
        name, _, file = text.rpartition("=")
        if file:
            path = Path(file)
            outputs.append(Output("--export-scenario", path,
                                  beside=_linked_files(path, config) + _pram_matrices(path, config, name)))
    return outputs


def _linked_files(path: Path, config: Any) -> tuple[Path, ...]:
    """With linked releases, the files a scenario export to ``path`` writes beside it."""
    releases = getattr(getattr(config, "linkage", None), "releases", ()) or ()
    if not releases:
        return ()
    from ..remediation.linked_export import linked_export_paths

    return tuple(linked_export_paths(path, [r.label for r in releases]).values())


def _pram_matrices(path: Path, config: Any, name: Optional[str] = None) -> tuple[Path, ...]:
    """The PRAM transition matrices an export to ``path`` writes beside it, when the scenario
    (``name``; any of ``config``'s when None) has a PRAM step."""
    from ..remediation.export import pram_matrix_path
    from ..analysis.scenario_steps import Pram

    scenarios = [s for s in getattr(config, "scenarios", ()) or () if name is None or s.name == name]
    if any(isinstance(step, Pram) for s in scenarios for step in s.steps):
        return (pram_matrix_path(path),)
    return ()


def check_command(args: argparse.Namespace, config: Any, extra_inputs: Sequence[Input] = ()) -> None:
    """Before any work: no output of the command is one of its inputs or another output's file."""
    check_outputs(command_outputs(args, config), [*command_inputs(args, config), *extra_inputs])


def folder_names(config: Any) -> frozenset[str]:
    """The names an analysis of ``config`` writes into a results folder (assessment, synthetic
    assessment, differential privacy or suggest)."""
    if hasattr(config, "synthetic"):
        return SYNTHETIC_OUTPUTS
    if hasattr(config, "hierarchies"):
        return SUGGEST_OUTPUTS
    if hasattr(config, "epsilons"):
        return DP_OUTPUTS
    return ASSESS_OUTPUTS


def check_export(config: Any, path: str | Path, folder: bool = False, scenario: bool = False) -> None:
    """The window's exports (the report or the analysis file; the results folder with
    ``folder``; a scenario's data, with its linked releases' files, with ``scenario``):
    :func:`check_outputs` against the files ``config`` reads."""
    path = Path(path)
    if folder:
        outputs = [Output("", path, folder_names(config))]
    else:
        outputs = [Output("", path, beside=_linked_files(path, config) + _pram_matrices(path, config)
                          if scenario else ())]
    check_outputs(outputs, config_inputs(config))
