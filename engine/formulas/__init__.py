"""Risk formulas: pure functions over block sizes and per-block value counts.

Each formula lives in exactly one place (docs/methods.md, "Collective re-identification (CRS)" to "Per-record risk and worst-case histograms"):
:mod:`.reidentification` (CRS, IRS), :mod:`.inference` (CAS, IAS) and
:mod:`.degradation` (how far the posterior moves from the prior).
"""
