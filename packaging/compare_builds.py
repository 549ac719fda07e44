"""Compare two builds of the package by their checksum lists (``riskreview-SHA256SUMS``, written
by packaging/build.py next to the package): which files only one build has, and which differ.

    python packaging/compare_builds.py DIST_A DIST_B       # two dist/ folders (or the two lists)

Prints a summary line, then one line per file that differs or is missing, with a reason where
the cause is known (docs/packaging.md, "Rebuilding the same package"). Exit 0 when every file is identical,
1 when some differ, 2 on bad input.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gui.package_integrity import SUMS_NAME, IntegrityError, read_sums  # noqa: E402

#: Files known to differ between two builds of the same commit, and why.
KNOWN_CAUSES = {
    "riskreview/riskreview": "the executable holds the byte-code archive (PYZ) of every module",
    "riskreview-onefile": "the one-file executable holds every file of the package, compressed",
}


@dataclass(frozen=True)
class Comparison:
    """Paths (relative to dist/) by outcome."""

    same: list[str]
    differ: list[str]
    only_a: list[str]
    only_b: list[str]

    @property
    def identical(self) -> bool:
        return not (self.differ or self.only_a or self.only_b)


def compare(a: dict[str, str], b: dict[str, str]) -> Comparison:
    """Compare two ``path -> SHA-256`` lists."""
    return Comparison(
        same=sorted(p for p in a.keys() & b.keys() if a[p] == b[p]),
        differ=sorted(p for p in a.keys() & b.keys() if a[p] != b[p]),
        only_a=sorted(a.keys() - b.keys()),
        only_b=sorted(b.keys() - a.keys()),
    )


def sums_path(argument: str) -> Path:
    path = Path(argument)
    return path / SUMS_NAME if path.is_dir() else path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a", help=f"a dist/ folder holding {SUMS_NAME}, or the list itself")
    parser.add_argument("b", help="the other build's folder or list")
    args = parser.parse_args(argv)
    lists = []
    for argument in (args.a, args.b):
        path = sums_path(argument)
        if not path.is_file():
            print(f"error: {path}: no checksum list (build with packaging/build.py first)", file=sys.stderr)
            return 2
        try:
            lists.append(read_sums(path))
        except IntegrityError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    result = compare(*lists)
    print(f"{len(result.same)} files identical, {len(result.differ)} differ, "
          f"{len(result.only_a)} only in {args.a}, {len(result.only_b)} only in {args.b}")
    for label, paths in (("differs", result.differ), (f"only in {args.a}", result.only_a),
                         (f"only in {args.b}", result.only_b)):
        for path in paths:
            cause = KNOWN_CAUSES.get(path)
            print(f"{label}: {path}" + (f" ({cause})" if cause else ""))
    return 0 if result.identical else 1


if __name__ == "__main__":
    sys.exit(main())
