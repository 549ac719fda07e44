"""Pieces of the differential-privacy page: the counting-query and thresholded-count forms,
and the results view."""
