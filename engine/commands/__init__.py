"""The ``riskreview`` subcommands, one module each: options -> config -> an analysis that
:mod:`engine.commands.runner` runs (progress bar, exit codes, staged outputs)."""
