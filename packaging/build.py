"""Build the packaged application with PyInstaller from the locked third-party code, on Linux,
Windows or macOS (no shell needed):

    python packaging/build.py              one-folder build in dist/riskreview/ (macOS: also dist/RiskReview.app)
    python packaging/build.py --onefile    also the one-file executable dist/riskreview-onefile
    python packaging/build.py --check      then check the SBOM and the checksums and run the self-test
    python packaging/build.py --only-check those checks of the build in dist/

Writes next to the package: dist/riskreview-sbom.cdx.json (CycloneDX SBOM) and
dist/riskreview-SHA256SUMS (every file of the package; ``cd dist && sha256sum -c
riskreview-SHA256SUMS``). The names are the same on every platform: a build is for the platform
it runs on, and the published archives carry the platform in their names (docs/packaging.md,
"Windows and macOS packages"). The build venv (build/venv) gets exactly this platform's lock
(packaging/requirements.lock, requirements-windows.lock or requirements-macos.lock: versions and
SHA-256 of every wheel), then this project without dependencies; it is rebuilt when the lock
changes. PYTHON names the interpreter for the venv (default: the one running this script).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "packaging"))
from lock import PLATFORMS  # noqa: E402

VENV = ROOT / "build" / "venv"
DIST = ROOT / "dist"
PIP = ["-m", "pip", "--disable-pip-version-check"]


def platform_name() -> str:
    return {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")


def lock_file() -> Path:
    return ROOT / "packaging" / PLATFORMS[platform_name()].lock


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def self_test_executable() -> Path:
    """The console executable the self-test runs: the one users start the command line with."""
    if sys.platform == "win32":
        return DIST / "riskreview" / "riskreview-cli.exe"
    if sys.platform == "darwin":
        return DIST / "RiskReview.app" / "Contents" / "MacOS" / "riskreview-cli"
    return DIST / "riskreview" / "riskreview"


def run(*command: str | Path, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([str(c) for c in command], check=True, cwd=kwargs.pop("cwd", ROOT), **kwargs)


def size(path: Path) -> str:
    """Bytes of the files under ``path`` (a symbolic link counts nothing), in MiB."""
    total = sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())
    return f"{total / 2**20:.0f} MiB"


def reproducible_environment() -> None:
    """The same input gives the same package (docs/packaging.md, "Rebuilding the same package"): set and
    frozenset constants in the byte-code in one order, the commit's time for any timestamp."""
    os.environ["PYTHONHASHSEED"] = "0"
    if "SOURCE_DATE_EPOCH" not in os.environ:
        done = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True)
        os.environ["SOURCE_DATE_EPOCH"] = done.stdout.strip() if done.returncode == 0 and done.stdout.strip() \
            else "315532800"


def build_venv() -> None:
    """build/venv with exactly the lock's wheels (hash-checked), then this project."""
    lock = lock_file()
    want = hashlib.sha256(lock.read_bytes()).hexdigest()
    stamp = VENV / ".lock-sha256"
    if not stamp.is_file() or stamp.read_text(encoding="utf-8").strip() != want:
        shutil.rmtree(VENV, ignore_errors=True)
        python = os.environ.get("PYTHON")
        if python:
            run(python, "-m", "venv", VENV)
        else:
            venv.create(VENV, with_pip=True)
        run(venv_python(), *PIP, "install", "-q", "--require-hashes", "--only-binary", ":all:", "-r", lock)
        stamp.write_text(want + "\n", encoding="utf-8")
    # the project itself (its dependencies are all in the lock; no build isolation: the locked setuptools)
    run(venv_python(), *PIP, "install", "-q", "--no-deps", "--no-build-isolation", "--force-reinstall", ".",
        stdout=subprocess.DEVNULL)
    run(venv_python(), *PIP, "check", stdout=subprocess.DEVNULL)


def pyinstaller(workpath: str, **env: str) -> None:
    run(venv_python(), "-m", "PyInstaller", "--noconfirm", "--log-level", "ERROR", "--distpath", DIST,
        "--workpath", ROOT / "build" / workpath, ROOT / "packaging" / "riskreview.spec",
        env={**os.environ, **env})


def build(onefile: bool) -> None:
    started = time.monotonic()
    build_venv()
    for old in ("riskreview", "RiskReview.app", "riskreview-onefile", "riskreview-onefile.exe",
                "riskreview-sbom.cdx.json", "riskreview-SHA256SUMS"):
        target = DIST / old
        if target.is_dir() and not target.is_symlink():
            shutil.rmtree(target)
        else:
            target.unlink(missing_ok=True)
    licences = ROOT / "build" / "licenses"
    run(venv_python(), ROOT / "packaging" / "collect_licenses.py", licences, stdout=subprocess.DEVNULL)
    shutil.copyfile(ROOT / "LICENSE", licences / "RiskReview-LICENSE.txt")
    pyinstaller("pyinstaller")
    app = " and dist/RiskReview.app" if (DIST / "RiskReview.app").is_dir() else ""
    print(f"one-folder build: dist/riskreview ({size(DIST / 'riskreview')}){app} "
          f"in {time.monotonic() - started:.0f}s")
    if onefile:
        started = time.monotonic()
        pyinstaller("pyinstaller-onefile", RISKREVIEW_ONEFILE="1")
        print(f"one-file build: dist/riskreview-onefile in {time.monotonic() - started:.0f}s")

    # SBOM: the build venv as CycloneDX sees it, narrowed to what PyInstaller put in the package,
    # plus the Qt libraries and plugins and the Python runtime
    environment = ROOT / "build" / "sbom-environment.cdx.json"
    run(venv_python(), "-m", "cyclonedx_py", "environment", "--pyproject", "pyproject.toml", "--mc-type",
        "application", "--output-reproducible", "--of", "JSON", "-o", environment, venv_python())
    run(venv_python(), ROOT / "packaging" / "sbom.py", environment, ROOT / "build" / "bundle-manifest.json",
        DIST / "riskreview-sbom.cdx.json")
    run(venv_python(), "-c", "import sys; from pathlib import Path; from gui.package_integrity import write_sums\n"
        "print('checksums:', write_sums(Path(sys.argv[1])))", DIST)


def check() -> None:
    """The SBOM lists what the package holds, every file matches the checksum list, and the
    frozen self-test passes (run from an empty folder, with the Qt platform of this desktop)."""
    run(venv_python(), ROOT / "packaging" / "check_sbom.py", DIST / "riskreview", DIST / "riskreview-sbom.cdx.json")
    run(venv_python(), "-c", "import sys; from pathlib import Path\n"
        "from gui.package_integrity import SUMS_NAME, read_sums, verify, package_roots\n"
        "dist = Path(sys.argv[1]); sums = read_sums(dist / SUMS_NAME)\n"
        "print(f'checksums: {verify(sums, package_roots(dist))} files match {SUMS_NAME}')", DIST)
    with tempfile.TemporaryDirectory(prefix="riskreview-check-") as folder:
        run(self_test_executable(), "--self-test", cwd=folder)


def main(argv: list[str]) -> int:
    unknown = [a for a in argv if a not in ("--onefile", "--check", "--only-check")]
    if unknown:
        print(f"usage: python packaging/build.py [--onefile] [--check | --only-check] (not {' '.join(unknown)})",
              file=sys.stderr)
        return 2
    os.chdir(ROOT)
    if "--only-check" not in argv:
        reproducible_environment()
        build("--onefile" in argv)
    if "--check" in argv or "--only-check" in argv:
        check()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
