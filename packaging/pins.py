"""Write a platform's lock as a pip constraints file (``name==version`` lines, no hashes), so a
development or CI environment runs the tests with the versions the package is built from
(the test tools, which the lock does not pin, are resolved from pyproject.toml's ranges):

    python packaging/pins.py windows build/constraints.txt
    python -m pip install -c build/constraints.txt -e ".[test,package]"
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lock import PLATFORMS, ROOT, pins  # noqa: E402


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in PLATFORMS:
        print(f"usage: python packaging/pins.py {'|'.join(PLATFORMS)} OUT", file=sys.stderr)
        return 2
    lock = ROOT / "packaging" / PLATFORMS[argv[0]].lock
    out = Path(argv[1])
    out.parent.mkdir(parents=True, exist_ok=True)
    pinned = pins(lock.read_text(encoding="utf-8"))
    out.write_text("".join(f"{name}=={version}\n" for name, version in sorted(pinned.items())), encoding="utf-8")
    print(f"{out}: {len(pinned)} versions from {lock.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
