"""The frozen executable's entry: freeze_support first (worker processes re-enter here), numba's
cache in the user's cache folder (before numba is imported; workers inherit it), then the same
main() as the `riskreview` command. The executable built without a console (RiskReview.exe on
Windows) has no standard output (sys.stdout is None): it always opens the window."""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from engine.sweep.kernel_cache import use_user_cache

    use_user_cache()
    from gui.__main__ import main, windowed_arguments

    sys.exit(main(windowed_arguments(sys.argv[1:]) if sys.stdout is None else None))
