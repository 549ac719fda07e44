"""The "Sample file" results view: individual and household risk from the sampling weights,
population-uniqueness estimates and SUDA special uniques, read off the engine's
:class:`~engine.outcome.sample_results.SampleRisk` (no risk is computed here)."""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QSplitter, QVBoxLayout, QWidget

from engine.api import i18n as engine_i18n
from engine.api import model_name, people as report_people
from engine.api import draw_contributions, draw_dis_bands, draw_risk_bins
from engine.api import Assessment
from engine.api import PopulationUniqueness, RiskSummary, SampleRisk

from ..dialogs.help_browser import add_glossary_menu, add_widget_glossary_menu
from ..text import count, local_digits, pct, qid_text
from .canvas import TEXT_SIZE, PlotCanvas
from .models_view import fill_table, plain_table
from ..i18n import translate

MODEL_LABELS = (
    ("zayatz", QT_TRANSLATE_NOOP("widgets.sample_view", "Zayatz model")),
    ("pitman", QT_TRANSLATE_NOOP("widgets.sample_view", "Pitman model")),
    ("snb", QT_TRANSLATE_NOOP("widgets.sample_view", "SNB model (slide negative binomial)")),
)


def people(value: float) -> str:
    """The report's expected number of people in the window's language (written in English by
    the engine, then given the window's separators once)."""
    with engine_i18n.language(engine_i18n.ENGLISH):
        return local_digits(report_people(value))


def expected_text(summary: RiskSummary) -> str:
    """'412 (0.8%)'."""
    return f"{people(summary.expected_reidentifications)} ({pct(summary.expected_share)})"


def risk_rows(individual: RiskSummary, household: Optional[RiskSummary]) -> list[list[str]]:
    """The risk table: one row per measure, a column per risk (individual, household)."""
    summaries = [individual] + ([household] if household is not None else [])
    rows = [
        [translate("widgets.sample_view", "Expected re-identifications")] + [expected_text(s) for s in summaries],
        [translate("widgets.sample_view", "Mean risk")] + [local_digits(f"{s.mean:.3g}") for s in summaries],
        [translate("widgets.sample_view", "Highest risk")] + [local_digits(f"{s.maximum:.3g}") for s in summaries],
    ]
    for index, (x, _) in enumerate(individual.above_thresholds):
        row = [translate("widgets.sample_view", "Records with risk above {0}").format(local_digits(f"{x:g}"))]
        for s in summaries:
            above = s.above_thresholds[index][1] if index < len(s.above_thresholds) else None
            row.append(translate("widgets.sample_view", "n/a") if above is None else count(above))
        rows.append(row)
    return rows


def uniqueness_rows(pu: PopulationUniqueness, rows: int) -> list[list[str]]:
    """Sample uniques (share of the records) and the population-uniqueness estimates (share of
    the population), with the sampling fraction they assume."""
    out = [
        [
            translate("widgets.sample_view", "Sample uniques (of the records)"),
            translate("widgets.sample_view", "{0} ({1} of {2})").format(
                pct(pu.sample_unique_share), count(pu.sample_uniques), count(rows)
            ),
        ]
    ]
    for name, label in MODEL_LABELS:
        value = getattr(pu, name)
        out.append(
            [
                translate("widgets.sample_view", label),
                translate("widgets.sample_view", "does not apply") if value is None else pct(value),
            ]
        )
    out.append(
        [
            translate("widgets.sample_view", "Dankar et al. choice"),
            (
                translate("widgets.sample_view", "no model applies")
                if pu.dankar_estimate is None
                else f"{pct(pu.dankar_estimate)} ({model_name(pu.dankar_model)})"
                if pu.dankar_model is not None
                else translate("widgets.sample_view", "{0} (the file is the whole population)").format(
                    pct(pu.dankar_estimate))
            ),
        ]
    )
    source = {
        "given": translate("widgets.sample_view", "given"),
        "weights": translate("widgets.sample_view", "n / sum of weights"),
        "population": translate("widgets.sample_view", "no weight"),
    }.get(pu.sampling_fraction_source, pu.sampling_fraction_source)
    out.append(
        [
            translate("widgets.sample_view", "Sampling fraction"),
            local_digits(f"{pu.sampling_fraction:.4g}") + f" ({source})",
        ]
    )
    out.append([translate("widgets.sample_view", "Population size"), local_digits(f"{pu.population_size:,.0f}")])
    return out


def by_size_rows(sample: SampleRisk) -> list[list[str]]:
    """For each number of key variables, the subset with the most expected re-identifications."""
    return [
        [
            str(len(e.qids)),
            people(e.expected_reidentifications),
            pct(e.expected_share),
            local_digits(f"{e.maximum:.3g}"),
            qid_text(e.qids),
        ]
        for e in sample.expected_by_size
    ]


def sentence(sample: SampleRisk) -> str:
    """The plain-language line: 'about 412 people (0.8%) are expected to be re-identified'."""
    summary = sample.individual
    return translate("widgets.sample_view", "About {0} people ({1} of the records) are expected to be re-identified").format(
        people(summary.expected_reidentifications), pct(summary.expected_share)
    )


def _fit_height(table) -> None:
    """Show every row of a short table without a scroll bar."""
    for row in range(table.rowCount()):
        table.setRowHeight(row, 22)
    height = table.horizontalHeader().sizeHint().height() + 22 * table.rowCount() + 2 * table.frameWidth() + 2
    table.setFixedHeight(height)


class RiskChart(PlotCanvas):
    """Records by individual risk (log risk axis) with the thresholds."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent, width=6.0, height=3.0)
        self.bars: list = []
        self.sample: Optional[SampleRisk] = None

    def show_sample(self, sample: Optional[SampleRisk]) -> None:
        self.reset()
        self.sample = sample
        ax = self.figure.add_subplot(1, 1, 1)
        self.bars = []
        if sample is not None:
            self.bars = draw_risk_bins(ax, sample.individual_bins, sample.individual.above_thresholds)
            ax.set_title(translate("widgets.sample_view", "Individual risk: records by risk"), fontsize=TEXT_SIZE)
            ax.tick_params(labelsize=TEXT_SIZE - 1)
            ax.xaxis.label.set_size(TEXT_SIZE - 1)
            ax.yaxis.label.set_size(TEXT_SIZE - 1)
            self.annotation(ax)
        else:
            ax.set_axis_off()
        self.draw_idle()

    def hover_text(self, ax, event):
        if self.sample is None:
            return None
        bins = self.sample.individual_bins
        for i, bar in enumerate(self.bars):
            if bar.contains(event)[0]:
                x = bar.get_x() + bar.get_width() / 2
                return (x, bar.get_height()), translate("widgets.sample_view", "risk {0} to {1}: {2} records").format(
                    local_digits(f"{bins.edges[i]:g}"), local_digits(f"{bins.edges[i + 1]:g}"), count(bins.counts[i])
                )
        return None


class SudaChart(PlotCanvas):
    """DIS-SUDA score bands and each key variable's contribution to the SUDA score."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent, width=6.0, height=3.0)

    def show_sample(self, sample: Optional[SampleRisk]) -> None:
        self.reset()
        suda = sample.suda if sample is not None else None
        if suda is None:
            self.show_empty(
                translate("widgets.sample_view", "SUDA was not run: tick Special uniques (SUDA) on the Attacks page.")
            )
            return
        left, right = self.figure.subplots(1, 2)
        draw_dis_bands(left, suda.dis_bands)
        left.set_title(translate("widgets.sample_view", "DIS-SUDA score distribution"), fontsize=TEXT_SIZE)
        draw_contributions(right, suda.contributions)
        right.set_title(translate("widgets.sample_view", "Contribution of each key variable"), fontsize=TEXT_SIZE)
        for ax in (left, right, *left.child_axes, *right.child_axes):
            ax.tick_params(labelsize=TEXT_SIZE - 1)
            ax.xaxis.label.set_size(TEXT_SIZE - 1)
            ax.yaxis.label.set_size(TEXT_SIZE - 1)
        self.draw_idle()


def scroll_area(inner: QWidget) -> QScrollArea:
    """``inner`` at least at its minimum size, scrolled when the window is smaller (no table over
    its heading, no chart over another)."""
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(inner)
    return area


class ChartArea(QScrollArea):
    """The chart column: the charts share the visible height when it holds them all at their
    minimum height; when it does not (the column scrolls anyway), the column takes
    ``roomy_height`` so that every chart is drawn at a comfortable height rather than squeezed."""

    def __init__(self, inner: QWidget, roomy_height: int) -> None:
        super().__init__()
        self.roomy_height = roomy_height
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidget(inner)

    def resizeEvent(self, event) -> None:
        inner = self.widget()
        inner.setMinimumHeight(0)
        fits = self.viewport().height() >= inner.minimumSizeHint().height()
        inner.setMinimumHeight(0 if fits else self.roomy_height)
        super().resizeEvent(event)


class SampleView(QWidget):
    """Tables on the left (risk, population uniques, expected re-identifications by number of
    key variables), the charts and the SUDA summary on the right."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.note = QLabel("")
        self.note.setObjectName("sampleNote")
        self.note.setWordWrap(True)
        self.note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.note.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.note)
        self.body = QSplitter(Qt.Orientation.Horizontal)
        tables = QWidget()
        column = QVBoxLayout(tables)
        column.setContentsMargins(0, 0, 0, 0)
        self.risk_table = plain_table("sampleRiskTable")
        self.uniqueness_table = plain_table("uniquenessTable")
        self.by_size_table = plain_table("expectedBySize")
        for table in (self.risk_table, self.uniqueness_table, self.by_size_table):
            table.setWordWrap(False)
            table.verticalHeader().setDefaultSectionSize(22)
        self.risk_title = QLabel()
        for label, widget in (
            (self.risk_title, self.risk_table),
            (
                translate("widgets.sample_view", "<b>Population uniques</b> (estimated share of the population)"),
                self.uniqueness_table,
            ),
            (
                translate("widgets.sample_view", "<b>Expected re-identifications by number of key variables known</b>"),
                self.by_size_table,
            ),
        ):
            column.addWidget(label if isinstance(label, QLabel) else QLabel(label))
            column.addWidget(widget)
        for table, measures in ((self.risk_table, ("", "individual_risk", "household_risk")),
                                (self.uniqueness_table, ("", "population_uniques")),
                                (self.by_size_table, ("size", "expected_reidentifications",
                                                      "expected_reidentifications", "mean_risk", ""))):
            add_glossary_menu(table.horizontalHeader(),
                              lambda column, m=measures: m[column] if 0 <= column < len(m) else "")
        self.by_size_table.setMinimumHeight(90)
        column.setStretchFactor(self.by_size_table, 1)
        self.suda_label = QLabel("")   # under the tables: the charts keep the column's height
        self.suda_label.setObjectName("sudaSummary")
        self.suda_label.setWordWrap(True)
        column.addWidget(self.suda_label)
        self.body.addWidget(scroll_area(tables))
        charts = QWidget()
        chart_column = QVBoxLayout(charts)
        chart_column.setContentsMargins(0, 0, 0, 0)
        self.risk_chart = RiskChart()
        self.suda_chart = SudaChart()
        self.risk_chart.setMinimumHeight(205)   # title, axes and labels whole; below that the column scrolls
        self.suda_chart.setMinimumHeight(265)
        chart_column.addWidget(self.risk_chart, 1)
        chart_column.addWidget(self.suda_chart, 1)
        for widget in (self.suda_label, self.suda_chart):
            add_widget_glossary_menu(widget, lambda: translate("widgets.sample_view", "SUDA score"), "suda_score")
        self.chart_area = ChartArea(charts, roomy_height=560)
        self.body.addWidget(self.chart_area)
        self.body.setStretchFactor(0, 1)
        self.body.setStretchFactor(1, 1)
        self.body.setSizes([560, 540])
        layout.addWidget(self.body, 1)

    def show_assessment(self, assessment: Optional[Assessment]) -> None:
        sample = assessment.sample_risk if assessment is not None else None
        self.body.setVisible(sample is not None)
        if sample is None:
            self.note.setText(
                translate(
                    "widgets.sample_view",
                    "No sample-file measures in this run. If the file is a sample, choose its "
                    "sampling weight (and household id) on the Data page, or tick Special uniques "
                    "(SUDA) on the Attacks page, and run again.",
                )
            )
            self.risk_chart.show_sample(None)
            self.suda_chart.show_sample(None)
            return
        self.note.setText(self.summary_text(sample))
        self.risk_title.setText({
            "weight": translate("widgets.sample_view", "<b>Risk from the sampling weights</b>"),
            "fraction": translate("widgets.sample_view", "<b>Risk from the sampling fraction</b>"),
        }.get(sample.design, translate("widgets.sample_view", "<b>Risk of the records</b>")))
        heads = [translate("widgets.sample_view", "Measure"), translate("widgets.sample_view", "Individual risk")] + (
            [translate("widgets.sample_view", "Household risk")] if sample.household_summary else []
        )
        fill_table(self.risk_table, heads, risk_rows(sample.individual, sample.household_summary))
        fill_table(
            self.uniqueness_table,
            [translate("widgets.sample_view", "Measure"), translate("widgets.sample_view", "Share")],
            uniqueness_rows(sample.population_uniqueness, sample.rows),
        )
        for table in (self.risk_table, self.uniqueness_table):
            _fit_height(table)
        fill_table(
            self.by_size_table,
            [
                translate("widgets.sample_view", "Size"),
                translate("widgets.sample_view", "Expected"),
                translate("widgets.sample_view", "Share"),
                translate("widgets.sample_view", "Highest risk"),
                translate("widgets.sample_view", "Key variables"),
            ],
            by_size_rows(sample),
        )
        self.suda_label.setText(self.suda_text(sample))
        self.suda_label.setToolTip(self.suda_tip(sample))
        self.suda_chart.setToolTip(self.suda_tip(sample))
        self.risk_chart.show_sample(sample)
        self.suda_chart.show_sample(sample)

    @staticmethod
    def summary_text(sample: SampleRisk) -> str:
        if sample.design == "weight":
            design = translate(
                "widgets.sample_view", "Sampling weight <b>{0}</b>: the {1} records stand for about {2} people"
            ).format(sample.weight, count(sample.rows), local_digits(f"{sample.population_estimate:,.0f}"))
        elif sample.design == "fraction":
            design = translate(
                "widgets.sample_view",
                "No sampling weight; sampling fraction {0}: each record stands for {1} people, the {2} records "
                "for about {3}",
            ).format(local_digits(f"{sample.population_uniqueness.sampling_fraction:.4g}"),
                     local_digits(f"{sample.population_estimate / sample.rows:.4g}"), count(sample.rows),
                     local_digits(f"{sample.population_estimate:,.0f}"))
        else:
            design = translate(
                "widgets.sample_view", "No sampling weight: the {0} records are taken as the whole population"
            ).format(count(sample.rows))
        if sample.household and sample.households is not None:
            design += translate("widgets.sample_view", "; {0} households (<b>{1}</b>)").format(
                count(sample.households), sample.household
            )
        missing = (
            translate("widgets.sample_view", "a missing value matches any value")
            if sample.missing == "wildcard"
            else translate("widgets.sample_view", "a missing value is a value of its own")
        )
        return translate(
            "widgets.sample_view",
            "<b>{0}</b> (key: {1}). {2}; {3}. Individual risk: the chance that a record is correctly "
            "re-identified by an attacker who knows the key of a person of the population.",
        ).format(sentence(sample), qid_text(sample.key), design, missing)

    @staticmethod
    def suda_text(sample: SampleRisk) -> str:
        suda = sample.suda
        if suda is None:
            return ""
        sizes = ", ".join(
            translate("widgets.sample_view", "{0} of size {1}").format(count(msus), size)
            for size, msus in suda.msus_by_size
        ) or translate("widgets.sample_view", "none")
        return translate(
            "widgets.sample_view",
            "<b>Special uniques (SUDA)</b>: {0} records ({1}); MSUs of at most {2} variables: {3}. "
            "SUDA score: mean {4}, highest {5}; DIS-SUDA score (DIS fraction {6}): mean {7}, "
            "highest {8}.",
        ).format(
            count(suda.special_uniques),
            pct(suda.special_uniques / sample.rows),
            suda.max_size,
            sizes,
            *(local_digits(f"{v:.3g}") for v in (suda.mean_score, suda.max_score)),
            local_digits(f"{suda.dis_fraction:g}"),
            *(local_digits(f"{v:.3g}") for v in (suda.mean_dis_score, suda.max_dis_score)),
        )

    @staticmethod
    def suda_tip(sample: SampleRisk) -> str:
        suda = sample.suda
        if suda is None:
            return ""
        return translate(
            "widgets.sample_view",
            "A variable's contribution counts every MSU it is part of, so the shares add up to more "
            "than 100%.\nScoring: {0}.",
        ).format(suda.variant)


__all__ = ["SampleView", "risk_rows", "uniqueness_rows", "sentence", "expected_text"]
