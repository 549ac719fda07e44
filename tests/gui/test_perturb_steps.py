"""The perturbative steps on the Scenarios page: each form makes its exact step (saved into the
analysis), adding and editing one is undone and redone, the before/after preview shows the
engine's counts after microaggregation, and Compare shows the numeric figures of results.json."""

from __future__ import annotations

import json
import tomllib

import numpy as np
import pandas as pd
import pytest

from engine.remediation.step_preview import preview_step
from engine.analysis.scenario_steps import (Microaggregate, Noise, Pram, RankSwap, RecordSuppression, Round, Sample,
                                            Scenario, scenarios_toml, step_dict)
from gui.main_window import SCENARIOS
from gui.text import pct

from .conftest import error_boxes, wait_loaded

N = 120
COMPILE_MS = 240000   # the first use of MDAV compiles its kernels (seconds on a loaded machine)


@pytest.fixture
def survey(tmp_path):
    rng = np.random.default_rng(5)
    frame = pd.DataFrame({"sex": rng.choice(["f", "m"], N), "region": rng.choice(["n", "s", "e", "w"], N),
                          "age": rng.integers(18, 80, N),
                          "income": np.round(rng.lognormal(8, 0.6, N), 1),
                          "spend": np.round(rng.lognormal(7, 0.4, N), 1),
                          "area": rng.permutation(np.arange(1, N + 1)).astype(float),
                          "health": rng.choice(["good", "bad"], N)})
    path = tmp_path / "survey.csv"
    frame.to_csv(path, index=False)
    return path


@pytest.fixture
def page(qtbot, window, survey):
    window.flow.open_data_file(str(survey), ask=False)
    wait_loaded(qtbot, window)
    for name in ("sex", "region", "age"):
        assert window.data_page.set_role(name, "quasi_identifiers")
    for name in ("income", "spend", "area"):
        assert window.data_page.set_role(name, "numeric_qids")
    assert window.data_page.set_role("health", "sensitive")
    window.show_page(SCENARIOS)
    return window.scenarios_page


def fill(form, op: str, columns, **values):
    form.choose(op)
    box = form.perturb
    box.tick(columns)
    widgets = {"k": box.k, "percent": box.noise if op == "noise" else box.swap, "pd": box.pd, "alpha": box.alpha,
               "seed": box.seed, "base": box.base}
    for key, value in values.items():
        if key == "correlated":
            box.correlated.setChecked(value)
        else:
            widgets[key].setValue(value)
    return box


CASES = [
    ("microaggregate", ["income", "spend"], {"k": 4},
     {"op": "microaggregate", "columns": ["income", "spend"], "k": 4, "method": "mdav"},
     Microaggregate(("income", "spend"), 4, "mdav")),
    ("noise", ["income", "spend"], {"percent": 25.0, "correlated": True, "seed": 7},
     {"op": "noise", "columns": ["income", "spend"], "percent": 25.0, "correlated": True, "seed": 7},
     Noise(("income", "spend"), 25.0, True, 7)),
    ("rank_swap", ["spend"], {"percent": 12.5, "seed": 3},
     {"op": "rank_swap", "columns": ["spend"], "percent": 12.5, "seed": 3}, RankSwap(("spend",), 12.5, 3)),
    ("pram", ["region"], {"pd": 0.7, "alpha": 0.4, "seed": 2},
     {"op": "pram", "columns": ["region"], "pd": 0.7, "alpha": 0.4, "seed": 2}, Pram(("region",), 0.7, 0.4, 2)),
    ("round", ["income"], {"base": 100.0},
     {"op": "round", "columns": ["income"], "base": 100.0}, Round(("income",), 100.0)),
]


@pytest.mark.parametrize("op, columns, values, table, step", CASES, ids=[c[0] for c in CASES])
def test_each_form_makes_its_exact_step_and_saves_it(page, op, columns, values, table, step):
    form = page.step_form
    box = fill(form, op, columns, **values)
    offered = [box.columns.item(i).text() for i in range(box.columns.count())]
    assert offered == (["sex", "region", "age"] if op == "pram" else ["income", "spend", "area"])
    assert form.step_table() == table
    assert form.step() == step
    page.add_scenario("s")
    form.add()
    assert page.session.scenarios[0].steps == (step,)
    saved = tomllib.loads(scenarios_toml(page.session.config_for_saving().scenarios))
    assert saved["scenario"][0]["steps"] == [table] == [step_dict(step)]


# valid steps whose values a form's decimals or a box's largest value would change
EXACT = [Pram(("region",), 0.125, 0.3, 2**40), Noise(("income", "spend"), 12.345, True, 2**35),
         RankSwap(("spend",), 0.0625, 7), Round(("income",), 0.0025), RecordSuppression(3, 2.375),
         Sample(0.00125, 2**33), Sample(0.00005, 3), Microaggregate(("income",), 1, "mdav")]


@pytest.mark.parametrize("step", EXACT, ids=[f"{type(s).__name__}{i}" for i, s in enumerate(EXACT)])
def test_an_edited_step_keeps_the_values_left_alone(page, step):
    form = page.step_form
    form.load(step)
    assert form.step() == step


def test_step_boxes_take_the_declared_ranges(page):
    form, box = page.step_form, page.step_form.perturb
    assert (form.fraction.minimum(), form.fraction.maximum()) == (0.01, 100.0)   # (0, 1] in percent
    assert form.local_k.minimum() == form.record_k.minimum() == box.k.minimum() == 1
    assert (form.record_limit.minimum(), form.record_limit.maximum()) == (0.0, 100.0)
    assert form.seed.maximum() == box.seed.maximum() == 2**31 - 1   # what a box holds; larger seeds are kept
    assert (box.pd.maximum(), box.noise.maximum(), box.swap.maximum()) == (1.0, 1000.0, 100.0)
    assert box.base.minimum() == 0.001   # above 0, at the box's three decimals


def test_an_incomplete_step_is_refused_with_one_line(page):
    page.add_scenario("s")
    form = page.step_form
    messages = []
    form.failed.connect(messages.append)
    fill(form, "noise", [])
    form.add()
    fill(form, "noise", ["income"], correlated=True)
    form.add()
    assert messages[0] == "Tick at least one column."
    assert "correlated noise needs two or more columns" in messages[1]
    assert page.session.scenarios[0].steps == ()
    for box in error_boxes():
        box.close()


def test_adding_and_editing_a_perturbative_step_are_undone_and_redone(page):
    stack = page.session.undo_stack
    page.add_scenario("noisy")
    form = page.step_form
    fill(form, "noise", ["income", "spend"], percent=10.0, seed=1)
    form.add()
    first = Noise(("income", "spend"), 10.0, False, 1)
    assert page.session.scenarios[0].steps == (first,)
    stack.undo()
    assert page.session.scenarios[0].steps == ()
    stack.redo()
    assert page.session.scenarios[0].steps == (first,)
    # edit: the selected step is shown in the form, changed and put back in its place
    fill(form, "round", ["area"], base=5.0)
    form.add()
    page.step_list.setCurrentRow(0)
    page.edit_step()
    assert form.op.currentData() == "noise" and form.perturb.chosen() == ["income", "spend"]
    assert form.perturb.noise.value() == 10.0 and form.perturb.seed.value() == 1
    form.perturb.noise.setValue(30.0)
    form.replace()
    edited = Noise(("income", "spend"), 30.0, False, 1)
    assert page.session.scenarios[0].steps == (edited, Round(("area",), 5.0))
    stack.undo()
    assert page.session.scenarios[0].steps == (first, Round(("area",), 5.0))
    stack.redo()
    assert page.session.scenarios[0].steps == (edited, Round(("area",), 5.0))


def test_preview_shows_the_engines_counts_after_microaggregation(qtbot, page):
    form = page.step_form
    box = fill(form, "microaggregate", ["area"], k=10)
    box.refresh()
    qtbot.waitUntil(lambda: box.preview is not None, timeout=COMPILE_MS)
    step = Microaggregate(("area",), 10)
    engine = preview_step(page.session.table, step)
    assert box.preview == engine
    change = engine.columns[0]
    # area holds 1..120: MDAV with k = 10 groups ten consecutive values (from both ends inwards), each
    # replaced by their mean 5.5, 15.5, ..., 115.5; 20 bins of width 119 / 20 from 1 to 120
    edges = np.linspace(1, N, 21)
    assert change.edges == tuple(edges)
    assert change.before == (6,) * 20
    assert change.after == (10, 0, 10, 0, 10, 10, 0, 10, 0, 10, 10, 0, 10, 0, 10, 10, 0, 10, 0, 10)
    assert change.after == tuple(np.histogram(np.repeat(np.arange(5.5, N, 10), 10), edges)[0])
    assert change.changed == N
    assert box.plot.drawn_counts() == (list(change.before), list(change.after))
    assert box.summary.text() == f"On all {N} records: {N} values changed."
    # a PRAM step previews the categories
    fill(form, "pram", ["region"], pd=0.5, alpha=1.0, seed=4)
    box.refresh()
    qtbot.waitUntil(lambda: box.preview is not None and not box.preview.columns[0].numeric, timeout=60000)
    assert box.preview == preview_step(page.session.table, Pram(("region",), 0.5, 1.0, 4))
    assert box.plot.drawn_counts() == (list(box.preview.columns[0].before), list(box.preview.columns[0].after))


def test_compare_shows_the_numeric_figures_of_results_json(qtbot, page, tmp_path):
    page.session.set_scenarios([
        Scenario("mdav", (Microaggregate(("income", "spend", "area"), 5),)),
        Scenario("noise and pram", (Noise(("income", "spend"), 50.0, False, 3), Pram(("sex", "region"), 0.5, 1.0, 9))),
    ])
    assert page.run()
    qtbot.waitUntil(lambda: not page.busy and page.session.result is not None, timeout=COMPILE_MS)
    qtbot.waitUntil(lambda: page.table.rowCount() == 3, timeout=10000)
    out = tmp_path / "out"
    assert page.controller.export_tables(str(out))
    qtbot.waitUntil(lambda: (out / "results.json").exists() and not page.busy, timeout=60000)
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    table = page.table
    original = results["numeric_keys"]
    assert table.cell_text(0, "linked to themselves") == pct(original["linkage_risk"]) == "100.0%"
    assert table.cell_text(0, "within the interval") == pct(original["interval_risk"])
    assert table.cell_text(0, "outliers linked") == f"{original['outliers_linked']} of {original['outlier_count']}"
    assert table.cell_text(0, "PRAM: true matches") == "—"
    for row, entry in enumerate(results["scenarios"], start=1):
        numeric = entry["numeric"]
        assert table.cell_text(row, "linked to themselves") == pct(numeric["linkage_risk"])
        assert table.cell_text(row, "within the interval") == pct(numeric["interval_risk"])
        assert table.cell_text(row, "IL1s per value") == f"{numeric['utility']['il1s_mean']:.3f}"
        assert table.cell_text(row, "outliers linked") == f"{numeric['outliers_linked']} of {numeric['outlier_count']}"
    # the linkage cell's tooltip gives the share alone in their categorical block, as the report does
    numerics = [original] + [s["numeric"] for s in results["scenarios"]]
    assert any(n["alone_in_block"] for n in numerics)
    for row, numeric in enumerate(numerics):
        tip = table.cell_tip(row, "linked to themselves")
        if numeric["alone_in_block"]:
            assert tip.startswith(f"{pct(numeric['alone_in_block'])} of the records are the only released record")
        else:
            assert tip == ""
    mdav, noisy = (s["numeric"] for s in results["scenarios"])
    assert mdav["linkage_risk"] < 1.0 and mdav["utility"]["il1s_mean"] > 0
    assert table.cell_text(1, "PRAM: true matches") == "—"
    pram = noisy["pram"]
    assert pram["columns"] == ["sex", "region"] and pram["unique_matches"] > 0
    assert table.cell_text(2, "PRAM: true matches") == pct(pram["right_share"])
    # the plot's third panel: records linked to themselves against IL1s per value, the original at IL1s 0
    points = page.plot.points
    assert [(p.linkage_risk, p.il1s) for p in points] == [
        (original["linkage_risk"], 0.0), (mdav["linkage_risk"], mdav["utility"]["il1s_mean"]),
        (noisy["linkage_risk"], noisy["utility"]["il1s_mean"])]
    assert len(page.plot.figure.axes) >= 3
    assert page.plot.figure.axes[2].get_title() == "numeric keys: records linked to themselves"
