"""Qt item models over engine objects: read-only, ``data()`` never raises."""
