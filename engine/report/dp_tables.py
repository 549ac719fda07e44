"""The output folder of a differential-privacy analysis: results.json, dp_counting.csv,
dp_threshold.csv and analysis.toml (all or none)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

from ..foundation import i18n
from ..dp.results import DPAssessment
from ..dp.verdict import dp_verdict
from ..foundation.progress import CancelToken
from ..foundation.atomic import StagedFiles, check_output_dir, staged, write_analysis_file
from .outputs import DP_OUTPUTS
from .tables import write_csv

COUNTING_COLUMNS = ("scenario", "sensitive", "useful", "predicate", "mechanism", "epsilon", "privacy_loss",
                    "utility", "prior_vulnerability", "posterior_vulnerability", "count_prior_vulnerability")
THRESHOLD_COLUMNS = ("epsilon", "delta_active", "delta_passive", "worst_known_yes")
PREDICATE_SEPARATOR = " | "


def write_dp_results(assessment: DPAssessment, folder: Path, cancel: Optional[CancelToken] = None,
                     files: Optional[StagedFiles] = None) -> list[Path]:
    """Write results.json, dp_counting.csv, dp_threshold.csv and analysis.toml into ``folder``;
    all files appear together or none does, and other commands' outputs left there by an
    earlier run are removed. Staged in ``files`` (committed by the caller) or on their own.
    Returns the paths."""
    folder = Path(folder)
    check_output_dir(folder, create=True)
    if files is None:
        with staged(cancel) as own:
            return write_dp_results(assessment, folder, cancel, own)
    files.claim(folder, DP_OUTPUTS)
    written = [folder / name for name in ("results.json", "dp_counting.csv", "dp_threshold.csv", "analysis.toml")]
    data = assessment.to_dict()
    with i18n.language(i18n.ENGLISH):  # results.json is in English
        judged = dp_verdict(assessment, assessment.config.report.thresholds)
    document = {"riskreview_version": data["riskreview_version"], "verdict": judged.to_dict(), **data}
    with files.text(written[0]) as handle:
        json.dump(document, handle, indent=1, ensure_ascii=False, allow_nan=False)
        handle.write("\n")
    write_csv(files, written[1], COUNTING_COLUMNS,
               ([row[c] if c != "predicate" else PREDICATE_SEPARATOR.join(row[c]) for c in COUNTING_COLUMNS]
                for row in data["dp"]))
    write_csv(files, written[2], THRESHOLD_COLUMNS,
               ([row[c] for c in THRESHOLD_COLUMNS] for row in data["threshold"]))
    write_analysis_file(assessment.config, written[3], files)
    return written
