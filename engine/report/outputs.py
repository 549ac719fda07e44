"""The names of the files each command may write into its output folder (``--out``, ``--csv``):
a run removes those it did not write again, as well as every file the folder's manifest says
an earlier run wrote (:meth:`engine.foundation.atomic.StagedFiles.claim`); the names matter for
folders written before the manifest existed."""

from __future__ import annotations

ASSESS_TABLES = frozenset({
    "reidentification.csv", "inference.csv", "linked_reidentification.csv", "linked_inference.csv",
    "over_time.csv", "top_subsets.csv", "histograms.csv", "privacy_models.csv", "model_shortfalls.csv",
    "targets.csv", "per_record_risk.csv", "individual_risk.csv", "suda.csv", "suda_contributions.csv",
    "scenarios.csv"})
ASSESS_OUTPUTS = ASSESS_TABLES | {"results.json", "analysis.toml"}
SYNTHETIC_OUTPUTS = frozenset({"results.json", "analysis.toml", "synthetic_attacks.csv", "synthetic_roc.csv",
                               "synthetic_at_risk.csv"})
DP_OUTPUTS = frozenset({"results.json", "analysis.toml", "dp_counting.csv", "dp_threshold.csv"})
SUGGEST_OUTPUTS = frozenset({"suggestion.json"})
