"""The PDF report of a synthetic-data release: how well the PrivE/tapas attacks and the
anonymeter-style control evaluation do against the real records (docs/methods.md, "Synthetic data").

Reads a :class:`~engine.synthetic.results.SyntheticAssessment`; never recomputes an attack.
The most-at-risk targets appear only when the analysis asked for them (``show_targets``).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Optional
from xml.sax.saxutils import escape

from .. import __version__
from ..progress import CancelToken
from ..synthetic.config import ATTACK_NAMES
from ..synthetic.results import AttackEvaluation, SyntheticAssessment
from . import figures
from .atomic import StagedFiles
from .document import DocumentBuilder, register_fonts, short_paths, write_document

METHODS = (
    ("Attacker model", "The attacker holds the synthetic file and one target record. A membership attack "
     "decides whether the target's real record was used to make the synthetic file; an attribute attack "
     "knows the target's quasi-identifiers and guesses its sensitive value. Members are drawn from the real "
     "file, non-members from the control file (real records not used to make the synthetic file)."),
    ("Closest distance", "Membership score = minus the distance from the target to its nearest synthetic "
     "record (an exact copy scores 0, the highest). Attribute inference: for each candidate value v, "
     "d_v = the smallest distance from the target completed with v to a synthetic record; the value "
     "with the smallest d_v is guessed (ties, within rounding: the value more common in the synthetic "
     "file, then the smaller value), with confidence (1/d_v) / sum over u of 1/d_u, so an exact copy "
     "of a synthetic record scores 1 and heads the targets most at risk."),
    ("Local neighbourhood", "The synthetic records within radius r of the target. Membership score = their "
     "share of the synthetic file; attribute score of a value = the share of those records holding it."),
    ("Thresholds", "A score-based attack says 'member' above a threshold trained on half of the labelled "
     "targets by the chosen criterion (best accuracy, a true- or false-positive rate, or a fixed value); "
     "accuracy, advantage (TPR - FPR) and the member/control rates are measured on the other half. AUC and "
     "the TPR at FPR 0.1%, 1% and 10% come from the ROC curve over all targets."),
    ("CAP", "Correct attribution probability (Elliot 2015): for each real record, among the synthetic "
     "records with the same quasi-identifier values, the share holding its sensitive value; averaged, and "
     "compared with the value's overall share (the baseline) and with the same measure on control records."),
    ("Shadow modelling", "Groundhog (Stadler et al. 2022): shadow datasets drawn from the population with "
     "and without the target are each turned into a synthetic dataset by a generator; a classifier on "
     "dataset features (marginals, means, correlations) learns to tell them apart and is scored on fresh "
     "pairs. It measures the generator, not the one synthetic file released."),
    ("Residual risk", "As anonymeter: (main - control) / (1 - control), where main is the attack's success "
     "on real records and control its success on control records; a value above 0 means the synthetic "
     "file reveals something about the real records beyond what it teaches about people in general. The "
     "95% interval combines Wilson intervals of the two rates."),
)


def _pct(value: Optional[float]) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _num(value: Optional[float], digits: int = 3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _residual(a: AttackEvaluation) -> str:
    if a.residual_risk is None:
        return "-"
    interval = "" if a.ci_low is None else f" [{a.ci_low:.3f}, {a.ci_high:.3f}]"
    return f"{a.residual_risk:.3f}{interval}"


def leaks(assessment: SyntheticAssessment) -> list[AttackEvaluation]:
    """Attacks whose residual risk is above 0 with 95% confidence (the interval's lower end > 0)."""
    return [a for a in assessment.attacks if a.ci_low is not None and a.ci_low > 0]


class _SyntheticBuilder(DocumentBuilder):
    def __init__(self, assessment: SyntheticAssessment, generated_at: datetime,
                 cancel: Optional[CancelToken]) -> None:
        super().__init__(generated_at, cancel)
        self.a = assessment

    def cover(self) -> None:
        c, d = self.a.config, self.a.datasets
        rows = []
        for role, label in (("real", "Real file"), ("synthetic", "Synthetic file"), ("control", "Control file")):
            info = d.get(role)
            if info is not None:
                rows.append((label, f"{info.name} ({info.rows:,} records)"))
                rows.append((f"{label} SHA-256", info.sha256))
        rows += [("Quasi-identifiers", f"{len(c.qids)}: " + ", ".join(c.qids)),
                 ("Sensitive attribute", c.sensitive or "none"),
                 ("Attacks", ", ".join(a.attack for a in self.a.attacks)),
                 ("Distance", c.distance + (f", radius {self.a.radius:.4g}" if self.a.radius is not None else "")),
                 ("Threshold criterion", c.criterion.label()),
                 ("Targets", f"{c.targets:,} per class, seed {c.seed}")]
        real = d.get("real")
        self.cover_page("Synthetic-data disclosure report", real.name if real else "", rows, c.report.author)

    def summary(self) -> None:
        self.p("Summary", "h1")
        found = leaks(self.a)
        if found:
            self.verdict_box(f"Leak detected: {len(found)} of {len(self.a.attacks)} attacks do better on the "
                             f"real records than on control records", False)
            for a in found:
                self.p(escape(f"{ATTACK_NAMES.get(a.attack, a.attack)}: residual risk {a.residual_risk:.3f} "
                              f"(95% interval {a.ci_low:.3f} to {a.ci_high:.3f}); success {_pct(a.main_rate)} on "
                              f"real records against {_pct(a.control_rate)} on control records."), "bullet")
        elif any(a.residual_risk is not None for a in self.a.attacks):
            self.verdict_box("No leak detected by these attacks at 95% confidence", True)
        else:
            self.verdict_box("No control file: the residual risk could not be measured", False)
        for a in self.a.attacks:
            if a.kind == "membership" and a.auc is not None:
                self.p(escape(f"{ATTACK_NAMES.get(a.attack, a.attack)}: AUC {a.auc:.3f} (0.5 = guessing), "
                              f"advantage {_num(a.advantage)}, TPR at 1% FPR {_pct(a.tpr_at_fpr.get('0.01'))}."))
            elif a.kind == "attribute":
                self.p(escape(f"{ATTACK_NAMES.get(a.attack, a.attack)}: {_pct(a.accuracy)} of "
                              f"{self.a.config.sensitive} values guessed right, against {_pct(a.baseline)} "
                              f"for always guessing the most frequent value."))
        self.p("These attacks give a lower bound on the risk: a stronger attacker may do better. A leak "
               "found here is real; no leak found is evidence, not proof.", "small")
        if self.a.warnings:
            self.p("Warnings", "h2")
            for warning in self.a.warnings:
                self.p(escape(warning), "bullet")

    def results(self) -> None:
        self.page_break()
        self.p("Attack results", "h1")
        membership = [a for a in self.a.attacks if a.kind == "membership"]
        attribute = [a for a in self.a.attacks if a.kind != "membership"]
        if membership:
            self.p("Membership attacks", "h2")
            self.add_table(["attack", "targets", "accuracy", "AUC", "advantage", "TPR at FPR 0.1%",
                            "TPR at FPR 1%", "TPR at FPR 10%", "residual risk [95%]"],
                           [[ATTACK_NAMES.get(a.attack, a.attack), f"{a.targets:,}", _pct(a.accuracy), _num(a.auc),
                             _num(a.advantage)] + [_pct(a.tpr_at_fpr.get(k)) for k in ("0.001", "0.01", "0.1")]
                            + [_residual(a)] for a in membership],
                           [0.18, 0.08, 0.1, 0.06, 0.11, 0.09, 0.09, 0.09, 0.2])
        if attribute:
            self.p(f"Attribute attacks (guessing {self.a.config.sensitive})", "h2")
            self.add_table(["attack", "targets", "success on real records", "on control records",
                            "baseline (most frequent value)", "residual risk [95%]"],
                           [[ATTACK_NAMES.get(a.attack, a.attack), f"{a.targets:,}", _pct(a.main_rate),
                             _pct(a.control_rate), _pct(a.baseline), _residual(a)] for a in attribute],
                           [0.26, 0.09, 0.15, 0.14, 0.17, 0.19])
        notes = [f"{ATTACK_NAMES.get(a.attack, a.attack)}: {a.notes}" for a in self.a.attacks if a.notes]
        for note in notes:
            self.p(escape(note), "small")
        curves = [(ATTACK_NAMES.get(a.attack, a.attack), a.roc.fpr, a.roc.tpr)
                  for a in self.a.attacks if a.roc is not None and a.kind == "membership"]
        if curves:
            self.figure(figures.roc_curves(curves, "ROC of the membership attacks"),
                        "ROC curves", "Each curve: the share of members caught (TPR) against the share of "
                        "non-members wrongly flagged (FPR) as the threshold moves. The right panel shows the "
                        "low false-positive region on log axes, where a confident attacker operates.")
        scored = [a for a in self.a.attacks if a.control_rate is not None]
        if scored:
            self.figure(figures.rate_bars([a.attack for a in scored], [a.main_rate for a in scored],
                                          [a.control_rate for a in scored], [a.baseline for a in scored],
                                          "Success on real records and on control records"),
                        "Real against control records")
        thresholds = [a for a in self.a.attacks if a.threshold is not None]
        if thresholds:
            self.p("Trained thresholds", "h2")
            self.add_table(["attack", "criterion", "threshold", "success on members", "on control records"],
                           [[a.attack, a.criterion, f"{a.threshold:.4g}", _pct(a.main_rate), _pct(a.control_rate)]
                            for a in thresholds], [0.3, 0.2, 0.15, 0.175, 0.175])

    def at_risk(self) -> None:
        if not self.a.config.show_targets:
            return
        shown = [a for a in self.a.attacks if a.at_risk]
        if not shown:
            return
        self.page_break()
        self.p("Targets most at risk", "h1")
        self.p("Shown because the analysis asked for them. Row numbers count data rows of the real file "
               "from 1; the records' values are never printed.", "small")
        for a in shown:
            self.p(escape(ATTACK_NAMES.get(a.attack, a.attack)), "h2")
            self.add_table(["rank", "row in the real file", "score"],
                           [[str(rank), f"{row:,}", f"{score:.4g}"] for rank, (row, score) in
                            enumerate(a.at_risk, start=1)], [0.15, 0.45, 0.4])

    def methods(self) -> None:
        self.page_break()
        self.p("Methods", "h1")
        used = {a.attack for a in self.a.attacks}
        for title, text in METHODS:
            if title == "Shadow modelling" and "groundhog" not in used:
                continue
            if title == "CAP" and "cap" not in used:
                continue
            self.p(escape(title), "h2")
            self.p(escape(text))
        self.p("References: Stadler, Oprisanu & Troncoso, Synthetic data - anonymisation groundhog day "
               "(USENIX Security 2022); Houssiau et al., TAPAS (2022); Giomi et al., A unified framework for "
               "quantifying privacy risk in synthetic data (anonymeter, PETS 2023); Elliot, Final report on "
               "the disclosure risk associated with the synthetic data produced by the SYLLS team (2015).",
               "small")

    def appendix(self) -> None:
        c = self.a.config
        paths = [c.real.path, c.synthetic.path, c.control.path if c.control else None]
        self.analysis_file(short_paths(c.to_toml(), paths),
                           "riskreview synth --config analysis.toml --out DIR --pdf report.pdf")

    def build(self) -> list:
        self.cover()
        self.summary()
        self.results()
        self.at_risk()
        self.methods()
        self.appendix()
        return self.story


def write_synthetic_pdf(assessment: SyntheticAssessment, path: str | Path,
                        generated_at: Optional[datetime] = None, cancel: Optional[CancelToken] = None,
                        files: Optional[StagedFiles] = None) -> Path:
    """Write the synthetic-data report to ``path`` atomically."""
    register_fonts()
    story = _SyntheticBuilder(assessment, generated_at or datetime.now(), cancel).build()
    real = assessment.datasets.get("real")
    name = real.name if real else "synthetic data"
    footer = f"RiskReview {assessment.engine_version or __version__} - synthetic-data report - {name}"
    return write_document(story, path, f"Synthetic-data disclosure report: {name}", footer,
                          assessment.config.report.author, cancel, files=files)
