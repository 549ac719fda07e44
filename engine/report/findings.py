"""Plain-language findings and the verdict line of the report, read off the results.

The verdict compares the worst swept subset with the analysis's thresholds
(:class:`engine.analysis.config.Thresholds`); nothing here computes risk.
"""

from __future__ import annotations

from typing import Optional, Sequence

from ..foundation.i18n import N_, _, ngettext
from ..outcome.results import LOW_MATCH_RATE, Assessment, InferenceRisk, ReidentificationRisk
from ..outcome.sample_results import RiskSummary, SampleRisk
from ..foundation.locale_format import integer, number
from ..outcome.selection import full_set_levels, worst
from ..outcome.verdict import (NOT_READY, READY, Verdict, names, pct, people, verdict,  # noqa: F401 (the report's names)
                               worst_expected)

SMALL_SUBSET = 3


def number_list(items: Sequence[str]) -> str:
    """Items holding decimal numbers, separated so that a decimal comma stays unambiguous
    ('0.01, 0.05' in English, '0,01; 0,05' in pt_BR)."""
    return _(NUMBER_SEPARATOR).join(items)


NUMBER_SEPARATOR = N_(", ")


def reidentification_sentences(rows: Sequence[ReidentificationRisk],
                               sample: Optional[SampleRisk] = None) -> list[str]:
    """The worst subset's unique records and mean re-identification chance; for a sample file
    (``sample`` given, engine/outcome/verdict.py ``is_sample``) unique in the sample only, followed by
    what the population measures say (docs/methods.md, "Sample files")."""
    top = worst(rows, "posterior_det")
    if top is None:
        return []
    if sample is not None:
        return [_("With {qids} known, {share} of records ({count} of {total}) are unique in the sample. A record "
                  "unique in the sample need not be unique in the population, so this does not say who is "
                  "re-identified; the population measures estimated from the sample do.").format(
            qids=names(top.qids), share=pct(top.posterior_det), count=integer(top.singletons),
            total=integer(top.n)), population_sentence(sample)]
    out = [_("With {qids} known, {share} of records ({count} of {total}) are unique: an attacker who knows these "
             "values re-identifies them with certainty. The mean chance of re-identifying a record is {mean} "
             "against {prior} without them.").format(
        qids=names(top.qids), share=pct(top.posterior_det), count=integer(top.singletons), total=integer(top.n),
        mean=pct(top.posterior_prob), prior=pct(top.prior_prob))]
    small = worst(rows, "posterior_det", SMALL_SUBSET)
    if small is not None and small.qids != top.qids and len(top.qids) > SMALL_SUBSET:
        out.append(_("Even with only {qids}, {share} of records ({count}) are unique.").format(
            qids=names(small.qids), share=pct(small.posterior_det), count=integer(small.singletons)))
    return out


def population_sentence(sample: SampleRisk) -> str:
    """What the population measures of a sample file say: the expected re-identifications of
    the worst key and the estimated share of population uniques."""
    qids, expected, share = worst_expected(sample)
    pu = sample.population_uniqueness
    unique = (_("no population-uniqueness model applies") if pu.dankar_estimate is None else
              _("{share} of the population is unique on {key} (the file is the whole population)").format(
                  share=pct(pu.dankar_estimate), key=names(sample.key)) if pu.dankar_model is None else
              _("an estimated {share} of the population is unique on {key} ({model} model)").format(
                  share=pct(pu.dankar_estimate), key=names(sample.key), model=model_name(pu.dankar_model)))
    return _("In the population: with {qids} known, about {people} people ({share} of the records) are expected "
             "to be re-identified; {unique}.").format(qids=names(qids), people=people(expected), share=pct(share),
                                                unique=unique)


def inference_sentences(rows: Sequence[InferenceRisk], sensitive: str, sample: bool = False) -> list[str]:
    """The worst subset's certain inference and best guess of ``sensitive``; for a sample file
    (``sample``) the value is the same for everyone in the sample block, which says nothing
    certain about the people of the population."""
    mine = [r for r in rows if r.sensitive == sensitive]
    if not mine:
        return []
    top = worst(mine, "posterior_det")
    best_guess = worst(mine, "posterior_prob")
    if sample:
        return [_("{sensitive}: with {qids} known, {share} of records ({count}) have the same value of {sensitive} "
                  "as everyone in their sample block, against {prior} without them; people of the population "
                  "outside the sample may differ. The block's most frequent value is right for {guess} of the "
                  "sample's records (prior {guess_prior}).").format(
            sensitive=sensitive, qids=names(top.qids), share=pct(top.posterior_det),
            count=integer(top.records_certain), prior=pct(top.prior_det), guess=pct(best_guess.posterior_prob),
            guess_prior=pct(best_guess.prior_prob))]
    return [_("{sensitive}: with {qids} known, the value of {share} of records ({count}) is inferred with "
              "certainty (all records sharing their values have the same {sensitive}), against {prior} without "
              "them; the attacker's best guess is right for {guess} of records (prior {guess_prior}).").format(
        sensitive=sensitive, qids=names(top.qids), share=pct(top.posterior_det), count=integer(top.records_certain),
        prior=pct(top.prior_det), guess=pct(best_guess.posterior_prob), guess_prior=pct(best_guess.prior_prob))]


def linked_sentences(assessment: Assessment) -> list[str]:
    linked = assessment.longitudinal
    if linked is None or not linked.over_time:
        return []
    first, last = linked.over_time[0], linked.over_time[-1]
    out = [_("Linking the releases up to {last} raises the share of unique records from {unique_first} (release "
             "{first} alone) to {unique_last}, and the mean re-identification probability from {mean_first} to "
             "{mean_last}.").format(
        last=last.label, first=first.label, unique_first=pct(first.reidentification.posterior_det),
        unique_last=pct(last.reidentification.posterior_det), mean_first=pct(first.reidentification.posterior_prob),
        mean_last=pct(last.reidentification.posterior_prob))]
    return out + unmatched_sentences(assessment)


def unmatched_sentences(assessment: Assessment) -> list[str]:
    """One sentence per later release whose key matched fewer than LOW_MATCH_RATE of the
    focal records: the linked figures do not measure what it would add."""
    linked = assessment.longitudinal
    out = []
    for r in linked.releases[1:] if linked is not None else ():
        if r.match_rate >= LOW_MATCH_RATE:
            continue
        how = (_("none of the focal records") if r.linked == 0 else
               _("only {linked} of {focal} focal records ({share})").format(
                   linked=integer(r.linked), focal=integer(r.focal_records), share=pct(r.match_rate)))
        out.append(_("Release {label} ({name}) matched {how} on the key {key}: its records are otherwise "
                     "missing, so the linked figures understate what linking it would add; check that both "
                     "files hold the same ids.").format(label=r.label, name=r.name, how=how, key=repr(r.key)))
    return out


def model_sentences(assessment: Assessment) -> list[str]:
    """The levels reached with every QID known, and how far they are from the targets."""
    levels = full_set_levels(assessment)
    if levels is None or not levels.complete:
        return []
    full = levels.rows
    out = [ngettext("With the {count} QID the file is {k}-anonymous.",
                    "With all {count} QIDs the file is {k}-anonymous.", len(levels.qids)).format(
        count=len(levels.qids), k=integer(full[0].k))]
    for m in full:
        c = _("undefined") if m.c != m.c else f"{int(m.c)}"
        out.append(_("{sensitive}: l = {l}, entropy l = {entropy_l}, c = {c} (l = {c_l}), t = {t}, "
                     "alpha = {alpha}.").format(
            sensitive=m.sensitive, l=m.l, entropy_l=number(m.entropy_l, ".3g"), c=c, c_l=m.c_l,
            t=number(m.t, ".3g"), alpha=number(m.alpha, ".3g")))
    for s in assessment.model_shortfalls:
        what = shortfall_model(s.model) + (_(" for {sensitive}").format(sensitive=s.sensitive) if s.sensitive else "")
        out.append(_("Target {what} = {target}: {blocks} of {total} blocks ({records} records) fall short.").format(
            what=what, target=number(s.target, "g"), blocks=integer(s.blocks), total=integer(s.total_blocks),
            records=integer(s.records)))
    return out


def expected_phrase(summary: RiskSummary) -> str:
    """'about 412 people (0.8%)': the expected re-identifications as a count and a share."""
    return _("about {people} people ({share} of the records)").format(people=people(summary.expected_reidentifications),
                                                       share=pct(summary.expected_share))


def expected_sentence(sample: SampleRisk) -> str:
    """'With a, b and c known, about 412 people (0.8%) are expected to be re-identified.'"""
    return _("With {key} known, {expected} are expected to be re-identified.").format(
        key=names(sample.key), expected=expected_phrase(sample.individual))


#: Privacy-model ids of the engine (ModelShortfall.model) that read as words; the others are letters.
SHORTFALL_MODELS = {"alpha": N_("alpha"), "entropy_l": N_("entropy l"), "beta_basic": N_("basic beta")}


def shortfall_model(model: str) -> str:
    """A privacy-model id as the reader's language writes it ('entropy_l' -> 'entropy l')."""
    return _(SHORTFALL_MODELS[model]) if model in SHORTFALL_MODELS else model


MODEL_NAMES = {"zayatz": "Zayatz", "pitman": "Pitman", "snb": "SNB"}


def model_name(model: Optional[str]) -> str:
    """The population-uniqueness model as named in the literature ('pitman' -> 'Pitman')."""
    return MODEL_NAMES.get(model or "", model or _("none"))


def sample_sentences(sample: SampleRisk) -> list[str]:
    """The sample-file findings in plain words: expected re-identifications, records above the
    thresholds, household risk, population uniques and special uniques."""
    s = sample.individual
    if sample.design == "weight":
        basis = _("estimated from the sampling weight {weight}: the {rows} records stand for about {people} "
                  "people").format(weight=sample.weight, rows=integer(sample.rows),
                                   people=number(sample.population_estimate, ",.0f"))
    elif sample.design == "fraction":
        basis = _("estimated from the sampling fraction {fraction}: each record stands for {each} people, the "
                  "{rows} records for about {people}").format(
            fraction=number(sample.population_uniqueness.sampling_fraction, ".4g"),
            each=number(sample.population_estimate / sample.rows, ".4g"), rows=integer(sample.rows),
            people=number(sample.population_estimate, ",.0f"))
    else:
        basis = _("with no sampling weight, the file is taken as the whole population")
    out = [_("{sentence} ({basis}). The highest individual risk is {highest}.").format(
        sentence=expected_sentence(sample)[:-1], basis=basis, highest=number(s.maximum, ".3g"))]
    above = [_("{count} above {threshold}").format(count=integer(count), threshold=number(x, "g"))
             for x, count in s.above_thresholds]
    if above:
        out.append(_("Records by individual risk: {counts}.").format(counts=number_list(above)))
    h = sample.household_summary
    if h is not None:
        out.append(_("Counting the {households} households ({column}), the risk that someone in a record's "
                     "household is re-identified gives {expected} expected re-identifications; the highest "
                     "household risk is {highest}.").format(
            households=integer(sample.households or 0), column=sample.household, expected=expected_phrase(h),
            highest=number(h.maximum, ".3g")))
    pu = sample.population_uniqueness
    estimate = (_("no population-uniqueness model applies") if pu.dankar_estimate is None else
                _("{share} of the population is unique (the file is the whole population)").format(
                    share=pct(pu.dankar_estimate)) if pu.dankar_model is None else
                _("an estimated {share} of the population is unique ({model} model, chosen by the Dankar et al. "
                  "rule)").format(share=pct(pu.dankar_estimate), model=model_name(pu.dankar_model)))
    out.append(_("{share} of records ({count}) are unique in the sample; {estimate}, with sampling fraction "
                 "{fraction}.").format(share=pct(pu.sample_unique_share), count=integer(pu.sample_uniques),
                                       estimate=estimate, fraction=number(pu.sampling_fraction, ".4g")))
    suda = sample.suda
    if suda is not None:
        line = _("{count} records ({share}) are special uniques (unique on a set of at most {size} key "
                 "variables); the highest DIS-SUDA score is {highest}.").format(
            count=integer(suda.special_uniques), share=pct(suda.special_uniques / sample.rows if sample.rows else 0),
            size=suda.max_size, highest=number(suda.max_dis_score, ".3g"))
        top = max(suda.contributions, key=lambda c: c.share, default=None)
        if top is not None and top.share > 0:
            line += " " + _("{variable} contributes most to the SUDA score ({share}).").format(
                variable=top.variable, share=pct(top.share))
        out.append(line)
    return out
