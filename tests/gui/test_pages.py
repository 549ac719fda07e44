"""Pages one by one: import options, releases, subset families, exports, drop, recent files."""

from __future__ import annotations

import json
import sys
import types

from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from engine.analysis.config import DataSource, SubsetFamily, Target
from gui.dialogs.import_dialog import ImportDialog
from gui.dialogs.target_dialog import TargetDialog

from .conftest import CENSUS, EXAMPLES, error_boxes, load_census, set_roles, wait_loaded

ALL_QIDS = ("birth_day", "birth_month", "birth_year", "sex", "race", "nationality",
            "municipality_birth", "municipality_residence", "school", "school_type")


def test_import_dialog_live_preview(qtbot, tmp_path):
    path = tmp_path / "inquérito.csv"
    path.write_bytes("município;idade;sexo\nSão Tomé;25;F\nJundiaí;49;M\n".encode("cp1252"))
    dialog = ImportDialog(DataSource(str(path)))
    qtbot.addWidget(dialog)
    assert dialog.model.columnCount() == 3 and dialog.model.rowCount() == 2
    assert dialog.model.horizontalHeaderItem(0).text() == "município"
    assert dialog.model.item(0, 0).text() == "São Tomé"
    assert "semicolon" in dialog.detected.text() and "cp1252" in dialog.detected.text()
    dialog.delimiter.setCurrentIndex(dialog.delimiter.findData(","))
    qtbot.waitUntil(lambda: dialog.model.columnCount() == 1, timeout=3000)
    dialog.delimiter.setCurrentIndex(dialog.delimiter.findData(";"))
    dialog.encoding.setCurrentText("utf-8")
    qtbot.waitUntil(lambda: "not valid utf-8" in dialog.problem.text(), timeout=3000)
    assert not dialog.buttons.button(dialog.buttons.StandardButton.Open).isEnabled()
    dialog.encoding.setCurrentText("latin-1")
    qtbot.waitUntil(lambda: dialog.model.columnCount() == 3, timeout=3000)
    assert dialog.source() == DataSource(str(path), delimiter=";", encoding="latin-1")


def test_import_options_reload_keeps_roles(qtbot, window, monkeypatch):
    load_census(qtbot, window)
    set_roles(window)
    monkeypatch.setattr(ImportDialog, "ask", classmethod(
        lambda cls, parent, source: DataSource(source.path, delimiter=",", encoding="utf-8")))
    window.flow.reopen_with_options()
    qtbot.waitUntil(lambda: window.session.source.encoding == "utf-8" and not window.flow.busy,
                    timeout=20000)
    assert window.session.qids == ("birth_year", "sex", "race", "school")


def test_attacks_page_counts_subsets_and_estimates(qtbot, window):
    load_census(qtbot, window)
    set_roles(window, ALL_QIDS, ("special_needs",))
    page = window.attacks_page
    assert page.subset_count.text().startswith("<b>1,023 subsets</b> of 10 quasi-identifiers")
    # the example is estimated under a second: said as such, not "about under 1 s"
    assert page.estimate.text().startswith("Estimated run time: under 1 s (an estimate from ")
    assert "20,000 rows x 1,023 subsets" in page.estimate.text()
    page.set_family(SubsetFamily(kind="max-size", max_size=2))
    assert page.subset_count.text().startswith("<b>55 subsets</b>")
    assert page.radio_max.isChecked() and page.max_size.value() == 2
    page.set_family(SubsetFamily(kind="exact"))
    assert page.subset_count.text().startswith("<b>1 subset</b>")
    page.set_family(SubsetFamily(kind="list", subsets=(("sex", "school"), ("birth_year",))))
    assert page.subset_count.text().startswith("<b>2 subsets</b>")
    assert [page.subset_list.item(i).text() for i in range(2)] == ["sex + school", "birth_year"]
    window.data_page.set_role("school", "ignored")  # a set naming a column no longer a QID goes
    assert window.session.family.subsets == (("birth_year",),)
    page.individual.setChecked(False)
    page.collective.setChecked(False)
    assert "choose the collective attack, individual targets, or both" in page.problem.text()
    assert not page.run_button.isEnabled()
    page.collective.setChecked(True)
    assert page.run_button.isEnabled()
    assert not page.models_enabled.isChecked() and not page.models_l.isEnabled()
    page.models_enabled.setChecked(True)
    check, spin = page.model_targets["k"]
    assert check.isEnabled() and not spin.isEnabled()
    check.setChecked(True)
    spin.setValue(7)
    page.models_l.setValue(3)
    models = window.session.build_config().models
    assert (models.enabled, models.l, models.targets.k, models.targets.t) == (True, 3, 7, None)
    assert "smallest group" in page.model_targets["k"][0].toolTip()
    window.settings.setValue("estimate/seconds_per_row_subset", 1e-6)
    page.refresh()
    assert "the speed of your last run" in page.estimate.text()
    # a finished run recomputes the estimate at the rate it measured (never the figure from before)
    page.set_family(SubsetFamily())
    window.settings.setValue("estimate/seconds_per_row_subset", 1e-8)
    page.refresh()
    before = page.estimate.text()
    assert before.startswith("Estimated run time: under 1 s")
    window.settings.setValue("estimate/seconds_per_row_subset", 1e-7)
    window.flow.runFinished.emit()
    assert page.estimate.text() != before and "the speed of your last run" in page.estimate.text()


def test_target_dialog_and_row_targets(qtbot, window):
    load_census(qtbot, window)
    set_roles(window, ("sex", "birth_year"))
    dialog = TargetDialog(window.session.qids, window.session.table)
    qtbot.addWidget(dialog)
    dialog.fields["sex"].setText("F")
    assert dialog.target().values == (("sex", "F"),)
    dialog.fields["birth_year"].setText("(missing)")
    assert dialog.target().values == (("birth_year", ""), ("sex", "F"))
    page = window.data_page
    page.add_selected_row_as_target()
    assert "Select a row first" in page.target_feedback.text()
    page.table_model.sort(3, Qt.SortOrder.DescendingOrder)  # birth_year, newest first
    page.table_view.selectRow(0)
    page.add_selected_row_as_target()
    target = window.session.targets[-1]
    row = page.table_model.source_row(0)
    names = list(window.session.table.columns)
    expected = tuple((q, window.session.table[q].label_text(window.session.table[q].codes[row]))
                     for q in ("birth_year", "sex"))
    assert target.values == expected and target.values[0][1] == "2016"
    assert window.attacks_page.targets.count() == 1 and "birth_year=2016" in \
        window.attacks_page.targets.item(0).text()
    assert names[3] == "birth_year"


def test_releases_page_collects_releases_into_the_linkage(qtbot, window):
    load_census(qtbot, window, EXAMPLES / "example12.csv")
    page = window.releases_page
    assert not hasattr(page, "notice")
    page.focal_key.setCurrentIndex(page.focal_key.findData("id"))
    page.focal_key.activated.emit(page.focal_key.currentIndex())
    assert window.session.roles["id"] == "linkage_keys"
    release = page.add_release_file(str(EXAMPLES / "example20_release2.csv"))
    assert release.linkage_key == "id" and release.columns == ["id", "age", "occupation"]
    assert page.table.rowCount() == 1 and page.table.item(0, 0).text() == "example20_release2.csv"
    assert page.table.cellWidget(0, 2).currentData() == "id"
    assert page.status.text().startswith("1 later release with its linkage key: the run links it to")
    linkage = window.session.build_config().linkage if window.session.qids else window.session.linkage()
    assert (linkage.key, linkage.focal_label, linkage.duplicates) == ("id", "1", "error")
    (later,) = linkage.releases
    assert (later.label, later.key, later.data.path) == ("2", None, str(EXAMPLES / "example20_release2.csv"))
    window.session.set_release_label(0, "2019")
    assert window.session.linkage().labels == ("1", "2019")
    assert page.table.cellWidget(0, 3).text() == "2019"
    assert page.add_release_file(str(EXAMPLES / "nope.csv")) is None
    box = error_boxes()[0]
    assert "no such file" in box.informativeText()
    box.close()
    assert len(window.session.releases) == 1
    assert window.results_page.tabs.tabText(5) == "Over time"


def test_exports(qtbot, window, tmp_path, monkeypatch):
    load_census(qtbot, window, EXAMPLES / "example12.csv")
    set_roles(window, ("age", "gender"), ("illness",))
    window.run()
    qtbot.waitUntil(lambda: window.session.result is not None, timeout=30000)
    out = tmp_path / "tables"
    assert window.flow.export_tables(str(out))
    qtbot.waitUntil(lambda: not window.flow.exporter.busy, timeout=10000)
    data = json.loads((out / "results.json").read_text(encoding="utf-8"))
    age = next(r for r in data["reidentification"] if r["qids"] == ["age"])
    assert (age["posterior_det"], age["posterior_prob"]) == (0.1, 0.3)
    assert (out / "top_subsets.csv").exists() and (out / "analysis.toml").exists()

    written = []
    fake = types.ModuleType("engine.report.pdf")

    def write_pdf(assessment, path, options=None, cancel=None):
        written.append((assessment, path))
        path.write_bytes(b"%PDF-1.4 fake")

    fake.write_pdf = write_pdf
    monkeypatch.setitem(sys.modules, "engine.report.pdf", fake)
    assert window.flow.export_pdf(str(tmp_path / "r.pdf"))
    qtbot.waitUntil(lambda: not window.flow.exporter.busy, timeout=10000)
    assert written[0][0] is window.session.result.assessment
    assert (tmp_path / "r.pdf").read_bytes() == b"%PDF-1.4 fake"


def test_drop_a_file_and_recent_files(qtbot, window, monkeypatch):
    asked = []
    monkeypatch.setattr(ImportDialog, "ask", classmethod(
        lambda cls, parent, source: asked.append(source.path) or source))
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(CENSUS))])
    event = QDropEvent(QPointF(300, 300), Qt.DropAction.CopyAction, mime,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    window.dropEvent(event)
    wait_loaded(qtbot, window)
    assert asked == [str(CENSUS)]  # a CSV shows the import options first
    assert window.session.table.name == "census_example.csv"
    assert window.flow.recent_files() == [str(CENSUS.resolve())]
    assert window.start_page.recent.item(0).data(Qt.ItemDataRole.UserRole) == str(CENSUS.resolve())
    assert [a.text() for a in window.recent_menu.actions()] == ["census_example.csv"]
    assert not [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]


def test_excel_sheet_choice_changes_the_preview(qtbot, tmp_path):
    import pandas as pd

    path = tmp_path / "survey.xlsx"
    with pd.ExcelWriter(path, engine="openpyxl") as writer:
        pd.DataFrame({"age": [25, 49], "sex": ["F", "M"]}).to_excel(writer, sheet_name="2019", index=False)
        pd.DataFrame({"region": ["North"]}).to_excel(writer, sheet_name="notes", index=False)
    dialog = ImportDialog(DataSource(str(path)))
    qtbot.addWidget(dialog)
    assert [dialog.sheet.itemText(i) for i in range(dialog.sheet.count())] == ["2019", "notes"]
    assert dialog.model.columnCount() == 2 and dialog.model.item(1, 1).text() == "M"
    dialog.sheet.setCurrentIndex(1)
    qtbot.waitUntil(lambda: dialog.model.columnCount() == 1, timeout=3000)
    assert dialog.model.item(0, 0).text() == "North"
    assert dialog.source().sheet == "notes"


def test_attack_choices_shape_the_config(qtbot, window):
    from gui.session import AttackChoice

    load_census(qtbot, window)
    set_roles(window)
    session = window.session
    session.add_target(Target((("sex", "F"),)))
    session.set_attacks(AttackChoice(reidentification=True, inference=False, collective=True,
                                     individual=False))
    config = session.build_config()
    assert config.roles.sensitive == () and "special_needs" in config.roles.ignored
    assert config.targets == ()
    session.set_attacks(AttackChoice(True, True, collective=False, individual=True))
    config = session.build_config()
    assert config.subsets == SubsetFamily(kind="exact") and config.targets == (Target((("sex", "F"),)),)
    assert config.roles.sensitive == ("special_needs",)
    assert "(collective attack off: only the full set)" in window.attacks_page.subset_count.text()
