"""Result objects of an analysis, the verdict on them, and the one rule that singles out
the worst subset (ties: fewest QIDs, then the first in the user's order)."""
