"""Attacks on the swept subsets (docs/methods.md): collective and individual targets,
worst-case histograms, privacy-model checks and linked releases."""
