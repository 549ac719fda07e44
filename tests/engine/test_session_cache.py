"""The window's cached runs (engine.assessment.session_cache, engine.sweep.memo) equal fresh runs."""

from __future__ import annotations

import os
from dataclasses import replace

import numpy as np
import pytest

from engine.api import run_assessment
from engine.analysis.config import AnalysisConfig, DataSource, PrivacyModelOptions, Roles, SubsetFamily, Target
from engine.assessment.session_cache import FileStamp, SessionCache
from engine.sweep.lattice import ExplicitFamily, UpToFamily
from engine.sweep.memo import SweepMemo, family_subsets, remembering


def _write_csv(path, seed: int, rows: int = 400) -> None:
    rng = np.random.default_rng(seed)
    columns = {"a": rng.integers(0, 4, rows), "b": rng.integers(0, 7, rows), "c": rng.integers(0, 3, rows),
               "d": rng.integers(0, 12, rows), "s": rng.integers(0, 3, rows), "t": rng.integers(0, 2, rows)}
    lines = [",".join(columns)] + [",".join(str(columns[c][i]) for c in columns) for i in range(rows)]
    path.write_text("\n".join(lines) + "\n")


def _config(path, qids=("a", "b", "c", "d"), models: bool = False) -> AnalysisConfig:
    return AnalysisConfig(data=DataSource(str(path)), roles=Roles(quasi_identifiers=qids, sensitive=("s", "t")),
                          subsets=SubsetFamily("all"), models=PrivacyModelOptions(enabled=models), jobs=1)


def _same(cached, fresh) -> None:
    """Every reported number equal (repr: exact floats, and NaN equal to NaN)."""
    for name in ("dataset", "reidentification", "inference", "histograms", "targets", "privacy_models",
                 "model_shortfalls"):
        assert repr(getattr(cached, name)) == repr(getattr(fresh, name)), name


def test_family_subsets_lists_what_the_family_reports():
    assert sorted(family_subsets(UpToFamily(3, 2))) == [(0,), (0, 1), (0, 2), (1,), (1, 2), (2,)]
    assert sorted(family_subsets(ExplicitFamily(4, [(3, 1), (0, 2, 3)]))) == [(0, 2, 3), (1, 3)]
    assert len(family_subsets(UpToFamily(10, 10))) == 1023


def test_reruns_equal_fresh_runs_and_sweep_only_new_subsets(tmp_path):
    path = tmp_path / "data.csv"
    _write_csv(path, 1)
    cache = SessionCache()
    base = _config(path)
    _same(cache.run(base), run_assessment(base))
    assert (cache.reads, cache.sweeps.swept) == (1, 15)
    targeted = replace(base, targets=(Target((("a", "1"), ("b", "2"))),))
    _same(cache.run(targeted), run_assessment(targeted))
    assert (cache.reads, cache.sweeps.swept) == (1, 15)   # nothing read or swept again
    fewer = replace(base, roles=replace(base.roles, quasi_identifiers=("d", "b", "a")))
    _same(cache.run(fewer), run_assessment(fewer))
    assert cache.sweeps.swept == 15                       # all 7 subsets were known
    other = replace(base, roles=Roles(("a", "b", "c", "d"), ("t",)))
    _same(cache.run(other), run_assessment(other))
    assert cache.sweeps.swept == 30                       # other sensitive columns: another group


def test_a_qid_added_sweeps_only_the_subsets_with_it(tmp_path):
    path = tmp_path / "data.csv"
    _write_csv(path, 2)
    cache = SessionCache()
    cache.run(_config(path, qids=("a", "b", "c")))
    assert cache.sweeps.swept == 7
    wider = _config(path, qids=("a", "b", "c", "d"))
    _same(cache.run(wider), run_assessment(wider))
    assert cache.sweeps.swept == 7 + 8


def test_with_privacy_models_a_partial_hit_sweeps_the_whole_family(tmp_path):
    path = tmp_path / "data.csv"
    _write_csv(path, 3)
    cache = SessionCache()
    cache.run(_config(path, qids=("a", "b", "c"), models=True))
    wider = _config(path, models=True)
    _same(cache.run(wider), run_assessment(wider))
    assert cache.sweeps.swept == 7 + 15
    _same(cache.run(wider), run_assessment(wider))
    assert cache.sweeps.swept == 7 + 15


def test_a_changed_file_is_read_again(tmp_path):
    path = tmp_path / "data.csv"
    _write_csv(path, 4)
    cache = SessionCache()
    config = _config(path)
    first = cache.run(config)
    _write_csv(path, 5)
    stat = os.stat(path)
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))   # even within one clock tick
    again = cache.run(config)
    assert cache.reads == 2
    assert again.dataset.sha256 != first.dataset.sha256
    _same(again, run_assessment(config))


def test_an_adopted_table_is_used_until_the_file_changes(tmp_path):
    from engine.io.preview import load_for_review

    path = tmp_path / "data.csv"
    _write_csv(path, 6)
    cache = SessionCache()
    source = DataSource(str(path))
    stamp = FileStamp.of(path)
    cache.adopt(source, load_for_review(source).table, stamp)
    config = _config(path)
    _same(cache.run(config), run_assessment(config))
    assert cache.reads == 0
    path.unlink()                       # gone: the table read before is what the window shows
    assert cache.table(source, ["a", "s"]).n_rows == 400
    assert cache.reads == 0


def test_a_stale_adoption_is_refused(tmp_path):
    path = tmp_path / "data.csv"
    _write_csv(path, 7)
    cache = SessionCache()
    stale = FileStamp(1, 1, 1, 1)
    from engine.io.loader import load_table

    cache.adopt(DataSource(str(path)), load_table(DataSource(str(path)), ["a"]), stale)
    cache.table(DataSource(str(path)), ["a"])
    assert cache.reads == 1


def test_the_memo_is_bounded(tmp_path):
    path = tmp_path / "data.csv"
    _write_csv(path, 8)
    cache = SessionCache()
    cache.sweeps = SweepMemo(max_vectors=20)
    cache.run(_config(path))                                        # 15 vectors
    cache.run(replace(_config(path), roles=Roles(("a", "b", "c", "d"), ("t",))))   # another group of 15
    assert len(cache.sweeps) == 15


def test_without_the_memo_nothing_is_kept(tmp_path):
    path = tmp_path / "data.csv"
    _write_csv(path, 9)
    memo = SweepMemo()
    run_assessment(_config(path))
    assert len(memo) == 0
    with remembering(memo):
        run_assessment(_config(path))
    assert len(memo) == 15


@pytest.mark.parametrize("seed", range(3))
def test_random_qid_changes_equal_fresh_runs(tmp_path, seed):
    rng = np.random.default_rng(seed)
    path = tmp_path / "data.csv"
    _write_csv(path, 10 + seed, rows=int(rng.integers(50, 500)))
    cache = SessionCache()
    for _ in range(4):
        qids = tuple(rng.permutation(["a", "b", "c", "d"])[: int(rng.integers(1, 5))])
        config = _config(path, qids=qids)
        _same(cache.run(config), run_assessment(config))
