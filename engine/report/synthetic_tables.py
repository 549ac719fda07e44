"""The output folder of a synthetic-data assessment: results.json, synthetic_attacks.csv,
synthetic_roc.csv and analysis.toml, and synthetic_at_risk.csv when targets were asked for
(all or none)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

from ..foundation.progress import CancelToken
from ..synthetic.results import FPR_LEVELS, SyntheticAssessment
from ..foundation.atomic import StagedFiles, check_output_dir, staged, write_analysis_file
from .outputs import SYNTHETIC_OUTPUTS
from .tables import write_csv

ATTACK_COLUMNS = ["attack", "kind", "targets", "accuracy", "auc", "advantage"] + \
    [f"tpr_at_fpr_{level}" for level in FPR_LEVELS] + \
    ["baseline", "residual_risk", "ci_low", "ci_high", "main_rate", "control_rate", "threshold", "criterion", "notes"]


def write_synthetic_results(assessment: SyntheticAssessment, folder: Path,
                            cancel: Optional[CancelToken] = None, files: Optional[StagedFiles] = None
                            ) -> list[Path]:
    """Write results.json, synthetic_attacks.csv, synthetic_roc.csv and analysis.toml (and
    synthetic_at_risk.csv when targets were asked for) into ``folder``; all appear together or
    none does, and an earlier run's outputs not written again are removed. Staged in ``files``
    (committed by the caller) or on their own. Returns the paths."""
    folder = Path(folder)
    check_output_dir(folder, create=True)
    if files is None:
        with staged(cancel) as own:
            return write_synthetic_results(assessment, folder, cancel, own)
    files.claim(folder, SYNTHETIC_OUTPUTS)
    written: list[Path] = []

    def out(name: str) -> Path:
        written.append(folder / name)
        return folder / name

    with files.text(out("results.json")) as handle:
        json.dump(assessment.to_dict(), handle, indent=1, ensure_ascii=False, allow_nan=False)
        handle.write("\n")
    write_analysis_file(assessment.config, out("analysis.toml"), files)
    rows = [a.to_dict() for a in assessment.attacks]
    write_csv(files, out("synthetic_attacks.csv"), ATTACK_COLUMNS,
               ([r["attack"], r["kind"], r["targets"], r["accuracy"], r["auc"], r["advantage"]]
                + [r["tpr_at_fpr"][level] for level in FPR_LEVELS]
                + [r[k] for k in ATTACK_COLUMNS[6 + len(FPR_LEVELS):]] for r in rows))
    write_csv(files, out("synthetic_roc.csv"), ["attack", "point", "fpr", "tpr"],
               ([a.attack, i, f, t] for a in assessment.attacks if a.roc is not None
                for i, (f, t) in enumerate(zip(a.roc.fpr, a.roc.tpr))))
    if assessment.config.show_targets:
        write_csv(files, out("synthetic_at_risk.csv"), ["attack", "rank", "row", "score"],
                   ([a.attack, rank, row, score] for a in assessment.attacks
                    for rank, (row, score) in enumerate(a.at_risk, start=1)), private=True)
    return written
