"""The QID-subset sweep: which subsets, how they are walked (the refinement walk, or the
compiled segment sweep for large CRS/CAS runs), and the worker pool."""

from .lattice import ExplicitFamily, Family, UpToFamily, plan_tasks
from .runner import SweepCounts, run_sweep

__all__ = ["ExplicitFamily", "Family", "UpToFamily", "plan_tasks", "SweepCounts", "run_sweep"]
