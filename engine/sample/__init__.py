"""Risk measures of a sample file: individual and household risk from sampling weights,
population uniqueness estimated from the sample, and special uniques (SUDA)."""
