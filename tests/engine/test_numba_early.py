"""numba and the compiled kernels are loaded on a thread while the file is read, only when the
sweep's plan is the compiled segment sweep (engine.assessment.run._set_up_numba_early)."""

import threading

import pytest

import engine.assessment.run as api
from engine.analysis.config import AnalysisConfig, ClusterOptions, DataSource, Roles, SubsetFamily
from engine.sweep import segments

QIDS = tuple(f"q{i}" for i in range(11))


def _csv(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text(",".join(QIDS) + ",s\n" + ",".join("1" * len(QIDS)) + ",a\n", encoding="utf-8")
    return path


def _started(monkeypatch, config: AnalysisConfig) -> bool:
    ran = threading.Event()
    monkeypatch.setattr(segments, "set_up_numba", ran.set)
    api._set_up_numba_early(config)
    return ran.wait(5)


@pytest.mark.parametrize("rows, jobs, cluster, started", [
    (48_000_000, 2, None, True),            # census scale: the segment sweep
    (1_000_000, 2, None, True),             # 1M x 2,047 subsets
    (1_000_000, 1, None, True),             # on one thread too
    (20_000, 2, None, False),               # the example: the refinement walk
    (48_000_000, 2, "tcp://127.0.0.1:8786", False),  # a cluster sweeps instead
])
def test_numba_is_set_up_early_only_for_the_segment_sweep(monkeypatch, tmp_path, rows, jobs, cluster, started):
    monkeypatch.setattr(api, "estimate_bytes", lambda *args: (rows, 0))
    options = ClusterOptions(address=cluster) if cluster else ClusterOptions()
    config = AnalysisConfig(data=DataSource(str(_csv(tmp_path))), roles=Roles(QIDS, ("s",)), jobs=jobs,
                            cluster=options)
    assert api.sweep_plan(rows, 2 ** 11 - 1, jobs).compiled is (rows >= 1_000_000)
    assert _started(monkeypatch, config) is started


def test_one_subset_sets_up_nothing_and_reads_nothing(monkeypatch, tmp_path):
    """A sample file's key (``--subsets exact``) is one subset: the file is not even looked at."""
    looked = []
    monkeypatch.setattr(api, "estimate_bytes", lambda *args: looked.append(args) or (48_000_000, 0))
    config = AnalysisConfig(data=DataSource(str(_csv(tmp_path))), roles=Roles(QIDS, ("s",)), jobs=2,
                            subsets=SubsetFamily.parse("exact"))
    assert not _started(monkeypatch, config) and looked == []


def test_a_damaged_file_is_left_to_the_read_to_report(tmp_path):
    """A Parquet file that is not one still gets the reader's one line."""
    from engine.foundation.errors import InputError

    path = tmp_path / "broken.parquet"
    path.write_bytes(b"PAR1 this is not a parquet file")
    config = AnalysisConfig(data=DataSource(str(path)), roles=Roles(QIDS, ("s",)), jobs=2)
    api._set_up_numba_early(config)                        # no error of its own
    with pytest.raises(InputError, match="broken.parquet"):
        api.run_assessment(config)


def test_the_set_up_loads_the_sweep_kernels_from_the_cache():
    from engine.sweep import block_kernels, kernels

    segments.set_up_numba()
    assert block_kernels.counting_order.signatures
    if kernels.segment_kernels_cached():
        assert all(kernel.signatures for kernel in (kernels.process, kernels.group_blocks, kernels.pack))
