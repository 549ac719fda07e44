"""The pages of the window, in the order of the analyst's flow."""
