"""The output of ``riskreview suggest``: ``suggestion.json``, the suggestion with its QIDs,
hierarchy files, thresholds, source file (path and SHA-256) and the transformed data written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

from ..remediation.suggest import SuggestConfig, Suggestion
from ..foundation.atomic import StagedFiles, check_output_dir

SUGGESTION_FILE = "suggestion.json"
LIMITS = ("max_unique_share", "max_reid_prob", "max_inference_gain")


def write_suggestion(result: Suggestion, config: SuggestConfig, source_path: str, sha256: str, folder: Path,
                     files: StagedFiles, written_data: Optional[dict[str, str]] = None) -> Path:
    """Stage ``folder/suggestion.json`` in ``files`` (the folder is created); returns its path."""
    check_output_dir(folder, create=True)
    document = result.to_dict()
    document["qids"] = list(config.qids)
    document["hierarchies"] = {c: h.source for c, h in config.hierarchies}
    limits = {name: getattr(config.target, name) for name in LIMITS}
    document["thresholds"] = {name: value for name, value in limits.items() if value is not None}
    document["source"] = {"path": str(Path(source_path).absolute()), "sha256": sha256}
    if written_data is not None:
        document["written_data"] = written_data
    path = folder / SUGGESTION_FILE
    with files.text(path) as handle:
        json.dump(document, handle, indent=1, ensure_ascii=False, allow_nan=False)
        handle.write("\n")
    return path
