"""Multivariate MDAV microaggregation with the output of sdcMicro's
``microaggregation(method = "mdav")`` (docs/methods.md, "Perturbative steps").

Definition (the one sdcMicro's C++ code follows): distances are weighted squared Euclidean,
column j weighted by 1 / var_j, each column's term rounded to single precision and added in
column order; a value missing on one side only adds (max_j - min_j)^2 / var_j. While at least
2k records remain: the record r farthest from the centre of the remaining records (first in
record order among equals) and, when at least 3k remain, the record s farthest from r are
taken; r's group is its k nearest remaining records (nearest first, equal distances: later
record first), then s's group likewise among those left. The records left at the end form the
last group. A group's value is the mean of its members' known values (summed in the order
above); the last group's sums are divided by its size, as sdcMicro does; a missing value stays
missing.

Speed (docs/methods.md, "Perturbative steps"): the records of each missing-value pattern are
ordered along a k-d tree and cut into blocks of 64, grouped in super-blocks; each keeps its
bounding box, counts and sums up to date as groups are removed. A nearest or farthest search
computes exact distances only inside the blocks its bounds cannot rule out (skipped only when
worse by a relative margin far above the rounding of single-precision distances), reading
super-blocks and blocks in order of their bounds. For the farthest record from the centre,
each block also keeps its records' distances to an anchor centre (moved when the centre has
drifted), so that the triangle inequality bounds them and a block is left after its few
outermost records. The centre is the sum of the super-blocks' sums, within a known bound of
the sequential sum. The farthest record found with it stands when single-precision bounds of
its distance to the exact centre (each term's interval rounded at both ends, added in column
order) pin that distance down and no record near enough can exceed it; otherwise the centre is
summed again in record order, over a compacted record-order copy of the remaining records, so
the choice is exactly the sequential one.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from ..sweep.block_kernels import CACHE
from .mdav_common import column_weights
from .mdav_plain import mdav_plain
from .univariate import sorted_groups

BOUND_SLACK = 1e-5
"""Relative margin on block bounds; single-precision distances of p columns round by less than
(p + 1) * 2^-24 relative."""
_U = 2.0 ** -53
ANCHOR_DRIFT = 128.0
"""The anchor centre is moved when the centre has moved by more than the cloud's radius over this."""


@dataclass(frozen=True)
class Microaggregated:
    """MDAV's result: the aggregated values (NaN where the input was missing) and each record's
    group number (groups numbered in the order they were formed)."""

    values: np.ndarray
    group: np.ndarray


@njit(cache=CACHE)
def _dist(x, xm, i, q, qm, w, md):
    acc = np.float32(0.0)
    for j in range(x.shape[1]):
        if xm[i, j] != qm[j]:
            acc += md[j]
        elif not xm[i, j]:
            d = x[i, j] - q[j]
            acc += np.float32(d * d * w[j])
    return acc


@njit(cache=CACHE)
def _refresh(b, x, xm, alive, starts, bmin, bmax, bknown, bmiss, bsum, babs, balive):
    """Block b's bounding box, counts and sums over its alive records."""
    p = x.shape[1]
    for j in range(p):
        bmin[b, j] = np.inf
        bmax[b, j] = -np.inf
        bknown[b, j] = 0
        bmiss[b, j] = 0
        bsum[b, j] = 0.0
        babs[b, j] = 0.0
    count = 0
    for i in range(starts[b], starts[b + 1]):
        if not alive[i]:
            continue
        count += 1
        for j in range(p):
            if xm[i, j]:
                bmiss[b, j] += 1
            else:
                v = x[i, j]
                bknown[b, j] += 1
                bsum[b, j] += v
                babs[b, j] += abs(v)
                if v < bmin[b, j]:
                    bmin[b, j] = v
                if v > bmax[b, j]:
                    bmax[b, j] = v
    balive[b] = count


@njit(cache=CACHE)
def _merge(s, sstart, bmin, bmax, bknown, bmiss, bsum, babs, balive, arad, amiss,
           smin, smax, sknown, smiss, ssum, sabs, salive, sarad, samiss):
    """Super-block s's box, counts, sums and anchor radius from its blocks."""
    p = bmin.shape[1]
    for j in range(p):
        smin[s, j] = np.inf
        smax[s, j] = -np.inf
        sknown[s, j] = 0
        smiss[s, j] = 0
        ssum[s, j] = 0.0
        sabs[s, j] = 0.0
    salive[s] = 0
    sarad[s] = 0.0
    samiss[s] = 0.0
    for b in range(sstart[s], sstart[s + 1]):
        if balive[b] == 0:
            continue
        salive[s] += balive[b]
        sarad[s] = max(sarad[s], arad[b])
        samiss[s] = max(samiss[s], amiss[b])
        for j in range(p):
            smin[s, j] = min(smin[s, j], bmin[b, j])
            smax[s, j] = max(smax[s, j], bmax[b, j])
            sknown[s, j] += bknown[b, j]
            smiss[s, j] += bmiss[b, j]
            ssum[s, j] += bsum[b, j]
            sabs[s, j] += babs[b, j]


@njit(cache=CACHE)
def _lower(b, q, qm, w, md, bmin, bmax, bknown, bmiss):
    """A lower bound of the distances from q to the alive records of box b."""
    lo = 0.0
    for j in range(q.shape[0]):
        t = np.inf
        if qm[j]:
            if bknown[b, j] > 0:
                t = np.float64(md[j])
            if bmiss[b, j] > 0:
                t = 0.0
        else:
            if bknown[b, j] > 0:
                near = max(0.0, bmin[b, j] - q[j], q[j] - bmax[b, j])
                t = near * near * w[j]
            if bmiss[b, j] > 0:
                t = min(t, np.float64(md[j]))
        lo += t
    return lo * (1.0 - BOUND_SLACK)


@njit(cache=CACHE)
def _upper(b, q, qm, w, md, bmin, bmax, bknown, bmiss):
    """An upper bound of the distances from q to the alive records of box b."""
    hi = 0.0
    for j in range(q.shape[0]):
        t = 0.0
        if bknown[b, j] > 0:
            if qm[j]:
                t = np.float64(md[j])
            else:
                far = max(abs(q[j] - bmin[b, j]), abs(q[j] - bmax[b, j]))
                t = far * far * w[j]
        if bmiss[b, j] > 0 and not qm[j]:
            t = max(t, np.float64(md[j]))
        hi += t
    return hi * (1.0 + BOUND_SLACK)


@njit(cache=CACHE)
def _cap(radius, missing, shift):
    """Upper bound from the anchor: (radius + shift)^2 plus the missing-value part."""
    return ((radius + shift) ** 2 + missing) * (1.0 + BOUND_SLACK) + 1e-300


@njit(cache=CACHE)
def _consider(i, d, orig, best, best_d, margin_abs, margin_rel, cand_i, cand_d, ncand):
    """One evaluated record: the new (best, best_d) and the near-best candidates kept so far
    (``ncand`` past the buffer's size means it overflowed)."""
    if best < 0 or d > best_d or (d == best_d and orig[i] < orig[best]):
        best = i
        best_d = d
    if margin_abs >= 0.0 and d >= best_d - margin_abs - margin_rel * best_d:
        if ncand < cand_i.shape[0]:
            cand_i[ncand] = i
            cand_d[ncand] = d
        ncand += 1
    return best, best_d, ncand


@njit(cache=CACHE)
def _take_top(order, bound, m):
    """Removes the entry with the largest bound from the first m of (order, bound); returns it
    and its bound."""
    top = 0
    for t in range(1, m):
        if bound[t] > bound[top]:
            top = t
    item = order[top]
    ub = bound[top]
    order[top] = order[m - 1]
    bound[top] = bound[m - 1]
    return item, ub


@njit(cache=CACHE)
def _farthest(q, qm, x, xm, orig, alive, starts, sstart, w, md, bx, sx, anchored, aord, adist, shift, extra,
              margin_abs, margin_rel, cand_i, cand_d, scratch):
    """The farthest alive record from q (first in record order among equals) and its distance;
    with ``margin_abs >= 0``, also the number of records found within the margin of the best
    (their positions and distances in ``cand_i``/``cand_d``, as far as they fit). Super-blocks,
    then their blocks, are read in decreasing order of their upper bounds until the bound
    cannot reach the best. With ``anchored``, q is within ``shift`` of the anchor (over the
    columns known on both sides, plus ``extra`` for its own missing values): the triangle
    inequality bounds each block and record by its distance to the anchor, and each block is
    read in decreasing distance to the anchor, left as soon as the rest cannot reach the best.
    ``scratch``: (super-block order, their bounds, block order, their bounds) buffers."""
    bmin, bmax, bknown, bmiss, balive, arad, amiss = bx
    smin, smax, sknown, smiss, salive, sarad, samiss = sx
    sord, sub, bord, bub = scratch
    ns = sstart.shape[0] - 1
    m = 0
    for s in range(ns):
        if salive[s] > 0:
            ub = _upper(s, q, qm, w, md, smin, smax, sknown, smiss)
            if anchored:
                ub = min(ub, _cap(sarad[s], samiss[s] + extra, shift))
            sord[m] = s
            sub[m] = ub
            m += 1
    best = -1
    best_d = np.float32(-1.0)
    ncand = 0
    reach = max(margin_abs, 0.0)
    while m > 0:
        s, ub = _take_top(sord, sub, m)
        m -= 1
        if ub < best_d - reach - margin_rel * best_d:
            break
        mb = 0
        for b in range(sstart[s], sstart[s + 1]):
            if balive[b] > 0:
                ub = _upper(b, q, qm, w, md, bmin, bmax, bknown, bmiss)
                if anchored:
                    ub = min(ub, _cap(arad[b], amiss[b] + extra, shift))
                if ub >= best_d - reach - margin_rel * best_d:
                    bord[mb] = b
                    bub[mb] = ub
                    mb += 1
        while mb > 0:
            b, ub = _take_top(bord, bub, mb)
            mb -= 1
            if ub < best_d - reach - margin_rel * best_d:
                break
            for t in range(starts[b], starts[b + 1]):
                i = aord[t] if anchored else t
                if not alive[i]:
                    continue
                if anchored and best >= 0:
                    if _cap(adist[i], amiss[b] + extra, shift) < best_d - reach - margin_rel * best_d:
                        break
                best, best_d, ncand = _consider(i, _dist(x, xm, i, q, qm, w, md), orig, best, best_d,
                                                margin_abs, margin_rel, cand_i, cand_d, ncand)
    return best, best_d, ncand


@njit(cache=CACHE)
def _exact_range(i, x, xm, centre, cmiss, w, md, cerr):
    """(lo, hi): single-precision bounds of record i's distance to the exact centre, each
    coordinate of which is within ``cerr`` of ``centre``. Each term's interval is rounded to
    single precision at both ends and the ends are added in column order; rounding and addition
    are monotone, so the distance sdcMicro computes lies in [lo, hi] (lo == hi: it is known)."""
    lo = np.float32(0.0)
    hi = np.float32(0.0)
    for j in range(x.shape[1]):
        if xm[i, j] != cmiss[j]:
            lo += md[j]
            hi += md[j]
        elif not xm[i, j]:
            gap = abs(x[i, j] - centre[j])
            t = gap * gap * w[j]
            e = w[j] * cerr[j] * (2.0 * gap + cerr[j]) + 8.0 * _U * t
            lo += np.float32(max(t - e, 0.0))
            hi += np.float32(t + e)
    return lo, hi


@njit(cache=CACHE)
def _ordered_sums(seq_x, seq_m, seq_live, seq_len, gsum, gcount):
    """Sums and counts of the known values of the alive records, added in record order (the
    sequential sums sdcMicro's centre and last group use)."""
    for j in range(seq_x.shape[1]):
        gsum[j] = 0.0
        gcount[j] = 0
    for t in range(seq_len):
        if seq_live[t]:
            for j in range(seq_x.shape[1]):
                if not seq_m[t, j]:
                    gsum[j] += seq_x[t, j]
                    gcount[j] += 1


@njit(cache=CACHE)
def _compact(seq_x, seq_m, seq_pos, seq_live, seq_at, seq_len):
    """Moves the alive entries of the record-order arrays to their front, in order; returns
    their number."""
    kept = 0
    for t in range(seq_len):
        if seq_live[t]:
            seq_x[kept] = seq_x[t]
            seq_m[kept] = seq_m[t]
            seq_pos[kept] = seq_pos[t]
            seq_live[kept] = True
            seq_at[seq_pos[t]] = kept
            kept += 1
    return kept


@njit(cache=CACHE)
def _anchor_block(b, x, xm, starts, ca, cam, w, md, aord, adist, amiss):
    """Each record's distance to the anchor ``ca`` over the columns known on both sides
    (square-rooted, in ``adist``), block b's records in decreasing order of it (``aord``) and
    their common missing-value part (``amiss``; a block holds one missing-value pattern)."""
    lo = starts[b]
    hi = starts[b + 1]
    extra = 0.0
    for j in range(x.shape[1]):
        if xm[lo, j] != cam[j]:
            extra += md[j]
    amiss[b] = extra
    for i in range(lo, hi):
        d = 0.0
        for j in range(x.shape[1]):
            if xm[i, j] == cam[j] and not xm[i, j]:
                t = x[i, j] - ca[j]
                d += t * t * w[j]
        adist[i] = np.sqrt(d)
    # insertion sort: the order for the previous anchor is nearly the order for this one
    for t in range(lo + 1, hi):
        i = aord[t]
        d = adist[i]
        u = t
        while u > lo and adist[aord[u - 1]] < d:
            aord[u] = aord[u - 1]
            u -= 1
        aord[u] = i


@njit(cache=CACHE)
def _anchor_radius(b, alive, starts, aord, adist, arad):
    """Block b's largest anchor distance among its alive records."""
    arad[b] = 0.0
    for t in range(starts[b], starts[b + 1]):
        if alive[aord[t]]:
            arad[b] = adist[aord[t]]
            return


@njit(cache=CACHE)
def _offer(i, d, o, k, found, top_i, top_d, top_o):
    """Insert (d, o) into the k best so far, ordered by distance then by record number descending."""
    if found == k:
        last = k - 1
        if d > top_d[last] or (d == top_d[last] and o < top_o[last]):
            return found
        pos = last
    else:
        pos = found
        found += 1
    while pos > 0 and (d < top_d[pos - 1] or (d == top_d[pos - 1] and o > top_o[pos - 1])):
        top_i[pos] = top_i[pos - 1]
        top_d[pos] = top_d[pos - 1]
        top_o[pos] = top_o[pos - 1]
        pos -= 1
    top_i[pos] = i
    top_d[pos] = d
    top_o[pos] = o
    return found


@njit(cache=CACHE)
def _scan_block(b, k, found, q, qm, x, xm, orig, alive, starts, w, md, top_i, top_d, top_o):
    for i in range(starts[b], starts[b + 1]):
        if alive[i]:
            found = _offer(i, _dist(x, xm, i, q, qm, w, md), orig[i], k, found, top_i, top_d, top_o)
    return found


@njit(cache=CACHE)
def _nearest(k, own, q, qm, x, xm, orig, alive, starts, sstart, super_of, w, md, bx, sx, seen, picks, top_i, top_d,
             top_o):
    """The k nearest alive records of q (nearest first; equal distances, later record first);
    ``own`` is q's block. Blocks are read first, nearest bound first, from q's super-block
    (then from all) until k records are found, then every block whose bound can beat the k-th."""
    bmin, bmax, bknown, bmiss, balive, arad, amiss = bx
    smin, smax, sknown, smiss, salive, sarad, samiss = sx
    nb = starts.shape[0] - 1
    ns = sstart.shape[0] - 1
    found = _scan_block(own, k, 0, q, qm, x, xm, orig, alive, starts, w, md, top_i, top_d, top_o)
    seen[own] = True
    picks[0] = own
    npicks = 1
    home = super_of[own]
    while found < k:
        pick = -1
        pick_lb = np.inf
        for wide in range(2):
            lo = 0 if wide else sstart[home]
            hi = nb if wide else sstart[home + 1]
            for b in range(lo, hi):
                if not seen[b] and balive[b] > 0:
                    lb = _lower(b, q, qm, w, md, bmin, bmax, bknown, bmiss)
                    if pick < 0 or lb < pick_lb:
                        pick = b
                        pick_lb = lb
            if pick >= 0:
                break
        seen[pick] = True
        picks[npicks] = pick
        npicks += 1
        found = _scan_block(pick, k, found, q, qm, x, xm, orig, alive, starts, w, md, top_i, top_d, top_o)
    for s in range(ns):
        if salive[s] == 0 or _lower(s, q, qm, w, md, smin, smax, sknown, smiss) > top_d[k - 1]:
            continue
        for b in range(sstart[s], sstart[s + 1]):
            if seen[b] or balive[b] == 0 or _lower(b, q, qm, w, md, bmin, bmax, bknown, bmiss) > top_d[k - 1]:
                continue
            found = _scan_block(b, k, found, q, qm, x, xm, orig, alive, starts, w, md, top_i, top_d, top_o)
    for t in range(npicks):
        seen[picks[t]] = False


@njit(cache=CACHE)
def _mdav_kernel(x, xm, orig, pos_of, starts, sstart, w, md, k, out, group):
    n, p = x.shape
    nb = starts.shape[0] - 1
    ns = sstart.shape[0] - 1
    alive = np.ones(n, np.bool_)
    bmin = np.empty((nb, p))
    bmax = np.empty((nb, p))
    bknown = np.empty((nb, p), np.int64)
    bmiss = np.empty((nb, p), np.int64)
    bsum = np.empty((nb, p))
    babs = np.empty((nb, p))
    balive = np.empty(nb, np.int64)
    arad = np.zeros(nb)
    amiss = np.zeros(nb)
    smin = np.empty((ns, p))
    smax = np.empty((ns, p))
    sknown = np.empty((ns, p), np.int64)
    smiss = np.empty((ns, p), np.int64)
    ssum = np.empty((ns, p))
    sabs = np.empty((ns, p))
    salive = np.empty(ns, np.int64)
    sarad = np.zeros(ns)
    samiss = np.zeros(ns)
    for b in range(nb):
        _refresh(b, x, xm, alive, starts, bmin, bmax, bknown, bmiss, bsum, babs, balive)
    block_of = np.empty(n, np.int64)
    for b in range(nb):
        for i in range(starts[b], starts[b + 1]):
            block_of[i] = b
    super_of = np.empty(nb, np.int64)
    for s in range(ns):
        for b in range(sstart[s], sstart[s + 1]):
            super_of[b] = s
        _merge(s, sstart, bmin, bmax, bknown, bmiss, bsum, babs, balive, arad, amiss,
               smin, smax, sknown, smiss, ssum, sabs, salive, sarad, samiss)
    bx = (bmin, bmax, bknown, bmiss, balive, arad, amiss)
    sx = (smin, smax, sknown, smiss, salive, sarad, samiss)
    seen = np.zeros(nb, np.bool_)
    widest = 0
    for s in range(ns):
        widest = max(widest, sstart[s + 1] - sstart[s])
    scratch = (np.empty(ns, np.int64), np.empty(ns), np.empty(widest, np.int64), np.empty(widest))
    picks = np.empty(nb + 1, np.int64)
    top_i = np.empty(k, np.int64)
    top_d = np.empty(k, np.float32)
    top_o = np.empty(k, np.int64)
    centre = np.empty(p)
    cmiss = np.empty(p, np.bool_)
    gsum = np.empty(p)
    gcount = np.empty(p, np.int64)
    dirty = np.empty(2 * k, np.int64)
    ca = np.zeros(p)
    cam = np.zeros(p, np.bool_)
    aord = np.arange(n)
    adist = np.zeros(n)
    anchored = False
    cand_i = np.empty(256, np.int64)
    cand_d = np.empty(256, np.float32)
    cerr = np.zeros(p)
    # the alive records' values in record order, compacted from time to time, for exact sums
    seq_pos = pos_of.copy()
    seq_x = x[seq_pos]
    seq_m = xm[seq_pos]
    seq_live = np.ones(n, np.bool_)
    seq_at = np.empty(n, np.int64)
    seq_at[seq_pos] = np.arange(n)
    seq_len = n
    left = n
    gid = 0
    while left - k >= k:
        ngroups = 1 if left - 2 * k < k else 2
        # centre from the super-blocks' sums, with a bound on its rounding
        slack = 0.0
        for j in range(p):
            cerr[j] = 0.0
            total = 0.0
            absolute = 0.0
            count = 0
            lo = np.inf
            hi = -np.inf
            for s in range(ns):
                if sknown[s, j] > 0:
                    total += ssum[s, j]
                    absolute += sabs[s, j]
                    count += sknown[s, j]
                    lo = min(lo, smin[s, j])
                    hi = max(hi, smax[s, j])
            cmiss[j] = count == 0
            if count > 0:
                centre[j] = total / count
                err = (2.0 * left + 2.0 * (starts[1] - starts[0]) + nb + ns + 8.0) * _U * absolute / count
                span = max(abs(hi - centre[j]), abs(centre[j] - lo)) + err
                slack += w[j] * err * (2.0 * span + err)
                cerr[j] = err
            else:
                centre[j] = 0.0
        # blocks' distances to an anchor centre bound their distances to this one (triangle inequality)
        shift = 0.0
        for j in range(p):
            if anchored and cmiss[j] != cam[j]:
                anchored = False
            elif not cmiss[j]:
                shift += w[j] * (centre[j] - ca[j]) ** 2
        shift = np.sqrt(shift)
        radius = 0.0
        for s in range(ns):
            if salive[s] > 0:
                radius = max(radius, sarad[s])
        if not anchored or shift > radius / ANCHOR_DRIFT:
            for j in range(p):
                ca[j] = centre[j]
                cam[j] = cmiss[j]
            for b in range(nb):
                if balive[b] > 0:
                    _anchor_block(b, x, xm, starts, ca, cam, w, md, aord, adist, amiss)
                    _anchor_radius(b, alive, starts, aord, adist, arad)
            for s in range(ns):
                _merge(s, sstart, bmin, bmax, bknown, bmiss, bsum, babs, balive, arad, amiss,
                       smin, smax, sknown, smiss, ssum, sabs, salive, sarad, samiss)
            anchored = True
            shift = 0.0
        rel = 4.0 * (p + 1) * 2.0 ** -24
        cur, cur_d, ncand = _farthest(centre, cmiss, x, xm, orig, alive, starts, sstart, w, md, bx, sx, True, aord,
                                      adist, shift, 0.0, 2.0 * slack, rel, cand_i, cand_d, scratch)
        floor = cur_d - 2.0 * slack - rel * cur_d
        # the choice stands when its distance to the exact centre is known and no record that
        # could reach it can exceed it (or equal it from earlier in record order); else the
        # centre is summed in record order
        rival = ncand > cand_i.shape[0]
        if not rival:
            top_lo, top_hi = _exact_range(cur, x, xm, centre, cmiss, w, md, cerr)
            rival = top_lo != top_hi
            for t in range(ncand):
                c = cand_i[t]
                if rival:
                    break
                if c != cur and cand_d[t] >= floor:
                    hi = _exact_range(c, x, xm, centre, cmiss, w, md, cerr)[1]
                    rival = hi > top_lo or (hi == top_lo and orig[c] < orig[cur])
        if rival:
            if 2 * left < seq_len:
                seq_len = _compact(seq_x, seq_m, seq_pos, seq_live, seq_at, seq_len)
            _ordered_sums(seq_x, seq_m, seq_live, seq_len, gsum, gcount)
            for j in range(p):
                cmiss[j] = gcount[j] == 0
                centre[j] = gsum[j] / gcount[j] if gcount[j] > 0 else 0.0
            shift = 0.0
            for j in range(p):
                if not cmiss[j]:
                    shift += w[j] * (centre[j] - ca[j]) ** 2
            cur = _farthest(centre, cmiss, x, xm, orig, alive, starts, sstart, w, md, bx, sx, True, aord, adist,
                            np.sqrt(shift), 0.0, -1.0, 0.0, cand_i, cand_d, scratch)[0]
        for g in range(ngroups):
            q = x[cur].copy()
            qm = xm[cur].copy()
            nxt = -1
            if g + 1 < ngroups:
                # q's distance to the anchor over the columns it shares with it, and its missing part
                rdist = 0.0
                extra = 0.0
                for j in range(p):
                    if qm[j]:
                        extra += md[j]
                    elif not cam[j]:
                        rdist += w[j] * (q[j] - ca[j]) ** 2
                nxt = _farthest(q, qm, x, xm, orig, alive, starts, sstart, w, md, bx, sx, True, aord, adist,
                                np.sqrt(rdist), extra, -1.0, 0.0, cand_i, cand_d, scratch)[0]
            _nearest(k, block_of[cur], q, qm, x, xm, orig, alive, starts, sstart, super_of, w, md, bx, sx, seen,
                     picks, top_i, top_d, top_o)
            for j in range(p):
                gsum[j] = 0.0
                gcount[j] = 0
            for t in range(k):
                i = top_i[t]
                for j in range(p):
                    if not xm[i, j]:
                        gsum[j] += x[i, j]
                        gcount[j] += 1
            n_dirty = 0
            for t in range(k):
                i = top_i[t]
                o = orig[i]
                group[o] = gid
                for j in range(p):
                    out[o, j] = np.nan if (xm[i, j] or gcount[j] == 0) else gsum[j] / gcount[j]
                alive[i] = False
                seq_live[seq_at[i]] = False
                b = block_of[i]
                known = False
                for t2 in range(n_dirty):
                    if dirty[t2] == b:
                        known = True
                if not known:
                    dirty[n_dirty] = b
                    n_dirty += 1
            for t in range(n_dirty):
                b = dirty[t]
                _refresh(b, x, xm, alive, starts, bmin, bmax, bknown, bmiss, bsum, babs, balive)
                if anchored:
                    _anchor_radius(b, alive, starts, aord, adist, arad)
            for t in range(n_dirty):
                s = super_of[dirty[t]]
                _merge(s, sstart, bmin, bmax, bknown, bmiss, bsum, babs, balive, arad, amiss,
                       smin, smax, sknown, smiss, ssum, sabs, salive, sarad, samiss)
            gid += 1
            cur = nxt
        left -= k * ngroups
    if left > 0:
        _ordered_sums(seq_x, seq_m, seq_live, seq_len, gsum, gcount)
        for t in range(seq_len):
            if seq_live[t]:
                i = seq_pos[t]
                o = orig[i]
                group[o] = gid
                for j in range(p):
                    out[o, j] = np.nan if (xm[i, j] or gcount[j] == 0) else gsum[j] / left


def _block_order(x: np.ndarray, miss: np.ndarray, w: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """Record order and block starts: the records of each missing-value pattern apart (so that a
    block's bounds are tight), each ordered along a k-d tree (split at the median of the widest
    weighted column) whose leaves, at most ``size`` records, are the blocks."""
    pattern = miss.astype(np.int64) @ (np.int64(1) << np.arange(x.shape[1], dtype=np.int64)) if x.shape[1] < 62 \
        else np.unique(miss, axis=0, return_inverse=True)[1]
    z = np.where(miss, 0.0, x) * np.sqrt(w)
    by_pattern = np.argsort(pattern, kind="stable")
    cuts = np.flatnonzero(np.diff(pattern[by_pattern])) + 1
    order = by_pattern.copy()
    leaves: list[tuple[int, int]] = []
    stack = [(lo, hi) for lo, hi in zip(np.r_[0, cuts], np.r_[cuts, x.shape[0]])]
    while stack:
        lo, hi = stack.pop()
        if hi - lo <= size:
            leaves.append((int(lo), int(hi)))
            continue
        part = order[lo:hi]
        sub = z[part]
        j = int(np.argmax(sub.max(axis=0) - sub.min(axis=0)))
        mid = (hi - lo) // 2
        order[lo:hi] = part[np.argpartition(sub[:, j], mid)]
        stack.append((lo + mid, hi))
        stack.append((lo, lo + mid))
    leaves.sort()
    starts = np.array([lo for lo, _ in leaves] + [x.shape[0]], np.int64)
    return order, starts


def block_size(n: int) -> int:
    """Records per block."""
    return 64


def super_size(n: int) -> int:
    """Blocks per super-block: about the square root of the number of blocks."""
    return max(4, int(np.sqrt(n / block_size(n))))


def mdav(values: np.ndarray, k: int) -> Microaggregated:
    """MDAV on ``values`` (n x p, NaN = missing), p >= 1, groups of at least ``k`` records (when
    n >= k). A column whose variance is computed negative (as sdcMicro computes it) takes the
    plain method of :mod:`engine.perturb.mdav_plain`. For one column sdcMicro sorts instead (:func:`engine.perturb.univariate.sorted_groups`);
    this is the multivariate method."""
    x = np.ascontiguousarray(values, dtype=float)
    if x.ndim != 2:
        raise ValueError("values must be a 2-d array")
    if k < 1:
        raise ValueError("k must be at least 1")
    n, p = x.shape
    out = np.full((n, p), np.nan)
    group = np.full(n, -1, np.int64)
    if n == 0:
        return Microaggregated(out, group)
    miss = np.isnan(x)
    w, md = column_weights(x, miss)
    if (w < 0).any():
        # a variance computed negative (values far from 0 that barely vary): the distances are
        # not a metric, so no bound holds; every distance is computed instead
        values, group = mdav_plain(x, k)
        return Microaggregated(values, group)
    order, starts = _block_order(x, miss, w, block_size(n))
    pos_of = np.empty(n, np.int64)
    pos_of[order] = np.arange(n)
    xp = np.ascontiguousarray(np.where(miss, 0.0, x)[order])
    mp = np.ascontiguousarray(miss[order])
    nb = len(starts) - 1
    sstart = np.r_[np.arange(0, nb, super_size(n)), nb].astype(np.int64)
    _mdav_kernel(xp, mp, order.astype(np.int64), pos_of, starts, sstart, w, md, int(k), out, group)
    return Microaggregated(out, group)


def microaggregate(values: np.ndarray, k: int) -> Microaggregated:
    """sdcMicro's ``microaggregation(method = "mdav")``: MDAV on two or more columns, the sorted
    groups of :func:`engine.perturb.univariate.sorted_groups` on one."""
    x = np.asarray(values, float)
    if x.ndim == 2 and x.shape[1] == 1:
        out, group = sorted_groups(x[:, 0], k)
        return Microaggregated(out[:, None], group)
    return mdav(x, k)
