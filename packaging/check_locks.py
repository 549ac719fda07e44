"""Check that each platform's lock installs there: download every wheel it pins for that
platform with pip, which refuses any file whose SHA-256 is not in the lock and any
distribution the lock does not pin (``--require-hashes``):

    python packaging/check_locks.py                 every lock (about 1 GB of wheels)
    python packaging/check_locks.py windows macos

Linux uses this machine's own wheel tags (the build machine); Windows ``win_amd64``; macOS
``x86_64`` and ``arm64`` (each for the lock's oldest macOS, with the older and universal2
tags pip derives from it), all CPython 3.11. Needs the package index; the wheels go to a
temporary folder that is removed. Exit 0, or 1 naming the lock and target that failed.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lock import MACOS_TARGET, PLATFORMS, ROOT, pins  # noqa: E402

MAC = MACOS_TARGET.replace(".", "_")
TARGETS = {  # platform -> pip's --platform value per target (None: this machine's tags)
    "linux": [None],
    "windows": ["win_amd64"],
    "macos": [f"macosx_{MAC}_x86_64", f"macosx_{MAC}_arm64"],
}


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def download(lock: Path, tag: str | None, folder: Path) -> list[Path]:
    """Every wheel of ``lock`` for ``tag`` into ``folder``; raises CalledProcessError."""
    command = [sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check",
               "--only-binary", ":all:", "--require-hashes", "-r", str(lock), "-d", str(folder)]
    if tag:
        command += ["--platform", tag, "--python-version", "3.11", "--implementation", "cp", "--abi", "cp311"]
    subprocess.run(command, check=True)
    return sorted(folder.glob("*.whl"))


def main(argv: list[str]) -> int:
    failed = 0
    for name in argv or list(PLATFORMS):
        lock = ROOT / "packaging" / PLATFORMS[name].lock
        expected = pins(lock.read_text(encoding="utf-8"))
        for tag in TARGETS[name]:
            with tempfile.TemporaryDirectory(prefix="riskreview-wheels-") as folder:
                started = time.monotonic()
                try:
                    wheels = download(lock, tag, Path(folder))
                except subprocess.CalledProcessError:
                    print(f"FAIL {lock.name} for {tag or 'this machine'}: pip download failed (above)")
                    failed += 1
                    continue
                size = sum(w.stat().st_size for w in wheels)
                got = {normalise(w.name.split("-")[0]) for w in wheels}
                missing = sorted(n for n in expected if n not in got)
                if len(wheels) != len(expected) or missing:
                    print(f"FAIL {lock.name} for {tag or 'this machine'}: {len(wheels)} wheels for "
                          f"{len(expected)} pins; no wheel for {', '.join(missing) or '-'}")
                    failed += 1
                    continue
                print(f"ok {lock.name} for {tag or 'this machine'}: all {len(wheels)} wheels downloaded, hashes "
                      f"match ({size / 2**20:.0f} MiB, {time.monotonic() - started:.0f} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
