"""Differential-privacy release analysis: what a chosen epsilon buys before noisy statistics
are published.

- :mod:`engine.dp.counting`: privacy loss (multiplicative Bayes leakage about a new
  record's sensitive value) and utility (posterior Bayes vulnerability of the real count) of
  a counting query under the oblivious (truncated geometric) and local mechanisms
  (Nunes 2021 thesis, ch. 6, Defs 26-33, eq. 6.11);
- :mod:`engine.dp.threshold`: (eps, delta) of a count released only above a threshold,
  against passive and active attackers with partial knowledge (PPKDP/APKDP; Desfontaines,
  Mohammadi, Krahmer & Basin 2019);
- :mod:`engine.dp.api`: ``run_dp_analysis(config) -> DPAssessment``; :mod:`engine.commands.dp`:
  the ``riskreview dp`` and ``riskreview dp-threshold`` commands.
"""
