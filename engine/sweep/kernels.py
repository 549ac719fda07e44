"""Compiled (numba) kernels of the segment sweep (:mod:`engine.sweep.segments`).

Rows are weighted (identical rows collapsed into one with a weight) and packed: every column
a walk reads sits in ``words[row, wi]`` at bits ``shift..`` (``(word >> shift) & mask``).

The walk is BUC ("bottom-up cube", Beyer & Ramakrishnan 1999) over the subset prefix tree:
a block of a subset is a contiguous range of rows; refining it by a child QID groups the
range in place by that QID's code (rows move with their weights; a dense map over the code
range reset after use, or an insertion sort for tiny ranges), and every sub-range is a block
of the child subset. Shortcuts, all exact:

- a block of one row never splits again: it is recorded once ("pruned") for its subset and
  every walked subset below, and not walked further;
- a QID constant on a block leaves it whole: the child reuses the block's counts;
- a block with more rows than the key space of the columns read below it is first collapsed
  into merged rows (a stack past the task's rows);
- a block of at most :data:`SMALL` rows is walked by pair masks (:func:`_small`), one of at most
  :data:`BITS` by row sets (:func:`_bits`), one of at most :data:`BITS2` by row sets of two
  words (:func:`_bits2`); row sets only where at least :data:`SETS_BELOW` QIDs lie below;
- a child is counted in one pass over the block (:func:`_tally`: per group of the child's
  code, its weight and dense counters of its sensitive values); its rows are grouped only
  when subsets below it are walked, and a child whose only child has nothing below counts
  that one too, by the pair of codes, from the same block (nothing grouped at all).

Per subset the kernels add up ``counts[node]``: blocks, blocks of weight 1, then per
sensitive attribute the sum over blocks of ``max_s s(q)`` and the weight of blocks with one
sensitive value. Pruned single-row blocks go to ``pruned[node] = (blocks, singletons,
weight)``, added to the node and its walked descendants afterwards.

Compiled on first use (about 15 s for all kernels on a 2-core machine) or loaded from
numba's cache (about 1 s): beside this file where that is writable, in the user's cache folder
for the packaged program (:mod:`engine.sweep.kernel_cache`); see :func:`engine.sweep.block_kernels._cache_wanted`.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

from . import block_kernels
from .block_kernels import CACHE
from .counts import FIRST_SENSITIVE, PER_SENSITIVE, PRUNED_BLOCKS, PRUNED_SINGLETONS, PRUNED_WEIGHT
from .counts import BLOCKS as COUNT_BLOCKS
from .counts import SINGLETONS as COUNT_SINGLETONS

# The kernels' arguments, grouped (plain namedtuples of arrays, which numba passes as tuples):
Rows = namedtuple("Rows", "words wts")                  # packed rows, and the weight of each
Packing = namedtuple("Packing", "wi shift mask")        # per column: word, bit shift, bit mask
Lattice = namedtuple("Lattice", "child_ptr child_dim child_node below_ptr below_dim")  # Tree's CSR arrays
Output = namedtuple("Output", "counts pruned work")     # TaskResult's arrays
# table: one word per code of any column, all 0 between uses (:func:`_row_sets`)
Scratch = namedtuple("Scratch", "cmap keys sizes labels tmp_words tmp_wts hist touched table")
Tails = namedtuple("Tails", "ptr col stride size cmap2")  # collapse keys per node (Tree.tails)
# :func:`_bits`'s row sets: per column and row, per sensitive attribute and row; per walk depth the
# classes of two or more rows (their sets) and how many; per sensitive attribute a subset's
# corrections.
Sets = namedtuple("Sets", "agree s_agree classes n_classes acc")
# Dense (group, sensitive value) counters of :func:`_tally`, the ones in use (with their group
# and attribute), per group its first and last row, per value a block's weight (JOINT),
# the counters' mode and width per group (``dense``); per walk depth the groups found there:
# their starts, weights and per sensitive attribute the largest value weight.
Tally = namedtuple("Tally", "hist touched owner offset weight top first last marg dense starts totals tops")


@njit(cache=CACHE, inline="always")
def _max_sum(s):
    """Column of sensitive attribute ``s``'s sum of block maxima (:mod:`.counts`)."""
    return FIRST_SENSITIVE + PER_SENSITIVE * s


@njit(cache=CACHE, inline="always")
def _constant(s):
    """Column of sensitive attribute ``s``'s records in constant blocks (:mod:`.counts`)."""
    return FIRST_SENSITIVE + PER_SENSITIVE * s + 1


@njit(cache=CACHE, inline="always")
def _u(i):
    """An index as unsigned: numba adds a negative-index wraparound (three instructions) to every
    access by a signed index; the loops over rows index this way."""
    return np.uint64(i)


@njit(cache=CACHE, inline="always")
def _code(words, r, wi, shift, mask):
    return np.int64((words[_u(r), _u(wi)] >> shift) & mask)


@njit(cache=CACHE, inline="always")
def _prune(pruned, node, weight):
    pruned[node, PRUNED_BLOCKS] += 1
    if weight == 1:
        pruned[node, PRUNED_SINGLETONS] += 1
    pruned[node, PRUNED_WEIGHT] += weight


@njit(cache=CACHE, inline="always")
def _stats(node, rows, a, b, key_wi, key_shift, key_mask, whole, sens, counts, first, constant,
           scratch, bmax):
    """Find the end ``j`` of the block starting at ``a`` (rows with the code of ``a`` in the key
    column, or all of ``[a, b)`` when ``whole``), count it for ``node`` if it has more than one
    row; returns ``j`` and the block's weight."""
    words, wts = rows.words, rows.wts
    s_wi, s_shift, s_mask = sens.wi, sens.shift, sens.mask
    hist, touched = scratch.hist, scratch.touched
    n_sens = s_wi.shape[0]
    total = np.int64(wts[a])
    key = _code(words, a, key_wi, key_shift, key_mask)
    for s in range(n_sens):
        first[s] = _code(words, a, s_wi[s], s_shift[s], s_mask[s])
        constant[s] = True
    j = a + 1
    while j < b:
        if not whole and _code(words, j, key_wi, key_shift, key_mask) != key:
            break
        total += wts[j]
        for s in range(n_sens):
            if constant[s] and _code(words, j, s_wi[s], s_shift[s], s_mask[s]) != first[s]:
                constant[s] = False
        j += 1
    if j - a == 1:
        return j, total
    counts[node, COUNT_BLOCKS] += 1
    for s in range(n_sens):
        if constant[s]:
            counts[node, _max_sum(s)] += total
            counts[node, _constant(s)] += total
            bmax[s] = total
            continue
        n_touched = 0
        for i in range(a, j):
            v = _code(words, i, s_wi[s], s_shift[s], s_mask[s])
            if hist[v] == 0:
                touched[n_touched] = v
                n_touched += 1
            hist[v] += wts[i]
        top = np.int64(0)
        for t in range(n_touched):
            v = touched[t]
            if hist[v] > top:
                top = hist[v]
            hist[v] = 0
        counts[node, _max_sum(s)] += top
        bmax[s] = top
    return j, total


@njit(cache=CACHE, inline="always")
def _all_same(words, a, b, wi, shift, mask):
    key = _code(words, a, wi, shift, mask)
    for i in range(a + 1, b):
        if _code(words, i, wi, shift, mask) != key:
            return False
    return True


@njit(cache=CACHE, inline="always")
def _group(rows, a, b, wi, shift, mask, scratch):
    """Group the rows ``[a, b)`` in place by one column's code (rows are moved with their
    weights); returns the number of groups."""
    words, wts = rows.words, rows.wts
    cmap, keys, sizes, labels = scratch.cmap, scratch.keys, scratch.sizes, scratch.labels
    tmp_words, tmp_wts = scratch.tmp_words, scratch.tmp_wts
    n_words = words.shape[1]
    m = b - a
    if m <= 12:                       # tiny: insertion sort by the code
        same = True
        k0 = _code(words, a, wi, shift, mask)
        for i in range(a + 1, b):
            key = _code(words, i, wi, shift, mask)
            if key != k0:
                same = False
            j = i
            while j > a and _code(words, j - 1, wi, shift, mask) > key:
                j -= 1
            if j < i:
                for t in range(n_words):
                    tmp_words[0, t] = words[i, t]
                wt = wts[i]
                for q in range(i, j, -1):
                    for t in range(n_words):
                        words[q, t] = words[q - 1, t]
                    wts[q] = wts[q - 1]
                for t in range(n_words):
                    words[j, t] = tmp_words[0, t]
                wts[j] = wt
        return 1 if same else 2
    n_groups = 0
    for i in range(a, b):
        v = _code(words, i, wi, shift, mask)
        g = cmap[v]
        if g < 0:
            g = n_groups
            cmap[v] = g
            keys[g] = v
            sizes[g] = 0
            n_groups += 1
        sizes[g] += 1
        labels[i - a] = g
    if n_groups > 1:
        start = 0
        for g in range(n_groups):
            size = sizes[g]
            sizes[g] = start
            start += size
        for i in range(a, b):
            g = labels[i - a]
            p = sizes[g]
            for t in range(n_words):
                tmp_words[p, t] = words[i, t]
            tmp_wts[p] = wts[i]
            sizes[g] = p + 1
        for i in range(m):
            for t in range(n_words):
                words[a + i, t] = tmp_words[i, t]
            wts[a + i] = tmp_wts[i]
    for g in range(n_groups):
        cmap[keys[g]] = -1
    return n_groups


NOTED, DENSE, JOINT = 0, 1, 2   # _tally's counters (tally.dense[0])
# The pair of rows (i, j), j < i, of bit i * (i - 1) / 2 + j of :func:`_small`'s masks, and a
# lone bit's position: _LOW_BIT[(bit * _DEBRUIJN) >> 58] (each 6-bit window of the product differs).
_PAIR_I = np.array([i for i in range(1, 12) for j in range(i)], np.int64)
_PAIR_J = np.array([j for i in range(1, 12) for j in range(i)], np.int64)
_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_LOW_BIT = np.zeros(64, np.int64)
_LOW_BIT[[((1 << b) * 0x03F79D71B4CB0A89 % (1 << 64)) >> 58 for b in range(64)]] = np.arange(64)
SMALL = 6                 # blocks of at most this many rows are walked by pair masks (3 to 9 measured on five shapes: 6 best)
BITS = 64                 # blocks of at most this many rows (and more than SMALL) may be walked by row sets (_bits)
BITS2 = 128               # ... and of more than BITS, at most this many, by sets of two words (_bits2)
SETS_BELOW = 2            # ... when at least this many QIDs lie below their subset (one: a tally pass counts it)
WHOLE, TALLIED, GROUPED = 0, 1, 2   # a child's blocks: the block itself; _tally groups; _group groups


@njit(cache=CACHE, inline="always")
def _all_alone(node, wts, a, b, lattice, pruned):
    """Count every row of ``[a, b)`` as a single-row block in every subset below ``node`` (the
    children's pruned counts, added to their walked descendants afterwards); the walks of small
    blocks then correct the subsets where rows are together. Returns the rows of weight 1."""
    ones = np.int64(0)
    weight = np.int64(0)
    for i in range(a, b):
        weight += wts[i]
        if wts[i] == 1:
            ones += 1
    for ci in range(lattice.child_ptr[node], lattice.child_ptr[node + 1]):
        u = lattice.child_node[ci]
        pruned[u, PRUNED_BLOCKS] += b - a
        pruned[u, PRUNED_SINGLETONS] += ones
        pruned[u, PRUNED_WEIGHT] += weight
    return ones


@njit(cache=CACHE, _nrt=False)
def _small(node, rows, a, b, lattice, cols, sens, out, agree, rep, cls_w, st_node, st_mask, st_ci):
    """Walk the subtree of ``node`` inside its block ``[a, b)`` of at most :data:`SMALL` rows.

    For each pair of rows the QIDs they agree on are a bit mask over pairs per QID
    (``agree``); a subset below ``node`` keeps exactly the pairs that agree on all its added
    QIDs, and its blocks are the classes of those pairs (equality is transitive). Every row
    is first counted as a single-row block in every subset below; subsets where some pair is
    still together get the difference. Only those subsets are visited."""
    words, wts = rows.words, rows.wts
    child_ptr, child_dim, child_node = lattice.child_ptr, lattice.child_dim, lattice.child_node
    below_ptr, below_dim = lattice.below_ptr, lattice.below_dim
    c_wi, c_shift, c_mask = cols.wi, cols.shift, cols.mask
    s_wi, s_shift, s_mask = sens.wi, sens.shift, sens.mask
    counts, pruned = out.counts, out.pruned
    m = b - a
    n_sens = s_wi.shape[0]
    for t in range(below_ptr[node], below_ptr[node + 1]):
        d = below_dim[t]
        bits = np.uint64(0)
        p = 0
        for i in range(1, m):
            for j in range(i):
                wi = c_wi[d]
                x = (words[a + i, wi] ^ words[a + j, wi]) >> np.uint64(c_shift[d])
                if x & c_mask[d] == 0:
                    bits |= np.uint64(1) << np.uint64(p)
                p += 1
        agree[d] = bits
    _all_alone(node, wts, a, b, lattice, pruned)
    full = np.uint64((1 << (m * (m - 1) // 2)) - 1) if m < 12 else np.uint64(0)
    depth = 0
    st_node[0] = node
    st_mask[0] = full
    st_ci[0] = child_ptr[node]
    while depth >= 0:
        x = st_node[depth]
        ci = st_ci[depth]
        if ci >= child_ptr[x + 1]:
            depth -= 1
            continue
        st_ci[depth] = ci + 1
        together = st_mask[depth] & agree[child_dim[ci]]
        if together == 0:
            continue
        y = child_node[ci]
        if together & (together - np.uint64(1)) == 0:
            # one pair together: a block of two rows, the others alone
            p = _LOW_BIT[np.int64((together * _DEBRUIJN) >> np.uint64(58))]
            r, q = a + _PAIR_J[p], a + _PAIR_I[p]
            total = np.int64(wts[r]) + np.int64(wts[q])
            counts[y, COUNT_BLOCKS] -= 1
            counts[y, COUNT_SINGLETONS] -= (wts[r] == 1) + (wts[q] == 1)
            for s in range(n_sens):
                if _code(words, r, s_wi[s], s_shift[s], s_mask[s]) != _code(words, q, s_wi[s], s_shift[s], s_mask[s]):
                    counts[y, _max_sum(s)] += np.int64(max(wts[r], wts[q])) - total
                    counts[y, _constant(s)] -= total
        else:
            _classes(y, rows, a, m, together, sens, counts, rep, cls_w)
        if child_ptr[y + 1] > child_ptr[y]:
            depth += 1
            st_node[depth] = y
            st_mask[depth] = together
            st_ci[depth] = child_ptr[y]


@njit(cache=CACHE, inline="always")
def _classes(y, rows, a, m, together, sens, counts, rep, cls_w):
    """:func:`_small`'s subset ``y`` where the pairs of ``together`` agree: its blocks are the
    classes of those pairs; the counts of every row alone are corrected for each class."""
    words, wts = rows.words, rows.wts
    s_wi, s_shift, s_mask = sens.wi, sens.shift, sens.mask
    n_sens = s_wi.shape[0]
    # classes: each row's representative is the first earlier row it is paired with
    for i in range(m):
        rep[i] = i
        base = i * (i - 1) // 2
        for j in range(i):
            if (together >> np.uint64(base + j)) & np.uint64(1):
                rep[i] = rep[j]
                break
        cls_w[i] = 0
    for i in range(m):
        cls_w[rep[i]] += wts[a + i]
    for r in range(m):
        if rep[r] != r or cls_w[r] == np.int64(wts[a + r]):
            continue                      # not a class head, or a class of one row
        size = 0
        ones_in = 0
        for i in range(r, m):
            if rep[i] == r:
                size += 1
                if wts[a + i] == 1:
                    ones_in += 1
        total = cls_w[r]
        counts[y, COUNT_BLOCKS] += 1 - size
        counts[y, COUNT_SINGLETONS] -= ones_in
        for s in range(n_sens):
            top = np.int64(0)
            constant = True
            v0 = _code(words, a + r, s_wi[s], s_shift[s], s_mask[s])
            for i in range(r, m):
                if rep[i] != r:
                    continue
                v = _code(words, a + i, s_wi[s], s_shift[s], s_mask[s])
                if v != v0:
                    constant = False
                same = np.int64(0)
                for q in range(r, m):
                    if rep[q] == r and _code(words, a + q, s_wi[s], s_shift[s], s_mask[s]) == v:
                        same += wts[a + q]
                if same > top:
                    top = same
            counts[y, _max_sum(s)] += top - total
            if not constant:
                counts[y, _constant(s)] -= total


@intrinsic
def _ctpop(typingctx, x):
    """Number of set bits of a uint64 (one instruction)."""
    if x != types.uint64:
        return None

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])
    return types.uint64(types.uint64), codegen


@intrinsic
def _cttz(typingctx, x):
    """Position of the lowest set bit of a uint64 that is not 0 (one instruction)."""
    if x != types.uint64:
        return None

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))
    return types.uint64(types.uint64), codegen


@njit(cache=CACHE, inline="always")
def _set_weight(wts, a, rows_set, unit):
    """Total weight of the rows ``a + r`` for the set bits ``r`` of ``rows_set``."""
    if unit:
        return np.int64(_ctpop(rows_set))
    total = np.int64(0)
    while rows_set:
        total += np.int64(wts[_u(a) + _cttz(rows_set)])
        rows_set &= rows_set - np.uint64(1)
    return total


@njit(cache=CACHE, inline="always")
def _row_sets(words, a, m, wi, shift, mask, table, into):
    """``into[i]``: the set of rows of ``[a, a + m)`` with the code of row ``a + i`` in one
    column (bit ``r`` for row ``a + r``): each code's rows are ORed together in ``table`` (one
    word per code, all 0 before and after), three passes without a branch."""
    for i in range(m):
        table[_u(_code(words, a + i, wi, shift, mask))] |= np.uint64(1) << np.uint64(i)
    for i in range(m):
        into[_u(i)] = table[_u(_code(words, a + i, wi, shift, mask))]
    for i in range(m):
        table[_u(_code(words, a + i, wi, shift, mask))] = 0


@njit(cache=CACHE, inline="always")
def _corrected(y, n, blocks, singles, acc, n_sens, counts, child_ptr, depth, n_classes, st_node, st_ci):
    """The row-set walks' subset ``y``: take its classes' corrections (``blocks`` rows no longer
    alone, ``singles`` of weight 1, per sensitive attribute ``acc``) off the counts of every row
    alone, and walk below it with its ``n`` classes if it has children; returns the depth."""
    counts[y, COUNT_BLOCKS] -= blocks
    counts[y, COUNT_SINGLETONS] -= singles
    for s in range(n_sens):
        counts[y, _max_sum(s)] -= acc[2 * s]
        counts[y, _constant(s)] -= acc[2 * s + 1]
    if child_ptr[y + 1] > child_ptr[y]:
        depth += 1
        n_classes[depth] = n
        st_node[depth] = y
        st_ci[depth] = child_ptr[y]
    return depth


@njit(cache=CACHE, _nrt=False)
def _bits(node, rows, a, b, lattice, cols, sens, out, scratch, sets, st_node, st_ci):
    """Walk the subtree of ``node`` inside its block ``[a, b)`` of at most :data:`BITS` rows by
    row sets.

    Per QID below ``node`` and per sensitive attribute, each row gets the set of rows sharing
    its code (one 64-bit word). A subset's blocks are its classes: each class of its parent
    with two or more rows splits by the added QID, a part per code (the class ANDed with the
    set of its lowest row not yet placed), and only the parts of two or more rows are kept. As
    in :func:`_small`, every row is first counted as a single-row block in every subset below;
    each class corrects that (read from its lowest row, its head), and a subset where every row
    is alone is not walked below (docs/performance.md, compiled kernels). ``sets``: :data:`Sets`."""
    words, wts = rows.words, rows.wts
    child_ptr, child_dim, child_node = lattice.child_ptr, lattice.child_dim, lattice.child_node
    below_ptr, below_dim = lattice.below_ptr, lattice.below_dim
    c_wi, c_shift, c_mask = cols.wi, cols.shift, cols.mask
    s_wi, s_shift, s_mask = sens.wi, sens.shift, sens.mask
    counts, pruned = out.counts, out.pruned
    agree, s_agree, table = sets.agree, sets.s_agree, scratch.table
    classes, n_classes, acc = sets.classes, sets.n_classes, sets.acc
    m = b - a
    n_sens = s_wi.shape[0]
    one = np.uint64(1)
    for t in range(below_ptr[node], below_ptr[node + 1]):
        d = below_dim[t]
        _row_sets(words, a, m, c_wi[d], c_shift[d], c_mask[d], table, agree[d])
    for s in range(n_sens):
        _row_sets(words, a, m, s_wi[s], s_shift[s], s_mask[s], table, s_agree[s])
    unit = _all_alone(node, wts, a, b, lattice, pruned) == m
    full = ~np.uint64(0) if m == 64 else (one << np.uint64(m)) - one
    classes[0, 0] = full
    n_classes[0] = 1
    depth = 0
    st_node[0] = node
    st_ci[0] = child_ptr[node]
    while depth >= 0:
        x = st_node[depth]
        ci = st_ci[depth]
        if ci >= child_ptr[x + 1]:
            depth -= 1
            continue
        st_ci[depth] = ci + 1
        d = _u(child_dim[ci])
        p, q = _u(depth), _u(depth + 1)
        n = 0
        for k in range(n_classes[depth]):
            whole = classes[p, _u(k)]
            rest = whole
            while rest:
                part = whole & agree[d, _cttz(rest)]
                rest &= ~part
                classes[q, _u(n)] = part
                n += (part & (part - one)) != 0         # kept: two rows or more
        if n == 0:
            continue
        y = child_node[ci]
        blocks = np.int64(0)
        singles = np.int64(0)
        for s in range(2 * n_sens):
            acc[s] = 0
        for h in range(n):
            t = classes[q, _u(h)]
            i = _cttz(t)
            size = np.int64(_ctpop(t))
            blocks += size - 1
            if unit:
                total = size
                singles += size
            else:
                total = np.int64(0)
                rest = t
                while rest:
                    w = np.int64(wts[_u(a) + _cttz(rest)])
                    total += w
                    singles += w == 1
                    rest &= rest - one
            for s in range(n_sens):
                same = t & s_agree[_u(s), _u(i)]
                if same == t:
                    continue                      # constant: as counted for its rows alone
                top = _set_weight(wts, a, same, unit)
                rest = t & ~same
                while rest:
                    same = t & s_agree[_u(s), _cttz(rest)]
                    w = _set_weight(wts, a, same, unit)
                    if w > top:
                        top = w
                    rest &= ~same
                acc[2 * s] += total - top
                acc[2 * s + 1] += total
        depth = _corrected(y, n, blocks, singles, acc, n_sens, counts, child_ptr, depth, n_classes, st_node, st_ci)


@njit(cache=CACHE, inline="always")
def _low2(lo, hi):
    """Lowest set bit of the pair of words ``lo`` (rows 0-63), ``hi`` (rows 64-127), not both 0."""
    return _cttz(lo) if lo else np.uint64(64) + _cttz(hi)


@njit(cache=CACHE, inline="always")
def _row_sets2(words, a, m, wi, shift, mask, table, into):
    """:func:`_row_sets` for blocks of 65 to 128 rows: ``into[i, 0]``, ``into[i, 1]`` are row
    ``a + i``'s set's rows 0-63 and 64-127 (``table`` holds two words per code)."""
    for i in range(m):
        table[_u(2 * _code(words, a + i, wi, shift, mask) + (i >> 6))] |= np.uint64(1) << np.uint64(i & 63)
    for i in range(m):
        c = _u(2 * _code(words, a + i, wi, shift, mask))
        into[_u(i), 0] = table[c]
        into[_u(i), 1] = table[c + _u(1)]
    for i in range(m):
        c = _u(2 * _code(words, a + i, wi, shift, mask))
        table[c] = 0
        table[c + _u(1)] = 0


@njit(cache=CACHE, inline="always")
def _set_weight2(wts, a, lo, hi, unit):
    """:func:`_set_weight` of a set of two words."""
    if unit:
        return np.int64(_ctpop(lo) + _ctpop(hi))
    return _set_weight(wts, a, lo, False) + _set_weight(wts, a + 64, hi, False)


@njit(cache=CACHE, _nrt=False)
def _bits2(node, rows, a, b, lattice, cols, sens, out, scratch, sets, st_node, st_ci):
    """:func:`_bits` for blocks of 65 to 128 rows: every row set is two words (``sets`` holds a
    pair where :func:`_bits` holds one)."""
    words, wts = rows.words, rows.wts
    child_ptr, child_dim, child_node = lattice.child_ptr, lattice.child_dim, lattice.child_node
    below_ptr, below_dim = lattice.below_ptr, lattice.below_dim
    c_wi, c_shift, c_mask = cols.wi, cols.shift, cols.mask
    s_wi, s_shift, s_mask = sens.wi, sens.shift, sens.mask
    counts, pruned = out.counts, out.pruned
    agree, s_agree, table = sets.agree, sets.s_agree, scratch.table
    classes, n_classes, acc = sets.classes, sets.n_classes, sets.acc
    m = b - a
    n_sens = s_wi.shape[0]
    one = np.uint64(1)
    for t in range(below_ptr[node], below_ptr[node + 1]):
        d = below_dim[t]
        _row_sets2(words, a, m, c_wi[d], c_shift[d], c_mask[d], table, agree[d])
    for s in range(n_sens):
        _row_sets2(words, a, m, s_wi[s], s_shift[s], s_mask[s], table, s_agree[s])
    unit = _all_alone(node, wts, a, b, lattice, pruned) == m
    classes[0, 0, 0] = ~np.uint64(0)
    classes[0, 0, 1] = ~np.uint64(0) if m == 128 else (one << np.uint64(m - 64)) - one
    n_classes[0] = 1
    depth = 0
    st_node[0] = node
    st_ci[0] = child_ptr[node]
    while depth >= 0:
        x = st_node[depth]
        ci = st_ci[depth]
        if ci >= child_ptr[x + 1]:
            depth -= 1
            continue
        st_ci[depth] = ci + 1
        d = _u(child_dim[ci])
        p, q = _u(depth), _u(depth + 1)
        n = 0
        for k in range(n_classes[depth]):
            lo, hi = classes[p, _u(k), 0], classes[p, _u(k), 1]
            rest_lo, rest_hi = lo, hi
            while rest_lo | rest_hi:
                r = _low2(rest_lo, rest_hi)
                part_lo, part_hi = lo & agree[d, r, 0], hi & agree[d, r, 1]
                rest_lo &= ~part_lo
                rest_hi &= ~part_hi
                classes[q, _u(n), 0] = part_lo
                classes[q, _u(n), 1] = part_hi
                n += _ctpop(part_lo) + _ctpop(part_hi) > 1      # kept: two rows or more
        if n == 0:
            continue
        y = child_node[ci]
        blocks = np.int64(0)
        singles = np.int64(0)
        for s in range(2 * n_sens):
            acc[s] = 0
        for h in range(n):
            t_lo, t_hi = classes[q, _u(h), 0], classes[q, _u(h), 1]
            i = _low2(t_lo, t_hi)
            size = np.int64(_ctpop(t_lo) + _ctpop(t_hi))
            blocks += size - 1
            if unit:
                total = size
                singles += size
            else:
                total = np.int64(0)
                for base, rest in ((a, t_lo), (a + 64, t_hi)):
                    while rest:
                        w = np.int64(wts[_u(base) + _cttz(rest)])
                        total += w
                        singles += w == 1
                        rest &= rest - one
            for s in range(n_sens):
                same_lo, same_hi = t_lo & s_agree[_u(s), i, 0], t_hi & s_agree[_u(s), i, 1]
                if same_lo == t_lo and same_hi == t_hi:
                    continue                      # constant: as counted for its rows alone
                top = _set_weight2(wts, a, same_lo, same_hi, unit)
                rest_lo, rest_hi = t_lo & ~same_lo, t_hi & ~same_hi
                while rest_lo | rest_hi:
                    j = _low2(rest_lo, rest_hi)
                    same_lo, same_hi = t_lo & s_agree[_u(s), j, 0], t_hi & s_agree[_u(s), j, 1]
                    w = _set_weight2(wts, a, same_lo, same_hi, unit)
                    if w > top:
                        top = w
                    rest_lo &= ~same_lo
                    rest_hi &= ~same_hi
                acc[2 * s] += total - top
                acc[2 * s + 1] += total
        depth = _corrected(y, n, blocks, singles, acc, n_sens, counts, child_ptr, depth, n_classes, st_node, st_ci)


@njit(cache=CACHE, _nrt=False)
def _collapse(rows, a, b, top, node, tails, cols, keys):
    """Copy the rows ``[a, b)`` to ``top...``, merging rows equal on the columns read below
    ``node`` (a dense key over their codes); returns the number of merged rows."""
    words, wts = rows.words, rows.wts
    tail_ptr, tail_col, tail_stride, cmap2 = tails.ptr, tails.col, tails.stride, tails.cmap2
    c_wi, c_shift, c_mask = cols.wi, cols.shift, cols.mask
    n_words = words.shape[1]
    m = 0
    for i in range(a, b):
        key = np.int64(0)
        for t in range(tail_ptr[node], tail_ptr[node + 1]):
            j = tail_col[t]
            key += _code(words, i, c_wi[j], c_shift[j], c_mask[j]) * tail_stride[t]
        g = cmap2[key]
        if g < 0:
            g = m
            cmap2[key] = g
            keys[g] = key
            for t in range(n_words):
                words[top + g, t] = words[i, t]
            wts[top + g] = wts[i]
            m += 1
        else:
            wts[top + g] += wts[i]
    for g in range(m):
        cmap2[keys[g]] = -1
    return m


@njit(cache=CACHE, inline="always")
def _tally(node, rows, a, b, wi, shift, mask, wi2, shift2, mask2, sens, counts, pruned, scratch, tally):
    """Count the children of ``[a, b)`` by one column for subset ``node`` in one pass, without
    moving rows (or by two columns: key ``code * (mask2 + 1) + code2``; ``mask2 = 0`` for one):
    per group (key, labelled in order of first appearance) its rows, weight and the weight of
    each sensitive value in dense counters. A group of one row is pruned, a larger one is a
    block: ``max_sum(s)`` += its largest value weight, ``constant(s)`` += its weight when that
    is all of it. Returns the number of groups (labels in ``scratch.labels``).

    The counters (``tally.dense = (mode, width)``, chosen by
    :func:`engine.sweep.segments._tally_arrays`), ``width`` per group:

    - ``JOINT``: one counter per combination of the sensitive values, whose codes sit together
      at the start of the row's first word: a row adds its weight to one counter, and a
      block's counters are read once (its weight, and each attribute's value weights);
    - ``DENSE``: ``offset[s] + value`` per attribute, added to without a test, read whole;
    - ``NOTED``: as ``DENSE``, but the counters a group touches are noted and only those read
      (wide value ranges).

    A group of one row clears only its own counters, and (JOINT) one of two rows its two."""
    words, wts = rows.words, rows.wts
    cmap, keys, sizes, labels = scratch.cmap, scratch.keys, scratch.sizes, scratch.labels
    s_wi, s_shift, s_mask = sens.wi, sens.shift, sens.mask
    hist, touched, owner, offset = tally.hist, tally.touched, tally.owner, tally.offset
    weight, top, first, last, marg = tally.weight, tally.top, tally.first, tally.last, tally.marg
    n_sens = s_wi.shape[0]
    mode = tally.dense[0]
    width = tally.dense[1]
    joint = np.uint64(width - 1)
    n_groups = 0
    n_touched = 0
    span2 = np.int64(mask2) + 1
    for i in range(a, b):
        v = _code(words, i, wi, shift, mask) * span2 + _code(words, i, wi2, shift2, mask2)
        g = cmap[_u(v)]
        if g < 0:
            g = n_groups
            cmap[_u(v)] = g
            keys[_u(g)] = v
            sizes[_u(g)] = 0
            weight[_u(g)] = 0
            first[_u(g)] = i
            n_groups += 1
        sizes[_u(g)] += 1
        labels[_u(i - a)] = g
        w = np.int64(wts[_u(i)])
        base = g * width
        if mode == JOINT:
            hist[_u(base + np.int64(words[_u(i), 0] & joint))] += w
            last[_u(g)] = i
            continue
        weight[g] += w
        if mode == DENSE:
            for s in range(n_sens):
                hist[base + offset[s] + _code(words, i, s_wi[s], s_shift[s], s_mask[s])] += w
            continue
        for s in range(n_sens):
            key = base + offset[s] + _code(words, i, s_wi[s], s_shift[s], s_mask[s])
            if hist[key] == 0:
                touched[n_touched] = key
                owner[n_touched] = g * n_sens + s
                n_touched += 1
            hist[key] += w
    if mode == NOTED:
        for t in range(n_groups * n_sens):
            top[t] = 0
        for t in range(n_touched):
            key = touched[t]
            at = owner[t]
            if hist[key] > top[at]:
                top[at] = hist[key]
            hist[key] = 0
    for g in range(n_groups):
        cmap[keys[g]] = -1
        base = g * width
        if sizes[g] == 1:
            r = first[g]
            if mode == JOINT:
                key = base + np.int64(words[r, 0] & joint)
                weight[g] = hist[key]
                hist[key] = 0
            elif mode == DENSE:
                for s in range(n_sens):
                    hist[base + offset[s] + _code(words, r, s_wi[s], s_shift[s], s_mask[s])] = 0
            _prune(pruned, node, weight[g])
            continue
        counts[node, COUNT_BLOCKS] += 1
        if mode == JOINT and sizes[g] == 2:       # a pair: its two rows agree on a value or not
            r, q = first[g], last[g]
            j, k = np.int64(words[r, 0] & joint), np.int64(words[q, 0] & joint)
            hist[base + j] = 0
            hist[base + k] = 0
            total = np.int64(wts[r]) + np.int64(wts[q])
            weight[g] = total
            for s in range(n_sens):
                most = total if ((j ^ k) >> s_shift[s]) & np.int64(s_mask[s]) == 0 else np.int64(max(wts[r], wts[q]))
                top[g * n_sens + s] = most
                counts[node, _max_sum(s)] += most
                if most == total:
                    counts[node, _constant(s)] += total
            continue
        if mode == JOINT:
            total = np.int64(0)
            for j in range(width):
                h = hist[base + j]
                if h == 0:
                    continue
                hist[base + j] = 0
                total += h
                for s in range(n_sens):
                    marg[offset[s] + ((j >> s_shift[s]) & np.int64(s_mask[s]))] += h
            weight[g] = total
        for s in range(n_sens):
            if mode != NOTED:
                most = np.int64(0)
                counters = marg if mode == JOINT else hist
                at = 0 if mode == JOINT else base
                for key in range(at + offset[s], at + offset[s + 1]):
                    if counters[key] > most:
                        most = counters[key]
                    counters[key] = 0
                top[g * n_sens + s] = most
            counts[node, _max_sum(s)] += top[g * n_sens + s]
            if top[g * n_sens + s] == weight[g]:
                counts[node, _constant(s)] += weight[g]
    return n_groups


@njit(cache=CACHE, inline="always")
def _tally_fits(m, keys, tally, n_sens):
    """Whether :func:`_tally` has room for ``[a, b)`` of ``m`` rows by a key of ``keys`` values."""
    groups = min(m, keys)
    return groups < tally.starts.shape[1] - 1 and groups * tally.dense[1] <= tally.hist.shape[0]


@njit(cache=CACHE, inline="always")
def _place(rows, a, b, n_groups, depth, scratch, tally, n_sens):
    """Move the rows ``[a, b)`` into their :func:`_tally` groups (in label order) and keep the
    groups' starts (relative to ``a``), weights and largest value weights at ``depth``."""
    words, wts = rows.words, rows.wts
    sizes, labels, tmp_words, tmp_wts = scratch.sizes, scratch.labels, scratch.tmp_words, scratch.tmp_wts
    starts, totals, tops = tally.starts, tally.totals, tally.tops
    n_words = words.shape[1]
    start = 0
    for g in range(n_groups):
        size = sizes[g]
        starts[depth, g] = start
        sizes[g] = start
        start += size
        totals[depth, g] = tally.weight[g]
        for s in range(n_sens):
            tops[depth, g, s] = tally.top[g * n_sens + s]
    starts[depth, n_groups] = start
    for i in range(a, b):
        g = _u(labels[_u(i - a)])
        p = _u(sizes[g])
        for t in range(n_words):
            tmp_words[p, _u(t)] = words[_u(i), _u(t)]
        tmp_wts[p] = wts[_u(i)]
        sizes[g] = p + _u(1)
    for i in range(b - a):
        for t in range(n_words):
            words[_u(a + i), _u(t)] = tmp_words[_u(i), _u(t)]
        wts[_u(a + i)] = tmp_wts[_u(i)]


DEPTH_MAX = 64    # process's walk depth at most (a subset of at most 64 QIDs)


def row_sets(n_columns: int, n_sens: int) -> tuple:
    """The :data:`Sets` of :func:`_bits` (one word per set) and of :func:`_bits2` (two),
    allocated once per task."""
    n_sens = max(n_sens, 1)
    n_classes, acc = np.empty(DEPTH_MAX + 1, np.int64), np.empty(2 * n_sens, np.int64)
    return (Sets(np.zeros((n_columns, BITS), np.uint64), np.zeros((n_sens, BITS), np.uint64),
                 np.empty((DEPTH_MAX + 1, BITS), np.uint64), n_classes, acc),
            Sets(np.zeros((n_columns, BITS2, 2), np.uint64), np.zeros((n_sens, BITS2, 2), np.uint64),
                 np.empty((DEPTH_MAX + 1, BITS2 // 2, 2), np.uint64), n_classes, acc))


@njit(cache=CACHE, nogil=True)
def process(node, rows, bounds, s_lo, s_hi, descend, lattice, cols, sens, out, scratch, tails, tally,
            stack_base, bits_rows, sets, sets2):
    """Blocks ``[bounds[s], bounds[s+1])`` for ``s`` in ``[s_lo, s_hi)`` of subset ``node``:
    count each, and with ``descend`` walk every subset below ``node`` inside it.

    A block at least as large as the key space of the columns below its subset
    (``tail_size``, 0 when too large) is first collapsed into merged rows, written on a stack
    past ``stack_base``. ``work[node]`` gets the rows grouped to reach each subset.

    A child is counted by :func:`_tally` (one pass, no rows moved; its rows are then grouped
    only if it has subsets below) when its dense counters fit in ``tally``; otherwise its rows
    are grouped first and each group is counted by a pass over it (:func:`_stats`).

    ``rows``: :data:`Rows`; ``lattice``: :data:`Lattice`; ``cols``/``sens``: :data:`Packing` of
    every table column / of the sensitive ones; ``out``: :data:`Output`; ``scratch``:
    :data:`Scratch`; ``tails``: :data:`Tails`; ``tally``: :data:`Tally`; ``sets``, ``sets2``: the
    :data:`Sets` of :func:`_bits` and :func:`_bits2` (:func:`row_sets`)."""
    words, wts = rows.words, rows.wts
    child_ptr, child_dim, child_node = lattice.child_ptr, lattice.child_dim, lattice.child_node
    c_wi, c_shift, c_mask = cols.wi, cols.shift, cols.mask
    counts, pruned, work = out.counts, out.pruned, out.work
    tail_size = tails.size
    depth_max = DEPTH_MAX
    f_node = np.empty(depth_max, np.int64)
    f_a = np.empty(depth_max, np.int64)
    f_b = np.empty(depth_max, np.int64)
    f_child = np.empty(depth_max, np.int64)
    f_at = np.empty(depth_max, np.int64)
    f_top = np.empty(depth_max, np.int64)
    f_mode = np.empty(depth_max, np.int64)      # how the current child's blocks are found
    f_groups = np.empty(depth_max, np.int64)
    held = np.empty(3, np.int64)                # a child's pruned counts before its tally
    n_sens = sens.wi.shape[0]
    first = np.empty(max(n_sens, 1), np.int64)
    constant = np.empty(max(n_sens, 1), np.bool_)
    bmax = np.empty(max(n_sens, 1), np.int64)
    f_total = np.empty(depth_max, np.int64)
    f_max = np.empty((depth_max, max(n_sens, 1)), np.int64)
    f_const = np.empty((depth_max, max(n_sens, 1)), np.bool_)
    agree = np.zeros(c_wi.shape[0], np.uint64)
    rep = np.empty(SMALL, np.int64)
    cls_w = np.empty(SMALL, np.int64)
    st_node = np.empty(depth_max, np.int64)      # _small's walk
    st_mask = np.empty(depth_max, np.uint64)
    st_ci = np.empty(depth_max, np.int64)
    for seg in range(s_lo, s_hi):
        a0 = bounds[seg]
        b0 = bounds[seg + 1]
        if b0 <= a0:
            continue
        if b0 - a0 == 1:
            _prune(pruned, node, np.int64(wts[a0]))
            continue
        _, total0 = _stats(node, rows, a0, b0, 0, 0, 0, True, sens, counts, first, constant, scratch, bmax)
        if not descend or child_ptr[node + 1] == child_ptr[node]:
            continue
        if b0 - a0 <= SMALL:
            _small(node, rows, a0, b0, lattice, cols, sens, out, agree, rep, cls_w, st_node, st_mask, st_ci)
            continue
        if b0 - a0 <= bits_rows and lattice.below_ptr[node + 1] - lattice.below_ptr[node] >= SETS_BELOW:
            if b0 - a0 <= BITS:
                _bits(node, rows, a0, b0, lattice, cols, sens, out, scratch, sets, st_node, st_ci)
            else:
                _bits2(node, rows, a0, b0, lattice, cols, sens, out, scratch, sets2, st_node, st_ci)
            continue
        top = stack_base
        depth = 0
        f_node[0] = node
        f_top[0] = top
        if tail_size[node] > 0 and b0 - a0 >= tail_size[node] and top + (b0 - a0) <= words.shape[0]:
            m = _collapse(rows, a0, b0, top, node, tails, cols, scratch.keys)
            a0, b0 = top, top + m
            top += m
        f_a[0] = a0
        f_b[0] = b0
        f_child[0] = child_ptr[node]
        f_at[0] = -1
        f_total[0] = total0
        for s in range(n_sens):
            f_max[0, s] = bmax[s]
            f_const[0, s] = constant[s]
        while depth >= 0:
            v = f_node[depth]
            a = f_a[depth]
            b = f_b[depth]
            ci = f_child[depth]
            c = child_dim[ci] if ci < child_ptr[v + 1] else 0
            if f_at[depth] < 0:
                if ci >= child_ptr[v + 1]:
                    top = f_top[depth]
                    depth -= 1
                    continue
                u = child_node[ci]
                f_at[depth] = a
                if _all_same(words, a, b, c_wi[c], c_shift[c], c_mask[c]):
                    f_mode[depth] = WHOLE
                elif depth < tally.starts.shape[0] and _tally_fits(b - a, np.int64(c_mask[c]) + 1, tally, n_sens):
                    for t in range(3):
                        held[t] = pruned[u, t]
                    n_groups = _tally(u, rows, a, b, c_wi[c], c_shift[c], c_mask[c], 0, 0, np.uint64(0), sens,
                                      counts, pruned, scratch, tally)
                    work[u] += b - a
                    if child_ptr[u + 1] == child_ptr[u]:
                        f_child[depth] = ci + 1            # nothing below: counted, not walked
                        f_at[depth] = -1
                        continue
                    x = child_node[child_ptr[u]]
                    c2 = child_dim[child_ptr[u]]
                    keys2 = (np.int64(c_mask[c]) + 1) * (np.int64(c_mask[c2]) + 1)
                    if (child_ptr[u + 1] - child_ptr[u] == 1 and child_ptr[x + 1] == child_ptr[x]
                            and keys2 <= scratch.cmap.shape[0] and _tally_fits(b - a, keys2, tally, n_sens)):
                        # u's one child x has nothing below: count x here by both columns; the
                        # rows alone at u, added to x from u's pruned counts, are taken out
                        for t in range(3):
                            held[t] = pruned[u, t] - held[t]
                        _tally(x, rows, a, b, c_wi[c], c_shift[c], c_mask[c], c_wi[c2], c_shift[c2], c_mask[c2],
                               sens, counts, pruned, scratch, tally)
                        for t in range(3):
                            pruned[x, t] -= held[t]
                        work[x] += b - a
                        f_child[depth] = ci + 1
                        f_at[depth] = -1
                        continue
                    _place(rows, a, b, n_groups, depth, scratch, tally, n_sens)
                    f_mode[depth] = TALLIED
                    f_groups[depth] = n_groups
                    f_at[depth] = 0
                else:
                    n_groups = _group(rows, a, b, c_wi[c], c_shift[c], c_mask[c], scratch)
                    work[u] += b - a
                    f_mode[depth] = WHOLE if n_groups == 1 else GROUPED
            u = child_node[ci]
            if f_mode[depth] == TALLIED:
                g = f_at[depth]
                if g >= f_groups[depth]:
                    f_child[depth] = ci + 1
                    f_at[depth] = -1
                    continue
                f_at[depth] = g + 1
                i = a + tally.starts[depth, g]
                j = a + tally.starts[depth, g + 1]
                if j - i == 1:                       # pruned by _tally
                    continue
                total = tally.totals[depth, g]
                for s in range(n_sens):
                    bmax[s] = tally.tops[depth, g, s]
                    constant[s] = bmax[s] == total
            else:
                i = f_at[depth]
                if i >= b:
                    f_child[depth] = ci + 1
                    f_at[depth] = -1
                    continue
                if f_mode[depth] == WHOLE:
                    # the child's block is this block: same counts, no pass over the rows
                    j = b
                    total = f_total[depth]
                    if j - i > 1:                    # (a collapsed block may be one merged row)
                        counts[u, COUNT_BLOCKS] += 1
                        for s in range(n_sens):
                            bmax[s] = f_max[depth, s]
                            constant[s] = f_const[depth, s]
                            counts[u, _max_sum(s)] += bmax[s]
                            if constant[s]:
                                counts[u, _constant(s)] += total
                else:
                    j, total = _stats(u, rows, i, b, c_wi[c], c_shift[c], c_mask[c], False, sens, counts, first,
                                      constant, scratch, bmax)
                f_at[depth] = j
                if j - i == 1:
                    _prune(pruned, u, total)
                    continue
            if child_ptr[u + 1] > child_ptr[u]:
                if j - i <= SMALL:
                    _small(u, rows, i, j, lattice, cols, sens, out, agree, rep, cls_w, st_node, st_mask, st_ci)
                    continue
                if j - i <= bits_rows and lattice.below_ptr[u + 1] - lattice.below_ptr[u] >= SETS_BELOW:
                    if j - i <= BITS:
                        _bits(u, rows, i, j, lattice, cols, sens, out, scratch, sets, st_node, st_ci)
                    else:
                        _bits2(u, rows, i, j, lattice, cols, sens, out, scratch, sets2, st_node, st_ci)
                    continue
                depth += 1
                f_node[depth] = u
                f_top[depth] = top
                f_total[depth] = total
                for s in range(n_sens):
                    f_max[depth, s] = bmax[s]
                    f_const[depth, s] = constant[s]
                if tail_size[u] > 0 and j - i >= tail_size[u] and top + (j - i) <= words.shape[0]:
                    m = _collapse(rows, i, j, top, u, tails, cols, scratch.keys)
                    i, j = top, top + m
                    top += m
                f_a[depth] = i
                f_b[depth] = j
                f_child[depth] = child_ptr[u]
                f_at[depth] = -1


@njit(cache=CACHE, nogil=True)
def group_blocks(rows, bounds, wi, shift, mask, scratch, out_bounds):
    """Group the rows of every block ``[bounds[s], bounds[s+1])`` in place by one column; the
    sub-blocks' bounds go to ``out_bounds`` (``n + 1`` of them, absolute positions, in the
    blocks' order); returns ``n``."""
    words = rows.words
    g = 0
    out_bounds[0] = bounds[0]
    for s in range(bounds.shape[0] - 1):
        a = bounds[s]
        b = bounds[s + 1]
        if b - a > 1 and _group(rows, a, b, wi, shift, mask, scratch) == 1:
            a = b - 1                       # one group: no scan
        i = a
        while i < b:
            key = _code(words, i, wi, shift, mask)
            j = i + 1
            while j < b and _code(words, j, wi, shift, mask) == key:
                j += 1
            g += 1
            out_bounds[g] = j
            i = j
    return g


@njit(cache=CACHE, nogil=True)
def pack(words, wi, shift, codes, rows):
    """``words[i, wi] |= codes[rows[i]] << shift`` for every ``i``."""
    for i in range(rows.shape[0]):
        words[i, wi] |= np.uint64(codes[rows[i]]) << np.uint64(shift)


@njit(cache=CACHE, nogil=True)
def determines(codes_d, n_d, codes_c):
    """Whether each code of column d goes with one code of column c (a functional dependency)."""
    seen = np.full(n_d, -1, np.int64)
    for i in range(codes_d.shape[0]):
        d = np.int64(codes_d[i])
        c = np.int64(codes_c[i])
        if seen[d] < 0:
            seen[d] = c
        elif seen[d] != c:
            return False
    return True


#: The kernels the segment sweep calls from Python (the others are compiled into these).
SEGMENT_KERNELS = (determines, block_kernels.refine_ids, block_kernels.collapsed_segments, block_kernels.counting_order,
                   pack, group_blocks, process)


#: Those every segment sweep runs (most of the compile time: the others compile in seconds when
#: a sweep first needs them).
EVERY_SWEEP = (pack, process)


def segment_kernels_cached() -> bool:
    """Whether numba's cache holds compiled code of every :data:`EVERY_SWEEP` kernel for this
    very source (the cache index's stamp matches); False when caching is off."""
    return all(block_kernels.in_cache(kernel) for kernel in EVERY_SWEEP)
