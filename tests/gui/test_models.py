"""Table models: qtmodeltester, values from codes and labels, sorting by permutation."""

from __future__ import annotations

import pyarrow as pa
from PySide6.QtCore import Qt

from engine.api import run_assessment
from engine.analysis.config import AnalysisConfig, DataSource, Roles, SubsetFamily, Target
from engine.io.encode import encode_arrow_table
from engine.io.loader import load_table
from engine.outcome.selection import top_by_size
from gui.models.results_models import TargetsModel, TopSubsetsModel
from gui.models.table_model import MISSING_TEXT, EncodedTableModel

from .conftest import EXAMPLES


def _table():
    arrow = pa.table({"age": [25, 49, None, 25, 60], "sex": ["F", "M", "F", None, "M"],
                      "score": [1.5, 2.0, 1.5, None, 3.25]})
    return encode_arrow_table(arrow, name="t.csv")


def test_encoded_table_model(qtmodeltester):
    model = EncodedTableModel(_table())
    qtmodeltester.check(model)
    assert model.rowCount() == 5 and model.columnCount() == 3
    assert [model.index(r, 0).data() for r in range(5)] == ["25", "49", MISSING_TEXT, "25", "60"]
    assert model.index(2, 0).data(Qt.ItemDataRole.ForegroundRole) is not None
    assert model.index(0, 0).data(Qt.ItemDataRole.TextAlignmentRole) & int(Qt.AlignmentFlag.AlignRight)
    assert model.index(3, 1).data() == MISSING_TEXT and model.cell_text(3, 1) == ""
    assert model.index(99, 0).data() is None and model.index(0, 9).data() is None
    assert model.headerData(0, Qt.Orientation.Vertical) == "1"
    model.sort(0, Qt.SortOrder.AscendingOrder)
    assert [model.index(r, 0).data() for r in range(5)] == ["25", "25", "49", "60", MISSING_TEXT]
    assert [model.source_row(r) for r in range(5)] == [0, 3, 1, 4, 2]
    assert model.headerData(1, Qt.Orientation.Vertical) == "4"
    qtmodeltester.check(model)
    model.reset_order()
    assert model.index(1, 0).data() == "49"


def test_model_over_a_large_table_answers_without_copying():
    import numpy as np

    n = 3_000_000
    codes = pa.array(np.arange(n) % 1000)
    table = encode_arrow_table(pa.table({"x": codes}), name="big")
    model = EncodedTableModel(table)
    assert model.rowCount() == n
    assert model.index(n - 1, 0).data() == str((n - 1) % 1000)


def test_roles_model(qtmodeltester, window, qtbot):
    from .conftest import load_census

    load_census(qtbot, window, EXAMPLES / "example12.csv")
    model = window.data_page.roles_model
    qtmodeltester.check(model)
    assert [model.index(r, 0).data() for r in range(model.rowCount())] == \
        ["id", "age", "gender", "occupation", "illness"]
    assert model.index(0, 1).data() == "Identifier (excluded)"  # id looks like a direct identifier
    assert model.index(1, 3).data() == "3" and model.index(1, 2).data() == "integer"
    assert model.setData(model.index(1, 1), "quasi_identifiers")
    assert window.session.roles["age"] == "quasi_identifiers"
    assert not model.setData(model.index(1, 1), "nonsense")
    assert not model.setData(model.index(1, 0), "quasi_identifiers")


def test_result_models_show_engine_values(qtmodeltester):
    config = AnalysisConfig(data=DataSource(str(EXAMPLES / "example12.csv")),
                            roles=Roles(quasi_identifiers=("age", "gender"), sensitive=("illness",)),
                            subsets=SubsetFamily(), targets=(Target((("age", "25"),)),
                                                             Target((("age", "99"),))))
    table = load_table(config.data, config.needed_columns())
    assessment = run_assessment(config, table=table)
    model = TopSubsetsModel()
    model.set_rows(top_by_size(assessment.reidentification, "posterior_prob"))
    qtmodeltester.check(model)
    age = next(r for r in assessment.reidentification if r.qids == ("age",))
    assert (age.posterior_det, age.posterior_prob) == (0.1, 0.3)  # docs/methods.md, Example 12
    row = [model.index(0, c).data() for c in range(model.columnCount())]
    assert row == ["1", "age", "10.0%", "1", "+10.0 pp", "30.0%", "3", "x3.000"]
    targets = TargetsModel()
    targets.set_targets(assessment.targets)
    qtmodeltester.check(targets)
    assert targets.text(0, 1) == "5" and targets.text(0, 2) == "20.0%"
    assert targets.text(1, 1).startswith("no match")
    assert targets.headerData(4, Qt.Orientation.Horizontal) == "illness\n(attacker's guess)"


def test_a_share_below_100_percent_and_its_gain_agree():
    """19,990 of 20,000 unique: 99.95%, and the gain over a prior of 0 is +99.95 pp, not +100.0 pp;
    with a sample the headers speak of the sample's records."""
    from engine.outcome.results import ReidentificationRisk

    row = ReidentificationRisk(("a", "b"), 20_000, 19_995, 19_990, 1 / 20_000, 19_995 / 20_000, 0.0, 0.9995)
    model = TopSubsetsModel()
    model.set_rows([row])
    cells = [model.data(model.index(0, j)) for j in range(model.COLUMNS)]
    assert cells[2:5] == ["99.95%", "19,990", "+99.95 pp"]
    assert model.headerData(3, Qt.Orientation.Horizontal) == "People"
    model.set_rows([row], sample=True)
    assert model.headerData(2, Qt.Orientation.Horizontal).startswith("Unique in the sample")
    assert model.headerData(3, Qt.Orientation.Horizontal) == "Records"
