"""Pieces of the synthetic-data page: the form's sections and the results view."""
