"""The ``[sample]`` section of an analysis: options of the sample-file measures.

The columns themselves (sampling weight, household id) are roles (:class:`engine.analysis.config.Roles`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Optional

from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..foundation.messages import message
from .options import FRACTION, at_least_rule, one_of, option, option_problems, read_options, table_keys, write_options
from .validation import KEY_TABLE, Problem, key_fault, raise_first

MISSING_RULES = ("value",)  # sdcMicro's "a missing value matches any value" is not offered
DEFAULT_RISK_THRESHOLDS = (0.01, 0.05, 0.1, 0.2)
UNKNOWN_KEY = N_("{source}: unknown key {key} (allowed: {allowed})")


@dataclass(frozen=True)
class SampleOptions:
    """Options of the sample-file measures (docs/methods.md, "Sample files").

    ``sampling_fraction``: n / N for the population-uniqueness models (None: n / sum of the
    weights, or 1 without a weight); without a weight, also each record's design weight 1 / it; ``risk_thresholds``: individual-risk levels whose records
    are counted; ``suda``: find special uniques, with MSUs of at most ``suda_max_size`` key
    variables (None: all); ``dis_fraction``: the DIS-SUDA sampling fraction; ``missing``:
    "value", a missing value is a value of its own (the only rule offered).
    """

    sampling_fraction: Optional[float] = option(
        None, kind="number", rule=FRACTION, flag="--sampling-fraction", metavar="F", written="set",
        help="sample size / population size for the population-uniqueness models (default: records / sum of "
             "the weights); without a weight each record stands for 1/F people",
        label=N_("Sampling fraction"), widget="attacks_page.fraction")
    risk_thresholds: tuple[float, ...] = option(
        DEFAULT_RISK_THRESHOLDS, kind="numbers", rule=FRACTION, flag="--risk-threshold", metavar="X",
        help="count the records with individual risk above X (default 0.01 0.05 0.1 0.2)",
        label=N_("Risk thresholds"), widget="attacks_page.thresholds")
    suda: bool = option(False, kind="boolean", flag="--suda", help="find special uniques (SUDA) over the QIDs",
                        label=N_("Special uniques (SUDA)"), widget="attacks_page.suda")
    suda_max_size: Optional[int] = option(
        None, kind="whole", rule=at_least_rule(1), flag="--suda-max-size", metavar="M", written="set",
        help="largest MSU searched (default: all QIDs)", label=N_("Max MSU size"), widget="attacks_page.suda_max")
    dis_fraction: float = option(0.01, kind="number", rule=FRACTION, flag="--dis-fraction", metavar="F",
                                 help="DIS-SUDA sampling fraction (default 0.01)", label=N_("DIS fraction"),
                                 widget="attacks_page.dis_fraction")
    missing: str = option("value", kind="text", rule=one_of(MISSING_RULES),
                          help="how a missing value matches: \"value\", a value of its own (the only rule offered)",
                          label=N_("Special uniques (SUDA)"), widget="attacks_page.suda")

    def problems(self, prefix: str = "sample.") -> list[Problem]:
        """The rules these options break, fields named ``prefix`` + attribute."""
        return option_problems(self, prefix)

    def validate(self) -> None:
        raise_first(self.problems())

    def to_dict(self) -> dict[str, Any]:
        return write_options(self)

    @classmethod
    def from_dict(cls, raw: Any, source: str) -> "SampleOptions":
        """The ``[sample]`` table of an analysis file, with wrong types named."""
        if not isinstance(raw, Mapping):
            raise key_fault(source, "sample", KEY_TABLE)
        allowed = table_keys(cls, "")
        unknown = sorted(set(raw) - allowed)
        if unknown:
            raise InputError(message(UNKNOWN_KEY, source=source, key=f"sample.{unknown[0]}",
                                     allowed=", ".join(sorted(allowed))))
        return cls(**read_options(cls, raw, source, "sample."))
