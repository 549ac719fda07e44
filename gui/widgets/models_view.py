"""Results views of the privacy models and of linked releases over time."""

from __future__ import annotations

import math
from html import escape
from typing import Optional, Sequence

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import (QAbstractItemView, QHeaderView, QLabel, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from engine.api import selection
from engine.api import render
from engine.api import Assessment, ModelShortfall, PrivacyModelLevels

from ..text import MODEL_TIPS, count, pct, qid_text
from .canvas import PRIOR_COLOR, TEXT_SIZE, TOP_COLOR, PlotCanvas, POINT_COLOR
from ..i18n import translate
from ..text import local_digits

LEVELS = (
    ("k", QT_TRANSLATE_NOOP("widgets.models_view", "k-anonymity (k)")),
    ("alpha", QT_TRANSLATE_NOOP("widgets.models_view", "alpha (largest share of one value)")),
    ("l", QT_TRANSLATE_NOOP("widgets.models_view", "distinct l-diversity (l)")),
    ("entropy_l", QT_TRANSLATE_NOOP("widgets.models_view", "entropy l-diversity")),
    ("c_l", QT_TRANSLATE_NOOP("widgets.models_view", "recursive (c,l)-diversity")),
    ("t", QT_TRANSLATE_NOOP("widgets.models_view", "t-closeness (t)")),
    ("beta_basic", QT_TRANSLATE_NOOP("widgets.models_view", "basic beta-likeness")),
    ("beta_enhanced", QT_TRANSLATE_NOOP("widgets.models_view", "enhanced beta-likeness")),
    ("delta", QT_TRANSLATE_NOOP("widgets.models_view", "delta-disclosure")),
)
MODEL_NAMES = dict(LEVELS) | {"beta": QT_TRANSLATE_NOOP("widgets.models_view", "basic beta-likeness")}
NOTE_PREFIX = {"c_l": "c ", "beta_enhanced": "enhanced beta", "beta_basic": "basic beta",
               "entropy_l": "entropy", "delta": "delta", "t": "t "}
T_DISTANCES = {"equal": QT_TRANSLATE_NOOP("widgets.models_view", "equal"),
               "ordered": QT_TRANSLATE_NOOP("widgets.models_view", "ordered")}


def _number(value: float, digits: int = 3) -> str:
    if math.isinf(value):
        return translate("widgets.models_view", "unbounded")
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".") if value != int(value) else f"{int(value)}"
    return local_digits(text)


def level_text(level: PrivacyModelLevels, name: str) -> tuple[str, bool]:
    """(text, undefined) of one level."""
    if name == "c_l":
        if math.isnan(level.c):
            return translate("widgets.models_view", "undefined"), True
        return f"c = {_number(level.c)} (l = {level.c_l})", False
    value = getattr(level, name)
    if isinstance(value, float) and math.isnan(value):
        return (translate("widgets.models_view", "not achievable") if name == "beta_enhanced"
                else translate("widgets.models_view", "undefined")), True
    if name == "t":
        return translate("widgets.models_view", "{0} ({1} distance)").format(
            _number(value), translate("widgets.models_view", T_DISTANCES.get(level.t_distance, level.t_distance))), False
    if name in ("k", "l"):
        return count(int(value)), False
    return _number(value), False


def note_for(level: PrivacyModelLevels, name: str) -> str:
    prefix = NOTE_PREFIX.get(name, name)
    notes = [n for n in level.notes if n.startswith(prefix)]
    return "\n".join(notes or level.notes)


def plain_table(name: str) -> QTableWidget:
    table = QTableWidget()
    table.setObjectName(name)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setAlternatingRowColors(True)
    table.verticalHeader().setVisible(False)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setStretchLastSection(True)
    return table


def fill_table(table: QTableWidget, heads: Sequence[str], rows: Sequence[Sequence[str]],
          tips: Optional[Sequence[Sequence[str]]] = None) -> None:
    table.clear()
    table.setColumnCount(len(heads))
    table.setHorizontalHeaderLabels(list(heads))
    table.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            item = QTableWidgetItem(text)
            if tips and tips[r][c]:
                item.setToolTip(tips[r][c])
            table.setItem(r, c, item)
    table.resizeColumnsToContents()
    table.resizeRowsToContents()


def smallest_k_by_size(levels: Sequence[PrivacyModelLevels]) -> list[tuple[int, int, tuple[str, ...]]]:
    """(size, smallest k, its subset) for each subset size (:func:`engine.outcome.selection.smallest_k_by_size`)."""
    return [(len(m.qids), m.k, m.qids) for m in selection.smallest_k_by_size(levels)]


class PrivacyModelsView(QWidget):
    """Levels for the full QID set, shortfalls against the targets, and k by subset size."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.note = QLabel("")
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        self.levels = plain_table("modelLevels")
        layout.addWidget(self.levels, 3)
        self.shortfall_label = QLabel(
            translate("widgets.models_view", "<b>Groups short of the targets</b> (full set of quasi-identifiers)")
        )
        layout.addWidget(self.shortfall_label)
        self.shortfalls = plain_table("modelShortfalls")
        layout.addWidget(self.shortfalls, 2)
        layout.addWidget(
            QLabel(
                translate(
                    "widgets.models_view",
                    "<b>k by subset size</b>: the smallest group for each number of "
                    "quasi-identifiers the attacker knows",
                )
            )
        )
        self.k_by_size = plain_table("kBySize")
        self.k_by_size.horizontalHeader().setToolTip(MODEL_TIPS["k"])
        layout.addWidget(self.k_by_size, 2)

    def show_assessment(self, assessment: Optional[Assessment]) -> None:
        full_set = selection.full_set_levels(assessment) if assessment is not None else None
        levels = list(full_set.rows) if full_set is not None else []
        if assessment is None or not assessment.config.models.enabled:
            self.note.setText(
                translate(
                    "widgets.models_view",
                    'Privacy models were not computed: tick "Report the privacy-model '
                    'levels" on the Attacks page and run again.',
                )
            )
        elif not levels:
            self.note.setText(
                translate(
                    "widgets.models_view",
                    "No privacy-model levels: they need a sensitive attribute (set one on "
                    "the Data page and tick attribute inference).",
                )
            )
        else:
            qids = full_set.qids
            which = (
                translate("widgets.models_view", "all quasi-identifiers")
                if full_set.complete
                else translate(
                    "widgets.models_view", "the largest subset evaluated (the full set is not in the chosen family)"
                )
            )
            self.note.setText(
                translate(
                    "widgets.models_view",
                    'Levels the data reaches for {0}: {1}. Point at a model for its meaning; "undefined" cells '
                    'explain why.',
                ).format(which, qid_text(qids))
            )
        self.levels.setVisible(bool(levels))
        if levels:
            rows, tips = [], []
            for name, label in LEVELS:
                texts, row_tips = [translate("widgets.models_view", label)], [MODEL_TIPS[name]]
                for level in levels:
                    text, undefined = level_text(level, name)
                    texts.append(text)
                    row_tips.append(note_for(level, name) if undefined else MODEL_TIPS[name])
                rows.append(texts)
                tips.append(row_tips)
            fill_table(
                self.levels,
                [translate("widgets.models_view", "Model")]
                + [translate("widgets.models_view", "Sensitive: {0}").format(m.sensitive) for m in levels],
                rows,
                tips,
            )
        shortfalls: Sequence[ModelShortfall] = assessment.model_shortfalls if assessment else ()
        self.shortfall_label.setVisible(bool(levels))
        self.shortfalls.setVisible(bool(levels))
        rows = [
            [
                translate("widgets.models_view", MODEL_NAMES.get(s.model, s.model)),
                s.sensitive or translate("widgets.models_view", "(any)"),
                _number(float(s.target)),
                translate("widgets.models_view", "{0} of {1}").format(count(s.blocks), count(s.total_blocks)),
                count(s.records),
            ]
            for s in shortfalls
        ]
        if levels and not rows:
            rows = [[translate("widgets.models_view", "no target set, or every group reaches it"), "", "", "", ""]]
        fill_table(
            self.shortfalls,
            [
                translate("widgets.models_view", "Model"),
                translate("widgets.models_view", "Sensitive"),
                translate("widgets.models_view", "Target"),
                translate("widgets.models_view", "Groups short of target"),
                translate("widgets.models_view", "People in them"),
            ],
            rows,
        )
        k_rows = smallest_k_by_size(assessment.privacy_models) if assessment else []
        self.k_by_size.setVisible(bool(k_rows))
        fill_table(
            self.k_by_size,
            [
                translate("widgets.models_view", "Size"),
                translate("widgets.models_view", "Smallest k"),
                translate("widgets.models_view", "Subset"),
            ],
            [[str(size), count(k), qid_text(qids)] for size, k, qids in k_rows],
            [[MODEL_TIPS["k"]] * 3 for _ in k_rows],
        )


class OverTimeChart(PlotCanvas):
    """Bars per step (focal alone, then + each release): re-identification and certain inference."""

    def show_steps(self, steps) -> None:
        self.reset()
        ax = self.figure.add_subplot(1, 1, 1)
        if not steps:
            ax.set_axis_off()
            self.draw_idle()
            return
        series = [
            (
                translate("widgets.models_view", "re-identified (deterministic)"),
                [s.reidentification.posterior_det for s in steps],
                TOP_COLOR,
            ),
            (
                translate("widgets.models_view", "re-identified (probabilistic)"),
                [s.reidentification.posterior_prob for s in steps],
                POINT_COLOR,
            ),
        ]
        colors = (PRIOR_COLOR, "#e08e2b", "#6b9e48", "#8e5ea2")
        names = [i.sensitive for i in steps[0].inference]
        for index, name in enumerate(names):
            values = [next((i.posterior_det for i in s.inference if i.sensitive == name), 0.0) for s in steps]
            series.append(
                (
                    translate("widgets.models_view", "{0} learned for sure").format(name),
                    values,
                    colors[index % len(colors)],
                )
            )
        width = 0.8 / len(series)
        for index, (label, values, color) in enumerate(series):
            xs = [x + (index - (len(series) - 1) / 2) * width for x in range(len(steps))]
            bars = ax.bar(xs, [100 * v for v in values], width, label=label, color=color)
            ax.bar_label(bars, labels=[local_digits(f"{100 * v:.1f}%") for v in values], fontsize=TEXT_SIZE - 1)
        ax.set_xticks(range(len(steps)), step_labels(steps), fontsize=TEXT_SIZE)
        ax.set_ylabel(translate("widgets.models_view", "people (%)"), fontsize=TEXT_SIZE)
        ax.set_ylim(0, 110)
        ax.tick_params(labelsize=TEXT_SIZE)
        ax.legend(fontsize=TEXT_SIZE, loc="upper left", ncols=min(len(series), 4), frameon=False)
        self.draw_idle()


def step_labels(steps) -> list[str]:
    return [
        (
            translate("widgets.models_view", "release {0} alone").format(s.label)
            if i == 0
            else translate("widgets.models_view", "+ release {0}").format(s.label)
        )
        for i, s in enumerate(steps)
    ]


class OverTimeView(QWidget):
    """The over-time chart and its table (linked releases)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.note = QLabel("")
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        self.problem = QLabel("")
        self.problem.setObjectName("banner")
        self.problem.setWordWrap(True)
        self.problem.setVisible(False)
        layout.addWidget(self.problem)
        self.chart = OverTimeChart()
        layout.addWidget(self.chart, 3)
        self.table = plain_table("overTimeTable")
        layout.addWidget(self.table, 1)

    def show_assessment(self, assessment: Optional[Assessment]) -> None:
        linked = assessment.longitudinal if assessment is not None else None
        steps = list(linked.over_time) if linked is not None else []
        self.chart.setVisible(bool(steps))
        self.table.setVisible(bool(steps))
        warnings = list(linked.warnings) if linked is not None else []
        self.problem.setText(
            "<br>".join(
                translate("widgets.models_view", "Warning: {0}").format(escape(render(w), quote=False)) for w in warnings
            )
        )
        self.problem.setVisible(bool(warnings))
        if not steps:
            self.note.setText(
                translate(
                    "widgets.models_view",
                    "No linked releases in this run: add later releases and the linkage key "
                    "on the Releases page to see how the risk grows with each release.",
                )
            )
            self.chart.show_steps([])
            return
        releases = ", ".join(
            translate("widgets.models_view", "{0}: {1} ({2} of {3} focal records matched, {4}; {5} rows").format(
                r.label,
                r.name,
                local_digits(format(r.linked, ",")),
                local_digits(format(r.focal_records, ",")),
                pct(r.match_rate),
                local_digits(format(r.rows, ",")),
            )
            + (
                translate("widgets.models_view", ", {0} duplicate keys dropped").format(
                    local_digits(format(r.duplicates_dropped, ","))
                )
                if r.duplicates_dropped
                else ""
            )
            + ")"
            for r in linked.releases
        )
        self.note.setText(
            translate(
                "widgets.models_view",
                "Risk with the focal release alone, then with each later release linked on the key (all "
                "quasi-identifiers of the releases so far). Releases: {0}.",
            ).format(releases)
        )
        self.chart.show_steps(steps)
        names = [i.sensitive for i in steps[0].inference]
        heads = [
            translate("widgets.models_view", "Releases"),
            translate("widgets.models_view", "Quasi-identifiers"),
            translate("widgets.models_view", "Unique (re-identified for sure)"),
            translate("widgets.models_view", "Re-identified (expected)"),
        ]
        heads += [translate("widgets.models_view", "{0} learned for sure").format(name) for name in names]
        rows = []
        for label, s in zip(step_labels(steps), steps):
            row = [label, str(len(s.reidentification.qids)), pct(s.reidentification.posterior_det),
                   pct(s.reidentification.posterior_prob)]
            row += [pct(next((i.posterior_det for i in s.inference if i.sensitive == n), 0.0)) for n in names]
            rows.append(row)
        fill_table(self.table, heads, rows, [[", ".join(s.reidentification.qids)] * len(heads) for s in steps])
