#!/usr/bin/env bash
# Build the packaged application with PyInstaller:
#   bash packaging/build.sh            one-folder build in dist/riskreview/
#   bash packaging/build.sh --onefile  also the one-file executable dist/riskreview-onefile
set -euo pipefail
cd "$(dirname "$0")/.."
bash dev.sh setup
start=$(date +%s)
.venv/bin/python packaging/collect_licenses.py build/licenses > /dev/null
.venv/bin/pyinstaller --noconfirm --log-level ERROR --distpath dist --workpath build/pyinstaller \
    packaging/riskreview.spec
echo "one-folder build: dist/riskreview ($(du -sh dist/riskreview | cut -f1)) in $(( $(date +%s) - start ))s"
if [ "${1:-}" = "--onefile" ]; then
    start=$(date +%s)
    RISKREVIEW_ONEFILE=1 .venv/bin/pyinstaller --noconfirm --log-level ERROR --distpath dist \
        --workpath build/pyinstaller-onefile packaging/riskreview.spec
    echo "one-file build: dist/riskreview-onefile ($(du -sh dist/riskreview-onefile | cut -f1)) in $(( $(date +%s) - start ))s"
fi
