"""The one selection rule (engine.outcome.selection): highest value; ties: fewest QIDs, then the
first row (the user's QID order). Hand tables with deliberate ties."""

import random
from types import SimpleNamespace

from engine.outcome.selection import full_set_levels, smallest_k_by_size, top_by_size, worst


def row(qids, det, prob, k=None, sensitive="s"):
    return SimpleNamespace(qids=tuple(qids), posterior_det=det, posterior_prob=prob, prior_det=0.0,
                           k=k, sensitive=sensitive)


# In the user's QID order (a, b, c): size 1, then size 2, then size 3.
A = row("a", 0.10, 0.20, k=3)
B = row("b", 0.40, 0.50, k=1)
C = row("c", 0.40, 0.60, k=1)          # ties B on det, higher prob: B still wins (earlier)
AB = row("ab", 0.40, 0.70, k=1)        # ties B and C on det with more QIDs
AC = row("ac", 0.90, 0.80, k=2)
BC = row("bc", 0.90, 0.95, k=1)        # ties AC on det and is later; ties ABC on prob
ABC = row("abc", 0.90, 0.95, k=1)
TABLE = [A, B, C, AB, AC, BC, ABC]


def test_worst_prefers_fewest_qids_then_the_first_row():
    assert worst(TABLE, "posterior_det") is AC          # 0.9 at sizes 2 and 3: size 2, first of them
    assert worst(TABLE, "posterior_prob") is BC         # 0.95 at sizes 2 and 3: the size-2 one
    assert worst(TABLE, "posterior_det", max_size=1) is B   # B and C tie: B comes first
    assert worst(TABLE, lambda r: r.posterior_det - r.prior_det, max_size=1) is B
    assert worst([], "posterior_det") is None
    assert worst(TABLE, "posterior_det", max_size=0) is None


def test_top_by_size_per_size_first_of_the_ties():
    assert top_by_size(TABLE, "posterior_det") == [B, AC, ABC]
    assert top_by_size(TABLE, "posterior_det", ties=True) == [B, C, AC, BC, ABC]
    assert top_by_size(TABLE, "posterior_prob") == [C, BC, ABC]


def test_smallest_k_by_size_reads_the_first_sensitive_attribute():
    other = [row(m.qids, 0, 0, k=0, sensitive="t") for m in TABLE]
    assert smallest_k_by_size(TABLE + other) == [B, AB, ABC]
    assert smallest_k_by_size([]) == []


def test_worst_agrees_with_a_brute_force_sort():
    rng = random.Random(5)
    names = "abcd"
    for _ in range(200):
        rows = [row(rng.sample(names, rng.randint(1, 4)), rng.choice([0.0, 0.5, 1.0]), rng.random())
                for _ in range(rng.randint(1, 12))]
        expected = sorted(range(len(rows)), key=lambda i: (-rows[i].posterior_det, len(rows[i].qids), i))[0]
        assert worst(rows, "posterior_det") is rows[expected]


def _assessment(levels, qids, linked_qids=None):
    linked = None if linked_qids is None else SimpleNamespace(qids=tuple(linked_qids))
    return SimpleNamespace(privacy_models=tuple(levels), longitudinal=linked,
                           config=SimpleNamespace(roles=SimpleNamespace(quasi_identifiers=tuple(qids))))


def test_full_set_levels_of_every_qid_else_the_largest_subset():
    s_ab, t_ab = row("ab", 0, 0, k=1, sensitive="s"), row("ab", 0, 0, k=1, sensitive="t")
    s_bc, s_a = row("bc", 0, 0, k=2, sensitive="s"), row("a", 0, 0, k=5, sensitive="s")
    levels = [s_a, s_ab, t_ab, s_bc]
    full = full_set_levels(_assessment(levels, "ab"))
    assert (full.qids, full.rows, full.complete) == (("a", "b"), (s_ab, t_ab), True)
    partial = full_set_levels(_assessment(levels, "abc"))        # abc not swept: first of size 2
    assert (partial.qids, partial.rows, partial.complete) == (("a", "b"), (s_ab, t_ab), False)
    linked = full_set_levels(_assessment([s_a, s_bc], "a", linked_qids="cb"))
    assert (linked.qids, linked.complete) == (("b", "c"), True)
    assert full_set_levels(_assessment([], "ab")) is None


def test_worst_expected_follows_the_selection_rule():
    """The verdict's worst expected re-identifications: highest share; ties: fewest QIDs, then
    the first (the full key comes first)."""
    from engine.outcome.verdict import worst_expected

    def expected(qids, count, share):
        return SimpleNamespace(qids=tuple(qids), expected_reidentifications=count, expected_share=share)

    full = SimpleNamespace(expected_reidentifications=3.0, expected_share=0.30)
    sample = SimpleNamespace(key=("a", "b", "c"), individual=full,
                             expected_by_size=[expected("a", 1.0, 0.10), expected("ab", 3.0, 0.30),
                                               expected("bc", 3.0, 0.30)])
    assert worst_expected(sample) == (("a", "b"), 3.0, 0.30)      # ties the full key with fewer QIDs
    sample.expected_by_size = [expected("a", 1.0, 0.10), expected("b", 2.0, 0.20)]
    assert worst_expected(sample) == (("a", "b", "c"), 3.0, 0.30)
    sample.expected_by_size.append(expected("c", 3.0, 0.30))
    assert worst_expected(sample) == (("c",), 3.0, 0.30)
