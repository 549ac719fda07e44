"""Dialogs: import options, error messages, targets, subsets, about."""
