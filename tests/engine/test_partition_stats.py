"""engine/sweep/partition.py refine and block_value_stats against brute force (a dict per block) on
small random tables, every path: dense and hashed keys, two-valued columns with and without
the block sizes."""

import numpy as np
import pytest

from engine.sweep.partition import block_value_stats, refine


def _brute(ids: np.ndarray, values: np.ndarray, n_blocks: int) -> tuple[list[int], list[int]]:
    per_block: list[dict[int, int]] = [{} for _ in range(n_blocks)]
    for block, value in zip(ids.tolist(), values.tolist()):
        per_block[block][value] = per_block[block].get(value, 0) + 1
    return [max(d.values(), default=0) for d in per_block], [len(d) for d in per_block]


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("cardinality", [1, 2, 3, 40, 70_000])
def test_block_value_stats_equal_brute_force(seed, cardinality):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 3000))
    n_blocks = int(rng.integers(1, n + 1))
    ids = rng.permutation(np.r_[np.arange(n_blocks), rng.integers(0, n_blocks, n - n_blocks)]).astype(np.int64)
    values = rng.integers(0, cardinality, n).astype(np.uint8 if cardinality <= 256 else np.uint32)
    sizes = np.bincount(ids, minlength=n_blocks)
    maxes, distinct = _brute(ids, values, n_blocks)
    for given in (None, sizes):
        got_max, got_distinct = block_value_stats(ids, n_blocks, values, cardinality, given)
        assert got_max.tolist() == maxes and got_distinct.tolist() == distinct


@pytest.mark.parametrize("seed", range(6))
def test_refine_equals_grouping_by_pairs(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 5000))
    parent = rng.integers(0, int(rng.choice([1, 5, 3000])), n)
    _, ids = np.unique(parent, return_inverse=True)
    cardinality = int(rng.choice([1, 2, 60, 100_000]))          # the last: hashed, not dense
    codes = rng.integers(0, cardinality, n).astype(np.uint32)
    new_ids, n_new, sizes = refine(ids.astype(np.int32), int(ids.max()) + 1, codes, cardinality)
    pairs = list(zip(parent.tolist(), codes.tolist()))
    first: dict[tuple[int, int], int] = {}
    for pair in pairs:
        first.setdefault(pair, len(first))
    assert n_new == len(first)
    expected = np.array([first[p] for p in pairs])
    assert len(set(zip(new_ids.tolist(), expected.tolist()))) == n_new     # the same blocks
    assert sizes.tolist() == np.bincount(new_ids, minlength=n_new).tolist()


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("n_ids, n_values", [(1, 1), (3, 5), (40, 900), (600, 300), (2000, 70_000)])
def test_compiled_refinement_numbers_the_pairs_in_either_path(seed, n_ids, n_values):
    """block_kernels.refine_ids: a dense map over all pairs when they take few keys, else a
    counting sort by code (the last two cases); the same ids for
    the same pairs, numbered 0..m-1, one per distinct pair."""
    from engine.sweep import block_kernels

    rng = np.random.default_rng(seed)
    n = int(rng.integers(n_ids, 3000))
    ids = rng.permutation(np.r_[np.arange(n_ids), rng.integers(0, n_ids, n - n_ids)]).astype(np.int32)
    codes = rng.integers(0, n_values, n).astype(np.uint8 if n_values <= 256 else np.uint32)
    dense = n_ids * n_values <= block_kernels.DENSE_KEYS_PER_ROW * n + 65536
    assert dense == (n_ids * n_values < 100_000)      # n < 3,000: the last two sort
    out, m = block_kernels.refine_ids(ids, n_ids, codes, n_values)
    pairs = list(zip(ids.tolist(), codes.tolist()))
    assert m == len(set(pairs)) and sorted(set(out.tolist())) == list(range(m))
    number = {}
    for pair, got in zip(pairs, out.tolist()):
        assert number.setdefault(pair, got) == got


@pytest.mark.parametrize("seed", range(6))
def test_a_collapsed_table_holds_each_blocks_first_row_and_size_ordered_by_code(seed):
    """block_kernels.collapsed_segments: one row per block (its first row) with the block's row
    count, ordered by the code of that row and, within a code, by block number; the starts of
    the codes' runs as counting_order's."""
    from engine.sweep import block_kernels

    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 2000))
    n_values = int(rng.choice([1, 3, 50, 4000]))
    codes = rng.integers(0, n_values, n).astype(np.uint16)
    blocks = rng.integers(0, max(1, n // int(rng.choice([1, 3, 20]))), n)
    ids, n_ids = block_kernels.refine_ids(np.zeros(n, np.int32), 1, (blocks * n_values + codes).astype(np.int64),
                                          int(blocks.max() + 1) * n_values)   # blocks within one code each
    rows, weights, starts = block_kernels.collapsed_segments(ids, n_ids, codes, n_values)
    first = {}
    for row, block in enumerate(ids.tolist()):
        first.setdefault(block, row)
    expected = sorted(range(n_ids), key=lambda b: (codes[first[b]], b))
    assert rows.tolist() == [first[b] for b in expected]
    assert weights.tolist() == [int((ids == b).sum()) for b in expected]
    runs = np.flatnonzero(np.diff(codes[rows].astype(np.int64))) + 1
    assert starts.tolist() == [0, *runs.tolist(), n_ids]
    assert weights.dtype == np.uint32 and rows.dtype == np.int32
