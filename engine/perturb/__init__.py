"""Perturbative protection of microdata and its measures (docs/methods.md, "Numeric keys" and
"Perturbative steps"): MDAV microaggregation, noise, rank swapping, PRAM and rounding; record
linkage, interval disclosure, outliers and utility of numeric keys."""
