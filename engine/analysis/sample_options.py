"""The ``[sample]`` section of an analysis: options of the sample-file measures.

The columns themselves (sampling weight, household id) are roles (:class:`engine.analysis.config.Roles`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Optional

from ..foundation.errors import InputError
from ..foundation.i18n import N_
from ..foundation.messages import message
from .validation import (KEY_BOOLEAN, KEY_NUMBER, KEY_NUMBERS, KEY_TABLE, KEY_TEXT, KEY_WHOLE, Problem, at_least,
                         fraction, key_fault, not_one_of, raise_first)

MISSING_RULES = ("value",)  # sdcMicro's "a missing value matches any value" is not offered
DEFAULT_RISK_THRESHOLDS = (0.01, 0.05, 0.1, 0.2)


@dataclass(frozen=True)
class SampleOptions:
    """Options of the sample-file measures (docs/methods.md, "Sample files").

    ``sampling_fraction``: n / N for the population-uniqueness models (None: n / sum of the
    weights, or 1 without a weight); ``risk_thresholds``: individual-risk levels whose records
    are counted; ``suda``: find special uniques, with MSUs of at most ``suda_max_size`` key
    variables (None: all); ``dis_fraction``: the DIS-SUDA sampling fraction; ``missing``:
    "value", a missing value is a value of its own (the only rule offered).
    """

    sampling_fraction: Optional[float] = None
    risk_thresholds: tuple[float, ...] = DEFAULT_RISK_THRESHOLDS
    suda: bool = False
    suda_max_size: Optional[int] = None
    dis_fraction: float = 0.01
    missing: str = "value"

    def problems(self, prefix: str = "sample.") -> list[Problem]:
        """The rules these options break, fields named ``prefix`` + attribute."""
        out = [] if self.sampling_fraction is None else fraction(prefix + "sampling_fraction", self.sampling_fraction)
        for x in self.risk_thresholds:
            out += fraction(prefix + "risk_thresholds", x)
        if self.suda_max_size is not None:
            out += at_least(prefix + "suda_max_size", self.suda_max_size, 1)
        out += fraction(prefix + "dis_fraction", self.dis_fraction)
        if self.missing not in MISSING_RULES:
            out.append(not_one_of(prefix + "missing", self.missing, MISSING_RULES))
        return out

    def validate(self) -> None:
        raise_first(self.problems())

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"risk_thresholds": list(self.risk_thresholds), "suda": self.suda,
                               "dis_fraction": self.dis_fraction, "missing": self.missing}
        if self.sampling_fraction is not None:
            out["sampling_fraction"] = self.sampling_fraction
        if self.suda_max_size is not None:
            out["suda_max_size"] = self.suda_max_size
        return out

    @classmethod
    def from_dict(cls, raw: Any, source: str) -> "SampleOptions":
        """The ``[sample]`` table of an analysis file, with wrong types named."""
        if not isinstance(raw, Mapping):
            raise key_fault(source, "sample", KEY_TABLE)
        allowed = {"sampling_fraction", "risk_thresholds", "suda", "suda_max_size", "dis_fraction", "missing"}
        unknown = sorted(set(raw) - allowed)
        if unknown:
            raise InputError(message(N_("{source}: unknown key {key} (allowed: {allowed})"), source=source,
                                     key=f"sample.{unknown[0]}", allowed=", ".join(sorted(allowed))))
        fraction = _number(raw, "sampling_fraction", source)
        thresholds = raw.get("risk_thresholds", list(DEFAULT_RISK_THRESHOLDS))
        if not isinstance(thresholds, list) or not all(_is_number(x) for x in thresholds):
            raise key_fault(source, "sample.risk_thresholds", KEY_NUMBERS)
        suda = raw.get("suda", False)
        if not isinstance(suda, bool):
            raise key_fault(source, "sample.suda", KEY_BOOLEAN)
        max_size = raw.get("suda_max_size")
        if max_size is not None and (not isinstance(max_size, int) or isinstance(max_size, bool)):
            raise key_fault(source, "sample.suda_max_size", KEY_WHOLE)
        dis = _number(raw, "dis_fraction", source)
        missing = raw.get("missing", "value")
        if not isinstance(missing, str):
            raise key_fault(source, "sample.missing", KEY_TEXT)
        return cls(sampling_fraction=fraction, risk_thresholds=tuple(float(x) for x in thresholds),
                   suda=suda, suda_max_size=max_size, dis_fraction=0.01 if dis is None else dis,
                   missing=missing)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _number(raw: Mapping[str, Any], key: str, source: str) -> Optional[float]:
    value = raw.get(key)
    if value is None:
        return None
    if not _is_number(value):
        raise key_fault(source, f"sample.{key}", KEY_NUMBER)
    return float(value)
