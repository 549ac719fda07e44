"""The description of one analysis (the analysis file's sections) and its validation."""
