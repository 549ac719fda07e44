"""Words and number formats shown to the analyst: one place for labels and tooltips."""

from __future__ import annotations

import math
from typing import Optional

ROLE_KEYS = ("identifiers", "quasi_identifiers", "sensitive", "linkage_keys", "weight", "household",
             "ignored")
SINGLE_ROLES = ("weight", "household")  # at most one column each
ROLE_LABELS = {
    "identifiers": "Identifier (excluded)",
    "quasi_identifiers": "Quasi-identifier",
    "sensitive": "Sensitive",
    "linkage_keys": "Linkage key",
    "weight": "Sampling weight",
    "household": "Household / cluster",
    "ignored": "Ignored",
}
ROLE_TIPS = {
    "identifiers": "A direct identifier (name, ID number): it must not be released; it is left "
                   "out of every attack.",
    "quasi_identifiers": "Something an attacker could know about a person from elsewhere "
                         "(birth date, sex, municipality): the attacks combine these.",
    "sensitive": "What the attacker wants to learn about a person (health, benefits).",
    "linkage_keys": "A persistent ID that links the same person across releases "
                    "(used by the over-time analysis).",
    "weight": "The survey's sampling weight (how many people of the population each record "
              "stands for; numeric, above 0). With a weight the file is treated as a sample: "
              "the risk is estimated for the population.",
    "household": "The household or cluster id: the risk that someone in a household is "
                 "re-identified is reported for every member.",
    "ignored": "Not used by the analysis.",
}

MODEL_TIPS = {
    "k": "k: the size of the smallest group of people who share these attributes. "
         "k = 1 means someone is unique.",
    "alpha": "alpha: the largest share any one sensitive value takes within a group. "
             "1 means some group all has the same value.",
    "l": "l (distinct): the smallest number of different sensitive values found in a group.",
    "entropy_l": "entropy l: how evenly the sensitive values are spread in the least varied "
                 "group, as an equivalent number of equally common values.",
    "c_l": "recursive (c,l): the most common value in every group is less than c times the "
           "combined count of the values from the l-th most common on. Set l here.",
    "t": "t: how far the sensitive values of the most unusual group are from those of the whole "
         "table (0 = the same mix everywhere).",
    "beta_basic": "basic beta: the largest relative increase of a sensitive value's share in a "
                  "group over its share in the whole table.",
    "beta_enhanced": "enhanced beta: a version of beta that limits the increase for rare values "
                     "more strictly.",
    "delta": "delta: the largest (log) ratio between a value's share in a group and in the "
             "whole table.",
    "beta": "target beta: count groups whose basic beta is above this.",
}

TIPS = {
    "reid_det": "Share of people who are unique on these attributes: an attacker who knows "
                "them singles these people out with certainty.",
    "reid_det_count": "Number of people who are unique on these attributes.",
    "reid_prob": "Expected share of people an attacker re-identifies by picking one record at "
                 "random among those that share the person's attributes (= groups / people).",
    "reid_prob_count": "Expected number of people re-identified (= number of groups of "
                       "records with equal values).",
    "inf_det": "Share of people whose sensitive value is learned with certainty: everyone "
               "sharing their attributes has the same sensitive value.",
    "inf_det_count": "Number of people whose sensitive value is learned with certainty.",
    "inf_prob": "Expected share of people whose sensitive value the attacker guesses right by "
                "picking the most common value among those sharing their attributes.",
    "inf_prob_count": "Expected number of people whose sensitive value is guessed right.",
    "deg_det": "Gain over an attacker who knows none of these attributes: posterior minus "
               "prior, in percentage points.",
    "deg_prob": "Gain over an attacker who knows none of these attributes: posterior divided "
                "by prior (x10 means ten times more successful).",
    "prior": "Success of an attacker who knows none of the quasi-identifiers.",
    "size": "Number of attributes the attacker knows.",
    "qids": "The attributes the attacker knows (the subset with the highest success for "
            "this size).",
    "histogram": "How many people have each level of risk when the attacker knows the "
                 "worst subset of this size: risk 1 means the attacker is sure.",
    "target_reid": "Chance of picking this person's record among the records with the same "
                   "values (1 = the person is unique).",
}


def pct(value: Optional[float], digits: int = 1) -> str:
    """A share as a percentage; tiny non-zero values keep significant digits."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "n/a"
    share = 100.0 * value
    if share != 0 and abs(share) < 1:
        return f"{share:.2g}%"
    return f"{share:.{digits}f}%"


def count(value: Optional[float]) -> str:
    if value is None:
        return "n/a"
    if float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:,.1f}"


def ratio(value: Optional[float]) -> str:
    if value is None or not math.isfinite(value):
        return "n/a"
    if value < 10:
        return f"x{value:.3f}"
    return f"x{value:,.1f}" if value < 100 else f"x{value:,.0f}"


def points(value: Optional[float]) -> str:
    if value is None:
        return "n/a"
    share = 100.0 * value
    if share != 0 and abs(share) < 1:
        return f"{share:+.2f} pp"
    return f"{share:+.1f} pp"


def duration(seconds: Optional[float]) -> str:
    if seconds is None or not math.isfinite(seconds):
        return "unknown"
    seconds = max(0.0, seconds)
    if seconds < 1:
        return "under 1 s"
    if seconds < 90:
        return f"{seconds:.0f} s"
    minutes, sec = divmod(int(round(seconds)), 60)
    if minutes < 90:
        return f"{minutes} min {sec:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


def size_bytes(value: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if value < 1024 or unit == "GB":
            return f"{value:,.0f} {unit}" if unit == "B" else f"{value:,.1f} {unit}"
        value /= 1024
    return f"{value:,.1f} GB"


def qid_text(qids: tuple[str, ...]) -> str:
    return " + ".join(qids)
