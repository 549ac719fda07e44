"""A ten-record survey whose individual risks are checked by hand (closed forms at f = 1, 2),
shared by the window and report tests of the sample-file measures."""

from __future__ import annotations

import math
from pathlib import Path

# person, age, sex, region, wgt, hh: the key (age, sex) has frequencies 1 and 2 only.
ROWS = [(1, 30, "F", "North", 10, "h1"), (2, 30, "M", "North", 5, "h1"), (3, 30, "M", "South", 15, "h2"),
        (4, 40, "F", "South", 50, "h2"), (5, 40, "M", "North", 20, "h2"), (6, 40, "M", "South", 20, "h3"),
        (7, 50, "F", "North", 2, "h3"), (8, 50, "M", "South", 8, "h4"), (9, 50, "M", "North", 8, "h4"),
        (10, 60, "F", "South", 1, "h5")]


def risk_f1(p: float) -> float:
    """E[1/F | f = 1] = p/(1-p) ln(1/p) (1 when p = 1)."""
    return 1.0 if p >= 1 else p / (1 - p) * math.log(1 / p)


def risk_f2(p: float) -> float:
    """E[1/F | f = 2] = p/(1-p)^2 (p ln p + 1 - p)."""
    return 0.5 if p >= 1 else p / (1 - p) ** 2 * (p * math.log(p) + 1 - p)


def hand_risks() -> list[float]:
    """Each record's individual risk from the closed forms: p = f / (sum of the key's weights)."""
    keys: dict[tuple, list[float]] = {}
    for _, age, sex, _, w, _ in ROWS:
        keys.setdefault((age, sex), []).append(w)
    out = []
    for _, age, sex, _, _, _ in ROWS:
        weights = keys[(age, sex)]
        p = min(1.0, len(weights) / sum(weights))
        out.append(risk_f1(p) if len(weights) == 1 else risk_f2(p))
    return out


def hand_household_risks() -> list[float]:
    risks = hand_risks()
    safe: dict[str, float] = {}
    for r, row in zip(risks, ROWS):
        safe[row[5]] = safe.get(row[5], 1.0) * (1 - r)
    return [1 - safe[row[5]] for row in ROWS]


def write_survey(path: Path) -> Path:
    """The survey as CSV (columns person, age, sex, region, wgt, hh)."""
    lines = ["person,age,sex,region,wgt,hh"] + [",".join(str(v) for v in row) for row in ROWS]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
