"""Words and number formats shown to the analyst: one place for labels and tooltips.

The tables below hold English source texts (marked for the catalogue); reading an entry gives
it in the window's language (gui/i18n.py), and numbers use the locale's separators."""

from __future__ import annotations

import math
import re
from typing import Iterable, Iterator, Mapping, Optional, Sequence

from PySide6.QtCore import QT_TRANSLATE_NOOP

from engine.api import printable
from engine.api import FORMATS
from engine.api import localize, percent
from engine.api import points as signed_points

from .i18n import current_language, translate


class Translated(Mapping[str, str]):
    """A read-only table of English texts whose values come out in the window's language."""

    def __init__(self, context: str, entries: dict[str, str]) -> None:
        self.context = context
        self.source = entries

    def __getitem__(self, key: str) -> str:
        return translate(self.context, self.source[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self.source)

    def __len__(self) -> int:
        return len(self.source)


def local_digits(text: str) -> str:
    """A number written by Python with the window language's separators."""
    return localize(text, current_language())


def decimal_comma() -> bool:
    """Whether the window's language writes 0,5 (then ';' separates the numbers of a list)."""
    return local_digits(".") == ","


def exact_text(value: float) -> str:
    """``value`` with the fewest significant digits (at least 6, as ``g``) that read back as the
    same float: ``0.05``, ``1``, ``1.0986122886681098`` (ln 3)."""
    for digits in range(6, 17):
        text = format(value, f".{digits}g")
        if float(text) == value:
            return text
    return format(value, ".17g")


def number_list(values: Iterable[float]) -> str:
    """Numbers as a list field shows them, each exactly (:func:`exact_text`): ``0.405, 1.099`` in
    English, ``0,405; 1,099`` in pt_BR; read back by :func:`number_items` and :func:`parse_number`."""
    return ("; " if decimal_comma() else ", ").join(local_digits(exact_text(value)) for value in values)


def number_items(text: str) -> list[str]:
    """The numbers of a typed list, in the window's language: separated by ';', spaces or ','; with a
    decimal comma a ',' between two digits is the decimal sign (``0,5; 1,5`` and ``0,5, 1,5``)."""
    separators = r"[;\s]+|,(?!\d)|(?<!\d)," if decimal_comma() else r"[,;\s]+"
    return [item for item in re.split(separators, text.strip()) if item]


def parse_number(item: str) -> float:
    """One typed number: the window language's decimal sign or a point (ValueError otherwise)."""
    return float(item.replace(",", ".") if decimal_comma() else item)


ROLE_KEYS = ("identifiers", "quasi_identifiers", "numeric_qids", "sensitive", "linkage_keys", "weight",
             "household", "ignored")
SINGLE_ROLES = ("weight", "household")  # at most one column each
ROLE_LABELS = Translated("text", {
    "identifiers": QT_TRANSLATE_NOOP("text", "Identifier (excluded)"),
    "quasi_identifiers": QT_TRANSLATE_NOOP("text", "Quasi-identifier"),
    "numeric_qids": QT_TRANSLATE_NOOP("text", "Numeric QID"),
    "sensitive": QT_TRANSLATE_NOOP("text", "Sensitive"),
    "linkage_keys": QT_TRANSLATE_NOOP("text", "Linkage key"),
    "weight": QT_TRANSLATE_NOOP("text", "Sampling weight"),
    "household": QT_TRANSLATE_NOOP("text", "Household / cluster"),
    "ignored": QT_TRANSLATE_NOOP("text", "Ignored"),
})
ROLE_TIPS = Translated(
    "text",
    {
        "identifiers": QT_TRANSLATE_NOOP(
            "text", "A direct identifier (name, ID number): it must not be released; it is left out of every attack."
        ),
        "quasi_identifiers": QT_TRANSLATE_NOOP(
            "text",
            "Something an attacker could know about a person from elsewhere "
            "(birth date, sex, municipality): the attacks combine these.",
        ),
        "numeric_qids": QT_TRANSLATE_NOOP(
            "text",
            "A number an attacker knows approximately (income, expenditure, area): assessed by linking records on "
            "the nearest values, by interval disclosure and for outliers; protected by microaggregation, noise, "
            "rank swapping or rounding.",
        ),
        "sensitive": QT_TRANSLATE_NOOP("text", "What the attacker wants to learn about a person (health, benefits)."),
        "linkage_keys": QT_TRANSLATE_NOOP(
            "text", "A persistent ID that links the same person across releases (used by the over-time analysis)."
        ),
        "weight": QT_TRANSLATE_NOOP(
            "text",
            "The survey's sampling weight (how many people of the population each record stands for; numeric, "
            "above 0). With a weight the file is treated as a sample: the risk is estimated for the population.",
        ),
        "household": QT_TRANSLATE_NOOP(
            "text",
            "The household or cluster id: the risk that someone in a household is re-identified is reported "
            "for every member.",
        ),
        "ignored": QT_TRANSLATE_NOOP("text", "Not used by the analysis."),
    },
)

MODEL_TIPS = Translated(
    "text",
    {
        "k": QT_TRANSLATE_NOOP(
            "text",
            "k: the size of the smallest group of people who share these attributes. k = 1 means someone is unique.",
        ),
        "alpha": QT_TRANSLATE_NOOP(
            "text",
            "alpha: the largest share any one sensitive value takes within a group. "
            "1 means some group all has the same value.",
        ),
        "l": QT_TRANSLATE_NOOP(
            "text", "l (distinct): the smallest number of different sensitive values found in a group."
        ),
        "entropy_l": QT_TRANSLATE_NOOP(
            "text",
            "entropy l: how evenly the sensitive values are spread in the least varied "
            "group, as an equivalent number of equally common values.",
        ),
        "c_l": QT_TRANSLATE_NOOP(
            "text",
            "recursive (c,l): the most common value in every group is less than c times the "
            "combined count of the values from the l-th most common on. Set l here.",
        ),
        "t": QT_TRANSLATE_NOOP(
            "text",
            "t: how far the sensitive values of the most unusual group are from those of the whole "
            "table (0 = the same mix everywhere).",
        ),
        "beta_basic": QT_TRANSLATE_NOOP(
            "text",
            "basic beta: the largest relative increase of a sensitive value's share in a "
            "group over its share in the whole table.",
        ),
        "beta_enhanced": QT_TRANSLATE_NOOP(
            "text", "enhanced beta: a version of beta that limits the increase for rare values more strictly."
        ),
        "delta": QT_TRANSLATE_NOOP(
            "text", "delta: the largest (log) ratio between a value's share in a group and in the whole table."
        ),
        "beta": QT_TRANSLATE_NOOP("text", "target beta: count groups whose basic beta is above this."),
    },
)

TIPS = Translated(
    "text",
    {
        "reid_det": QT_TRANSLATE_NOOP(
            "text",
            "Share of people who are unique on these attributes: an attacker who knows "
            "them singles these people out with certainty.",
        ),
        "reid_det_count": QT_TRANSLATE_NOOP("text", "Number of people who are unique on these attributes."),
        "reid_prob": QT_TRANSLATE_NOOP(
            "text",
            "Expected share of people an attacker re-identifies by picking one record at "
            "random among those that share the person's attributes (= groups / people).",
        ),
        "reid_prob_count": QT_TRANSLATE_NOOP(
            "text", "Expected number of people re-identified (= number of groups of records with equal values)."
        ),
        "inf_det": QT_TRANSLATE_NOOP(
            "text",
            "Share of people whose sensitive value is learned with certainty: everyone "
            "sharing their attributes has the same sensitive value.",
        ),
        "inf_det_count": QT_TRANSLATE_NOOP("text", "Number of people whose sensitive value is learned with certainty."),
        "inf_prob": QT_TRANSLATE_NOOP(
            "text",
            "Expected share of people whose sensitive value the attacker guesses right by "
            "picking the most common value among those sharing their attributes.",
        ),
        "inf_prob_count": QT_TRANSLATE_NOOP(
            "text", "Expected number of people whose sensitive value is guessed right."
        ),
        "reid_det_sample": QT_TRANSLATE_NOOP(
            "text",
            "Share of records alone in the sample on these attributes. The file is a sample: a record unique in "
            "the sample need not be unique in the population (see the Sample file tab for the population "
            "measures).",
        ),
        "reid_det_count_sample": QT_TRANSLATE_NOOP("text", "Number of records unique in the sample on these "
                                                           "attributes."),
        "reid_prob_sample": QT_TRANSLATE_NOOP(
            "text",
            "Mean of 1 / (records of the sample sharing the attributes): the chance of picking the right record "
            "if the sample were the whole population; the Sample file tab estimates it for the population.",
        ),
        "reid_prob_count_sample": QT_TRANSLATE_NOOP(
            "text", "Number of groups of records with equal values in the sample."
        ),
        "inf_det_sample": QT_TRANSLATE_NOOP(
            "text",
            "Share of records whose sensitive value is the same for everyone in their sample block; people of "
            "the population outside the sample may have another value.",
        ),
        "inf_det_count_sample": QT_TRANSLATE_NOOP(
            "text", "Number of records whose sensitive value is the same for everyone in their sample block."
        ),
        "inf_prob_sample": QT_TRANSLATE_NOOP(
            "text",
            "Share of the sample's records whose sensitive value is the most common one among the sample's "
            "records sharing their attributes.",
        ),
        "inf_prob_count_sample": QT_TRANSLATE_NOOP(
            "text", "Number of the sample's records whose sensitive value is guessed right that way."
        ),
        "deg_det": QT_TRANSLATE_NOOP(
            "text",
            "Gain over an attacker who knows none of these attributes: posterior minus prior, in percentage points.",
        ),
        "deg_prob": QT_TRANSLATE_NOOP(
            "text",
            "Gain over an attacker who knows none of these attributes: posterior divided "
            "by prior (x10 means ten times more successful).",
        ),
        "prior": QT_TRANSLATE_NOOP("text", "Success of an attacker who knows none of the quasi-identifiers."),
        "size": QT_TRANSLATE_NOOP("text", "Number of attributes the attacker knows."),
        "qids": QT_TRANSLATE_NOOP(
            "text", "The attributes the attacker knows (the subset with the highest success for this size)."
        ),
        "histogram": QT_TRANSLATE_NOOP(
            "text",
            "How many people have each level of risk when the attacker knows the "
            "worst subset of this size: risk 1 means the attacker is sure.",
        ),
        "target_reid": QT_TRANSLATE_NOOP(
            "text",
            "Chance of picking this person's record among the records with the same "
            "values (1 = the person is unique).",
        ),
    },
)


def pct(value: Optional[float], digits: int = 1) -> str:
    """A share as a percentage in the one format of the window and the reports
    (:func:`engine.foundation.locale_format.percent`: never 100% for a partial share, never 0% for a
    non-zero one)."""
    return percent(value, digits, current_language(), translate("text", "n/a"))


def count(value: Optional[float]) -> str:
    if value is None:
        return translate("text", "n/a")
    if float(value).is_integer():
        return local_digits(f"{int(value):,}")
    return local_digits(f"{value:,.1f}")


def ratio(value: Optional[float]) -> str:
    if value is None or not math.isfinite(value):
        return translate("text", "n/a")
    if value < 10:
        return local_digits(f"x{value:.3f}")
    return local_digits(f"x{value:,.1f}" if value < 100 else f"x{value:,.0f}")


def points(value: Optional[float], *terms: float) -> str:
    """A difference of shares in percentage points, with the decimals of its ``terms``
    (:func:`engine.foundation.locale_format.points`)."""
    if value is None:
        return translate("text", "n/a")
    return translate("text", "{0} pp").format(signed_points(value, *terms, language=current_language()))


def duration(seconds: Optional[float]) -> str:
    if seconds is None or not math.isfinite(seconds):
        return translate("text", "unknown")
    seconds = max(0.0, seconds)
    if seconds < 1:
        return translate("text", "under 1 s")
    if seconds < 90:
        return f"{seconds:.0f} s"
    minutes, sec = divmod(int(round(seconds)), 60)
    if minutes < 90:
        return f"{minutes} min {sec:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


def duration_range(low: Optional[float], high: Optional[float]) -> str:
    """A run time known only between ``low`` and ``high`` seconds: "3-8 s", "up to 5 s" when the
    low end is under a second, one :func:`duration` when both read the same."""
    if low is None or high is None or not math.isfinite(low) or duration(low) == duration(high) or low >= high:
        return duration(high)
    if low < 1:
        return translate("text", "up to {0}").format(duration(high))
    if high < 90:
        return f"{low:.0f}–{high:.0f} s"
    return translate("text", "{low} to {high}").format(low=duration(low), high=duration(high))


def size_bytes(value: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if value < 1024 or unit == "GB":
            return local_digits(f"{value:,.0f} {unit}" if unit == "B" else f"{value:,.1f} {unit}")
        value /= 1024
    return local_digits(f"{value:,.1f} GB")


def data_filter() -> str:
    """The file dialogs' filter of the data formats the program reads, in the window's language."""
    patterns = " ".join(f"*{ext}" for ext in sorted(FORMATS))
    return translate("text", "Data files ({patterns});;All files (*)").format(patterns=patterns)


def hierarchy_filter() -> str:
    """The file dialogs' filter of hierarchy files (ARX CSV), in the window's language."""
    return translate("text", "Hierarchy (*.csv *.txt);;All files (*)")


def query_label(sensitive: str, useful: str, predicate: Sequence[str]) -> str:
    """A counting query in the window's language, as the engine's ``DPScenario.label`` writes it in
    English: ``count income ∈ {medium}; secret income``."""
    values = ", ".join(printable(v) if v != "" else translate("text", "(missing)") for v in predicate)
    return translate("text", "count {useful} ∈ {{{values}}}; secret {sensitive}").format(
        useful=printable(useful), values=values, sensitive=printable(sensitive))


def qid_text(qids: tuple[str, ...]) -> str:
    return " + ".join(qids)
