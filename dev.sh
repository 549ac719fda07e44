#!/usr/bin/env bash
# Set up everything RiskReview needs on a fresh Debian machine, then run one job:
#   bash dev.sh demo   run the bundled example and write results to out/demo/
#   bash dev.sh test   run the test suite
#   bash dev.sh setup  only install
set -euo pipefail
cd "$(dirname "$0")"

QT_DEBS="libglib2.0-0 libegl1 libgl1 libx11-6 libdbus-1-3 libfontconfig1 libfreetype6 libxkbcommon0 poppler-utils"
# what Qt's xcb platform plugin (a real window under X11) links to: `ldd` on
# PySide6/Qt/plugins/platforms/libqxcb.so and Qt/lib/libQt6XcbQpa.so.6; Xvfb and xauth for the
# real-window test (tests/gui/test_real_window.py)
XCB_DEBS="libx11-xcb1 libxcb1 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0
libxcb-render-util0 libxcb-render0 libxcb-shape0 libxcb-shm0 libxcb-sync1 libxcb-util1 libxcb-xfixes0
libxcb-xkb1 libxkbcommon-x11-0 libxcb-glx0 xvfb xauth"
PYTHON="${PYTHON:-python3}"
VENV=.venv

system_deps() {
    local missing="" pkg
    if ! "$PYTHON" -c "import ensurepip, venv" >/dev/null 2>&1; then missing="python3-venv"; fi
    for pkg in $QT_DEBS $XCB_DEBS; do
        dpkg -s "$pkg" >/dev/null 2>&1 || missing="$missing $pkg"
    done
    [ -z "$missing" ] && return 0
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "installing Debian packages:$missing"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
    else
        echo "warning: missing Debian packages (install them as root):$missing" >&2
    fi
}

python_deps() {
    local stamp="$VENV/.installed" want
    want=$(cat pyproject.toml packaging/requirements.lock | sha256sum | cut -d' ' -f1)
    [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && return 0
    [ -x "$VENV/bin/python" ] || "$PYTHON" -m venv "$VENV"
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check --upgrade pip
    # the versions the package is built from (packaging/requirements.lock) for what it pins;
    # the test tools are resolved from pyproject.toml's ranges
    local pins
    pins=$(mktemp)
    grep -E '^[A-Za-z0-9_.-]+==' packaging/requirements.lock | sed 's/ *\\$//' > "$pins"
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check -c "$pins" -e ".[test,package]"
    rm -f "$pins"
    echo "$want" > "$stamp"
}

setup() { system_deps; python_deps; }

case "${1:-}" in
    setup) setup ;;
    demo)
        setup
        mkdir -p out
        "$VENV/bin/riskreview" assess --config resources/examples/census_demo.toml --jobs 2 \
            --out out/demo --pdf out/demo/report.pdf
        ex=resources/examples
        "$VENV/bin/riskreview" synth $ex/synthetic_real.csv --synthetic $ex/synthetic_release.csv \
            --control $ex/synthetic_control.csv --qid birth_day birth_month birth_year sex race \
            municipality_residence school school_type --sensitive bolsa_familia \
            --out out/demo/synthetic --pdf out/demo/synthetic/report.pdf
        "$VENV/bin/riskreview" dp --config resources/examples/dp_demo.toml \
            --out out/demo/dp --pdf out/demo/dp/report.pdf
        "$VENV/bin/riskreview" dp-threshold --example --out out/demo/dp-threshold \
            --pdf out/demo/dp-threshold/report.pdf
        ;;
    test)
        setup
        export QT_QPA_PLATFORM=offscreen
        shift
        "$VENV/bin/python" -m pytest "$@"
        ;;
    *) echo "usage: bash dev.sh demo|test|setup" >&2; exit 2 ;;
esac
