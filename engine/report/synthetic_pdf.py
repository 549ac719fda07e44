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

from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Spacer

from .. import __version__
from ..foundation import i18n
from ..foundation.i18n import N_, _
from ..foundation.progress import CancelToken
from ..synthetic.config import ATTACK_NAMES, DISTANCE_NAMES
from ..synthetic.results import AttackEvaluation, SyntheticAssessment
from ..synthetic.verdict import synthetic_verdict
from . import figures
from ..foundation.atomic import StagedFiles
from .document import DocumentBuilder, register_fonts, short_paths, write_document
from ..foundation.locale_format import integer, localize, number, percent
from ..foundation.messages import render

METHODS = (
    (N_("Attacker model"), N_("The attacker holds the synthetic file and one target record. A membership attack "
     "decides whether the target's real record was used to make the synthetic file; an attribute attack "
     "knows the target's quasi-identifiers and guesses its sensitive value. Members are drawn from the real "
     "file, non-members from the control file (real records not used to make the synthetic file).")),
    (N_("Closest distance"), N_("Membership score = minus the distance from the target to its nearest synthetic "
     "record (an exact copy scores 0, the highest). Attribute inference: for each candidate value v, "
     "d_v = the smallest distance from the target completed with v to a synthetic record; the value "
     "with the smallest d_v is guessed (ties, within rounding: the value more common in the synthetic "
     "file, then the smaller value), with confidence (1/d_v) / sum over u of 1/d_u, so an exact copy "
     "of a synthetic record scores 1 and heads the targets most at risk.")),
    (N_("Local neighbourhood"), N_("The synthetic records within radius r of the target. Membership score = their "
     "share of the synthetic file; attribute score of a value = the share of those records holding it.")),
    (N_("Thresholds"), N_("A score-based attack says 'member' above a threshold trained on half of the labelled "
     "targets by the chosen criterion (best accuracy, a true- or false-positive rate, or a fixed value); "
     "accuracy, advantage (TPR - FPR) and the member/control rates are measured on the other half. AUC and "
     "the TPR at FPR 0.1%, 1% and 10% come from the ROC curve over all targets.")),
    (N_("CAP"), N_("Correct attribution probability (Elliot 2015): for each real record, among the synthetic "
     "records with the same quasi-identifier values, the share holding its sensitive value; averaged, and "
     "compared with the value's overall share (the baseline) and with the same measure on control records.")),
    (N_("Shadow modelling"), N_("Groundhog (Stadler et al. 2022): shadow datasets drawn from the population with "
     "and without the target are each turned into a synthetic dataset by a generator; a classifier on "
     "dataset features (marginals, means, correlations) learns to tell them apart and is scored on fresh "
     "pairs. It measures the generator, not the one synthetic file released.")),
    (N_("Verdict"), N_("A leak is called when a membership attack, at its threshold that flags at most 0.1% (or 1%) "
     "of the non-members (records tied at the next threshold flagged at random up to that share), flags a "
     "share of the members whose lower confidence bound lies above the upper bound of the non-members' share "
     "(one-sided Clopper-Pearson bounds; 95% confidence over all these tests together, after Carlini et al. "
     "2022); when the members that have an identical synthetic record (exact copies, whatever the share of "
     "non-members with one) are told from the non-members the same way; or when an attribute attack's "
     "residual risk is above 0 with 95% confidence and its success is above its baseline: success below the "
     "baseline is not counted as evidence. Without a control file the leak is not measured.")),
    (N_("Residual risk"), N_("As anonymeter: (main - control) / (1 - control), where main is the attack's success "
     "on real records and control its success on control records; a value above 0 means the synthetic "
     "file reveals something about the real records beyond what it teaches about people in general. The "
     "95% interval combines Wilson intervals of the two rates.")),
)


CRITERION_WORDS = {"accuracy": N_("accuracy"), "tp": N_("true-positive rate"), "fp": N_("false-positive rate"),
                   "threshold": N_("fixed threshold")}


def _title(attack: str) -> str:
    return _(ATTACK_NAMES.get(attack, attack))


def _pct(value: Optional[float]) -> str:
    return percent(value)


def _num(value: Optional[float], digits: int = 3) -> str:
    return "-" if value is None else number(value, f".{digits}f")


def _residual(a: AttackEvaluation) -> str:
    if a.residual_risk is None:
        return "-"
    sep = ", " if i18n.current() == i18n.ENGLISH else "; "  # 0,1; 0,2 where the comma is decimal
    interval = "" if a.ci_low is None else f" [{number(a.ci_low, '.3f')}{sep}{number(a.ci_high, '.3f')}]"
    return f"{number(a.residual_risk, '.3f')}{interval}"


def _criterion(label: str) -> str:
    """A criterion label (``accuracy``, ``tp:0.1``) with its kind in words of the report's language."""
    if i18n.current() == i18n.ENGLISH:
        return label
    kind, _sep, value = label.partition(":")
    word = _(CRITERION_WORDS.get(kind, kind))
    return f"{word} {localize(value)}" if value else word


def leaks(assessment: SyntheticAssessment) -> list[AttackEvaluation]:
    """The attacks whose checks are evidence of a leak (:func:`engine.synthetic.verdict.synthetic_verdict`)."""
    leaking = {c.attack for c in synthetic_verdict(assessment).checks if not c.passed}
    return [a for a in assessment.attacks if a.attack in leaking]


class _SyntheticBuilder(DocumentBuilder):
    def __init__(self, assessment: SyntheticAssessment, generated_at: datetime,
                 cancel: Optional[CancelToken]) -> None:
        super().__init__(generated_at, cancel)
        self.a = assessment

    def cover(self) -> None:
        c, d = self.a.config, self.a.datasets
        rows = []
        for role, label in (("real", _("Real file")), ("synthetic", _("Synthetic file")),
                            ("control", _("Control file"))):
            info = d.get(role)
            if info is not None:
                rows.append((label, _("{name} ({rows} records)").format(name=info.name, rows=integer(info.rows))))
                rows.append((f"{label} SHA-256", info.sha256))
        distance = _(DISTANCE_NAMES.get(c.distance, c.distance))
        if self.a.radius is not None:
            distance += _(", radius {radius}").format(radius=number(self.a.radius, ".4g"))
        rows += [(_("Quasi-identifiers"), f"{len(c.qids)}: " + ", ".join(c.qids)),
                 (_("Sensitive attribute"), c.sensitive or _("none")),
                 (_("Attacks"), ", ".join(a.attack for a in self.a.attacks)),
                 (_("Distance"), distance),
                 (_("Threshold criterion"), _criterion(c.criterion.label())),
                 (_("Targets"), _("{targets} per class, seed {seed}").format(targets=integer(c.targets),
                                                                              seed=c.seed))]
        real = d.get("real")
        self.cover_page(_("Synthetic-data disclosure report"), real.name if real else "", rows, c.report.author,
                        c.report.organisation)
        if self.story and isinstance(self.story[-1], PageBreak):
            self.story.pop()                          # the verdict goes on page 1, below the facts
        self.verdict()
        self.page_break()

    def verdict(self) -> None:
        """The verdict and its evidence (:func:`engine.synthetic.verdict.synthetic_verdict`)."""
        self.story.append(Spacer(1, 6 * mm))
        v = synthetic_verdict(self.a)
        self.verdict_box(_(v.headline), v.ready)
        for reason in v.reasons:
            self.p(escape(render(reason)), "bullet")
        for note in v.notes:
            self.p(escape(render(note)), "bullet")

    def summary(self) -> None:
        self.p(_("Summary"), "h1")
        self.p(_("The verdict on page 1 follows from the membership attacks' true-positive rate at false-positive "
                 "rates of 0.1% and 1% and from the members and non-members with an identical synthetic record "
                 "(exact copies), with one-sided Clopper-Pearson bounds (95% over all these tests), and from the "
                 "attribute attacks' residual risk where their success is above the baseline; page 1 gives one "
                 "reason per attack, its exact copies when they tell."), "small")
        copies = [(a, a.copies) for a in self.a.attacks if getattr(a, "copies", None) is not None]
        for a, point in copies:
            self.p(escape(_("{attack}: {tp} of {members} members and {fp} of {nonmembers} non-members have an "
                            "identical synthetic record.").format(
                attack=_title(a.attack), tp=integer(point.true_positives), members=integer(point.members),
                fp=integer(point.false_positives), nonmembers=integer(point.nonmembers))))
        for a in self.a.attacks:
            if a.kind == "membership" and a.auc is not None:
                self.p(escape(_("{attack}: AUC {auc} (0.5 = guessing), advantage {advantage}, TPR at 0.1% FPR "
                                "{tpr_low}, at 1% FPR {tpr}.").format(
                    attack=_title(a.attack), auc=number(a.auc, ".3f"), advantage=_num(a.advantage),
                    tpr_low=_pct(a.tpr_at_fpr.get("0.001")), tpr=_pct(a.tpr_at_fpr.get("0.01")))))
            elif a.kind == "attribute":
                template = (_("{attack}: {accuracy} of {sensitive} values guessed right, above the {baseline} "
                              "baseline.") if a.accuracy > (a.baseline or 0.0) else
                            _("{attack}: {accuracy} of {sensitive} values guessed right, not above the {baseline} "
                              "baseline (not counted as evidence of a leak)."))
                self.p(escape(template.format(attack=_title(a.attack), accuracy=_pct(a.accuracy),
                                              sensitive=self.a.config.sensitive, baseline=_pct(a.baseline))))
        self.p(_("These attacks give a lower bound on the risk: a stronger attacker may do better. A leak "
                 "found here is real; no leak found is evidence, not proof."), "small")
        if self.a.warnings:
            self.p(_("Warnings"), "h2")
            for warning in self.a.warnings:
                self.p(escape(render(warning)), "bullet")

    def results(self) -> None:
        self.page_break()
        self.p(_("Attack results"), "h1")
        membership = [a for a in self.a.attacks if a.kind == "membership"]
        attribute = [a for a in self.a.attacks if a.kind != "membership"]
        if membership:
            self.p(_("Membership attacks"), "h2")
            self.add_table([_("attack"), _("targets"), _("accuracy"), "AUC", _("advantage"),
                            _("TPR at FPR {rate}").format(rate=percent(0.001)),
                            _("TPR at FPR {rate}").format(rate=percent(0.01, 0)),
                            _("TPR at FPR {rate}").format(rate=percent(0.1, 0)), _("residual risk [95%]")],
                           [[_title(a.attack), integer(a.targets), _pct(a.accuracy), _num(a.auc),
                             _num(a.advantage)] + [_pct(a.tpr_at_fpr.get(k)) for k in ("0.001", "0.01", "0.1")]
                            + [_residual(a)] for a in membership],
                           [0.18, 0.08, 0.1, 0.06, 0.11, 0.09, 0.09, 0.09, 0.2])
        if attribute:
            self.p(_("Attribute attacks (guessing {sensitive})").format(sensitive=self.a.config.sensitive), "h2")
            self.add_table([_("attack"), _("targets"), _("success on real records"), _("on control records"),
                            _("baseline (most frequent value)"), _("residual risk [95%]")],
                           [[_title(a.attack), integer(a.targets), _pct(a.main_rate),
                             _pct(a.control_rate), _pct(a.baseline), _residual(a)] for a in attribute],
                           [0.26, 0.09, 0.15, 0.14, 0.17, 0.19])
        notes = [f"{_title(a.attack)}: {render(a.notes)}" for a in self.a.attacks if a.notes]
        for note in notes:
            self.p(escape(note), "small")
        curves = [(_title(a.attack), a.roc.fpr, a.roc.tpr)
                  for a in self.a.attacks if a.roc is not None and a.kind == "membership"]
        if curves:
            self.figure(figures.roc_curves(curves, _("ROC of the membership attacks")),
                        _("ROC curves"), _("Each curve: the share of members caught (TPR) against the share of "
                                           "non-members wrongly flagged (FPR) as the threshold moves. The right "
                                           "panel shows the low false-positive region on log axes, where a "
                                           "confident attacker operates."))
        scored = [a for a in self.a.attacks if a.control_rate is not None]
        if scored:
            self.figure(figures.rate_bars([a.attack for a in scored], [a.main_rate for a in scored],
                                          [a.control_rate for a in scored], [a.baseline for a in scored],
                                          _("Success on real records and on control records")),
                        _("Real against control records"))
        thresholds = [a for a in self.a.attacks if a.threshold is not None]
        if thresholds:
            self.p(_("Trained thresholds"), "h2")
            self.add_table([_("attack"), _("criterion"), _("threshold"), _("success on members"),
                            _("on control records")],
                           [[a.attack, _criterion(str(a.criterion)), number(a.threshold, ".4g"),
                             _pct(a.main_rate), _pct(a.control_rate)]
                            for a in thresholds], [0.3, 0.2, 0.15, 0.175, 0.175])

    def at_risk(self) -> None:
        if not self.a.config.show_targets:
            return
        shown = [a for a in self.a.attacks if a.at_risk]
        if not shown:
            return
        self.page_break()
        self.p(_("Targets most at risk"), "h1")
        self.p(_("Shown because the analysis asked for them. Row numbers count data rows of the real file "
                 "from 1; the records' values are never printed."), "small")
        for a in shown:
            self.p(escape(_title(a.attack)), "h2")
            self.add_table([_("rank"), _("row in the real file"), _("score")],
                           [[str(rank), integer(row), number(score, ".4g")] for rank, (row, score) in
                            enumerate(a.at_risk, start=1)], [0.15, 0.45, 0.4])

    def methods(self) -> None:
        self.page_break()
        self.p(_("Methods"), "h1")
        used = {a.attack for a in self.a.attacks}
        for title, text in METHODS:
            if title == "Shadow modelling" and "groundhog" not in used:
                continue
            if title == "CAP" and "cap" not in used:
                continue
            self.p(escape(_(title)), "h2")
            self.p(escape(_(text)))
        self.p(_("References: Stadler, Oprisanu & Troncoso, Synthetic data - anonymisation groundhog day "
                 "(USENIX Security 2022); Houssiau et al., TAPAS (2022); Giomi et al., A unified framework for "
                 "quantifying privacy risk in synthetic data (anonymeter, PETS 2023); Elliot, Final report on "
                 "the disclosure risk associated with the synthetic data produced by the SYLLS team (2015)."),
               "small")
        self.p(_("Carlini, Chien, Nasr, Song, Terzis & Tramer, Membership inference attacks from first principles "
                 "(IEEE Symposium on Security and Privacy 2022); Clopper & Pearson, The use of confidence or "
                 "fiducial limits illustrated in the case of the binomial (Biometrika 1934)."), "small")

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
    """Write the synthetic-data report to ``path`` atomically, in the analysis file's
    ``[report] language`` or else the system's (engine/foundation/i18n.py)."""
    register_fonts()
    with i18n.language(assessment.config.report.language):
        story = _SyntheticBuilder(assessment, generated_at or datetime.now(), cancel).build()
        real = assessment.datasets.get("real")
        name = real.name if real else _("synthetic data")
        footer = _("RiskReview {version} - synthetic-data report - {name}").format(
            version=assessment.engine_version or __version__, name=name)
        return write_document(story, path, _("Synthetic-data disclosure report: {name}").format(name=name), footer,
                              assessment.config.report.author, cancel, files=files)
