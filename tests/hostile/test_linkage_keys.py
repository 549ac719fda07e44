"""Hostile linkage keys: ids typed differently in each file, keys that never or rarely match,
ids that collide once normalised. A release must link by the documented rule (keys compared as
text without spaces and leading zeros) or say loudly that it did not."""

import json

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from engine.api import run_assessment
from engine.commands.cli import main
from engine.analysis.config import AnalysisConfig, DataSource, Linkage, Release, Roles, SubsetFamily
from engine.foundation.errors import InputError
from engine.attacks.linkage import LOW_MATCH_RATE

from ..conftest import EXAMPLES

FOCAL = EXAMPLES / "example12.csv"
LATER = EXAMPLES / "example20_release2.csv"


def _config(later, key="id", duplicates="error"):
    return AnalysisConfig(data=DataSource(str(FOCAL)), roles=Roles(("gender", "occupation"), ("illness",)),
                          subsets=SubsetFamily.parse("exact"),
                          linkage=Linkage(key=key, releases=(Release(DataSource(str(later)), "2"),),
                                          duplicates=duplicates))


def _parquet(frame: pd.DataFrame, path, key_type) -> str:
    table = pa.Table.from_pandas(frame, preserve_index=False)
    table = table.set_column(0, "id", pa.array(frame["id"].tolist(), key_type))
    pq.write_table(table, path)
    return str(path)


def _reference():
    return run_assessment(_config(LATER)).longitudinal


@pytest.mark.parametrize("ids, key_type", [
    (lambda i: f"{i:03d}", pa.string()),      # "001": text with leading zeros against integers
    (lambda i: f" {i} ", pa.string()),        # padded text
    (lambda i: float(i), pa.float64()),       # 1.0 against 1
])
def test_ids_typed_differently_link_like_the_same_ids(tmp_path, ids, key_type):
    frame = pd.read_csv(LATER)
    frame["id"] = [ids(i) for i in frame["id"]]
    later = _parquet(frame, tmp_path / "later.parquet", key_type)
    linked = run_assessment(_config(later)).longitudinal
    reference = _reference()
    assert [r.linked for r in linked.releases] == [10, 9]
    assert linked.releases[1].match_rate == pytest.approx(0.9)
    assert linked.reidentification[0].posterior_prob == pytest.approx(reference.reidentification[0].posterior_prob)
    assert linked.reidentification[0].posterior_prob == pytest.approx(0.8)     # Example 20
    assert linked.warnings == ()


def test_no_matching_key_is_a_warning_everywhere(tmp_path, capsys):
    frame = pd.read_csv(LATER)
    frame["id"] = [f"P-{i}" for i in frame["id"]]
    later = tmp_path / "text_ids.csv"
    frame.to_csv(later, index=False)
    out = tmp_path / "out"
    code = main(["assess", str(FOCAL), "--release", f"{later}@2", "--link-key", "id", "--qid", "gender",
                 "occupation", "--sensitive", "illness", "--subsets", "exact", "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 0, err
    lines = [line for line in err.splitlines() if "no record of the focal release matched" in line]
    assert len(lines) == 1 and lines[0].startswith("warning: release 2 (text_ids.csv)")
    assert "'1', '2', '3'" in lines[0] and "'P-1', 'P-2', 'P-3'" in lines[0]
    linked = json.loads((out / "results.json").read_text())["longitudinal"]
    assert [(r["linked"], r["focal_records"], r["match_rate"]) for r in linked["releases"]] == [
        (10, 10, 1.0), (0, 10, 0.0)]
    assert len(linked["warnings"]) == 1 and "no record of the focal release matched" in linked["warnings"][0]


@pytest.mark.parametrize("kept, warned", [(4, True), (5, False), (9, False), (1, True)])
def test_low_match_rate_warns_below_the_limit(tmp_path, kept, warned):
    frame = pd.read_csv(LATER)
    # ids 1..kept stay (the file has no id 10), the others move out of reach
    frame["id"] = [i if n < kept else i + 1000 for n, i in enumerate(frame["id"])]
    later = tmp_path / "partial.csv"
    frame.to_csv(later, index=False)
    run = run_assessment(_config(later))
    release = run.longitudinal.releases[1]
    assert release.linked == kept and release.match_rate == pytest.approx(kept / 10)
    assert (release.match_rate < LOW_MATCH_RATE) == warned
    low = [w for w in run.warnings if "focal records" in w and "matched" in w]
    if warned:
        assert len(low) == 1 and f"only {kept} of 10 focal records ({kept / 10:.1%})" in low[0]
        assert low[0] in run.longitudinal.warnings
    else:
        assert low == []


def test_ids_equal_once_normalised_are_duplicates(tmp_path):
    frame = pd.read_csv(LATER)
    frame["id"] = [str(i) for i in frame["id"]]
    frame.loc[1, "id"] = "01"            # "01" and "1" are one key
    later = _parquet(frame, tmp_path / "dup.parquet", pa.string())
    with pytest.raises(InputError, match=r"dup\.parquet: linkage key 'id' has 1 duplicate value\(s\) once "
                                         r"compared as text without spaces and leading zeros, e\.g\. '1'"):
        run_assessment(_config(later))
    run = run_assessment(_config(later, duplicates="first"))
    release = run.longitudinal.releases[1]
    assert (release.duplicates_dropped, release.linked) == (1, 8)      # id 2 now absent as well as 10
    assert any("1 record(s) with a repeated linkage key 'id' dropped" in w for w in run.warnings)


def test_text_ids_are_compared_case_sensitively(tmp_path):
    focal = pd.read_csv(FOCAL).assign(id=lambda f: [f"a{i}" for i in f["id"]])
    later = pd.read_csv(LATER).assign(id=lambda f: [f"A{i}" for i in f["id"]])
    focal.to_csv(tmp_path / "focal.csv", index=False)
    later.to_csv(tmp_path / "later.csv", index=False)
    config = _config(tmp_path / "later.csv")
    config = AnalysisConfig(**{**config.__dict__, "data": DataSource(str(tmp_path / "focal.csv"))})
    run = run_assessment(config)
    assert run.longitudinal.releases[1].linked == 0
    assert "'a1', 'a2', 'a3' (focal.csv) against 'A1', 'A2', 'A3' (later.csv)" in run.longitudinal.warnings[0]
