"""No English sentence reaches the window without the catalogue: a scan of gui/**/*.py for string
literals (plain, f-strings, ``"...".format``, concatenations) passed straight to the calls that put
text on screen (labels, buttons, tooltips, placeholders, titles, tabs, actions, message boxes,
file dialogs, error messages, plot labels) instead of through ``translate``/``tr``. Literals without
a word (separators, markup, symbols) and the few listed in :data:`ALLOWED` are fine."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[2]

#: Methods whose text arguments are shown (every positional argument is checked, except those
#: listed in :data:`DATA_ARGUMENTS`).
SETTERS = frozenset({
    "setText", "setPlaceholderText", "setToolTip", "setStatusTip", "setWhatsThis", "setWindowTitle", "setTitle",
    "addAction", "addTab", "insertTab", "setTabText", "setTabToolTip", "setHeaderLabels",
    "setHorizontalHeaderLabels", "setVerticalHeaderLabels", "addItem", "addItems", "insertItem", "setItemText",
    "setPrefix", "setSuffix", "setSpecialValueText", "setFormat", "setLabelText", "setInformativeText",
    "setDetailedText", "showMessage", "addRow", "setHtml", "setPlainText",
    "set_title", "set_xlabel", "set_ylabel", "suptitle", "show_empty",
})
#: Widgets, message boxes, file dialogs, the pages' text helpers and the errors shown to the user.
CONSTRUCTORS = frozenset({
    "QLabel", "QPushButton", "QCheckBox", "QRadioButton", "QGroupBox", "QAction", "QToolButton", "QMenu",
    "QListWidgetItem", "QTableWidgetItem", "QTreeWidgetItem", "QLineEdit", "QCommandLinkButton", "QMessageBox",
    "information", "warning", "critical", "question", "about",
    "getOpenFileName", "getOpenFileNames", "getSaveFileName", "getExistingDirectory", "getText", "getItem",
    "hint", "title", "banner", "page_frame", "show_error", "InputError",
})
KEYWORDS = frozenset({"text", "toolTip", "title", "label", "placeholderText", "caption", "filter"})
#: (call, argument position) that hold data, not words: a combo box item's data, a banner's style.
DATA_ARGUMENTS = frozenset({("addItem", 1), ("banner", 1)})
WORD = re.compile(r"[^\W\d_]{2,}")  # two letters in a row
MARKUP = re.compile(r"<[^>]*>")  # "<br>", "<b>": not words
#: (file, text): literals that are not language: values the program parses.
ALLOWED = frozenset({
    ("gui/pages/scenarios/step_form.py", "month, year"),  # the date steps' keywords, typed as they are
})


def _literals(node: ast.AST) -> Iterator[str]:
    """The literal text an argument expression puts on screen as it is."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.JoinedStr):
        yield "".join(part.value for part in node.values if isinstance(part, ast.Constant))
    elif isinstance(node, ast.BinOp):
        yield from _literals(node.left)
        yield from _literals(node.right)
    elif isinstance(node, ast.IfExp):
        yield from _literals(node.body)
        yield from _literals(node.orelse)
    elif isinstance(node, (ast.List, ast.Tuple)):
        for element in node.elts:
            yield from _literals(element)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("format", "join"):
        yield from _literals(node.func.value)  # "Warning: {0}".format(...) is as English as the literal


def _name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def untranslated_literals(source: str, path: str = "<text>") -> list[str]:
    """``path:line: call: 'text'`` for every worded literal shown without the catalogue."""
    found = []
    for call in sorted((n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Call)), key=lambda n: n.lineno):
        if _name(call) not in SETTERS | CONSTRUCTORS:
            continue
        name = _name(call)
        arguments = [a for i, a in enumerate(call.args) if (name, i) not in DATA_ARGUMENTS]
        arguments += [k.value for k in call.keywords if k.arg in KEYWORDS]
        for argument in arguments:
            for text in _literals(argument):
                if WORD.search(MARKUP.sub("", text)) and (path, text) not in ALLOWED:
                    found.append(f"{path}:{call.lineno}: {name}: {text!r}")
    return found


def test_no_untranslated_literal_in_the_window():
    files = sorted((ROOT / "gui").rglob("*.py"))
    assert len(files) > 50
    found = [line for path in files
             for line in untranslated_literals(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix())]
    assert found == [], "texts shown without translate():\n" + "\n".join(found)


def test_the_scan_finds_what_it_should():
    """Each kind of untranslated call is reported, translated and non-linguistic ones are not."""
    source = '''
label = QLabel("Open a file")
edit.setPlaceholderText(f"e.g. {example} or more")
button.setToolTip("Warning: " + reason)
QMessageBox.warning(self, "Export failed", message)
QFileDialog.getSaveFileName(self, caption, "", "CSV (*.csv);;Parquet (*.parquet)")
raise InputError("choose a column")
ax.set_xlabel("risk per record")
box.addItem("first", "first")
note.setText("Steps: {0}".format(steps))
fine = QLabel(translate("context", "Open a file"))
fine.setToolTip(self.tr("A tip"))
fine.setText("<br>".join(lines))
fine.setText("")
fine.setText("—")
fine.setSuffix(" %")
fine.addItem(translate("context", "first"), "first")
banner(translate("context", "A warning"), "notice")
'''
    found = untranslated_literals(source)
    assert [line.split(": ", 2)[2] for line in found] == [
        "'Open a file'", "'e.g.  or more'", "'Warning: '", "'Export failed'",
        "'CSV (*.csv);;Parquet (*.parquet)'", "'choose a column'", "'risk per record'", "'first'", "'Steps: {0}'",
    ]
