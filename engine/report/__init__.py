"""Writers of assessment results: they read result objects and never recompute risk."""

from .tables import write_results

__all__ = ["write_results"]
