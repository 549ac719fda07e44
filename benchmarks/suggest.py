"""Benchmark of ``suggest``: the whole lattice of 8 QIDs of Adult against a brute-force
evaluation of every node, or (``--arx DIR``) against ARX's own search, warm, on ARX's Adult.

Uses ../shared/data/pycanon/raw__adult.csv (32,561 rows) when present, else a generated
stand-in of the same shape. The script writes its own hierarchies (ARX CSV format) into a
temporary folder: age in 5/10/20-year intervals, groupings of education, marital status,
occupation, workclass, race, sex and native country. It runs the search (Flash-like pruning,
distinct combinations), then evaluates every node on the records, checks that both find the
same least loss, and prints both times and their ratio.

    python benchmarks/suggest.py [--k 5] [--max-suppression 2] [--metric entropy]

With ``--arx DIR`` (a checkout of ARX's source: DIR/src/main, DIR/lib, DIR/data) and a JDK,
both searches run on ARX's Adult (DIR/data/adult.csv, 30,162 rows, 9 QIDs with ARX's
hierarchy files, 12,960 nodes), entropy, for each ``--cases`` K:PCT: ARX compiled from its
source with javac against the jars in DIR/lib (classes cached in DIR/riskreview-bench-classes),
called by a small driver this script writes, several runs in one JVM (the first ``--warmup``
left out); ours several runs in this process after one warm-up, timed as suggestion.json
reports ``seconds``. Prints medians, nodes evaluated, the ratio and whether the optimum is the
same, with the load average before and after. ``--arx-classpath`` adds jars missing from the
checkout (e.g. pdfbox 2 and fontbox 2, which ARX's certificate classes import).

    python benchmarks/suggest.py --arx ../arx --arx-classpath /usr/share/java/pdfbox2.jar:/usr/share/java/fontbox2.jar
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import statistics
import subprocess
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


ARX_QIDS = ["sex", "age", "race", "marital-status", "education", "native-country", "workclass", "occupation",
            "salary-class"]

DRIVER = """
import java.io.File;
import java.nio.charset.StandardCharsets;
import org.deidentifier.arx.*;
import org.deidentifier.arx.criteria.KAnonymity;
import org.deidentifier.arx.metric.Metric;

/** Runs ARX's search on its Adult data several times in one JVM; one JSON line per run. */
public class SuggestBench {
    public static void main(String[] args) throws Exception {
        File folder = new File(args[0]);
        int k = Integer.parseInt(args[1]);
        double limit = Double.parseDouble(args[2]);
        int runs = Integer.parseInt(args[3]);
        String[] qids = args[4].split(",");
        for (int run = 0; run < runs; run++) {
            Data data = Data.create(new File(folder, "adult.csv"), StandardCharsets.UTF_8, ';');
            for (String q : qids) {
                data.getDefinition().setAttributeType(q, AttributeType.Hierarchy.create(
                    new File(folder, "adult_hierarchy_" + q + ".csv"), StandardCharsets.UTF_8, ';'));
            }
            ARXConfiguration config = ARXConfiguration.create();
            config.addPrivacyModel(new KAnonymity(k));
            config.setSuppressionLimit(limit);
            config.setQualityModel(Metric.createEntropyMetric());
            long start = System.nanoTime();
            ARXResult result = new ARXAnonymizer().anonymize(data, config);
            double seconds = (System.nanoTime() - start) / 1e9;
            int checked = 0;
            for (ARXLattice.ARXNode[] level : result.getLattice().getLevels()) {
                for (ARXLattice.ARXNode node : level) {
                    if (node.isChecked()) checked++;
                }
            }
            ARXLattice.ARXNode best = result.getGlobalOptimum();
            StringBuilder levels = new StringBuilder();
            if (best != null) {
                int[] t = best.getTransformation();
                String[] names = best.getQuasiIdentifyingAttributes();
                for (int i = 0; i < t.length; i++) {
                    levels.append(i == 0 ? "" : ",").append('"').append(names[i]).append("\\":").append(t[i]);
                }
            }
            System.out.println("{\\"seconds\\":" + seconds + ",\\"checked\\":" + checked + ",\\"levels\\":{" + levels
                + "},\\"loss\\":\\"" + (best == null ? "" : best.getHighestScore().toString()) + "\\"}");
        }
    }
}
"""

WRITABLE_STUB = """package org.apache.hadoop.io;

/** Stand-in for a jar missing from ARX's checkout (only its classification code uses it). */
public interface Writable {
    void write(java.io.DataOutput out) throws java.io.IOException;
    void readFields(java.io.DataInput in) throws java.io.IOException;
}
"""


def load() -> str:
    """The 1-minute load average, as text."""
    return f"{os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else "n/a"


def arx_classpath(arx: Path, extra: str) -> str:
    jars = sorted(str(p) for p in (arx / "lib").rglob("*.jar"))
    return os.pathsep.join(jars + ([extra] if extra else []))


def build_driver(arx: Path, extra: str) -> Path:
    """Compile the driver and the ARX classes it reaches (javac -sourcepath) into
    DIR/riskreview-bench-classes, once."""
    out = arx / "riskreview-bench-classes"
    if (out / "SuggestBench.class").exists():
        return out
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "SuggestBench.java").write_text(DRIVER, encoding="utf-8")
        stub = folder / "stubs" / "org" / "apache" / "hadoop" / "io"
        stub.mkdir(parents=True)
        (stub / "Writable.java").write_text(WRITABLE_STUB, encoding="utf-8")
        out.mkdir(exist_ok=True)
        source_path = os.pathsep.join([str(arx / "src" / "main"), str(folder / "stubs")])
        subprocess.run(["javac", "-nowarn", "-encoding", "UTF-8", "-d", str(out), "-cp", arx_classpath(arx, extra),
                        "-sourcepath", source_path, str(folder / "SuggestBench.java")], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return out


def run_arx(arx: Path, classes: Path, extra: str, k: int, percent: float, runs: int) -> list[dict]:
    classpath = os.pathsep.join([str(classes), arx_classpath(arx, extra)])
    done = subprocess.run(["java", "-Xmx2g", "-cp", classpath, "SuggestBench", str(arx / "data"), str(k),
                           str(percent / 100.0), str(runs), ",".join(ARX_QIDS)],
                          check=True, capture_output=True, text=True)
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def versus_arx(args: argparse.Namespace) -> None:
    """Ours and ARX's warm search on ARX's Adult, for each case; see the module docstring."""
    arx = args.arx.resolve()
    if not shutil.which("javac") or not shutil.which("java"):
        raise SystemExit("--arx needs a JDK (java and javac on PATH)")
    if not (arx / "data" / "adult.csv").exists() or not (arx / "src" / "main").is_dir():
        raise SystemExit(f"--arx {arx}: expected ARX's source checkout (src/main, lib, data/adult.csv)")
    classes = build_driver(arx, args.arx_classpath)
    table = load_table(DataSource(str(arx / "data" / "adult.csv"), delimiter=";"), ARX_QIDS)
    hierarchies = tuple((q, read_hierarchy(arx / "data" / f"adult_hierarchy_{q}.csv", q)) for q in ARX_QIDS)
    print(f"ARX's Adult: {table.n_rows:,} rows, {len(ARX_QIDS)} QIDs, entropy; ours {args.repeat} runs after a "
          f"warm-up, ARX {args.arx_runs} runs in one JVM less the first {args.warmup}; load {load()}")
    rows = []
    for case in args.cases.split(","):
        k, percent = int(case.split(":")[0]), float(case.split(":")[1])
        config = SuggestConfig(qids=tuple(ARX_QIDS), hierarchies=hierarchies,
                               target=SuggestTarget(k=k, max_suppression=percent), metric="entropy")
        suggest(table, config)
        ours = [suggest(table, config) for _ in range(args.repeat)]
        runs = run_arx(arx, classes, args.arx_classpath, k, percent, args.arx_runs)[args.warmup:]
        mine, theirs = statistics.median(r.seconds for r in ours), statistics.median(r["seconds"] for r in runs)
        best = ours[-1].best
        same = (best is not None and runs[-1]["levels"] == dict(zip(ARX_QIDS, best.levels))
                and abs(float(runs[-1]["loss"]) - best.loss) <= 1e-9 * abs(best.loss))
        rows.append((f"k={k} {percent:g}%", mine, theirs, ours[-1].nodes_checked, runs[-1]["checked"], same))
        print(f"  k={k} {percent:g}%: ours {[round(r.seconds, 3) for r in ours]}, ARX {[round(r['seconds'], 3) for r in runs]}"
              f" (load {load()})")
    print("\n| case | ours median (s) | ARX warm median (s) | ARX / ours | nodes ours | nodes ARX | same optimum |")
    print("|---|---|---|---|---|---|---|")
    for name, mine, theirs, nodes, arx_nodes, same in rows:
        print(f"| {name} | {mine:.3f} | {theirs:.3f} | {theirs / mine:.2f}x | {nodes:,} | {arx_nodes:,} | {same} |")
    print(f"load average after: {load()}")
    if not all(row[-1] for row in rows):
        raise SystemExit(1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--max-suppression", type=float, default=2.0)
    parser.add_argument("--metric", default="entropy")
    parser.add_argument("--skip-brute-force", action="store_true")
    parser.add_argument("--repeat", type=int, default=1, help="runs of the search (median reported)")
    parser.add_argument("--data", type=Path, default=ADULT, help="the Adult CSV (default ../shared/data/pycanon)")
    parser.add_argument("--arx", type=Path, help="ARX's source checkout: run ARX's warm search against ours")
    parser.add_argument("--arx-classpath", default="", help="jars to add to ARX's lib/ (pdfbox 2, fontbox 2)")
    parser.add_argument("--cases", default="5:2,10:5", help="K:PCT cases for --arx (default 5:2,10:5)")
    parser.add_argument("--arx-runs", type=int, default=7, help="ARX runs in one JVM for --arx (default 7)")
    parser.add_argument("--warmup", type=int, default=2, help="first ARX runs left out (default 2)")
    args = parser.parse_args()
    if args.arx is not None:
        args.repeat = max(args.repeat, 5)
        versus_arx(args)
        return
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
