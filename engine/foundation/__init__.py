"""What every part of the engine stands on: atomic output, paths, messages and their
languages, progress and cancellation, worker processes and the platform."""
