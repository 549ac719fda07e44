"""Result objects of the sample-file measures: frozen dataclasses read by the CSV/JSON/PDF
writers and the window. No maths here: every number comes from :mod:`engine.sample`."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Optional

import numpy as np


def _num(value: Optional[float]) -> Optional[float]:
    """JSON has no inf/nan: an undefined value becomes null."""
    return None if value is None or not math.isfinite(value) else float(value)


@dataclass(frozen=True)
class RiskSummary:
    """Summaries of one per-record risk over the n records.

    ``expected_reidentifications`` = sum of the records' risks (the expected number of correct
    re-identifications), ``expected_share`` = that / n; ``above_thresholds`` = (x, records with
    risk > x) for each threshold x.
    """

    mean: float
    maximum: float
    expected_reidentifications: float
    expected_share: float
    above_thresholds: tuple[tuple[float, int], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"mean": self.mean, "maximum": self.maximum,
                "expected_reidentifications": self.expected_reidentifications,
                "expected_share": self.expected_share,
                "above_thresholds": [{"threshold": x, "records": count} for x, count in self.above_thresholds]}


@dataclass(frozen=True)
class RiskBins:
    """Records by risk: ``counts[i]`` records have risk in (edges[i], edges[i+1]] (the first
    bin includes its lower edge); edges grow roughly by powers of ten for a log-scale plot."""

    edges: tuple[float, ...]
    counts: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"edges": list(self.edges), "counts": list(self.counts)}


@dataclass(frozen=True)
class PopulationUniqueness:
    """Population uniques estimated from the sample (ARX's risk analysis).

    Shares are of the population's records: the estimated number of population uniques over
    the population size N = n / ``sampling_fraction``. ``zayatz``, ``pitman`` and ``snb`` are
    None when the model does not apply (e.g. Pitman's when its likelihood has no finite
    maximum); ``dankar_model`` names the model the Dankar et al. (2012) rule picks and
    ``dankar_estimate`` its value. ``sampling_fraction_source``: "given", "weights" (n / sum of
    the weights) or "population" (no weight: the file is the population, fraction 1).
    """

    sample_uniques: int
    sample_unique_share: float
    sampling_fraction: float
    sampling_fraction_source: str
    population_size: float
    zayatz: Optional[float]
    pitman: Optional[float]
    snb: Optional[float]
    dankar_model: Optional[str]
    dankar_estimate: Optional[float]

    def to_dict(self) -> dict[str, Any]:
        return {"sample_uniques": self.sample_uniques, "sample_unique_share": self.sample_unique_share,
                "sampling_fraction": self.sampling_fraction,
                "sampling_fraction_source": self.sampling_fraction_source,
                "population_size": self.population_size, "zayatz": _num(self.zayatz),
                "pitman": _num(self.pitman), "snb": _num(self.snb), "dankar_model": self.dankar_model,
                "dankar_estimate": _num(self.dankar_estimate)}


@dataclass(frozen=True)
class SudaContribution:
    """One key variable's share of the total SUDA score: ``score`` = sum over the MSUs that
    contain it of their score contributions, ``share`` = score / total score (0 when no MSU)."""

    variable: str
    score: float
    share: float

    def to_dict(self) -> dict[str, Any]:
        return {"variable": self.variable, "score": self.score, "share": self.share}


@dataclass(frozen=True)
class SudaSummary:
    """Special uniques over every subset of at most ``max_size`` key variables.

    ``variant`` names the published scoring implemented; ``special_uniques`` = records with at
    least one MSU; ``msus_by_size`` = (size, number of MSUs of that size); ``dis_bands`` =
    (low, high, records with DIS-SUDA score in (low, high]) with a first band (0, 0] for the
    records scoring 0.
    """

    variant: str
    max_size: int
    dis_fraction: float
    special_uniques: int
    msus_by_size: tuple[tuple[int, int], ...]
    total_score: float
    mean_score: float
    max_score: float
    mean_dis_score: float
    max_dis_score: float
    dis_bands: tuple[tuple[float, float, int], ...]
    contributions: tuple[SudaContribution, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"variant": self.variant, "max_size": self.max_size, "dis_fraction": self.dis_fraction,
                "special_uniques": self.special_uniques,
                "msus_by_size": [{"size": s, "msus": c} for s, c in self.msus_by_size],
                "total_score": self.total_score, "mean_score": self.mean_score, "max_score": self.max_score,
                "mean_dis_score": self.mean_dis_score, "max_dis_score": self.max_dis_score,
                "dis_bands": [{"low": lo, "high": hi, "records": c} for lo, hi, c in self.dis_bands],
                "contributions": [c.to_dict() for c in self.contributions]}


@dataclass(frozen=True)
class SudaRecords:
    """Per record, in file order: number of MSUs, size of the smallest (0: none), SUDA score
    and DIS-SUDA score (0 for records that are not special uniques)."""

    msu_count: np.ndarray
    msu_min_size: np.ndarray
    score: np.ndarray
    dis_score: np.ndarray


@dataclass(frozen=True)
class SubsetExpected:
    """Expected re-identifications (sum of the individual risks) with ``qids`` as the key."""

    qids: tuple[str, ...]
    expected_reidentifications: float
    expected_share: float
    maximum: float

    def to_dict(self) -> dict[str, Any]:
        return {"qids": list(self.qids), "size": len(self.qids),
                "expected_reidentifications": self.expected_reidentifications,
                "expected_share": self.expected_share, "maximum": self.maximum}


@dataclass(frozen=True)
class SampleRisk:
    """The sample-file measures for the key ``key`` (the full QID set).

    ``population_estimate`` = sum of the weights (without a weight: n / the sampling fraction
    given, else n). ``individual`` summarises
    the Benedetti-Franconi individual risk, ``household_summary`` the household risk (with a
    household id; ``households`` of them). ``expected_by_size``: per subset size, the subset
    with the most expected re-identifications. Per-record arrays (file order) are kept for the
    CSV tables and plots but not written to results.json.
    """

    key: tuple[str, ...]
    weight: Optional[str]
    household: Optional[str]
    rows: int
    population_estimate: float
    missing: str
    individual: RiskSummary
    individual_bins: RiskBins
    population_uniqueness: PopulationUniqueness
    household_summary: Optional[RiskSummary] = None
    households: Optional[int] = None
    suda: Optional[SudaSummary] = None
    expected_by_size: tuple[SubsetExpected, ...] = ()
    individual_risk: np.ndarray = field(default_factory=lambda: np.zeros(0), compare=False, repr=False)
    household_risk: Optional[np.ndarray] = field(default=None, compare=False, repr=False)
    suda_records: Optional[SudaRecords] = field(default=None, compare=False, repr=False)
    warnings: tuple[str, ...] = field(default=(), compare=False)

    @property
    def design(self) -> str:
        """What a record stands for: "weight" (its sampling weight), "fraction" (no weight: 1 / the
        sampling fraction given, a simple random sample's design weight) or "population" (itself)."""
        if self.weight:
            return "weight"
        return "fraction" if self.population_estimate > self.rows else "population"

    def to_dict(self) -> dict[str, Any]:
        return {"key": list(self.key), "weight": self.weight, "household": self.household, "rows": self.rows,
                "population_estimate": self.population_estimate, "missing": self.missing,
                "individual": self.individual.to_dict(), "individual_bins": self.individual_bins.to_dict(),
                "household_risk": None if self.household_summary is None else
                {"households": self.households, **self.household_summary.to_dict()},
                "population_uniqueness": self.population_uniqueness.to_dict(),
                "suda": None if self.suda is None else self.suda.to_dict(),
                "expected_by_size": [s.to_dict() for s in self.expected_by_size]}
