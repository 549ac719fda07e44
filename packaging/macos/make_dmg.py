"""Make the macOS disk image from a build (python packaging/build.py on a Mac): the bundle
RiskReview.app, a link to /Applications to drag it onto, and the checksum list and SBOM (on
macOS the list holds the bundle's files: ``shasum -a 256 -c riskreview-SHA256SUMS`` on the
image checks it).

    python packaging/macos/make_dmg.py      writes dist/RiskReview-<version>-macos-<arch>.dmg

Runs ``hdiutil`` (macOS only). The image is neither signed nor notarised.
"""

from __future__ import annotations

import os
import platform
import plistlib
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
APP = DIST / "RiskReview.app"


def main() -> int:
    if sys.platform != "darwin" or shutil.which("hdiutil") is None:
        print("error: make_dmg.py needs macOS (hdiutil)", file=sys.stderr)
        return 2
    if not APP.is_dir():
        print(f"error: {APP} not found: build first (python packaging/build.py)", file=sys.stderr)
        return 2
    version = plistlib.loads((APP / "Contents" / "Info.plist").read_bytes())["CFBundleShortVersionString"]
    image = DIST / f"RiskReview-{version}-macos-{platform.machine()}.dmg"
    with tempfile.TemporaryDirectory(prefix="riskreview-dmg-") as folder:
        staging = Path(folder) / "RiskReview"
        staging.mkdir()
        # ditto keeps the bundle's symbolic links, permissions and extended attributes
        subprocess.run(["ditto", str(APP), str(staging / APP.name)], check=True)
        shutil.copyfile(DIST / "riskreview-SHA256SUMS", staging / "riskreview-SHA256SUMS")  # lists the bundle
        shutil.copyfile(DIST / "riskreview-sbom.cdx.json", staging / "riskreview-sbom.cdx.json")
        os.symlink("/Applications", staging / "Applications")
        image.unlink(missing_ok=True)
        subprocess.run(["hdiutil", "create", "-volname", f"RiskReview {version}", "-srcfolder", str(staging),
                        "-fs", "HFS+", "-format", "UDZO", "-ov", str(image)], check=True)
    print(f"disk image: {image} ({image.stat().st_size / 2**20:.0f} MiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
