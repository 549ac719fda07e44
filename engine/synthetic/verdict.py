r"""The verdict on a synthetic release: does it leak the real records? One function,
:func:`synthetic_verdict`, read by results.json, the PDF and the window (docs/methods.md,
"Synthetic data: the verdict").

Membership (Carlini et al. 2022, "Membership inference attacks from first principles"): at the
threshold whose false-positive rate is at most 0.1% and 1% (records tied at the next threshold,
such as exact copies at distance 0, flagged at random up to that rate), the attack flags k of m
members and f of n non-members. A leak is called when the one-sided Clopper-Pearson lower bound of the
true-positive rate lies above the upper bound of the false-positive rate,

.. math:: L = B^{-1}(a;\ k,\ m-k+1) \;>\; U = B^{-1}(1-a;\ f+1,\ n-f),

with :math:`B^{-1}` the beta quantile (L = 0 when k = 0, U = 1 when f = n) and
:math:`a = 0.05 / (2T)` over the T membership tests (Bonferroni), so that a release made
without the real records is called a leak with probability at most 5%. The same test compares
the members and the non-members that have an identical synthetic record (exact copies: the
closest-distance attack at distance 0, whatever its false-positive rate; on data where many
people share a profile, copies hide among such look-alikes at 0.1% and 1%).

Attribute inference (with a sensitive column and a control file): a leak when the residual
risk's 95% interval lies above 0 **and** the attack's success on the real records is above its
baseline (always guessing the most common value; CAP: the share of each record's value).
Success below the baseline is no evidence, however far it is above the control records'.

Without a control file nothing can be compared with people outside the real file: the leak is
not measured (``ready`` false, ``leak`` false, ``measured`` false).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Sequence

from ..foundation.i18n import N_
from ..foundation.messages import Message, message
from .config import ATTACK_NAMES

FAMILY_ALPHA = 0.05

LEAK = N_("Leak detected")
NO_LEAK = N_("No leak detected by these attacks")
NOT_MEASURED = N_("Leak not measured")


def lower_bound(successes: int, trials: int, alpha: float) -> float:
    """One-sided Clopper-Pearson lower bound of a rate at confidence 1 - ``alpha``.

    >>> round(lower_bound(48, 500, 0.05), 4), lower_bound(0, 500, 0.05)
    (0.0752, 0.0)
    """
    if successes <= 0 or trials <= 0:
        return 0.0
    from scipy.stats import beta   # scipy.stats takes 0.2 s to import: only when a verdict is made

    return float(beta.ppf(alpha, successes, trials - successes + 1))


def upper_bound(successes: int, trials: int, alpha: float) -> float:
    """One-sided Clopper-Pearson upper bound of a rate at confidence 1 - ``alpha``; with no
    successes it is 1 - alpha^(1/n).

    >>> round(upper_bound(0, 500, 0.05), 6) == round(1 - 0.05 ** (1 / 500), 6), upper_bound(3, 3, 0.05)
    (True, 1.0)
    """
    if trials <= 0 or successes >= trials:
        return 1.0
    from scipy.stats import beta

    return float(beta.ppf(1 - alpha, successes + 1, trials - successes))


@dataclass(frozen=True)
class Check:
    """One test: ``passed`` is false when it is evidence of a leak. Membership: ``value`` =
    lower bound of the TPR, ``limit`` = upper bound of the FPR. Attribute: ``value`` = lower end
    of the residual risk's 95% interval, ``limit`` = 0, and a leak also needs ``rate`` above
    ``baseline``."""

    measure: str
    attack: str
    value: float
    limit: float
    passed: bool
    rate: float
    control: float
    baseline: Optional[float] = None

    def to_dict(self) -> dict[str, Any]:
        out = {"measure": self.measure, "value": self.value, "limit": self.limit, "passed": self.passed,
               "attack": self.attack, "rate": self.rate, "control": self.control}
        if self.baseline is not None:
            out["baseline"] = self.baseline
        return out


@dataclass(frozen=True)
class SyntheticVerdict:
    """``leak``: some check is evidence of a leak; ``ready`` = measured and no leak;
    ``reasons``: the evidence, one per leaking attack (a membership attack's exact copies, else
    its lowest failing FPR level; every test is in ``checks``), or why nothing was measured;
    ``notes``: results that look like evidence and are not (success below the baseline)."""

    ready: bool
    leak: bool
    measured: bool
    checks: tuple[Check, ...]
    reasons: tuple[Message, ...]
    notes: tuple[Message, ...] = ()

    @property
    def headline(self) -> str:
        """The verdict's first words (an ``N_`` template: render with ``_``)."""
        return LEAK if self.leak else NO_LEAK if self.measured else NOT_MEASURED

    def to_dict(self) -> dict[str, Any]:
        return {"ready": self.ready, "leak": self.leak, "measured": self.measured,
                "checks": [c.to_dict() for c in self.checks], "reasons": [str(r) for r in self.reasons],
                "notes": [str(n) for n in self.notes], "line": self.headline}


def _name(attack: str) -> Message:
    return message(ATTACK_NAMES.get(attack, attack))


def membership_checks(attacks: Sequence[Any]) -> list[tuple[Check, Any]]:
    """The low-FPR tests of the membership attacks (:class:`~engine.synthetic.results.AttackEvaluation`)
    and the exact-copies test of the closest-distance one, each at a = 0.05 / (2T) per bound,
    with the operating point each tests."""
    points = [(a, p) for a in attacks if a.kind == "membership"
              for p in a.low_fpr + ((a.copies,) if a.copies is not None else ())]
    alpha = FAMILY_ALPHA / (2 * max(len(points), 1))
    out = []
    for a, p in points:
        low = lower_bound(p.true_positives, p.members, alpha)
        high = upper_bound(p.false_positives, p.nonmembers, alpha)
        measure = "exact_copies" if p.level == "copies" else f"tpr_at_fpr_{p.level}"
        out.append((Check(measure, a.attack, low, high, not low > high,
                          p.true_positives / p.members if p.members else 0.0,
                          p.false_positives / p.nonmembers if p.nonmembers else 0.0), p))
    return out


def synthetic_verdict(assessment: Any) -> SyntheticVerdict:
    """The verdict on a :class:`~engine.synthetic.results.SyntheticAssessment` (module docstring).
    Not imported here: the results carry their verdict in results.json."""
    attacks = list(assessment.attacks)
    checks: list[Check] = []
    reasons: list[Message] = []
    notes: list[Message] = []
    explained: set[str] = set()
    tests = membership_checks(attacks)
    checks += [check for check, _ in tests]
    # one reason per attack: its exact copies when they tell, else its lowest level
    for check, p in sorted(tests, key=lambda test: test[1].level != "copies"):
        if not check.passed and check.attack not in explained:
            explained.add(check.attack)
            figures = dict(attack=_name(check.attack), tp=p.true_positives,
                           members=p.members, tpr=100 * check.rate, low=100 * check.value, fp=p.false_positives,
                           nonmembers=p.nonmembers, fpr=100 * check.control, high=100 * check.limit)
            if p.level == "copies":
                reasons.append(message(
                    N_("{attack}: {tp:,} of {members:,} members ({tpr:.3g}%, at least {low:.3g}%) have an identical "
                       "record in the synthetic file, against {fp:,} of {nonmembers:,} non-members ({fpr:.3g}%, at "
                       "most {high:.3g}%): the synthetic file copies real records"), **figures))
            elif p.tied_share is None:
                reasons.append(message(
                    N_("{attack}: at a false-positive rate of at most {level:g}% it flags {tp:,} of {members:,} "
                       "members ({tpr:.3g}%, at least {low:.3g}%) against {fp:,} of {nonmembers:,} non-members "
                       "({fpr:.3g}%, at most {high:.3g}%): it tells members from non-members with 95% confidence"),
                    level=100 * float(p.level), **figures))
            else:
                reasons.append(message(
                    N_("{attack}: at a false-positive rate of at most {level:g}% (flagging at random {share:.3g}% of "
                       "the records tied at its threshold) it flags {tp:,} of {members:,} members ({tpr:.3g}%, at "
                       "least {low:.3g}%) against {fp:,} of {nonmembers:,} non-members ({fpr:.3g}%, at most "
                       "{high:.3g}%): it tells members from non-members with 95% confidence"),
                    level=100 * float(p.level), share=100 * p.tied_share, **figures))
    sensitive = assessment.config.sensitive or ""
    for a in attacks:
        if a.kind != "attribute" or a.ci_low is None or a.control_rate is None:
            continue
        above = a.ci_low > 0
        beats_baseline = a.baseline is None or a.main_rate > a.baseline
        check = Check("residual_risk", a.attack, a.ci_low, 0.0, not (above and beats_baseline), a.main_rate,
                      a.control_rate, a.baseline)
        checks.append(check)
        params = dict(attack=_name(a.attack), sensitive=sensitive, main=100 * a.main_rate,
                      control=100 * a.control_rate, baseline=100 * (a.baseline or 0.0), low=a.ci_low)
        if not check.passed:
            reasons.append(message(
                N_("{attack}: {sensitive} guessed right for {main:.3g}% of real records against {control:.3g}% of "
                   "control records and {baseline:.3g}% by the baseline; residual risk at least {low:.3f} with 95% "
                   "confidence"), **params))
        elif above:
            notes.append(message(
                N_("{attack}: {main:.3g}% guessed right on real records, above the {control:.3g}% on control records "
                   "but below the {baseline:.3g}% baseline (a real record that matches no synthetic record counts as a wrong "
                   "guess): not counted as evidence of a leak"), **params))
    if not checks:
        return SyntheticVerdict(False, False, False, (), (message(
            N_("without a control file (real records not used to make the synthetic file) no attack can be "
               "compared with people outside the real file")),))
    leak = any(not c.passed for c in checks)
    return SyntheticVerdict(not leak, leak, True, tuple(checks), tuple(reasons), tuple(notes))
