"""Pieces of the synthetic-data page: the form's sections, the results view and the run bar."""
