"""Pieces of the Scenarios page: the step builder, the comparison view and the suggest panel."""
