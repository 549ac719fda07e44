"""Words shown on the synthetic-data page: attack names and tips, distances, threshold
criteria, shadow generators and the run's stage names."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

from ...i18n import current_language, translate
from ...text import Translated, local_digits

ATTACK_LABELS = Translated("synthetic.labels", {  # engine/synthetic/config.py ATTACK_NAMES
    "closest-mia": QT_TRANSLATE_NOOP("synthetic.labels", "Closest-distance membership"),
    "closest-aia": QT_TRANSLATE_NOOP("synthetic.labels", "Closest-distance attribute inference"),
    "neighbourhood-mia": QT_TRANSLATE_NOOP("synthetic.labels", "Local-neighbourhood membership"),
    "neighbourhood-aia": QT_TRANSLATE_NOOP("synthetic.labels", "Local-neighbourhood attribute inference"),
    "cap": QT_TRANSLATE_NOOP("synthetic.labels", "Correct attribution probability (CAP)"),
    "groundhog": QT_TRANSLATE_NOOP("synthetic.labels", "Shadow modelling (Groundhog)"),
})
ATTACK_TIPS = Translated(
    "synthetic.labels",
    {
        "closest-mia": QT_TRANSLATE_NOOP(
            "synthetic.labels",
            "Was this person's real record used to make the synthetic file? The attack says "
            "yes when a synthetic record lies very close to the person's record (an exact "
            "copy is the closest there is).",
        ),
        "closest-aia": QT_TRANSLATE_NOOP(
            "synthetic.labels",
            "Knowing a person's quasi-identifiers, guess their sensitive value: the value "
            "that brings the person's record closest to some synthetic record.",
        ),
        "neighbourhood-mia": QT_TRANSLATE_NOOP(
            "synthetic.labels",
            "Was this person's record used? The attack says yes when many synthetic "
            "records lie within the radius around the person's record.",
        ),
        "neighbourhood-aia": QT_TRANSLATE_NOOP(
            "synthetic.labels",
            "Guess a person's sensitive value as the one most common among the "
            "synthetic records within the radius around their quasi-identifiers.",
        ),
        "cap": QT_TRANSLATE_NOOP(
            "synthetic.labels",
            "Correct attribution probability (Elliot 2015): among the synthetic records that match a "
            "person on the quasi-identifiers, the share that holds the person's sensitive value.",
        ),
        "groundhog": QT_TRANSLATE_NOOP(
            "synthetic.labels",
            "Shadow modelling (Stadler et al. 2022): many stand-in synthetic files are made with "
            "and without a target by a simple generator, and a classifier learns to tell them "
            "apart. It measures whether such a generator leaks, not this one file. Slow.",
        ),
    },
)
DISTANCE_LABELS = Translated("synthetic.labels", {
    "mixed": QT_TRANSLATE_NOOP("synthetic.labels", "mixed: numbers scaled by their range, categories by mismatch"),
    "hamming": QT_TRANSLATE_NOOP("synthetic.labels", "Hamming: number of columns that differ"),
    "l1": QT_TRANSLATE_NOOP("synthetic.labels", "L1: sum of absolute differences"),
    "l2": QT_TRANSLATE_NOOP("synthetic.labels", "L2: straight-line (Euclidean) distance"),
})
CRITERIA = (("accuracy", QT_TRANSLATE_NOOP("synthetic.labels", "highest accuracy")),
            ("tp", QT_TRANSLATE_NOOP("synthetic.labels", "true-positive rate at least")),
            ("fp", QT_TRANSLATE_NOOP("synthetic.labels", "false-positive rate at most")),
            ("threshold", QT_TRANSLATE_NOOP("synthetic.labels", "fixed threshold")))
CRITERION_DEFAULTS = {"tp": 0.5, "fp": 0.01, "threshold": -0.5}
GENERATOR_LABELS = Translated(
    "synthetic.labels",
    {
        "marginals": QT_TRANSLATE_NOOP("synthetic.labels", "independent marginals"),
        "copy-perturb": QT_TRANSLATE_NOOP("synthetic.labels", "copy and perturb"),
    },
)
STAGE_LABELS = Translated(
    "synthetic.labels",
    {
        "loading": QT_TRANSLATE_NOOP("synthetic.labels", "Reading the three files"),
        "nearest": QT_TRANSLATE_NOOP("synthetic.labels", "Nearest synthetic records"),
        "neighbourhood": QT_TRANSLATE_NOOP("synthetic.labels", "Synthetic records in the neighbourhood"),
        "cap": QT_TRANSLATE_NOOP("synthetic.labels", "Correct attribution probability"),
        "groundhog": QT_TRANSLATE_NOOP("synthetic.labels", "Shadow modelling (Groundhog)"),
    },
)


CRITERION_WORDS = Translated("synthetic.labels", {
    "accuracy": QT_TRANSLATE_NOOP("synthetic.labels", "accuracy"),
    "tp": QT_TRANSLATE_NOOP("synthetic.labels", "true-positive rate"),
    "fp": QT_TRANSLATE_NOOP("synthetic.labels", "false-positive rate"),
    "threshold": QT_TRANSLATE_NOOP("synthetic.labels", "fixed threshold"),
})


def criterion_text(label: str) -> str:
    """A criterion as the engine writes it (``accuracy``, ``tp:0.5``) in the window's language."""
    if current_language() == "en":
        return label
    kind, _sep, value = label.partition(":")
    word = CRITERION_WORDS.get(kind, kind)
    return f"{word} {local_digits(value)}" if value else word


def criterion_label(text: str) -> str:
    """A criterion's English label from :data:`CRITERIA` in the window's language."""
    return translate("synthetic.labels", text)


def attack_label(name: str) -> str:
    return ATTACK_LABELS.get(name, name)
