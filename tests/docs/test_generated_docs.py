"""docs/cli.md is what docs/generate.py writes from the parsers now, and it names every flag of
every command (regenerate with ``python docs/generate.py``)."""

from __future__ import annotations

import argparse
import importlib.util
import re

from ..conftest import ROOT

CLI_MD = ROOT / "docs" / "cli.md"


def _generator():
    spec = importlib.util.spec_from_file_location("docs_generate", ROOT / "docs" / "generate.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _sections(text: str) -> dict[str, str]:
    """Each ``## riskreview ...`` section of docs/cli.md by its title."""
    parts = re.split(r"^## (riskreview.*)$", text, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


def test_cli_reference_is_current():
    generated = _generator().cli_markdown()
    assert CLI_MD.read_text(encoding="utf-8") == generated, "docs/cli.md is stale: run python docs/generate.py"


def test_every_flag_of_every_command_is_documented_in_its_section():
    sections = _sections(CLI_MD.read_text(encoding="utf-8"))
    parsers = dict(_generator().every_parser())
    assert {"riskreview", "riskreview assess", "riskreview profile", "riskreview synth", "riskreview dp",
            "riskreview dp-threshold", "riskreview suggest"} <= set(parsers)
    assert set(sections) == set(parsers)
    missing = []
    for title, parser in parsers.items():
        table = "\n".join(line for line in sections[title].splitlines() if line.startswith("| `"))
        for action in parser._actions:
            if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)) or action.help == argparse.SUPPRESS:
                continue
            for name in action.option_strings or [action.metavar or action.dest]:
                if not re.search(rf"`{re.escape(name)}[ `]", table):
                    missing.append(f"{title}: {name}")
            if action.help and action.help.split()[0] not in table:
                missing.append(f"{title}: help of {action.dest}")
    assert not missing, missing


def test_a_new_flag_makes_the_reference_stale(monkeypatch):
    import engine.commands.cli as cli

    build = cli.build_parser

    def with_extra_flag():
        parser = build()
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                action.choices["profile"].add_argument("--brand-new", action="store_true", help="a flag added after the last regeneration")
        return parser

    monkeypatch.setattr(cli, "build_parser", with_extra_flag)
    text = _generator().cli_markdown()
    assert "| `--brand-new` | a flag added after the last regeneration |" in _sections(text)["riskreview profile"]
    assert text != CLI_MD.read_text(encoding="utf-8")
