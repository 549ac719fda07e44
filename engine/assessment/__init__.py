"""Running one analysis end to end: the attacks on a file, the run-time plan, and what the
window keeps between runs."""
