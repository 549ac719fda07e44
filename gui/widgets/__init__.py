"""Reusable widgets: plots (matplotlib canvases), the run bar, editors."""
