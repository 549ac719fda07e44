"""The "Sample file" results view: individual and household risk from the sampling weights,
population-uniqueness estimates and SUDA special uniques, read off the engine's
:class:`~engine.sample_results.SampleRisk` (no risk is computed here)."""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSplitter, QVBoxLayout, QWidget

from engine.report.findings import expected_phrase, model_name, pct, people
from engine.report.sample_figures import draw_contributions, draw_dis_bands, draw_risk_bins
from engine.results import Assessment
from engine.sample_results import PopulationUniqueness, RiskSummary, SampleRisk

from ..text import count, qid_text
from .canvas import TEXT_SIZE, PlotCanvas
from .models_view import fill_table, plain_table

MODEL_LABELS = (("zayatz", "Zayatz model"), ("pitman", "Pitman model"), ("snb", "SNB model (slide negative binomial)"))


def expected_text(summary: RiskSummary) -> str:
    """'412 (0.8%)'."""
    return f"{people(summary.expected_reidentifications)} ({pct(summary.expected_share)})"


def risk_rows(individual: RiskSummary, household: Optional[RiskSummary]) -> list[list[str]]:
    """The risk table: one row per measure, a column per risk (individual, household)."""
    summaries = [individual] + ([household] if household is not None else [])
    rows = [["Expected re-identifications"] + [expected_text(s) for s in summaries],
            ["Mean risk"] + [f"{s.mean:.3g}" for s in summaries],
            ["Highest risk"] + [f"{s.maximum:.3g}" for s in summaries]]
    for index, (x, _) in enumerate(individual.above_thresholds):
        row = [f"Records with risk above {x:g}"]
        for s in summaries:
            above = s.above_thresholds[index][1] if index < len(s.above_thresholds) else None
            row.append("n/a" if above is None else f"{above:,}")
        rows.append(row)
    return rows


def uniqueness_rows(pu: PopulationUniqueness, rows: int) -> list[list[str]]:
    """Sample uniques (share of the records) and the population-uniqueness estimates (share of
    the population), with the sampling fraction they assume."""
    out = [["Sample uniques (of the records)", f"{pct(pu.sample_unique_share)} ({pu.sample_uniques:,} of {rows:,})"]]
    for name, label in MODEL_LABELS:
        value = getattr(pu, name)
        out.append([label, "does not apply" if value is None else pct(value)])
    out.append(["Dankar et al. choice", "no model applies" if pu.dankar_estimate is None
                else f"{pct(pu.dankar_estimate)} ({model_name(pu.dankar_model)})"])
    source = {"given": "given", "weights": "n / sum of weights",
              "population": "no weight"}.get(pu.sampling_fraction_source, pu.sampling_fraction_source)
    out.append(["Sampling fraction", f"{pu.sampling_fraction:.4g} ({source})"])
    out.append(["Population size", f"{pu.population_size:,.0f}"])
    return out


def by_size_rows(sample: SampleRisk) -> list[list[str]]:
    """For each number of key variables, the subset with the most expected re-identifications."""
    return [[str(len(e.qids)), people(e.expected_reidentifications), pct(e.expected_share), f"{e.maximum:.3g}",
             qid_text(e.qids)] for e in sample.expected_by_size]


def sentence(sample: SampleRisk) -> str:
    """The plain-language line: 'about 412 people (0.8%) are expected to be re-identified'."""
    phrase = expected_phrase(sample.individual)
    return f"{phrase[0].upper()}{phrase[1:]} are expected to be re-identified"


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
            ax.set_title("Individual risk: records by risk", fontsize=TEXT_SIZE)
            ax.tick_params(labelsize=TEXT_SIZE - 1)
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
                return (x, bar.get_height()), \
                    f"risk {bins.edges[i]:g} to {bins.edges[i + 1]:g}: {count(bins.counts[i])} records"
        return None


class SudaChart(PlotCanvas):
    """DIS-SUDA score bands and each key variable's contribution to the SUDA score."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent, width=6.0, height=3.0)

    def show_sample(self, sample: Optional[SampleRisk]) -> None:
        self.reset()
        suda = sample.suda if sample is not None else None
        if suda is None:
            ax = self.figure.add_subplot(1, 1, 1)
            ax.set_axis_off()
            ax.text(0.5, 0.5, "SUDA was not run: tick Special uniques (SUDA) on the Attacks page.",
                    ha="center", va="center", fontsize=TEXT_SIZE + 1, color="#555555", transform=ax.transAxes)
            self.draw_idle()
            return
        left, right = self.figure.subplots(1, 2)
        draw_dis_bands(left, suda.dis_bands)
        left.set_title("DIS-SUDA score distribution", fontsize=TEXT_SIZE)
        draw_contributions(right, suda.contributions)
        right.set_title("Contribution of each key variable", fontsize=TEXT_SIZE)
        for ax in (left, right):
            ax.tick_params(labelsize=TEXT_SIZE - 1)
            ax.xaxis.label.set_size(TEXT_SIZE - 1)
            ax.yaxis.label.set_size(TEXT_SIZE - 1)
        self.draw_idle()


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
        for label, widget in (("<b>Risk from the sampling weights</b>", self.risk_table),
                              ("<b>Population uniques</b> (estimated share of the population)",
                               self.uniqueness_table),
                              ("<b>Expected re-identifications by number of key variables known</b>",
                               self.by_size_table)):
            column.addWidget(QLabel(label))
            column.addWidget(widget)
        self.by_size_table.setMinimumHeight(90)
        column.setStretchFactor(self.by_size_table, 1)
        self.body.addWidget(tables)
        charts = QWidget()
        chart_column = QVBoxLayout(charts)
        chart_column.setContentsMargins(0, 0, 0, 0)
        self.risk_chart = RiskChart()
        self.suda_chart = SudaChart()
        self.suda_label = QLabel("")
        self.suda_label.setObjectName("sudaSummary")
        self.suda_label.setWordWrap(True)
        chart_column.addWidget(self.risk_chart, 1)
        chart_column.addWidget(self.suda_chart, 1)
        chart_column.addWidget(self.suda_label)
        self.body.addWidget(charts)
        self.body.setStretchFactor(0, 1)
        self.body.setStretchFactor(1, 1)
        self.body.setSizes([480, 620])
        layout.addWidget(self.body, 1)

    def show_assessment(self, assessment: Optional[Assessment]) -> None:
        sample = assessment.sample_risk if assessment is not None else None
        self.body.setVisible(sample is not None)
        if sample is None:
            self.note.setText("No sample-file measures in this run. If the file is a sample, choose its "
                              "sampling weight (and household id) on the Data page, or tick Special uniques "
                              "(SUDA) on the Attacks page, and run again.")
            self.risk_chart.show_sample(None)
            self.suda_chart.show_sample(None)
            return
        self.note.setText(self.summary_text(sample))
        heads = ["Measure", "Individual risk"] + (["Household risk"] if sample.household_summary else [])
        fill_table(self.risk_table, heads, risk_rows(sample.individual, sample.household_summary))
        fill_table(self.uniqueness_table, ["Measure", "Share"],
              uniqueness_rows(sample.population_uniqueness, sample.rows))
        for table in (self.risk_table, self.uniqueness_table):
            _fit_height(table)
        fill_table(self.by_size_table, ["Size", "Expected", "Share", "Highest risk", "Key variables"],
              by_size_rows(sample))
        self.suda_label.setText(self.suda_text(sample))
        self.suda_label.setToolTip(self.suda_tip(sample))
        self.suda_chart.setToolTip(self.suda_tip(sample))
        self.risk_chart.show_sample(sample)
        self.suda_chart.show_sample(sample)

    @staticmethod
    def summary_text(sample: SampleRisk) -> str:
        if sample.weight:
            design = (f"Sampling weight <b>{sample.weight}</b>: the {sample.rows:,} records stand for "
                      f"about {sample.population_estimate:,.0f} people")
        else:
            design = f"No sampling weight: the {sample.rows:,} records are taken as the whole population"
        if sample.household and sample.households is not None:
            design += f"; {sample.households:,} households (<b>{sample.household}</b>)"
        missing = ("a missing value matches any value" if sample.missing == "wildcard"
                   else "a missing value is a value of its own")
        return (f"<b>{sentence(sample)}</b> (key: {qid_text(sample.key)}). {design}; {missing}. "
                f"Individual risk: the chance that a record is correctly re-identified by an attacker who "
                f"knows the key of a person of the population.")

    @staticmethod
    def suda_text(sample: SampleRisk) -> str:
        suda = sample.suda
        if suda is None:
            return ""
        sizes = ", ".join(f"{msus:,} of size {size}" for size, msus in suda.msus_by_size) or "none"
        return (f"<b>Special uniques (SUDA)</b>: {suda.special_uniques:,} records "
                f"({pct(suda.special_uniques / sample.rows)}); MSUs of at most {suda.max_size} variables: "
                f"{sizes}. SUDA score: mean {suda.mean_score:.3g}, highest {suda.max_score:.3g}; DIS-SUDA "
                f"score (DIS fraction {suda.dis_fraction:g}): mean {suda.mean_dis_score:.3g}, highest "
                f"{suda.max_dis_score:.3g}.")

    @staticmethod
    def suda_tip(sample: SampleRisk) -> str:
        suda = sample.suda
        if suda is None:
            return ""
        return (f"A variable's contribution counts every MSU it is part of, so the shares add up to more "
                f"than 100%.\nScoring: {suda.variant}.")


__all__ = ["SampleView", "risk_rows", "uniqueness_rows", "sentence", "expected_text"]
