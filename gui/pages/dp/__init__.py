"""Pieces of the differential-privacy page: the counting-query and thresholded-count forms,
the results view and the run bar."""
