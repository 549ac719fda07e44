"""The report's methods section: each metric in words and formula, with the attacker model
(marked for the catalogue; the report translates them when it writes them)."""

from __future__ import annotations

from ..foundation.i18n import N_

ATTACKER = (
    N_("The attacker knows, for the people in the file, the values of some quasi-identifiers (QIDs) "
       "and nothing else about the release. They group the records by those values: each group "
       "(block) of the partition D/~Q holds the records that share the same QID values. "
       "A missing value is treated as a value of its own: two records that are both missing on a "
       "QID agree on it (NULL equals NULL); no record is dropped. Because nobody can know which "
       "QIDs an attacker has, every subset of the chosen QIDs in the swept family is evaluated.")
)

METRICS: list[tuple[str, str, str]] = [
    (N_("Re-identification, deterministic (CRS)"),
     N_("The share of records that are alone in their block. When the file is the whole population, an "
        "attacker who knows their QID values singles them out; when it is a sample, they are unique in the "
        "sample only, and the sample-file measures estimate the risk in the population."),
     N_("posterior = #blocks of size 1 / n; prior = 1 if n = 1 else 0; degradation = posterior - prior")),
    (N_("Re-identification, probabilistic (CRS)"),
     N_("The mean chance of picking the right record when guessing uniformly inside the target's "
        "block, over all records."),
     N_("posterior = (1/n) sum over records of 1/|block(r)| = b/n; prior = 1/n; degradation = posterior / prior")),
    (N_("Attribute inference, deterministic (CAS)"),
     N_("The share of records whose block has a single sensitive value. When the file is the whole "
        "population, knowing the QIDs reveals that value (whatever it is); in a sample the value is the same "
        "for everyone in the sample block, and people of the population outside the sample may differ."),
     N_("posterior = records in blocks with one sensitive value / n; prior = 1 if every record has "
        "the same value else 0; degradation = posterior - prior")),
    (N_("Attribute inference, probabilistic (CAS)"),
     N_("The share of records whose sensitive value the attacker guesses right when guessing the "
        "most frequent value of the record's block."),
     N_("posterior = (1/n) sum over blocks q of max_s s(q); prior = max_s count(s) / n; "
        "degradation = posterior / prior")),
    (N_("Individual target (IRS, IAS)"),
     N_("The attacker knows one person's QID values x. Re-identification succeeds with probability "
        "1/|block(x)| (1 when the block has one record); inference guesses the block's "
        "most frequent sensitive value. A target whose values match no record gets 'no match'."),
     N_("IRS = 1/|block(x)|; IAS = max_s s(block(x)) / |block(x)|")),
    (N_("Worst-case histograms"),
     N_("For the subset with the highest probabilistic posterior of each size, the number of "
        "records at each per-record risk: 1/|block| for re-identification and the block's largest "
        "sensitive-value share for inference. Their mean is the collective posterior."),
     N_("risk(r) = 1/|block(r)|;  risk_s(r) = max_s s(block(r)) / |block(r)|")),
]

PEER_DIFFERENCES = (N_("Where these numbers differ from those tools' on purpose: the individual risk is exact for "
                       "every sample frequency, where sdcMicro approximates it by p / (f - 1 + p) for f of 3 or more "
                       "(up to 4% too high at f = 3, 1.2% at f = 5); SNB's number of population keys follows Haas and "
                       "Stokes' published estimator, where ARX's code subtracts 1 per histogram entry in its "
                       "denominator (and then often reports no SNB estimate); a missing value is a value of its own, "
                       "where sdcMicro lets it match any value."))
REFERENCE = (N_("Formulas after Nunes (2021), 'Disclosure risk of microdata releases', chapters 3 and 4 "
                "(collective and individual re-identification and attribute inference)."))

MODELS_INTRO = (
    N_("Privacy models give the level the table reaches for the QIDs and a sensitive attribute; "
       "each is the worst block's value. q is a value's share in a block, p its share in the whole "
       "table. Missing values, in QIDs and in the sensitive attribute, are values of their own "
       "(pycanon drops rows with a missing QID; ARX and sdcMicro treat them as wildcards). On data "
       "without missing values k, alpha, l, t, basic beta and delta equal the pycanon library's.")
)

MODELS: list[tuple[str, str]] = [
    (N_("k (k-anonymity)"), N_("the size of the smallest block")),
    (N_("alpha ((alpha,k)-anonymity)"), N_("the largest share of one sensitive value in any block")),
    (N_("l (l-diversity)"), N_("the fewest distinct sensitive values in a block")),
    (N_("entropy l"), N_("exp(min over blocks of -sum q ln q), a real number (pycanon truncates it)")),
    (N_("c (recursive (c,l)-diversity)"),
     N_("counts in a block sorted descending r1 >= r2 >= ...; a block satisfies it when "
        "r1 < c (r_l + ... + r_m); c is the smallest whole number satisfying every block for the "
        "chosen l, undefined when a block has fewer than l values (published form; pycanon sorts ascending)")),
    (N_("t (t-closeness)"),
     N_("the largest earth mover's distance between a block's distribution and the table's: ordered "
        "distance |i - j|/(m - 1) over the sorted values for numeric attributes (missing sorts last), "
        "equal distance (half the sum of |q - p|) for categorical ones")),
    (N_("basic beta (beta-likeness)"), N_("max over blocks and values with q > p of (q - p)/p")),
    (N_("enhanced beta"),
     N_("the smallest beta with (q - p)/p <= min(beta, -ln p) for every q > p; 'not achievable' when "
        "some (q - p)/p exceeds -ln p (published form of Cao and Karras; pycanon reports "
        "min(basic beta, -ln of the rarest share))")),
    (N_("delta (delta-disclosure)"),
     N_("max over blocks of |ln(q/p)| over the values present in the block (absent values are "
        "skipped, as pycanon does; every value occurs in the table, so p > 0)")),
]

SAMPLE: list[tuple[str, str]] = [
    (N_("Individual risk (Benedetti and Franconi)"),
     N_("for a record whose key is shared by f records of the sample whose weights add up to F^ (the "
        "estimated number of people in the population with that key), p = f / F^ (1 when F^ <= f). The "
        "attacker who finds the record picks one of the F people of the population with the key; F - f "
        "is taken to follow a negative binomial distribution with f and p, and the risk is the expected "
        "chance of picking the right person, r = E[1/F | f] = integral over t from 0 to 1 of "
        "t^(f-1) (p / (1 - (1 - p) t))^f dt. For f = 1 this is p/(1-p) ln(1/p); for f = 2, "
        "p/(1-p)^2 (p ln p + 1 - p); with every weight 1 it is 1/f, the risk of a file that is the "
        "population")),
    (N_("Expected re-identifications"),
     N_("the sum of the individual risks over the records (the number of records an attacker is "
        "expected to re-identify), also as a share of the records; a record is counted above a "
        "threshold x when its risk is above x")),
    (N_("Household risk"),
     N_("1 - product over the members of the household of (1 - r), the chance that at least one member "
        "is re-identified, given to every member")),
    (N_("Population uniques"),
     N_("sample uniques are records alone on their key in the file. The Zayatz, Pitman and SNB (slide "
        "negative binomial) models estimate from how many keys occur once, twice, ... in the sample, and "
        "from the sampling fraction (given, or n / sum of the weights), how many people are alone on their "
        "key in the population; the Dankar et al. (2012) rule picks one of them by the sampling fraction "
        "and the share of sample uniques. Shares are of the population N = n / sampling fraction")),
    (N_("SUDA special uniques"),
     N_("a minimal sample unique (MSU) of a record is a set of key variables on which the record is alone "
        "in the file while it is not alone on any smaller part of that set; MSUs of up to M variables are "
        "searched. Each MSU adds to the record's SUDA score, more the smaller the MSU (Elliot et al. "
        "2002); the DIS-SUDA score turns the scores into the chance that a unique match is correct, with "
        "the DIS fraction (Elliot et al. 2005). A key variable's contribution is the part of the total "
        "score coming from the MSUs it belongs to. The scoring variant is named in the SUDA table")),
]

SAMPLE_REFERENCE = (N_("Sample-file measures after Benedetti and Franconi (1998) and sdcMicro's measure_risk "
                       "(individual and household risk), Elliot et al. (2002, 2005) and sdcMicro's suda2 (SUDA, "
                       "DIS-SUDA), and ARX's risk analysis with Dankar et al. (2012) (population uniques)."))
