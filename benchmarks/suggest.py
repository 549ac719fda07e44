"""Benchmark of ``suggest``: the whole lattice of 8 QIDs of Adult against a brute-force
evaluation of every node.

Uses ../shared/data/pycanon/raw__adult.csv (32,561 rows) when present, else a generated
stand-in of the same shape. The script writes its own hierarchies (ARX CSV format) into a
temporary folder: age in 5/10/20-year intervals, groupings of education, marital status,
occupation, workclass, race, sex and native country. It runs the search (Flash-like pruning,
distinct combinations), then evaluates every node on the records, checks that both find the
same least loss, and prints both times and their ratio.

    python benchmarks/suggest.py [--k 5] [--max-suppression 2] [--metric entropy]
"""

from __future__ import annotations

import argparse
import csv
import sys
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.timing import timed  # noqa: E402
from engine.analysis.config import DataSource  # noqa: E402
from engine.io.loader import load_table  # noqa: E402
from engine.remediation.hierarchy import read_hierarchy  # noqa: E402
from engine.remediation.suggest import SuggestConfig, SuggestTarget, brute_force, suggest  # noqa: E402

ADULT = ROOT / ".." / "shared" / "data" / "pycanon" / "raw__adult.csv"
QIDS = ["age", "education", "marital-status", "occupation", "workclass", "race", "sex", "native-country"]

EDUCATION = {"Preschool": "Primary", "1st-4th": "Primary", "5th-6th": "Primary", "7th-8th": "Secondary",
             "9th": "Secondary", "10th": "Secondary", "11th": "Secondary", "12th": "Secondary",
             "HS-grad": "High school", "Some-college": "Undergraduate", "Assoc-voc": "Undergraduate",
             "Assoc-acdm": "Undergraduate", "Bachelors": "Undergraduate", "Masters": "Graduate",
             "Prof-school": "Graduate", "Doctorate": "Graduate"}
EDUCATION_2 = {"Primary": "No degree", "Secondary": "No degree", "High school": "No degree",
               "Undergraduate": "Degree", "Graduate": "Degree"}
MARITAL = {"Never-married": "Never married", "Married-civ-spouse": "Married", "Married-AF-spouse": "Married",
           "Married-spouse-absent": "Married", "Divorced": "Previously married", "Separated": "Previously married",
           "Widowed": "Previously married"}
OCCUPATION = {"Tech-support": "White collar", "Exec-managerial": "White collar", "Prof-specialty": "White collar",
              "Adm-clerical": "White collar", "Sales": "White collar", "Craft-repair": "Blue collar",
              "Machine-op-inspct": "Blue collar", "Transport-moving": "Blue collar", "Handlers-cleaners": "Blue collar",
              "Farming-fishing": "Blue collar", "Other-service": "Service", "Priv-house-serv": "Service",
              "Protective-serv": "Service", "Armed-Forces": "Service"}
WORKCLASS = {"Private": "Private", "Self-emp-not-inc": "Self-employed", "Self-emp-inc": "Self-employed",
             "Federal-gov": "Government", "State-gov": "Government", "Local-gov": "Government",
             "Without-pay": "Not paid", "Never-worked": "Not paid"}
COUNTRY = {"United-States": "North America", "Canada": "North America", "Outlying-US(Guam-USVI-etc)": "North America",
           "Mexico": "Latin America", "Puerto-Rico": "Latin America", "Cuba": "Latin America",
           "Jamaica": "Latin America", "Dominican-Republic": "Latin America", "El-Salvador": "Latin America",
           "Guatemala": "Latin America", "Haiti": "Latin America", "Honduras": "Latin America",
           "Nicaragua": "Latin America", "Columbia": "Latin America", "Ecuador": "Latin America",
           "Peru": "Latin America", "Trinadad&Tobago": "Latin America", "England": "Europe", "Germany": "Europe",
           "Greece": "Europe", "Italy": "Europe", "Poland": "Europe", "Portugal": "Europe", "Ireland": "Europe",
           "France": "Europe", "Hungary": "Europe", "Scotland": "Europe", "Yugoslavia": "Europe",
           "Holand-Netherlands": "Europe", "India": "Asia", "Japan": "Asia", "China": "Asia", "Iran": "Asia",
           "Philippines": "Asia", "Vietnam": "Asia", "Laos": "Asia", "Taiwan": "Asia", "Thailand": "Asia",
           "Cambodia": "Asia", "Hong": "Asia", "South": "Asia"}


def stand_in(path: Path, rows: int = 32561, seed: int = 0) -> None:
    """Random records with Adult's columns and categories (no real person)."""
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame({
        "age": rng.integers(17, 91, rows),
        "education": rng.choice(list(EDUCATION), rows),
        "marital-status": rng.choice(list(MARITAL), rows),
        "occupation": rng.choice(list(OCCUPATION) + ["?"], rows),
        "workclass": rng.choice(list(WORKCLASS) + ["?"], rows),
        "race": rng.choice(["White", "Black", "Asian-Pac-Islander", "Amer-Indian-Eskimo", "Other"], rows,
                           p=[0.85, 0.1, 0.03, 0.01, 0.01]),
        "sex": rng.choice(["Male", "Female"], rows),
        "native-country": rng.choice(list(COUNTRY) + ["?"], rows, p=None),
    })
    frame.to_csv(path, index=False)


def _write(path: Path, rows: list[list[str]]) -> Path:
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle, delimiter=";", lineterminator="\n").writerows(rows)
    return path


def hierarchies(frame: pd.DataFrame, folder: Path) -> dict[str, Path]:
    """Write one ARX hierarchy per QID for the values present in ``frame``."""
    def values(column: str) -> list[str]:
        return sorted({str(v).strip() for v in frame[column].dropna()})

    files = {}
    ages = [int(float(v)) for v in values("age")]
    files["age"] = _write(folder / "age.csv", [
        [str(a), f"[{a // 5 * 5}, {a // 5 * 5 + 5})", f"[{a // 10 * 10}, {a // 10 * 10 + 10})",
         f"[{a // 20 * 20}, {a // 20 * 20 + 20})", "*"] for a in ages])
    files["education"] = _write(folder / "education.csv", [
        [v, EDUCATION.get(v, "Unknown"), EDUCATION_2.get(EDUCATION.get(v, ""), "Unknown"), "*"]
        for v in values("education")])
    for column, groups in (("marital-status", MARITAL), ("occupation", OCCUPATION), ("workclass", WORKCLASS),
                           ("native-country", COUNTRY)):
        files[column] = _write(folder / f"{column}.csv", [[v, groups.get(v, "Unknown"), "*"]
                                                          for v in values(column)])
    files["race"] = _write(folder / "race.csv", [[v, "White" if v == "White" else "Non-white", "*"]
                                                 for v in values("race")])
    files["sex"] = _write(folder / "sex.csv", [[v, "*"] for v in values("sex")])
    return files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--max-suppression", type=float, default=2.0)
    parser.add_argument("--metric", default="entropy")
    parser.add_argument("--skip-brute-force", action="store_true")
    parser.add_argument("--repeat", type=int, default=1, help="runs of the search (median reported)")
    parser.add_argument("--data", type=Path, default=ADULT, help="the Adult CSV (default ../shared/data/pycanon)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        real = args.data.exists()
        data = args.data if real else folder / "adult_stand_in.csv"
        if not real:
            stand_in(data)
        frame = pd.read_csv(data, usecols=QIDS, skipinitialspace=True)
        files = hierarchies(frame, folder)
        table = load_table(DataSource(str(data)), QIDS)
        config = SuggestConfig(qids=tuple(QIDS), hierarchies=tuple((q, read_hierarchy(files[q], q)) for q in QIDS),
                               target=SuggestTarget(k=args.k, max_suppression=args.max_suppression),
                               metric=args.metric)
        print(f"data: {data.name if real else 'generated stand-in'}, {table.n_rows:,} rows, "
              f"{len(QIDS)} QIDs; k={args.k}, suppression <= {args.max_suppression:g}%, metric {args.metric}")
        result, searched, searched_cpu = timed(lambda: suggest(table, config), args.repeat)
        levels = dict(zip(QIDS, result.best.levels)) if result.best else None
        print(f"suggest: median {searched:.2f}s (CPU {searched_cpu:.2f}s), {result.nodes_checked:,} of {result.nodes_total:,} nodes evaluated, "
              f"optimal={result.optimal}")
        print(f"  best: {levels}, loss {result.best.loss if result.best else None}, "
              f"{result.best.suppressed_records if result.best else None} suppressed")
        if args.skip_brute_force:
            return
        every, brute, brute_cpu = timed(lambda: brute_force(table, config))
        meeting = [e.loss for _, e in every if e.meets]
        least = min(meeting) if meeting else None
        print(f"brute force: {brute:.2f}s (CPU {brute_cpu:.2f}s), {len(every):,} nodes, {len(meeting):,} meet the target, least loss {least}")
        agree = (least is None and result.best is None) or (result.best is not None and least == result.best.loss)
        print(f"same least loss: {agree}; ratio brute force / suggest = {brute / searched:.1f}x "
              f"(CPU {brute_cpu / max(searched_cpu, 1e-9):.1f}x)")
        if not agree:
            raise SystemExit(1)


if __name__ == "__main__":
    main()
