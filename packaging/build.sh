#!/usr/bin/env bash
# Build the packaged application with PyInstaller from the locked third-party code:
#   bash packaging/build.sh            one-folder build in dist/riskreview/
#   bash packaging/build.sh --onefile  also the one-file executable dist/riskreview-onefile
# Writes next to the package: dist/riskreview-sbom.cdx.json (CycloneDX SBOM) and
# dist/riskreview-SHA256SUMS (every file of the package; `cd dist && sha256sum -c riskreview-SHA256SUMS`).
# The build venv (build/venv) gets exactly packaging/requirements.lock (versions and SHA-256
# of every wheel), then this project without dependencies; it is rebuilt when the lock changes.
set -euo pipefail
cd "$(dirname "$0")/.."
# the same input gives the same package (README, "Rebuilding the same package"): set and frozenset
# constants in the byte-code in one order, and the commit's time for any embedded timestamp
export PYTHONHASHSEED=0
SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 315532800)}"
export SOURCE_DATE_EPOCH
PYTHON="${PYTHON:-python3}"
VENV=build/venv
LOCK=packaging/requirements.lock
start=$(date +%s)

want=$(sha256sum "$LOCK" | cut -d' ' -f1)
if [ ! -f "$VENV/.lock-sha256" ] || [ "$(cat "$VENV/.lock-sha256")" != "$want" ]; then
    rm -rf "$VENV"
    "$PYTHON" -m venv "$VENV"
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check --require-hashes --only-binary :all: \
        -r "$LOCK"
    echo "$want" > "$VENV/.lock-sha256"
fi
# the project itself (its dependencies are all in the lock; no build isolation: the locked setuptools)
"$VENV/bin/python" -m pip install -q --disable-pip-version-check --no-deps --no-build-isolation \
    --force-reinstall . > /dev/null
"$VENV/bin/python" -m pip check > /dev/null

rm -rf dist/riskreview dist/riskreview-onefile dist/riskreview-sbom.cdx.json dist/riskreview-SHA256SUMS
"$VENV/bin/python" packaging/collect_licenses.py build/licenses > /dev/null
cp LICENSE build/licenses/RiskReview-LICENSE.txt
"$VENV/bin/pyinstaller" --noconfirm --log-level ERROR --distpath dist --workpath build/pyinstaller \
    packaging/riskreview.spec
echo "one-folder build: dist/riskreview ($(du -sh dist/riskreview | cut -f1)) in $(( $(date +%s) - start ))s"
if [ "${1:-}" = "--onefile" ]; then
    start=$(date +%s)
    RISKREVIEW_ONEFILE=1 "$VENV/bin/pyinstaller" --noconfirm --log-level ERROR --distpath dist \
        --workpath build/pyinstaller-onefile packaging/riskreview.spec
    echo "one-file build: dist/riskreview-onefile ($(du -sh dist/riskreview-onefile | cut -f1)) in $(( $(date +%s) - start ))s"
fi

# SBOM: the build venv as CycloneDX sees it, narrowed to what PyInstaller put in the package,
# plus the Qt libraries and plugins and the Python runtime
"$VENV/bin/cyclonedx-py" environment --pyproject pyproject.toml --mc-type application \
    --output-reproducible --of JSON -o build/sbom-environment.cdx.json "$VENV/bin/python"
"$VENV/bin/python" packaging/sbom.py build/sbom-environment.cdx.json build/bundle-manifest.json \
    dist/riskreview-sbom.cdx.json
"$VENV/bin/python" -c "import sys; from pathlib import Path; from gui.package_integrity import write_sums
print('checksums:', write_sums(Path(sys.argv[1])))" dist
