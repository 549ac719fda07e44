"""Individual-target attacks (IRS, IAS): the attacker knows one target's QID values."""

from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np

from ..analysis.config import Target
from ..foundation.errors import InputError
from ..formulas import inference as inf
from ..formulas import reidentification as reid
from ..foundation.i18n import N_
from ..io.encode import EncodedColumn
from ..foundation.messages import message
from ..outcome.results import TargetInference, TargetRisk


def target_risk(target: Target, columns: Mapping[str, EncodedColumn],
                sensitive: Sequence[EncodedColumn], n: int, file_name: str) -> TargetRisk:
    """IRS and IAS for ``target`` over the columns it names (docs/methods.md, "Individual target (IRS, IAS)")."""
    mask = np.ones(n, dtype=bool)
    reason = ""
    for column_name, text in target.values:
        column = columns.get(column_name)
        if column is None:
            raise InputError(message(N_("{file}: target {target!r} names no column {column!r}"), file=file_name,
                                     target=target.label(), column=column_name))
        code = column.find_code(text)
        if code is None:
            reason = message(N_("value {value!r} does not occur in column {column!r}"), value=text, column=column_name)
            mask[:] = False
            break
        mask &= column.codes == code
    block_size = int(np.count_nonzero(mask))
    if block_size == 0:
        return no_match(target.values, reason or message(N_("no record has all of these values")), sensitive, n)
    priors = _priors(sensitive)
    prob, det = reid.individual_reid(block_size)
    inferences = []
    for column, (prior_prob, prior_det) in zip(sensitive, priors):
        block_counts = np.bincount(column.codes[mask].astype(np.int64), minlength=column.cardinality)
        post_prob, post_det, best = inf.individual_inference(block_counts)
        inferences.append(TargetInference(column.name, prior_prob, post_prob, prior_det, post_det,
                                          column.label_text(best)))
    return TargetRisk(values=target.values, matched=True, block_size=block_size,
                      prior_prob=reid.prior_reid_prob(n), posterior_prob=prob,
                      prior_det=reid.prior_reid_det(n), posterior_det=det,
                      inference=tuple(inferences))


def _priors(sensitive: Sequence[EncodedColumn]) -> list[tuple[float, float]]:
    """(probabilistic, deterministic) prior of attribute inference for each sensitive column."""
    priors = []
    for column in sensitive:
        counts = np.bincount(column.codes.astype(np.int64), minlength=column.cardinality)
        priors.append((inf.prior_inference_prob(counts), inf.prior_inference_det(counts)))
    return priors


def no_match(values: tuple[tuple[str, str], ...], reason: str, sensitive: Sequence[EncodedColumn],
             n: int) -> TargetRisk:
    """The result of a target no record matches ("no match", with ``reason``): priors only."""
    return TargetRisk(values=values, matched=False, block_size=0,
                      prior_prob=reid.prior_reid_prob(n), posterior_prob=None,
                      prior_det=reid.prior_reid_det(n), posterior_det=None,
                      inference=tuple(TargetInference(c.name, p[0], None, p[1], None, None)
                                      for c, p in zip(sensitive, _priors(sensitive))),
                      reason=reason)
