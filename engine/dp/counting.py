r"""Privacy loss and utility of a noisy counting query (Nunes 2021, ch. 6, Defs 26-33).

Setting (Def. 26): a table :math:`D` of :math:`N` records, a sensitive attribute
:math:`a_s`, a useful attribute :math:`a_u` with a predicate :math:`q` (here: "the value is
one of the predicate values"). A new record :math:`x^*` is drawn from the empirical
distribution of :math:`D`, :math:`\pi(s, u) = |\{x \in D: x[a_s]=s, x[a_u]=u\}| / N`, and a
mechanism reports a noisy count of :math:`q` on :math:`D + x^*`. The attacker knows
:math:`D` and wants :math:`x^*[a_s]`; the analyst wants the real count
:math:`c + [x^*[a_u] \in q]`, :math:`c` being the count on :math:`D`.

Since :math:`D` is known, the output depends on :math:`x^*` only through whether it is
counted, so with :math:`f_{out}, f_{in}` the output distributions when :math:`x^*` is not /
is counted, and :math:`w^{out}_s, w^{in}_s` the joint probabilities of :math:`x^*[a_s] = s`
and (not) being counted,

.. math::

    V_{post} = \sum_z \max_s \big(w^{out}_s f_{out}(z) + w^{in}_s f_{in}(z)\big), \quad
    \text{privacy loss} = V_{post} / \max_s \pi(s)  \quad\text{(Defs 31-33)},

and the utility is the same posterior Bayes vulnerability with the real count (two values)
as the secret. Oblivious mechanism: :math:`f_{out}, f_{in}` are rows :math:`c` and
:math:`c+1` of the truncated geometric channel over :math:`\{0..N+1\}`, and :math:`x^*` is
counted iff :math:`x^*[a_u] \in q`. Local mechanism: :math:`f_{out}` is the distribution of
the perturbed count of :math:`D` (a convolution of one Binomial(:math:`n_v, p_v`) per value,
eq. 6.11), :math:`f_{in}` the same shifted by one, and :math:`x^*` with value :math:`u` is
counted with probability :math:`p_u`.

Records are grouped by (useful, sensitive) value, so the cost depends on the number of
distinct combinations and of values, not on the number of rows.
"""

from __future__ import annotations

from dataclasses import dataclass
import numpy as np

from ..analysis.config import no_column
from ..foundation.i18n import N_
from ..io.encode import EncodedColumn, EncodedTable
from ..foundation.messages import message
from ..analysis.validation import ConfigProblem, Problem, not_one_of
from .config import DPScenario
from .mechanisms import (binomial_sum_distribution, geometric_alpha, local_inside_probabilities,
                         truncated_geometric_row)
from .results import CountingPoint
from .vulnerability import multiplicative_leakage, prior_bayes_vulnerability, two_output_posterior_vulnerability

ORDERED_KINDS = ("integer", "float", "boolean", "date/time")
MAX_DENSE_PAIRS = 1 << 24


@dataclass(frozen=True)
class CountingInputs:
    """A scenario reduced to what the analysis needs.

    ``useful_labels[v]`` is the useful value at position ``v`` of the ordered domain,
    ``inside[v]`` whether it satisfies the predicate, ``value_sizes[v]`` its number of
    records; ``pair_useful``/``pair_sensitive``/``pair_counts`` list the distinct
    (useful position, sensitive code) combinations and their numbers of records.
    """

    scenario: DPScenario
    n_records: int
    useful_labels: tuple[str, ...]
    inside: np.ndarray
    value_sizes: np.ndarray
    n_secrets: int
    pair_useful: np.ndarray
    pair_sensitive: np.ndarray
    pair_counts: np.ndarray

    @property
    def true_count(self) -> int:
        """The count :math:`c` of the predicate on :math:`D`."""
        return int(self.value_sizes[self.inside].sum())

    @property
    def secret_prior(self) -> np.ndarray:
        r""":math:`\pi(s)`, the empirical distribution of the sensitive attribute."""
        return np.bincount(self.pair_sensitive, weights=self.pair_counts,
                           minlength=self.n_secrets) / self.n_records

    @property
    def inside_share(self) -> float:
        r""":math:`P(x^*[a_u] \in q) = c / N`."""
        return self.true_count / self.n_records


@dataclass(frozen=True)
class CountingMeasures:
    """Prior/posterior vulnerability of the secret and of the real count at one epsilon."""

    prior_vulnerability: float
    posterior_vulnerability: float
    count_prior_vulnerability: float
    utility: float

    @property
    def privacy_loss(self) -> float:
        return multiplicative_leakage(self.posterior_vulnerability, self.prior_vulnerability)


# --- from a table to CountingInputs ------------------------------------------------------------

def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _values_list(column: EncodedColumn, limit: int = 8) -> str:
    texts = [column.label_text(c) if c != column.missing_code else "(missing)" for c in range(column.cardinality)]
    more = f", ... ({len(texts)} values)" if len(texts) > limit else ""
    return ", ".join(texts[:limit]) + more


def default_useful_order(column: EncodedColumn) -> np.ndarray:
    """Codes of the useful column in domain order: numeric (or chronological) order when the
    column holds numbers (or text that all reads as numbers), else order of first appearance.
    A missing value comes last in numeric order and where it first appears otherwise."""
    codes = np.arange(column.cardinality)
    if column.kind in ORDERED_KINDS:
        return codes  # codes index the values sorted ascending, missing last
    present = [c for c in codes if c != column.missing_code]
    texts = [column.label_text(c) for c in present]
    if texts and all(_is_number(t) for t in texts):
        ordered = [c for _, c in sorted(zip((float(t) for t in texts), present))]
        if column.missing_code is not None:
            ordered.append(column.missing_code)
        return np.asarray(ordered, dtype=np.int64)
    values, first = np.unique(column.codes, return_index=True)
    return values[np.argsort(first)].astype(np.int64)


def _absent(field: str, text: str, column: EncodedColumn) -> ConfigProblem:
    return ConfigProblem(Problem.about(field, message(N_("value {value!r} does not occur in column {column!r} "
                                                         "(values: {values})"), value=text, column=column.name,
                                                      values=_values_list(column))))


def given_useful_order(column: EncodedColumn, order: tuple[str, ...],
                       field: str = "scenario.useful_order") -> np.ndarray:
    """Codes in the order the analyst gave (as text); every value must appear once, except the
    missing value, which goes last when not named (an empty item names it). A fault is a
    :class:`ConfigProblem` on ``field``."""
    codes = []
    for text in order:
        code = column.find_code(text)
        if code is None:
            raise _absent(field, text, column)
        if code in codes:
            raise ConfigProblem(Problem.about(field, message(N_("value {value!r} of column {column!r} is given twice"),
                                                             value=text, column=column.name)))
        codes.append(code)
    for code in range(column.cardinality):
        if code not in codes:
            if code == column.missing_code:
                codes.append(code)
                continue
            raise ConfigProblem(Problem.about(field, message(N_(
                "does not cover the domain of column {column!r}: value {value!r} is missing from the order"),
                column=column.name, value=column.label_text(code))))
    return np.asarray(codes, dtype=np.int64)


def prepare_counting(table: EncodedTable, scenario: DPScenario, prefix: str = "scenario.") -> CountingInputs:
    """Group the table's records by (useful, sensitive) value for one scenario.

    Raises :class:`ConfigProblem` on the scenario's field (``prefix`` + name) when a column is
    absent, a predicate or order value does not occur in the useful column, or the order does
    not cover its domain.
    """
    for name in ("useful", "sensitive"):
        if getattr(scenario, name) not in table.columns:
            raise ConfigProblem(Problem.about(prefix + name, no_column(table.name, list(table.columns),
                                                                       getattr(scenario, name))))
    useful = table[scenario.useful]
    sensitive = table[scenario.sensitive]
    order = (given_useful_order(useful, scenario.useful_order, prefix + "useful_order") if scenario.useful_order
             else default_useful_order(useful))
    position = np.empty(useful.cardinality, dtype=np.int64)
    position[order] = np.arange(len(order))
    inside = np.zeros(len(order), dtype=bool)
    for text in scenario.predicate:
        code = useful.find_code(text)
        if code is None:
            raise _absent(prefix + "predicate", text, useful)
        inside[position[code]] = True
    u = position[useful.codes.astype(np.int64)]
    s = sensitive.codes.astype(np.int64)
    n_secrets = sensitive.cardinality
    cells = len(order) * n_secrets
    if cells <= MAX_DENSE_PAIRS:
        counts = np.bincount(u * n_secrets + s, minlength=cells)
        keys = np.flatnonzero(counts)
        counts = counts[keys]
    else:
        keys, counts = np.unique(u * n_secrets + s, return_counts=True)
    pair_useful, pair_sensitive = np.divmod(keys, n_secrets)
    return CountingInputs(
        scenario=scenario, n_records=table.n_rows,
        useful_labels=tuple(useful.label_text(c) for c in order),
        inside=inside, value_sizes=np.bincount(u, minlength=len(order)),
        n_secrets=n_secrets, pair_useful=pair_useful, pair_sensitive=pair_sensitive,
        pair_counts=counts.astype(float))


# --- the two mechanisms -----------------------------------------------------------------------

def _secret_weights(inputs: CountingInputs, counted: np.ndarray) -> np.ndarray:
    r"""Per secret :math:`s`: :math:`(P(s, \text{not counted}), P(s, \text{counted}))`, where
    ``counted[v]`` is the probability that a new record with useful value :math:`v` is counted."""
    share = inputs.pair_counts / inputs.n_records
    p = counted[inputs.pair_useful]
    w_in = np.bincount(inputs.pair_sensitive, weights=share * p, minlength=inputs.n_secrets)
    w_out = np.bincount(inputs.pair_sensitive, weights=share * (1.0 - p), minlength=inputs.n_secrets)
    return np.column_stack([w_out, w_in])


def _count_weights(inputs: CountingInputs, counted: np.ndarray) -> np.ndarray:
    """The same weights with the real count as the secret: x* in the predicate or not."""
    share = inputs.value_sizes / inputs.n_records
    rows = []
    for side in (~inputs.inside, inputs.inside):
        rows.append(((share[side] * (1.0 - counted[side])).sum(), (share[side] * counted[side]).sum()))
    return np.asarray(rows)


def _measures(inputs: CountingInputs, counted: np.ndarray, outside: np.ndarray,
              inside: np.ndarray) -> CountingMeasures:
    prior = prior_bayes_vulnerability(inputs.secret_prior)
    posterior = two_output_posterior_vulnerability(_secret_weights(inputs, counted), outside, inside)
    share_in = inputs.inside_share
    return CountingMeasures(
        prior_vulnerability=prior, posterior_vulnerability=posterior,
        count_prior_vulnerability=max(share_in, 1.0 - share_in),
        utility=two_output_posterior_vulnerability(_count_weights(inputs, counted), outside, inside))


def oblivious_measures(inputs: CountingInputs, epsilon: float) -> CountingMeasures:
    r"""Oblivious (central) mechanism: the truncated geometric mechanism,
    :math:`\alpha = e^{-\varepsilon}`, on the real count of :math:`D + x^*` over
    :math:`\{0..N+1\}` (Def. 29). :math:`x^*` is counted iff its useful value is in the
    predicate; the real count is :math:`c` or :math:`c+1`.
    """
    alpha = geometric_alpha(epsilon)
    top = inputs.n_records + 1
    c = inputs.true_count
    outside = truncated_geometric_row(c, top, alpha)
    inside = truncated_geometric_row(c + 1, top, alpha)
    return _measures(inputs, inputs.inside.astype(float), outside, inside)


def local_measures(inputs: CountingInputs, epsilon: float) -> CountingMeasures:
    r"""Local mechanism: every record's useful value goes through the truncated geometric
    mechanism over the ordered domain; the reported count of :math:`D + x^*` is
    Poisson-binomial (eq. 6.11). :math:`f_{out}` is the perturbed count of :math:`D`,
    :math:`f_{in}` the same shifted by one, and a new record with value :math:`u` is counted
    with probability :math:`p_u`.
    """
    alpha = geometric_alpha(epsilon)
    counted = local_inside_probabilities(inputs.inside, alpha)
    base = binomial_sum_distribution(inputs.value_sizes, counted)
    outside = np.append(base, 0.0)
    inside = np.insert(base, 0, 0.0)
    return _measures(inputs, counted, outside, inside)


MECHANISM_FUNCTIONS = {"oblivious": oblivious_measures, "local": local_measures}


def counting_point(inputs: CountingInputs, mechanism: str, epsilon: float) -> CountingPoint:
    """Evaluate one (scenario, mechanism, epsilon) point."""
    try:
        measure = MECHANISM_FUNCTIONS[mechanism]
    except KeyError:
        raise ConfigProblem(not_one_of("mechanisms", mechanism, MECHANISM_FUNCTIONS)) from None
    m = measure(inputs, float(epsilon))
    scenario = inputs.scenario
    return CountingPoint(scenario=scenario.label(), sensitive=scenario.sensitive, useful=scenario.useful,
                         predicate=scenario.predicate, mechanism=mechanism, epsilon=float(epsilon),
                         privacy_loss=m.privacy_loss, utility=m.utility,
                         prior_vulnerability=m.prior_vulnerability,
                         posterior_vulnerability=m.posterior_vulnerability,
                         count_prior_vulnerability=m.count_prior_vulnerability)


def scenario_warnings(table_name: str, inputs: CountingInputs) -> list[str]:
    """Plain-language notes on scenarios whose answer is trivial."""
    scenario = inputs.scenario
    notes = []
    if inputs.true_count == inputs.n_records:
        notes.append(message(N_("{file}: every record has {useful!r} in {{{values}}}; the real count does not "
                                "depend on the new record (no privacy loss, trivial utility)"),
                             file=table_name, useful=scenario.useful, values=", ".join(scenario.predicate)))
    if inputs.n_secrets == 1:
        notes.append(message(N_("{file}: sensitive attribute {sensitive!r} has one value in every row; it is "
                                "known without any release"), file=table_name, sensitive=scenario.sensitive))
    return notes
