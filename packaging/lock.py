"""Refresh the package locks: exact versions and SHA-256 hashes of everything the package build
installs (runtime dependencies, PyInstaller, setuptools, the SBOM writer), one lock per platform
the package is built on, all CPython 3.11 and wheels only:

    linux    packaging/requirements.lock          x86_64, glibc 2.36 (Debian 12)
    windows  packaging/requirements-windows.lock  win_amd64
    macos    packaging/requirements-macos.lock    x86_64 and arm64 (one set of versions for both)

    python packaging/lock.py                          every lock: keep the current pins, add what is new
    python packaging/lock.py windows                  only that lock
    python packaging/lock.py --upgrade                newest versions pyproject.toml allows
    python packaging/lock.py linux --upgrade-package numpy

It runs ``uv pip compile`` (uv from PyPI, in a throwaway venv). The Windows and macOS locks
prefer the Linux lock's versions (the versions the test suite runs with), so the three differ
only where a platform needs other distributions (pefile and pywin32-ctypes for PyInstaller on
Windows, macholib on macOS) or has no wheel of a pinned version. The macOS lock is resolved for
x86_64 (the platform with fewer wheels) and must give the same versions for arm64; each
version's entry lists the hashes of all its files, so one lock serves both. Needs the package
index; then run ``python packaging/check_locks.py``, rebuild, test and commit the locks.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import venv
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9_.-]*)==([^\s\\;]+)")
MACOS_TARGET = "13.0"  # the oldest macOS the macOS lock's wheels must install on (PySide6 6.11: 13.0)


@dataclass(frozen=True)
class Platform:
    """One lock: its file and the uv targets it must resolve for (the first one decides)."""

    name: str
    lock: str
    targets: tuple[str, ...]
    describe: str


PLATFORMS = {
    "linux": Platform("linux", "requirements.lock", ("x86_64-manylinux_2_36",),
                      "Linux x86_64, glibc 2.36 (Debian 12)"),
    "windows": Platform("windows", "requirements-windows.lock", ("x86_64-pc-windows-msvc",),
                        "Windows x86_64 (win_amd64)"),
    "macos": Platform("macos", "requirements-macos.lock", ("x86_64-apple-darwin", "aarch64-apple-darwin"),
                      f"macOS {MACOS_TARGET}+ x86_64 and arm64"),
}


def pins(text: str) -> dict[str, str]:
    """Normalised name -> version of every ``name==version`` line of a requirements file."""
    out = {}
    for line in text.splitlines():
        match = PIN.match(line)
        if match:
            out[re.sub(r"[-_.]+", "-", match[1]).lower()] = match[2]
    return out


def _uv() -> tuple[str, tempfile.TemporaryDirectory]:
    tools = tempfile.TemporaryDirectory(prefix="riskreview-lock-")
    venv.create(tools.name, with_pip=True)
    scripts = Path(tools.name) / ("Scripts" if os.name == "nt" else "bin")
    subprocess.run([str(scripts / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                    "uv>=0.9,<1"], check=True)
    return str(scripts / "uv"), tools


def _compile(uv: str, target: str, output: Path, extra: list[str]) -> None:
    env = dict(os.environ, MACOSX_DEPLOYMENT_TARGET=MACOS_TARGET)
    subprocess.run([uv, "pip", "compile", "pyproject.toml", "packaging/build-tools.in", "--extra", "package",
                    "--generate-hashes", "--python-version", "3.11", "--python-platform", target,
                    "--only-binary", ":all:", "--no-header", "--annotation-style", "line", "--quiet",
                    "--output-file", str(output), *extra], check=True, cwd=ROOT, env=env)


def lock(uv: str, platform: Platform, uv_args: list[str], work: Path) -> Path:
    """Resolve ``platform``'s lock into place (written only when every target resolves alike)."""
    final = ROOT / "packaging" / platform.lock
    draft = work / platform.lock
    upgrading = "--upgrade" in uv_args or "-U" in uv_args
    preferred = {} if upgrading else pins(final.read_text(encoding="utf-8")) if final.exists() else {}
    if platform.name != "linux" and not upgrading:
        preferred.update(pins((ROOT / "packaging" / PLATFORMS["linux"].lock).read_text(encoding="utf-8")))
    # uv keeps the versions it finds in the output file when it can (its "preferences")
    draft.write_text("".join(f"{n}=={v}\n" for n, v in sorted(preferred.items())), encoding="utf-8")
    _compile(uv, platform.targets[0], draft, uv_args)
    chosen = pins(draft.read_text(encoding="utf-8"))
    for target in platform.targets[1:]:
        constraints = work / "constraints.txt"
        constraints.write_text("".join(f"{n}=={v}\n" for n, v in sorted(chosen.items())), encoding="utf-8")
        other = work / f"{target}.lock"
        other.unlink(missing_ok=True)
        _compile(uv, target, other, ["-c", str(constraints)])
        got = pins(other.read_text(encoding="utf-8"))
        if got != chosen:
            differ = sorted(f"{n} {chosen.get(n, '-')} / {got.get(n, '-')}" for n in set(chosen) | set(got)
                            if chosen.get(n) != got.get(n))
            raise SystemExit(f"error: {platform.lock}: {target} resolves other distributions than "
                             f"{platform.targets[0]}: {', '.join(differ)}")
    header = (f"# Generated by: python packaging/lock.py {platform.name}  (do not edit; see "
              'docs/packaging.md, "Rebuilding the same package")\n'
              f"# For {platform.describe}, CPython 3.11, wheels only\n")
    tmp = final.with_name(final.name + ".tmp")
    tmp.write_text(header + draft.read_text(encoding="utf-8"), encoding="utf-8", newline="\n")
    tmp.replace(final)
    print(f"wrote {final.relative_to(ROOT)} ({len(chosen)} pinned distributions)")
    return final


def main(argv: list[str]) -> int:
    names = [a for a in argv if a in PLATFORMS]
    uv_args = [a for a in argv if a not in PLATFORMS]
    if not names:
        names = list(PLATFORMS)
    names.sort(key=list(PLATFORMS).index)  # Linux first: the others prefer its versions
    uv, tools = _uv()
    with tools, tempfile.TemporaryDirectory(prefix="riskreview-lock-work-") as work:
        for name in names:
            lock(uv, PLATFORMS[name], uv_args, Path(work))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
