"""Attacks on synthetic data: hand-made tiny tables for every distance, attack, criterion and CAP;
the indexes against brute force; worker pool and cancel."""

import numpy as np
import pytest

from engine.analysis.config import DataSource
from engine.foundation.errors import Cancelled, InputError
from engine.foundation.progress import CancelToken
from engine.synthetic import closest, neighbourhood
from engine.synthetic.api import run_synthetic_assessment
from engine.synthetic.cap import cap_per_record, cap_scores, row_keys
from engine.synthetic.config import Criterion, SyntheticConfig
from engine.synthetic.data import AttackData
from engine.synthetic.distances import DistanceSpace
from engine.synthetic.neighbours import Search, run_searches
from engine.synthetic.thresholds import train_threshold

NAN = np.nan


def _data(real, synthetic, control=None, kinds=("numeric", "categorical", "categorical"),
          columns=("age", "sex", "ill"), categories=None, sensitive=True):
    real, synthetic = np.asarray(real, float), np.asarray(synthetic, float)
    control = None if control is None else np.asarray(control, float)
    tables = [t for t in (real, synthetic, control) if t is not None]
    categories = categories or {c: tuple(str(i) for i in range(int(max(np.nanmax(t[:, j]) for t in tables)) + 1))
                                for j, c in enumerate(columns) if kinds[j] == "categorical"}
    ranges = {}
    for j, c in enumerate(columns):
        if kinds[j] == "numeric":
            values = np.concatenate([t[:, j] for t in tables])
            span = np.nanmax(values) - np.nanmin(values)
            ranges[c] = float(span) if span > 0 else 1.0
    return AttackData(tuple(columns), tuple(kinds), real, synthetic, control, categories, ranges,
                      len(columns) - 1 if sensitive else None)


# --- distances ---------------------------------------------------------------------------------
def test_hand_distances_for_every_metric():
    # age range 20 (30..50); x = (30, F) against (30, M) and (40, F) and (50, M)
    data = _data([[30, 0, 0]], [[30, 1, 0], [40, 0, 0], [50, 1, 0]])
    x, ys = data.real, data.synthetic
    expected = {"hamming": [1, 1, 2], "mixed": [1, 0.5, 2], "l1": [2, 0.5, 3],
                "l2": [np.sqrt(2), 0.5, np.sqrt(3)]}
    for name, want in expected.items():
        space = DistanceSpace.from_data(data, name)
        assert space.pairwise(x, ys, (0, 1)).ravel() == pytest.approx(want), name
        found = run_searches({"s": space.embed(ys, (0, 1))}, {"t": space.embed(x, (0, 1))},
                             [Search("s", "t", "nearest", scale=space.scale((0, 1)), integral=space.integral)],
                             space.metric)[0]
        assert found[0] == pytest.approx(min(want)), name


def test_numeric_missing_costs_the_full_range():
    data = _data([[NAN, 0, 0], [NAN, 0, 0]], [[NAN, 0, 0], [35, 0, 0]], control=[[30, 0, 0], [50, 0, 0]])
    mixed = DistanceSpace.from_data(data, "mixed")
    # missing vs missing 0, missing vs 35 costs 1 (range 20)
    assert mixed.pairwise(data.real[:1], data.synthetic, (0, 1)).ravel().tolist() == [0.0, 1.0]
    l2 = DistanceSpace.from_data(data, "l2")
    # missing vs 35: scaled 0.25 -> (0.25 - 0.5)^2 + 0.75
    assert l2.pairwise(data.real[:1], data.synthetic[1:], (0,))[0, 0] == pytest.approx(np.sqrt(0.0625 + 0.75))
    assert DistanceSpace.from_data(data, "hamming").pairwise(data.real[:1], data.synthetic, (0, 1)).ravel().tolist() \
        == [0.0, 1.0]


@pytest.mark.parametrize("name", ["hamming", "l1", "l2", "mixed"])
def test_index_equals_brute_force_with_missing_values(name):
    rng = np.random.default_rng(7)

    def table(n):
        t = np.column_stack([rng.integers(18, 80, n).astype(float), rng.normal(50, 20, n).round(1),
                             rng.integers(0, 5, n), rng.integers(0, 3, n), rng.integers(0, 2, n)])
        t[rng.random(n) < 0.1, 1] = NAN
        return t

    data = _data(table(150), table(400), control=table(100),
                 kinds=("numeric", "numeric", "categorical", "categorical", "categorical"),
                 columns=("age", "income", "region", "job", "ill"))
    space = DistanceSpace.from_data(data, name)
    cols = (0, 1, 2, 3, 4)
    targets = np.vstack([data.real, data.control])
    brute = space.pairwise(targets, data.synthetic, cols)
    radius = float(np.median(brute.min(axis=1)))
    points, records = {"s": space.embed(data.synthetic, cols)}, {"t": space.embed(targets, cols)}
    scale = space.scale(cols)
    nearest, counts = run_searches(points, records, [Search("s", "t", "nearest", scale=scale, integral=space.integral),
                                                     Search("s", "t", "count", radius=radius, scale=scale)],
                                   space.metric, chunk=64)
    assert nearest == pytest.approx(brute.min(axis=1), abs=1e-9)
    assert counts.tolist() == (brute <= radius + 1e-9).sum(axis=1).tolist()


def test_too_many_categories_for_one_hot_is_an_input_error():
    data = _data([[0]], [[5000]], kinds=("categorical",), columns=("id",), sensitive=False)
    with pytest.raises(InputError, match="'id' has 5,001 distinct values.*hamming"):
        DistanceSpace.from_data(data, "l2")
    assert DistanceSpace.from_data(data, "hamming").width((0,)) == 1


# --- closest distance ----------------------------------------------------------------------
def test_closest_distance_mia_scores_hand_table():
    # hamming over (age, sex, ill): target 0 is copied, target 1 differs in one column, target 2 in all
    data = _data([[30, 0, 0], [40, 1, 1], [70, 0, 1]], [[30, 0, 0], [40, 1, 0], [50, 1, 0]])
    space = DistanceSpace.from_data(data, "hamming")
    brute = space.pairwise(data.real, data.synthetic, (0, 1, 2)).min(axis=1)
    assert closest.closest_mia_scores(brute).tolist() == [0.0, -1.0, -2.0]


def test_closest_distance_aia_hand_table():
    # mixed distance, QIDs (age range 40, sex); sensitive ill in {0, 1}
    # synthetic: (30,F,0) (40,F,1) (70,M,1); target x = (32, F)
    data = _data([[32, 0, 0]], [[30, 0, 0], [40, 0, 1], [70, 1, 1]])
    space = DistanceSpace.from_data(data, "mixed")
    candidates = closest.candidate_values(data.synthetic[:, 2])
    assert candidates.tolist() == [1.0, 0.0]          # value 1 is the more common
    partial = np.column_stack([space.pairwise(data.real, data.synthetic[closest.same_value(data.synthetic[:, 2], v)],
                                              (0, 1)).min(axis=1) for v in candidates])
    assert partial[0].tolist() == pytest.approx([8 / 40, 2 / 40])
    distances = closest.closest_aia_distances(space, partial, candidates, 2)
    # x|1: nearest is (40,F,1) at 0.2 -- (30,F,0) costs 0.05 + 1; x|0: (30,F,0) at 0.05
    assert distances[0].tolist() == pytest.approx([0.2, 0.05])
    brute = [space.pairwise(np.array([[32, 0, v]]), data.synthetic, (0, 1, 2)).min() for v in candidates]
    assert distances[0].tolist() == pytest.approx(brute)
    assert closest.nearest_values(distances).tolist() == [1]      # guesses value 0
    # confidence (1/d_v) / sum_u (1/d_u): 1/0.2 = 5 and 1/0.05 = 20, so value 0 (the guess) gets 20/25
    assert closest.closeness_shares(distances)[0].tolist() == pytest.approx([0.2, 0.8])


def test_closest_aia_confidence_grows_as_the_completion_gets_nearer():
    # one target per row; candidate 0 is the guess in each, candidate 1 always at distance 1
    distances = np.array([[0.0, 1.0], [0.25, 1.0], [0.5, 1.0], [1e-300, 1.0], [0.0, 0.0], [2.0, np.inf]])
    assert closest.nearest_values(distances).tolist() == [0, 0, 0, 0, 0, 0]
    shares = closest.closeness_shares(distances)
    # an exact copy scores 1; 1/0.25 = 4 against 1 -> 0.8; 2 against 1 -> 2/3; two copies share
    assert shares[:, 0].tolist() == pytest.approx([1.0, 0.8, 2 / 3, 1.0, 0.5, 1.0])
    assert shares.sum(axis=1) == pytest.approx(np.ones(6))
    rng = np.random.default_rng(5)
    random = rng.uniform(0, 3, (200, 4)) * (rng.random((200, 4)) < 0.8)   # some exact copies
    shares = closest.closeness_shares(random)
    guess = closest.nearest_values(random)
    confidence = shares[np.arange(200), guess]
    assert (shares.argmax(axis=1) == guess).mean() > 0.95       # the guess has the largest share (bar ties)
    order = np.argsort(random[np.arange(200), guess])           # nearer guesses, other distances equal...
    copies = (random == 0).sum(axis=1)
    assert np.all(confidence[copies == 1] == 1.0) and np.all(confidence[copies == 0] < 1.0)
    assert confidence[order[0]] >= confidence[order[-1]]


def test_closest_aia_ties_go_to_the_more_common_value():
    assert closest.nearest_values(np.array([[1.0, 1.0, 2.0]])).tolist() == [0]
    assert closest.nearest_values(np.array([[2.0, 1.0, 1.0]])).tolist() == [1]


def test_closest_aia_ties_are_not_decided_by_rounding():
    # target age 4 between synthetic ages 3 (value 0) and 5 (value 1); ages scaled by the range 9,
    # so both completions are 1/9 away but in floating point 4/9 - 3/9 < 5/9 - 4/9
    data = _data([[4, 0, 1]], [[3, 0, 0], [5, 0, 1], [9, 1, 1], [0, 1, 1]])
    candidates = closest.candidate_values(data.synthetic[:, 2])
    assert candidates.tolist() == [1.0, 0.0]                   # value 1: three records
    for name in ("mixed", "l1", "l2"):
        space = DistanceSpace.from_data(data, name)
        brute = [space.pairwise(np.array([[4, 0, v]]), data.synthetic, (0, 1, 2)).min() for v in candidates]
        assert brute[0] != brute[1] and brute == pytest.approx([1 / 9, 1 / 9]), name   # rounding differs
        points = {f"v{u}": space.embed(data.synthetic[closest.same_value(data.synthetic[:, 2], v)], (0, 1))
                  for u, v in enumerate(candidates)}
        found = run_searches(points, {"t": space.embed(data.real, (0, 1))},
                             [Search(f"v{u}", "t", "nearest") for u in range(len(candidates))], space.metric)
        distances = closest.closest_aia_distances(space, np.column_stack(found), candidates, 2)
        assert closest.nearest_values(distances).tolist() == [0], name                 # value 1, the more common
        assert closest.closeness_shares(distances)[0] == pytest.approx([0.5, 0.5]), name
    # counts tie too (two each): the smaller value, though rounding puts value 1 (age 3) nearer
    data = _data([[4, 0, 1]], [[3, 0, 1], [5, 0, 0], [9, 1, 0], [0, 1, 1]])
    candidates = closest.candidate_values(data.synthetic[:, 2])
    assert candidates.tolist() == [0.0, 1.0]
    space = DistanceSpace.from_data(data, "mixed")
    partial = np.array([[space.pairwise(data.real, data.synthetic[closest.same_value(data.synthetic[:, 2], v)],
                                        (0, 1)).min() for v in candidates]])
    assert partial[0, 0] > partial[0, 1]
    assert closest.nearest_values(closest.closest_aia_distances(space, partial, candidates, 2)).tolist() == [0]


# --- local neighbourhood -------------------------------------------------------------------
def test_neighbourhood_hand_table():
    # hamming radius 1 over (age, sex, ill): target (30, F, 0)
    data = _data([[30, 0, 0]], [[30, 0, 0], [30, 1, 0], [30, 1, 1], [45, 0, 1], [50, 1, 1]])
    space = DistanceSpace.from_data(data, "hamming")
    full = space.pairwise(data.real, data.synthetic, (0, 1, 2))[0]
    assert full.tolist() == [0, 1, 2, 2, 3]
    mia = neighbourhood.neighbourhood_mia_scores(np.array([(full <= 1).sum()]), len(data.synthetic))
    assert mia.tolist() == [0.4]
    # AIA on QIDs (age, sex) within 1: (30,F,0) (30,M,0) (30,M,1) (45,F,1) -> value 0 twice, 1 twice
    candidates = closest.candidate_values(data.synthetic[:, 2])        # [1, 0]: 1 is more common
    counts = np.array([[int(((space.pairwise(data.real, data.synthetic, (0, 1))[0] <= 1)
                             & closest.same_value(data.synthetic[:, 2], v)).sum()) for v in candidates]])
    assert counts.tolist() == [[2, 2]]
    shares = neighbourhood.neighbourhood_aia_scores(counts)
    assert shares.tolist() == [[0.5, 0.5]]
    assert closest.best_values(counts).tolist() == [0]                 # tie: the more common value 1


# --- thresholds ----------------------------------------------------------------------------
SCORES = np.array([-3.0, -2.0, -1.0, 0.0, -2.5, -1.5, -0.5, -4.0])
LABELS = np.array([0, 0, 1, 1, 0, 1, 1, 0])


@pytest.mark.parametrize("criterion, expected", [
    (Criterion(), -1.75),                 # flags -1.5 and above: all right
    (Criterion("tp", 0.5), -0.75),        # highest threshold flagging half the members (-0.5, 0.0)
    (Criterion("tp", 1.0), -1.75),
    (Criterion("fp", 0.25), -2.25),       # lowest threshold flagging at most one non-member (-2.0)
    (Criterion("fp", 0.0), -1.75),
    (Criterion("threshold", -0.5), -0.5),
])
def test_every_threshold_criterion(criterion, expected):
    assert train_threshold(SCORES, LABELS, criterion) == pytest.approx(expected)


def test_criterion_parse_and_errors():
    assert Criterion.parse("fp:0.01") == Criterion("fp", 0.01)
    assert Criterion.parse("threshold:-0.5").label() == "threshold:-0.5"
    assert Criterion.parse("accuracy") == Criterion()
    for bad in ("tp", "fp:2", "tp:x", "best"):
        with pytest.raises(InputError, match="criterion"):
            Criterion.parse(bad)


# --- CAP -----------------------------------------------------------------------------------
def test_cap_hand_table():
    # key (age, sex); real records and their ill value; synthetic counts per key:
    # (30,F): ill 0 twice, ill 1 once; (40,M): ill 1 once; (50,F): none
    real = [[30, 0, 0], [30, 0, 1], [40, 1, 0], [50, 0, 1]]
    synthetic = [[30, 0, 0], [30, 0, 0], [30, 0, 1], [40, 1, 1]]
    control = [[40, 1, 1], [30, 0, 0]]
    scores = cap_scores(_data(real, synthetic, control))
    assert scores.real.tolist() == pytest.approx([2 / 3, 1 / 3, 0.0, 0.0])
    assert scores.real_matched.tolist() == [True, True, True, False]
    assert scores.control.tolist() == pytest.approx([1.0, 2 / 3])
    assert scores.baseline == pytest.approx(0.5)          # real ill: two 0s, two 1s


def test_row_keys_treat_missing_as_equal():
    a, b = row_keys(np.array([[1.0, NAN], [1.0, 2.0]]), np.array([[1.0, NAN], [NAN, NAN]]))
    assert a[0] == b[0] and a[1] != b[0] and b[1] not in (a[0], a[1])
    cap, matched = cap_per_record(np.array([0]), np.array([0]), np.array([1]), np.array([0]))
    assert cap.tolist() == [0.0] and matched.tolist() == [False]


# --- the pool, cancel, end to end ----------------------------------------------------------
def test_two_workers_give_the_same_results_and_report_progress():
    rng = np.random.default_rng(3)
    points = rng.random((300, 3))
    targets = rng.random((700, 3))
    searches = [Search("p", "t", "nearest"), Search("p", "t", "count", radius=0.2)]
    one = run_searches({"p": points}, {"t": targets}, searches, "manhattan", chunk=100)
    seen = []
    two = run_searches({"p": points}, {"t": targets}, searches, "manhattan", jobs=2, chunk=100, progress=seen.append)
    assert np.array_equal(one[0], two[0]) and np.array_equal(one[1], two[1])
    assert seen[0] == 0 and seen[-1] == 1400 and seen == sorted(seen)


def test_cancel_stops_the_search():
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        run_searches({"p": np.zeros((3, 1))}, {"t": np.zeros((5, 1))}, [Search("p", "t", "nearest")],
                     "manhattan", cancel=token)


def _write(path, header, rows):
    path.write_text(header + "\n" + "".join(",".join(str(v) for v in r) + "\n" for r in rows), encoding="utf-8")
    return DataSource(str(path))


def test_copied_synthetic_file_is_exposed_end_to_end(tmp_path):
    rng = np.random.default_rng(0)
    rows = lambda n: [(int(a), "FM"[int(s)], f"j{int(j)}", "yes" if int(i) else "no")  # noqa: E731
                      for a, s, j, i in zip(rng.integers(18, 90, n), rng.integers(0, 2, n),
                                            rng.integers(0, 30, n), rng.integers(0, 2, n))]
    real_rows, control_rows = rows(200), rows(200)
    header = "age,sex,job,ill"
    config = SyntheticConfig(real=_write(tmp_path / "real.csv", header, real_rows),
                             synthetic=_write(tmp_path / "syn.csv", header, real_rows),
                             control=_write(tmp_path / "control.csv", header, control_rows),
                             qids=("age", "sex", "job"), sensitive="ill", targets=100, show_targets=True)
    assessment = run_synthetic_assessment(config)
    mia = assessment.attack("closest-mia")
    assert mia.auc > 0.9 and mia.main_rate == 1.0 and mia.targets == 200
    assert mia.ci_low > 0.5 and mia.residual_risk == pytest.approx((mia.main_rate - mia.control_rate)
                                                                   / (1 - mia.control_rate))
    assert all(score == 0.0 for _, score in mia.at_risk) and all(1 <= row <= 200 for row, _ in mia.at_risk)
    aia = assessment.attack("closest-aia")
    assert aia.accuracy == 1.0 and aia.control_rate < 0.9
    cap = assessment.attack("cap")
    assert cap.main_rate > 0.95 and cap.control_rate < cap.main_rate and cap.targets == 400
    assert assessment.radius == 0.0
    assert [a.attack for a in assessment.attacks] == ["closest-mia", "closest-aia", "neighbourhood-mia",
                                                      "neighbourhood-aia", "cap"]


def test_exact_copies_are_the_closest_aia_targets_most_at_risk(tmp_path):
    # half the real records are copied into the synthetic file, the other half with age + 1: the
    # attack guesses every member right, and the copies (confidence 1) must head the list
    rng = np.random.default_rng(3)
    n = 120
    real = [(int(a), "FM"[int(s)], f"j{int(j)}", "yes" if int(i) else "no")
            for a, s, j, i in zip(rng.integers(18, 90, n), rng.integers(0, 2, n), rng.integers(0, 40, n),
                                  rng.integers(0, 2, n))]
    synthetic = [row if k % 2 == 0 else (row[0] + 1,) + row[1:] for k, row in enumerate(real)]
    header = "age,sex,job,ill"
    config = SyntheticConfig(real=_write(tmp_path / "real.csv", header, real),
                             synthetic=_write(tmp_path / "syn.csv", header, synthetic),
                             qids=("age", "sex", "job"), sensitive="ill", targets=60, show_targets=True,
                             attacks=("closest-aia",))
    aia = run_synthetic_assessment(config).attack("closest-aia")
    assert aia.accuracy == 1.0
    rows = [row for row, _ in aia.at_risk]
    scores = [score for _, score in aia.at_risk]
    assert len(rows) == 20 and scores == sorted(scores, reverse=True)
    copied = [(row - 1) % 2 == 0 for row in rows]
    assert copied == sorted(copied, reverse=True) and copied[0]          # every copy before any perturbed row
    assert all(score == 1.0 for score, c in zip(scores, copied) if c)
    assert all(0.5 < score < 1.0 for score, c in zip(scores, copied) if not c)


def test_synthetic_file_coded_differently_is_a_warning(tmp_path):
    # the synthetic file codes sex as 1/2 and gives birth years instead of ages: no record can match
    rng = np.random.default_rng(4)
    real = [(int(a), "FM"[int(s)], "yes" if int(i) else "no")
            for a, s, i in zip(rng.integers(18, 60, 80), rng.integers(0, 2, 80), rng.integers(0, 2, 80))]
    synthetic = [(2020 - a, "12"["FM".index(s)], i) for a, s, i in real]
    header = "age,sex,ill"
    config = SyntheticConfig(real=_write(tmp_path / "real.csv", header, real),
                             synthetic=_write(tmp_path / "syn.csv", header, synthetic),
                             qids=("age", "sex"), sensitive="ill", targets=40, attacks=("closest-aia", "cap"))
    assessment = run_synthetic_assessment(config)
    warnings = assessment.warnings
    (sex,) = [w for w in warnings if w.startswith("column 'sex'")]
    assert "no value of the synthetic file occurs in the real file (real 'F', 'M', ...; synthetic '1', '2', ...)" in sex
    (age,) = [w for w in warnings if w.startswith("column 'age'")]
    ages = [a for a, _, _ in real]
    assert f"synthetic values ({2020 - max(ages)} to {2020 - min(ages)}) do not overlap the real ones " \
           f"({min(ages)} to {max(ages)})" in age
    (cap,) = [w for w in warnings if w.startswith("cap:")]
    assert "no real record matches a synthetic record on all of 'age', 'sex'" in cap
    assert assessment.attack("cap").main_rate == 0.0
    assert not [w for w in warnings if "'ill'" in w]                 # the sensitive column matches


def test_files_coded_alike_give_no_coding_warning(tmp_path):
    rows = [(30, "F", "no"), (40, "M", "yes"), (50, "F", "yes")]
    config = SyntheticConfig(real=_write(tmp_path / "real.csv", "age,sex,ill", rows),
                             synthetic=_write(tmp_path / "syn.csv", "age,sex,ill", [(30, "F", "no"), (60, "M", "no")]),
                             qids=("age", "sex"), sensitive="ill", targets=3, attacks=("closest-aia", "cap"))
    assert run_synthetic_assessment(config).warnings == ()


def test_control_file_coded_differently_is_a_warning(tmp_path):
    real = [(30, "F", "no"), (40, "M", "yes"), (50, "F", "yes"), (35, "M", "no")]
    control = [(31, "female", "no"), (41, "male", "yes"), (52, "female", "no")]
    config = SyntheticConfig(real=_write(tmp_path / "real.csv", "age,sex,ill", real),
                             synthetic=_write(tmp_path / "syn.csv", "age,sex,ill", real),
                             control=_write(tmp_path / "control.csv", "age,sex,ill", control),
                             qids=("age", "sex"), sensitive="ill", targets=3, attacks=("closest-aia",))
    (warning,) = run_synthetic_assessment(config).warnings
    assert warning.startswith("column 'sex': no value of the control file occurs in the real file (real 'F', "
                              "'M', ...; control 'female', 'male', ...)")
    assert "residual risk is overstated" in warning
