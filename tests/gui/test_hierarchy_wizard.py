"""The hierarchy wizard: the file it saves equals a hand-written ARX file, the preview shows the
engine's counts per level, Load reads ARX files; its hooks on the Scenarios page (Suggest's
"Build hierarchy..." and "Make hierarchies for all QIDs", the Build tab's recode) and what
Suggest says when nothing is feasible."""

from __future__ import annotations

import pandas as pd
import pytest

from engine.io.preview import subtable
from engine.remediation.hierarchy import level_counts, read_hierarchy
from engine.remediation.transforms import HierarchySpec
from gui.dialogs.hierarchy_wizard import HierarchyWizard
from gui.main_window import SCENARIOS
from tests.engine.helpers import table_from_frame

from .conftest import QIDS, SENSITIVE, error_boxes, load_census, set_roles


@pytest.fixture
def small(qtbot):
    frame = pd.DataFrame({"age": [20, 23, 23, 27, 41, 65], "zip": ["12345", "12399", "13000", "13000", "12345", None],
                          "school": ["none", "college", "primary", "primary", "graduate", "none"]})
    dialog = HierarchyWizard(table_from_frame(frame), ("age", "zip", "school"), "age")
    qtbot.addWidget(dialog)
    return dialog


def _cells(table, row):
    return [table.item(row, c).text() for c in range(table.columnCount())]


def test_saved_files_equal_hand_written_arx_files(small, tmp_path):
    small.set_kind("intervals")
    small.widths.setText("5")
    small.refresh()
    small.save_to(str(tmp_path / "age.csv"))
    assert (tmp_path / "age.csv").read_text(encoding="utf-8") == (
        "20;[20, 25[;[20, 30[;[20, 40[;[20, 60[;*\n"
        "23;[20, 25[;[20, 30[;[20, 40[;[20, 60[;*\n"
        "27;[25, 30[;[20, 30[;[20, 40[;[20, 60[;*\n"
        "41;[40, 45[;[40, 50[;[40, 60[;[20, 60[;*\n"
        "65;[65, 70[;[60, 70[;[60, 80[;[60, 100[;*\n")
    small.qid.setCurrentText("zip")
    small.set_kind("masking")
    small.mask_step.setValue(2)
    small.save_to(str(tmp_path / "zip.csv"))
    assert (tmp_path / "zip.csv").read_text(encoding="utf-8") == (
        "12345;123**;1****;*\n12399;123**;1****;*\n13000;130**;1****;*\n")
    small.qid.setCurrentText("school")
    small.set_kind("ordered")
    small.order.setPlainText("none\nprimary\nsecondary\ncollege\ngraduate")
    small.fanout.setValue(2)
    small.save_to(str(tmp_path / "school.csv"))
    assert (tmp_path / "school.csv").read_text(encoding="utf-8") == (
        "none;[none, primary];[none, ..., college];*\n"
        "primary;[none, primary];[none, ..., college];*\n"
        "secondary;[secondary, college];[none, ..., college];*\n"
        "college;[secondary, college];[none, ..., college];*\n"
        "graduate;graduate;graduate;*\n")
    assert small.saved == {q: str(tmp_path / f"{q}.csv") for q in ("age", "zip", "school")}


def test_preview_shows_every_level_with_the_engines_counts(small):
    small.set_kind("intervals")
    small.widths.setText("10, 20")
    small.refresh()
    column = small.table["age"]
    assert small.levels.rowCount() == small.hierarchy.levels == 4  # 0, [10], [20], *
    for level in range(4):
        pairs = level_counts(small.hierarchy, column, level)
        cells = _cells(small.levels, level)
        assert cells[:4] == [str(level), str(len(pairs)), str(min(n for _, n in pairs)), str(max(n for _, n in pairs))]
    assert _cells(small.levels, 1)[4] == "[20, 30[ (4), [40, 50[ (1), [60, 70[ (1)"
    assert _cells(small.levels, 3)[4] == "* (6)"
    assert small.rows.rowCount() == 5 and _cells(small.rows, 0) == ["20", "[20, 30[", "[20, 40[", "*"]
    small.widths.setText("10, 15")
    small.refresh()
    assert "multiple of the one before" in small.summary.text() and not small.save_button.isEnabled()


def test_the_template_is_chosen_from_the_column(small):
    small.set_kind("template")
    assert "width 5, doubled per level" in small.template_note.text()
    assert small.hierarchy.rows[0] == ("20", "[20, 25[", "[20, 30[", "[20, 40[", "[20, 60[", "*")
    small.qid.setCurrentText("zip")
    assert "masked from the right" in small.template_note.text()
    assert small.hierarchy.rows[0][:3] == ("12345", "1234*", "123**")
    small.qid.setCurrentText("school")
    assert small.hierarchy.rows[0] == ("college", "*")


def test_load_reads_an_arx_file_and_rejects_one_missing_values(small, tmp_path):
    path = tmp_path / "hand.csv"
    path.write_text("20;young;*\n23;young;*\n27;young;*\n41;old;*\n65;old;*\n", encoding="utf-8")
    small.load_from(str(path))
    assert small.levels.rowCount() == 3 and _cells(small.levels, 1)[:2] == ["1", "2"]
    assert _cells(small.levels, 1)[4] == "young (4), old (2)"
    assert small.saved["age"] == str(path) and "hand.csv" in small.summary.text()
    small.set_kind("intervals")  # an edit of the form builds again
    small.widths.setText("50")
    small.widths.editingFinished.emit()
    assert small.loaded_from is None and small.hierarchy.rows[0] == ("20", "[0, 50[", "*")
    short = tmp_path / "short.csv"
    short.write_text("20;young;*\n", encoding="utf-8")
    with pytest.raises(Exception, match="no line in the hierarchy"):
        small.load_from(str(short))


@pytest.fixture
def page(qtbot, window):
    load_census(qtbot, window)
    set_roles(window, QIDS, SENSITIVE)
    window.show_page(SCENARIOS)
    return window.scenarios_page


def test_make_hierarchies_for_all_qids_then_nothing_feasible_says_what_would_be(qtbot, page, window, tmp_path,
                                                                                 monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(tmp_path))
    panel = page.suggest_panel
    panel.all_button.click()
    assert not error_boxes()
    assert {q: s.path for q, s in panel.specs.items()} == {q: str(tmp_path / f"{q}_hierarchy.csv") for q in QIDS}
    table = subtable(window.session.table, window.session.qids)
    for q in QIDS:
        assert read_hierarchy(tmp_path / f"{q}_hierarchy.csv", q).rows[0][-1] == "*"
    # k above the number of records: only suppressing everything would do
    panel.k.setValue(window.session.table.n_rows + 1)
    panel.max_suppression.setValue(0.0)
    assert page.run_suggest()
    qtbot.waitUntil(lambda: not page.busy, timeout=120000)
    assert panel.suggestion.best is None
    text = panel.best.text()
    n = table.n_rows
    assert "At full generalisation" in text and "largest reachable k is" in text
    facts = panel.suggestion.extra["at_full_generalisation"]
    # at the top every value is '*' and a missing value stays missing: count those blocks by hand
    tops = pd.DataFrame({q: [table[q].label_text(c) == "" for c in table[q].codes] for q in QIDS})
    sizes = tops.groupby(list(QIDS)).size()
    assert facts["smallest_block"] == facts["largest_k"] == sizes.min() and facts["to_suppress"] == n
    assert f"smallest group holds {sizes.min()} record{'' if sizes.min() == 1 else 's'}" in text


def test_build_hierarchy_from_suggest_and_from_the_build_tab(qtbot, page, tmp_path, monkeypatch):
    def save_and_close(dialog):
        dialog.set_kind("intervals")
        dialog.widths.setText("5")
        dialog.refresh()
        dialog.save_to(str(tmp_path / f"{dialog.current_qid()}.csv"))
        return 1

    monkeypatch.setattr(HierarchyWizard, "exec", save_and_close)
    panel = page.suggest_panel
    panel.hierarchies.selectRow(QIDS.index("birth_year"))
    panel.wizard_button.click()
    assert panel.specs["birth_year"] == HierarchySpec("hierarchy", path=str(tmp_path / "birth_year.csv"))
    box = page.step_form.recode
    page.step_form.choose("recode")
    box.column.setCurrentText("birth_year")
    box.wizard_button.click()
    assert box.builder.currentData() == "hierarchy" and box.path.text() == str(tmp_path / "birth_year.csv")
    assert box.hierarchy is not None and box.hierarchy.rows[0][1].startswith("[")


def test_save_button_writes_where_the_file_dialog_says(small, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    asked = []
    target = tmp_path / "chosen.csv"

    def ask(parent, title, proposed, filter_text):
        asked.append(proposed)
        return str(target), filter_text

    monkeypatch.setattr(QFileDialog, "getSaveFileName", ask)
    small.folder = str(tmp_path)
    small.set_kind("suppress")
    seen = []
    small.hierarchySaved.connect(lambda q, p: seen.append((q, p)))
    small.save_button.click()
    assert asked == [str(tmp_path / "age_hierarchy.csv")]
    assert target.read_text(encoding="utf-8") == "20;*\n23;*\n27;*\n41;*\n65;*\n"
    assert seen == [("age", str(target))]


def test_make_all_asks_before_replacing_files(page, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(tmp_path))
    (tmp_path / "sex_hierarchy.csv").write_text("kept\n", encoding="utf-8")
    questions = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda parent, title, text, *a: questions.append(text) or QMessageBox.StandardButton.No)
    page.suggest_panel.all_button.click()
    assert len(questions) == 1 and "sex_hierarchy.csv" in questions[0]
    assert (tmp_path / "sex_hierarchy.csv").read_text(encoding="utf-8") == "kept\n"
    assert not (tmp_path / "race_hierarchy.csv").exists() and page.suggest_panel.specs == {}
    monkeypatch.setattr(QMessageBox, "question", lambda *a: QMessageBox.StandardButton.Yes)
    page.suggest_panel.all_button.click()
    assert (tmp_path / "sex_hierarchy.csv").read_text(encoding="utf-8").splitlines()[0].endswith(";*")
    assert set(page.suggest_panel.specs) == set(QIDS)
