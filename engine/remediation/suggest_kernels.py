"""Compiled (numba) kernels of the suggest search (docs/methods.md, "Suggested release"): the
roll-up of a class table to a node above it, and the tagging of a node's cone in a listed
lattice. Cached as :mod:`engine.sweep.block_kernels` says.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..sweep.block_kernels import CACHE

_FNV_OFFSET = np.uint64(14695981039346656037)
_FNV_PRIME = np.uint64(1099511628211)


@njit(cache=CACHE)
def roll_up(codes, sizes, maps, offsets, active):
    """Merge the classes of a node into those of a node above it.

    ``codes[i, c]``: class i's code on QID c at the lower node; ``maps[offsets[c] + code]``:
    that code at the upper node's level; ``sizes``: the classes' record counts; ``active``:
    the QIDs with more than one value at the upper node (the others are code 0). Classes with
    the same codes at the upper node merge (open-addressing hash on the code rows). Returns
    (codes, sizes) of the upper node's classes, in order of first appearance."""
    m, w = codes.shape
    cap = 2
    while cap < 2 * m:
        cap *= 2
    mask = np.uint64(cap - 1)
    slots = np.full(cap, -1, np.int32)
    out_codes = np.zeros((m, w), np.int32)
    out_sizes = np.zeros(m, np.int64)
    row = np.empty(w, np.int32)
    groups = 0
    for i in range(m):
        h = _FNV_OFFSET
        for c in active:
            value = maps[offsets[c] + codes[i, c]]
            row[c] = value
            h = (h ^ np.uint64(value)) * _FNV_PRIME
        slot = np.int64((h ^ (h >> np.uint64(29))) & mask)
        while True:
            j = slots[slot]
            if j < 0:
                slots[slot] = groups
                for c in active:
                    out_codes[groups, c] = row[c]
                out_sizes[groups] = sizes[i]
                groups += 1
                break
            same = True
            for c in active:
                if out_codes[j, c] != row[c]:
                    same = False
                    break
            if same:
                out_sizes[j] += sizes[i]
                break
            slot = (slot + 1) & (cap - 1)
    return out_codes[:groups].copy(), out_sizes[:groups].copy()


@njit(cache=CACHE)
def roll_up_dense(codes, sizes, maps, offsets, lengths, active, cards, space):
    """:func:`roll_up` keyed by the mixed-radix number of the upper codes (``lengths``: the
    QIDs' value counts at the lower node; ``cards``: at the upper node; ``space``: the product
    of ``cards``, small enough for a table with one slot per key)."""
    m, w = codes.shape
    # each active QID's lower codes mapped straight to their share of the key
    starts = np.zeros(w, np.int64)
    length = 0
    for c in active:
        starts[c] = length
        length += lengths[c]
    scaled = np.empty(length, np.int64)
    stride = 1
    for position in range(len(active) - 1, -1, -1):
        c = active[position]
        for code in range(lengths[c]):
            scaled[starts[c] + code] = maps[offsets[c] + code] * stride
        stride *= cards[c]
    slots = np.full(space, -1, np.int32)
    first = np.empty(m, np.int32)
    totals = np.empty(m, np.int64)
    groups = 0
    for i in range(m):
        key = 0
        for c in active:
            key += scaled[starts[c] + codes[i, c]]
        j = slots[key]
        if j < 0:
            slots[key] = groups
            first[groups] = i
            totals[groups] = sizes[i]
            groups += 1
        else:
            totals[j] += sizes[i]
    out_codes = np.zeros((groups, w), np.int32)
    for g in range(groups):
        for c in active:
            out_codes[g, c] = maps[offsets[c] + codes[first[g], c]]
    return out_codes, totals[:groups].copy()


@njit(cache=CACHE)
def tag_cone(levels, node, status, upward, value, fresh):
    """Give ``value`` to every node of unknown status (0) in the cone of ``node``: the nodes at
    or above it on every QID (``upward``) or at or below it. ``levels``: the listed lattice,
    one row per node. Writes the newly tagged nodes' numbers into ``fresh``; returns how many."""
    n, w = levels.shape
    count = 0
    for i in range(n):
        if status[i] != 0:
            continue
        inside = True
        for c in range(w):
            if (levels[i, c] < node[c]) if upward else (levels[i, c] > node[c]):
                inside = False
                break
        if inside:
            status[i] = value
            fresh[count] = i
            count += 1
    return count
