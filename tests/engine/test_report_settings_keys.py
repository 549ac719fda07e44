"""The [report] table's organisation and sections: read, written back, and checked."""

from __future__ import annotations

import pytest

from engine.analysis.config import OPTIONAL_SECTIONS, ReportOptions, report_dict, report_options
from engine.foundation.errors import InputError


def test_organisation_and_sections_round_trip():
    raw = {"author": "A", "organisation": "Stats Office", "sections": ["appendix"]}
    options = report_options(raw, "a.toml")
    assert (options.organisation, options.sections) == ("Stats Office", ("appendix",))
    assert report_options(report_dict(options), "a.toml") == options


def test_defaults_are_not_written():
    out = report_dict(ReportOptions(author="A"))
    assert "organisation" not in out and "sections" not in out
    assert report_options({}, "a.toml").sections == OPTIONAL_SECTIONS


@pytest.mark.parametrize("sections, message", [
    (["methods", "scores"], "a.toml: report.sections: unknown section 'scores' (allowed: methods, appendix)"),
    ("methods", "a.toml: report.sections must be a list of section names"),
])
def test_bad_sections_are_named(sections, message):
    with pytest.raises(InputError) as error:
        report_options({"sections": sections}, "a.toml")
    assert str(error.value) == message
