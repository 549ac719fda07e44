"""The frozen executable's entry: freeze_support first (worker processes re-enter here),
then the same main() as the `riskreview` command."""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from gui.__main__ import main

    sys.exit(main())
