"""Words shown on the synthetic-data page: attack names and tips, distances, threshold
criteria, shadow generators and the run's stage names."""

from __future__ import annotations

from engine.synthetic.config import ATTACK_NAMES

ATTACK_LABELS = ATTACK_NAMES
ATTACK_TIPS = {
    "closest-mia": "Was this person's real record used to make the synthetic file? The attack says "
                   "yes when a synthetic record lies very close to the person's record (an exact "
                   "copy is the closest there is).",
    "closest-aia": "Knowing a person's quasi-identifiers, guess their sensitive value: the value "
                   "that brings the person's record closest to some synthetic record.",
    "neighbourhood-mia": "Was this person's record used? The attack says yes when many synthetic "
                         "records lie within the radius around the person's record.",
    "neighbourhood-aia": "Guess a person's sensitive value as the one most common among the "
                         "synthetic records within the radius around their quasi-identifiers.",
    "cap": "Correct attribution probability (Elliot 2015): among the synthetic records that match a "
           "person on the quasi-identifiers, the share that holds the person's sensitive value.",
    "groundhog": "Shadow modelling (Stadler et al. 2022): many stand-in synthetic files are made with "
                 "and without a target by a simple generator, and a classifier learns to tell them "
                 "apart. It measures whether such a generator leaks, not this one file. Slow.",
}
DISTANCE_LABELS = {
    "mixed": "mixed: numbers scaled by their range, categories by mismatch",
    "hamming": "Hamming: number of columns that differ",
    "l1": "L1: sum of absolute differences",
    "l2": "L2: straight-line (Euclidean) distance",
}
CRITERIA = (("accuracy", "highest accuracy"), ("tp", "true-positive rate at least"),
            ("fp", "false-positive rate at most"), ("threshold", "fixed threshold"))
CRITERION_DEFAULTS = {"tp": 0.5, "fp": 0.01, "threshold": -0.5}
GENERATOR_LABELS = {"marginals": "independent marginals", "copy-perturb": "copy and perturb"}
STAGE_LABELS = {"loading": "Reading the three files", "nearest": "Nearest synthetic records",
                "neighbourhood": "Synthetic records in the neighbourhood",
                "cap": "Correct attribution probability", "groundhog": "Shadow modelling (Groundhog)"}


def attack_label(name: str) -> str:
    return ATTACK_LABELS.get(name, name)
