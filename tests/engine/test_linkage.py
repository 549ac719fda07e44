"""Linked releases (docs/methods.md Example 20 and properties of the left join)."""

import json

import numpy as np
import pandas as pd
import pytest

from engine.api import run_assessment
from engine.commands.cli import main
from engine.analysis.config import AnalysisConfig, DataSource, Linkage, Release, Roles, SubsetFamily, Target
from engine.foundation.errors import InputError

from ..conftest import EXAMPLES

FOCAL = str(EXAMPLES / "example12.csv")
LATER = str(EXAMPLES / "example20_release2.csv")


def linked_config(focal, releases, qids, sensitive=("illness",), key="id", subsets="exact", **link):
    return AnalysisConfig(data=DataSource(str(focal)), roles=Roles(tuple(qids), tuple(sensitive)),
                          subsets=SubsetFamily.parse(subsets),
                          linkage=Linkage(key=key, releases=tuple(releases), **link))


def release(path, label, key=None):
    return Release(DataSource(str(path)), label, key)


def test_example20_through_the_api():
    run = run_assessment(linked_config(FOCAL, [release(LATER, "2")], ["gender", "occupation"]))
    linked = run.longitudinal
    assert linked.qids == ("gender@1", "occupation@1", "occupation@2")
    (crl,) = linked.reidentification
    assert (crl.posterior_det, crl.posterior_prob, crl.prior_prob) == (pytest.approx(0.6), pytest.approx(0.8), 0.1)
    assert crl.degradation_prob == pytest.approx(8.0)
    (cal,) = linked.inference
    assert (cal.posterior_det, cal.posterior_prob, cal.prior_prob) == (pytest.approx(0.8), pytest.approx(0.9), 0.5)
    assert cal.degradation_prob == pytest.approx(1.8)
    assert [r.linked for r in linked.releases] == [10, 9]  # id 10 absent from release 2; id 11 dropped
    assert [r.match_rate for r in linked.releases] == [1.0, pytest.approx(0.9)]
    assert linked.warnings == () and run.warnings == ()
    first, second = linked.over_time
    assert (first.label, second.label) == ("1", "2")
    assert first.reidentification.posterior_prob == pytest.approx(0.5)
    assert second.reidentification.posterior_prob == pytest.approx(0.8)


def test_example20_through_the_command_line(tmp_path, capsys):
    out = tmp_path / "out"
    code = main(["assess", FOCAL, "--release", LATER, "--link-key", "id", "--qid", "gender", "occupation",
                 "--sensitive", "illness", "--subsets", "exact", "--out", str(out)])
    assert code == 0, capsys.readouterr().err
    results = json.loads((out / "results.json").read_text())
    linked = results["longitudinal"]
    (crl,) = linked["reidentification"]
    assert crl["qids"] == ["gender@1", "occupation@1", "occupation@2"]
    assert (crl["posterior_det"], crl["posterior_prob"]) == (pytest.approx(0.6), pytest.approx(0.8))
    (cal,) = linked["inference"]
    assert (cal["posterior_det"], cal["posterior_prob"], cal["prior_prob"]) == (
        pytest.approx(0.8), pytest.approx(0.9), 0.5)
    assert [s["label"] for s in linked["over_time"]] == ["1", "2"]
    assert linked["releases"][1]["name"] == "example20_release2.csv"
    assert (linked["releases"][1]["linked"], linked["releases"][1]["focal_records"]) == (9, 10)
    assert linked["releases"][1]["match_rate"] == pytest.approx(0.9) and linked["warnings"] == []
    assert results["config"]["linkage"]["releases"][0]["label"] == "2"
    again = tmp_path / "again"
    assert main(["assess", "--config", str(out / "analysis.toml"), "--out", str(again)]) == 0
    assert json.loads((again / "results.json").read_text())["longitudinal"]["reidentification"] == \
        linked["reidentification"]


def test_labelled_qids_picked_one_by_one():
    run = run_assessment(linked_config(FOCAL, [release(LATER, "2019")], ["gender@1", "occupation@2019"],
                                       focal_label="1"))
    assert run.longitudinal.qids == ("gender@1", "occupation@2019")
    assert [r.qids for r in run.reidentification] == [("gender",)]


def test_individual_target_across_releases():
    config = linked_config(FOCAL, [release(LATER, "2")], ["gender", "occupation"])
    config = AnalysisConfig(**{**config.__dict__, "targets": (Target((("gender", "F"), ("occupation@2", "2"))),)})
    run = run_assessment(config)
    (target,) = run.longitudinal.targets
    # gender@1 = F and occupation@2 = 2: id 1 only
    assert (target.block_size, target.posterior_det) == (1, 1.0)
    assert target.inference[0].most_likely == "no"


def _write(frame, path):
    frame.to_csv(path, index=False)
    return path


def test_a_copy_of_the_focal_release_adds_nothing(tmp_path):
    focal = pd.read_csv(FOCAL)
    shuffled = focal.sample(frac=1, random_state=3)[["id", "age", "gender", "occupation"]]
    copy = _write(shuffled, tmp_path / "copy.csv")
    run = run_assessment(linked_config(FOCAL, [release(copy, "2")], ["age", "gender", "occupation"],
                                       subsets="all"))
    first, second = run.longitudinal.over_time
    assert second.reidentification.blocks == first.reidentification.blocks
    assert second.reidentification.singletons == first.reidentification.singletons
    assert second.inference[0].expected_correct == first.inference[0].expected_correct


def test_linking_never_lowers_risk(tmp_path):
    rng = np.random.default_rng(11)
    n = 300
    focal = pd.DataFrame({"pid": rng.permutation(n) + 1000, "a": rng.integers(0, 4, n), "b": rng.integers(0, 3, n),
                          "s": rng.choice(["x", "y"], n, p=[0.8, 0.2])})
    focal_path = _write(focal, tmp_path / "focal.csv")
    releases = []
    for label in ("2", "3", "4"):
        keep = rng.random(n) < 0.8
        later = pd.DataFrame({"pid": focal["pid"][keep], "a": rng.integers(0, 4, keep.sum()),
                              "b": rng.integers(0, 3, keep.sum())})
        extra = pd.DataFrame({"pid": np.arange(20) + 5000, "a": 0, "b": 0})
        releases.append(release(_write(pd.concat([later, extra]), tmp_path / f"r{label}.csv"), label, "pid"))
    run = run_assessment(linked_config(focal_path, releases, ["a", "b"], sensitive=("s",), key="pid",
                                       subsets="max-size:3"))
    steps = run.longitudinal.over_time
    assert [s.label for s in steps] == ["1", "2", "3", "4"]
    for before, after in zip(steps, steps[1:]):
        assert after.reidentification.posterior_prob >= before.reidentification.posterior_prob
        assert after.reidentification.posterior_det >= before.reidentification.posterior_det
        assert after.inference[0].posterior_prob >= before.inference[0].posterior_prob
    assert all(r.linked < n for r in run.longitudinal.releases[1:])
    assert run.longitudinal.releases[0].linked == n


def test_duplicate_keys_are_an_error_or_first_kept(tmp_path):
    later = pd.read_csv(LATER)
    dup = _write(pd.concat([later, later.iloc[[0]].assign(age=99)]), tmp_path / "dup.csv")
    with pytest.raises(InputError, match=r"dup\.csv.*'id'.*duplicate.*1"):
        run_assessment(linked_config(FOCAL, [release(dup, "2")], ["gender", "occupation"]))
    run = run_assessment(linked_config(FOCAL, [release(dup, "2")], ["gender", "occupation"], duplicates="first"))
    assert run.longitudinal.releases[1].duplicates_dropped == 1
    assert run.longitudinal.reidentification[0].posterior_prob == pytest.approx(0.8)


def test_key_column_missing_in_one_file(tmp_path):
    later = _write(pd.read_csv(LATER).rename(columns={"id": "student"}), tmp_path / "renamed.csv")
    with pytest.raises(InputError, match=r"renamed\.csv.*linkage key column 'id'"):
        run_assessment(linked_config(FOCAL, [release(later, "2")], ["gender", "occupation"]))
    run = run_assessment(linked_config(FOCAL, [release(later, "2", key="student")], ["gender", "occupation"]))
    assert run.longitudinal.reidentification[0].posterior_det == pytest.approx(0.6)


def test_key_names_differ_on_the_command_line(tmp_path, capsys):
    later = _write(pd.read_csv(LATER).rename(columns={"id": "student"}), tmp_path / "renamed.csv")
    out = tmp_path / "out"
    assert main(["assess", FOCAL, "--release", f"{later}@2020", "--link-key", "id",
                 "--link-key-in", f"{later}=student", "--qid", "gender", "occupation", "--sensitive", "illness",
                 "--subsets", "exact", "--out", str(out)]) == 0, capsys.readouterr().err
    linked = json.loads((out / "results.json").read_text())["longitudinal"]
    assert linked["qids"] == ["gender@1", "occupation@1", "occupation@2020"]


def test_releases_with_disjoint_keys_add_only_missing_values(tmp_path):
    later = _write(pd.read_csv(LATER).assign(id=lambda f: f["id"] + 100), tmp_path / "other.csv")
    run = run_assessment(linked_config(FOCAL, [release(later, "2")], ["gender", "occupation"]))
    first, second = run.longitudinal.over_time
    assert run.longitudinal.releases[1].linked == 0
    assert second.reidentification.blocks == first.reidentification.blocks
    # ... which must not read as "linking adds no risk": the run says the keys never matched
    (warning,) = run.longitudinal.warnings
    assert warning.startswith("release 2 (other.csv): no record of the focal release matched on the linkage "
                              "key 'id'")
    assert "'1', '2', '3' (example12.csv) against '101', '102', '103' (other.csv)" in warning
    assert warning in run.warnings


def test_missing_key_values_are_an_error(tmp_path):
    later = _write(pd.read_csv(LATER).astype({"id": "Int64"}).assign(id=lambda f: f["id"].where(f.index != 2)),
                   tmp_path / "holes.csv")
    with pytest.raises(InputError, match=r"holes\.csv.*'id' is missing in 1 row"):
        run_assessment(linked_config(FOCAL, [release(later, "2")], ["gender", "occupation"]))
