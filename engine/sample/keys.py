"""The records' key ids on the full key (all key variables at once), with each key's record
count and weight sum, for the per-record measures of large files.

The codes are packed into at most two 64-bit words (mixed radix, the widest columns first);
the records are then split by the top bits of a hash of their words into buckets of about
32,000 records (a counting pass and a scatter of the words, in row order), and each bucket
is grouped through its own small open-addressing hash table, which stays in the processor's
cache: no refinement pass per column (:func:`engine.sweep.partition.partition`, still used when the
codes need more than two words or the table is small) and no table the size of the file.
Memory: the two words, their copy in bucket order with the row numbers and weights, and the
ids (about 60 bytes a record).
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np

from ..sweep.partition import LINEAR_MIN_ROWS, partition

WORD_SPACE = 1 << 63
BUCKET_ROWS = 1 << 15


def key_ids(columns: Sequence[tuple[np.ndarray, int]], n_rows: int, weights: Optional[np.ndarray] = None
            ) -> tuple[np.ndarray, int, np.ndarray, Optional[np.ndarray]]:
    """(key id per record, number of keys, records per key, sum of ``weights`` per key or
    None) of the partition by every column: the partition of :func:`engine.sweep.partition.partition`,
    its ids possibly numbered differently."""
    words: list[np.ndarray] = []
    if n_rows >= LINEAR_MIN_ROWS and columns:
        from .kernels import bucket_ids, push

        space = WORD_SPACE
        for codes, cardinality in sorted(columns, key=lambda c: -c[1]):
            cardinality = max(1, int(cardinality))
            if space * cardinality > WORD_SPACE:
                if len(words) == 2:
                    words = []
                    break
                words.append(np.zeros(n_rows, np.uint64))
                space = 1
            push(words[-1], np.ascontiguousarray(codes), cardinality)
            space *= cardinality
    if not words:
        ids, n_keys, sizes = partition(columns, n_rows)
        sums = None if weights is None else np.bincount(ids, weights=weights, minlength=n_keys)
        return ids, n_keys, sizes, sums
    low = words[1] if len(words) == 2 else np.zeros(n_rows, np.uint64)
    bits = max(0, int(np.ceil(np.log2(max(1, n_rows / BUCKET_ROWS)))))
    weighted = weights is not None
    ids, n_keys, counts, sums = bucket_ids(words[0], low, weights if weighted else np.zeros(1), weighted, bits)
    return ids, n_keys, counts, (sums if weighted else None)
