"""Risk formulas: pure functions over block sizes and per-block value counts.

Each formula lives in exactly one place (DESIGN.md, "Attacks on one release"):
:mod:`.reidentification` (CRS, IRS), :mod:`.inference` (CAS, IAS) and
:mod:`.degradation` (how far the posterior moves from the prior).
"""
